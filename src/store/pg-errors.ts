import { ConcurrencyError } from './types.ts';

/**
 * A query of the PostgreSQL store failed. It carries what the database said (message, SQLSTATE,
 * constraint) and nothing else: drizzle's DrizzleQueryError lists the query's parameters in its
 * message, and PGlite hangs `params` on its errors, and those parameters hold event data with
 * ballot choices and dice seeds, which must never reach a log (docs/architecture.md, Secrecy).
 */
export class StoreError extends Error {
  override name = 'StoreError';
  constructor(
    message: string,
    /** SQLSTATE, or the Node system error code (ECONNREFUSED...), when there is one. */
    readonly code?: string,
    readonly constraint?: string,
  ) {
    super(message);
  }
}

interface DriverError extends Error {
  code: string;
  constraint?: unknown;
}

/** The driver's own error under drizzle's wrapper (or the error itself): the first in the cause chain with a code. */
export function driverError(err: unknown): DriverError | undefined {
  let e: unknown = err;
  for (let depth = 0; depth < 8 && e instanceof Error; depth++) {
    if (typeof (e as Partial<DriverError>).code === 'string') return e as DriverError;
    e = e.cause;
  }
  return undefined;
}

/** SQLSTATE 23505: a unique index refused the row. */
export function uniqueViolation(err: unknown): string | undefined {
  const d = driverError(err);
  if (d?.code !== '23505') return undefined;
  return typeof d.constraint === 'string' ? d.constraint : '';
}

/**
 * SQLSTATEs that mean the database's files are damaged, not that a request was wrong: XX001
 * data_corrupted and XX002 index_corrupted (a page that does not read back, a file shorter than its
 * table), 58P01 undefined_file (a relation file gone), 58030 io_error.
 */
const DAMAGED = new Set(['XX001', 'XX002', '58P01', '58030']);

/** What PostgreSQL said, when `err` (or a StoreError carrying its code) says the database is damaged. */
export function damage(err: unknown): string | undefined {
  if (err instanceof StoreError) return err.code !== undefined && DAMAGED.has(err.code) ? err.message.replace(/^.*?PostgreSQL says: /, 'PostgreSQL says: ').replace(/ \([0-9A-Z]{5}\)$/, '') : undefined;
  const d = driverError(err);
  return d && DAMAGED.has(d.code) ? `PostgreSQL says: ${driverSays(err)}` : undefined;
}

/** What the driver said, without the query's parameters; an AggregateError (every address refused) lists each. */
export function driverSays(err: unknown): string {
  const d = driverError(err) ?? err;
  if (d instanceof AggregateError && !d.message) return d.errors.map(driverSays).join('; ');
  if (d instanceof Error) {
    // drizzle's wrapper with no driver error under it: its cause, never its own message (parameters).
    if (d.message.startsWith('Failed query:')) return d.cause === undefined ? 'the query failed' : driverSays(d.cause);
    return d.message || d.name;
  }
  // PGlite's file system throws Emscripten's ErrnoError, an object with a name and a number.
  if (typeof d === 'object' && d !== null) {
    const { name, message, errno } = d as Record<string, unknown>;
    if (typeof message === 'string' && message) return message;
    if (typeof errno === 'number') return `${typeof name === 'string' ? name : 'error'} ${EMSCRIPTEN_ERRNO[errno] ?? `errno ${errno}`}`;
  }
  return String(d);
}

/** The Emscripten errno numbers PGlite's file system may report when opening its directory. */
const EMSCRIPTEN_ERRNO: Record<number, string> = {
  2: 'EACCES (permission denied)',
  20: 'EEXIST (file exists)',
  31: 'EISDIR (is a directory)',
  44: 'ENOENT (no such file or directory)',
  51: 'ENOSPC (no space left on device)',
  54: 'ENOTDIR (not a directory)',
  63: 'EPERM (operation not permitted)',
  69: 'EROFS (read-only file system)',
};

/** Rethrows a database failure of `fn` as a StoreError naming `what`; anything else goes through as it is. */
export async function guarded<T>(what: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof ConcurrencyError || err instanceof StoreError) throw err;
    const d = driverError(err);
    // Not the database's (a bug of ours): as it is, with its stack.
    if (!d && !(err instanceof Error && err.message.startsWith('Failed query:'))) throw err;
    const constraint = typeof d?.constraint === 'string' ? d.constraint : undefined;
    throw new StoreError(`${what}: PostgreSQL says: ${driverSays(err)}${d ? ` (${d.code})` : ''}`, d?.code, constraint);
  }
}
