import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import { findUnit, samePhase } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import type { TestResult } from '../index.ts';
import { checkInPlay, phaseId, phaseText, setUnit, status, subPhase, unitName } from './state.ts';

/** A unit's morale test as the GM gives its result (BRG-2.2.1, BRG-3.2.3, BRG-3.4.4): the source does not say how it is rolled. */
export type MoraleAction = { type: 'BrigadeMoraleResult'; unit: string; result: TestResult; elephants?: boolean };

export type MoraleEvent = { type: 'BrigadeMoraleRecorded'; data: { at: TurnPosition; sub: string; unitId: string; result: TestResult; by: string; elephants: boolean } };

/** The GM's result of a unit's morale test (how it is rolled is not in the source): once per phase or sub-phase, unless stampeding elephants (BRG-2.2.2, BRG-3.2.3). */
export function moraleResult(s: BattleState, a: MoraleAction, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  checkInPlay(s, u);
  const pid = phaseId(s.position);
  if (pid !== 'BRG-2' && pid !== 'BRG-3') refuse(say('brigade.morale.when', { now: phaseText(s.position.phase) }));
  const sub = subPhase(s);
  const m = status(s, u.id).morale;
  if (m && samePhase(m.at, s.position) && m.sub === sub && !a.elephants) {
    refuse(say('brigade.morale.once', { unit: u.name, sub: sub === pid ? 'phase' : 'sub', result: m.result }));
  }
  return [{ type: 'BrigadeMoraleRecorded', data: { at: s.position, sub, unitId: u.id, result: a.result, by: ctx.actor, elephants: a.elephants ?? false } }];
}

export function evolveMorale(d: BattleState, e: MoraleEvent): void {
  switch (e.type) {
    case 'BrigadeMoraleRecorded':
      setUnit(d, e.data.unitId, (st) => ({ ...st, morale: { at: e.data.at, sub: e.data.sub, result: e.data.result } }));
      return;
  }
}

export function describeMorale(e: MoraleEvent, s: BattleState): Text {
  switch (e.type) {
    case 'BrigadeMoraleRecorded':
      return e.data.elephants
        ? say('brigade.morale.recordedAgain', { unit: unitName(s, e.data.unitId), result: e.data.result, sub: e.data.sub })
        : say('brigade.morale.recorded', { unit: unitName(s, e.data.unitId), result: e.data.result, sub: e.data.sub });
  }
}
