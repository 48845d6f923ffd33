import { describe, expect, it } from 'vitest';
import { DiceStream } from '../../src/dice/stream.ts';
import { FIRE_PACK, FIRE_RULES, resolveFire, type FireInput, type FireRules } from '../../src/rules/percentile/index.ts';

/**
 * PCT-11.15.step10 / 11.16.step9 / 11.71 by Monte Carlo on the real dice stream with a fixed seed:
 * the loss rate per attack equals the modified percent (01 always hits, so 7% stays 7%), and 140%
 * gives 1 automatic loss plus a 40% chance of a second, 1.40 losses per attack.
 */
const ATTACKS = 200_000;
const SEED = Buffer.alloc(32, 7);

/** Line infantry firing with `base`, doubled by opportunity fire when asked (140 = 70 x 2). */
function attack(base: number, doubled: boolean): FireInput {
  return {
    kind: doubled ? 'opportunity' : 'normal',
    phase: doubled ? 'other' : 'reciprocal-infantry',
    earlierAttacksThisPhase: 0,
    firedInReciprocalPhases: false,
    batteriesOnTarget: 0,
    range: 3,
    count: 6,
    base,
    firer: { arm: 'infantry', class: 'B', formation: 'line', morale: 'good', strength: 6, ranks: 2 },
    target: { arm: 'infantry', formation: 'line', strength: 10 },
  };
}

describe('PCT-11.71 Monte Carlo, fixed seed', () => {
  const newRoll: FireRules = { ...FIRE_RULES, fire: { ...FIRE_PACK, overHundred: { ...FIRE_PACK.overHundred, secondFigure: 'new-roll' } } };
  it.each([
    { percent: 7, base: 7, doubled: false, expected: 0.07, rules: FIRE_RULES, second: 'same-roll' },
    { percent: 45, base: 45, doubled: false, expected: 0.45, rules: FIRE_RULES, second: 'same-roll' },
    { percent: 99, base: 99, doubled: false, expected: 0.99, rules: FIRE_RULES, second: 'same-roll' },
    { percent: 140, base: 70, doubled: true, expected: 1.4, rules: FIRE_RULES, second: 'same-roll' },
    { percent: 140, base: 70, doubled: true, expected: 1.4, rules: newRoll, second: 'new-roll' },
  ])('over 200,000 attacks at $percent% the losses per attack are $expected within 0.5 points (PCT-11.71 remainder: $second)', ({ percent, base, doubled, expected, rules, second }) => {
    const dice = DiceStream.fromSeed(SEED, `monte-carlo-${percent}-${second}`, 0);
    const input = attack(base, doubled);
    let losses = 0;
    for (let i = 0; i < ATTACKS; i++) {
      const o = resolveFire(input, dice, rules);
      if (o.status !== 'resolved' || o.percent !== percent) throw new Error(`unexpected ${JSON.stringify(o)}`);
      losses += o.losses;
    }
    expect(Math.abs(losses / ATTACKS - expected)).toBeLessThan(0.005);
  }, 120_000);
});
