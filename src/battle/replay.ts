import { describeEvent } from './describe.ts';
import type { LoggedEvent } from './events.ts';
import { evolve } from './evolve.ts';
import { initialState, type BattleState } from './state.ts';

/** The request a stored event came from: the store keeps `<requestId>#<index>` per row. */
export const baseRequestId = (requestId: string | null): string | null => (requestId === null ? null : requestId.replace(/#\d+$/, ''));

/** Folds one more logged event into the state (no undo handling: see replay). */
export function fold(s: BattleState, e: LoggedEvent): BattleState {
  return evolve(s, e.event, { version: e.version, requestId: baseRequestId(e.requestId), summary: describeEvent(e.event, s) });
}

/**
 * The state at `toVersion` (default: the end): the fold of the events up to it, skipping those an
 * `ActionUndone` up to it voided. Voided rolls still move the dice cursor: dice never go back.
 */
export function replay(battleId: string, events: readonly LoggedEvent[], toVersion = Infinity): BattleState {
  const voided = new Set<number>();
  for (const e of events) if (e.version <= toVersion && e.event.type === 'ActionUndone') for (const v of e.event.data.voids) voided.add(v);
  let s = initialState(battleId);
  for (const e of events) {
    if (e.version > toVersion) break;
    if (voided.has(e.version)) {
      const rolled = (e.event.data as { dice?: { to: number } }).dice?.to ?? 0;
      s = { ...s, version: e.version, diceCursor: Math.max(s.diceCursor, rolled) };
    } else s = fold(s, e);
  }
  return s;
}
