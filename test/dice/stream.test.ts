import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { WordSource } from '../../src/dice/stream.ts';
import { keyedMac } from '../../src/dice/mac.ts';
import { BattleWords, DiceStream, hmacWords, newSeed, rederive, seedCommitment } from '../../src/dice/stream.ts';

const seed = Buffer.from(Array.from({ length: 32 }, (_, i) => i)); // 0x00..0x1f
const battle = 'test';

/** docs/architecture.md, Dice, written again from the text with plain createHmac: word j, then die(n) by rejection. */
function independentDice(key: Buffer, battleId: string, n: number, count: number): number[] {
  const results: number[] = [];
  const limit = 4294967296 - (4294967296 % n);
  for (let j = 0; results.length < count; j++) {
    const u = createHmac('sha256', key).update(Buffer.from(`${battleId}:${j}`, 'utf8')).digest().readUInt32BE(0);
    if (u < limit) results.push((u % n) + 1);
  }
  return results;
}

/** A scripted word source. */
function words(list: number[]): WordSource {
  let i = 0;
  return {
    get cursor() {
      return i;
    },
    next() {
      const word = list[i];
      if (word === undefined) throw new Error('script exhausted');
      i += 1;
      return word;
    },
  };
}

describe('DESIGN Dice: known answers (seed 0x00..0x1f, battle "test"; each sequence from a fresh stream at cursor 0)', () => {
  // The literals were also computed with Python's hmac module, a third implementation.
  const known: Record<number, number[]> = {
    6: [6, 3, 4, 4, 1, 1, 3, 6, 3, 5],
    10: [6, 7, 4, 8, 3, 3, 7, 2, 9, 7],
    100: [86, 37, 94, 18, 23, 3, 77, 32, 19, 77],
  };

  for (const n of [6, 10, 100]) {
    it(`the first ten d${n} equal an independent derivation and the known answer`, () => {
      const stream = DiceStream.fromSeed(seed, battle, 0);
      const ours = Array.from({ length: 10 }, () => stream.die(n));
      expect(ours).toEqual(independentDice(seed, battle, n, 10));
      expect(ours).toEqual(known[n]);
    });
  }

  it('word j is the first 4 bytes big-endian of HMAC-SHA256(seed, "<B>:<j>")', () => {
    const source = hmacWords(seed, battle, 0);
    expect([source.next(), source.next(), source.next(), source.next()]).toEqual([3429319385, 889875236, 584914293, 3533527617]);
    expect(source.cursor).toBe(4);
    const later = hmacWords(seed, battle, 1000);
    const expected = createHmac('sha256', seed).update('test:1000').digest().readUInt32BE(0);
    expect(later.next()).toBe(expected);
    expect(later.cursor).toBe(1001);
  });

  it('words drawn ahead are the words drawn when asked, and cost no HMAC then (BattleWords.ahead)', () => {
    const fresh = hmacWords(seed, battle, 0);
    const expected = Array.from({ length: 24 }, () => fresh.next());
    const macs = { count: 0 };
    const mac = keyedMac(seed);
    const words = new BattleWords(seed, battle, (text) => {
      macs.count++;
      return mac(text);
    });
    words.ahead(5, 8);
    macs.count = 0;
    const kept = words.from(5);
    expect(Array.from({ length: 8 }, () => kept.next())).toEqual(expected.slice(5, 13));
    expect(macs.count).toBe(0);
    // Past what was drawn ahead, and before it, each word is computed when asked.
    expect([kept.next(), words.word(4), words.word(0)]).toEqual([expected[13], expected[4], expected[0]]);
    expect(macs.count).toBe(3);
    // Drawn ahead again from a later cursor: the spent words are dropped, those still ahead kept.
    words.ahead(9, 8);
    expect(macs.count).toBe(3 + 4);
    const again = words.from(3);
    expect(Array.from({ length: 20 }, () => again.next())).toEqual(expected.slice(3, 23));
    expect(macs.count).toBe(3 + 4 + 6 + 6);
  });

  it('the stream does not depend on later changes to the seed buffer', () => {
    const copy = Buffer.from(seed);
    const stream = DiceStream.fromSeed(copy, battle, 0);
    copy.fill(0);
    expect(stream.die(6)).toBe(6);
  });
});

describe('DESIGN Dice: die(n) rejects the top words', () => {
  it('d6: 2^32-1 is rejected (>= 2^32 - 2^32 mod 6), the next word 7 gives 7 mod 6 + 1 = 2; two words used', () => {
    const stream = new DiceStream(words([2 ** 32 - 1, 7]));
    expect(stream.die(6)).toBe(2);
    expect(stream.cursor).toBe(2);
  });

  it('d6: the first rejected word is exactly 2^32 - 4 (2^32 mod 6 = 4); the word below it is kept', () => {
    const rejected = new DiceStream(words([2 ** 32 - 4, 0]));
    expect(rejected.die(6)).toBe(1);
    expect(rejected.cursor).toBe(2);
    const kept = new DiceStream(words([2 ** 32 - 5]));
    expect(kept.die(6)).toBe(((2 ** 32 - 5) % 6) + 1);
    expect(kept.cursor).toBe(1);
  });

  it('d100: several top words in a row are all skipped', () => {
    const top = 2 ** 32 - (2 ** 32 % 100);
    const stream = new DiceStream(words([top, top + 50, 2 ** 32 - 1, 199]));
    expect(stream.die(100)).toBe(100);
    expect(stream.cursor).toBe(4);
  });

  it('a power of two divides 2^32: no word is rejected', () => {
    const stream = new DiceStream(words([2 ** 32 - 1]));
    expect(stream.die(8)).toBe(8);
    expect(stream.cursor).toBe(1);
  });

  it('refuses a die without sides and a source that is not 32-bit', () => {
    const stream = new DiceStream(words([1, 2 ** 32]));
    expect(() => stream.die(0)).toThrow(RangeError);
    expect(() => stream.die(2.5)).toThrow(RangeError);
    expect(stream.die(2)).toBe(2);
    expect(() => stream.die(2)).toThrow(/32-bit/);
  });
});

