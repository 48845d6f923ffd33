import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/battle/actions.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { replay } from '../../src/battle/replay.ts';
import { asLogged, Umpire } from '../../src/app/service/umpire.ts';
import { ConcurrencyError } from '../../src/store/types.ts';
import { DiceStream } from '../../src/dice/stream.ts';
import { memoryStore } from '../store/fixtures.ts';

const seed = Buffer.alloc(32, 7);
const fresh = () => {
  const { store, db } = memoryStore();
  return { store, db, app: new Umpire(store, { newSeed: () => seed }) };
};

const create: Action = { type: 'CreateBattle', name: 'Ligny', system: 'medieval', channel: 'table' };

describe('Umpire.handle', () => {
  it('creates battles with sequential ids and one running battle a channel', async () => {
    const { app } = fresh();
    expect((await app.handle(null, create, 'gm')).battleId).toBe('b1');
    await expect(app.handle(null, create, 'gm')).rejects.toThrow(/already has battle "Ligny" \(b1\)/);
    expect((await app.handle(null, { ...create, channel: 'other' }, 'gm')).battleId).toBe('b2');
  });

  it('appends a repeated request id once and returns the first result', async () => {
    const { app, store } = fresh();
    await app.handle(null, create, 'gm', 'req-1');
    const first = (await app.handle('b1', { type: 'AddSide', name: 'French' }, 'gm', 'req-2'));
    const again = (await app.handle('b1', { type: 'AddSide', name: 'French' }, 'gm', 'req-2'));
    expect(again.duplicate).toBe(true);
    expect(again.replies).toEqual(first.replies);
    expect(again.versions).toEqual(first.versions);
    expect((await store.version('b1'))).toBe(2);
  });

  it('retries once on fresh state when the append conflicts', async () => {
    const { app, store } = fresh();
    await app.handle(null, create, 'gm');
    const append = store.append.bind(store);
    let conflicts = 0;
    store.append = async (...args) => {
      if (conflicts++ === 0) {
        // Another process appends first.
        await append('b1', 1, [{ type: 'SideAdded', data: { sideId: 's1', name: 'French' } }], { actor: 'gm2', at: new Date().toISOString(), requestId: 'other' }, [], []);
        throw new ConcurrencyError('b1', 1, 2);
      }
      return append(...args);
    };
    const r = (await app.handle('b1', { type: 'AddSide', name: 'Prussians' }, 'gm'));
    expect(r.versions).toEqual([3]);
    expect(Object.values((await app.state('b1')).sides).map((s) => s.name)).toEqual(['French', 'Prussians']);
  });

  it('refuses on the retry when the fresh state makes the action invalid', async () => {
    const { app, store } = fresh();
    await app.handle(null, create, 'gm');
    const append = store.append.bind(store);
    store.append = async () => {
      store.append = append;
      await append('b1', 1, [{ type: 'SideAdded', data: { sideId: 's1', name: 'French' } }], { actor: 'gm2', at: new Date().toISOString(), requestId: 'other' }, [], []);
      throw new ConcurrencyError('b1', 1, 2);
    };
    await expect(app.handle('b1', { type: 'AddSide', name: 'French' }, 'gm')).rejects.toThrow(/already a side named "French"/);
    expect((await store.version('b1'))).toBe(2);
  });

  it('changes nothing when an action is refused', async () => {
    const { app, store } = fresh();
    await app.handle(null, create, 'gm');
    await expect(app.handle('b1', { type: 'AddSide', name: 'French' }, 'alice')).rejects.toThrow(RuleError);
    expect((await store.version('b1'))).toBe(1);
    expect((await store.undelivered()).length).toBe(1); // only the creation post
  });

  it('rolls after its words were drawn ahead what the seed gives (dice stream, BattleWords.ahead)', async () => {
    const { app } = fresh();
    await app.handle(null, create, 'gm');
    const rolled: { from: number; rolls: { sides: number; result: number }[] }[] = [];
    for (const expression of ['1d6', '3d10', '1d100', '2d6']) {
      const r = await app.handle('b1', { type: 'RollDice', expression, secret: false }, 'gm');
      const e = (await app.log('b1')).find((l) => l.version === r.versions[0])!.event;
      rolled.push((e.data as { dice: { from: number; rolls: { sides: number; result: number }[] } }).dice);
      // The words after the cursor are drawn between commands, as the bot idles between them.
      await new Promise((next) => setImmediate(next));
    }
    expect(rolled.map((d) => d.from)).toEqual([0, 1, 4, 5]);
    for (const d of rolled) {
      const stream = DiceStream.fromSeed(seed, 'b1', d.from);
      expect(d.rolls.map((r) => r.result)).toEqual(d.rolls.map((r) => stream.die(r.sides)));
    }
  });

  it('replays the state at any earlier version, undone actions included', async () => {
    const { app } = fresh();
    await app.handle(null, create, 'gm');
    await app.handle('b1', { type: 'AddSide', name: 'French' }, 'gm');
    await app.handle('b1', { type: 'AddSide', name: 'Prussians' }, 'gm');
    await app.handle('b1', { type: 'Undo' }, 'gm');
    const log = (await app.log('b1'));
    expect(Object.keys(replay('b1', log, 3).sides)).toEqual(['s1', 's2']);
    expect(Object.keys(replay('b1', log, 4).sides)).toEqual(['s1']);
    expect(Object.keys((await app.state('b1')).sides)).toEqual(['s1']);
    // The undone side's id is free again: replay skips the voided event that took it.
    await app.handle('b1', { type: 'AddSide', name: 'Austrians' }, 'gm');
    expect((await app.state('b1')).sides.s2?.name).toBe('Austrians');
  });
});

