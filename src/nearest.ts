/**
 * The names nearest a mistyped one, for "Did you mean …?" (issue 39): commands, subcommands,
 * options, units, sides, commands of a battle, rule ids. The distance is the optimal string
 * alignment one (Levenshtein with a swap of two neighbours counted as one edit: /fier is one from
 * /fire), case-blind. No package: the installed ones (fast-levenshtein, a lint tool's dependency)
 * count a swap as two and are not ours to rely on.
 */

/** Edits (insert, delete, change, swap two neighbours) from `a` to `b`, case-blind. */
export function distance(a: string, b: string): number {
  const [x, y] = [[...a.toLowerCase()], [...b.toLowerCase()]];
  const d = Array.from({ length: x.length + 1 }, (_, i) => Array.from({ length: y.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= x.length; i++) {
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[x.length]![y.length]!;
}

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
 * of its length in edits (at least one, at most three), or containing it whole (three characters or
 * more: "Rifles" for "1/95th Rifles"). None when nothing is that close: a guess far off misleads.
 */
export function closeTo(names: readonly string[], typed: string, n = 3): string[] {
  const t = typed.trim().toLowerCase();
  if (!t) return [];
  const most = Math.min(3, Math.max(1, Math.round(t.length / 3)));
  return names
    .map((name, i) => ({ name, i, d: distance(t, name) }))
    .filter((x) => x.d <= most || (t.length >= 3 && x.name.toLowerCase().includes(t)))
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
