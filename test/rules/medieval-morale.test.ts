import { describe, expect, it } from 'vitest';
import { english } from '../../src/i18n/text.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { medievalPack as pack, moraleDerivedModifiers, moraleTest, type MoraleColumn, type MoraleReasonChoice, type TestingUnit } from '../../src/systems/medieval/index.ts';
import { scriptedDice } from '../support/scripted-dice.ts';

const foot: TestingUnit = { arm: 'infantry', order: 'close' };
const reasonFor: Record<MoraleColumn, MoraleReasonChoice> = {
  receiving: { id: 'MED-MORALE-REASONS.3', intent: 'receive' },
  evading: { id: 'MED-MORALE-REASONS.3', intent: 'evade' },
  charging: { id: 'MED-MORALE-REASONS.2' },
  rally: { id: 'MED-MORALE-REASONS.10', intent: 'rally' },
  other: { id: 'MED-MORALE-REASONS.4' },
};
/** What the umpire adds for the unit itself (routing .23, artillery .27, ...). */
const derivedTotal = (unit: TestingUnit) =>
  moraleDerivedModifiers(unit, {}, pack).reduce((t, c) => t + (pack.morale.modifiers.find((m) => m.id === c.id)?.value ?? 0) * (c.count ?? 1), 0);
/** A d10 of 1 (+1), the unit's derived factors and the lost-value factor MED-MORALE-MOD.26 given so the total is exactly `total`. */
const testAt = (total: number, reason: MoraleReasonChoice, unit: TestingUnit = foot, extra: number[] = []) =>
  moraleTest({ reasons: [reason], unit, modifiers: [{ id: 'MED-MORALE-MOD.26', value: total - 1 - derivedTotal(unit) }], dice: scriptedDice(1, ...extra), pack });

describe('MED-MORALE charts, every cell as transcribed', () => {
  it.each(pack.morale.factors.flatMap((f) => Array.from({ length: f.max - f.min + 1 }, (_, i) => [f.min + i, f.factor] as const)))('MED-MORALE.1 d10 %i gives factor +%i', (roll, factor) => {
    const o = moraleTest({ reasons: [{ id: 'MED-MORALE-REASONS.7' }], unit: foot, dice: scriptedDice(roll), pack });
    expect([o.roll, o.factor, o.total]).toEqual([roll, factor, factor]);
  });

  it.each(pack.morale.modifiers.filter((m) => m.value !== null).map((m) => [m.id, m.value!, m] as const))('%s adds %i', (id, value, m) => {
    const o = moraleTest({ reasons: [{ id: 'MED-MORALE-REASONS.7' }], unit: foot, modifiers: [{ id, ...(m.each ? { count: 1 } : {}) }], dice: scriptedDice(1), pack });
    expect(o.modifiers.map((x) => ({ ...x, text: english(x.text) }))).toEqual([{ id, text: m.text, value, count: 1, total: value, derived: false }]);
    expect(o.total).toBe(1 + value);
  });

  const cells = pack.morale.results.flatMap((band) =>
    (Object.keys(band.cells) as MoraleColumn[]).flatMap((column) =>
      [band.min, band.max].filter((t): t is number => t !== null).map((total) => [band.id, column, total, band.cells[column]] as const),
    ),
  );
  it('covers 6 bands x 5 columns', () => expect(new Set(cells.map(([id, col]) => `${id}/${col}`)).size).toBe(30));

  it.each(cells)('%s under %s at total %i: %s', (id, column, total, result) => {
    const o = testAt(total, reasonFor[column]);
    expect([o.row, o.column, o.total, o.result]).toEqual([id, column, total, result]);
    expect(o.effect.result).toBe(result);
  });

  it('MED-MORALE.2 the end bands are open: +9 and -12 still find a row', () => {
    expect(testAt(9, reasonFor.other).row).toBe('MED-MORALE-RESULT.1');
    expect(testAt(-12, reasonFor.other).row).toBe('MED-MORALE-RESULT.6');
  });
});

describe('MED-MORALE procedure', () => {
  it('MED-MORALE-REASONS one test for the highest-priority reason, covering the others', () => {
    const o = moraleTest({ reasons: [{ id: 'MED-MORALE-REASONS.8' }, { id: 'MED-MORALE-REASONS.3', intent: 'evade' }, { id: 'MED-MORALE-REASONS.11' }], unit: foot, dice: scriptedDice(9), pack });
    expect(o.reason).toMatchObject({ id: 'MED-MORALE-REASONS.3', priority: 3, intent: 'evade' });
    expect(o.covers).toEqual(['MED-MORALE-REASONS.8', 'MED-MORALE-REASONS.11']);
    expect(o.column).toBe('evading');
    expect(o.dice).toEqual([{ sides: 10, result: 9 }]);
  });

  it('MED-MORALE-REASONS.3 needs to know whether the unit receives or evades', () => {
    const dice = scriptedDice(5);
    expect(() => moraleTest({ reasons: [{ id: 'MED-MORALE-REASONS.3' }], unit: foot, dice, pack })).toThrow(/receive or evade/);
    expect(dice.asked).toEqual([]);
  });

  it('MED-MORALE-REASONS an unknown reason is refused', () => {
    expect(() => moraleTest({ reasons: [{ id: 'MED-MORALE-REASONS.13' }], unit: foot, dice: scriptedDice(5), pack })).toThrow(RuleError);
  });

  it('MED-MORALE-MOD losses in tenths, commander dead and friends routing nearby come from the log', () => {
    const o = moraleTest({
      reasons: [{ id: 'MED-MORALE-REASONS.8' }],
      unit: { arm: 'infantry', class: 'B' },
      derived: { lossesTenths: 2, commanderDead: true, friendsRoutingNearby: 2 },
      dice: scriptedDice(10),
      pack,
    });
    // +5 +1 (B) -2 (2 routing) -3 (commander) -4 (2 tenths) = -3
    expect(o.modifiers.map((m) => [m.id, m.total, m.derived])).toEqual([
      ['MED-MORALE-MOD.3', 1, true],
      ['MED-MORALE-MOD.6', -2, true],
      ['MED-MORALE-MOD.28', -3, true],
      ['MED-MORALE-MOD.33', -4, true],
    ]);
    expect(o.total).toBe(-3);
    expect(o.result).toBe('fall-back-disorder');
  });

  it('MED-MORALE-MOD.26 the lost "+?" value must be given, never guessed', () => {
    expect(() => moraleTest({ reasons: [{ id: 'MED-MORALE-REASONS.7' }], unit: foot, modifiers: [{ id: 'MED-MORALE-MOD.26' }], dice: scriptedDice(5), pack })).toThrow(/does not give its value/);
    expect(pack.morale.modifiers.find((m) => m.id === 'MED-MORALE-MOD.26')?.value).toBeNull();
  });
});

