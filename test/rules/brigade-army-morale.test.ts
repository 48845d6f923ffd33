import { describe, expect, it } from 'vitest';
import { armyMorale, armyMoraleDue, brigadePack as pack } from '../../src/systems/brigade/rules.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { scriptedDice } from '../support/scripted-dice.ts';
import { english } from '../../src/i18n/text.ts';

describe('BRG-4.1 when army morale is checked', () => {
  it.each([
    [1, false, false],
    [3, false, false],
    [4, false, true],
    [8, false, true],
    [5, true, true],
  ])('BRG-4.1 turn %i, army general fallen %s: checked %s', (turn, armyGeneralFell, due) => {
    expect(armyMoraleDue({ turn, armyGeneralFell, pack }).due).toBe(due);
  });

  it('BRG-4.1 not due: nothing is rolled', () => {
    const dice = scriptedDice(6);
    const o = armyMorale({ turn: 3, armyGeneralFell: false, armies: [{ side: 'French', broken: 3, formed: 4, tableNumber: 2 }], dice, pack });
    expect([o.due, o.armies, dice.asked]).toEqual([false, [], []]);
  });

  it('BRG-4.1 only a player with enough broken brigades tests; one without broken brigades does not check', () => {
    const dice = scriptedDice(5);
    const o = armyMorale({
      turn: 4,
      armyGeneralFell: false,
      armies: [
        { side: 'British', broken: 0, formed: 6 },
        { side: 'French', broken: 1, formed: 6, tableNumber: null },
      ],
      dice,
      pack,
    });
    expect(o.armies.map((a) => [a.side, a.tests, a.result])).toEqual([
      ['British', false, 'no-test'],
      ['French', false, 'no-test'],
    ]);
    expect(dice.asked).toEqual([]);
  });

  it('BRG-4.1 the table is not in the source: the GM’s number is asked for before any die', () => {
    const dice = scriptedDice(5);
    expect(() => armyMorale({ turn: 4, armyGeneralFell: false, armies: [{ side: 'French', broken: 2, formed: 6 }], dice, pack })).toThrow(/Army Morale Table is not in the source: give French's number for 2 broken of 6 formed/);
    expect(dice.asked).toEqual([]);
  });
});

describe('BRG-4.2 the test', () => {
  it.each([
    [3, 3, 'fights-on'],
    [1, 3, 'fights-on'],
    [4, 3, 'withdraws'],
  ] as const)('BRG-4.2 a d6 of %i against %i: %s', (roll, number, result) => {
    const dice = scriptedDice(roll);
    const o = armyMorale({ turn: 8, armyGeneralFell: false, armies: [{ side: 'French', broken: 2, formed: 5, tableNumber: number }], dice, pack });
    expect(dice.asked).toEqual([6]);
    expect(o.armies[0]).toMatchObject({ roll, number, by: 'gm', tests: true, result });
    expect(o.withdrawing).toEqual(result === 'withdraws' ? ['French'] : []);
  });

  it('BRG-4.2 the battle\'s house rule Army Morale Table gives the number by broken of formed brigades', () => {
    const table = { key: 'army-morale.table', value: [{ formed: 4, broken: 2, number: 3 }], note: 'house rule set by <@gm> at event 5' };
    const o = armyMorale({
      turn: 4,
      armyGeneralFell: false,
      armies: [
        { side: 'British', broken: 1, formed: 4 },
        { side: 'French', broken: 2, formed: 4 },
      ],
      table,
      dice: scriptedDice(4),
      pack,
    });
    expect(o.armies.map((a) => [a.side, a.number, a.tests, a.result])).toEqual([
      ['British', null, false, 'no-test'],
      ['French', 3, true, 'withdraws'],
    ]);
    expect(() => armyMorale({ turn: 4, armyGeneralFell: false, armies: [{ side: 'French', broken: 2, formed: 4, tableNumber: 5 }], table, dice: scriptedDice(1), pack })).toThrow(RuleError);
  });

  it('BRG-4.2 more broken than formed brigades is refused', () => {
    expect(() => armyMorale({ turn: 4, armyGeneralFell: false, armies: [{ side: 'French', broken: 5, formed: 4, tableNumber: 2 }], dice: scriptedDice(1), pack })).toThrow(RuleError);
  });
});

describe('BRG-4.3 both armies', () => {
  it('BRG-4.1, BRG-4.3 both roll simultaneously, and both may withdraw at once', () => {
    const dice = scriptedDice(6, 5);
    const o = armyMorale({
      turn: 2,
      armyGeneralFell: true,
      armies: [
        { side: 'British', broken: 3, formed: 6, tableNumber: 4 },
        { side: 'French', broken: 4, formed: 6, tableNumber: 2 },
      ],
      dice,
      pack,
    });
    expect(o.dice).toEqual([
      { sides: 6, result: 6 },
      { sides: 6, result: 5 },
    ]);
    expect(o.withdrawing).toEqual(['British', 'French']);
    expect(o.steps.map(english).join('\n')).toMatch(/roll simultaneously \(BRG-4\.1\)[\s\S]*both withdraw from the battlefield simultaneously \(BRG-4\.3\)/);
  });
});
