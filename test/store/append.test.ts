import { describe, expect, it } from 'vitest';
import { ConcurrencyError } from '../../src/store/types.ts';
import { created, memoryStore, meta, post, reply } from './fixtures.ts';

const count = (db: ReturnType<typeof memoryStore>['db'], table: string): number =>
  (db.$client.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('SqliteEventStore.append', () => {
  it('numbers the events of a new battle 1..n and load returns them with their data parsed', () => {
    const { store } = memoryStore();
    const out = store.append('b1', 0, [created('b1'), { type: 'SideAdded', data: { sideId: 's1', name: 'French' } }], meta('r1'), [], []);
    expect(out.status).toBe('appended');
    expect(store.version('b1')).toBe(2);
    const loaded = store.load('b1');
    expect(loaded.map((e) => [e.version, e.type, e.requestId])).toEqual([
      [1, 'BattleCreated', 'r1#0'],
      [2, 'SideAdded', 'r1#1'],
    ]);
    expect(loaded[1]!.data).toEqual({ sideId: 's1', name: 'French' });
    expect(out.status === 'appended' && out.events).toEqual(loaded);
    expect(store.load('b1', 1).map((e) => e.version)).toEqual([2]);
    expect(store.load('nope')).toEqual([]);
    expect(store.version('nope')).toBe(0);
  });

  it('refuses an append with the wrong expected version with ConcurrencyError and appends nothing', () => {
    const { db, store } = memoryStore();
    store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    const attempt = (): unknown =>
      store.append('b1', 0, [{ type: 'SideAdded', data: { sideId: 's1', name: 'French' } }], meta('r2'), [post('chan-1', 'x')], [reply('u1', 'ok')]);
    expect(attempt).toThrow(ConcurrencyError);
    try {
      attempt();
    } catch (err) {
      expect(err).toMatchObject({ battleId: 'b1', expected: 0, actual: 1 });
    }
    expect(() => store.append('b1', 5, [{ type: 'X', data: {} }], meta('r3'), [], [])).toThrow(ConcurrencyError);
    expect(store.version('b1')).toBe(1);
    expect(count(db, 'events')).toBe(1);
    expect(count(db, 'outbox')).toBe(0);
    expect(store.findRequest('r2')).toBeUndefined();
  });

  it('appends a repeated request id once and returns the first result, even when the repeat is stale', () => {
    const { db, store } = memoryStore();
    store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    const first = store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [post('chan-1', 'GM added')], [reply('u-gm', 'done')]);
    expect(first.status).toBe('appended');
    const again = store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [post('chan-1', 'GM added')], [reply('u-gm', 'again')]);
    expect(again).toEqual({ status: 'duplicate', result: { versions: [2], replies: [reply('u-gm', 'done')] } });
    expect(store.findRequest('r2')).toEqual({ versions: [2], replies: [reply('u-gm', 'done')] });
    expect(store.version('b1')).toBe(2);
    expect(count(db, 'outbox')).toBe(1);
  });

  it('stores a null request id as null on every event and keeps no request row', () => {
    const { db, store } = memoryStore();
    store.append('b1', 0, [created('b1'), { type: 'GmAdded', data: { user: 'u2' } }], meta(null), [], []);
    expect(store.load('b1').map((e) => e.requestId)).toEqual([null, null]);
    expect(count(db, 'requests')).toBe(0);
  });

  it('keeps a request that appended no events, so its repeat still returns the first reply', () => {
    const { store } = memoryStore();
    store.append('b1', 0, [], meta('r0'), [], [reply('u1', 'nothing to do')]);
    expect(store.append('b1', 0, [], meta('r0'), [], [reply('u1', 'other')])).toEqual({
      status: 'duplicate',
      result: { versions: [], replies: [reply('u1', 'nothing to do')] },
    });
    expect(store.version('b1')).toBe(0);
  });

  it('registers a battle from BattleCreated and marks it ended on BattleEnded, in creation order', () => {
    const { store } = memoryStore();
    store.append('b1', 0, [created('b1', 'chan-1', 'Ligny')], meta('r1', '2025-06-16T10:00:00.000Z'), [], []);
    store.append('b2', 0, [created('b2', 'chan-2', 'Wavre')], meta('r2', '2025-06-18T10:00:00.000Z'), [], []);
    store.append('b1', 1, [{ type: 'BattleEnded', data: { by: 'u-gm' } }], meta('r3'), [], []);
    expect(store.battles()).toEqual([
      { id: 'b1', channel: 'chan-1', name: 'Ligny', system: 'napoleonic', createdAt: '2025-06-16T10:00:00.000Z', ended: true },
      { id: 'b2', channel: 'chan-2', name: 'Wavre', system: 'napoleonic', createdAt: '2025-06-18T10:00:00.000Z', ended: false },
    ]);
  });

  it('rolls the whole append back when a BattleCreated lacks its name, system or channel', () => {
    const { db, store } = memoryStore();
    expect(() => store.append('b1', 0, [{ type: 'BattleCreated', data: { battleId: 'b1' } }], meta('r1'), [post('c', 'x')], [])).toThrow(
      /lacks name, system or channel/,
    );
    expect([count(db, 'events'), count(db, 'outbox'), count(db, 'requests'), count(db, 'battles')]).toEqual([0, 0, 0, 0]);
    expect(store.version('b1')).toBe(0);
  });

  it('rolls back events already inserted in the batch when a later event cannot be serialised', () => {
    const { db, store } = memoryStore();
    expect(() =>
      store.append('b1', 0, [created('b1'), { type: 'Bad', data: { n: 1n } }], meta('r1'), [post('chan-1', 'created')], [reply('u', 'ok')]),
    ).toThrow(TypeError);
    expect([count(db, 'events'), count(db, 'outbox'), count(db, 'requests'), count(db, 'battles')]).toEqual([0, 0, 0, 0]);
  });
});

describe('SqliteEventStore seeds', () => {
  it('keeps the seed apart from the log', () => {
    const { db, store } = memoryStore();
    store.saveSeed('b1', 'ab'.repeat(32));
    store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    expect(store.seed('b1')).toBe('ab'.repeat(32));
    expect(store.seed('b2')).toBeUndefined();
    const logText = JSON.stringify(db.$client.prepare('SELECT * FROM events').all());
    expect(logText).not.toContain('ab'.repeat(32));
  });

  it('lets a retried creation replace the seed before the battle has events, never after', () => {
    const { store } = memoryStore();
    store.saveSeed('b1', '01'.repeat(32));
    store.saveSeed('b1', '02'.repeat(32));
    expect(store.seed('b1')).toBe('02'.repeat(32));
    store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    store.saveSeed('b1', '03'.repeat(32));
    expect(store.seed('b1')).toBe('02'.repeat(32));
  });
});
