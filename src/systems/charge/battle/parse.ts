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
      const m = /^(.+?)\s*=\s*([+-]?\d+)$/.exec(token) ?? refuse(`"${token}" is not a modifier: give label=value, e.g. "veterans=+1, tired=-2" (${rule}).`);
      return { label: m[1]!, value: Number(m[2]) };
    });
  if (!out.length) refuse(`Give at least one modifier as label=value (${rule}).`);
  return out;
}

/** A GM's modifiers by side: `French: army commander=+1; Austrian: surprise=-1` (INIT-GRANDTAC). */
export function parseSideModifiers(text: string): Record<string, GmModifier[]> {
  const out: Record<string, GmModifier[]> = {};
  for (const part of text.split(';').map((t) => t.trim()).filter(Boolean)) {
    const m = /^([^:]+):(.+)$/.exec(part) ?? refuse(`"${part}" is not a side's modifiers: give side: label=value, e.g. "French: army commander=+1; Austrian: surprise=-1" (INIT-GRANDTAC).`);
    out[m[1]!.trim()] = parseGmModifiers(m[2], 'INIT-GRANDTAC')!;
  }
  if (!Object.keys(out).length) refuse('Give at least one side\'s modifiers as side: label=value (INIT-GRANDTAC).');
  return out;
}

/** Values of CHG-ATT-MOD / CHG-DEF-MOD rows the source lost: `CHG-ATT-MOD.16=+5 18=+1` (a bare number is CHG-ATT-MOD). */
export function parseChargeValues(text: string | undefined): ChargeGmOptions['values'] {
  if (text === undefined) return undefined;
  const values: { attacker: Partial<Record<AttackerKey, number>>; defender: Partial<Record<DefenderKey, number>> } = { attacker: {}, defender: {} };
  for (const token of text.split(/[\s,]+/).filter(Boolean)) {
    const m = /^(?:CHG-(ATT|DEF)-MOD\.)?(\d+)=([+-]?\d+)$/i.exec(token) ?? refuse(`"${token}" is not a value: give a row id and its value, e.g. CHG-ATT-MOD.16=+5 (CHG-ATT-MOD, CHG-DEF-MOD).`);
    const side = (m[1] ?? 'ATT').toUpperCase() === 'ATT' ? 'attacker' : 'defender';
    const id = `CHG-${side === 'attacker' ? 'ATT' : 'DEF'}-MOD.${Number(m[2])}`;
    const rows: readonly { id: string; key: string }[] = side === 'attacker' ? pack.charge.attackerModifiers : pack.charge.defenderModifiers;
    const row = rows.find((r) => r.id === id) ?? refuse(`${id} is not a row of ${side === 'attacker' ? 'CHG-ATT-MOD' : 'CHG-DEF-MOD'}.`);
    (values[side] as Record<string, number>)[row.key] = Number(m[3]);
  }
  return { ...(Object.keys(values.attacker).length ? { attacker: values.attacker } : {}), ...(Object.keys(values.defender).length ? { defender: values.defender } : {}) };
}

/** Results for CHG-OPEN / CHG-COVER rows the OCR lost: `CHG-OPEN.7=melee`. */
export function parseChargeRows(text: string | undefined): Record<string, ChargeResult> | undefined {
  if (text === undefined) return undefined;
  const rows: Record<string, ChargeResult> = {};
  for (const token of text.split(/[\s,]+/).filter(Boolean)) {
    const m = /^(CHG-(?:OPEN|COVER)\.\d+)=([a-z0-9-]+)$/i.exec(token) ?? refuse(`"${token}" is not a row result: give e.g. CHG-OPEN.7=melee; results are ${CHARGE_RESULTS.join(', ')}.`);
    rows[m[1]!.toUpperCase()] = m[2]! as ChargeResult;
  }
  return rows;
}

/** A range of charge results, `1 to 4` or `-2..4` (CHG-RIDEDOWN's dotted line area). */
export function parseArea(text: string | undefined): { min: number; max: number } | undefined {
  if (text === undefined) return undefined;
  const m = /^(-?\d+)\s*(?:to|\.\.)\s*(-?\d+)$/.exec(text.trim()) ?? refuse(`"${text}" is not an area of results: give e.g. "1 to 4" or "-2..4" (CHG-RIDEDOWN).`);
  return { min: Number(m[1]), max: Number(m[2]) };
}
