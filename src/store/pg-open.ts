import { existsSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteAppend, serverAppend } from './pg-append.ts';
import { driverSays } from './pg-errors.ts';
import * as tables from './pg-schema.ts';
import { LOCK_SPACE, MIGRATIONS, PgEventStore, rowsOf } from './pg-store.ts';

/** Opening a PostgreSQL store: a server through a pg.Pool, or PGlite in this process; the migrations applied once. */

/** The SQL migrations drizzle-kit generated from pg-schema.ts, found from this file so any working directory works. */
export const pgMigrationsFolder = fileURLToPath(new URL('../../migrations/postgres', import.meta.url));

/** The URL with its password (and any password-like parameter) masked, for messages and logs. */
export function maskUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    for (const key of [...u.searchParams.keys()]) if (/pass|secret|token/i.test(key)) u.searchParams.set(key, '***');
    return u.toString();
  } catch {
    return url.replace(/\/\/([^:/@]*):[^@]*@/, '//$1:***@');
  }
}

export interface OpenPostgresOptions {
  /**
   * An idle pooled connection broke (the server restarted, the network dropped): the pool has
   * already discarded it and the next query connects anew. Without a listener pg's pool would
   * crash the process with it.
   */
  onIdleError?: (err: Error) => void;
}

/**
 * Opens the store at `url` and applies migrations/postgres (drizzle's migrator, one transaction).
 * `postgres://…` or `postgresql://…`: a server through a pg.Pool. `pglite:` (in memory) or
 * `pglite:<dir>`: PGlite in this process. The tables live in the connection's current schema
 * (the search_path, settable in the URL with `?options=-c%20search_path%3D<schema>`), and so does
 * drizzle's record of the migrations applied, so two schemas of one database are two stores.
 * A URL that does not connect fails with an Error naming it (password masked) and what the driver said.
 */
export async function openPostgres(url: string, options: OpenPostgresOptions = {}): Promise<PgEventStore> {
  const shown = maskUrl(url);
  if (/^postgres(ql)?:\/\//i.test(url)) return openServer(url, shown, options);
  if (/^pglite:/i.test(url)) return openPglite(url.slice('pglite:'.length), shown);
  throw new Error(`${shown}: not a PostgreSQL URL (postgres://user:password@host:port/database, or pglite: or pglite:<dir> for PGlite)`);
}

/** The schema the tables go to: the first of the search_path that exists (the URL may set it). */
function schemaOf(row: { schema: string | null } | undefined, shown: string): string {
  if (!row?.schema) throw new Error(`${shown}: the search_path names no schema that exists, so there is nowhere to create the tables`);
  return row.schema;
}
const CURRENT_SCHEMA = sql`SELECT current_schema() AS schema`;

async function openServer(url: string, shown: string, options: OpenPostgresOptions): Promise<PgEventStore> {
  const pool = new pg.Pool({ connectionString: url, application_name: 'umpire', connectionTimeoutMillis: 10_000 });
  pool.on('error', (err) => options.onIdleError?.(err));
  const db = drizzleNodePg(pool, { schema: tables });
  try {
    let current: { schema: string | null } | undefined;
    try {
      [current] = await rowsOf<{ schema: string | null }>(db, CURRENT_SCHEMA);
    } catch (err) {
      throw new Error(`cannot connect to PostgreSQL at ${shown}: ${driverSays(err)}`, { cause: err });
    }
    const schema = schemaOf(current, shown);
    // Two instances starting at once would both apply a migration: the second waits for the first.
    const client = await pool.connect().catch((err: unknown) => {
      throw new Error(`cannot connect to PostgreSQL at ${shown}: ${driverSays(err)}`, { cause: err });
    });
    let broken: unknown;
    try {
      await client.query('SELECT pg_advisory_lock($1, $2)', [LOCK_SPACE, MIGRATIONS]);
      try {
        await migrateNodePg(db, { migrationsFolder: pgMigrationsFolder, migrationsSchema: schema });
      } finally {
        await client.query('SELECT pg_advisory_unlock($1, $2)', [LOCK_SPACE, MIGRATIONS]);
      }
    } catch (err) {
      broken = err;
      throw new Error(`${shown}: the schema migration failed: ${driverSays(err)}. Nothing of it was applied.`, { cause: err });
    } finally {
      // A client whose unlock may not have run is closed, not pooled, so its session lock goes with it.
      client.release(broken === undefined ? undefined : true);
    }
    return new PgEventStore(db, serverAppend(pool), () => pool.end());
  } catch (err) {
    await pool.end().catch(() => {});
    throw err;
  }
}

async function openPglite(dir: string, shown: string): Promise<PgEventStore> {
  if (dir !== '' && existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new Error(`cannot open PGlite at ${shown}: ${dir} is a file, not a directory`);
  }
  let client: PGlite;
  try {
    client = await PGlite.create(dir === '' ? undefined : dir);
  } catch (err) {
    throw new Error(`cannot open PGlite at ${shown}: ${driverSays(err)}`, { cause: err });
  }
  try {
    const db = drizzlePglite(client, { schema: tables });
    const schema = schemaOf((await rowsOf<{ schema: string | null }>(db, CURRENT_SCHEMA))[0], shown);
    try {
      await migratePglite(db, { migrationsFolder: pgMigrationsFolder, migrationsSchema: schema });
    } catch (err) {
      throw new Error(`${shown}: the schema migration failed: ${driverSays(err)}. Nothing of it was applied.`, { cause: err });
    }
    return new PgEventStore(db, pgliteAppend(client), () => client.close());
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
}
