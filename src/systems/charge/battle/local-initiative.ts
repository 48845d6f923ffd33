import { say, type Text } from '../../../i18n/text.ts';
import { chargeHouse } from './house.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, checkGmRulings, findUnit, needDice } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { chargePack as pack, resolveLocalInitiative, type GmModifier, type LocalInitiativeOutcome, type UnitClass } from '../rules.ts';
import { attr, given, lines } from './state.ts';

export type ChargeLocalInitiative = { type: 'ChargeLocalInitiative'; unit: string; purpose: 'movement' | 'form square'; flankEndangered?: boolean; reactingToCavalryCharge?: boolean; modifiers?: GmModifier[]; die?: number };

export type ChargeLocalInitiativeRolled = { type: 'ChargeLocalInitiativeRolled'; data: { unitId: string; at: TurnPosition; outcome: LocalInitiativeOutcome & { unit: string }; dice: DiceUsed } };

/** INIT-LOCAL "Division or better leader attached". */
const DIVISION_OR_BETTER = ['division', 'corps', 'army'];

/** INIT-LOCAL, at any time; the Division-or-better leader from the roster. */
export function decideLocalInitiative(s: BattleState, a: ChargeLocalInitiative, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, say('charge.actsFor.roll'));
  checkGmRulings(s, ctx.actor, given({ modifiers: a.modifiers, die: a.die }), 'INIT-LOCAL', say('charge.gmGives.them'));
  const cls = attr<UnitClass>(u, 'class');
  const leader = attr<string>(u, 'leader');
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveLocalInitiative({
      unit: {
        id: u.name,
        ...(cls ? { class: cls } : {}),
        ...(leader && DIVISION_OR_BETTER.includes(leader) ? { divisionLeaderAttached: true } : {}),
        ...(a.reactingToCavalryCharge ? { reactingToCavalryCharge: true } : {}),
      },
      purpose: a.purpose,
      ...(a.flankEndangered ? { flankEndangered: true } : {}),
      ...(a.modifiers ? { modifiers: a.modifiers } : {}),
      ...(a.die !== undefined ? { gm: { die: a.die } } : {}),
      dice: d,
      house: chargeHouse(s),
      pack,
    }),
  );
  return [{ type: 'ChargeLocalInitiativeRolled', data: { unitId: u.id, at: s.position, outcome: { ...o, unit: u.name }, dice: used } }];
}

export function describeLocalInitiative(e: ChargeLocalInitiativeRolled): Text {
  const o = e.data.outcome;
  return lines(say('charge.battle.localInitiative.head', { unit: o.unit, result: o.result, text: o.text }), o.steps);
}
