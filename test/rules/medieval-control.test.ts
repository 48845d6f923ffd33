import { describe, expect, it } from 'vitest';
import { english } from '../../src/i18n/text.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { controlTest, medievalPack as pack, type TestingUnit } from '../../src/systems/medieval/index.ts';
import { scriptedDice } from '../support/scripted-dice.ts';

const unit: TestingUnit = { arm: 'infantry' };

describe('MED-CONTROL-MOD chart, every cell as transcribed', () => {
  it.each(pack.control.factors.flatMap((f) => Array.from({ length: f.max - f.min + 1 }, (_, i) => [f.min + i, f.factor] as const)))('MED-CONTROL-MOD.1 d10 %i gives factor +%i', (roll, factor) => {
    const o = controlTest({ reason: 'MED-CONTROL.1', unit, dice: scriptedDice(roll), pack });
    expect([o.roll, o.factor, o.total]).toEqual([roll, factor, factor]);
  });

  it.each(pack.control.modifiers.map((m) => [m.id, m.value!, m] as const))('%s adds %i', (id, value, m) => {
    const o = controlTest({ reason: 'MED-CONTROL.2', unit, modifiers: [{ id, ...(m.each ? { count: 1 } : {}) }], dice: scriptedDice(1), pack });
    expect(o.modifiers.map((x) => ({ ...x, text: english(x.text) }))).toEqual([{ id, text: m.text, value, count: 1, total: value, derived: false }]);
    expect(o.total).toBe(1 + value);
  });

  it.each([
    [3, true],
    [4, false],
  ] as const)('MED-CONTROL-RESULT a total of %i passes: %s', (total, passed) => {
    // d10 9 = +5, then a factor to reach the total: -2 (MED-CONTROL-MOD.6) or -1 (MED-CONTROL-MOD.8).
    const o = controlTest({ reason: 'MED-CONTROL.3', unit, modifiers: [{ id: total === 3 ? 'MED-CONTROL-MOD.6' : 'MED-CONTROL-MOD.8' }], dice: scriptedDice(9), pack });
    expect(o.total).toBe(total);
    expect(o.passed).toBe(passed);
    expect(o.impetuous).toBe(!passed);
    expect(o.result.id).toBe(passed ? 'MED-CONTROL-RESULT.1' : 'MED-CONTROL-RESULT.2');
  });
});

describe('MED-CONTROL procedure', () => {
  it('MED-CONTROL a test carries its reason, the die, each factor and the total', () => {
    const o = controlTest({ reason: 'MED-CONTROL.5', unit: { arm: 'cavalry', class: 'A' }, modifiers: [{ id: 'MED-CONTROL-MOD.16', count: 2 }], derived: { lossesTenths: 5 }, dice: scriptedDice(4), pack });
    // +2 (d10 4) +2 (A cavalry) -2 (2 x full 20% lost) +2 (2 enemy units) = 4: failed.
    expect(o.modifiers.map((m) => [m.id, m.total, m.derived])).toEqual([
      ['MED-CONTROL-MOD.3', 2, true],
      ['MED-CONTROL-MOD.4', -2, true],
      ['MED-CONTROL-MOD.16', 2, false],
    ]);
    expect(o.total).toBe(4);
    expect(o.impetuous).toBe(true);
    expect(o.dice).toEqual([{ sides: 10, result: 4 }]);
    expect(english(o.steps[0]!)).toContain('MED-CONTROL.5');
  });

  it('MED-CONTROL-MOD.5, .7, .9, .11, .13 class factors come from the unit', () => {
    const factorFor = (cls: 'A' | 'B' | 'C' | 'D' | 'E' | 'M') => controlTest({ reason: 'MED-CONTROL.1', unit: { arm: 'infantry', class: cls }, dice: scriptedDice(1), pack }).total - 1;
    expect(['A', 'B', 'C', 'M', 'D', 'E'].map((c) => factorFor(c as 'A'))).toEqual([-2, -1, 0, 0, 1, 2]);
  });

  it('MED-CONTROL-MOD.32 a Rash commander makes .22 and .24 +0 and +1', () => {
    const o = controlTest({ reason: 'MED-CONTROL.1', unit, modifiers: [{ id: 'MED-CONTROL-MOD.24', commander: 'Rash' }], dice: scriptedDice(3), pack });
    expect(o.total).toBe(3);
    const near = controlTest({ reason: 'MED-CONTROL.1', unit, modifiers: [{ id: 'MED-CONTROL-MOD.22', commander: 'Rash' }], dice: scriptedDice(3), pack });
    expect(near.total).toBe(2);
    const bold = controlTest({ reason: 'MED-CONTROL.1', unit, modifiers: [{ id: 'MED-CONTROL-MOD.24', commander: 'Bold' }], dice: scriptedDice(3), pack });
    expect(bold.total).toBe(0);
  });

  it.each([
    [{ arm: 'artillery' }, /Artillery units/],
    [{ arm: 'infantry', order: 'skirmish' }, /skirmish order/],
    [{ arm: 'infantry', formation: 'hedgehog' }, /hedgehog/],
    [{ arm: 'infantry', formation: 'stand-of-pike' }, /stand-of-pike/],
  ] as const)('MED-CONTROL.9 %o never tests', (u, why) => {
    const dice = scriptedDice(5);
    expect(() => controlTest({ reason: 'MED-CONTROL.1', unit: u, dice, pack })).toThrow(why);
    expect(dice.asked).toEqual([]);
  });

  it('MED-CONTROL an unknown reason is refused before any die is rolled', () => {
    const dice = scriptedDice(5);
    expect(() => controlTest({ reason: 'MED-CONTROL.9', unit, dice, pack })).toThrow(RuleError);
    expect(dice.asked).toEqual([]);
  });

  it('MED-CONTROL-MOD "each" factors take a count; others refuse one', () => {
    expect(() => controlTest({ reason: 'MED-CONTROL.1', unit, modifiers: [{ id: 'MED-CONTROL-MOD.6', count: 2 }], dice: scriptedDice(5), pack })).toThrow(/not counted/);
  });
});