describe('MED-MORALE-EFFECTS', () => {
  it('MED-MORALE-EFFECTS.1 rout: disordered, routing, may not fire; artillery abandons its guns', () => {
    const o = testAt(-5, reasonFor.other);
    expect(o.effect).toMatchObject({ result: 'rout', routing: true, disordered: true, mayFire: 'no', rules: ['MED-MORALE-EFFECTS.1a', 'MED-MORALE-EFFECTS.1b'] });
    expect(testAt(-5, reasonFor.other, { arm: 'artillery' }).effect).toMatchObject({ abandonGuns: true });
  });

  it('MED-MORALE-EFFECTS.2a fall back in disorder: infantry 5cm, cavalry 10cm, disordered, routing units rallied', () => {
    expect(testAt(-3, reasonFor.other).effect).toMatchObject({ fallBack: { cm: 5, in: 2 }, disordered: true, rallied: false });
    expect(testAt(-3, reasonFor.other, { arm: 'cavalry', routing: true }).effect).toMatchObject({ fallBack: { cm: 10, in: 4 }, disordered: true, rallied: true });
  });

  it('MED-MORALE-EFFECTS.2b skirmishers fall back without disorder but may not fire this turn', () => {
    expect(testAt(-3, reasonFor.other, { arm: 'infantry', order: 'skirmish' }).effect).toMatchObject({ disordered: false, mayFire: 'no', fallBack: null });
  });

  it("MED-MORALE-EFFECTS.2c artillery falling back in disorder throws its own d10: 1-5 abandons the guns, 6-10 doesn't", () => {
    const abandon = testAt(-3, reasonFor.other, { arm: 'artillery' }, [5]);
    expect(abandon.effect).toMatchObject({ artilleryRoll: 5, abandonGuns: true });
    expect(abandon.dice).toEqual([
      { sides: 10, result: 1 },
      { sides: 10, result: 5 },
    ]);
    expect(testAt(-3, reasonFor.other, { arm: 'artillery' }, [6]).effect).toMatchObject({ artilleryRoll: 6, abandonGuns: false, artilleryChoice: 'manhandle-or-limber' });
  });

  it('MED-MORALE-EFFECTS.3 fall back in good order keeps formation; skirmishers fire at half; artillery chooses', () => {
    expect(testAt(-1, reasonFor.other).effect).toMatchObject({ result: 'fall-back-good-order', fallBack: { cm: 5, in: 2 }, disordered: null });
    expect(testAt(-1, reasonFor.other, { arm: 'cavalry', order: 'skirmish' }).effect).toMatchObject({ mayFire: 'half', disordered: false });
    expect(testAt(-1, reasonFor.other, { arm: 'artillery' }).effect).toMatchObject({ artilleryChoice: 'manhandle-or-limber' });
  });

  it('MED-MORALE-EFFECTS.4 no advance: a charging unit halts disordered; others may not move closer', () => {
    expect(testAt(0, reasonFor.other, { arm: 'cavalry', charging: true }).effect).toMatchObject({ rules: ['MED-MORALE-EFFECTS.4a'], disordered: true, advance: 'none' });
    expect(testAt(0, reasonFor.other).effect).toMatchObject({ rules: ['MED-MORALE-EFFECTS.4b'], advance: 'none', mayFire: 'yes' });
    expect(testAt(0, reasonFor.other, { arm: 'artillery' }).effect).toMatchObject({ rules: ['MED-MORALE-EFFECTS.4c'] });
  });

  it('MED-MORALE-EFFECTS.5 half speed advance', () => {
    expect(testAt(2, reasonFor.other).effect).toMatchObject({ result: 'half-speed', advance: 'half' });
  });

  it('MED-MORALE-EFFECTS.6 act as ordered', () => {
    expect(testAt(4, reasonFor.other).effect).toMatchObject({ result: 'act-as-ordered', advance: 'free', mayFire: 'yes', rules: ['MED-MORALE-EFFECTS.6a'] });
  });

  it('MED-MORALE-RESULT rout when enemy makes contact is flagged, not applied now', () => {
    expect(testAt(-4, reasonFor.receiving).effect).toMatchObject({ result: 'rout-on-contact', routsOnContact: true, routing: false });
  });
});
