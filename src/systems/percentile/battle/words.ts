import { say, working, type Phrase, type Text } from '../../../i18n/text.ts';
/** How the percentile log words a working: a head line over bulleted steps, counts and losses. */
import { mention, plural } from '../../../messages.ts';

export const lines = (head: Text, body: readonly Text[]) => working(head, body);
/** A count in the right number ("1 figure", "2 losses"): the one helper, src/messages.ts. */
export const count = plural;
export const lossWord = (n: number, kind: string) => (kind === 'figures' ? count(n, 'figure') : `${n} ${kind}`);
/** A loss or what is left, counted in figures, cannon or train material: "1 figure", "2 cannon". */
export const lossText = (n: number, kind: string): Phrase => say('percentile.words.loss', { n, kind: selector(kind) });
/** A value as an ICU select reads it: "fire-loss" and "train material" as fireLoss, trainMaterial (a selector has no '-' or space). */
export const selector = (value: string): string => value.replace(/[- ](\w)/g, (_m, c: string) => c.toUpperCase());
/** A morale state in the reader's words: good, disordered, routing. */
export const moraleText = (state: string): Phrase => say('percentile.words.morale', { state });
/** "… is one of a, b, c (got "x")." for an option's value. */
/** Whose a command is, as a refusal names it: "<@u>'s command", or its side's. */
export const ownerText = (player: string | undefined, side: string): Phrase => (player ? say('percentile.words.ownerPlayer', { player: mention(player) }) : say('percentile.words.ownerSide', { side }));
export const oneOf = (option: string, values: readonly string[], got: unknown): Phrase => say('percentile.words.oneOf', { option, values: values.join(', '), got: String(got) });
/** A text with its rule in brackets: "… (PCT-11.73)". */
export const cited = (text: Text, rule: string): Phrase => say('percentile.words.cited', { text, rule });
