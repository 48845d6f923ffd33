import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toLogged } from '../../src/app/umpire.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import { fold, replay } from '../../src/battle/replay.ts';
import type { StoredEvent } from '../../src/store/types.ts';
import { logged } from '../support/spec.ts';

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
    const log = logged([...events, { type: 'DiceRolled', data: { number: 1, roller: 'gm', expression: '1d6', secret: false, output: '1d6 (4) = 4', total: 4, dice: { from: 0, to: 1, rolls: [{ sides: 6, result: 4 }] } } }]);
    const before = replay('b1', log.slice(0, -1));
    const after = fold(before, log.at(-1)!);
    expect(after.units).toBe(before.units);
    expect(after.sides).toBe(before.sides);
    expect(after.rolls).not.toBe(before.rolls);
    expect(before.rolls).toEqual({});
    expect(after.rolls[1]?.total).toBe(4);
  });
});
