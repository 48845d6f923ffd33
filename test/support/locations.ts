import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * The stores a test of several processes runs on: a SQLite file always, and a PostgreSQL server
 * when TEST_DATABASE_URL names one (`.ci/run` starts one; see `.ci/postgres`).
 */
export type StoreLocationKind = 'sqlite' | 'postgres';
export const locationKinds: StoreLocationKind[] = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])];

/** A new, empty store of `kind`: a file in a new directory, or a new schema of the server (left behind for a look after a failure). */
export async function freshLocation(kind: StoreLocationKind, name: string): Promise<string> {
  if (kind === 'sqlite') return join(mkdtempSync(join(tmpdir(), `umpire-${name}-`)), 'umpire.db');
  const url = process.env.TEST_DATABASE_URL!;
  const schema = `umpire_${name.replace(/\W/g, '_')}_${process.pid}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`CREATE SCHEMA ${schema}`);
  } finally {
    await client.end();
  }
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}
