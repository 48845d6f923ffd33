import { say, working, type Phrase, type Text } from '../../../i18n/text.ts';
/** How the percentile log words a working: a head line over bulleted steps, counts and losses. */
import { plural } from '../../../messages.ts';

export const lines = (head: Text, body: readonly Text[]) => working(head, body);
/** A count in the right number ("1 figure", "2 losses"): the one helper, src/messages.ts. */
export const count = plural;
export const lossWord = (n: number, kind: string) => (kind === 'figures' ? count(n, 'figure') : `${n} ${kind}`);
/** A loss or what is left, counted in figures, cannon or train material: "1 figure", "2 cannon". */
export const lossText = (n: number, kind: string): Phrase => say('percentile.words.loss', { n, kind });
/** A text with its rule in brackets: "… (PCT-11.73)". */
export const cited = (text: Text, rule: string): Phrase => say('percentile.words.cited', { text, rule });
