import { hash as digest } from 'node:crypto';
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
  return digest('sha256', `${prevHash}\n${battleId}\n${version}\n${type}\n${actor}\n${at}\n${data}`, 'hex');
}

export type VerifyResult = { ok: true; count: number } | { ok: false; version: number; reason: string };

const TEXT_COLUMNS = ['type', 'actor', 'at', 'data', 'hash'] as const;

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
 * whose last events were deleted is caught too.
 * Note: `position` and `request_id` are not under the hash (DESIGN.md's formula leaves them out).
 */
export function verifyChain(chain: readonly RawEventRow[] | EventChain, options: VerifyOptions = {}): VerifyResult {
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
    for (const column of TEXT_COLUMNS) {
      if (typeof row[column] !== 'string') return bad(`${column} is stored as ${describe(row[column])}, not text`);
    }
    const { type, actor, at, data, hash } = row as unknown as Record<(typeof TEXT_COLUMNS)[number], string>;
    const computed = eventHash(prev, row.battle_id, row.version, type, actor, at, data);
    if (computed !== hash) return bad(`hash does not match the event's contents and the previous hash`);
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
  if (Buffer.isBuffer(v)) return 'a blob';
  return typeof v === 'string' ? JSON.stringify(v) : `${typeof v} ${String(v)}`;
}
