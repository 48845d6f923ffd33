import { recorder, type Dice, type Outcome } from '../../../src/rules/outcome.ts';

/** DUEL-1: a strike hits on a d6 of `needed` or more. Pure: dice in, an outcome with its working out. */
export function strike(dice: Dice, needed: number): Outcome & { hit: boolean } {
  const r = recorder(dice);
  const roll = r.roll(6);
  const hit = roll >= needed;
  return { rule: 'DUEL-1', dice: r.rolled, steps: [`d6: ${roll}, needing ${needed}+`, hit ? 'a hit: one wound' : 'a miss'], hit };
}