describe('recording what a resolution rolled', () => {
  it('take() returns the cursor range and every roll, in order', () => {
    const stream = DiceStream.fromSeed(seed, battle, 0);
    stream.die(6);
    const { value, dice } = stream.take((d) => d.die(6) + d.die(10));
    expect(dice).toEqual({ from: 1, to: 3, rolls: [{ sides: 6, result: 3 }, { sides: 10, result: 4 }] });
    expect(value).toBe(7);
  });

  it('begin()/end() nest: the outer recording holds the inner rolls too', () => {
    const stream = DiceStream.fromSeed(seed, battle, 0);
    stream.begin();
    stream.die(6);
    stream.begin();
    stream.die(6);
    const inner = stream.end();
    const outer = stream.end();
    expect(inner).toEqual({ from: 1, to: 2, rolls: [{ sides: 6, result: 3 }] });
    expect(outer).toEqual({ from: 0, to: 2, rolls: [{ sides: 6, result: 6 }, { sides: 6, result: 3 }] });
    expect(() => stream.end()).toThrow(/without a matching begin/);
  });

  it('a resolution that throws leaves no recording open; its words stay drawn', () => {
    const stream = DiceStream.fromSeed(seed, battle, 0);
    expect(() =>
      stream.take((d) => {
        d.die(6);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(stream.cursor).toBe(1);
    expect(() => stream.end()).toThrow(/without a matching begin/);
  });
});

describe('rederive', () => {
  const roll = () => DiceStream.fromSeed(seed, battle, 5).take((d) => [d.die(6), d.die(6), d.die(100), d.die(10)]).dice;

  it('passes an untouched record', () => {
    expect(rederive(seed, battle, roll())).toEqual({ ok: true });
  });

  it('detects a changed result and names the roll', () => {
    const used = roll();
    const changed = { ...used, rolls: used.rolls.map((r, i) => (i === 2 ? { ...r, result: (r.result % 100) + 1 } : r)) };
    const verdict = rederive(seed, battle, changed);
    expect(verdict).toMatchObject({ ok: false, reason: 'result', index: 2, expected: used.rolls[2]!.result });
  });

  it('detects a shifted cursor range', () => {
    const used = roll();
    expect(rederive(seed, battle, { ...used, from: used.from + 1, to: used.to + 1 }).ok).toBe(false);
  });

  it('detects a range that does not end where the rolls end (a hidden re-roll)', () => {
    const stream = DiceStream.fromSeed(seed, battle, 0);
    stream.begin();
    stream.die(6); // rolled, disliked...
    const kept = stream.die(6); // ...rolled again, and only this one recorded
    const used = stream.end();
    const doctored = { from: used.from, to: used.to, rolls: [{ sides: 6, result: kept }] };
    expect(rederive(seed, battle, doctored)).toMatchObject({ ok: false });
    // even when the second word happens to re-derive as the same face, the range does not match
    const honestFirst = { from: 0, to: 2, rolls: [{ sides: 6, result: 6 }] };
    expect(rederive(seed, battle, honestFirst)).toMatchObject({ ok: false, reason: 'range', expected: 1, recorded: 2 });
  });

  it('detects a record from another battle or seed', () => {
    const used = roll();
    expect(rederive(seed, 'other', used).ok).toBe(false);
    expect(rederive(Buffer.alloc(32, 1), battle, used).ok).toBe(false);
  });

  it('reports a malformed record instead of throwing', () => {
    expect(rederive(seed, battle, { from: 3, to: 2, rolls: [] })).toMatchObject({ ok: false, reason: 'malformed' });
    expect(rederive(seed, battle, { from: 0, to: 1, rolls: [{ sides: 0, result: 1 }] })).toMatchObject({ ok: false, reason: 'malformed', index: 0 });
  });
});

describe('seeds', () => {
  it('newSeed gives 32 fresh bytes; the commitment is the hex SHA-256 of the seed', () => {
    const a = newSeed();
    expect(a.length).toBe(32);
    expect(Buffer.from(a).equals(newSeed())).toBe(false);
    expect(seedCommitment(seed)).toBe(createHash('sha256').update(seed).digest('hex'));
    expect(seedCommitment(seed)).toBe('630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd');
  });

  it('refuses a seed that is not 32 bytes (e.g. a hex string read as UTF-8)', () => {
    expect(() => hmacWords(Buffer.from(seed.toString('hex')), battle, 0)).toThrow(/32 bytes/);
    expect(() => hmacWords(seed, battle, -1)).toThrow(RangeError);
  });
});
