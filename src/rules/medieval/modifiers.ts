import { refuse } from '../errors.ts';
import type { Commander, PackModifier } from './pack-schema.ts';
import { signed } from './rolls.ts';

/**
 * Modifiers chosen by id from a pack table (MED-FIRE-MOD, MED-MELEE-MOD, MED-CONTROL-MOD,
 * MED-MORALE-MOD). `count` is for the "each ..." rows; `value` only for a row whose value the
 * source lost (null in the pack, e.g. MED-MORALE-MOD.26); `commander` for MED-CONTROL-MOD.32.
 */
export interface ModifierChoice {
  id: string;
  count?: number;
  value?: number;
  commander?: Commander;
}

export interface AppliedModifier {
  id: string;
  text: string;
  value: number;
  count: number;
  total: number;
  /** Supplied by the umpire (from the log or the unit), not chosen by a player. */
  derived: boolean;
}

/**
 * Modifiers the pack does not mark derivable (they depend on what the roster or the log holds) that
 * the battle reads for itself when it can, with where from; a player gives them only when it cannot.
 */
export const READ_BY_UMPIRE: Readonly<Record<string, string>> = {
  'MED-FIRE-MOD.12': "the target's order, or its arm and formation",
  'MED-FIRE-MOD.13': "the target's arm and formation",
  'MED-FIRE-MOD.15': "the target's arm and order",
  'MED-FIRE-MOD.18': 'the weather (/weather set rain:light)',
  'MED-FIRE-MOD.19': "the target's formation",
  'MED-FIRE-MOD.20': 'the weather (/weather set rain:heavy)',
  'MED-MORALE-MOD.11': 'a failed Control Test',
  'MED-MORALE-MOD.16': "the unit's fire this or last Game Turn",
  'MED-MORALE-MOD.23': 'the unit routing',
  'MED-MORALE-MOD.27': "the unit's arm and order",
  'MED-MORALE-MOD.29': "the unit's arm and formation",
  'MED-CONTROL-MOD.25': 'the unit disordered',
};

export function applyModifiers(table: readonly PackModifier[], chosen: readonly ModifierChoice[], derived: readonly ModifierChoice[], chart: string): AppliedModifier[] {
  const seen = new Set<string>();
  const out: AppliedModifier[] = [];
  const all = [...derived.map((c) => ({ c, derived: true })), ...chosen.map((c) => ({ c, derived: false }))];
  for (const { c, derived: isDerived } of all) {
    const row = table.find((m) => m.id === c.id);
    if (!row) refuse(`${c.id} is not a ${chart} modifier; they are ${table[0]?.id ?? chart} to ${table.at(-1)?.id ?? chart}.`);
    if (seen.has(c.id)) refuse(`${c.id} (${row.text}) is counted once; it was given twice${isDerived ? '' : ' (the umpire already applies it from the log)'}.`);
    seen.add(c.id);
    let count = 1;
    if (c.count !== undefined) {
      if (!row.each) refuse(`${c.id} (${row.text}) is not counted per unit or rank; give it without a count.`);
      if (!Number.isInteger(c.count) || c.count < 0) refuse(`${c.id}: the count must be a whole number, 0 or more (got ${c.count}).`);
      count = c.count;
    }
    let value: number;
    if (row.value === null) {
      if (c.value === undefined || !Number.isInteger(c.value)) refuse(`${c.id} (${row.text}): the source does not give its value (${row.note ?? 'printed lost'}); give it as a whole number.`);
      value = c.value;
    } else {
      if (c.value !== undefined) refuse(`${c.id} (${row.text}) is ${signed(row.value)} in the pack; its value cannot be given.`);
      value = c.commander === 'Rash' && row.rashValue !== undefined ? row.rashValue : row.value;
    }
    if (count === 0) continue;
    out.push({ id: row.id, text: row.text, value, count, total: value * count, derived: isDerived });
  }
  return out;
}

export const modifierLine = (m: AppliedModifier): string =>
  `${m.id} ${m.text}: ${signed(m.value)}${m.count !== 1 ? ` x ${m.count} = ${signed(m.total)}` : ''}${m.derived ? ' (from the log)' : ''}`;

export const sumModifiers = (ms: readonly AppliedModifier[]): number => ms.reduce((t, m) => t + m.total, 0);

/** The score needed after modifiers, clamped to the chart's range (MED-FIRE-MOD, MED-MELEE-MOD), with its working line. */
export function neededScore(base: number, modifiers: readonly AppliedModifier[], clamp: { min: number; max: number; rule: string }) {
  const total = sumModifiers(modifiers);
  const modified = base + total;
  const needed = Math.min(clamp.max, Math.max(clamp.min, modified));
  const clamped = needed !== modified;
  const step = `Score needed ${base}${modifiers.length ? ` ${signed(total)} = ${modified}` : ''}${clamped ? `, counts as ${needed} (${clamp.rule})` : ''}: ${needed}+.`;
  return { modified, needed, clamped, step };
}
