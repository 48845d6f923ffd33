import type { Text } from '../../../i18n/text.ts';
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

export type CounterChargeEvent = { type: 'BrigadeCounterCharged'; data: { at: TurnPosition; unitId: string; targetId: string; exploitation: boolean; steps: string[] } };

export function counterCharge(s: BattleState, a: CounterChargeAction, ctx: DecideContext): BattleEvent[] {
  checkPhase(s, 'BRG-3', 'Counter-charges are recorded');
  const u = findUnit(s, a.unit);
  const target = findUnit(s, a.target);
  checkActsFor(s, ctx.actor, u, 'counter-charge with it');
  if (unitSideId(s, u) === unitSideId(s, target)) refuse(`${u.name} and ${target.name} are both ${sideOfUnit(s, u)}'s; counter-charge an enemy unit.`);
  const c = combatNow(s);
  const exploitation = c?.exploiting !== undefined;
  const charges = c?.charges.filter((x) => x.exploitation === exploitation) ?? [];
  if (!charges.some((x) => x.unitId === target.id)) refuse(`${target.name} has not charged in this sub-phase: a counter-charge meets an enemy charge (BRG-3.4.1).`);
  if (charges.some((x) => x.unitId === u.id)) refuse(`${u.name} has charged in this sub-phase: it is a charger, not a counter-charger (BRG-3.4.1).`);
  const before = c?.counters?.find((x) => x.unitId === u.id && x.exploitation === exploitation);
  if (before) refuse(`${u.name} has counter-charged ${unitName(s, before.targetId)} in this sub-phase already (BRG-3.4.1).`);
  // Before exploitation every melee of the phase is this sub-phase's: one already fought cannot be met by a counter-charge.
  if (!exploitation && c?.melee[u.id]) refuse(`${u.name}'s melee in this phase is resolved already: a counter-charge is recorded before the melee it leads to (BRG-3.4.1).`);
  checkInPlay(s, u);
  const steps = [
    `${u.name} counter-charges ${target.name}, which charged in this sub-phase (BRG-3.4.1).`,
    'The source names counter-charging units only in BRG-3.4.1 (if it wins its melee it may charge again); it does not say who may counter-charge, when, how far, or whether it tests morale: the table and the GM rule on those.',
  ];
  return [{ type: 'BrigadeCounterCharged', data: { at: s.position, unitId: u.id, targetId: target.id, exploitation, steps } }];
}

export function evolveCounterCharge(d: BattleState, e: CounterChargeEvent): void {
  const { at, unitId, targetId, exploitation } = e.data;
  setCombat(d, at, (c) => ({ ...c, counters: [...(c.counters ?? []), { unitId, targetId, exploitation }] }));
}

export const describeCounterCharge = (e: CounterChargeEvent, s: BattleState): Text => lines(`${unitName(s, e.data.unitId)} counter-charges ${unitName(s, e.data.targetId)} (BRG-3.4.1)`, e.data.steps);
