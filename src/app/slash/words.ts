import { say, type Text } from '../../i18n/text.ts';
import { closeTo } from '../../nearest.ts';

/**
 * How the app's replies put sentences and names together, in the reader's words (issue 43): each
 * joint a message of the catalog (app.json), so each language writes its own "or" and spacing.
 */

/**
 * Sentences one after another on a line, a space between (as in English, French and German): each
 * a message of its own, so each language orders its own words; a left-out one (undefined, '') is skipped.
 */
export function sentences(...texts: (Text | undefined)[]): Text {
  const said = texts.filter((x): x is Text => x !== undefined && x !== '');
  return said.length ? said.reduce((first, next) => say('app.sentences', { first, next })) : '';
}

/** Texts joined with `key`'s joint (`app.or`: "a or b or c"; `app.semicolons`: "a; b; c"), each pair a message. */
const joined = (key: string, texts: readonly Text[]): Text => (texts.length ? texts.reduce((first, next) => say(key, { first, next })) : '');

/** "a or b or c": a choice among a few, in the reader's words. */
export const eitherOf = (texts: readonly Text[]): Text => joined('app.or', texts);

/** "a; b; c". */
export const semicolons = (texts: readonly Text[]): Text => joined('app.semicolons', texts);

/** "a, b or c", the last two joined by the reader's "or" (English without the comma Intl.ListFormat puts before it). */
export function commasOr(names: readonly string[]): Text {
  if (names.length < 2) return names[0] ?? '';
  return say('app.commasOr', { head: names.slice(0, -1).join(', '), last: names.at(-1)! });
}

/** "Did you mean A, B or C?" for the names close to a typed one (each as `shown`), else undefined (src/nearest.ts, closeTo). */
export function didYouMean(names: readonly string[], typed: string, shown: (name: string) => string = (x) => x): Text | undefined {
  const close = closeTo(names, typed).map(shown);
  return close.length ? say('app.didYouMean', { names: commasOr(close) }) : undefined;
}
