import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/store/db.ts';
import { eventHash, GENESIS_HASH, sealedHash, sealOf, verifyChain, type VerifyResult } from '../../src/store/hash.ts';
import { english } from '../../src/i18n/text.ts';
import * as tables from '../../src/store/schema.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { unguarded } from '../support/tamper.ts';
import { created, memoryStore, meta, post } from './fixtures.ts';

/** A verification with its reason as an English reader reads it. */
const worded = (r: VerifyResult) => (r.ok ? r : { ...r, reason: english(r.reason) });

/** The store on a database file image a test has tampered with behind its back. */
const storeOn = (db: Database.Database | Db) => new SqliteEventStore('$client' in db ? db : (drizzle(db, { schema: tables }) as Db));
/** What `umpire verify` says of a battle of that database. */
const verifyBattle = async (db: Database.Database | Db, battleId: string) => verifyChain(await storeOn(db).chain(battleId));
/** The battle's rows as stored. */
const readRawEvents = async (db: Database.Database, battleId: string) => (await storeOn(db).chain(battleId)).rows;

const COLUMNS = ['battle_id', 'version', 'type', 'data', 'actor', 'at', 'hash', 'salt'] as const;
type Column = (typeof COLUMNS)[number];

/** A database image holding battle b1 (5 events over 3 requests) and battle b2 (2 events), each request announced in its channel as the umpire's are. */
async function buildImage(): Promise<Buffer> {
  const { db, store } = memoryStore();
  await store.append('b1', 0, [created('b1'), { type: 'SideAdded', data: { sideId: 's1', name: 'Armée du Nord' } }], meta('r1'), [post('chan-1', 'created')], []);
  await store.append('b2', 0, [created('b2', 'chan-2', 'Wavre'), { type: 'GmAdded', data: { user: 'u9' } }], meta('q1'), [post('chan-2', 'created')], []);
  await store.append(
    'b1',
    2,
    [
      { type: 'CommandAdded', data: { commandId: 'c1', name: 'Maréchal Ney — Ier corps', sideId: 's1' } },
      { type: 'UnitAdded', data: { unitId: 'u1', name: '1/45e de ligne', commandId: 'c1', attrs: { figures: 24, class: 'line' } } },
    ],
    meta('r2', '2025-06-16T14:05:00.000Z', 'u-player'),
    [post('chan-1', 'Ney joins')],
    [],
  );
  await store.append('b1', 4, [{ type: 'BattleEnded', data: { by: 'u-gm' } }], meta('r3', '2025-06-16T18:00:00.000Z'), [post('chan-1', 'ended')], []);
  const image = db.$client.serialize();
  await store.close();
  return image;
}

/** One character changed: a digit of a version becomes 9 (8 if it was 9), so it lands on no other event; text gets 'x' (or 'y'). */
function flip(value: string | number, at: number): string | number {
  const s = String(value);
  const c = s[at]!;
  if (typeof value === 'number') return Number(s.slice(0, at) + (c === '9' ? '8' : '9') + s.slice(at + 1));
  return s.slice(0, at) + (c === 'x' ? 'y' : 'x') + s.slice(at + 1);
}

