import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import { checkActsFor, findUnit, unitSideId } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { checkInPlay, checkPhase, combatNow, lines, setCombat, sideOfUnit, unitName } from './state.ts';

/**
 * Counter-charges (BRG-3.4.1). The seed names counter-charging units only where it lets those that
 * won their melee charge again: it does not say who may counter-charge, when, how far, or whether a
 * counter-charger tests morale. The umpire records the fact where it can check it from the log: an
 * enemy unit charged in this sub-phase, and the counter-charger's melee has not been resolved yet.
 * The first melee it fights after that decides whether it may exploit (BRG-3.4.1, BRG-3.4.1.2).
 */
export type CounterChargeAction = { type: 'BrigadeCounterCharge'; unit: string; target: string };

export type CounterChargeEvent = { type: 'BrigadeCounterCharged'; data: { at: TurnPosition; unitId: string; targetId: string; exploitation: boolean; steps: Text[] } };

export function counterCharge(s: BattleState, a: CounterChargeAction, ctx: DecideContext): BattleEvent[] {
  checkPhase(s, 'BRG-3', say('brigade.counterCharge.when'));
  const u = findUnit(s, a.unit);
  const target = findUnit(s, a.target);
  checkActsFor(s, ctx.actor, u, say('brigade.actsFor.counterCharge'));
  if (unitSideId(s, u) === unitSideId(s, target)) refuse(say('brigade.counterCharge.sameSide', { unit: u.name, target: target.name, side: sideOfUnit(s, u) }));
  const c = combatNow(s);
  const exploitation = c?.exploiting !== undefined;
  const charges = c?.charges.filter((x) => x.exploitation === exploitation) ?? [];
  if (!charges.some((x) => x.unitId === target.id)) refuse(say('brigade.counterCharge.notCharged', { target: target.name }));
  if (charges.some((x) => x.unitId === u.id)) refuse(say('brigade.counterCharge.isCharger', { unit: u.name }));
  const before = c?.counters?.find((x) => x.unitId === u.id && x.exploitation === exploitation);
  if (before) refuse(say('brigade.counterCharge.already', { unit: u.name, target: unitName(s, before.targetId) }));
  // Before exploitation every melee of the phase is this sub-phase's: one already fought cannot be met by a counter-charge.
  if (!exploitation && c?.melee[u.id]) refuse(say('brigade.counterCharge.meleeResolved', { unit: u.name }));
  checkInPlay(s, u);
  const steps: Text[] = [say('brigade.counterCharge.step', { unit: u.name, target: target.name }), say('brigade.counterCharge.source')];
  return [{ type: 'BrigadeCounterCharged', data: { at: s.position, unitId: u.id, targetId: target.id, exploitation, steps } }];
}

export function evolveCounterCharge(d: BattleState, e: CounterChargeEvent): void {
  const { at, unitId, targetId, exploitation } = e.data;
  setCombat(d, at, (c) => ({ ...c, counters: [...(c.counters ?? []), { unitId, targetId, exploitation }] }));
}

export const describeCounterCharge = (e: CounterChargeEvent, s: BattleState): Text => lines(say('brigade.counterCharge.head', { unit: unitName(s, e.data.unitId), target: unitName(s, e.data.targetId) }), e.data.steps);
