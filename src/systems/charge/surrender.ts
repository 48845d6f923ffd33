import { say, type Text } from '../../i18n/text.ts';
import { fromText, sourced, withAction, type Noted } from './sourced.ts';

/**
 * CHG-OPEN 11+ / -12+ (and CHG-COVER's): "rolls 1d10 to determine the percentage of the unit which
 * surrenders". A percentage of the figures may not be whole; the seed says nothing of a part of a
 * figure, so the battle's house rule `surrender.rounding` says (or the GM with the charge). A whole
 * number needs no rounding and asks for none.
 */
export type Rounding = 'down' | 'nearest' | 'up';
export const ROUNDINGS: readonly Rounding[] = ['down', 'nearest', 'up'];

const ROUND: Record<Rounding, (n: number) => number> = { down: Math.floor, nearest: Math.round, up: Math.ceil };

export function surrendered(x: { figures: number; percent: number; rounding?: Noted<Rounding> | undefined; gm?: Rounding | undefined }): { lost: number; how: Text } {
  const exact = (x.figures * x.percent) / 100;
  if (Number.isInteger(exact)) return { lost: exact, how: say('charge.surrender.whole') };
  const r = sourced(null, x.rounding, x.gm, {
    what: say('charge.sourced.what.surrenderRounding', { exact: String(exact) }),
    why: say('charge.sourced.why.notWhole', { percent: String(x.percent), n: x.figures }),
    house: 'surrender.rounding',
    option: withAction('surrender_rounding:', 'charge'),
    takes: ROUNDINGS.join(', '),
  });
  return { lost: ROUND[r.value](exact), how: say('charge.surrender.rounded', { exact: String(exact), rounding: r.value, from: fromText(r) }) };
}
