import { distance as levenshtein } from 'fastest-levenshtein';

/**
 * The names nearest a mistyped one, for "Did you mean …?" (issue 39): commands, subcommands,
 * options, units, sides, commands of a battle, rule ids. The distance is Levenshtein's, from
 * fastest-levenshtein, case-blind; it counts a swap of two neighbours as two edits, so a name with
 * the same letters in another order ("fier" for "fire") is taken as a slip as well (`closeTo`).
 */

/** Edits (insert, delete, change) from `a` to `b`, case-blind. */
export const distance = (a: string, b: string): number => levenshtein(a.toLowerCase(), b.toLowerCase());

/** The same letters in another order, case-blind: "fier" and "fire". */
const sameLetters = (a: string, b: string): boolean => a.length === b.length && [...a].sort().join('') === [...b.toLowerCase()].sort().join('');

/** The `n` names nearest a typed one, nearest first (ties in the order given), however far. */
export function nearest(names: readonly string[], typed: string, n = 3): string[] {
  return names
    .map((name, i) => ({ name, i, d: distance(typed, name) }))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, n)
    .map((x) => x.name);
}

/**
 * The names a typed one is close enough to be a slip for, nearest first, at most `n`: within a third
 * of its length in edits (at least one, at most three), its letters in another order, or containing
 * it whole (three characters or more: "Rifles" for "1/95th Rifles"). None when nothing is that
 * close: a guess far off misleads.
 */
export function closeTo(names: readonly string[], typed: string, n = 3): string[] {
  const t = typed.trim().toLowerCase();
  if (!t) return [];
  const most = Math.min(3, Math.max(1, Math.round(t.length / 3)));
  return names
    .map((name, i) => ({ name, i, d: distance(t, name) }))
    .filter((x) => x.d <= most || (t.length >= 3 && (sameLetters(t, x.name) || x.name.toLowerCase().includes(t))))
    .sort((a, b) => a.d - b.d || a.i - b.i)
    .slice(0, n)
    .map((x) => x.name);
}

/** " Did you mean A, B or C?" for the names close to a typed one (each as `shown`), else ''. */
export function didYouMean(names: readonly string[], typed: string, shown: (name: string) => string = (x) => x): string {
  const close = closeTo(names, typed).map(shown);
  if (!close.length) return '';
  return ` Did you mean ${close.length > 1 ? `${close.slice(0, -1).join(', ')} or ${close.at(-1)}` : close[0]}?`;
}
