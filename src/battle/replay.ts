import { describeEvent } from './describe.ts';
import type { LoggedEvent } from './events.ts';
import { draft, own } from './draft.ts';
import { diceEnd, evolve, evolveOwned, type EventMeta } from './evolve.ts';
import { initialState, type BattleState } from './state.ts';

/**
 * The request a stored event came from: the store keeps `<requestId>#<index>` per row. Read for every
 * event a replay folds, so by hand rather than by a regular expression (a tenth of a replay's time).
 */
export function baseRequestId(requestId: string | null): string | null {
  if (requestId === null) return null;
  const hash = requestId.lastIndexOf('#');
  if (hash < 0 || hash === requestId.length - 1) return requestId;
  for (let i = hash + 1; i < requestId.length; i++) {
    const c = requestId.charCodeAt(i);
    if (c < 48 || c > 57) return requestId; // not a digit: no index to take off
  }
  return requestId.slice(0, hash);
}

// One describer for every event, not a closure each: a long replay allocates less.
const freshMeta = (): EventMeta => ({ version: 0, requestId: null, describe: describeEvent });

/** `meta` refilled for `e`: a fold of many events uses one, as evolveOwned keeps nothing of it. */
function refill(meta: EventMeta, e: LoggedEvent): EventMeta {
  meta.version = e.version;
  meta.requestId = baseRequestId(e.requestId);
  return meta;
}

/** Folds one more logged event into the state (no undo handling: see replay). Pure. */
export function fold(s: BattleState, e: LoggedEvent): BattleState {
  return evolve(s, e.event, refill(freshMeta(), e));
}

/**
 * The state after several logged events (no undo among them), from one copy of `s` rather than one
 * a event: an order of battle of thousands of units folds in linear time. `visit` sees each event
 * with the state just before it. Pure for the caller: `s` is left as it was.
 */
export function foldAll(s: BattleState, events: readonly LoggedEvent[], visit?: (e: LoggedEvent, before: BattleState) => void): BattleState {
  const d = draft(s);
  const meta = freshMeta();
  for (const e of events) {
    visit?.(e, d);
    evolveOwned(d, e.event, refill(meta, e));
  }
  return d;
}

/**
 * The state at `toVersion` (default: the end): the fold of the events up to it, skipping those an
 * `ActionUndone` up to it voided. Voided rolls still move the dice cursor: dice never go back; nor
 * do ballot ids.
 */
export function replay(battleId: string, events: readonly LoggedEvent[], toVersion = Infinity): BattleState {
  const voided = new Set<number>();
  for (const e of events) if (e.version <= toVersion && e.event.type === 'ActionUndone') for (const v of e.event.data.voids) voided.add(v);
  // A fresh state nobody else holds, folded in place (evolveOwned) for speed.
  const s = initialState(battleId);
  const meta = freshMeta();
  for (const e of events) {
    if (e.version > toVersion) break;
    if (voided.has(e.version)) {
      s.version = e.version;
      const rolled = diceEnd(e.event);
      if (rolled > s.diceCursor) s.diceCursor = rolled;
      // A ballot id, like a die, is never used twice: an undone ballot's DM buttons and scheduled
      // close name it, and must not reach a new ballot.
      if (e.event.type === 'BallotOpened') own(s, 'nextId').ballot = Math.max(s.nextId.ballot, Number(e.event.data.ballotId.slice(1)) + 1);
    } else evolveOwned(s, e.event, refill(meta, e));
  }
  return s;
}
