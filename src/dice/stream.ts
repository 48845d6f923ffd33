// The same code re-derives the dice in `umpire verify` and in the browser viewer: the HMAC is each
// platform's own (mac.ts), the commitment's SHA-256 @noble/hashes' (once per battle).
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { keyedMac } from './mac.ts';

/** Dice a rolling event consumed: cursor range [from, to) of the battle's stream and the results. */
export interface DiceUsed {
  from: number;
  to: number;
  rolls: { sides: number; result: number }[];
}

/**
 * The battle's verifiable dice stream (docs/architecture.md, Dice).
 *
 * Word j of battle B = the first 4 bytes, big-endian, of HMAC-SHA256(key = seed, message = UTF-8
 * "<B>:<j>"); j is the cursor, counted over the whole battle and never going back.
 * die(n): take the next word u; if u >= 2^32 - (2^32 mod n) take another; result = (u mod n) + 1.
 * The rejection keeps every face exactly equally likely; anyone holding the revealed seed can
 * re-derive every roll from the cursor range an event records.
 */

export const SEED_BYTES = 32;
const WORD_RANGE = 2 ** 32;

/** A source of 32-bit words, positioned at `cursor` (the index of the word `next()` returns). */
export interface WordSource {
  next(): number;
  readonly cursor: number;
}

/** The battle's words from `cursor` on. The seed is keyed once, so later changes to its bytes do not matter. */
export function hmacWords(seed: Uint8Array, battleId: string, cursor: number): WordSource {
  return new BattleWords(seed, battleId).from(cursor);
}

/** Word j of a battle's stream under a keyed HMAC: the first 4 bytes of its "<B>:<j>", big-endian. */
function wordAt(macOf: (text: string) => Uint8Array, battleId: string, j: number): number {
  const mac = macOf(`${battleId}:${j}`);
  return ((mac[0]! << 24) | (mac[1]! << 16) | (mac[2]! << 8) | mac[3]!) >>> 0;
}

/**
 * One battle's words, its seed keyed once. `ahead` draws the words after a cursor before they are
 * asked for (the umpire calls it between commands), so a command's first dice read a word already
 * drawn rather than compute an HMAC on the command's path. A word is the same whenever it is drawn:
 * what `ahead` keeps changes no die, only when its HMAC was computed.
 */
export class BattleWords {
  readonly #macOf: (text: string) => Uint8Array;
  readonly #battleId: string;
  /** Words drawn ahead: `#kept[k]` is word `#first + k`. */
  #first = 0;
  #kept: number[] = [];

  /** `macOf`: the seed's keyed HMAC (a test counts its calls). */
  constructor(seed: Uint8Array, battleId: string, macOf?: (text: string) => Uint8Array) {
    checkSeed(seed);
    this.#macOf = macOf ?? keyedMac(seed);
    this.#battleId = battleId;
  }

  /** Word j. */
  word(j: number): number {
    const k = j - this.#first;
    return k >= 0 && k < this.#kept.length ? this.#kept[k]! : wordAt(this.#macOf, this.#battleId, j);
  }

  /** Keeps words `cursor` to `cursor + count - 1` drawn, and none before `cursor`: those are spent. */
  ahead(cursor: number, count: number): void {
    const kept: number[] = [];
    for (let j = cursor; j < cursor + count; j++) kept.push(this.word(j));
    this.#first = cursor;
    this.#kept = kept;
  }

  /** The words from `cursor` on. */
  from(cursor: number): WordSource {
    if (!Number.isSafeInteger(cursor) || cursor < 0) {
      throw new RangeError(`dice cursor must be a non-negative integer, got ${cursor}`);
    }
    let j = cursor;
    return {
      get cursor() {
        return j;
      },
      next: () => this.word(j++),
    };
  }
}

/** The die(n) rule over a word source, with recorders that collect what one resolution rolled. */
export class DiceStream {
  readonly #source: WordSource;
  readonly #open: { from: number; rolls: { sides: number; result: number }[] }[] = [];

  constructor(source: WordSource) {
    this.#source = source;
  }

  /** The stream of battle `battleId` positioned at `cursor`. */
  static fromSeed(seed: Uint8Array, battleId: string, cursor: number): DiceStream {
    return new DiceStream(hmacWords(seed, battleId, cursor));
  }

  /** Index of the next word to be drawn. */
  get cursor(): number {
    return this.#source.cursor;
  }

