import type { Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, findUnit, needDice } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { refuse } from '../../../rules/errors.ts';
import { chargeDirection, percentilePack as pack } from '../index.ts';
import { checkCombatTime } from './phase.ts';
import { setUnit, status } from './state.ts';

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
  text: string;
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
  checkActsFor(s, ctx.actor, u, 'declare its charge');
  checkCombatTime(s);
  if (u.attrs.arm !== 'cavalry') refuse(`${u.name} is ${String(u.attrs.arm)}; only a cavalry unit declares a charge (PCT-11.23.3).`);
  const st = status(s, u.id);
  if (st.morale === 'routing') refuse(`${u.name} is routing and cannot declare a charge.`);
  if (declaredChargeThisTurn(s, u.id)) refuse(`${u.name} declared its charge this turn already.`);
  return [{ type: 'PercentileChargeDeclared', data: { unitId: u.id, at: s.position } }];
}

/** NIGHT-18.42: one 1D6 per unit under a Declared Cavalry Charge, on night turns; the direction then holds. */
export function decideChargeDirection(s: BattleState, a: Extract<ChargeAction, { type: 'PercentileChargeDirection' }>, ctx: DecideContext): ChargeEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, 'declare its charge');
  if (u.attrs.arm !== 'cavalry') refuse(`${u.name} is ${String(u.attrs.arm)}; only a cavalry unit declares a charge (NIGHT-18.42).`);
  if (s.position.period !== 'night') refuse('The charge direction roll is a night rule: it applies on night turns (NIGHT-18.42).');
  const st = status(s, u.id);
  if (st.morale === 'routing') refuse(`${u.name} is routing and cannot declare a charge.`);
  if (st.charge?.turn === s.position.turn) refuse(`${u.name}'s charge direction this turn is fixed already: ${st.charge.direction}; a player cannot alter it (NIGHT-18.42).`);
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
  return [
    `${o.unit} declares a cavalry charge at night: its direction is rolled, ${o.direction} (NIGHT-18.42)`,
    `• Direction die: 1D${o.die} rolled ${o.roll}.`,
    `• NIGHT-18.42: ${o.text}`,
    '• The direction is fixed for this turn.',
  ].join('\n');
}

export function describeChargeDeclared(e: ChargeEventOf<'PercentileChargeDeclared'>, s: BattleState): Text {
  const name = s.units[e.data.unitId]?.name ?? e.data.unitId;
  return `${name} declares a cavalry charge (turn ${e.data.at.turn}): it may not fire this turn (PCT-11.23.3).`;
}
