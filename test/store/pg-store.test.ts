import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Message } from '../../src/messages.ts';
import { eventHash, verifyChain } from '../../src/store/hash.ts';
import { english } from '../../src/i18n/text.ts';
import { StoreError } from '../../src/store/pg-errors.ts';
import { maskUrl, openPostgres } from '../../src/store/pg-open.ts';
import type { PgEventStore } from '../../src/store/pg-store.ts';
import { ConcurrencyError, type AppendMeta, type NewEvent } from '../../src/store/types.ts';
import { PATIENCE_MS } from '../support/patience.ts';
import { TABLES } from './stores.ts';

/**
 * The PostgreSQL store against the EventStore contract: always on PGlite in memory, and also on a
 * real server when TEST_DATABASE_URL is set (each run in a schema of its own, dropped at the end;
 * tables emptied before each test).
 */
const SERVER = process.env.TEST_DATABASE_URL;

const T0 = '2025-06-16T14:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

const created = (battleId: string, channel = 'chan-1', name = 'Quatre Bras'): NewEvent => ({
  type: 'BattleCreated',
  data: { battleId, name, system: 'napoleonic', channel, gm: 'u-gm' },
});
const side = (name: string): NewEvent => ({ type: 'SideAdded', data: { sideId: name.toLowerCase(), name } });
const meta = (requestId: string | null, when = T0, seed?: string): AppendMeta => ({ actor: 'u-gm', at: when, requestId, ...(seed ? { seed } : {}) });
const post = (channel: string, text: string): Message => ({ to: { kind: 'channel', channel }, text });
const dm = (user: string, text: string): Message => ({ to: { kind: 'dm', user }, text });
const reply = (user: string, text: string): Message => ({ to: { kind: 'reply', user, channel: 'chan-1' }, text });


async function rows<T>(store: PgEventStore, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await store.db.execute(query)) as unknown as { rows: T[] }).rows;
}
const count = async (store: PgEventStore, table: string) =>
  Number((await rows<{ n: number | string }>(store, sql.raw(`SELECT count(*) AS n FROM ${table}`)))[0]!.n);

/**
 * True when the store's connection is not left inside a transaction: then each statement is its own
 * transaction and two statements get two transaction ids. (On a pool, the next idle client answers:
 * the server tests also look at pg_stat_activity.)
 */
async function noOpenTransaction(store: PgEventStore): Promise<boolean> {
  const txid = async () => String((await rows<{ t: string | number }>(store, sql`SELECT txid_current() AS t`))[0]!.t);
  return (await txid()) !== (await txid());
}

/** A URL whose connections use `schema` as their search_path. */
function inSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

interface Backend {
  name: string;
  open(): Promise<PgEventStore>;
  /** The server's URL for this run's schema (server only). */
  url?: () => string;
}

const admin = SERVER ? new pg.Pool({ connectionString: SERVER, max: 4 }) : undefined;
const runSchema = `umpire_test_${process.pid}_${Date.now().toString(36)}`;

const backends: Backend[] = [{ name: 'PGlite in memory', open: () => openPostgres('pglite:') }];
if (SERVER && admin) {
  backends.push({
    name: 'a PostgreSQL server',
    open: async () => {
      await admin.query(`CREATE SCHEMA IF NOT EXISTS ${runSchema}`);
      return openPostgres(inSchema(SERVER, runSchema));
    },
    url: () => inSchema(SERVER, runSchema),
  });
}

/** Sessions of the store (application_name umpire) left inside a transaction on the server. */
async function idleInTransaction(): Promise<number> {
  const { rows: r } = await admin!.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state LIKE 'idle in transaction%' AND application_name = 'umpire'",
  );
  return r[0]!.n;
}

afterAll(async () => {
  if (admin) {
    await admin.query(`DROP SCHEMA IF EXISTS ${runSchema} CASCADE`);
    await admin.end();
  }
});

