import { describe, expect, it } from 'vitest';
import { DiceStream } from '../../src/dice/stream.ts';
import { english, word, type Text } from '../../src/i18n/text.ts';
import { GRANDTAC, checkGrandTacPoints, resolveGrandTac } from '../../src/systems/charge/index.ts';
import { scriptedDice } from '../support/scripted-dice.ts';

describe('INIT-GRANDTAC', () => {
  it('INIT-GRANDTAC each commander rolls 1d10 + modifiers; the high modified die wins', () => {
    const dice = scriptedDice(4, 6);
    const out = resolveGrandTac({
      sides: [
        { side: 'french', modifiers: [{ label: 'army commander rating', value: 3, rule: 'GM' }] },
        { side: 'allies', modifiers: [{ label: 'surprise', value: -1 }] },
      ],
      dice,
    });
    expect(dice.asked).toEqual([10, 10]);
    expect(out).toEqual({
      rule: 'INIT-GRANDTAC',
      kind: 'army',
      rolls: [
        { side: 'french', die: 10, roll: 4, modifiers: [{ label: 'army commander rating', value: 3, rule: 'GM' }], total: 7 },
        { side: 'allies', die: 10, roll: 6, modifiers: [{ label: 'surprise', value: -1 }], total: 5 },
      ],
      unmodifiedSum: 10,
      turnEnds: false,
      result: { kind: 'winner', side: 'french', by: 2, reason: expect.anything() },
      notes: [],
    });
    expect(english(out.result.reason)).toMatch(/french wins the initiative, 7 against 5/);
    expect(word(out.result.reason, 'fr')).toBe('french remporte l’initiative, 7 contre 5 : le plus haut dé modifié l’emporte (INIT-GRANDTAC).');
  });

  it('INIT-GRANDTAC unmodified rolls totalling 17 or more end the turn immediately, whatever the modifiers', () => {
    const out = resolveGrandTac({ sides: [{ side: 'a' }, { side: 'b', modifiers: [{ label: 'x', value: 5 }] }], dice: scriptedDice(9, 8) });
    expect(out.unmodifiedSum).toBe(17);
    expect(out.turnEnds).toBe(true);
    expect(out.result).toMatchObject({ kind: 'turn-ends' });
    expect(english(out.result.reason)).toMatch(/9 \+ 8 = 17.*turn ends immediately/);
    expect(resolveGrandTac({ sides: [{ side: 'a' }, { side: 'b' }], dice: scriptedDice(10, 10) }).turnEnds).toBe(true);
  });

  it('INIT-GRANDTAC 16 does not end the turn, even when modifiers lift the totals past 17', () => {
    const out = resolveGrandTac({ sides: [{ side: 'a', modifiers: [{ label: 'x', value: 4 }] }, { side: 'b', modifiers: [{ label: 'y', value: 4 }] }], dice: scriptedDice(8, 8) });
    expect(out.turnEnds).toBe(false);
    expect(out.rolls.map((r) => r.total)).toEqual([12, 12]);
  });

  it('INIT-GRANDTAC a tie of modified rolls is not settled by the rules: the GM decides', () => {
    const out = resolveGrandTac({ sides: [{ side: 'a' }, { side: 'b' }], dice: scriptedDice(5, 5) });
    expect(out.result).toMatchObject({ kind: 'tie', needsGm: true });
    expect(english(out.result.reason)).toMatch(/tie at 5.*GM decides/);
    expect(word(out.result.reason, 'de')).toMatch(/^Modifizierte Würfe gleich bei 5; /);
  });

  it('INIT-GRANDTAC Grand-Tac points allotted in secret are recorded, and change the roll only through the GM\'s modifiers', () => {
    const out = resolveGrandTac({ sides: [{ side: 'a', points: 3 }, { side: 'b', points: 1 }], dice: scriptedDice(2, 3) });
    expect(out.rolls.map((r) => [r.side, r.points, r.total])).toEqual([
      ['a', 3, 2],
      ['b', 1, 3],
    ]);
    expect(out.result).toMatchObject({ kind: 'winner', side: 'b', by: 1 });
    expect(out.notes.map((n: Text) => english(n))).toEqual([expect.stringMatching(/a 3, b 1.*do not say how they are spent/)]);
  });

  it('INIT-GRANDTAC the source sets no limit on points: a battle may, and the ballot checks them', () => {
    expect(checkGrandTacPoints(0)).toEqual({ ok: true });
    expect(checkGrandTacPoints(-1)).toMatchObject({ ok: false });
    expect(checkGrandTacPoints(1.5)).toMatchObject({ ok: false });
    const over = checkGrandTacPoints(6, { max: 5 });
    expect(over.ok || english(over.reason)).toMatch(/limited to 5/);
    expect(checkGrandTacPoints(5, { max: 5 })).toEqual({ ok: true });
    expect(() => resolveGrandTac({ sides: [{ side: 'a', points: 6 }, { side: 'b', points: 0 }], dice: scriptedDice(1, 1), limits: { max: 5 } })).toThrow(RangeError);
  });

  it('INIT-GRANDTAC a contest during the turn rolls the same way, and 17 ends the turn there too', () => {
    const out = resolveGrandTac({ sides: [{ side: 'div-2' }, { side: 'div-1' }], dice: scriptedDice(10, 7), kind: 'contest' });
    expect(out).toMatchObject({ kind: 'contest', turnEnds: true, result: { kind: 'turn-ends' } });
  });

  it('INIT-GRANDTAC is a roll between exactly two different commanders', () => {
    expect(() => resolveGrandTac({ sides: [{ side: 'a' }], dice: scriptedDice(1) })).toThrow(/two commanders/);
    expect(() => resolveGrandTac({ sides: [{ side: 'a' }, { side: 'a' }], dice: scriptedDice(1, 2) })).toThrow(/both/);
  });

  it('INIT-GRANDTAC with the battle dice stream: every die in the outcome is a recorded d10', () => {
    const stream = DiceStream.fromSeed(Buffer.alloc(32, 1), 'b1', 0);
    const { value, dice } = stream.take((d) => resolveGrandTac({ sides: [{ side: 'a' }, { side: 'b' }], dice: d }));
    expect(dice.rolls).toEqual(value.rolls.map((r) => ({ sides: GRANDTAC.die, result: r.roll })));
    expect(value.unmodifiedSum).toBe(value.rolls[0].roll + value.rolls[1].roll);
  });
});
