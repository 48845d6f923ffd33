import { sql as raw } from 'drizzle-orm';
import { openDatabase } from '../../src/store/db.ts';
import { openPostgres } from '../../src/store/pg-open.ts';
import type { PgEventStore } from '../../src/store/pg-store.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import type { EventStore } from '../../src/store/types.ts';
import { freshLocation } from '../support/locations.ts';

/** A fresh, empty store of one kind, with a way to run SQL on its database behind the contract's back. */
export interface OpenedStore {
  store: EventStore;
  /** Rows of a query (for counting rows and tampering in tests). */
  sql(query: string): Promise<Record<string, unknown>[]>;
  count(table: string): Promise<number>;
}

export interface StoreKind {
  name: string;
  open(): Promise<OpenedStore>;
}

const sqlite: StoreKind = {
  name: 'SQLite',
  async open() {
    const db = openDatabase(':memory:');
    const store = new SqliteEventStore(db);
    const sql = async (query: string) => {
      const st = db.$client.prepare(query);
      if (st.reader) return st.all() as Record<string, unknown>[];
      st.run();
      return [];
    };
    return { store, sql, count: async (table) => Number((await sql(`SELECT count(*) AS n FROM ${table}`))[0]!.n) };
  },
};

/** Every table of the store, for emptying a PostgreSQL store between tests. */
export const TABLES = 'events, requests, outbox, battles, channel_claims, campaigns, battle_seeds, closed_dms, held_dms, status_posts';

/**
 * PostgreSQL, one engine for the whole file (starting PGlite takes seconds), emptied for each test.
 * A server's run works in a schema of its own (test/support/locations.ts).
 */
function postgres(name: string, location: () => Promise<string>): StoreKind {
  let shared: Promise<PgEventStore> | undefined;
  return {
    name,
    async open() {
      shared ??= location().then((url) => openPostgres(url));
      const store = await shared;
      const sql = async (query: string) => ((await store.db.execute(raw.raw(query))) as unknown as { rows: Record<string, unknown>[] }).rows;
      await sql(`TRUNCATE ${TABLES} RESTART IDENTITY`);
      return { store, sql, count: async (table) => Number((await sql(`SELECT count(*) AS n FROM ${table}`))[0]!.n) };
    },
  };
}

/** Every store the contract tests run against: SQLite and PGlite always, a PostgreSQL server when TEST_DATABASE_URL names one. */
export const storeKinds: StoreKind[] = [
  sqlite,
  postgres('PGlite', async () => 'pglite:'),
  ...(process.env.TEST_DATABASE_URL ? [postgres('a PostgreSQL server', () => freshLocation('postgres', 'store'))] : []),
];
