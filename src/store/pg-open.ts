import { existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { pgliteAppend, serverAppend } from './pg-append.ts';
import { say, TextError, type Text } from '../i18n/text.ts';
import { DatabaseError } from './db.ts';
import { damage, driverSays } from './pg-errors.ts';
import { lockDirectory, LOCK_FILE, LOCK_FILES } from './pglite-lock.ts';
import * as tables from './pg-schema.ts';
import { LOCK_SPACE, MIGRATIONS, PgEventStore, rowsOf } from './pg-store.ts';

/** Opening a PostgreSQL store: a server through a pg.Pool, or PGlite in this process; the migrations applied once. */

/**
 * A store that could not be opened, before it could be said to be damaged: `text` in its reader's
 * language (issue 43: `store.pg.*`), `message` its English. openStore names the location around it.
 */
export class OpenError extends TextError {}

/** What PostgreSQL said, as damage() gives it (`PostgreSQL says: …`), with its own words a value. */
const PG_SAYS = 'PostgreSQL says: ';
const saysText = (why: string): Text => (why.startsWith(PG_SAYS) ? say('store.pg.postgresSays', { said: why.slice(PG_SAYS.length) }) : why);

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
  throw new OpenError(say('store.pg.notPostgres', { shown }));
}

/** The schema the tables go to: the first of the search_path that exists (the URL may set it). */
function schemaOf(row: { schema: string | null } | undefined, shown: string): string {
  if (!row?.schema) throw new OpenError(say('store.pg.noSchema', { shown }));
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
      throw new OpenError(say('store.pg.cannotConnect', { shown, said: driverSays(err) }), { cause: err });
    }
    const schema = schemaOf(current, shown);
    // Two instances starting at once would both apply a migration: the second waits for the first.
    const client = await pool.connect().catch((err: unknown) => {
      throw new OpenError(say('store.pg.cannotConnect', { shown, said: driverSays(err) }), { cause: err });
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
      throw new OpenError(say('store.pg.migrationFailed', { shown, said: driverSays(err) }), { cause: err });
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

/**
 * Why `dir` is not a PGlite database the umpire may open or create, if it is not: it holds files
 * (other than the lock's) but no PG_VERSION. Only an empty or absent directory becomes a new one.
 */
function foreignDirectory(dir: string, shown: string): Text | undefined {
  if (!existsSync(dir) || existsSync(join(dir, 'PG_VERSION'))) return undefined;
  const others = readdirSync(dir).filter((f) => !LOCK_FILES.includes(f)).sort();
  if (others.length === 0) return undefined;
  const listed = others.length > 3 ? say('store.pg.filesAndMore', { files: others.slice(0, 3).join(', '), more: String(others.length - 3) }) : others.join(', ');
  return say('store.pg.notPglite', { shown, dir, files: listed });
}

/** A damaged database, in one line: what PostgreSQL (or PGlite) said, and that nothing was changed. */
const damaged = (shown: string, why: Text) => new DatabaseError(say('store.pg.damaged', { shown, why }));

/**
 * Reads every page of every table in the store's schema before anything is written: a relation file
 * truncated or overwritten fails here, so the umpire stops at once rather than on some later read.
 * Each table is read twice: a sequential scan reads its own pages (an overwritten one fails), then
 * a scan through an index reads the rows the index points to (a table cut short fails there, as a
 * sequential scan just stops at its end).
 */
async function checkTables(client: PGlite, shown: string): Promise<void> {
  try {
    await client.transaction(async (tx) => {
      const tables = await tx.query<{ name: string }>("SELECT format('%I.%I', n.nspname, c.relname) AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.relkind = 'r' AND n.nspname = current_schema()");
      await tx.exec('SET LOCAL enable_indexscan = off; SET LOCAL enable_indexonlyscan = off; SET LOCAL enable_bitmapscan = off');
      for (const { name } of tables.rows) await tx.query(`SELECT count(*) FROM ONLY ${name}`);
      await tx.exec('SET LOCAL enable_seqscan = off; SET LOCAL enable_sort = off; SET LOCAL enable_indexscan = on');
      for (const { name } of tables.rows) {
        // In primary key order: an index scan, which fetches each row the key points to.
        const key = await tx.query<{ cols: string | null }>(
          "SELECT string_agg(format('%I', a.attname), ', ') AS cols FROM pg_index i JOIN pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey) WHERE i.indrelid = $1::regclass AND i.indisprimary",
          [name],
        );
        const cols = key.rows[0]?.cols;
        if (cols) await tx.query(`SELECT count(*) FROM (SELECT 1 FROM ONLY ${name} ORDER BY ${cols}) AS s`);
      }
    });
  } catch (err) {
    throw damaged(shown, say('store.pg.postgresSays', { said: driverSays(err) }));
  }
}

/**
 * The store with a damage the opening check could not see (an index, a page read later) reported as
 * a DatabaseError naming the directory, which ends the table or the command with that one line.
 */
function namingDamage(store: PgEventStore, shown: string): PgEventStore {
  return new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown).apply(target, args);
        if (!(result instanceof Promise)) return result;
        return result.catch((err: unknown) => {
          const why = damage(err);
          throw why ? damaged(shown, saysText(why)) : err;
        });
      };
    },
  });
}

async function openPglite(dir: string, shown: string): Promise<PgEventStore> {
  if (dir !== '' && existsSync(dir) && !statSync(dir).isDirectory()) {
    throw new OpenError(say('store.pg.pgliteIsFile', { shown, dir }));
  }
  if (dir === '') return openPgliteIn(undefined, shown, () => {});
  // Refused before the lock touches it (unless a lock is there: then an opener is making it, and the lock says who).
  const foreign = foreignDirectory(dir, shown);
  if (foreign && !existsSync(join(dir, LOCK_FILE))) throw new DatabaseError(foreign);
  try {
    mkdirSync(dir, { recursive: true });
  } catch (err) {
    throw new OpenError(say('store.pg.cannotOpenPglite', { shown, said: driverSays(err) }), { cause: err });
  }
  const lock = lockDirectory(dir, shown);
  try {
    const again = foreignDirectory(dir, shown);
    if (again) throw new DatabaseError(again);
    return namingDamage(await openPgliteIn(dir, shown, () => lock.release()), shown);
  } catch (err) {
    lock.release();
    throw err;
  }
}

async function openPgliteIn(dir: string | undefined, shown: string, release: () => void): Promise<PgEventStore> {
  const existing = dir !== undefined && existsSync(join(dir, 'PG_VERSION'));
  let client: PGlite;
  try {
    client = await PGlite.create(dir);
  } catch (err) {
    // PGlite aborts on a directory it cannot start from; one it made before is damaged.
    if (existing) throw damaged(shown, say('store.pg.pgliteNoStart', { said: driverSays(err).replace(/\.?\s*Build with -sASSERTIONS for more info\.?/, '') }));
    throw new OpenError(say('store.pg.cannotOpenPglite', { shown, said: driverSays(err) }), { cause: err });
  }
  try {
    if (existing) await checkTables(client, shown);
    const db = drizzlePglite(client, { schema: tables });
    const schema = schemaOf((await rowsOf<{ schema: string | null }>(db, CURRENT_SCHEMA))[0], shown);
    try {
      await migratePglite(db, { migrationsFolder: pgMigrationsFolder, migrationsSchema: schema });
    } catch (err) {
      const why = damage(err);
      if (why) throw damaged(shown, saysText(why));
      throw new OpenError(say('store.pg.migrationFailed', { shown, said: driverSays(err) }), { cause: err });
    }
    return new PgEventStore(db, pgliteAppend(client), async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    });
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
}
