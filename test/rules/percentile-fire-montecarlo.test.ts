import { describe, expect, it } from 'vitest';
import { lossRate, MONTE_CARLO_ATTACKS } from '../../bench/fire.ts';

/**
 * PCT-11.15.step10 / 11.16.step9 / 11.71 by Monte Carlo on the real dice stream with a fixed seed:
 * the loss rate per attack equals the modified percent (01 always hits, so 7% stays 7%), and 140%
 * gives 1 automatic loss plus a 40% chance of a second, 1.40 losses per attack.
 */
describe('PCT-11.71 Monte Carlo, fixed seed', () => {
  it.each([
    { percent: 7, expected: 0.07, remainder: 'same-roll' as const },
    { percent: 45, expected: 0.45, remainder: 'same-roll' as const },
    { percent: 99, expected: 0.99, remainder: 'same-roll' as const },
    { percent: 140, expected: 1.4, remainder: 'same-roll' as const },
    { percent: 140, expected: 1.4, remainder: 'new-roll' as const },
  ])(`over ${MONTE_CARLO_ATTACKS.toLocaleString('en-US')} attacks at $percent% the losses per attack are $expected within 0.5 points (PCT-11.71 remainder: $remainder)`, ({ percent, expected, remainder }) => {
    expect(Math.abs(lossRate(percent, remainder) - expected)).toBeLessThan(0.005);
  }, 120_000);
});
