import { openDatabase } from '../../src/store/db.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import type { EventStore } from '../../src/store/types.ts';

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

/** Every store the contract tests run against. */
export const storeKinds: StoreKind[] = [sqlite];
