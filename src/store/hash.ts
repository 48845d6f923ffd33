// The same code verifies a log in `umpire verify` and in the browser viewer; only its SHA-256 is each platform's own (digest.ts).
import { sha256Hex } from './digest.ts';
import type { EventChain, RawEventRow, SqlValue } from './types.ts';

/** The prev_hash of version 1. */
export const GENESIS_HASH = '0'.repeat(64);

/**
 * hash = hex SHA-256 of prev_hash, battle_id, version, type, actor, at and data joined by "\n"
 * (DESIGN.md, Storage). `data` is the JSON text exactly as stored, never a re-serialisation.
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

export type VerifyResult = { ok: true; count: number } | { ok: false; version: number; reason: string };

const TEXT_COLUMNS = ['type', 'actor', 'at', 'data', 'hash'] as const;

/**
 * A row of the chain: one as stored, or one a view withholds (a secret of another side, in a page's
 * export): its data is not there, so its hash is taken as given and the next event's hash, which
 * covers it, is what vouches for it.
 */
export type ChainRow = RawEventRow | (Omit<RawEventRow, 'data'> & { data?: SqlValue; withheld: true });

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
 * whose last events were deleted is caught too. A withheld row's hash is taken as given.
 * Note: `position` and `request_id` are not under the hash (DESIGN.md's formula leaves them out).
 */
export function verifyChain(chain: readonly ChainRow[] | EventChain, options: VerifyOptions = {}): VerifyResult {
  const { rows, ...fromChain } = 'rows' in chain ? chain : { rows: chain };
  const opts: VerifyOptions = { ...fromChain, ...options };
  const battle = opts.battleId ?? rows[0]?.battle_id;
  let prev = GENESIS_HASH;
  for (const [i, row] of rows.entries()) {
    const expected = i + 1;
    const bad = (reason: string): VerifyResult => ({ ok: false, version: expected, reason });
    if (typeof row.version !== 'number' || !Number.isInteger(row.version)) {
      return bad(`version is stored as ${describe(row.version)}, not an integer`);
    }
    if (row.version > expected) return bad(`version ${expected} is missing (next stored is ${row.version})`);
    if (row.version < expected) return bad(`version ${row.version} appears again where ${expected} was expected`);
    if (typeof row.battle_id !== 'string' || row.battle_id !== battle) {
      return bad(`battle_id ${describe(row.battle_id)} is not ${describe(battle ?? null)}`);
    }
    const withheld = 'withheld' in row && row.withheld === true;
    for (const column of TEXT_COLUMNS) {
      if (withheld && column === 'data') continue;
      if (typeof row[column] !== 'string') return bad(`${column} is stored as ${describe(row[column])}, not text`);
    }
    const { type, actor, at, data, hash } = row as unknown as Record<(typeof TEXT_COLUMNS)[number], string>;
    if (withheld) {
      if (!/^[0-9a-f]{64}$/.test(hash)) return bad(`the hash of this withheld event is not 64 hex digits`);
    } else if (eventHash(prev, row.battle_id, row.version, type, actor, at, data) !== hash) {
      return bad(`hash does not match the event's contents and the previous hash`);
    }
    prev = hash;
  }
  const count = rows.length;
  if (opts.reached !== undefined && opts.reached > count) {
    return { ok: false, version: count + 1, reason: `the log ends at version ${count} but the store recorded version ${opts.reached}: the events after ${count} are missing` };
  }
  return { ok: true, count };
}

function describe(v: SqlValue | undefined): string {
  if (v === null || v === undefined) return 'null';
  if (v instanceof Uint8Array) return 'a blob';
  return typeof v === 'string' ? JSON.stringify(v) : `${typeof v} ${String(v)}`;
}
