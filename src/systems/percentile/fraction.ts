/**
 * Exact fractions for the fire percentages. Floating point would round 90 x 2/3 x 2/3 up to 41
 * (40.000000000000004) where PCT-11.87 prints 40, so every modifier is kept as a ratio of bigints.
 */
export interface Fraction {
  readonly n: bigint;
  readonly d: bigint;
}

const gcd = (a: bigint, b: bigint): bigint => {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
};

function norm(n: bigint, d: bigint): Fraction {
  if (d === 0n) throw new RangeError('fraction with a zero denominator');
  if (d < 0n) [n, d] = [-n, -d];
  const g = gcd(n, d) || 1n;
  return { n: n / g, d: d / g };
}

/** A whole or decimal number (0.75), or a ratio written "2/3". */
export function fraction(x: number | string): Fraction {
  const s = typeof x === 'number' ? String(x) : x.trim();
  const ratio = /^(-?\d+)\/(\d+)$/.exec(s);
  if (ratio) return norm(BigInt(ratio[1]!), BigInt(ratio[2]!));
  const dec = /^(-?)(\d+)(?:\.(\d+))?$/.exec(s);
  if (!dec) throw new RangeError(`not a number or ratio: ${s}`);
  const decimals = dec[3] ?? '';
  return norm(BigInt(`${dec[1]}${dec[2]}${decimals}`), 10n ** BigInt(decimals.length));
}

export const mul = (a: Fraction, b: Fraction): Fraction => norm(a.n * b.n, a.d * b.d);
export const add = (a: Fraction, b: Fraction): Fraction => norm(a.n * b.d + b.n * a.d, a.d * b.d);
export const pow = (a: Fraction, k: number): Fraction => norm(a.n ** BigInt(k), a.d ** BigInt(k));
export const isWhole = (a: Fraction): boolean => a.d === 1n;

/** The next whole number at or above (PCT-11.15.step9: 10.2% -> 11%). */
export function ceil(a: Fraction): Fraction {
  const q = a.n / a.d; // truncates toward zero
  return { n: a.n > 0n && q * a.d !== a.n ? q + 1n : q, d: 1n };
}

export const toNumber = (a: Fraction): number => Number(a.n) / Number(a.d);

/** "27", "80/3 (26.67)", as a player checks it. */
export function show(a: Fraction): string {
  if (a.d === 1n) return String(a.n);
  return `${a.n}/${a.d} (${(Math.round(toNumber(a) * 100) / 100).toString()})`;
}
