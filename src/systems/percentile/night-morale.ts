import { isPhrase, say, type Arg, type Text } from '../../i18n/text.ts';

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
  reason: Text;
}

/** What the night does to the check: the kind of check the reason names. */
const KIND = { 'rally-routing': 'rally', 'declare-charge': 'declare', 'receive-charge': 'receive' } as const;

/** How a reason cites itself: the rule (and the house rule's note) in a refusal or an outcome, the note alone in the check's working. */
export type NightMoraleCite = 'rule' | 'ruleNote' | 'note' | 'none';

export function nightMoraleModifier(
  check: { kind: NightMoraleCheck; square?: boolean; night: boolean },
  reading: 'points' | 'fifth' | null,
  note?: Text,
): NightMoraleModifier {
  const rule = 'NIGHT-18.61';
  const cited = { cite: note ? 'ruleNote' : 'rule', note: note ?? '' } satisfies Record<string, Arg>;
  const none = (key: string): NightMoraleModifier => ({ rule, applies: false, points: 0, factor: 1, reason: say(`percentile.nightMorale.${key}`, { cite: 'rule', note: '' }) });
  if (!check.night) return none('notNight');
  if (check.kind === 'other') return none('otherCheck');
  if (check.square && check.kind !== 'rally-routing') return none('square');
  const values = { kind: KIND[check.kind], percent: String(NIGHT_MORALE_PERCENT) };
  if (reading === null) return { rule, applies: true, points: 0, factor: 1, open: true, reason: say('percentile.nightMorale.open', { ...values, cite: 'rule', note: '' }) };
  const factor = (100 - NIGHT_MORALE_PERCENT) / 100;
  return reading === 'points'
    ? { rule, applies: true, points: -NIGHT_MORALE_PERCENT, factor: 1, reason: say('percentile.nightMorale.points', { ...values, ...cited }) }
    : { rule, applies: true, points: 0, factor, reason: say('percentile.nightMorale.fifth', { ...values, factor, ...cited }) };
}

/** `reason` citing itself as `cite` says; a log's reason from before phrases as it was. */
export function nightMoraleCited(reason: Text, cite: NightMoraleCite): Text {
  if (!isPhrase(reason) || !reason.key.startsWith('percentile.nightMorale.')) return reason;
  const note = reason.values?.note ?? '';
  return say(reason.key, { ...reason.values, cite: cite === 'note' && note === '' ? 'none' : cite });
}
