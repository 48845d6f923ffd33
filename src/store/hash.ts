// The same code verifies a log in `umpire verify` and in the browser viewer; only its SHA-256 is each platform's own (digest.ts).
import { sha256Hex } from './digest.ts';
import type { EventChain, RawEventRow, SqlValue } from './types.ts';

/** The prev_hash of version 1. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * hash = hex SHA-256 of prev_hash, battle_id, version, type, actor, at and data joined by "\n"
 * (docs/architecture.md, Storage). `data` is the JSON text exactly as stored, never a re-serialisation.
 */
export function eventHash(
  prevHash: string,
  battleId: string,
  version: number,
  type: string,
  actor: string,
  at: string,
  data: string,
): string {
  return sha256Hex(`${prevHash}\n${battleId}\n${version}\n${type}\n${actor}\n${at}\n${data}`);
}

/**
 * The seal of an event written since the log was sealed (hash scheme 2): its
 * type, actor, time and data bound to a secret salt of 32 random bytes. The salt is stored with the
 * event and shown only with its contents, so a view that may not read an event gets its seal, from
 * which no guess of the contents can be checked.
 */
export const sealOf = (salt: string, type: string, actor: string, at: string, data: string): string => sha256Hex(`umpire-seal-2\n${salt}\n${type}\n${actor}\n${at}\n${data}`);

/** The hash of a sealed event: the previous hash, the battle, the version and the seal; the marker keeps it apart from scheme 1's. */
export const sealedHash = (prevHash: string, battleId: string, version: number, seal: string): string => sha256Hex(`${prevHash}\n${battleId}\n${version}\nsealed-2\n${seal}`);

/** The columns an event's hash is made of: `salt` null for an event written before sealing (scheme 1, eventHash). */
export interface HashedEvent {
  type: string;
  actor: string;
  at: string;
  data: string;
  salt: string | null;
}

/** An event's hash by the scheme its row was written with: sealed when it has a salt, scheme 1 when not. */
export function rowHash(prevHash: string, battleId: string, version: number, e: HashedEvent): string {
  return e.salt === null ? eventHash(prevHash, battleId, version, e.type, e.actor, e.at, e.data) : sealedHash(prevHash, battleId, version, sealOf(e.salt, e.type, e.actor, e.at, e.data));
}

const HEX64 = /^[0-9a-f]{64}$/;

/**
 * The chain verified: `count` events, of which `unsealed` were withheld events written before
 * sealing, whose hash a view is not given (it would let a guess of their contents be checked), so
 * the event after each is taken as given there.
 */
export type VerifyResult = { ok: true; count: number; unsealed: number } | { ok: false; version: number; reason: ChainReason };

/**
 * The messages of the catalog (reports.json) a broken chain's reason is one of. The page's verifier
 * checks a chain in the browser, which has no catalog, so the reason is built as plain data (a
 * phrase's key and values, src/i18n/text.ts) and worded where it is shown.
 */
export const CHAIN_REASON_KEYS = [
  'reports.chain.versionNotInteger',
  'reports.chain.versionMissing',
  'reports.chain.versionAgain',
  'reports.chain.otherBattle',
  'reports.chain.sealNotHex',
  'reports.chain.sealMismatch',
  'reports.chain.withheldHashNotHex',
  'reports.chain.columnNotText',
  'reports.chain.saltNotHex',
  'reports.chain.hashMismatch',
  'reports.chain.tailMissing',
] as const;

/** Why a chain fails: a phrase of CHAIN_REASON_KEYS, its values strings. */
export interface ChainReason {
  key: (typeof CHAIN_REASON_KEYS)[number];
  values?: Record<string, string>;
}

const TEXT_COLUMNS = ['type', 'actor', 'at', 'data', 'hash'] as const;

/**
 * A row of the chain a view withholds (a secret of another side, in a page's export): nothing of its
 * contents, its type, actor or time, only its seal (scheme 2), from which its hash follows; one
 * written before sealing has no seal, and its hash is not given either.
 */
export interface WithheldRow {
  battle_id: SqlValue;
  version: SqlValue;
  seal?: SqlValue;
  hash?: SqlValue;
  withheld: true;
}

/** A row of the chain: one as stored, or one a view withholds. */
export type ChainRow = RawEventRow | WithheldRow;