describe.each(backends)('PgEventStore on $name', (backend) => {
  let store: PgEventStore;
  beforeAll(async () => {
    store = await backend.open();
  });
  afterAll(async () => {
    await store?.close();
  });
  beforeEach(async () => {
    await store.db.execute(sql.raw(`TRUNCATE ${TABLES} RESTART IDENTITY`));
  });

  describe('append and load', () => {
    it('numbers the events of a new battle 1..n, and load returns them as append did, data parsed', async () => {
      const out = await store.append('b1', 0, [created('b1'), side('French')], meta('r1'), [post('chan-1', 'created')], [reply('u-gm', 'ok')]);
      expect(out.status).toBe('appended');
      expect(await store.version('b1')).toBe(2);
      const loaded = await store.load('b1');
      expect(loaded.map((e) => [e.battleId, e.version, e.type, e.actor, e.at, e.requestId])).toEqual([
        ['b1', 1, 'BattleCreated', 'u-gm', T0, 'r1#0'],
        ['b1', 2, 'SideAdded', 'u-gm', T0, 'r1#1'],
      ]);
      expect(loaded[1]!.data).toEqual({ sideId: 'french', name: 'French' });
      expect(loaded.every((e) => typeof e.position === 'number' && /^[0-9a-f]{64}$/.test(e.hash))).toBe(true);
      expect(out).toEqual({ status: 'appended', versions: [1, 2] });
      expect((await store.load('b1', 1)).map((e) => e.version)).toEqual([2]);
      expect(await store.load('nope')).toEqual([]);
      expect(await store.version('nope')).toBe(0);
      expect(await store.findRequest('r1')).toEqual({ versions: [1, 2], replies: [reply('u-gm', 'ok')] });
      expect(await store.findRequest('r2')).toBeUndefined();
    });

    it('stores the JSON text exactly as hashed: what JSON cannot say is read back as JSON says it', async () => {
      const data = { name: 'x\u0000y \uD83D lone', n: 1e21, nested: { undef: undefined, list: [1, 'two'] } };
      await store.append('b1', 0, [created('b1'), { type: 'Odd', data }], meta(null), [], []);
      const [, odd] = await store.load('b1');
      expect(odd!.data).toEqual(JSON.parse(JSON.stringify(data)));
      expect(odd!.requestId).toBeNull();
      const chain = await store.chain('b1');
      expect(chain.rows[1]!.data).toBe(JSON.stringify(data));
      expect(verifyChain(chain)).toEqual({ ok: true, count: 2, unsealed: 0 });
    });

    it('appends events no request caused (request id null) without recording a request', async () => {
      await store.append('b1', 0, [created('b1')], meta(null), [post('chan-1', 'x')], []);
      expect(await count(store, 'requests')).toBe(0);
      expect(await store.version('b1')).toBe(1);
    });
  });

  describe('the hash chain', () => {
    it('verifies over chain(): raw rows in version order, and `reached` from the requests\' results', async () => {
      await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
      await store.append('b1', 1, [side('French'), side('Allies')], meta('r2', at(1)), [], []);
      await store.append('b2', 0, [created('b2', 'chan-2')], meta('r3'), [], []);
      await store.append('b1', 3, [side('Prussians')], meta('r4', at(2)), [], []);
      const chain = await store.chain('b1');
      expect(chain.battleId).toBe('b1');
      expect(chain.reached).toBe(4);
      expect(chain.rows.map((r) => [r.version, r.request_id])).toEqual([[1, 'r1#0'], [2, 'r2#0'], [3, 'r2#1'], [4, 'r4#0']]);
      expect(Object.keys(chain.rows[0]!).sort()).toEqual(['actor', 'at', 'battle_id', 'data', 'hash', 'position', 'request_id', 'salt', 'type', 'version']);
      expect(chain.rows.every((r) => typeof r.position === 'number' && typeof r.version === 'number' && typeof r.data === 'string')).toBe(true);
      expect(verifyChain(chain)).toEqual({ ok: true, count: 4, unsealed: 0 });
      expect(verifyChain(await store.chain('b2'))).toEqual({ ok: true, count: 1, unsealed: 0 });
      expect(await store.chain('nope')).toEqual({ battleId: 'nope', rows: [], reached: 0 });
    });

    it('names the first bad version when a row is edited, and a deleted tail by its post', async () => {
      await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
      await store.append('b1', 1, [side('French'), side('Allies')], meta('r2'), [post('chan-1', 'sides')], []);
      await store.db.execute(sql`UPDATE events SET data = ${'{"sideId":"french","name":"Austrians"}'} WHERE battle_id = 'b1' AND version = 2`);
      expect(verifyChain(await store.chain('b1'))).toMatchObject({ ok: false, version: 2 });
      await store.db.execute(sql`DELETE FROM events WHERE battle_id = 'b1' AND version >= 2`);
      const chain = await store.chain('b1');
      expect(chain.reached).toBe(3);
      const failed = verifyChain(chain);
      expect(failed).toMatchObject({ ok: false, version: 2 });
      expect(!failed.ok && english(failed.reason)).toContain('the store recorded version 3');
    });

    it('reads how far an older log reached from its request rows, skipping one that is not JSON', async () => {
      await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
      await store.append('b1', 1, [side('French')], meta('r2'), [], []);
      await store.append('b1', 2, [side('Allies')], meta('r3'), [], []);
      // As an older database holds it: no result on the events, a request row each.
      await store.db.execute(sql`UPDATE events SET result = NULL`);
      await store.db.execute(sql`INSERT INTO requests (request_id, battle_id, result, at) VALUES
        ('r1', 'b1', '{"versions":"two"}', 'x'), ('r2', 'b1', '{"versions":[2],"replies":[]}', 'x'), ('r3', 'b1', 'not json', 'x')`);
      expect((await store.chain('b1')).reached).toBe(2);
      expect(await noOpenTransaction(store)).toBe(true);
    });
  });

  describe('optimistic concurrency and idempotency', () => {
    it('refuses a stale expected version with ConcurrencyError and writes nothing of it', async () => {
      await store.append('b1', 0, [created('b1')], meta('r1', T0, 'aa'), [], []);
      const stale = store.append('b1', 0, [side('French')], meta('r2', T0, 'bb'), [post('chan-1', 'lost')], [reply('u1', 'ok')]);
      await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
      await expect(stale).rejects.toMatchObject({ battleId: 'b1', expected: 0, actual: 1 });
      await expect(store.append('b1', 5, [side('French')], meta('r3'), [], [])).rejects.toMatchObject({ expected: 5, actual: 1 });
      expect(await store.version('b1')).toBe(1);
      expect(await count(store, 'outbox')).toBe(0);
      expect(await store.findRequest('r2')).toBeUndefined();
      expect(await store.seed('b1')).toBe('aa');
      expect(await noOpenTransaction(store)).toBe(true);
    });

    it('appends a repeated request id once and returns its first result, whatever the repeat carries', async () => {
      const first = await store.append('b1', 0, [created('b1')], meta('r1'), [post('chan-1', 'created')], [reply('u-gm', 'first')]);
      expect(first.status).toBe('appended');
      const again = await store.append('b1', 0, [created('b1')], meta('r1'), [post('chan-1', 'again')], [reply('u-gm', 'second')]);
      expect(again).toEqual({ status: 'duplicate', result: { versions: [1], replies: [reply('u-gm', 'first')] } });
      // Even with the right version now: a request happens once.
      const later = await store.append('b1', 1, [side('French')], meta('r1'), [], [reply('u-gm', 'third')]);
      expect(later).toEqual({ status: 'duplicate', result: { versions: [1], replies: [reply('u-gm', 'first')] } });
      expect(await store.version('b1')).toBe(1);
      expect((await store.undelivered()).map((r) => r.message.text)).toEqual(['created']);
    });

    it('appends a long batch (its events passed as JSON) with positions in version order, and the chain verifies', async () => {
      const sides = Array.from({ length: 40 }, (_, i) => side(`S${i}`));
      const out = await store.append('b1', 0, [created('b1'), ...sides], meta('r1'), [], []);
      const loaded = await store.load('b1');
      expect(out).toEqual({ status: 'appended', versions: loaded.map((e) => e.version) });
      expect(loaded.map((e) => e.version)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
      expect(loaded.every((e, i) => i === 0 || e.position > loaded[i - 1]!.position)).toBe(true);
      expect(verifyChain(await store.chain('b1'))).toEqual({ ok: true, count: 41, unsealed: 0 });
    });

    it('does not trust a head it knew once the log behind it changed: shorter, rewritten or emptied, it reads it again', async () => {
      await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
      await store.append('b1', 1, [side('French')], meta('r2'), [], []);
      // The log loses its tail behind the store's back: version 2 is too high now.
      await store.db.execute(sql`DELETE FROM events WHERE battle_id = 'b1' AND version = 2`);
      await expect(store.append('b1', 2, [side('Allies')], meta('r3'), [], [])).rejects.toMatchObject({ expected: 2, actual: 1 });
      await store.append('b1', 1, [side('Prussians')], meta('r4'), [], []);
      // Version 2 rewritten behind its back (hashed right): the next append chains on the hash stored.
      const first = (await store.load('b1'))[0]!;
      const data = JSON.stringify(side('Austrians').data);
      await store.db.execute(sql`DELETE FROM events WHERE battle_id = 'b1' AND version = 2`);
      await store.db.execute(
        sql`INSERT INTO events (battle_id, version, type, data, actor, at, request_id, hash)
            VALUES ('b1', 2, 'SideAdded', ${data}, 'u-gm', ${T0}, NULL, ${eventHash(first.hash, 'b1', 2, 'SideAdded', 'u-gm', T0, data)})`,
      );
      await store.append('b1', 2, [side('Swedes')], meta('r5'), [], []);
      expect((await store.load('b1')).map((e) => (e.data as { name?: string }).name)).toEqual(['Quatre Bras', 'Austrians', 'Swedes']);
      expect(verifyChain(await store.chain('b1'))).toEqual({ ok: true, count: 3, unsealed: 0 });
      // Emptied: nothing is appended after the version it knew.
      await store.db.execute(sql`TRUNCATE events, requests, battles RESTART IDENTITY`);
      await expect(store.append('b1', 3, [side('Danes')], meta('r6'), [], [])).rejects.toMatchObject({ expected: 3, actual: 0 });
      expect(await count(store, 'events')).toBe(0);
      expect(await noOpenTransaction(store)).toBe(true);
    });

    it('lets concurrent appends on one store through one at a time: versions 1..n, no gap, no repeat', async () => {
      await store.append('b1', 0, [created('b1')], meta('r0'), [], []);
      const conflicts = { n: 0 };
      await Promise.all(Array.from({ length: 12 }, (_, i) => appendWithRetry(store, 'b1', side(`S${i}`), `c${i}`, conflicts)));
      const versions = (await store.load('b1')).map((e) => e.version);
      expect(versions).toEqual(Array.from({ length: 13 }, (_, i) => i + 1));
      expect(verifyChain(await store.chain('b1'))).toEqual({ ok: true, count: 13, unsealed: 0 });
    });

    it('leaves no transaction open after a failure inside one, and the store goes on', async () => {
      await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
      // A BattleCreated without a name fails inside the transaction, after the events were inserted.
      await expect(store.append('b2', 0, [{ type: 'BattleCreated', data: { battleId: 'b2' } }], meta('r2'), [], [])).rejects.toThrow(/lacks name/);
      expect(await noOpenTransaction(store)).toBe(true);
      expect(await store.version('b2')).toBe(0);
      expect(await store.findRequest('r2')).toBeUndefined();
      // The same battle id created twice (in another channel, free to claim) trips battles' primary key: not a race, a StoreError.
      await expect(store.append('b1', 1, [created('b1', 'chan-2')], meta('r3'), [], [])).rejects.toBeInstanceOf(StoreError);
      expect(await noOpenTransaction(store)).toBe(true);
      expect(await store.version('b1')).toBe(1);
      if (admin) expect(await idleInTransaction()).toBe(0);
    });

    it('never puts secrets of a failed query in its error: no event data, no seed, no parameters', async () => {
      const secret = 'ballot-choice-attack-at-dawn';
      const seed = 'c0ffee'.repeat(10);
      await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
      const err: unknown = await store.append('b1', 1, [created('b1', 'chan-2'), { type: 'VoteCast', data: { choice: secret } }], meta('r2', T0, seed), [], []).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(StoreError);
      const seen = JSON.stringify(err, Object.getOwnPropertyNames(err)) + String(err) + JSON.stringify((err as Error).cause ?? null);
      expect(seen).toContain('battles_pkey');
      expect(seen).not.toContain(secret);
      expect(seen).not.toContain(seed);
      expect(err).not.toHaveProperty('params');
    });

    it('refuses, before writing, a hashed column PostgreSQL text cannot store (NUL, lone surrogate)', async () => {
      await expect(store.append('b\u0000', 0, [created('b1')], meta('r1'), [], [])).rejects.toThrow(/battle id .* NUL or a lone surrogate/);
      await expect(store.append('b1', 0, [created('b1')], { ...meta('r1'), actor: 'u\uD800' }, [], [])).rejects.toThrow(/actor/);
      expect(await count(store, 'events')).toBe(0);
    });
  });

  describe('dice seeds', () => {
    it('saves the seed in the append; replaces a seed only while the battle has no events', async () => {
      await store.saveSeed('b1', '01');
      await store.saveSeed('b1', '02');
      expect(await store.seed('b1')).toBe('02');
      await store.append('b1', 0, [created('b1')], meta('r1', T0, '03'), [], []);
      expect(await store.seed('b1')).toBe('03');
      await store.saveSeed('b1', '04');
      await store.append('b1', 1, [side('French')], meta('r2', T0, '05'), [], []);
      expect(await store.seed('b1')).toBe('03');
      expect(await store.seed('b2')).toBeUndefined();
      await store.append('b2', 0, [created('b2', 'chan-2')], meta('r3', T0, 'ab'), [], []);
      expect(await store.seed('b2')).toBe('ab');
    });
  });

  describe('the battles registry', () => {
    it('lists battles in creation order (not by their clock) with the ended flag, from BattleCreated and BattleEnded', async () => {
      await store.append('b1', 0, [created('b1', 'chan-1', 'Ligny')], meta('r1', at(60)), [], []);
      await store.append('b2', 0, [created('b2', 'chan-2', 'Wavre')], meta('r2', at(0)), [], []);
      await store.append('b1', 1, [{ type: 'BattleEnded', data: {} }], meta('r3', at(120)), [], []);
      expect(await store.battles()).toEqual([
        { id: 'b1', channel: 'chan-1', name: 'Ligny', system: 'napoleonic', createdAt: at(60), ended: true },
        { id: 'b2', channel: 'chan-2', name: 'Wavre', system: 'napoleonic', createdAt: at(0), ended: false },
      ]);
    });

    it('registers a battle created and ended in one append as ended', async () => {
      await store.append('b1', 0, [created('b1'), { type: 'BattleEnded', data: {} }], meta('r1'), [], []);
      expect((await store.battles()).map((b) => [b.id, b.ended])).toEqual([['b1', true]]);
    });

    it('keeps a name PostgreSQL text cannot hold with U+FFFD in the registry, and exactly in the log', async () => {
      await store.append('b1', 0, [created('b1', 'chan-1', 'Fuzz\u0000\uDC00')], meta('r1'), [], []);
      expect((await store.battles())[0]!.name).toBe('Fuzz\uFFFD\uFFFD');
      expect((await store.load('b1'))[0]!.data).toMatchObject({ name: 'Fuzz\u0000\uDC00' });
    });
  });

  describe('the outbox', () => {
    /** Battle b1 with `messages` in its creation's outbox. */
    async function withOutbox(messages: Message[]) {
      await store.append('b1', 0, [created('b1')], meta('r1'), messages, [reply('u-gm', 'created')]);
      return (await store.undelivered()).map((r) => r.id);
    }
    const texts = (rs: { message: Message }[]) => rs.map((r) => r.message.text);

    it('writes one row per message in the append, destination and message JSON-parsed back', async () => {
      await withOutbox([post('chan-1', 'one'), dm('u1', 'two'), post('chan-1', 'three')]);
      const rows = await store.undelivered();
      expect(rows.map((r) => [r.battleId, r.destination, r.message, r.attempts, r.createdAt])).toEqual([
        ['b1', { kind: 'channel', channel: 'chan-1' }, post('chan-1', 'one'), 0, T0],
        ['b1', { kind: 'dm', user: 'u1' }, dm('u1', 'two'), 0, T0],
        ['b1', { kind: 'channel', channel: 'chan-1' }, post('chan-1', 'three'), 0, T0],
      ]);
      const [raw] = await destinationTexts(store);
      expect(raw).toBe('{"kind":"channel","channel":"chan-1"}');
    });

    it('claims due rows oldest first; a later row waits while an older one to its destination is not due', async () => {
      const [one, two, , four] = await withOutbox([post('chan-1', 'one'), dm('u1', 'two'), post('chan-1', 'three'), post('chan-2', 'four')]);
      await store.markFailed(one!, 'HTTP 503', at(30));
      expect(texts(await store.claimOutbox('A', 10, at(1), at(11)))).toEqual(['two', 'four']);
      await store.markDelivered(two!, at(2));
      await store.markDelivered(four!, at(2));
      expect(texts(await store.claimOutbox('A', 10, at(31), at(41)))).toEqual(['one', 'three']);
      expect(texts(await store.claimOutbox('A', 1, at(31), at(41)))).toEqual(['one']);
      expect(await store.claimOutbox('A', 0, at(31), at(41))).toEqual([]);
    });

    it('does not give a row claimed by A to B until its lease passes, nor a later row to the same destination', async () => {
      await withOutbox([post('chan-1', 'one'), post('chan-1', 'two'), dm('u1', 'three')]);
      expect(texts(await store.claimOutbox('A', 1, at(0), at(30)))).toEqual(['one']);
      expect(texts(await store.claimOutbox('B', 10, at(10), at(40)))).toEqual(['three']);
      expect(await store.claimOutbox('C', 10, at(20), at(50))).toEqual([]);
      // A's lease is its own: A may take its row again (a restarted instance with the same id).
      expect(texts(await store.claimOutbox('A', 10, at(29), at(59)))).toEqual(['one', 'two']);
      // Once A's lease passed, B takes both, in order (and its own row again, its lease passed too).
      expect(texts(await store.claimOutbox('B', 10, at(60), at(90)))).toEqual(['one', 'two', 'three']);
      const claims = await rows<{ id: number; claimed_by: string; claimed_until: string }>(store, sql`SELECT id, claimed_by, claimed_until FROM outbox ORDER BY id`);
      expect(claims).toEqual([
        { id: 1, claimed_by: 'B', claimed_until: at(90) },
        { id: 2, claimed_by: 'B', claimed_until: at(90) },
        { id: 3, claimed_by: 'B', claimed_until: at(90) },
      ]);
    });

    it('markDelivered marks once and frees the claim; markFailed counts, sets the retry, frees the claim', async () => {
      const [one, two] = await withOutbox([post('chan-1', 'one'), post('chan-1', 'two')]);
      expect(texts(await store.claimOutbox('A', 10, at(0), at(60)))).toEqual(['one', 'two']);
      await store.markDelivered(one!, at(1));
      await store.markDelivered(one!, at(5));
      await store.markFailed(one!, 'too late', at(100));
      await store.markFailed(two!, 'HTTP 429', at(20));
      const stored = await rows<Record<string, unknown>>(store, sql`SELECT id, delivered_at, attempts, next_attempt_at, last_error, claimed_by, claimed_until FROM outbox ORDER BY id`);
      expect(stored).toEqual([
        { id: one, delivered_at: at(1), attempts: 0, next_attempt_at: null, last_error: null, claimed_by: null, claimed_until: null },
        { id: two, delivered_at: null, attempts: 1, next_attempt_at: at(20), last_error: 'HTTP 429', claimed_by: null, claimed_until: null },
      ]);
      // A's lease ran to 60 but the failure freed the row: B takes it once it is due.
      expect(await store.claimOutbox('B', 10, at(10), at(70))).toEqual([]);
      const [again] = await store.claimOutbox('B', 10, at(20), at(70));
      expect(again).toMatchObject({ id: two, attempts: 1 });
      expect(texts(await store.undelivered())).toEqual(['two']);
    });

    it('writes no outbox row when the append fails', async () => {
      await withOutbox([]);
      await expect(store.append('b1', 0, [side('x')], meta('r2'), [post('chan-1', 'lost')], [])).rejects.toBeInstanceOf(ConcurrencyError);
      expect(await store.undelivered()).toEqual([]);
    });
  });

  describe('delivery state', () => {
    it('records closed DMs per battle, holds each refused row once, releases them and reopens', async () => {
      const d = store.delivery;
      expect(await d.closedSince('u1')).toBeUndefined();
      expect(await d.told('u1', 'b1')).toBe(false);
      await d.refused('u1', 'b1', 7, dm('u1', 'seven'), at(1));
      await d.refused('u1', 'b1', 7, dm('u1', 'seven again'), at(3));
      await d.refused('u1', 'b2', 3, dm('u1', 'three'), at(2));
      expect(await d.closedSince('u1')).toBe(at(3));
      expect(await d.told('u1', 'b1')).toBe(true);
      expect(await d.told('u1', 'b3')).toBe(false);
      expect(await d.hasHeld('u1')).toBe(true);
      expect(await d.hasHeld('u2')).toBe(false);
      expect(await d.held('u1')).toEqual([
        { outboxId: 3, message: dm('u1', 'three') },
        { outboxId: 7, message: dm('u1', 'seven') },
      ]);
      await d.release([3]);
      await d.release([]);
      expect((await d.held('u1')).map((h) => h.outboxId)).toEqual([7]);
      await d.reopened('u1');
      expect(await d.closedSince('u1')).toBeUndefined();
      expect(await d.told('u1', 'b1')).toBe(false);
      expect(await d.hasHeld('u1')).toBe(true);
    });

    it('keeps the message of each status key, replaced by a later one', async () => {
      const d = store.delivery;
      expect(await d.statusPost('ballot:1')).toBeUndefined();
      await d.saveStatusPost('ballot:1', 'chan-1', 'm1', at(0));
      await d.saveStatusPost('ballot:1', 'chan-1', 'm2', at(1));
      expect(await d.statusPost('ballot:1')).toEqual({ channelId: 'chan-1', messageId: 'm2' });
    });
  });
});

async function destinationTexts(store: PgEventStore): Promise<string[]> {
  return (await rows<{ destination: string }>(store, sql`SELECT destination FROM outbox ORDER BY id`)).map((r) => r.destination);
}

/** Appends `event` on the battle's current version, deciding again (re-reading the version) on each conflict. */
async function appendWithRetry(store: PgEventStore, battleId: string, event: NewEvent, requestId: string, conflicts: { n: number }): Promise<number> {
  for (;;) {
    const v = await store.version(battleId);
    try {
      const out = await store.append(battleId, v, [event], meta(requestId), [post('chan-1', requestId)], []);
      if (out.status === 'duplicate') return out.result.versions[0]!;
      return out.versions[0]!;
    } catch (err) {
      if (!(err instanceof ConcurrencyError)) throw err;
      conflicts.n++;
    }
  }
}

describe('openPostgres', () => {
  it('fails on a URL that does not connect, naming the URL with its password masked and what the driver said', async () => {
    const err: unknown = await openPostgres('postgres://umpire:s3cret@127.0.0.1:1/umpire').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toMatch(/^cannot connect to PostgreSQL at postgres:\/\/umpire:\*\*\*@127\.0\.0\.1:1\/umpire: .*ECONNREFUSED/);
    expect((err as Error).message).not.toContain('s3cret');
  });

  it('masks passwords in URLs, parameters included', () => {
    expect(maskUrl('postgresql://u:p%40ss@db.example:5432/umpire?sslmode=require&password=x')).toBe('postgresql://u:***@db.example:5432/umpire?sslmode=require&password=***');
    expect(maskUrl('postgres://u@host/db')).toBe('postgres://u@host/db');
  });

  it('refuses what is not a PostgreSQL URL, and a PGlite directory that is a file', async () => {
    await expect(openPostgres('mysql://u:pw@host/db')).rejects.toThrow(/^mysql:\/\/u:\*\*\*@host\/db: not a PostgreSQL URL/);
    const dir = mkdtempSync(join(tmpdir(), 'umpire-pglite-'));
    try {
      writeFileSync(join(dir, 'file'), 'x');
      await expect(openPostgres(`pglite:${join(dir, 'file')}`)).rejects.toThrow(/^cannot open PGlite at pglite:.*file: .* not a directory/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('keeps a PGlite directory across a close and a reopen (the migration is not applied twice)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-pglite-'));
    try {
      const first = await openPostgres(`pglite:${dir}`);
      await first.append('b1', 0, [created('b1')], meta('r1', T0, 'ab'), [post('chan-1', 'x')], []);
      await first.close();
      await first.close();
      const second = await openPostgres(`pglite:${dir}`);
      try {
        expect((await second.load('b1')).map((e) => e.type)).toEqual(['BattleCreated']);
        expect(await second.seed('b1')).toBe('ab');
        expect(verifyChain(await second.chain('b1'))).toEqual({ ok: true, count: 1, unsealed: 0 });
      } finally {
        await second.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.runIf(SERVER)('two processes on one PostgreSQL server (TEST_DATABASE_URL)', () => {
  const url = () => inSchema(SERVER!, runSchema);
  let a: PgEventStore;
  let b: PgEventStore;
  beforeAll(async () => {
    await admin!.query(`CREATE SCHEMA IF NOT EXISTS ${runSchema}`);
    // Two stores opened at once: the migration runs once (the second waits on the advisory lock).
    [a, b] = await Promise.all([openPostgres(url()), openPostgres(url())]);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });
  beforeEach(async () => {
    await a.db.execute(sql.raw(`TRUNCATE ${TABLES} RESTART IDENTITY`));
  });

  /** Runs `fn` in a transaction of its own connection, left open until `commit` is called. */
  async function heldTransaction(fn: (c: pg.PoolClient) => Promise<void>): Promise<{ commit: () => Promise<void> }> {
    const c = await admin!.connect();
    await c.query(`SET search_path = ${runSchema}`);
    await c.query('BEGIN');
    await fn(c);
    return {
      commit: async () => {
        await c.query('COMMIT');
        c.release();
      },
    };
  }
  /**
   * Waits until some session of the run waits on a lock (the store's insert behind the held
   * transaction): the server tells no one, so it is asked again, with no guess at how long the
   * insert takes to get there, until the one generous bound (PATIENCE_MS, under the test timeout).
   */
  async function someoneWaits(): Promise<void> {
    const end = Date.now() + PATIENCE_MS;
    for (;;) {
      const { rows: r } = await admin!.query("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()");
      if (r[0].n > 0) return;
      if (Date.now() > end) throw new Error('no session ever waited on a lock');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }
  const insertEvent = async (c: pg.PoolClient, battleId: string, version: number, requestId: string | null) =>
    void (await c.query("INSERT INTO events (battle_id, version, type, data, actor, at, request_id, hash) VALUES ($1, $2, 'X', '{}', 'u', $3, $4, 'h')", [battleId, version, T0, requestId]));

  it('turns a lost race on (battle_id, version) (SQLSTATE 23505) into ConcurrencyError, and leaves no transaction open', async () => {
    const other = await heldTransaction((c) => insertEvent(c, 'b9', 1, 'other#0'));
    const mine = a.append('b9', 0, [created('b9')], meta('mine', T0, 'aa'), [post('chan-1', 'mine')], []).catch((e: unknown) => e);
    try {
      await someoneWaits();
    } finally {
      await other.commit();
    }
    const err = await mine;
    expect(err).toBeInstanceOf(ConcurrencyError);
    expect(err).toMatchObject({ battleId: 'b9', expected: 0, actual: 1 });
    expect(await a.findRequest('mine')).toBeUndefined();
    expect(await a.seed('b9')).toBeUndefined();
    expect(await a.undelivered()).toEqual([]);
    expect(await idleInTransaction()).toBe(0);
  });

  it('turns a lost race on the request id into the first result', async () => {
    const result = { versions: [1], replies: [reply('u-gm', 'first')] };
    const other = await heldTransaction(async (c) => {
      await insertEvent(c, 'b8', 1, 'rq#0');
      await c.query('INSERT INTO requests (request_id, battle_id, result, at) VALUES ($1, $2, $3, $4)', ['rq', 'b8', JSON.stringify(result), T0]);
    });
    const mine = a.append('b7', 0, [created('b7')], meta('rq'), [], [reply('u-gm', 'second')]);
    try {
      await someoneWaits();
    } finally {
      await other.commit();
    }
    expect(await mine).toEqual({ status: 'duplicate', result });
    expect(await a.version('b7')).toBe(0);
  });

  it('fails on a wrong password or a search_path with no schema, naming the URL with the password masked', async () => {
    const wrong = new URL(url());
    wrong.password = 'not-the-password';
    const err: unknown = await openPostgres(wrong.toString()).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/^cannot connect to PostgreSQL at postgres:\/\/[^:]+:\*\*\*@.*: password authentication failed/);
    expect((err as Error).message).not.toContain('not-the-password');
    await expect(openPostgres(inSchema(SERVER!, 'no_such_schema'))).rejects.toThrow(/the search_path names no schema that exists/);
  });

  it('two pools racing appends to one battle: every version once, the chain verifies', async () => {
    await a.append('b1', 0, [created('b1')], meta('r0'), [], []);
    const conflicts = { n: 0 };
    const writers = Array.from({ length: 40 }, (_, i) => appendWithRetry(i % 2 ? a : b, 'b1', side(`S${i}`), `w${i}`, conflicts));
    const versions = await Promise.all(writers);
    expect(new Set(versions).size).toBe(40);
    const loaded = await b.load('b1');
    expect(loaded.map((e) => e.version)).toEqual(Array.from({ length: 41 }, (_, i) => i + 1));
    expect(verifyChain(await a.chain('b1'))).toEqual({ ok: true, count: 41, unsealed: 0 });
    expect(await a.undelivered()).toHaveLength(40);
    expect(conflicts.n).toBeGreaterThan(0);
  });

  it('two pools racing claims: no row claimed twice, each destination delivered in order', async () => {
    const destinations = ['chan-1', 'chan-2', 'chan-3'];
    const messages = Array.from({ length: 90 }, (_, i) => (i % 4 === 3 ? dm(`u${i % 3}`, `m${i}`) : post(destinations[i % 3]!, `m${i}`)));
    await a.append('b1', 0, [created('b1')], meta('r1'), messages, []);
    const claimedBy = new Map<number, string[]>();
    const delivered: { id: number; to: string }[] = [];
    const worker = async (store: PgEventStore, owner: string) => {
      for (let idle = 0; idle < 3; ) {
        const now = new Date();
        const got = await store.claimOutbox(owner, 4, now.toISOString(), new Date(now.getTime() + 60_000).toISOString());
        if (!got.length) {
          idle++;
          await new Promise((resolve) => setTimeout(resolve, 5));
          continue;
        }
        idle = 0;
        for (const row of got) {
          claimedBy.set(row.id, [...(claimedBy.get(row.id) ?? []), owner]);
          await new Promise((resolve) => setImmediate(resolve));
          delivered.push({ id: row.id, to: JSON.stringify(row.destination) });
          await store.markDelivered(row.id, new Date().toISOString());
        }
      }
    };
    await Promise.all([worker(a, 'A1'), worker(a, 'A2'), worker(b, 'B1'), worker(b, 'B2')]);
    expect(await a.undelivered()).toEqual([]);
    expect(claimedBy.size).toBe(90);
    expect([...claimedBy.values()].filter((owners) => owners.length > 1)).toEqual([]);
    expect(new Set([...claimedBy.values()].map((o) => o[0]![0])).size).toBe(2);
    const byDestination = new Map<string, number[]>();
    for (const d of delivered) byDestination.set(d.to, [...(byDestination.get(d.to) ?? []), d.id]);
    for (const ids of byDestination.values()) expect(ids).toEqual([...ids].sort((x, y) => x - y));
  });
});
