import { say, type Text } from '../../i18n/text.ts';
import type { Bound, FireZones } from './fire-pack.ts';

/**
 * The fire zone a measured range falls in, from the firer's arm, formation and weapon (PCT-11.32 -
 * 11.37): the umpire derives it, so a player never names it. Pure. Where the source leaves the
 * reading open (rifles "2 1/2" or 3"", shellfire "6-7"") or does not give a range (the Weapon Range
 * Chart), the answer is `open`: only a GM's ruling settles it.
 */

export type Zone = 'minimum' | 'maximum';

export interface ZoneInput {
  arm: string;
  formation: string;
  weapon?: string;
  shot?: string;
  range: number;
}

export type ZoneResult =
  /** `zone` null: artillery beyond its Minimum Range Fire Zone (its other zones are on the missing Weapon Range chart). */
  | { status: 'derived'; zone: Zone | null; rule: string; why: Text }
  /** `why`: the reason as a clause, without its closing stop. */
  | { status: 'refused'; rule: string; reason: Text; why: Text }
  | { status: 'open'; rule: string; why: Text };

const GUNS = ['artillery', 'rockets', 'siege artillery'];
const inches = (n: number) => `${n}"`;
const bound = (b: Bound): Text => say('percentile.zone.bound', { open: b.low === b.high ? 'no' : 'yes', low: String(b.low), high: String(b.high) });
const zoneWhy = (why: string, values: Record<string, Text> = {}): Text => say('percentile.zone.why', { why, ...values });
/** A refusal, as a sentence and as a clause. */
const refused = (rule: string, key: string, values: Record<string, Text>) => ({ status: 'refused' as const, rule, reason: say(key, { ...values, stop: 'yes' }), why: say(key, { ...values, stop: 'no' }) });

export function fireZone(input: ZoneInput, zones: FireZones): ZoneResult {
  const { arm, range } = input;
  if (GUNS.includes(arm)) {
    // PCT-11.32: no shell fire inside the Shellfire Zone's minimum range.
    if (input.shot === 'shell' && arm !== 'rockets') {
      const m = zones.shellMinimum;
      if (range < m.low) return refused('PCT-11.32', 'percentile.zone.shellMinimum', { bound: bound(m), range: inches(range) });
      if (range < m.high) return { status: 'open', rule: 'PCT-11.32', why: zoneWhy('shellOpen', { range: inches(range), bound: bound(m) }) };
    }
    // PCT-11.32, 11.33: siege artillery has no Minimum Range Fire Zone.
    if (arm === 'siege artillery') return { status: 'derived', zone: null, rule: 'PCT-11.32', why: zoneWhy('siege') };
    const m = zones.artilleryMinimum;
    if (range <= m.low) return { status: 'derived', zone: 'minimum', rule: arm === 'rockets' ? 'PCT-11.33' : 'PCT-11.32', why: zoneWhy('minimum', { bound: bound(m) }) };
    if (range <= m.high) return { status: 'open', rule: 'PCT-11.32', why: zoneWhy('minimumEnds', { bound: bound(m) }) };
    return { status: 'derived', zone: null, rule: arm === 'rockets' ? 'PCT-11.33' : 'PCT-11.32', why: zoneWhy('beyond', { bound: bound(m) }) };
  }
  if (arm !== 'infantry' && arm !== 'cavalry') return { status: 'derived', zone: null, rule: 'PCT-11.31', why: zoneWhy('none', { arm }) };

  const kind = input.formation === 'skirmish' ? 'skirmish' : arm;
  const rule = kind === 'skirmish' ? 'PCT-11.37' : kind === 'cavalry' ? 'PCT-11.35' : 'PCT-11.34';
  if (input.weapon === undefined) return { status: 'open', rule, why: zoneWhy('noWeapon') };
  const w = zones.smallArms.find((z) => z.arm === kind && z.weapon === input.weapon);
  const who = say('percentile.zone.who', { kind, weapon: input.weapon });
  if (!w) return { status: 'open', rule, why: zoneWhy('chart', { who }) };
  if (range <= w.minimum.low) return { status: 'derived', zone: 'minimum', rule: w.rule, why: zoneWhy('weaponMinimum', { who, bound: bound(w.minimum) }) };
  if (range <= w.minimum.high) return { status: 'open', rule: w.rule, why: zoneWhy('weaponMinimumEnds', { who, range: inches(range), bound: bound(w.minimum) }) };
  if (w.maximum === null) return { status: 'open', rule: w.rule, why: zoneWhy('maximumChart', { who }) };
  if (range <= w.maximum.low) return { status: 'derived', zone: 'maximum', rule: w.rule, why: zoneWhy('weaponMaximum', { who, bound: bound(w.minimum), to: bound(w.maximum) }) };
  if (range <= w.maximum.high) return { status: 'open', rule: w.rule, why: zoneWhy('weaponMaximumOpen', { who, range: inches(range), bound: bound(w.maximum) }) };
  return refused(w.rule, 'percentile.zone.outOfRange', { who, bound: bound(w.maximum), range: inches(range), rule: w.rule });
}
