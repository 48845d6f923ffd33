import type { Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import { findUnit, samePhase } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import type { TestResult } from '../index.ts';
import { checkInPlay, phaseId, phaseName, setUnit, status, subPhase, unitName } from './state.ts';

/** A unit's morale test as the GM gives its result (BRG-2.2.1, BRG-3.2.3, BRG-3.4.4): the source does not say how it is rolled. */
export type MoraleAction = { type: 'BrigadeMoraleResult'; unit: string; result: TestResult; elephants?: boolean };

export type MoraleEvent = { type: 'BrigadeMoraleRecorded'; data: { at: TurnPosition; sub: string; unitId: string; result: TestResult; by: string; elephants: boolean } };

/** The GM's result of a unit's morale test (how it is rolled is not in the source): once per phase or sub-phase, unless stampeding elephants (BRG-2.2.2, BRG-3.2.3). */
export function moraleResult(s: BattleState, a: MoraleAction, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  checkInPlay(s, u);
  const pid = phaseId(s.position);
  if (pid !== 'BRG-2' && pid !== 'BRG-3') refuse(`Units test morale in the March and Volley phase (BRG-2.2.1) and the Close Combat phase (BRG-3.2.3, BRG-3.4.4); now it is ${phaseName(s.position)}.`);
  const sub = subPhase(s);
  const m = status(s, u.id).morale;
  if (m && samePhase(m.at, s.position) && m.sub === sub && !a.elephants) {
    refuse(`${u.name} has tested morale in this ${sub === pid ? 'phase' : 'sub-phase'} already (${m.result}); a unit need only test once per phase or sub-phase, unless affected by stampeding elephants (BRG-2.2.2, BRG-3.2.3).`);
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
      return `${unitName(s, e.data.unitId)} ${e.data.result} its morale test (${e.data.sub}; GM's result, the source does not say how a test is rolled${e.data.elephants ? '; tests again: stampeding elephants, BRG-2.2.2' : ''})`;
  }
}
