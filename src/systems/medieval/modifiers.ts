import { say, type Text } from '../../i18n/text.ts';
import { refuse } from '../../rules/errors.ts';
import type { Commander, PackModifier } from './pack-schema.ts';
import { signed } from '../../rules/outcome.ts';
import { packText, rowText } from './words.ts';

/**
 * Modifiers chosen by id from a pack table (MED-FIRE-MOD, MED-MELEE-MOD, MED-CONTROL-MOD,
 * MED-MORALE-MOD). `count` is for the "each ..." rows; `value` only for a row whose value the
 * source lost (null in the pack, e.g. MED-MORALE-MOD.26); `commander` for MED-CONTROL-MOD.32.
 * `exclude` drops a modifier the umpire derived: a GM's ruling only.
 */
export interface ModifierChoice {
  id: string;
  count?: number;
  value?: number;
  commander?: Commander;
  exclude?: boolean;
  /** Where the umpire took it from (who fired, a house rule), for the working. */
  source?: Text;
}

export interface AppliedModifier {
  id: string;
  text: Text;
  value: number;
  count: number;
  total: number;
  /** Supplied by the umpire (from the log or the unit), not chosen by a player. */
  derived: boolean;
  /** A GM's ruling against what the battle derives (a modifier it would not apply). */
  ruling?: boolean;
  /** Where the umpire took it from (who fired, a house rule). */
  source?: Text;
}

/**
 * The modifiers the battle derives from the roster and the log, with where from: a player's claim
 * to one the battle does not apply is refused, a GM's stands as a ruling (see applyModifiers).
 * Every class row (a row with `classes`) is derived from the unit's class as well. Rows the pack
 * marks `derivable` but not listed here come from an option of the command (charging, pushed
 * back, friends routing, commander dead, target moving): the player says those.
 */
export const DERIVED_FROM: ReadonlySet<string> = new Set([
  'MED-FIRE-MOD.8',
  'MED-FIRE-MOD.9',
  'MED-FIRE-MOD.12',
  'MED-FIRE-MOD.13',
  'MED-FIRE-MOD.15',
  'MED-FIRE-MOD.18',
  'MED-FIRE-MOD.19',
  'MED-FIRE-MOD.20',
  'MED-FIRE-MOD.21',
  'MED-MELEE-MOD.3',
  'MED-MELEE-MOD.5',
  'MED-MELEE-MOD.7',
  'MED-MELEE-MOD.8',
  'MED-MORALE-MOD.7',
  'MED-MORALE-MOD.11',
  'MED-MORALE-MOD.16',
  'MED-MORALE-MOD.18',
  'MED-MORALE-MOD.20',
  'MED-MORALE-MOD.22',
  'MED-MORALE-MOD.23',
  'MED-MORALE-MOD.25',
  'MED-MORALE-MOD.27',
  'MED-MORALE-MOD.29',
  'MED-MORALE-MOD.33',
  'MED-CONTROL-MOD.4',
  'MED-CONTROL-MOD.25',
]);

/** Where the battle derives a row from, or undefined when a player (or a command option) gives it. */
export const derivedFrom = (row: PackModifier): Text | undefined =>
  DERIVED_FROM.has(row.id) ? say(`medieval.modifiers.from.${row.id}`) : row.classes ? say('medieval.modifiers.from.class') : undefined;

/**
 * `chosen` by the player and `derived` by the umpire, checked against the chart. With `claims` (the
 * battle's call), a chosen row the battle derives is a claim about what it knows: refused for a
 * player with what it derived, a GM's ruling when `gm` (and so is a GM's `exclude` of a derived
 * row), shown as such in the working.
 */
