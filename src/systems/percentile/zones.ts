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
  | { status: 'derived'; zone: Zone | null; rule: string; why: string }
  | { status: 'refused'; rule: string; reason: string }
  | { status: 'open'; rule: string; why: string };

const GUNS = ['artillery', 'rockets', 'siege artillery'];
const inches = (n: number) => `${n}"`;
const bound = (b: Bound) => (b.low === b.high ? inches(b.low) : `${b.low}-${b.high}" (the source's reading is open)`);

export function fireZone(input: ZoneInput, zones: FireZones): ZoneResult {
  const { arm, range } = input;
  if (GUNS.includes(arm)) {
    // PCT-11.32: no shell fire inside the Shellfire Zone's minimum range.
    if (input.shot === 'shell' && arm !== 'rockets') {
      const m = zones.shellMinimum;
      if (range < m.low) return { status: 'refused', rule: 'PCT-11.32', reason: `Shellfire has a minimum range of ${bound(m)}, where no fire attacks can be made; the target is at ${inches(range)} (PCT-11.32).` };
      if (range < m.high) return { status: 'open', rule: 'PCT-11.32', why: `shellfire at ${inches(range)}: the source gives the Shellfire Zone's minimum range as ${bound(m)}` };
    }
    // PCT-11.32, 11.33: siege artillery has no Minimum Range Fire Zone.
    if (arm === 'siege artillery') return { status: 'derived', zone: null, rule: 'PCT-11.32', why: 'siege artillery has no Minimum Range Fire Zone' };
    const m = zones.artilleryMinimum;
    if (range <= m.low) return { status: 'derived', zone: 'minimum', rule: arm === 'rockets' ? 'PCT-11.33' : 'PCT-11.32', why: `Minimum Range Fire Zone, 0-${bound(m)}` };
    if (range <= m.high) return { status: 'open', rule: 'PCT-11.32', why: `the Minimum Range Fire Zone ends at ${bound(m)}` };
    return { status: 'derived', zone: null, rule: arm === 'rockets' ? 'PCT-11.33' : 'PCT-11.32', why: `beyond the Minimum Range Fire Zone (0-${bound(m)})` };
  }
  if (arm !== 'infantry' && arm !== 'cavalry') return { status: 'derived', zone: null, rule: 'PCT-11.31', why: `${arm} projects no fire zone` };

  const kind = input.formation === 'skirmish' ? 'skirmish' : arm;
  const rule = kind === 'skirmish' ? 'PCT-11.37' : kind === 'cavalry' ? 'PCT-11.35' : 'PCT-11.34';
  if (input.weapon === undefined) return { status: 'open', rule, why: 'the roster gives no weapon (set it with /unit set weapon:)' };
  const w = zones.smallArms.find((z) => z.arm === kind && z.weapon === input.weapon);
  const who = `${kind === 'skirmish' ? 'skirmish order' : kind} ${input.weapon}`;
  if (!w) return { status: 'open', rule, why: `the ${who}'s zones are on the Weapon Range Chart, which is not in the source` };
  if (range <= w.minimum.low) return { status: 'derived', zone: 'minimum', rule: w.rule, why: `${who}: Minimum Range Fire Zone 0-${bound(w.minimum)}` };
  if (range <= w.minimum.high) return { status: 'open', rule: w.rule, why: `${who} at ${inches(range)}: the Minimum Range Fire Zone ends at ${bound(w.minimum)}` };
  if (w.maximum === null) return { status: 'open', rule: w.rule, why: `the ${who}'s maximum range is on the Weapon Range Chart, which is not in the source` };
  if (range <= w.maximum.low) return { status: 'derived', zone: 'maximum', rule: w.rule, why: `${who}: Maximum Range Fire Zone, beyond ${bound(w.minimum)} to ${bound(w.maximum)}` };
  if (range <= w.maximum.high) return { status: 'open', rule: w.rule, why: `${who} at ${inches(range)}: the maximum range is ${bound(w.maximum)}` };
  return { status: 'refused', rule: w.rule, reason: `The ${who}'s maximum range is ${bound(w.maximum)}; the target is at ${inches(range)}, out of range (${w.rule}).` };
}
