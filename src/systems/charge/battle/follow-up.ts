import { say, type Text } from '../../../i18n/text.ts';
import { chargeHouse } from './house.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, checkGmRulings, findUnit, needDice, samePhase } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { chargePack as pack, checkContinue, resolveRideDown, type GmModifier, type RideDownOutcome } from '../rules.ts';
import { applyMelee, meleeApplied, meleeHead, meleeLines, noteMelee, type MeleeApplied } from './melee.ts';
import { armOf, checkEnemies, chg, given, lines, setCharge, type LastCharge } from './state.ts';

/**
 * What may follow a charge in its phase: the attacker charges on (CHG-CONTINUE), or cavalry rides
 * down infantry that lost (CHG-RIDEDOWN).
 */

export type ChargeContinue = { type: 'ChargeContinue'; attacker: string; target: string; distance: number };
export type ChargeRideDown = { type: 'ChargeRideDown'; cavalry: string; infantry: string; cavalryModifiers?: GmModifier[]; infantryModifiers?: GmModifier[]; area?: { min: number; max: number } };

export type ChargeContinued = { type: 'ChargeContinued'; data: { attackerId: string; targetId: string; at: TurnPosition; outcome: { rule: 'CHG-CONTINUE'; attacker: string; target: string; distance: number; lessThan: number; steps: Text[] } } };
export type ChargeRideDownResolved = { type: 'ChargeRideDownResolved'; data: { cavalryId: string; infantryId: string; at: TurnPosition; outcome: RideDownOutcome & { applied: MeleeApplied }; dice: DiceUsed } };

/** The attacker's charge of this phase, refusing when there is none. */
function lastCharge(s: BattleState, u: Unit, rule: string): LastCharge {
  const last = chg(s).charges[u.id];
  if (!last || !samePhase(last.at, s.position)) refuse(say('charge.battle.followUp.notCharged', { unit: u.name, rule }));
  return last;
}

/** CHG-CONTINUE: the result occupies the target's position and the next target is near enough. */
export function decideContinue(s: BattleState, a: ChargeContinue, ctx: DecideContext): BattleEvent[] {
  const att = findUnit(s, a.attacker);
  const target = findUnit(s, a.target);
  checkActsFor(s, ctx.actor, att, say('charge.actsFor.continue'));
  checkEnemies(s, att, target, 'charge');
  const last = lastCharge(s, att, 'CHG-CONTINUE');
  if (last.continued) refuse(say('charge.battle.followUp.continuedAlready', { unit: att.name }));
  if (target.id === last.defenderId) refuse(say('charge.battle.followUp.wasTarget', { unit: target.name }));
  const o = checkContinue({ result: last.result, arm: armOf(att), distance: a.distance, pack });
  return [{ type: 'ChargeContinued', data: { attackerId: att.id, targetId: target.id, at: s.position, outcome: { ...o, attacker: att.name, target: target.name } } }];
}

/** CHG-RIDEDOWN after a charge that opened it: one MEL-D10 round, the infantry at -8, before its retreat. */
export function decideRideDown(s: BattleState, a: ChargeRideDown, ctx: DecideContext): BattleEvent[] {
  const cav = findUnit(s, a.cavalry);
  const inf = findUnit(s, a.infantry);
  checkActsFor(s, ctx.actor, cav, say('charge.actsFor.rideDown'));
  checkGmRulings(s, ctx.actor, given({ cavalry_modifiers: a.cavalryModifiers, infantry_modifiers: a.infantryModifiers, area: a.area }), 'MEL-D10, CHG-RIDEDOWN', say('charge.gmGives.rideDown'));
  const found = Object.values(chg(s).charges).find((c) => samePhase(c.at, s.position) && c.rideDown.status !== 'not-applicable' && c.rideDown.cavalry === cav.name && c.rideDown.infantry === inf.name);
  if (!found) refuse(say('charge.battle.followUp.noRideDown', { infantry: inf.name, cavalry: cav.name }));
  if (found.rodeDown) refuse(say('charge.battle.followUp.rodeDownAlready', { cavalry: cav.name, infantry: inf.name }));
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveRideDown({
      chance: found.rideDown,
      difference: found.difference,
      table: found.table,
      cavalry: { id: cav.name, ...(a.cavalryModifiers ? { modifiers: a.cavalryModifiers } : {}) },
      infantry: { id: inf.name, ...(a.infantryModifiers ? { modifiers: a.infantryModifiers } : {}) },
      ...(a.area ? { gm: { area: a.area } } : {}),
      dice: d,
      house: chargeHouse(s),
      pack,
    }),
  );
  return [{ type: 'ChargeRideDownResolved', data: { cavalryId: cav.id, infantryId: inf.id, at: s.position, outcome: { ...o, applied: meleeApplied(o, [cav, inf]) }, dice: used } }];
}

export function evolveContinued(d: BattleState, e: ChargeContinued): void {
  setCharge(d, e.data.attackerId, (c) => ({ ...c, continued: true }));
}

/** The melee round's losses, and the charge that opened the ride-down is spent, whichever unit charged. */
export function evolveRideDown(d: BattleState, e: ChargeRideDownResolved): void {
  applyMelee(d, e.data.outcome.applied);
  const { cavalryId, infantryId } = e.data;
  const [cav, inf] = e.data.outcome.rolls;
  noteMelee(d, e.data.at, e.data.outcome, [
    [cavalryId, cav.unit],
    [infantryId, inf.unit],
  ]);
  for (const [id, c] of Object.entries(chg(d).charges)) {
    if (samePhase(c.at, e.data.at) && ((id === cavalryId && c.defenderId === infantryId) || (id === infantryId && c.defenderId === cavalryId))) setCharge(d, id, (x) => ({ ...x, rodeDown: true }));
  }
}

export function describeContinued(e: ChargeContinued): Text {
  const o = e.data.outcome;
  return lines(say('charge.battle.followUp.continues', { attacker: o.attacker, target: o.target }), [...o.steps, say('charge.battle.followUp.rollIt', { attacker: o.attacker, target: o.target })]);
}

export function describeRideDown(e: ChargeRideDownResolved, s: BattleState): Text {
  const o = e.data.outcome;
  return lines(say('charge.battle.followUp.ridesDown', { cavalry: s.units[e.data.cavalryId]?.name ?? e.data.cavalryId, infantry: s.units[e.data.infantryId]?.name ?? e.data.infantryId, result: meleeHead(o) }), [...o.steps, ...meleeLines(o.applied, s)]);
}
