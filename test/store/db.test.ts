import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DatabaseError, migrationsFolder, openDatabase } from '../../src/store/db.ts';
import { CHECKPOINT_EVERY, SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { created, meta } from './fixtures.ts';

const dirs: string[] = [];
const tempDir = (): string => {
  const d = mkdtempSync(join(tmpdir(), 'umpire-db-'));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

const tables = (db: ReturnType<typeof openDatabase>): string[] =>
  (db.$client.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map(
    (t) => t.name,
  );

describe('openDatabase', () => {
  it('creates the parent directory and applies the migrations to a fresh file', () => {
    const file = join(tempDir(), 'nested', 'dir', 'umpire.db');
    const db = openDatabase(file);
    expect(existsSync(file)).toBe(true);
    expect(tables(db)).toEqual(['__drizzle_migrations', 'battle_seeds', 'battles', 'campaigns', 'channel_claims', 'closed_dms', 'events', 'held_dms', 'outbox', 'requests', 'status_posts']);
    expect(db.$client.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get()).toEqual({ n: 10 });
    db.$client.close();
  });

  it('re-opening a migrated file applies nothing and keeps the data', async () => {
    const file = join(tempDir(), 'umpire.db');
    const store = new SqliteEventStore(openDatabase(file));
    await store.append('b1', 0, [created('b1')], meta('r1'), [], []);
    await store.close();
    const again = openDatabase(file);
    expect(again.$client.prepare('SELECT count(*) AS n FROM __drizzle_migrations').get()).toEqual({ n: 10 });
    expect((await new SqliteEventStore(again).load('b1')).map((e) => e.type)).toEqual(['BattleCreated']);
    again.$client.close();
  });

  it('sets WAL, synchronous = FULL and foreign keys on a file database', () => {
    const db = openDatabase(join(tempDir(), 'umpire.db'));
    expect(db.$client.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(db.$client.pragma('synchronous', { simple: true })).toBe(2); // 2 = FULL
    expect(db.$client.pragma('foreign_keys', { simple: true })).toBe(1);
    db.$client.close();
  });

  it('refuses, by name and as a DatabaseError, a path whose folder cannot be made (it runs through a file)', () => {
    const file = join(tempDir(), 'data.db');
    writeFileSync(file, '');
    expect(() => openDatabase(join(file, 'x.db'))).toThrow(DatabaseError);
    expect(() => openDatabase(join(file, 'x.db'))).toThrow(/data\.db\/x\.db: its folder .*data\.db cannot be made \((EEXIST|ENOTDIR)\)\. Nothing was changed\./);
  });

  it('opens an in-memory database for tests', () => {
    const db = openDatabase(':memory:');
    expect(tables(db)).toContain('events');
    db.$client.close();
  });

  it('finds the migrations from the repository, whatever the working directory', () => {
    expect(existsSync(join(migrationsFolder, 'meta', '_journal.json'))).toBe(true);
    const cwd = process.cwd();
    const elsewhere = tempDir();
    try {
      process.chdir(elsewhere);
    } catch {
      return; // a worker thread cannot chdir; the absolute folder above is the point
    }
    try {
      const db = openDatabase('relative/umpire.db');
      expect(existsSync(join(elsewhere, 'relative', 'umpire.db'))).toBe(true);
      db.$client.close();
    } finally {
      process.chdir(cwd);
    }
  });
});

describe("the store's own WAL checkpoint", () => {
  const nextTurn = () => new Promise((next) => setImmediate(next));
  const gmAdded = (n: number) => [{ type: 'GmAdded', data: { user: `u${n}` } }] as const;

  async function fileStore() {
    const file = join(tempDir(), 'umpire.db');
    const store = new SqliteEventStore(openDatabase(file));
    await store.append('b1', 0, [created('b1')], meta('r0'), [], []);
    return { file, store, size: () => statSync(file).size };
  }

  it('runs between commands: after the append that reaches CHECKPOINT_EVERY has returned, not in it', async () => {
    const { store, size } = await fileStore();
    const before = size();
    // The battle's creation was the first append: CHECKPOINT_EVERY - 2 more leave it one short.
    for (let v = 1; v < CHECKPOINT_EVERY - 1; v++) await store.append('b1', v, [...gmAdded(v)], meta(`r${v}`), [], []);
    await nextTurn();
    expect(size()).toBe(before); // all still in the WAL: one short of the count
    await store.append('b1', CHECKPOINT_EVERY - 1, [...gmAdded(CHECKPOINT_EVERY)], meta('r-last'), [], []);
    expect(size()).toBe(before); // not inside the append
    await nextTurn();
    expect(size()).toBeGreaterThan(before); // copied into the database, between commands
    expect((await store.load('b1')).length).toBe(CHECKPOINT_EVERY);
    await store.close();
  });

  it('is dropped, without error, when the store closes before it runs (closing checkpoints anyway)', async () => {
    const { file, store } = await fileStore();
    for (let v = 1; v < CHECKPOINT_EVERY; v++) await store.append('b1', v, [...gmAdded(v)], meta(`r${v}`), [], []);
    await store.close();
    await nextTurn(); // a checkpoint on the closed connection would throw here, outside any handler
    const again = new SqliteEventStore(openDatabase(file));
    expect((await again.load('b1')).length).toBe(CHECKPOINT_EVERY);
    await again.close();
  });
});
