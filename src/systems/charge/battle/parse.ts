import { say } from '../../../i18n/text.ts';
import { refuse } from '../../../rules/errors.ts';
import { CHARGE_RESULTS, chargePack as pack, type AttackerKey, type ChargeResult, type DefenderKey, type GmModifier } from '../rules.ts';
import type { ChargeGmOptions } from './charge.ts';

/**
 * What a GM types in the slash commands' options, read into the actions' values. The battle tests
 * check these with the actions, so they stay with the wiring.
 */

/** Labelled modifiers a GM gives where the source lists none: `flank=+2, tired=-1`. */
export function parseGmModifiers(text: string | undefined, rule: string): GmModifier[] | undefined {
  if (text === undefined) return undefined;
  const out = text
    .split(/[,;]/)
    .map((t) => t.trim())
    .filter(Boolean)
    .map((token) => {
      const m = /^(.+?)\s*=\s*([+-]?\d+)$/.exec(token) ?? refuse(say('charge.battle.parse.notModifier', { token, rule }));
      return { label: m[1]!, value: Number(m[2]) };
    });
  if (!out.length) refuse(say('charge.battle.parse.noModifier', { rule }));
  return out;
}

/** A GM's modifiers by side: `French: army commander=+1; Austrian: surprise=-1` (INIT-GRANDTAC). */
export function parseSideModifiers(text: string): Record<string, GmModifier[]> {
  const out: Record<string, GmModifier[]> = {};
  for (const part of text.split(';').map((t) => t.trim()).filter(Boolean)) {
    const m = /^([^:]+):(.+)$/.exec(part) ?? refuse(say('charge.battle.parse.notSideModifiers', { part }));
    out[m[1]!.trim()] = parseGmModifiers(m[2], 'INIT-GRANDTAC')!;
  }
  if (!Object.keys(out).length) refuse(say('charge.battle.parse.noSideModifiers'));
  return out;
}

/** Values of CHG-ATT-MOD / CHG-DEF-MOD rows the source lost: `CHG-ATT-MOD.16=+5 18=+1` (a bare number is CHG-ATT-MOD). */
export function parseChargeValues(text: string | undefined): ChargeGmOptions['values'] {
  if (text === undefined) return undefined;
  const values: { attacker: Partial<Record<AttackerKey, number>>; defender: Partial<Record<DefenderKey, number>> } = { attacker: {}, defender: {} };
  for (const token of text.split(/[\s,]+/).filter(Boolean)) {
    const m = /^(?:CHG-(ATT|DEF)-MOD\.)?(\d+)=([+-]?\d+)$/i.exec(token) ?? refuse(say('charge.battle.parse.notValue', { token }));
    const side = (m[1] ?? 'ATT').toUpperCase() === 'ATT' ? 'attacker' : 'defender';
    const id = `CHG-${side === 'attacker' ? 'ATT' : 'DEF'}-MOD.${Number(m[2])}`;
    const rows: readonly { id: string; key: string }[] = side === 'attacker' ? pack.charge.attackerModifiers : pack.charge.defenderModifiers;
    const row = rows.find((r) => r.id === id) ?? refuse(say('charge.battle.parse.notRowOf', { row: id, table: side === 'attacker' ? 'CHG-ATT-MOD' : 'CHG-DEF-MOD' }));
    (values[side] as Record<string, number>)[row.key] = Number(m[3]);
  }
  return { ...(Object.keys(values.attacker).length ? { attacker: values.attacker } : {}), ...(Object.keys(values.defender).length ? { defender: values.defender } : {}) };
}

/** Results for CHG-OPEN / CHG-COVER rows the OCR lost: `CHG-OPEN.7=melee`. */
export function parseChargeRows(text: string | undefined): Record<string, ChargeResult> | undefined {
  if (text === undefined) return undefined;
  const rows: Record<string, ChargeResult> = {};
  for (const token of text.split(/[\s,]+/).filter(Boolean)) {
    const m = /^(CHG-(?:OPEN|COVER)\.\d+)=([a-z0-9-]+)$/i.exec(token) ?? refuse(say('charge.battle.parse.notRowResult', { token, results: CHARGE_RESULTS.join(', ') }));
    rows[m[1]!.toUpperCase()] = m[2]! as ChargeResult;
  }
  return rows;
}

/** A range of charge results, `1 to 4` or `-2..4` (CHG-RIDEDOWN's dotted line area). */
export function parseArea(text: string | undefined): { min: number; max: number } | undefined {
  if (text === undefined) return undefined;
  const m = /^(-?\d+)\s*(?:to|\.\.)\s*(-?\d+)$/.exec(text.trim()) ?? refuse(say('charge.battle.parse.notArea', { text }));
  return { min: Number(m[1]), max: Number(m[2]) };
}
