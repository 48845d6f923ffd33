import { expect } from 'vitest';
import type { Action } from '../../src/battle/actions.ts';
import { decide, type DecideContext } from '../../src/battle/decide.ts';
import { english, type Text } from '../../src/i18n/text.ts';
import { RuleError } from '../../src/rules/errors.ts';
import type { BattleEvent, LoggedEvent } from '../../src/battle/events.ts';
import { replay } from '../../src/battle/replay.ts';
import type { BattleState } from '../../src/battle/state.ts';
import type { StoredEvent } from '../../src/store/types.ts';

export const NOW = '2026-01-01T12:00:00.000Z';

/** The error `f` throws, which must be a `type`: any other is thrown on, and none fails the test. */
export function thrownAs<E>(type: abstract new (...args: never[]) => E, f: () => unknown): E {
  try {
    f();
  } catch (err) {
    if (err instanceof type) return err;
    throw err;
  }
  throw new Error(`no ${type.name}`);
}

/** Each given event as its own request, so each is one undoable action. */
export function logged(events: BattleEvent[], battleId = 'b1'): LoggedEvent[] {
  return events.map((event, i) => ({ battleId, version: i + 1, event, actor: 'gm', at: '2026-01-01T00:00:00.000Z', requestId: `r${i + 1}` }));
}

/** A stored event (a row of `umpire export`, or of store.load) as the battle folds it. */
export const toLogged = (e: StoredEvent): LoggedEvent => ({
  battleId: e.battleId,
  version: e.version,
  event: { type: e.type, data: e.data } as BattleEvent,
  actor: e.actor,
  at: e.at,
  requestId: e.requestId,
});

/** A text an event keeps (a phrase, or a string of an old log), matched by its English wording: `summary: worded('side South added')`. */
export const worded = (s: string): Text =>
  ({ asymmetricMatch: (t: unknown) => english(t as Text) === s, toString: () => 'worded', toAsymmetricMatcher: () => `worded(${JSON.stringify(s)})` }) as unknown as Text;

/** Given/when/then over the decider: `given(events).when(action, actor).then(events)` or `.refused(/why/)`. */
export function given(events: BattleEvent[], battleId = 'b1') {
  const state: BattleState = replay(battleId, logged(events, battleId));
  return {
    state,
    when(action: Action, actor = 'gm', ctx: Partial<DecideContext> = {}) {
      const run = () => decide(state, action, { actor, now: NOW, ...ctx });
      return {
        then(expected: BattleEvent[]) {
          expect(run()).toEqual(expected);
        },
        refused(why: RegExp) {
          expect(run).toThrow(RuleError);
          expect(run).toThrow(why);
        },
        events: run,
      };
    },
  };
}