export function applyModifiers(table: readonly PackModifier[], chosen: readonly ModifierChoice[], derived: readonly ModifierChoice[], chart: string, claims?: { gm: boolean }): AppliedModifier[] {
  const seen = new Set<string>();
  const out: AppliedModifier[] = [];
  const find = (id: string) => table.find((m) => m.id === id) ?? refuse(say('medieval.modifiers.unknown', { id, chart, first: table[0]?.id ?? chart, last: table.at(-1)?.id ?? chart }));
  const excluded = new Set<string>();
  for (const c of chosen.filter((x) => x.exclude)) {
    const row = find(c.id);
    if (!derived.some((d) => d.id === c.id)) refuse(say('medieval.modifiers.notApplied', { id: c.id, text: rowText('modifier', row) }));
    if (!claims?.gm) refuse(say('medieval.modifiers.gmDrops', { id: c.id, text: rowText('modifier', row), source: derivedFrom(row) ?? say('medieval.modifiers.theCommand') }));
    excluded.add(c.id);
  }
  const all = [...derived.filter((c) => !excluded.has(c.id)).map((c) => ({ c, derived: true })), ...chosen.filter((x) => !x.exclude).map((c) => ({ c, derived: false }))];
  for (const { c, derived: isDerived } of all) {
    const row = find(c.id);
    if (seen.has(c.id)) refuse(say('medieval.modifiers.givenTwice', { id: c.id, text: rowText('modifier', row), fromLog: isDerived ? 'no' : 'yes' }));
    seen.add(c.id);
    if (excluded.has(c.id)) refuse(say('medieval.modifiers.droppedAndGiven', { id: c.id, text: rowText('modifier', row) }));
    // Without `claims` the caller gives every fact itself (a pure call); the battle always says who chose.
    const source = isDerived || !claims ? undefined : derivedFrom(row);
    if (source !== undefined && derived.some((d) => d.id === c.id)) refuse(say('medieval.modifiers.appliedAlready', { id: c.id, text: rowText('modifier', row), source }));
    if (source !== undefined && !claims?.gm) {
      const instead = row.classes ? derived.map((d) => table.find((m) => m.id === d.id)).find((m) => m?.classes) : undefined;
      refuse(say('medieval.modifiers.doesNotApply', { id: c.id, text: rowText('modifier', row), source, instead: instead ? 'yes' : 'no', insteadId: instead?.id ?? '', insteadText: instead ? rowText('modifier', instead) : '' }));
    }
    let count = 1;
    if (c.count !== undefined) {
      if (!row.each) refuse(say('medieval.modifiers.noCount', { id: c.id, text: rowText('modifier', row) }));
      if (!Number.isInteger(c.count) || c.count < 0) refuse(say('medieval.modifiers.badCount', { id: c.id, got: String(c.count) }));
      if (row.maxCount !== undefined && c.count > row.maxCount) refuse(say('medieval.modifiers.maxCount', { id: c.id, text: rowText('modifier', row), max: String(row.maxCount), got: String(c.count) }));
      count = c.count;
    }
    let value: number;
    if (row.value === null) {
      if (c.value === undefined || !Number.isInteger(c.value)) {
        refuse(say('medieval.modifiers.valueLost', { id: c.id, text: rowText('modifier', row), note: row.note !== undefined ? packText('modifierNote', row.id, row.note) : say('medieval.modifiers.printedLost'), n: c.id.replace(/^.*\./, ''), hasHouse: row.house ? 'yes' : 'no', house: row.house ?? '' }));
      }
      value = c.value;
    } else {
      if (c.value !== undefined) refuse(say('medieval.modifiers.valueFixed', { id: c.id, text: rowText('modifier', row), value: signed(row.value) }));
      value = c.commander === 'Rash' && row.rashValue !== undefined ? row.rashValue : row.value;
    }
    if (count === 0) continue;
    out.push({ id: row.id, text: rowText('modifier', row), value, count, total: value * count, derived: isDerived, ...(source !== undefined ? { ruling: true } : {}), ...(c.source ? { source: c.source } : {}) });
  }
  return out;
}

/** The working's lines for derived modifiers a GM ruled out. */
export const droppedLines = (table: readonly PackModifier[], chosen: readonly ModifierChoice[]): Text[] =>
  chosen.filter((c) => c.exclude).map((c) => {
    const row = table.find((m) => m.id === c.id);
    return say('medieval.modifiers.dropped', { id: c.id, text: row ? rowText('modifier', row) : '' });
  });

export const modifierLine = (m: AppliedModifier): Text =>
  say('medieval.modifiers.line', {
    id: m.id,
    text: m.text,
    value: signed(m.value),
    counted: m.count !== 1 ? 'yes' : 'no',
    count: String(m.count),
    total: signed(m.total),
    from: m.derived ? (m.source ? 'logSource' : 'log') : m.ruling ? 'ruling' : m.source ? 'source' : 'none',
    source: m.source ?? '',
  });

export const sumModifiers = (ms: readonly AppliedModifier[]): number => ms.reduce((t, m) => t + m.total, 0);

/** The score needed after modifiers, clamped to the chart's range (MED-FIRE-MOD, MED-MELEE-MOD), with its working line. */
export function neededScore(base: number, modifiers: readonly AppliedModifier[], clamp: { min: number; max: number; rule: string }) {
  const total = sumModifiers(modifiers);
  const modified = base + total;
  const needed = Math.min(clamp.max, Math.max(clamp.min, modified));
  const clamped = needed !== modified;
  const step = say('medieval.modifiers.scoreNeeded', { base: String(base), modified: modifiers.length ? 'yes' : 'no', total: signed(total), score: String(modified), clamped: clamped ? 'yes' : 'no', needed: String(needed), rule: clamp.rule });
  return { modified, needed, clamped, step };
}
