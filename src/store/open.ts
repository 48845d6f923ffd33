import { say, type Text } from '../i18n/text.ts';
import { DatabaseError } from './db.ts';
import { SqliteEventStore } from './sqlite-store.ts';
import type { EventStore } from './types.ts';

/** A location names a PostgreSQL server (`postgres://…`), PGlite (`pglite:` in memory, `pglite:<dir>`), or else a SQLite file (`file:` optional). */
const isPostgres = (location: string): boolean => /^(postgres(ql)?:\/\/|pglite:)/i.test(location);

/**
 * Why a store cannot be shared by several processes (the shards of `umpire shards`), if it cannot:
 * PGlite is PostgreSQL inside one process, in its memory or holding its directory alone.
 */
export function unshareable(location: string): Text | undefined {
  if (!/^pglite:/i.test(location)) return undefined;
  return say('store.unshareable', { location, inMemory: location.length === 'pglite:'.length ? 'yes' : 'no' });
}

/**
 * Opens the battle store at `location`: SQLite, the embedded default, or PostgreSQL past one
 * machine. `readonly` (verify, export, replay) never migrates or writes a SQLite file; a PostgreSQL
 * store is opened as it is for every use (its server's permissions decide who may write).
 */
export async function openStore(location: string, opts: { readonly?: boolean } = {}): Promise<EventStore> {
  if (isPostgres(location)) {
    // Loaded only when asked for: a SQLite install never starts the PostgreSQL drivers.
    const { openPostgres, maskUrl, OpenError } = await import('./pg-open.ts');
    try {
      return await openPostgres(location);
    } catch (err) {
      if (err instanceof DatabaseError) throw err;
      throw new DatabaseError(say('store.open.cannotOpen', { location: maskUrl(location), why: err instanceof OpenError ? err.text : err instanceof Error ? err.message : String(err) }), { cause: err });
    }
  }
  return SqliteEventStore.open(location.replace(/^file:/i, ''), opts);
}
