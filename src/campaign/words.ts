import { say, type Text } from '../i18n/text.ts';

/**
 * The campaign's words kept as data until a reader's locale words them (docs/languages.md): a
 * unit's status, a leader's fate and a battle's stage as the catalog says them, and texts run
 * together as the campaign's sentences join them ("a; b", "a. b", "a or b").
 */

/** A unit's status in the reader's words: fit, routed, destroyed, captured. */
export const statusWord = (status: string): Text => say('campaign.word.status', { status });

/** A leader's fate in the reader's words: fallen, captured, fit. */
export const fateWord = (fate: string): Text => say('campaign.word.fate', { fate });

/** A battle's stage in the reader's words: running, proposed, applied, cancelled. */
export const stageWord = (stage: string): Text => say('campaign.word.stage', { stage });

const JOINS = {
  and: 'campaign.join.and',
  comma: 'campaign.join.comma',
  or: 'campaign.join.or',
  semi: 'campaign.join.semi',
  sentences: 'campaign.join.sentences',
} as const;

/**
 * `texts` run together, each pair by the join's message ("{a} and {b}", "{a}; {b}", "{a}. {b}"):
 * the English of a join as it was written ("a and b and c"), where Intl's lists would add commas.
 */
export function joined(texts: readonly Text[], join: keyof typeof JOINS): Text {
  if (!texts.length) return '';
  return texts.slice(1).reduce<Text>((a, b) => say(JOINS[join], { a, b }), texts[0]!);
}
