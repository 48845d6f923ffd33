import { sql as raw } from 'drizzle-orm';
import { openDatabase } from '../../src/store/db.ts';
import { openPostgres } from '../../src/store/pg-open.ts';
import type { PgEventStore } from '../../src/store/pg-store.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import type { EventStore } from '../../src/store/types.ts';
import { freshLocation } from '../support/locations.ts';
import { unguarded } from '../support/tamper.ts';

/** A fresh, empty store of one kind, with a way to run SQL on its database behind the contract's back. */
export interface OpenedStore {
  store: EventStore;
  /** Rows of a query (for counting rows and adding rows behind the contract's back in tests). */
  sql(query: string): Promise<Record<string, unknown>[]>;
  /** A change to the store's rows by a hand at the database; on SQLite it drops the guard that keeps the log append-only first. */
  tamper(query: string): Promise<void>;
  count(table: string): Promise<number>;
}

export interface StoreKind {
  name: string;
  open(): Promise<OpenedStore>;
}

export const sqlite: StoreKind = {
  name: 'SQLite',
  async open() {
    // A file, and the SQL behind the contract's back on a connection of its own, as another process's would be.
    const file = await freshLocation('sqlite', 'store');
    const store = new SqliteEventStore(openDatabase(file));
    const other = openDatabase(file).$client;
    const sql = async (query: string) => {
      const st = other.prepare(query);
      if (st.reader) return st.all() as Record<string, unknown>[];
      st.run();
      return [];
    };
    const tamper = async (query: string) => void unguarded(other).prepare(query).run();
    return { store, sql, tamper, count: async (table) => Number((await sql(`SELECT count(*) AS n FROM ${table}`))[0]!.n) };
  },
};

/** Every table of the store, for emptying a PostgreSQL store between tests. */
export const TABLES = 'events, requests, outbox, battles, channel_claims, campaigns, battle_seeds, closed_dms, held_dms, status_posts';

/**
 * PostgreSQL, one engine for the worker (starting PGlite takes seconds: a new one, 3 to 15 s on
 * this machine), emptied for each test: the files of a worker share it (vitest.config.ts), one
 * after another. A server's run works in a schema of its own (test/support/locations.ts).
 */
function postgres(name: string, location: () => Promise<string>): StoreKind & { empty(): Promise<PgEventStore> } {
  let shared: Promise<PgEventStore> | undefined;
  const kind = {
    name,
    /** The engine, emptied: every table of the store truncated, its numbering restarted. Never closed. */
    async empty() {
      shared ??= location().then((url) => openPostgres(url));
      const store = await shared;
      await store.db.execute(raw.raw(`TRUNCATE ${TABLES} RESTART IDENTITY`));
      return store;
    },
    async open() {
      const store = await kind.empty();
      const sql = async (query: string) => ((await store.db.execute(raw.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
      return { store, sql, tamper: async (query: string) => void (await sql(query)), count: async (table: string) => Number((await sql(`SELECT count(*) AS n FROM ${table}`))[0]!.n) };
    },
  };
  return kind;
}

const pglite = postgres('PGlite', async () => 'pglite:');

/**
 * An empty PostgreSQL store in this process (PGlite in memory), for a test that copies into one or
 * plays on one: the worker's, emptied (it is the contract tests' PGlite). Not to be closed.
 */
export const emptyPglite = (): Promise<PgEventStore> => pglite.empty();

/** Every store the contract tests run against: SQLite and PGlite always, a PostgreSQL server when TEST_DATABASE_URL names one. */
export const storeKinds: StoreKind[] = [
  sqlite,
  pglite,
  ...(process.env.TEST_DATABASE_URL ? [postgres('a PostgreSQL server', () => freshLocation('postgres', 'store'))] : []),
];
