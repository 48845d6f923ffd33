import { randomFillSync } from 'node:crypto';

/** Salts drawn from the system's CSPRNG a page at a time: one call into it per 128 salts, as uuid pools its bytes. */
const POOL = Buffer.alloc(32 * 128);
let taken = POOL.length;

/** A new event's salt (hash.ts, sealOf): 32 bytes of the system's CSPRNG as hex, never the dice stream's. */
export function newSalt(): string {
  if (taken === POOL.length) {
    randomFillSync(POOL);
    taken = 0;
  }
  taken += 32;
  return POOL.toString('hex', taken - 32, taken);
}

/** Events with the salts `newSalt` gives, where one is given (a table's fixed seed); else the store salts each itself. */
export const salted = <E extends { type: string; data: unknown }>(events: E[], newSalt?: () => string): (E & { salt?: string })[] =>
  newSalt ? events.map((e) => ({ ...e, salt: newSalt() })) : events;
