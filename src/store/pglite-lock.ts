import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { say, type Text } from '../i18n/text.ts';
import { DatabaseError } from './db.ts';

/**
 * One process at a time in a PGlite directory. PGlite is PostgreSQL in this process with no lock of
 * its own: a second process opening the directory runs its own server over the same files, and one
 * process's writes are lost (or the directory is wrecked) while both say "Done".
 *
 * The lock is an operating-system lock, not a file whose existence is the lock: a small SQLite file
 * in the directory (`umpire.lock`) held in an EXCLUSIVE transaction for as long as the store is
 * open. The kernel drops it when the process ends however it ends (exit, crash, SIGKILL), so a lock
 * left by a dead process is simply free to take (no pid liveness guess, no pid reused by another
 * program, no race between two processes both clearing a stale lock file), and two openers racing
 * cannot both win. proper-lockfile was considered: its locks go stale by age (a holder whose event
 * loop stalls loses its lock) and hold no pid or host to name. Who holds the lock is written beside
 * it (`umpire.lock.json`: pid, host, since), for the message the next opener gets.
 */

export const LOCK_FILE = 'umpire.lock';
export const HOLDER_FILE = 'umpire.lock.json';
/** The files the lock keeps in a PGlite directory: ours, not PGlite's nor the user's. */
export const LOCK_FILES: readonly string[] = [LOCK_FILE, `${LOCK_FILE}-journal`, HOLDER_FILE];

/** The process holding a directory, as it wrote itself down. */
export interface Holder {
  pid: number;
  host: string;
  /** ISO-8601. */
  since: string;
}

export interface DirectoryLock {
  /** Frees the directory (idempotent); also done when the process exits. */
  release(): void;
  /** The process whose lock this one took over: it had ended without releasing it. */
  readonly tookOver?: Holder;
}

function holderIn(dir: string): Holder | undefined {
  try {
    const h = JSON.parse(readFileSync(join(dir, HOLDER_FILE), 'utf8')) as Partial<Holder>;
    return typeof h.pid === 'number' && typeof h.host === 'string' && typeof h.since === 'string' ? { pid: h.pid, host: h.host, since: h.since } : undefined;
  } catch {
    return undefined;
  }
}

const named = (h: Holder): Text => say('store.lock.holder', { pid: String(h.pid), host: h.host, since: h.since });
const says = (err: unknown) => (err instanceof Error ? err.message : String(err));

/**
 * Takes the directory for this process, or throws a DatabaseError naming the holder (pid, host,
 * since when). `shown` is the location as the user gave it. Nothing in the directory is changed
 * but the lock's own files.
 */
export function lockDirectory(dir: string, shown: string): DirectoryLock {
  let lock: Database.Database;
  try {
    // timeout 0: a held lock is refused at once, not waited for.
    lock = new Database(join(dir, LOCK_FILE), { timeout: 0 });
  } catch (err) {
    throw new DatabaseError(say('store.lock.cannotLock', { shown, lock: join(dir, LOCK_FILE), said: says(err) }));
  }
  try {
    // The journal in memory: a held lock leaves no journal file behind when its process is killed.
    lock.pragma('journal_mode = MEMORY');
    lock.exec('BEGIN EXCLUSIVE');
  } catch (err) {
    lock.close();
    if (err instanceof Database.SqliteError && err.code.startsWith('SQLITE_BUSY')) {
      const h = holderIn(dir);
      throw new DatabaseError(say('store.lock.inUse', { shown, holder: h ? named(h) : say('store.lock.holderUnknown') }));
    }
    throw new DatabaseError(say('store.lock.cannotLock', { shown, lock: join(dir, LOCK_FILE), said: says(err) }));
  }
  const before = holderIn(dir);
  const me: Holder = { pid: process.pid, host: hostname(), since: new Date().toISOString() };
  try {
    writeFileSync(join(dir, HOLDER_FILE), `${JSON.stringify(me)}\n`);
  } catch {
    // Who holds it only names the holder in a message; the lock itself is held.
  }
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    process.off('exit', release);
    // The holder's name goes first, while the lock is still ours, so it never removes the next holder's.
    try {
      if (holderIn(dir)?.since === me.since && holderIn(dir)?.pid === me.pid) unlinkSync(join(dir, HOLDER_FILE));
    } catch {
      // Left behind, it only names a process that ended.
    }
    lock.close();
  };
  process.on('exit', release);
  return { release, ...(before ? { tookOver: before } : {}) };
}