export interface VerifyOptions {
  /** The battle the rows must belong to; by default the first row's. */
  battleId?: string;
  /** A version the log is known to have reached (EventChain.reached): a log ending before it lost its tail. */
  reached?: number;
}

/**
 * Recomputes the hash chain of one battle's raw rows, ordered by version, and names the first bad
 * event: the version where the chain first goes wrong (a missing or repeated version, a column not
 * stored as expected, a hash that does not follow from the previous one). With `reached`, a log
 * whose last events were deleted is caught too. Each row is hashed by its own scheme: sealed when it
 * has a salt, scheme 1 when not, so a log written before sealing verifies as it was written. A
 * withheld sealed row is hashed from its seal; after a withheld row written before sealing, the next
 * row's hash is taken as given.
 * Note: `position` and `request_id` are not under the hash (the formula of docs/architecture.md, Storage, leaves them out).
 */
export function verifyChain(chain: readonly ChainRow[] | EventChain, options: VerifyOptions = {}): VerifyResult {
  const { rows, ...fromChain } = 'rows' in chain ? chain : { rows: chain };
  const opts: VerifyOptions = { ...fromChain, ...options };
  const battle = opts.battleId ?? rows[0]?.battle_id;
  let prev: string | undefined = GENESIS_HASH;
  let unsealed = 0;
  for (const [i, row] of rows.entries()) {
    const expected = i + 1;
    const bad = (key: ChainReason['key'], values?: Record<string, string>): VerifyResult => ({ ok: false, version: expected, reason: values ? { key, values } : { key } });
    if (typeof row.version !== 'number' || !Number.isInteger(row.version)) {
      return bad('reports.chain.versionNotInteger', { stored: describe(row.version) });
    }
    if (row.version > expected) return bad('reports.chain.versionMissing', { expected: String(expected), next: String(row.version) });
    if (row.version < expected) return bad('reports.chain.versionAgain', { version: String(row.version), expected: String(expected) });
    if (typeof row.battle_id !== 'string' || row.battle_id !== battle) {
      return bad('reports.chain.otherBattle', { stored: describe(row.battle_id), battle: describe(battle ?? null) });
    }
    if ('withheld' in row) {
      if (row.seal === undefined || row.seal === null) {
        // Written before sealing: its hash would be a test of any guess, so the view is not given it.
        unsealed++;
        prev = undefined;
        continue;
      }
      if (typeof row.seal !== 'string' || !HEX64.test(row.seal)) return bad('reports.chain.sealNotHex');
      const hash: string = prev === undefined ? String(row.hash) : sealedHash(prev, row.battle_id, row.version, row.seal);
      if (row.hash !== undefined && row.hash !== hash) return bad('reports.chain.sealMismatch');
      if (!HEX64.test(hash)) return bad('reports.chain.withheldHashNotHex');
      prev = hash;
      continue;
    }
    for (const column of TEXT_COLUMNS) {
      if (typeof row[column] !== 'string') return bad('reports.chain.columnNotText', { column, stored: describe(row[column]) });
    }
    const salt = row.salt ?? null;
    if (salt !== null && (typeof salt !== 'string' || !HEX64.test(salt))) return bad('reports.chain.saltNotHex', { stored: describe(salt) });
    const { type, actor, at, data, hash } = row as unknown as Record<(typeof TEXT_COLUMNS)[number], string>;
    // After a withheld event written before sealing, this one's stored hash is the chain's next link.
    if (prev !== undefined && rowHash(prev, row.battle_id, row.version, { type, actor, at, data, salt }) !== hash) {
      return bad('reports.chain.hashMismatch');
    }
    prev = hash;
  }
  const count = rows.length;
  if (opts.reached !== undefined && opts.reached > count) {
    return { ok: false, version: count + 1, reason: { key: 'reports.chain.tailMissing', values: { count: String(count), reached: String(opts.reached) } } };
  }
  return { ok: true, count, unsealed };
}

function describe(v: SqlValue | undefined): string {
  if (v === null || v === undefined) return 'null';
  if (v instanceof Uint8Array) return 'a blob';
  return typeof v === 'string' ? JSON.stringify(v) : `${typeof v} ${String(v)}`;
}
