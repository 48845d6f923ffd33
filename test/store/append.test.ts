import { describe, expect, it } from 'vitest';
import { rowHash, verifyChain } from '../../src/store/hash.ts';
import { ChannelTakenError, ConcurrencyError, type StoredEvent } from '../../src/store/types.ts';
import { created, meta, post, reply } from './fixtures.ts';
import { sqlite, storeKinds } from './stores.ts';

describe.each(storeKinds)('EventStore.append on $name', (kind) => {
  it('numbers the events of a new battle 1..n, answers the versions it wrote, and load returns them with their data parsed', async () => {
    const { store } = await kind.open();
    const out = (await store.append('b1', 0, [created('b1'), { type: 'SideAdded', data: { sideId: 's1', name: 'French' } }], meta('r1'), [], []));
    expect(out.status).toBe('appended');
    expect(await store.version('b1')).toBe(2);
    const loaded = (await store.load('b1'));
    expect(loaded.map((e) => [e.version, e.type, e.requestId])).toEqual([
      [1, 'BattleCreated', 'r1#0'],
      [2, 'SideAdded', 'r1#1'],
    ]);
    expect(loaded[1]!.data).toEqual({ sideId: 's1', name: 'French' });
    expect(out).toEqual({ status: 'appended', versions: [1, 2] });
    expect((await store.load('b1', 1)).map((e) => e.version)).toEqual([2]);
    expect(await store.load('nope')).toEqual([]);
    expect(await store.version('nope')).toBe(0);
  });

  it('loadEntries gives the events load gives, as the battle folds them: no position or hash', async () => {
    const { store } = await kind.open();
    await store.append('b1', 0, [created('b1'), { type: 'SideAdded', data: { sideId: 's1', name: 'French' } }], meta('r1'), [], []);
    await store.append('b1', 2, [{ type: 'GmAdded', data: { user: 'u2' } }], meta(null), [], []);
    const entry = (e: StoredEvent) => ({ battleId: e.battleId, version: e.version, event: { type: e.type, data: e.data }, actor: e.actor, at: e.at, requestId: e.requestId });
    expect(await store.loadEntries('b1')).toEqual((await store.load('b1')).map(entry));
    expect(await store.loadEntries('b1', 1)).toEqual((await store.load('b1', 1)).map(entry));
    expect((await store.loadEntries('b1'))[2]).toStrictEqual({ battleId: 'b1', version: 3, event: { type: 'GmAdded', data: { user: 'u2' } }, actor: 'u-gm', at: '2025-06-16T14:00:00.000Z', requestId: null });
    expect(await store.loadEntries('nope')).toEqual([]);
  });

  it('refuses an append with the wrong expected version with ConcurrencyError and appends nothing', async () => {
    const { store, count } = await kind.open();
    await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    const attempt = store.append('b1', 0, [{ type: 'SideAdded', data: { sideId: 's1', name: 'French' } }], meta('r2'), [post('chan-1', 'x')], [reply('u1', 'ok')]);
    await expect(attempt).rejects.toThrow(ConcurrencyError);
    await expect(attempt).rejects.toMatchObject({ battleId: 'b1', expected: 0, actual: 1 });
    await expect(store.append('b1', 5, [{ type: 'X', data: {} }], meta('r3'), [], [])).rejects.toThrow(ConcurrencyError);
    expect(await store.version('b1')).toBe(1);
    expect(await count('events')).toBe(1);
    expect(await count('outbox')).toBe(0);
    expect(await store.findRequest('r2')).toBeUndefined();
  });

  it('given an event another writer appended after this store\'s last append, when this store appends at the version it last wrote, then ConcurrencyError naming the real head and nothing written; at the real head it appends after that event (issue 44: the head it remembers is a guess)', async () => {
    const { store, sql, count } = await kind.open();
    await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    await store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [], []);
    const other = 'f'.repeat(64);
    await sql(`INSERT INTO events (battle_id, version, type, data, actor, at, request_id, hash, result, salt) VALUES ('b1', 3, 'GmAdded', '{"user":"u3"}', 'u-gm', '2025-06-16T14:00:00.000Z', 'other#0', '${other}', NULL, NULL)`);
    const stale = store.append('b1', 2, [{ type: 'GmAdded', data: { user: 'u4' } }], meta('r3'), [post('chan-1', 'x')], []);
    await expect(stale).rejects.toMatchObject({ name: 'ConcurrencyError', battleId: 'b1', expected: 2, actual: 3 });
    expect(await count('events')).toBe(3);
    expect(await count('outbox')).toBe(0);
    const after = await store.append('b1', 3, [{ type: 'GmAdded', data: { user: 'u4' } }], meta('r3'), [], []);
    expect(after).toEqual({ status: 'appended', versions: [4] });
    const [row] = await sql(`SELECT hash FROM events WHERE battle_id = 'b1' AND version = 3`);
    expect(row!.hash).toBe(other);
    const chain = await store.chain('b1');
    expect(rowHash(other, 'b1', 4, { type: 'GmAdded', actor: 'u-gm', at: '2025-06-16T14:00:00.000Z', data: '{"user":"u4"}', salt: String(chain.rows[3]!.salt) })).toBe(chain.rows[3]!.hash);
  });

  it('given this store\'s last event removed behind its back (on SQLite by a hand that first drops the append-only guard), when it appends events with a post at the version it last wrote, then ConcurrencyError naming the real head and nothing written (issue 44: a guess ahead of the battle writes no gap)', async () => {
    const { store, tamper, count } = await kind.open();
    await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    await store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [], []);
    await tamper(`DELETE FROM events WHERE battle_id = 'b1' AND version = 2`);
    const ahead = store.append('b1', 2, [{ type: 'GmAdded', data: { user: 'u4' } }], meta('r3'), [post('chan-1', 'x')], []);
    await expect(ahead).rejects.toMatchObject({ name: 'ConcurrencyError', battleId: 'b1', expected: 2, actual: 1 });
    expect(await count('events')).toBe(1);
    expect(await count('outbox')).toBe(0);
  });

  it('given an event standing alone (no post, no seed, nothing registered: one statement on SQLite, issue 44) after the head this store remembers, when another writer appended after that head, or stored the request as a row of requests, then nothing is written and it answers ConcurrencyError naming the real head, or the first result', async () => {
    const { store, sql, count } = await kind.open();
    const gm = (user: string) => [{ type: 'GmAdded', data: { user } }];
    await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    await store.append('b1', 1, gm('u2'), meta('r2'), [], []);
    await sql(`INSERT INTO events (battle_id, version, type, data, actor, at, request_id, hash, result, salt) VALUES ('b1', 3, 'GmAdded', '{"user":"u3"}', 'u-gm', '2025-06-16T14:00:00.000Z', 'other#0', '${'f'.repeat(64)}', NULL, NULL)`);
    await expect(store.append('b1', 2, gm('u4'), meta('r3'), [], [])).rejects.toMatchObject({ name: 'ConcurrencyError', battleId: 'b1', expected: 2, actual: 3 });
    expect(await count('events')).toBe(3);

    await store.append('b2', 0, [created('b2', 'chan-2')], meta('r4'), [], []);
    await store.append('b2', 1, gm('u5'), meta('r7'), [], []);
    await sql(`INSERT INTO requests (request_id, battle_id, result, at) VALUES ('r8', 'b2', '${JSON.stringify({ versions: [], replies: [reply('u-gm', 'nothing')] })}', 'x')`);
    expect(await store.append('b2', 2, gm('u6'), meta('r8'), [], [])).toEqual({ status: 'duplicate', result: { versions: [], replies: [reply('u-gm', 'nothing')] } });
    expect([await store.version('b2'), await count('events')]).toEqual([2, 5]);
    // The chain holds after each refusal: the next event stands on the real head.
    expect(await store.append('b2', 2, gm('u7'), meta('r9'), [], [])).toEqual({ status: 'appended', versions: [3] });
    const chain = await store.chain('b2');
    const [, second, third] = chain.rows;
    expect(rowHash(String(second!.hash), 'b2', 3, { type: 'GmAdded', actor: 'u-gm', at: '2025-06-16T14:00:00.000Z', data: '{"user":"u7"}', salt: String(third!.salt) })).toBe(third!.hash);
  });

  it('appends a repeated request id once and returns the first result, even when the repeat is stale', async () => {
    const { store, count } = await kind.open();
    await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    const first = (await store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [post('chan-1', 'GM added')], [reply('u-gm', 'done')]));
    expect(first.status).toBe('appended');
    const again = (await store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [post('chan-1', 'GM added')], [reply('u-gm', 'again')]));
    expect(again).toEqual({ status: 'duplicate', result: { versions: [2], replies: [reply('u-gm', 'done')] } });
    expect(await store.findRequest('r2')).toEqual({ versions: [2], replies: [reply('u-gm', 'done')] });
    expect(await store.version('b1')).toBe(2);
    expect(await count('outbox')).toBe(1);
  });

  it('given a request stored, when it is repeated at the current version (the app checks no request before an append, issue 44), then it appends nothing and returns the first result', async () => {
    const { store, count, sql } = await kind.open();
    await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    // A request of events, repeated with none; and one stored as a row of requests, repeated with events.
    await store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [], [reply('u-gm', 'done')]);
    expect(await store.append('b1', 2, [], meta('r2'), [], [reply('u-gm', 'again')])).toEqual({ status: 'duplicate', result: { versions: [2], replies: [reply('u-gm', 'done')] } });
    await sql(`INSERT INTO requests (request_id, battle_id, result, at) VALUES ('r3', 'b1', '${JSON.stringify({ versions: [], replies: [reply('u-gm', 'nothing')] })}', 'x')`);
    expect(await store.append('b1', 2, [{ type: 'GmAdded', data: { user: 'u3' } }], meta('r3'), [post('chan-1', 'x')], [])).toEqual({ status: 'duplicate', result: { versions: [], replies: [reply('u-gm', 'nothing')] } });
    expect([await store.version('b1'), await count('requests'), await count('outbox')]).toEqual([2, 1, 0]);
    // A new request still goes through after them.
    expect((await store.append('b1', 2, [{ type: 'GmAdded', data: { user: 'u4' } }], meta('r4'), [], [])).status).toBe('appended');
  });

  it('stores a null request id as null on every event and keeps no request row', async () => {
    const { store, count } = await kind.open();
    await store.append('b1', 0, [created('b1'), { type: 'GmAdded', data: { user: 'u2' } }], meta(null), [], []);
    expect((await store.load('b1')).map((e) => e.requestId)).toEqual([null, null]);
    expect(await count('requests')).toBe(0);
  });

  it('keeps a request that appended no events, so its repeat still returns the first reply', async () => {
    const { store } = await kind.open();
    await store.append('b1', 0, [], meta('r0'), [], [reply('u1', 'nothing to do')]);
    expect((await store.append('b1', 0, [], meta('r0'), [], [reply('u1', 'other')]))).toEqual({
      status: 'duplicate',
      result: { versions: [], replies: [reply('u1', 'nothing to do')] },
    });
    expect(await store.version('b1')).toBe(0);
  });

  it("keeps a request's result on its first event's row: one row per event, none in requests", async () => {
    const { store, count, sql } = await kind.open();
    await store.append('b1', 0, [created('b1'), { type: 'GmAdded', data: { user: 'u2' } }], meta('r1'), [], [reply('u-gm', 'created')]);
    expect(await count('requests')).toBe(0);
    expect(await count('events')).toBe(2);
    expect((await sql("SELECT request_id, result FROM events ORDER BY version")).map((r) => [r.request_id, r.result === null ? null : JSON.parse(String(r.result))])).toEqual([
      ['r1#0', { versions: [1, 2], replies: [reply('u-gm', 'created')] }],
      ['r1#1', null],
    ]);
    expect(await store.findRequest('r1')).toEqual({ versions: [1, 2], replies: [reply('u-gm', 'created')] });
    expect(await store.findRequest('r1#0')).toBeUndefined();
  });

  it('answers a repeat of a request an older Umpire stored as a row of requests', async () => {
    const { store, sql } = await kind.open();
    await store.append('b1', 0, [created('b1')], meta(null), [], []);
    await sql(`INSERT INTO requests (request_id, battle_id, result, at) VALUES ('old', 'b1', '${JSON.stringify({ versions: [1], replies: [reply('u-gm', 'first')] })}', 'x')`);
    expect(await store.findRequest('old')).toEqual({ versions: [1], replies: [reply('u-gm', 'first')] });
    expect(await store.append('b1', 0, [created('b1')], meta('old'), [], [])).toEqual({ status: 'duplicate', result: { versions: [1], replies: [reply('u-gm', 'first')] } });
  });

  it('finds the battle running in a channel (the one holding its claim) and a battle by id', async () => {
    const { store } = await kind.open();
    await store.append('b1', 0, [created('b1', 'chan-1', 'Ligny')], meta('r1'), [], []);
    await store.append('b2', 0, [created('b2', 'chan-2', 'Wavre')], meta('r2'), [], []);
    expect((await store.runningIn('chan-1'))?.id).toBe('b1');
    await store.append('b1', 1, [{ type: 'BattleEnded', data: { by: 'u-gm' } }], meta('r3'), [], []);
    expect(await store.runningIn('chan-1')).toBeUndefined();
    await store.append('b3', 0, [created('b3', 'chan-1', 'Quatre Bras')], meta('r4'), [], []);
    expect(await store.runningIn('chan-1')).toMatchObject({ id: 'b3', name: 'Quatre Bras', ended: false });
    expect(await store.runningIn('chan-9')).toBeUndefined();
    expect(await store.battle('b1')).toMatchObject({ id: 'b1', channel: 'chan-1', name: 'Ligny', ended: true });
    expect(await store.battle('nope')).toBeUndefined();
  });

  it('given a battle running in a channel, when another battle is created there, then ChannelTakenError and nothing of it is written (issue 38)', async () => {
    const { store, count } = await kind.open();
    await store.append('c1-b1', 0, [created('c1-b1', 'x1', 'Campaign battle')], meta('r1'), [], []);
    const attempt = store.append('b1', 0, [created('b1', 'x1', 'Other')], { ...meta('r2'), seed: 'ab'.repeat(32) }, [post('x1', 'created')], [reply('u-gm', 'done')]);
    await expect(attempt).rejects.toThrow(ChannelTakenError);
    await expect(attempt).rejects.toMatchObject({ battleId: 'b1', channel: 'x1' });
    expect(await store.battle('b1')).toBeUndefined();
    expect(await store.version('b1')).toBe(0);
    expect(await store.seed('b1')).toBeUndefined();
    expect(await store.findRequest('r2')).toBeUndefined();
    expect([await count('events'), await count('outbox'), await count('channel_claims')]).toEqual([1, 0, 1]);
    expect((await store.runningIn('x1'))?.id).toBe('c1-b1');
    // Ended, the channel is free again.
    await store.append('c1-b1', 1, [{ type: 'BattleEnded', data: { by: 'u-gm' } }], meta('r3'), [], []);
    expect(await count('channel_claims')).toBe(0);
    await store.append('b1', 0, [created('b1', 'x1', 'Other')], meta('r4'), [], []);
    expect((await store.runningIn('x1'))?.id).toBe('b1');
  });

  it('given two battles running in one channel from before claims, the older holds the claim and the newer takes it when the older ends', async () => {
    const { store, sql } = await kind.open();
    await store.append('b1', 0, [created('b1', 'x1', 'Older')], meta('r1'), [], []);
    // As a store from before claims has them: the second battle registered without one.
    await store.append('b2', 0, [created('b2', 'x1', 'Newer')], { ...meta('r2'), unclaimed: true }, [], []);
    await store.append('b3', 0, [created('b3', 'x1', 'Newest')], { ...meta('r3'), unclaimed: true }, [], []);
    expect((await store.runningIn('x1'))?.id).toBe('b1');
    await store.append('b1', 1, [{ type: 'BattleEnded', data: { by: 'u-gm' } }], meta('r4'), [], []);
    expect((await store.runningIn('x1'))?.id).toBe('b2');
    await expect(store.append('b4', 0, [created('b4', 'x1')], meta('r5'), [], [])).rejects.toThrow(ChannelTakenError);
    await store.append('b2', 1, [{ type: 'BattleEnded', data: { by: 'u-gm' } }], meta('r6'), [], []);
    expect((await store.runningIn('x1'))?.id).toBe('b3');
    await store.append('b3', 1, [{ type: 'BattleEnded', data: { by: 'u-gm' } }], meta('r7'), [], []);
    expect(await store.runningIn('x1')).toBeUndefined();
    expect(await sql('SELECT * FROM channel_claims')).toEqual([]);
  });

  it('a battle created and ended in one append, or copied ended (unclaimed), claims nothing and frees nothing', async () => {
    const { store, count } = await kind.open();
    await store.append('b1', 0, [created('b1', 'x1')], meta('r1'), [], []);
    await store.append('b2', 0, [created('b2', 'x1'), { type: 'BattleEnded', data: { by: 'u-gm' } }], meta('r2'), [], []);
    await store.append('b3', 0, [created('b3', 'x1')], { ...meta('r3'), unclaimed: true }, [], []);
    await store.append('b3', 1, [{ type: 'BattleEnded', data: { by: 'u-gm' } }], meta('r4'), [], []);
    expect((await store.runningIn('x1'))?.id).toBe('b1');
    expect(await count('channel_claims')).toBe(1);
  });

  it('registers a battle from BattleCreated and marks it ended on BattleEnded, in creation order', async () => {
    const { store } = await kind.open();
    await store.append('b1', 0, [created('b1', 'chan-1', 'Ligny')], meta('r1', '2025-06-16T10:00:00.000Z'), [], []);
    await store.append('b2', 0, [created('b2', 'chan-2', 'Wavre')], meta('r2', '2025-06-18T10:00:00.000Z'), [], []);
    await store.append('b1', 1, [{ type: 'BattleEnded', data: { by: 'u-gm' } }], meta('r3'), [], []);
    expect(await store.battles()).toEqual([
      { id: 'b1', channel: 'chan-1', name: 'Ligny', system: 'napoleonic', createdAt: '2025-06-16T10:00:00.000Z', ended: true },
      { id: 'b2', channel: 'chan-2', name: 'Wavre', system: 'napoleonic', createdAt: '2025-06-18T10:00:00.000Z', ended: false },
    ]);
  });

  it('rolls the whole append back when a BattleCreated lacks its name, system or channel', async () => {
    const { store, count } = await kind.open();
    await expect(store.append('b1', 0, [{ type: 'BattleCreated', data: { battleId: 'b1' } }], meta('r1'), [post('c', 'x')], [])).rejects.toThrow(
      /lacks name, system or channel/,
    );
    expect(await Promise.all(['events', 'outbox', 'requests', 'battles'].map((t) => count(t)))).toEqual([0, 0, 0, 0]);
    expect(await store.version('b1')).toBe(0);
  });

  it('rolls back events already inserted in the batch when a later event cannot be serialised', async () => {
    const { store, count } = await kind.open();
    await expect(
      store.append('b1', 0, [created('b1'), { type: 'Bad', data: { n: 1n } }], meta('r1'), [post('chan-1', 'created')], [reply('u', 'ok')]),
    ).rejects.toThrow(TypeError);
    expect(await Promise.all(['events', 'outbox', 'requests', 'battles'].map((t) => count(t)))).toEqual([0, 0, 0, 0]);
  });
});

