import { describe, expect, it } from 'vitest';
import { DiceStream } from '../../src/dice/stream.ts';

/*
 * Chi-square goodness of fit of die(n) against the uniform distribution. The p-value is the
 * regularized upper incomplete gamma function Q(df/2, chi2/2), computed exactly as in Numerical
 * Recipes (series for x < a + 1, Lentz continued fraction otherwise) with a Lanczos log-gamma;
 * the helper is checked against tabulated chi-square critical values first.
 */

const LANCZOS = [676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7];

function logGamma(z: number): number {
  if (z < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * z)) - logGamma(1 - z);
  const x = z - 1;
  let sum = 0.99999999999980993;
  LANCZOS.forEach((c, i) => (sum += c / (x + i + 1)));
  const t = x + LANCZOS.length - 0.5;
  return 0.5 * Math.log(2 * Math.PI) + (x + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** Q(a, x) = Gamma(a, x) / Gamma(a). */
function upperRegularizedGamma(a: number, x: number): number {
  if (x <= 0) return 1;
  const front = Math.exp(-x + a * Math.log(x) - logGamma(a));
  if (x < a + 1) {
    let term = 1 / a;
    let sum = term;
    for (let n = 1; n < 10_000 && Math.abs(term) > Math.abs(sum) * 1e-15; n++) {
      term *= x / (a + n);
      sum += term;
    }
    return 1 - sum * front;
  }
  const tiny = 1e-300;
  let b = x + 1 - a;
  let c = 1 / tiny;
  let d = 1 / b;
  let h = d;
  for (let i = 1; i < 10_000; i++) {
    const an = -i * (i - a);
    b += 2;
    d = an * d + b;
    if (Math.abs(d) < tiny) d = tiny;
    c = b + an / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const delta = d * c;
    h *= delta;
    if (Math.abs(delta - 1) < 1e-15) break;
  }
  return front * h;
}

function chiSquarePValue(chi2: number, degreesOfFreedom: number): number {
  return upperRegularizedGamma(degreesOfFreedom / 2, chi2 / 2);
}

describe('the p-value helper', () => {
  it('matches tabulated chi-square critical values', () => {
    // (df, chi2 at p = 0.05) and (df, chi2 at p = 0.001), from standard tables
    expect(chiSquarePValue(11.0705, 5)).toBeCloseTo(0.05, 4);
    expect(chiSquarePValue(16.919, 9)).toBeCloseTo(0.05, 4);
    expect(chiSquarePValue(123.225, 99)).toBeCloseTo(0.05, 3);
    expect(chiSquarePValue(20.515, 5)).toBeCloseTo(0.001, 5);
    expect(chiSquarePValue(27.877, 9)).toBeCloseTo(0.001, 5);
    expect(chiSquarePValue(148.23, 99)).toBeCloseTo(0.001, 4);
    expect(chiSquarePValue(2, 2)).toBeCloseTo(Math.exp(-1), 12); // df 2: p = e^(-x/2)
    expect(chiSquarePValue(0, 5)).toBe(1);
  });
});

describe('DESIGN Dice: die(n) is uniform (chi-square, 600,000 rolls each, fixed seed, p > 0.001)', () => {
  const seed = Buffer.from(Array.from({ length: 32 }, (_, i) => 0xa0 + i));
  const ROLLS = 600_000;

  for (const sides of [6, 10, 100]) {
    it(`d${sides}`, () => {
      const stream = DiceStream.fromSeed(seed, `uniformity-d${sides}`, 0);
      const counts = new Array<number>(sides).fill(0);
      for (let i = 0; i < ROLLS; i++) {
        const face = stream.die(sides);
        counts[face - 1]! += 1;
      }
      const expected = ROLLS / sides;
      const chi2 = counts.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
      const p = chiSquarePValue(chi2, sides - 1);
      expect(counts.every((c) => c > 0)).toBe(true);
      expect(p, `chi2 = ${chi2.toFixed(2)} on ${sides - 1} df`).toBeGreaterThan(0.001);
    });
  }
});

describe('the uniformity check has power', () => {
  it('flags a d6 that turns one 1 in 20 into a 6 (200,000 rolls)', () => {
    const stream = DiceStream.fromSeed(Buffer.alloc(32, 9), 'control', 0);
    const counts = new Array<number>(6).fill(0);
    for (let i = 0; i < 200_000; i++) {
      let face = stream.die(6);
      if (face === 1 && stream.die(20) === 1) face = 6;
      counts[face - 1]! += 1;
    }
    const expected = 200_000 / 6;
    const chi2 = counts.reduce((sum, observed) => sum + (observed - expected) ** 2 / expected, 0);
    expect(chiSquarePValue(chi2, 5)).toBeLessThan(0.001);
  });
});
