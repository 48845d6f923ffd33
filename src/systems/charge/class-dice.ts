import { say } from '../../i18n/text.ts';
import { refuse } from '../../rules/errors.ts';
import { CLASSES, type ChargeRulesPack, type UnitClass } from './pack-schema.ts';
import type { ChargeHouse } from './house.ts';
import { checkDie, part, sourced, withAction, type Sourced } from './sourced.ts';

/**
 * "Class Dice" (INIT-LOCAL, SKIRMISH): the die a unit of each class rolls. The source does not
 * define it, so it is the battle's house rule `class-dice` or the GM's die with the roll.
 */
export function classDie(cls: UnitClass | undefined, gmDie: number | undefined, rule: string, pack: ChargeRulesPack, house: ChargeHouse = {}): Sourced<number> {
  if (!cls || !CLASSES.includes(cls)) refuse(say('charge.classDice.needClass', { rule }));
  checkDie(gmDie, say('charge.sourced.classDice', { cls }));
  return sourced(pack.classDice.dice[cls], part(house['class-dice'], cls), gmDie, { what: say('charge.sourced.what.classDice', { cls, rule }), why: say('charge.sourced.why.classDice'), house: 'class-dice', entry: cls, option: withAction('die:', 'roll') }, (n) => `d${n}`);
}
