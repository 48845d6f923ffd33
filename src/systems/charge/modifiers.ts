import { refuse } from '../../rules/errors.ts';
import { modifierLabel, packNote } from './pack-text.ts';
import type { ChargeModifierRow } from './pack-schema.ts';
import { signed } from '../../rules/outcome.ts';
import { commas, sourced, uncertainText, type Noted } from './sourced.ts';
import { say, type Phrase, type Text } from '../../i18n/text.ts';

/**
 * Modifier rows applied by key (CHG-ATT-MOD, CHG-DEF-MOD, INIT-LOCAL): the umpire's own (`by:
 * 'unit'`, read from the roster and log), the players' (`by: 'table'`) and a GM's (`by: 'gm'`,
 * Mass per charge). A row whose value the source lost (null) takes the battle's house rule, else
 * the GM's value, else is refused naming both; a printed value cannot be overridden.
 */

export interface Wanted<K extends string> {
  key: K;
  count?: number;
  by: 'unit' | 'table' | 'gm';
  /** How the working cites the reading that made it apply (Mass: "mass: ratio, house rule set by ..."). */
  note?: Text;
}

export interface AppliedModifier {
  id: string;
  key: string;
  text: string;
  value: number;
  count: number;
  total: number;
  /** Who knew it applies: the umpire from the roster/log, the players from the table, or a GM. */
  by: 'unit' | 'table' | 'gm';
  /** Where its value came from. */
  valueFrom: 'pack' | 'house' | 'gm';
  /** The house rule it used, as the working cites it. */
  note?: Text;
  uncertain?: string;
}

/** A labelled modifier a GM gives where the source lists none (MEL-D10, FIRE-TABLE, SKIRMISH screen mods). */
export interface GmModifier {
  label: Text;
  value: number;
  rule?: string;
}

/** Where a chart's lost values are set: the house key of each row (by its key), and how a GM gives one with the action. */
export interface RowValues<K extends string> {
  chart: string;
  house: Partial<Record<K, Noted<number>>>;
  houseKeys: Partial<Record<K, string>>;
  /** The option a GM types for a row: `values:"CHG-ATT-MOD.18=<value>" with the charge`. */
  option: (id: string) => Phrase;
}

export function applyRows<K extends string, R extends ChargeModifierRow & { key: K }>(rows: readonly R[], wanted: readonly Wanted<K>[], gmValues: Partial<Record<K, number>>, where: RowValues<K>): AppliedModifier[] {
  const out: AppliedModifier[] = [];
  for (const key of Object.keys(gmValues) as K[]) {
    const row = rows.find((r) => r.key === key);
    if (!row) refuse(say('charge.modifiers.notModifier', { key, chart: where.chart }));
    if (row.value !== null) refuse(say('charge.modifiers.printed', { id: row.id, text: modifierLabel(row.id, row.text), value: signed(row.value) }));
    if (!Number.isInteger(gmValues[key])) refuse(say('charge.modifiers.gmWhole', { id: row.id, text: modifierLabel(row.id, row.text), got: String(gmValues[key]) }));
  }
  for (const w of wanted) {
    const row = rows.find((r) => r.key === w.key);
    if (!row) throw new Error(`pack ${where.chart} has no row "${w.key}"`);
    const count = w.count ?? 1;
    if (!Number.isInteger(count) || count < 0) refuse(say('charge.modifiers.countWhole', { id: row.id, text: modifierLabel(row.id, row.text), got: String(count) }));
    if (count === 0) continue;
    const why: Text = row.printed ? say('charge.modifiers.printedAs', { printed: row.printed }) : (row.note ? packNote('note', row.id, row.note) : say('charge.modifiers.lost'));
    const houseKey = where.houseKeys[w.key];
    const v = sourced(row.value, where.house[w.key], gmValues[w.key], {
      what: say('charge.sourced.what.rowValue', { row: row.id, text: modifierLabel(row.id, row.text) }),
      why: say('charge.sourced.why.givesNone', { why }),
      ...(houseKey ? { house: houseKey } : {}),
      option: where.option(row.id),
    }, signed);
    const note = v.note ?? w.note;
    out.push({ id: row.id, key: row.key, text: row.text, value: v.value, count, total: v.value * count, by: w.by, valueFrom: v.from, ...(note ? { note } : {}), ...(row.uncertain ? { uncertain: row.uncertain } : {}) });
  }
  return out;
}

export function checkGmModifiers(ms: readonly GmModifier[], rule: string): void {
  for (const m of ms) if (!Number.isInteger(m.value)) refuse(say('charge.modifiers.labelWhole', { label: m.label, got: String(m.value), rule }));
}


/** A modifier row as a working lists it: its row, value (x count), who knew it applies, where its value came from. */
export const modifierText = (m: AppliedModifier): Text =>
  say('charge.modifiers.line', {
    row: say('charge.modifiers.row', { id: m.id, text: modifierLabel(m.id, m.text) }),
    value: `${signed(m.value)}${m.count !== 1 ? ` x ${m.count} = ${signed(m.total)}` : ''}`,
    by: m.by,
    gm: m.valueFrom === 'gm' ? 'yes' : 'no',
    note: m.note ? say('charge.comma', { a: '', b: m.note }) : '',
    uncertain: uncertainText(m.uncertain, m.id),
  });

/** A GM's labelled modifier as a working lists it: "label: +1 (RULE)" or "label: +1 (the GM's)". */
export const gmModifierText = (m: GmModifier): Text =>
  m.rule ? say('charge.modifiers.gmRule', { label: m.label, value: signed(m.value), rule: m.rule }) : say('charge.modifiers.gm', { label: m.label, value: signed(m.value) });

/** `head` then each GM modifier, comma-separated: "d10 4, flank: +1 (the GM's)". */
export const withGm = (head: Text, ms: readonly GmModifier[]): Text => commas([head, ...ms.map(gmModifierText)])!;

export const sumModifiers = (ms: readonly { total: number }[]): number => ms.reduce((t, m) => t + m.total, 0);
export const sumGm = (ms: readonly GmModifier[]): number => ms.reduce((t, m) => t + m.value, 0);
