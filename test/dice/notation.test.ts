import { createHmac } from 'node:crypto';
import { DiceRoll, NumberGenerator } from '@dice-roller/rpg-dice-roller';
import { describe, expect, it, vi } from 'vitest';
import type { DiceUsed } from '../../src/battle/events.ts';
import type { RollResult } from '../../src/dice/notation.ts';
import { evaluateRoll, evaluateRollFresh, MAX_DICE, MAX_DRAWS, MAX_SIDES, RollError } from '../../src/dice/notation.ts';
import { DiceStream, rederive } from '../../src/dice/stream.ts';

const seed = Buffer.from(Array.from({ length: 32 }, (_, i) => i));
const battle = 'test';

/** The die(n) rule written again with plain createHmac: the faces for `sides`, from word `from`. */
function independentRolls(from: number, sides: number[]): { results: number[]; to: number } {
  let j = from;
  const results = sides.map((n) => {
    for (;;) {
      const u = createHmac('sha256', seed).update(`${battle}:${j++}`).digest().readUInt32BE(0);
      if (u < 2 ** 32 - (2 ** 32 % n)) return (u % n) + 1;
    }
  });
  return { results, to: j };
}

/** Roll at `cursor` of the test battle. */
function rollAt(expression: string, cursor: number): RollResult {
  return evaluateRoll(expression, DiceStream.fromSeed(seed, battle, cursor));
}

/** The first cursor from 0 at which `expression` gives a roll satisfying `wanted` (to exercise explosions etc.). */
function firstRoll(expression: string, wanted: (r: RollResult) => boolean): RollResult {
  for (let cursor = 0; cursor < 10_000; cursor++) {
    const result = rollAt(expression, cursor);
    if (wanted(result)) return result;
  }
  throw new Error(`no cursor gives the wanted ${expression}`);
}

/** The roll re-derives: from the stream module, by the test's own HMAC, and by replaying the expression. */
function expectVerifiable(result: RollResult): void {
  expect(result.verifiable).toBe(true);
  expect(rederive(seed, battle, result.dice)).toEqual({ ok: true });
  const independent = independentRolls(result.dice.from, result.dice.rolls.map((r) => r.sides));
  expect(result.dice.rolls.map((r) => r.result)).toEqual(independent.results);
  expect(result.dice.to).toBe(independent.to);
  const replay = rollAt(result.expression, result.dice.from);
  expect(replay.output).toBe(result.output);
  expect(replay.dice).toEqual(result.dice);
}

/** The faces inside the n-th [...] of the library's output, flags (d, !, *) stripped. */
function shown(output: string, group = 0): number[] {
  const inside = [...output.matchAll(/\[([^\]]*)\]/g)][group]?.[1] ?? '';
  return inside.split(',').map((s) => parseInt(s.trim(), 10));
}

const results = (dice: DiceUsed) => dice.rolls.map((r) => r.result);
const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('/roll on the battle stream', () => {
  it('4d6kh3+2: four d6, the lowest dropped, plus 2', () => {
    const r = rollAt('4d6kh3+2', 0);
    expect(r.dice.rolls.map((x) => x.sides)).toEqual([6, 6, 6, 6]);
    expect(shown(r.output)).toEqual(results(r.dice));
    const sorted = [...results(r.dice)].sort((a, b) => b - a);
    expect(r.total).toBe(sum(sorted.slice(0, 3)) + 2);
    expect(r.output).toBe('4d6kh3+2: [6, 3d, 4, 4]+2 = 16');
    expectVerifiable(r);
  });

  it('d%: one d100', () => {
    const r = rollAt('d%', 3);
    expect(r.dice.rolls).toEqual([{ sides: 100, result: r.total }]);
    expect(r.dice).toMatchObject({ from: 3, to: 4 });
    expectVerifiable(r);
  });

  it('3d6!: every 6 draws one more d6 from the stream', () => {
    const r = firstRoll('3d6!', (x) => x.output.includes('!,') || x.output.includes('!]'));
    const faces = results(r.dice);
    expect(r.dice.rolls.every((x) => x.sides === 6)).toBe(true);
    expect(faces.length).toBe(3 + faces.filter((f) => f === 6).length);
    expect(r.total).toBe(sum(faces));
    expect(sum(shown(r.output))).toBe(r.total);
    expectVerifiable(r);
  });

  it('2d20kl1: the lower of two d20', () => {
    const r = rollAt('2d20kl1', 7);
    expect(r.dice.rolls.map((x) => x.sides)).toEqual([20, 20]);
    expect(r.total).toBe(Math.min(...results(r.dice)));
    expectVerifiable(r);
  });

  it('4d10>=8: counts the dice of 8 or more', () => {
    const r = firstRoll('4d10>=8', (x) => x.total > 0 && x.total < 4);
    expect(r.dice.rolls.map((x) => x.sides)).toEqual([10, 10, 10, 10]);
    expect(r.total).toBe(results(r.dice).filter((f) => f >= 8).length);
    expectVerifiable(r);
  });

  it('1d6+1d8+3: several groups and a constant', () => {
    const r = rollAt('1d6+1d8+3', 11);
    expect(r.dice.rolls.map((x) => x.sides)).toEqual([6, 8]);
    expect(r.total).toBe(sum(results(r.dice)) + 3);
    expect([shown(r.output, 0), shown(r.output, 1)]).toEqual([[r.dice.rolls[0]!.result], [r.dice.rolls[1]!.result]]);
    expectVerifiable(r);
  });

  it('fudge dice, groups, re-rolls and math also draw every die from the stream', () => {
    for (const expression of ['4dF', '{4d6,2d8}kh1', '2d6r<2', '3d6!!', '2d10!p', 'floor(3d6/2)', '4d6u', '5d10cs>=9']) {
      expectVerifiable(rollAt(expression, 40));
    }
  });

  it('consecutive rolls on one stream take consecutive cursor ranges', () => {
    const stream = DiceStream.fromSeed(seed, battle, 0);
    const a = evaluateRoll('4d6kh3+2', stream);
    const b = evaluateRoll('d%', stream);
    expect(a.dice).toMatchObject({ from: 0, to: 4 });
    expect(b.dice).toMatchObject({ from: 4, to: 5 });
    expect(stream.cursor).toBe(5);
  });

  it('a repeated expression re-rolls its kept parse exactly as a first parse rolls it: output, total and dice', async () => {
    const expressions = ['1d6', '150d6', '4d6kh3+2', '3d6!', '{4d6,2d8}kh1', '2d6r<2', '4d6u', '5d10cs>=9', '4dF', 'floor(3d6/2)', '2d10!p'];
    const cursors = [0, 7, 40, 3, 19];
    // Rolled again and again in this module, each repeat from the kept parse (notation.ts, parsed).
    const repeated = cursors.flatMap((cursor) => expressions.map((e) => rollAt(e, cursor)));
    const fresh: RollResult[] = [];
    for (const cursor of cursors) {
      for (const e of expressions) {
        vi.resetModules(); // a module of its own: nothing kept, so the expression is parsed anew
        const { evaluateRoll: firstParse } = await import('../../src/dice/notation.ts');
        fresh.push(firstParse(e, DiceStream.fromSeed(seed, battle, cursor)));
      }
    }
    expect(repeated).toEqual(fresh);
    expect(new Set(repeated.map((r) => r.output)).size).toBeGreaterThan(expressions.length); // the repeats rolled anew
  });

  it('leaves the library as it found it: plain rpg-dice-roller still rolls with its own engine', () => {
    const before: unknown = NumberGenerator.generator.engine;
    rollAt('2d6', 0);
    expect(NumberGenerator.generator.engine).toBe(before);
    const plain = new DiceRoll('2d6!');
    expect(plain.total).toBeGreaterThanOrEqual(2);
    expect(plain.maxTotal).toBeGreaterThan(12); // the library's own max engine still works through the hook
  });
});

