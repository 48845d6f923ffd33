import { say, type Text } from '../../../i18n/text.ts';
import { chargeHouse } from './house.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, checkGmRulings, findUnit, needDice } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { chargePack as pack, resolveSkirmish, type GmModifier, type SkirmishOutcome, type UnitClass } from '../rules.ts';
import { attr, given, lines } from './state.ts';

export type ChargeSkirmish = { type: 'ChargeSkirmish'; unit: string; screenModifiers?: GmModifier[]; die?: number; cell?: string };

export type ChargeSkirmishResolved = { type: 'ChargeSkirmishResolved'; data: { unitId: string; at: TurnPosition; outcome: SkirmishOutcome & { unit: string }; dice: DiceUsed } };

/** SKIRMISH: Class Dice + Screen mods on the class row. */
export function decideSkirmish(s: BattleState, a: ChargeSkirmish, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, say('charge.actsFor.skirmish'));
  checkGmRulings(s, ctx.actor, given({ screen_modifiers: a.screenModifiers, die: a.die, cell: a.cell }), 'SKIRMISH', say('charge.gmGives.them'));
  const cls = attr<UnitClass>(u, 'class');
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveSkirmish({
      unit: { id: u.name, ...(cls ? { class: cls } : {}) },
      ...(a.screenModifiers ? { screenModifiers: a.screenModifiers } : {}),
      gm: { ...(a.die !== undefined ? { die: a.die } : {}), ...(a.cell !== undefined ? { cell: a.cell } : {}) },
      dice: d,
      house: chargeHouse(s),
      pack,
    }),
  );
  return [{ type: 'ChargeSkirmishResolved', data: { unitId: u.id, at: s.position, outcome: { ...o, unit: u.name }, dice: used } }];
}

export function describeSkirmish(e: ChargeSkirmishResolved): Text {
  const o = e.data.outcome;
  return lines(say('charge.battle.skirmish.head', { unit: o.unit, result: o.result.printed }), o.steps);
}
