import type { Marker } from './fire-outcome.ts';
import { say, type Phrase } from '../../i18n/text.ts';

/** The Counterbattery markers an attack places on a battery (PCT-11.76, 11.77), and what removes each. */

export const COUNTERBATTERY_A_CLEARED_BY = [
  'Remain unlimbered and Fire attack at any enemy artillery battery when the artillery battery conducts its next Fire attack (PCT-11.76.a).',
  'Change facing (pivoting) while remaining in position to engage enemy artillery on the next Reciprocal Artillery Fire Phase (PCT-11.76.b).',
  'Remain silent on the next Reciprocal Artillery Fire Phase (PCT-11.76.c).',
  'If moved from position, limber up and move a full move towards the rear area, remaining limbered (PCT-11.76.d).',
  'Limbered artillery batteries or train units retire one full move to the rear area or remain limbered in place (PCT-11.76.e).',
] as const;

export const COUNTERBATTERY_B_CLEARED_BY = [
  'Remain unlimbered and Fire attack at an enemy artillery battery when the artillery battery conducts its next Fire attack (PCT-11.77.a).',
  'Change facing (pivoting) while remaining in position; mandatory Fire attack against enemy artillery on the next Reciprocal Artillery Fire Phase (PCT-11.77.b).',
  'Fire upon enemy artillery during the next Reciprocal Artillery Fire Phase or lose one ammunition round (PCT-11.77.c).',
  'If moved from position, limber up and move a full move towards the rear area, remaining limbered (PCT-11.77.d).',
  'Limbered artillery batteries or train units retire one full move to the rear area or remain limbered in place (PCT-11.77.e).',
] as const;

/** The letters of the ways to remove a marker, a to e, in the order of the lists above. */
export const CLEARED_BY_LETTERS = ['a', 'b', 'c', 'd', 'e'] as const;

/** One way to remove a Counterbattery marker, by its letter (PCT-11.76.a-e, 11.77.a-e), in the reader's words. */
export const clearedByPhrase = (marker: 'A' | 'B', letter: string): Phrase => say(`percentile.counterbattery.clears.${marker}.${letter}`);

export function counterbatteryMarker(marker: 'A' | 'B', placedBy: Marker['placedBy']): Marker {
  return marker === 'A'
    ? { marker: 'counterbattery-A', rule: 'PCT-11.76', on: 'target', placedBy, clearedBy: CLEARED_BY_LETTERS.map((l) => clearedByPhrase('A', l)) }
    : { marker: 'counterbattery-B', rule: 'PCT-11.77', on: 'target', placedBy, clearedBy: CLEARED_BY_LETTERS.map((l) => clearedByPhrase('B', l)) };
}
