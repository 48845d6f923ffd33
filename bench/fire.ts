import { DiceStream } from '../src/dice/stream.ts';
import { FIRE_PACK, FIRE_RULES, resolveFire, type FireInput, type FireRules } from '../src/systems/percentile/index.ts';

/**
 * PCT-11.71 by Monte Carlo on the real dice stream with a fixed seed: the losses per attack at a
 * modified percent. Line infantry fires with `base`; 140% is 70 doubled by opportunity fire (PCT-11.81).
 * Shared by `npm run bench` (the figures) and test/rules/percentile-fire-montecarlo.test.ts (the goal).
 */
export const MONTE_CARLO_ATTACKS = 200_000;
const SEED = Buffer.alloc(32, 7);

/** The two readings of the PCT-11.71 remainder a GM chooses between (house rule over-100.remainder): the same roll, or a new roll for the second figure. */
export const REMAINDER_RULES: Record<'same-roll' | 'new-roll', FireRules> = {
  'same-roll': { ...FIRE_RULES, fire: { ...FIRE_PACK, overHundred: { ...FIRE_PACK.overHundred, secondFigure: 'same-roll' } } },
  'new-roll': { ...FIRE_RULES, fire: { ...FIRE_PACK, overHundred: { ...FIRE_PACK.overHundred, secondFigure: 'new-roll' } } },
};

function attack(percent: number): FireInput {
  const doubled = percent > 100;
  return {
    kind: doubled ? 'opportunity' : 'normal',
    phase: doubled ? 'other' : 'reciprocal-infantry',
    earlierAttacksThisPhase: 0,
    firedInReciprocalPhases: false,
    batteriesOnTarget: 0,
    range: 3,
    count: 6,
    base: doubled ? percent / 2 : percent,
    firer: { arm: 'infantry', class: 'B', formation: 'line', morale: 'good', strength: 6, ranks: 2 },
    target: { arm: 'infantry', formation: 'line', strength: 10 },
  };
}

/** Losses per attack over `attacks` fire attacks at `percent` (7, 45, 99 or any even percent above 100). */
export function lossRate(percent: number, remainder: keyof typeof REMAINDER_RULES = 'same-roll', attacks = MONTE_CARLO_ATTACKS): number {
  const dice = DiceStream.fromSeed(SEED, `monte-carlo-${percent}-${remainder}`, 0);
  const input = attack(percent);
  let losses = 0;
  for (let i = 0; i < attacks; i++) {
    const o = resolveFire(input, dice, REMAINDER_RULES[remainder]);
    if (o.status !== 'resolved' || o.percent !== percent) throw new Error(`unexpected fire outcome ${JSON.stringify(o)}`);
    losses += o.losses;
  }
  return losses / attacks;
}
