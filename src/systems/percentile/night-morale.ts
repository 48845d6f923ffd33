/**
 * NIGHT-18.61: at night, morale checks to rally a routing unit or to declare any form of cavalry
 * charge are -20%; squares take the check for a declared cavalry charge (receiving check) without
 * the reduction; the charge testing radius is 8" (normally 12" to 16").
 *
 * Whether "-20%" takes 20 percentage points off the check or a fifth of its value the source does
 * not say (18.51, by contrast, words its fire reduction "by 25% or down 1/4"): the battle's house
 * rule night.morale chooses, and until it does (`reading` null) a reduced check is `open`, asked of the
 * GM. `note` cites the house rule. The receiving check of a non-square target is read as reduced too:
 * the square exemption would mean nothing otherwise.
 */

export type NightMoraleCheck = 'rally-routing' | 'declare-charge' | 'receive-charge' | 'other';

export const NIGHT_MORALE_PERCENT = 20;
export const NIGHT_CHARGE_TESTING_RADIUS = 8;

export interface NightMoraleModifier {
  rule: 'NIGHT-18.61';
  applies: boolean;
  /** Percentage points to add to the check's chance ('points' reading), else 0. */
  points: number;
  /** Factor on the check's chance ('fifth' reading), else 1. */
  factor: number;
  /** The check is reduced but the reading is not chosen: nothing applied, the GM is asked. */
  open?: true;
  reason: string;
}

export function nightMoraleModifier(
  check: { kind: NightMoraleCheck; square?: boolean; night: boolean },
  reading: 'points' | 'fifth' | null,
  note?: string,
): NightMoraleModifier {
  const rule = 'NIGHT-18.61';
  const none = (reason: string): NightMoraleModifier => ({ rule, applies: false, points: 0, factor: 1, reason });
  if (!check.night) return none('Not a night turn: no night morale reduction (NIGHT-18.61).');
  if (check.kind === 'other') return none('Only checks to rally a routing unit or for a declared cavalry charge are reduced at night (NIGHT-18.61).');
  if (check.square && check.kind !== 'rally-routing') return none('A square takes the check for a declared cavalry charge without the night reduction (NIGHT-18.61).');
  const what = { 'rally-routing': 'rally a routing unit', 'declare-charge': 'declare a cavalry charge', 'receive-charge': 'receive a declared cavalry charge' }[check.kind];
  const cited = note ? ` (NIGHT-18.61; ${note}).` : ' (NIGHT-18.61).';
  if (reading === null) return { rule, applies: true, points: 0, factor: 1, open: true, reason: `Night: a morale check to ${what} is -${NIGHT_MORALE_PERCENT}%, and the rules do not say whether that is ${NIGHT_MORALE_PERCENT} points or a fifth (NIGHT-18.61).` };
  return reading === 'points'
    ? { rule, applies: true, points: -NIGHT_MORALE_PERCENT, factor: 1, reason: `Night: morale check to ${what} -${NIGHT_MORALE_PERCENT}%${cited}` }
    : { rule, applies: true, points: 0, factor: (100 - NIGHT_MORALE_PERCENT) / 100, reason: `Night: morale check to ${what} reduced by a fifth, x${(100 - NIGHT_MORALE_PERCENT) / 100}${cited}` };
}