  /** A die of `n` sides, 1..n; n from 1 to 2^32. */
  die(n: number): number {
    if (!Number.isSafeInteger(n) || n < 1 || n > WORD_RANGE) {
      throw new RangeError(`a die must have 1 to 2^32 sides, got ${n}`);
    }
    const limit = WORD_RANGE - (WORD_RANGE % n);
    for (;;) {
      const u = this.#source.next();
      if (!Number.isInteger(u) || u < 0 || u >= WORD_RANGE) {
        throw new RangeError(`word source returned ${u}, not a 32-bit unsigned integer`);
      }
      if (u < limit) {
        const result = (u % n) + 1;
        for (const recording of this.#open) recording.rolls.push({ sides: n, result });
        return result;
      }
    }
  }

  /** Start recording. Recordings nest: an outer one also gets the rolls of the inner ones. */
  begin(): void {
    this.#open.push({ from: this.cursor, rolls: [] });
  }

  /** Close the innermost recording and return what it consumed. */
  end(): DiceUsed {
    const recording = this.#open.pop();
    if (recording === undefined) throw new Error('DiceStream.end() without a matching begin()');
    return { from: recording.from, to: this.cursor, rolls: recording.rolls };
  }

  /**
   * Run `fn` under a recording. If `fn` throws, the recording is dropped and the error passes on
   * (the words it drew stay drawn; the caller decides whether the cursor it persists moves).
   */
  take<T>(fn: (dice: DiceStream) => T): { value: T; dice: DiceUsed } {
    this.begin();
    const depth = this.#open.length;
    let value: T;
    try {
      value = fn(this);
    } catch (error) {
      this.#open.length = Math.min(this.#open.length, depth - 1);
      throw error;
    }
    if (this.#open.length !== depth) {
      this.#open.length = Math.min(this.#open.length, depth - 1);
      throw new Error('unbalanced begin()/end() inside DiceStream.take()');
    }
    return { value, dice: this.end() };
  }
}

/** A fresh secret seed for a battle. */
export function newSeed(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(SEED_BYTES));
}

/** The commitment posted when a battle is created: hex SHA-256 of the seed bytes. */
export function seedCommitment(seed: Uint8Array): string {
  checkSeed(seed);
  return bytesToHex(sha256(seed));
}

export type Rederivation =
  | { ok: true }
  | {
      ok: false;
      /** result: a recorded result differs; range: the rolls consumed another cursor range; malformed: the record is not a valid one. */
      reason: 'result' | 'range' | 'malformed';
      /** Index of the offending roll; for `range`, the number of rolls. */
      index: number;
      /** The re-derived value (for `range`, the cursor the rolls end at); null when malformed. */
      expected: number | null;
      /** The recorded value (for `range`, the recorded `to`). */
      recorded: number;
      message: string;
    };

/**
 * Re-roll a recorded range from the revealed seed and compare: every result, and that the rolls
 * consume exactly [from, to). A changed result, a shifted range, or a hidden re-roll inside the
 * range (words consumed but not recorded) all fail. Gaps between events are the log verifier's check.
 */
export function rederive(seed: Uint8Array, battleId: string, used: DiceUsed): Rederivation {
  const { from, to, rolls } = used;
  if (!Number.isSafeInteger(from) || !Number.isSafeInteger(to) || from < 0 || to < from) {
    return { ok: false, reason: 'malformed', index: -1, expected: null, recorded: to, message: `invalid cursor range [${from}, ${to})` };
  }
  const stream = DiceStream.fromSeed(seed, battleId, from);
  for (const [index, roll] of rolls.entries()) {
    if (!Number.isSafeInteger(roll.sides) || roll.sides < 1 || roll.sides > WORD_RANGE) {
      return { ok: false, reason: 'malformed', index, expected: null, recorded: roll.sides, message: `roll ${index} has ${roll.sides} sides` };
    }
    const expected = stream.die(roll.sides);
    if (expected !== roll.result) {
      return {
        ok: false,
        reason: 'result',
        index,
        expected,
        recorded: roll.result,
        message: `roll ${index} (d${roll.sides}) re-derives as ${expected}, recorded ${roll.result}`,
      };
    }
  }
  if (stream.cursor !== to) {
    return {
      ok: false,
      reason: 'range',
      index: rolls.length,
      expected: stream.cursor,
      recorded: to,
      message: `the rolls consume [${from}, ${stream.cursor}), recorded [${from}, ${to})`,
    };
  }
  return { ok: true };
}

function checkSeed(seed: Uint8Array): void {
  if (!(seed instanceof Uint8Array) || seed.length !== SEED_BYTES) {
    throw new RangeError(`a dice seed is ${SEED_BYTES} bytes, got ${seed instanceof Uint8Array ? seed.length : typeof seed}`);
  }
}
