import { expect } from 'vitest';
import type { Action } from '../../src/battle/actions.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import type { MedievalEvent } from '../../src/systems/medieval/battle/index.ts';
import { MEDIEVAL_PHASES } from '../../src/systems/medieval/sequence.ts';
import { scriptedStream } from './scripted-dice.ts';
import { given } from './spec.ts';

/** The medieval spec tests' shared steps (medieval.test.ts, medieval-reasons.test.ts): each builds its own roster with `unit`. */
export const unit = (unitId: string, name: string, commandId: string, attrs: Record<string, string | number>): BattleEvent => ({ type: 'UnitAdded', data: { unitId, name, commandId, attrs } });

/** Tudor (Oxford's command, alice's) against Royal (Norfolk's, bob's): the sides and commands a medieval spec's units join. */
export const TUDOR_AND_ROYAL: BattleEvent[] = [
  { type: 'SideAdded', data: { sideId: 's1', name: 'Tudor' } },
  { type: 'SideAdded', data: { sideId: 's2', name: 'Royal' } },
  { type: 'CommandAdded', data: { commandId: 'c1', name: 'Oxford', sideId: 's1' } },
  { type: 'CommandAdded', data: { commandId: 'c2', name: 'Norfolk', sideId: 's2' } },
  { type: 'CommandAssigned', data: { commandId: 'c1', user: 'alice' } },
  { type: 'CommandAssigned', data: { commandId: 'c2', user: 'bob' } },
];

export const phaseIndex = (id: string) => MEDIEVAL_PHASES.findIndex((p) => p.id === id);
/** The battle moved to turn `turn`, phase MED-SEQ.`n`. */
export const to = (turn: number, n: number): BattleEvent => ({
  type: 'PhaseAdvanced',
  data: { from: { turn: 1, phase: 0 }, to: { turn, phase: phaseIndex(`MED-SEQ.${n}`) }, phaseId: `MED-SEQ.${n}`, phaseName: 'x', due: [] },
});
/** Sides A and B chosen for `turn` (MED-SEQ.1): side s1 plays A unless said. */
export const sides = (turn: number, a: 's1' | 's2' = 's1'): BattleEvent => ({ type: 'MedievalSideChosen', data: { turn, sideId: a, as: 'A', a, b: a === 's1' ? 's2' : 's1' } });

/** The events `action` appends after `events`, with scripted dice. */
export const play = (events: BattleEvent[], action: Action, actor: string, ...dice: number[]) => given(events).when(action, actor, { dice: scriptedStream(...dice) }).events();
/** The one event of `type` they append. */
export const only = <T extends MedievalEvent['type']>(events: BattleEvent[], type: T) => {
  expect(events).toHaveLength(1);
  expect(events[0]!.type).toBe(type);
  return events[0] as Extract<MedievalEvent, { type: T }>;
};