describe('the hash chain (docs/architecture.md, Storage)', () => {
  let image: Buffer;
  /** A copy of the log, in the hands of one who means to change it. */
  const copy = (): Database.Database => unguarded(new Database(image));
  beforeAll(async () => {
    image = await buildImage();
  });

  it('seals each event (issue 37): its hash is of prev, battle, version and the seal, a hash of a secret 32-byte salt with its type, actor, time and stored data text; from 64 zeros', async () => {
    const rows = await readRawEvents(copy(), 'b1');
    const first = rows[0]!;
    const seal = (r: (typeof rows)[number]) => sealOf(r.salt as string, r.type as string, r.actor as string, r.at as string, r.data as string);
    expect(first.salt).toMatch(/^[0-9a-f]{64}$/);
    expect(first.hash).toBe(sealedHash(GENESIS_HASH, 'b1', 1, seal(first)));
    expect(GENESIS_HASH).toBe('0'.repeat(64));
    expect(rows[1]!.hash).toBe(sealedHash(first.hash as string, 'b1', 2, seal(rows[1]!)));
    // Every salt is the system's randomness, no two alike.
    expect(new Set(rows.map((r) => r.salt)).size).toBe(rows.length);
    // Without the salt, no formula over the contents gives the hash: a guess cannot be checked.
    expect(first.hash).not.toBe(eventHash(GENESIS_HASH, 'b1', 1, 'BattleCreated', 'u-gm', '2025-06-16T14:00:00.000Z', first.data as string));
  });

  it('verifies a log written before sealing (no salt) as it was written, with the scheme-1 hash, and one that goes on sealed after it', async () => {
    const { db, store } = memoryStore();
    await store.append('b1', 0, [{ ...created('b1'), salt: null }, { type: 'SideAdded', data: { sideId: 's1', name: 'Nord' }, salt: null }], meta('r1'), [], []);
    const old = await readRawEvents(db.$client, 'b1');
    expect(old.map((r) => r.salt)).toEqual([null, null]);
    expect(old[1]!.hash).toBe(eventHash(old[0]!.hash as string, 'b1', 2, 'SideAdded', 'u-gm', '2025-06-16T14:00:00.000Z', old[1]!.data as string));
    await store.append('b1', 2, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [], []);
    expect(await verifyBattle(db, 'b1')).toEqual({ ok: true, count: 3, unsealed: 0 });
    // A salt given to a row written before sealing is caught at that row.
    unguarded(db.$client).prepare("UPDATE events SET salt = ? WHERE version = 2").run('a'.repeat(64));
    expect(await verifyBattle(db, 'b1')).toMatchObject({ ok: false, version: 2 });
  });

  it('passes an untouched log', async () => {
    const db = copy();
    expect(await verifyBattle(db, 'b1')).toEqual({ ok: true, count: 5, unsealed: 0 });
    expect(await verifyBattle(db, 'b2')).toEqual({ ok: true, count: 2, unsealed: 0 });
    expect(await verifyBattle(db, 'never-created')).toEqual({ ok: true, count: 0, unsealed: 0 });
    expect(verifyChain(await storeOn(db).chain('b1'))).toEqual({ ok: true, count: 5, unsealed: 0 });
  });

  it('fails at the changed event when any one character of any hashed column of any event changes', async () => {
    const rows = await readRawEvents(copy(), 'b1');
    let cases = 0;
    for (const row of rows) {
      for (const column of COLUMNS) {
        const value = row[column] as string | number;
        for (let at = 0; at < String(value).length; at++) {
          const db = copy();
          db.prepare(`UPDATE events SET ${column} = ? WHERE position = ?`).run(flip(value, at), row.position);
          const result = await verifyBattle(db, 'b1');
          expect(result, `${column}[${at}] of version ${row.version as number}`).toMatchObject({ ok: false, version: row.version });
          expect(await verifyBattle(db, 'b2')).toEqual({ ok: true, count: 2, unsealed: 0 });
          db.close();
          cases++;
        }
      }
    }
    expect(cases).toBeGreaterThan(5 * 100);
  });

  it('fails at the changed event for a random replacement character anywhere in the hashed text (property)', async () => {
    const rows = await readRawEvents(copy(), 'b1');
    const textColumns: Column[] = ['battle_id', 'type', 'data', 'actor', 'at', 'hash', 'salt'];
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: rows.length - 1 }),
        fc.constantFrom(...textColumns),
        fc.nat(),
        fc.string({ minLength: 1, maxLength: 1, unit: 'binary' }),
        async (index, column, pos, ch) => {
          const row = rows[index]!;
          const value = row[column] as string;
          const at = pos % value.length;
          const changed = value.slice(0, at) + ch + value.slice(at + 1);
          // Moving the event onto a version battle b2 holds would be refused by the unique index.
          fc.pre(value[at] !== ch && !(column === 'battle_id' && changed === 'b2'));
          const db = copy();
          db.prepare(`UPDATE events SET ${column} = ? WHERE position = ?`).run(changed, row.position);
          const result = await verifyBattle(db, 'b1');
          db.close();
          return !result.ok && result.version === row.version;
        },
      ),
      { numRuns: 300 },
    );
  });

  it('reads the data text as stored: equal JSON with other spacing fails', async () => {
    const db = copy();
    const row = (await readRawEvents(db, 'b1'))[2]!;
    db.prepare('UPDATE events SET data = ? WHERE position = ?').run(JSON.stringify(JSON.parse(row.data as string), null, 1), row.position);
    expect(await verifyBattle(db, 'b1')).toMatchObject({ ok: false, version: 3 });
  });

  it('fails at the deleted event, the last one included', async () => {
    for (let v = 1; v <= 5; v++) {
      const db = copy();
      db.prepare("DELETE FROM events WHERE battle_id = 'b1' AND version = ?").run(v);
      expect(await verifyBattle(db, 'b1'), `deleted version ${v}`).toMatchObject({ ok: false, version: v });
    }
  });

  it('fails at the first of several deleted last events, since their posts recorded how far the log reached', async () => {
    const db = copy();
    db.prepare("DELETE FROM events WHERE battle_id = 'b1' AND version >= 4").run();
    expect(worded(await verifyBattle(db, 'b1'))).toMatchObject({ ok: false, version: 4, reason: expect.stringMatching(/recorded version 5/) });
  });

  it('notices a deleted last event appended without a request id when it was announced: its post keeps the version', async () => {
    const { db, store } = memoryStore();
    await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    await store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta(null), [post('chan-1', 'a GM joins')], []);
    unguarded(db.$client).prepare("DELETE FROM events WHERE version = 2").run();
    expect(worded(await verifyBattle(db, 'b1'))).toMatchObject({ ok: false, version: 2, reason: expect.stringMatching(/recorded version 2/) });
  });

  it("notices the deleted last events of a request whose first event is left: its result lists the request's versions", async () => {
    const { db, store } = memoryStore();
    await store.append('b1', 0, [created('b1'), { type: 'GmAdded', data: { user: 'u2' } }, { type: 'GmAdded', data: { user: 'u3' } }], meta('r1'), [], []);
    unguarded(db.$client).prepare("DELETE FROM events WHERE version >= 2").run();
    expect(worded(await verifyBattle(db, 'b1'))).toMatchObject({ ok: false, version: 2, reason: expect.stringMatching(/recorded version 3/) });
  });

  it('cannot notice a deleted last request that nothing announced (known limit: nothing beside the log recorded it)', async () => {
    const { db, store } = memoryStore();
    await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    await store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [], []);
    unguarded(db.$client).prepare("DELETE FROM events WHERE version = 2").run();
    expect(await verifyBattle(db, 'b1')).toEqual({ ok: true, count: 1, unsealed: 0 });
  });

  it("still holds an older database's log to its request rows", async () => {
    const { db, store } = memoryStore();
    await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    await store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [], []);
    db.$client.prepare("INSERT INTO requests (request_id, battle_id, result, at) VALUES ('r2', 'b1', '{\"versions\":[2],\"replies\":[]}', 'x')").run();
    unguarded(db.$client).prepare("DELETE FROM events WHERE version = 2").run();
    expect(await verifyBattle(db, 'b1')).toMatchObject({ ok: false, version: 2 });
  });

  it('fails at a column no longer stored as text', async () => {
    const db = copy();
    const row = (await readRawEvents(db, 'b1'))[1]!;
    db.prepare('UPDATE events SET data = CAST(data AS BLOB) WHERE position = ?').run(row.position);
    expect(worded(await verifyBattle(db, 'b1'))).toMatchObject({ ok: false, version: 2, reason: expect.stringMatching(/data is stored as a blob/) });
  });

  it('names a gap or a repeated version in rows given directly', async () => {
    const rows = await readRawEvents(copy(), 'b1');
    expect(verifyChain(rows.slice(0, 3), { reached: 5 })).toMatchObject({ ok: false, version: 4 });
    expect(worded(verifyChain(rows, { battleId: 'b2' }))).toMatchObject({ ok: false, version: 1, reason: expect.stringMatching(/battle_id/) });
    expect(worded(verifyChain([rows[0]!, rows[2]!]))).toMatchObject({ ok: false, version: 2, reason: expect.stringMatching(/missing/) });
    expect(worded(verifyChain([rows[0]!, rows[0]!]))).toMatchObject({ ok: false, version: 2, reason: expect.stringMatching(/again/) });
    expect(verifyChain(rows)).toEqual({ ok: true, count: 5, unsealed: 0 });
  });
});
