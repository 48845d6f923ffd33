import { refuse } from '../../rules/errors.ts';
import { CLASSES, type ChargeRulesPack, type UnitClass } from './pack-schema.ts';
import { checkDie, sourced, type Sourced } from './sourced.ts';

/**
 * "Class Dice" (INIT-LOCAL, SKIRMISH): the die a unit of each class rolls. The source does not
 * define it, so it is the pack's `classDice.dice` or the GM's `gm.die`.
 */
export function classDie(cls: UnitClass | undefined, gmDie: number | undefined, rule: string, pack: ChargeRulesPack): Sourced<number> {
  if (!cls || !CLASSES.includes(cls)) refuse(`The unit's class (elite, line or conscript) is needed for its Class Dice (${rule}).`);
  checkDie(gmDie, `the ${cls} Class Dice`);
  return sourced(pack.classDice.dice[cls], gmDie, { what: `the ${cls} class's Class Dice (${rule})`, why: 'the source does not define Class Dice', packPath: `classDice.dice.${cls}`, input: 'gm.die' }, (n) => `d${n}`);
}
