import { randomBytes } from 'node:crypto';

/** A new event's salt (hash.ts, sealOf): 32 bytes of the system's CSPRNG as hex, never the dice stream's. */
export const newSalt = (): string => randomBytes(32).toString('hex');
