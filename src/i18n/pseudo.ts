import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/**
 * The pseudo-locale's text (docs/languages.md): every letter of a message's own words accented,
 * about 30% longer (vowels doubled, then `~`), the whole bracketed; placeholders, plurals and
 * selects kept as they are, so the values still go where English puts them. Run through every
 * script and page, a word outside brackets is one the catalog did not give.
 */

const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((c, i) => [c, [...'áƀçðéƒĝĥíĵķļɱñóþǫŕšţúṽŵẋýžÁƁÇÐÉƑĜĤÍĴĶĻṀÑÓÞǪŔŠŢÚṼŴẊÝŽ'][i]!]),
);
const VOWEL = /[aeiouyAEIOUY]/;

/** How much longer the pseudo-locale makes a message's words. */
export const PSEUDO_GROWTH = 0.3;

/**
 * What a message writes that is never translated, so the pseudo-locale keeps it as written: rule IDs
 * (ABC-12.3, XYZ-4.5.a), a slash command's name (/phase) and an option's (firer:).
 */
const KEPT = /\b[A-Z]{2,}(?:-[A-Z0-9]+)+(?:\.[A-Za-z0-9]+)*|(?<![\w/])\/[a-z][a-z-]*|\b[a-z][a-z_]*:(?=\S|$)/g;

/** One literal's words, accented and lengthened by PSEUDO_GROWTH of its letters; what KEPT finds as written. */
function pseudoText(s: string): string {
  const kept = [...s.matchAll(KEPT)];
  const words = s.replace(KEPT, '');
  let budget = Math.ceil([...words].filter((c) => ACCENTED[c]).length * PSEUDO_GROWTH);
  const accent = (piece: string) => {
    let out = '';
    for (const c of piece) {
      const a = ACCENTED[c] ?? c;
      out += a;
      if (budget > 0 && VOWEL.test(c)) {
        out += a;
        budget--;
      }
    }
    return out;
  };
  let out = '';
  let at = 0;
  for (const m of kept) {
    out += accent(s.slice(at, m.index)) + m[0];
    at = m.index + m[0].length;
  }
  out += accent(s.slice(at));
  return out.replace(/\s*$/, (end) => '~'.repeat(budget) + end);
}

function pseudoElements(els: readonly MessageFormatElement[]): MessageFormatElement[] {
  return els.map((el): MessageFormatElement => {
    if (el.type === TYPE.literal) return { ...el, value: pseudoText(el.value) };
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      const options = Object.fromEntries(Object.entries(el.options).map(([k, o]) => [k, { ...o, value: pseudoElements(o.value) }]));
      return { ...el, options };
    }
    return el;
  });
}

/** A parsed English message as the pseudo-locale reads it. */
export const pseudo = (els: readonly MessageFormatElement[]): MessageFormatElement[] => [
  { type: TYPE.literal, value: '[' },
  ...pseudoElements(els),
  { type: TYPE.literal, value: ']' },
];
