import { working, type Text } from '../../../i18n/text.ts';
/** How the percentile log words a working: a head line over bulleted steps, counts and losses. */
import { plural } from '../../../messages.ts';

export const lines = (head: Text, body: readonly Text[]) => working(head, body);
/** A count in the right number ("1 figure", "2 losses"): the one helper, src/messages.ts. */
export const count = plural;
export const lossWord = (n: number, kind: string) => (kind === 'figures' ? count(n, 'figure') : `${n} ${kind}`);
