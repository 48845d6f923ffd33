import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import { checkActsFor, findUnit } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { refuse } from '../../../rules/errors.ts';
import { checkCombatTime } from './phase.ts';
import { setUnit, status } from './state.ts';

/** A unit that replaced a friend in a declared Shock Combat zone: no fire on the shock attackers this turn (PCT-11.86). */

export type ReplacementAction = { type: 'PercentileUnitReplaced'; unit: string };

export type ReplacementEvent = { type: 'PercentileUnitReplaced'; data: { unitId: string; at: TurnPosition } };

/** PCT-11.86: a unit that replaced a friendly unit in a declared Shock Combat zone (12.21) this turn. */
export function decideUnitReplaced(s: BattleState, a: ReplacementAction, ctx: DecideContext): ReplacementEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, say('percentile.actsFor.record'));
  checkCombatTime(s);
  if (status(s, u.id).replaced?.turn === s.position.turn) refuse(say('percentile.replacement.already', { unit: u.name }));
  return [{ type: 'PercentileUnitReplaced', data: { unitId: u.id, at: s.position } }];
}

export function applyUnitReplaced(d: BattleState, e: ReplacementEvent): void {
  setUnit(d, e.data.unitId, (st) => ({ ...st, replaced: { turn: e.data.at.turn } }));
}

export function describeUnitReplaced(e: ReplacementEvent, s: BattleState): Text {
  const name = s.units[e.data.unitId]?.name ?? e.data.unitId;
  return say('percentile.replacement.done', { unit: name, turn: String(e.data.at.turn) });
}