describe('/roll refusals', () => {
  const refusal = (expression: string): RollError => {
    try {
      rollAt(expression, 0);
    } catch (error) {
      expect(error).toBeInstanceOf(RollError);
      return error as RollError;
    }
    throw new Error(`${expression} was not refused`);
  };

  it('an invalid expression names the bad part and where it is', () => {
    const error = refusal('4d6kx3');
    expect(error.kind).toBe('syntax');
    expect(error.position).toBe(4);
    expect(error.message).toContain('character 5');
    expect(error.message).toContain('found "x"');
    expect(error.message).toContain('4d6kx3\n    ^');
    expect(refusal('3d6+').message).toContain('found the end of the expression');
    expect(refusal('roll 2d6').message).toContain('found "r"');
  });

  it(`10000d10000 is refused with the limit stated (${MAX_DICE} dice)`, () => {
    const error = refusal('10000d10000');
    expect(error.kind).toBe('limit');
    expect(error.message).toContain(String(MAX_DICE));
  });

  it(`more than ${MAX_DICE} dice in all, or more than ${MAX_SIDES} sides, are refused`, () => {
    expect(refusal('600d6+600d6').message).toContain(`at most ${MAX_DICE}`);
    expect(refusal('(500*3)d6').message).toContain(String(MAX_DICE));
    expect(refusal('1d20000').message).toContain(`at most ${MAX_SIDES}`);
    expect(refusal('1d(200*100)').message).toContain(`at most ${MAX_SIDES}`);
    expect(rollAt(`1d${MAX_SIDES}`, 0).dice.rolls[0]!.sides).toBe(MAX_SIDES);
  });

  it('a refusal is given again on every try, and a checked expression rolls the same on its next try', () => {
    // Only a roll that went through is kept parsed (notation.ts), so a repeat of a refused roll is refused anew.
    for (let i = 0; i < 2; i++) expect(refusal('1d20000').message).toContain(`at most ${MAX_SIDES}`);
    const first = rollAt('3d6!+2', 5);
    expect(rollAt('3d6!+2', 5)).toEqual(first);
  });

  it('explosions and re-rolls that could never stop are refused before rolling', () => {
    expect(refusal('2d6!>=1').message).toMatch(/explodes on every face/);
    expect(refusal('1d6r<7').message).toMatch(/re-rolls on every face/);
    expect(refusal('4d3u').message).toMatch(/more dice than faces/);
  });

  it(`a roll drawing more than ${MAX_DRAWS} dice with its explosions is refused, and no recording stays open`, () => {
    const stream = DiceStream.fromSeed(seed, battle, 0);
    expect(() => evaluateRoll('999d100!>=2', stream)).toThrow(new RegExp(`more than ${MAX_DRAWS} dice`));
    expect(() => stream.end()).toThrow(/without a matching begin/);
  });

  it('a roll without a finite total is refused', () => {
    expect(refusal('1d6/0').kind).toBe('invalid');
  });
});

describe('/roll without a committed seed', () => {
  it('says it is not verifiable', () => {
    const r = evaluateRollFresh('4d6kh3');
    expect(r.verifiable).toBe(false);
    expect(r.dice.rolls).toHaveLength(4);
    expect(r.total).toBe(sum([...results(r.dice)].sort((a, b) => b - a).slice(0, 3)));
  });
});
