import { recorder, type Dice, type Outcome } from '../../../src/rules/outcome.ts';

/** DUEL-1: a strike hits on a die of `needed` or more; the die is a d6 unless the battle's house rule says otherwise (`dieNote`). Pure. */
export function strike(dice: Dice, needed: number, die = 6, dieNote?: string): Outcome & { hit: boolean } {
  const r = recorder(dice);
  const roll = r.roll(die);
  const hit = roll >= needed;
  return { rule: 'DUEL-1', dice: r.rolled, steps: [`d${die}: ${roll}, needing ${needed}+${dieNote ? ` (die: d${die}, ${dieNote})` : ''}`, hit ? 'a hit: one wound' : 'a miss'], hit };
}