describe.each(storeKinds.filter((k) => k.name !== 'SQLite'))('EventStore.append on $name, whose statement checks its guess', (kind) => {
  it('given this store\'s last event removed behind its back, when an event standing alone is appended at the version it last wrote, then ConcurrencyError naming the real head and nothing written: the statement checks the head it guessed (issue 44)', async () => {
    const { store, tamper, count } = await kind.open();
    await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    await store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [], []);
    await tamper(`DELETE FROM events WHERE battle_id = 'b1' AND version = 2`);
    await expect(store.append('b1', 2, [{ type: 'GmAdded', data: { user: 'u4' } }], meta('r3'), [], [])).rejects.toMatchObject({ name: 'ConcurrencyError', battleId: 'b1', expected: 2, actual: 1 });
    expect(await count('events')).toBe(1);
  });
});

describe('EventStore.append on SQLite, whose log is append-only', () => {
  const kind = sqlite;

  it('refuses to change or remove an event, on any connection: the log is append-only (migration 0009), so a head this store wrote can only fall behind, which the unique (battle_id, version) index catches (issue 44)', async () => {
    const { store, sql, count } = await kind.open();
    await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    await store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [], []);
    const [before] = await sql(`SELECT data, hash FROM events WHERE battle_id = 'b1' AND version = 2`);
    await expect(sql(`DELETE FROM events WHERE battle_id = 'b1' AND version = 2`)).rejects.toThrow(/append-only: an event is never removed/);
    await expect(sql(`DELETE FROM events`)).rejects.toThrow(/append-only/);
    await expect(sql(`UPDATE events SET data = '{"user":"u9"}' WHERE battle_id = 'b1' AND version = 2`)).rejects.toThrow(/append-only: an event is never changed/);
    await expect(sql(`UPDATE events SET result = NULL`)).rejects.toThrow(/append-only/);
    expect(await count('events')).toBe(2);
    expect(await sql(`SELECT data, hash FROM events WHERE battle_id = 'b1' AND version = 2`)).toEqual([before]);
    // The head it remembers still holds: an event standing alone goes on from it.
    expect(await store.append('b1', 2, [{ type: 'GmAdded', data: { user: 'u4' } }], meta('r3'), [], [])).toEqual({ status: 'appended', versions: [3] });
    expect(verifyChain(await store.chain('b1'))).toEqual({ ok: true, count: 3, unsealed: 0 });
  });

  it('given the append-only guard dropped by a hand at the file and this store\'s last event removed, an event standing alone is written after the gap, which verify names (known limit: one statement reads no events, issue 44)', async () => {
    const { store, tamper } = await kind.open();
    await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    await store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [], []);
    await tamper(`DELETE FROM events WHERE battle_id = 'b1' AND version = 2`);
    expect(await store.append('b1', 2, [{ type: 'GmAdded', data: { user: 'u4' } }], meta('r3'), [], [])).toEqual({ status: 'appended', versions: [3] });
    expect(verifyChain(await store.chain('b1'))).toMatchObject({ ok: false, version: 2 });
  });
});

describe.each(storeKinds)('EventStore seeds on $name', (kind) => {
  it('keeps the seed apart from the log', async () => {
    const { store, sql } = await kind.open();
    await store.saveSeed('b1', 'ab'.repeat(32));
    await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    expect(await store.seed('b1')).toBe('ab'.repeat(32));
    expect(await store.seed('b2')).toBeUndefined();
    const logText = JSON.stringify(await sql('SELECT * FROM events'));
    expect(logText).not.toContain('ab'.repeat(32));
  });

  it('lets a retried creation replace the seed before the battle has events, never after', async () => {
    const { store } = await kind.open();
    await store.saveSeed('b1', '01'.repeat(32));
    await store.saveSeed('b1', '02'.repeat(32));
    expect(await store.seed('b1')).toBe('02'.repeat(32));
    await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    await store.saveSeed('b1', '03'.repeat(32));
    expect(await store.seed('b1')).toBe('02'.repeat(32));
  });
});
