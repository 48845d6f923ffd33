import { expect } from 'vitest';
import type { Action } from '../../src/battle/actions.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import { english } from '../../src/i18n/text.ts';
import { scriptedStream } from './scripted-dice.ts';
import { given } from './spec.ts';

/**
 * A site where the value an action needs is found missing only after its dice (issue 37): the
 * action is held with exactly those dice logged, its event naming `need` and not the system's
 * refusal (`hidden`); then a GM's `resolved` action (the same with the value) resolves on the same
 * dice, re-read from their first word. Returns the resolution's events after HeldActionResumed.
 */
export function heldThenResolved(events: BattleEvent[], action: Action, actor: string, x: { need: RegExp; hidden: RegExp; dice: number[]; resolved: Action; more?: number[] }): BattleEvent[] {
  const out = given(events).when(action, actor, { dice: scriptedStream(...x.dice) }).events();
  expect(out).toHaveLength(1);
  const held = out[0]!;
  expect(held).toMatchObject({ type: 'ActionHeld', data: { actor, action, dice: { from: 0, to: x.dice.length, rolls: x.dice.map((result) => ({ result })) } } });
  // The need as a reader reads it (in English), and as the log keeps it (a phrase's data): neither tells what the dice hide.
  const need = (held as Extract<BattleEvent, { type: 'ActionHeld' }>).data.need;
  const text = JSON.stringify(english(need));
  expect(text).toMatch(x.need);
  expect(text).not.toMatch(x.hidden);
  expect(JSON.stringify(need)).not.toMatch(x.hidden);
  const resumed = given([...events, held]).when(x.resolved, 'gm', { dice: scriptedStream(), diceFrom: () => scriptedStream(...x.dice, ...(x.more ?? [])) }).events();
  expect(resumed[0]).toMatchObject({ type: 'HeldActionResumed', data: { by: 'gm', held: events.length + 1, from: 0 } });
  const rolled = resumed.slice(1).map((e) => (e.data as { dice?: { rolls: { result: number }[] } }).dice?.rolls ?? []).flat().map((r) => r.result);
  expect(rolled.slice(0, x.dice.length)).toEqual(x.dice);
  return resumed.slice(1);
}