/** Random actions over a small pool of names, so that many succeed and many are refused. */
const users = ['gm', 'alice', 'bob'];
const names = ['A', 'B', 'C'];
const actionArb: fc.Arbitrary<{ action: Action; actor: string }> = fc.record({
  actor: fc.constantFrom(...users),
  action: fc.oneof(
    fc.constantFrom(...users).map((user): Action => ({ type: 'AddGm', user })),
    fc.constantFrom(...users).map((user): Action => ({ type: 'RemoveGm', user })),
    fc.constantFrom(...names).map((name): Action => ({ type: 'AddSide', name })),
    fc.constantFrom(...names).map((side): Action => ({ type: 'JoinSide', side })),
    fc.tuple(fc.constantFrom(...names), fc.constantFrom(...names)).map(([name, side]): Action => ({ type: 'AddCommand', name: `cmd ${name}`, side })),
    fc.tuple(fc.constantFrom(...names), fc.constantFrom(...users)).map(([c, user]): Action => ({ type: 'AssignCommand', command: `cmd ${c}`, user })),
    fc
      .tuple(fc.constantFrom(...names), fc.constantFrom(...names), fc.integer({ min: 0, max: 30 }))
      .map(([u, c, figures]): Action => ({ type: 'AddUnit', name: `unit ${u}`, command: `cmd ${c}`, attrs: { arm: 'infantry', figures, class: 'C', order: 'close', formation: 'line', armour: 'light', melee_weapon: 'spear' } })),
    fc.tuple(fc.constantFrom(...names), fc.integer({ min: 0, max: 30 })).map(([u, figures]): Action => ({ type: 'EditUnit', unit: `unit ${u}`, attrs: { figures } })),
    fc.constantFrom(...names).map((u): Action => ({ type: 'RemoveUnit', unit: `unit ${u}` })),
    fc.constant<Action>({ type: 'AdvancePhase' }),
    fc.constant<Action>({ type: 'AdvanceTurn' }),
    fc.constant<Action>({ type: 'Undo' }),
    fc.constant<Action>({ type: 'Undo' }),
    fc.constant<Action>({ type: 'EndBattle' }),
  ),
});

describe('replay equals the live state (property)', () => {
  it('for random action sequences, the state rebuilt from the log equals the live state after every action', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(actionArb, { maxLength: 40 }), async (steps) => {
        const { app, store, db } = fresh();
        await app.handle(null, create, 'gm');
        for (const { action, actor } of steps) {
          try {
            await app.handle('b1', action, actor);
          } catch (err) {
            if (!(err instanceof RuleError)) throw err;
          }
          const live = (await app.state('b1'));
          const rebuilt = replay('b1', asLogged(await store.loadEntries('b1')));
          expect(live).toEqual(rebuilt);
        }
        db.$client.close();
      }),
      { numRuns: 60, seed: 20261122 },
    );
  });
});
