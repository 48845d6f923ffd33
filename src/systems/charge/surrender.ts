import { plural } from '../../messages.ts';
import { fromWord, sourced, type Noted } from './sourced.ts';

/**
 * CHG-OPEN 11+ / -12+ (and CHG-COVER's): "rolls 1d10 to determine the percentage of the unit which
 * surrenders". A percentage of the figures may not be whole; the seed says nothing of a part of a
 * figure, so the battle's house rule `surrender.rounding` says (or the GM with the charge). A whole
 * number needs no rounding and asks for none.
 */
export type Rounding = 'down' | 'nearest' | 'up';
export const ROUNDINGS: readonly Rounding[] = ['down', 'nearest', 'up'];

const ROUND: Record<Rounding, (n: number) => number> = { down: Math.floor, nearest: Math.round, up: Math.ceil };

export function surrendered(x: { figures: number; percent: number; rounding?: Noted<Rounding> | undefined; gm?: Rounding | undefined }): { lost: number; how: string } {
  const exact = (x.figures * x.percent) / 100;
  if (Number.isInteger(exact)) return { lost: exact, how: 'a whole number' };
  const r = sourced(null, x.rounding, x.gm, {
    what: `how ${exact} figures surrender (CHG-OPEN.1, CHG-OPEN.13, CHG-COVER.1, CHG-COVER.18)`,
    why: `${x.percent}% of ${plural(x.figures, 'figure')} is not whole, and the seed says nothing of a part of a figure`,
    house: 'surrender.rounding',
    option: 'surrender_rounding: with the charge',
    takes: ROUNDINGS.join(', '),
  });
  return { lost: ROUND[r.value](exact), how: `${exact} rounded ${r.value}, ${fromWord(r)}` };
}
