import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, findUnit, needDice } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { refuse } from '../../../rules/errors.ts';
import { chargeDirection, percentilePack as pack } from '../index.ts';
import { checkCombatTime } from './phase.ts';
import { setUnit, status } from './state.ts';
import { lines } from './words.ts';

/**
 * A cavalry charge declared: by day it bars the unit's fire this turn (PCT-11.23.3); at night the
 * declaration rolls its direction, which then holds for the turn (NIGHT-18.42).
 */

export type ChargeAction = { type: 'PercentileChargeDirection'; unit: string } | { type: 'PercentileDeclareCharge'; unit: string };

export interface ChargeOutcome {
  rule: 'NIGHT-18.42';
  unit: string;
  die: number;
  roll: number;
  direction: 'left' | 'straight' | 'right';
  degrees: number;
  /** The table's result: a phrase of the shipped pack's, a house-ruled text or an older log's as written. */
  text: Text;
}

export type ChargeEvent =
  | { type: 'PercentileChargeRolled'; data: { unitId: string; at: TurnPosition; outcome: ChargeOutcome; dice: DiceUsed } }
  | { type: 'PercentileChargeDeclared'; data: { unitId: string; at: TurnPosition } };

type ChargeEventOf<T extends ChargeEvent['type']> = Extract<ChargeEvent, { type: T }>;

/** PCT-11.23.3: a charge declared this turn, by day (/unit charge) or at night with its direction (NIGHT-18.42). */
export function declaredChargeThisTurn(s: BattleState, unitId: string): boolean {
  const st = status(s, unitId);
  return st.charge?.turn === s.position.turn || st.declaredCharge?.turn === s.position.turn;
}

/**
 * PCT-11.23.3: cavalry declares a charge, in any period; it may not fire this turn. At night the
 * declaration rolls its direction (NIGHT-18.42), as /night charge does.
 */
export function decideDeclareCharge(s: BattleState, a: Extract<ChargeAction, { type: 'PercentileDeclareCharge' }>, ctx: DecideContext): ChargeEvent[] {
  const u = findUnit(s, a.unit);
  if (s.position.period === 'night') return decideChargeDirection(s, { type: 'PercentileChargeDirection', unit: a.unit }, ctx);
  checkActsFor(s, ctx.actor, u, say('percentile.actsFor.charge'));
  checkCombatTime(s);
  if (u.attrs.arm !== 'cavalry') refuse(say('percentile.charge.notCavalry', { unit: u.name, arm: String(u.attrs.arm), rule: 'PCT-11.23.3' }));
  const st = status(s, u.id);
  if (st.morale === 'routing') refuse(say('percentile.charge.routing', { unit: u.name }));
  if (declaredChargeThisTurn(s, u.id)) refuse(say('percentile.charge.declaredAlready', { unit: u.name }));
  return [{ type: 'PercentileChargeDeclared', data: { unitId: u.id, at: s.position } }];
}

/** NIGHT-18.42: one 1D6 per unit under a Declared Cavalry Charge, on night turns; the direction then holds. */
export function decideChargeDirection(s: BattleState, a: Extract<ChargeAction, { type: 'PercentileChargeDirection' }>, ctx: DecideContext): ChargeEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, say('percentile.actsFor.charge'));
  if (u.attrs.arm !== 'cavalry') refuse(say('percentile.charge.notCavalry', { unit: u.name, arm: String(u.attrs.arm), rule: 'NIGHT-18.42' }));
  if (s.position.period !== 'night') refuse(say('percentile.charge.nightOnly'));
  const st = status(s, u.id);
  if (st.morale === 'routing') refuse(say('percentile.charge.routing', { unit: u.name }));
  if (st.charge?.turn === s.position.turn) refuse(say('percentile.charge.fixed', { unit: u.name, direction: st.charge.direction }));
  const { value: r, dice: used } = needDice(ctx.dice).take((d) => chargeDirection(d, pack.night));
  return [{ type: 'PercentileChargeRolled', data: { unitId: u.id, at: s.position, outcome: { ...r, unit: u.name }, dice: used } }];
}

export function applyChargeRolled(d: BattleState, e: ChargeEventOf<'PercentileChargeRolled'>): void {
  setUnit(d, e.data.unitId, (st) => ({ ...st, charge: { turn: e.data.at.turn, direction: e.data.outcome.direction, degrees: e.data.outcome.degrees } }));
}

export function applyChargeDeclared(d: BattleState, e: ChargeEventOf<'PercentileChargeDeclared'>): void {
  setUnit(d, e.data.unitId, (st) => ({ ...st, declaredCharge: { turn: e.data.at.turn } }));
}

export function describeChargeRolled(e: ChargeEventOf<'PercentileChargeRolled'>): Text {
  const o = e.data.outcome;
  return lines(say('percentile.charge.rolledHead', { unit: o.unit, direction: o.direction }), [
    say('percentile.charge.rolledDie', { die: String(o.die), roll: String(o.roll) }),
    say('percentile.charge.rolledRule', { text: o.text }),
    say('percentile.charge.rolledFixed'),
  ]);
}

export function describeChargeDeclared(e: ChargeEventOf<'PercentileChargeDeclared'>, s: BattleState): Text {
  const name = s.units[e.data.unitId]?.name ?? e.data.unitId;
  return say('percentile.charge.declared', { unit: name, turn: String(e.data.at.turn) });
}
