import { describe, expect, it } from 'vitest';
import { newSalt } from '../../src/store/salt.ts';

describe('an event’s salt (hash.ts, sealOf)', () => {
  it('is 32 bytes as hex, never one seen before, across many pages of the pool', () => {
    const salts = Array.from({ length: 1000 }, newSalt);
    for (const s of salts) expect(s).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(salts).size).toBe(salts.length);
  });
});
