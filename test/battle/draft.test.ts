import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BattleEvent } from '../../src/battle/events.ts';
import { fold, replay } from '../../src/battle/replay.ts';
import type { StoredEvent } from '../../src/store/types.ts';
import { logged, toLogged } from '../support/spec.ts';

/**
 * A fold copies a record of the state only when it writes to it (src/battle/draft.ts): these check
 * that no writer changes a record it shares, and that a fold gives what replay's in-place fold does.
 */

/** Freezes `x` and everything it holds, so a change in place throws (ES modules are strict). */
function deepFreeze<T>(x: T): T {
  if (x !== null && typeof x === 'object' && !Object.isFrozen(x)) {
    Object.freeze(x);
    for (const v of Object.values(x)) deepFreeze(v);
  }
  return x;
}

const DIR = 'test/fixtures/replay';
const logs = readdirSync(DIR).filter((f) => f.endsWith('.jsonl') && !f.endsWith('.states.jsonl'));

describe('a fold', () => {
  it.each(logs)('of each event of %s leaves the state before it as it was, and gives the state replay does', (file) => {
    const events = readFileSync(`${DIR}/${file}`, 'utf8').trim().split('\n').map((l) => toLogged(JSON.parse(l) as StoredEvent));
    const battleId = events[0]!.battleId;
    for (const e of events) {
      const before = deepFreeze(replay(battleId, events, e.version - 1));
      const after = fold(before, e);
      // An undo's effect is replay's: skipping what it voids.
      if (e.event.type !== 'ActionUndone') expect(after, `version ${e.version}`).toEqual(replay(battleId, events, e.version));
    }
  });

  it('shares the records it does not write with the state before it', () => {
    const events: BattleEvent[] = [
      { type: 'BattleCreated', data: { battleId: 'b1', name: 'Ligny', system: 'medieval', channel: 'table', gm: 'gm' } },
      { type: 'SideAdded', data: { sideId: 's1', name: 'French' } },
      { type: 'CommandAdded', data: { commandId: 'c1', name: 'III Corps', sideId: 's1' } },
      { type: 'UnitAdded', data: { unitId: 'u1', name: 'Guard', commandId: 'c1', attrs: { arm: 'infantry', figures: 24, class: 'A' } } },
    ];
    const rolled = (number: number, secret: boolean): BattleEvent => ({
      type: 'DiceRolled',
      data: { number, roller: 'gm', expression: '1d6', secret, output: '1d6 (4) = 4', total: 4, dice: { from: number - 1, to: number, rolls: [{ sides: 6, result: 4 }] } },
    });
    const log = logged([...events, rolled(1, true), rolled(2, false)]);
    const before = replay('b1', log.slice(0, -2));
    const secret = fold(before, log.at(-2)!);
    expect(secret.units).toBe(before.units);
    expect(secret.sides).toBe(before.sides);
    expect(secret.rolls).not.toBe(before.rolls);
    expect(before.rolls).toEqual({});
    expect(secret.rolls[1]?.total).toBe(4);
    // An open roll is not kept (state.ts): the record, however long the battle, is not copied for it.
    const open = fold(secret, log.at(-1)!);
    expect(open.rolls).toBe(secret.rolls);
    expect(open.nextId.roll).toBe(3);
  });
});
