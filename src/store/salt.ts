import { randomFillSync } from 'node:crypto';

/**
 * Salts drawn from the system's CSPRNG a page at a time, as uuid pools its bytes: one call into it
 * per 128 salts, written out as hex at once, so a salt is a slice of that text (an append's own
 * conversion, made between two fsyncs with the process's caches cold, cost it several microseconds).
 */
const POOL = Buffer.alloc(32 * 128);
let hex = '';
let taken = hex.length;

/** A new event's salt (hash.ts, sealOf): 32 bytes of the system's CSPRNG as hex, never the dice stream's. */
export function newSalt(): string {
  if (taken === hex.length) {
    hex = randomFillSync(POOL).toString('hex');
    taken = 0;
  }
  taken += 64;
  return hex.slice(taken - 64, taken);
}

/** Events with the salts `newSalt` gives, where one is given (a table's fixed seed); else the store salts each itself. */
export const salted = <E extends { type: string; data: unknown }>(events: E[], newSalt?: () => string): (E & { salt?: string })[] =>
  newSalt ? events.map((e) => ({ ...e, salt: newSalt() })) : events;
