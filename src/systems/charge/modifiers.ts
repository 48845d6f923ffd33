import { refuse } from '../../rules/errors.ts';
import type { ChargeModifierRow } from './pack-schema.ts';
import { signed } from '../../rules/outcome.ts';

/**
 * Modifier rows applied by key (CHG-ATT-MOD, CHG-DEF-MOD, INIT-LOCAL): the umpire's own (`by:
 * 'unit'`, read from the roster and log) and the players' (`by: 'table'`). A row whose value the
 * source lost (null) takes the GM's value or is refused; a GM cannot override a pack value.
 */

export interface Wanted<K extends string> {
  key: K;
  count?: number;
  by: 'unit' | 'table';
}

export interface AppliedModifier {
  id: string;
  key: string;
  text: string;
  value: number;
  count: number;
  total: number;
  /** Who knew it applies: the umpire from the roster/log, or the players from the table. */
  by: 'unit' | 'table';
  /** Where its value came from. */
  valueFrom: 'pack' | 'gm';
  uncertain?: string;
}

/** A labelled modifier a GM gives where the source lists none (MEL-D10, FIRE-TABLE, SKIRMISH screen mods). */
export interface GmModifier {
  label: string;
  value: number;
  rule?: string;
}

export function applyRows<K extends string, R extends ChargeModifierRow & { key: K }>(
  rows: readonly R[],
  wanted: readonly Wanted<K>[],
  gmValues: Partial<Record<K, number>>,
  where: { chart: string; packPath: string; input: string },
): AppliedModifier[] {
  const out: AppliedModifier[] = [];
  for (const key of Object.keys(gmValues) as K[]) {
    const row = rows.find((r) => r.key === key);
    if (!row) refuse(`"${key}" is not a ${where.chart} modifier.`);
    if (row.value !== null) refuse(`${row.id} ${row.text} is ${signed(row.value)} in the pack; its value cannot be given.`);
  }
  for (const w of wanted) {
    const index = rows.findIndex((r) => r.key === w.key);
    const row = rows[index];
    if (!row) throw new Error(`pack ${where.chart} has no row "${w.key}"`);
    const count = w.count ?? 1;
    if (!Number.isInteger(count) || count < 0) refuse(`${row.id} ${row.text}: the count must be a whole number, 0 or more (got ${count}).`);
    if (count === 0) continue;
    let value = row.value;
    let valueFrom: 'pack' | 'gm' = 'pack';
    if (value === null) {
      const given = gmValues[w.key];
      const why = row.printed ? `printed ${row.printed}` : (row.note ?? 'lost in the source');
      if (given === undefined) refuse(`${row.id} ${row.text} applies but the source gives no value (${why}). A GM sets ${where.packPath}[${index}].value in the pack, or gives ${where.input}.${w.key} with the action.`);
      if (!Number.isInteger(given)) refuse(`${row.id} ${row.text}: the GM's value must be a whole number (got ${given}).`);
      value = given;
      valueFrom = 'gm';
    }
    out.push({ id: row.id, key: row.key, text: row.text, value, count, total: value * count, by: w.by, valueFrom, ...(row.uncertain ? { uncertain: row.uncertain } : {}) });
  }
  return out;
}

export function checkGmModifiers(ms: readonly GmModifier[], rule: string): void {
  for (const m of ms) if (!Number.isInteger(m.value)) refuse(`Modifier "${m.label}" must be a whole number (got ${m.value}) (${rule}).`);
}

export const modifierLine = (m: AppliedModifier): string =>
  `${m.id} ${m.text}: ${signed(m.value)}${m.count !== 1 ? ` x ${m.count} = ${signed(m.total)}` : ''}${m.by === 'unit' ? ' (from the roster and log)' : ' (on the table)'}${m.valueFrom === 'gm' ? ", the GM's value" : ''}${m.uncertain ? ` [reading uncertain: ${m.uncertain}]` : ''}`;

export const gmModifierLine = (m: GmModifier): string => `${m.label}: ${signed(m.value)}${m.rule ? ` (${m.rule})` : " (the GM's)"}`;

export const sumModifiers = (ms: readonly { total: number }[]): number => ms.reduce((t, m) => t + m.total, 0);
export const sumGm = (ms: readonly GmModifier[]): number => ms.reduce((t, m) => t + m.value, 0);
