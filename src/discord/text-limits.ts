/**
 * Text cut to Discord's limits without breaking what a reader sees: cuts fall between graphemes
 * (Intl.Segmenter), never inside a surrogate pair, an emoji's ZWJ sequence, a flag or a letter
 * with its accents. Lengths are UTF-16 code units, as Discord and @discordjs/builders count them.
 */

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/** No script needs a grapheme this long; longer ones are stacked combining marks ("Zalgo" text). */
export const MAX_GRAPHEME = 32;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** How much text one Segmenter call takes: V8's segmenter slows down with the square of the length. */
const WINDOW = 128;

/**
 * Where a long text can be handed to the segmenter in pieces: a grapheme always ends after a line
 * feed (UAX #29 GB4), and between two ASCII characters other than CR LF (no rule joins them).
 */
const safeCut = (s: string, i: number): boolean => {
  const a = s.charCodeAt(i - 1);
  const b = s.charCodeAt(i);
  return a === 10 || (a < 128 && b < 128 && !(a === 13 && b === 10));
};

/** The graphemes of `s`, segmented a window at a time so a long text costs linear time. */
export function graphemes(s: string): string[] {
  const out: string[] = [];
  let start = 0;
  while (start < s.length) {
    let end = Math.min(s.length, start + WINDOW);
    while (end < s.length && !safeCut(s, end)) end++;
    for (const x of segmenter.segment(s.slice(start, end))) out.push(x.segment);
    start = end;
  }
  return out;
}

/** A grapheme kept to its first code points up to MAX_GRAPHEME code units (it stays one grapheme: base and fewer marks). */
function tameGrapheme(g: string): string {
  if (g.length <= MAX_GRAPHEME) return g;
  let out = '';
  for (const cp of g) {
    if (out.length + cp.length > MAX_GRAPHEME) break;
    out += cp;
  }
  return out;
}

/**
 * Text as it can be shown: a lone surrogate (which no renderer can draw and JSON may refuse)
 * becomes U+FFFD, and a grapheme over MAX_GRAPHEME code units loses its excess marks, so that every
 * grapheme fits in any limit and a cut between graphemes is always possible.
 */
export function tame(s: string): string {
  const wellFormed = s.replace(LONE_SURROGATE, '\uFFFD');
  // A grapheme holds at most one ASCII code unit (its base; CR LF aside), so one over MAX_GRAPHEME has a run of 16 others.
  // eslint-disable-next-line no-control-regex -- "not ASCII" spelled as a range from \x00
  if (!/[^\x00-\x7f]{16}/.test(wellFormed)) return wellFormed;
  const gs = graphemes(wellFormed);
  return gs.some((g) => g.length > MAX_GRAPHEME) ? gs.map(tameGrapheme).join('') : wellFormed;
}

/** The longest run of whole graphemes from the start of `s` within `n` code units. */
function headWithin(gs: readonly string[], n: number): number {
  let len = 0;
  let i = 0;
  while (i < gs.length && len + gs[i]!.length <= n) len += gs[i++]!.length;
  return i;
}

/** `s` if it fits in `n`, else its first whole graphemes and "…" (never cut inside one). */
export function clip(s: string, n: number): string {
  if (s.length <= n) return s;
  const gs = graphemes(s);
  return `${gs.slice(0, headWithin(gs, n - 1)).join('')}…`;
}

const isLineBreak = (g: string) => g === '\n' || g === '\r\n' || g === '\r';

/**
 * Splits text into pieces of at most `n` code units: at line breaks where it can (the break itself
 * dropped), inside a longer line between graphemes. Joining the pieces with the dropped breaks gives
 * the text back. Takes tamed text (every grapheme within MAX_GRAPHEME, below `n`).
 */
export function split(text: string, n: number): string[] {
  if (text.length <= n) return [text];
  const gs = graphemes(text);
  const out: string[] = [];
  let start = 0;
  while (start < gs.length) {
    // The longest head within n, pulled back to its last line break when it has one.
    const take = headWithin(gs.slice(start), n);
    let end = start + Math.max(1, take);
    if (end >= gs.length) {
      out.push(gs.slice(start).join(''));
      break;
    }
    if (isLineBreak(gs[end]!)) {
      out.push(gs.slice(start, end).join(''));
      start = end + 1;
      continue;
    }
    let brk = end - 1;
    while (brk > start && !isLineBreak(gs[brk]!)) brk--;
    if (brk > start) end = brk;
    out.push(gs.slice(start, end).join(''));
    start = isLineBreak(gs[end] ?? '') ? end + 1 : end;
  }
  return out;
}
