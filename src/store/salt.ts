import { randomBytes } from 'node:crypto';

/** A new event's salt (hash.ts, sealOf): 32 bytes of the system's CSPRNG as hex, never the dice stream's. */
export const newSalt = (): string => randomBytes(32).toString('hex');

/** Events with the salts `newSalt` gives, where one is given (a table's fixed seed); else the store salts each itself. */
export const salted = <E extends { type: string; data: unknown }>(events: E[], newSalt?: () => string): (E & { salt?: string })[] =>
  newSalt ? events.map((e) => ({ ...e, salt: newSalt() })) : events;
