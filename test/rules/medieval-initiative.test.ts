import { english } from '../../src/i18n/text.ts';
import { describe, expect, it } from 'vitest';
import { RuleError } from '../../src/rules/errors.ts';
import { medievalPack as pack, rollInitiative } from '../../src/systems/medieval/index.ts';
import { scriptedDice } from '../support/scripted-dice.ts';

describe('MED-INIT', () => {
  it('MED-INIT.2 commander modifiers Cautious +2, Bold +4, Rash +4, Exceptional +6', () => {
    expect(pack.initiative.commanders).toEqual({ Cautious: 2, Bold: 4, Rash: 4, Exceptional: 6 });
    const o = rollInitiative({ sides: [{ side: 'red', commander: 'Exceptional' }, { side: 'blue', commander: 'Cautious' }], dice: scriptedDice(1, 4), pack, die: 10 });
    expect(o.rolls).toEqual([
      { round: 1, side: 'red', roll: 1, modifier: 6, total: 7 },
      { round: 1, side: 'blue', roll: 4, modifier: 2, total: 6 },
    ]);
    expect(o.winner).toBe('red');
  });

  it('MED-INIT.1 the die is the battle\'s, never a pack default: a d10 as in the sequence chart (MED-SEQ.1)', () => {
    expect(pack.options).not.toHaveProperty('initiativeDie');
    const dice = scriptedDice(10, 9);
    const o = rollInitiative({ sides: [{ side: 'red' }, { side: 'blue' }], dice, pack, die: 10 });
    expect(o.die).toBe(10);
    expect(dice.asked).toEqual([10, 10]);
    expect(o.dice).toEqual([
      { sides: 10, result: 10 },
      { sides: 10, result: 9 },
    ]);
  });

  it('MED-INIT.1 or the d6 of the paragraph, with where it came from in the working', () => {
    const dice = scriptedDice(3, 2);
    const o = rollInitiative({ sides: [{ side: 'red' }, { side: 'blue' }], dice, pack, die: 6, dieNote: 'house rule set by <@gm> at event 3' });
    expect(o.die).toBe(6);
    expect(english(o.steps[0]!)).toBe("Each side rolls a d6 and adds its commander's modifier (MED-INIT.1-2); the die: house rule set by <@gm> at event 3.");
    expect(dice.asked).toEqual([6, 6]);
  });

  it('MED-INIT.5 ties roll again, and every roll is kept', () => {
    const o = rollInitiative({ sides: [{ side: 'red', commander: 'Bold' }, { side: 'blue', commander: 'Rash' }], dice: scriptedDice(5, 5, 3, 3, 2, 8), pack, die: 10 });
    expect(o.rounds).toBe(3);
    expect(o.rolls).toHaveLength(6);
    expect(o.winner).toBe('blue');
    expect(o.steps.filter((s) => english(s).includes('MED-INIT.5'))).toHaveLength(2);
  });

  it('MED-INIT.5 with three sides only those tied for the highest roll again', () => {
    const o = rollInitiative({ sides: [{ side: 'a' }, { side: 'b' }, { side: 'c' }], dice: scriptedDice(7, 7, 2, 1, 4), pack, die: 10 });
    expect(o.rolls.filter((r) => r.round === 2).map((r) => r.side)).toEqual(['a', 'b']);
    expect(o.winner).toBe('b');
  });

  it('MED-INIT needs two distinct sides', () => {
    expect(() => rollInitiative({ sides: [{ side: 'a' }], dice: scriptedDice(1), pack, die: 10 })).toThrow(RuleError);
    expect(() => rollInitiative({ sides: [{ side: 'a' }, { side: 'a' }], dice: scriptedDice(1, 2), pack, die: 10 })).toThrow(RuleError);
  });
});

describe('medieval pack', () => {
  it('MED-CMDR.4 commander values as collected from the source', () => {
    expect(pack.commanders.map((c) => [c.name, c.initiative, c.controlIfKilled, c.morale])).toEqual([
      ['Cautious', 2, -1, 1],
      ['Bold', 4, -2, 2],
      ['Rash', 4, -2, 2],
      ['Exceptional', 6, -3, 3],
    ]);
  });

  it('MED-MOVE, MED-TERRAIN as data for the reference charts', () => {
    expect(pack.movement.troops).toHaveLength(10);
    expect(pack.movement.artillery).toHaveLength(4);
    expect(pack.terrain.rows.map((r) => r.id)).toEqual(['MED-TERRAIN.1', 'MED-TERRAIN.2', 'MED-TERRAIN.3', 'MED-TERRAIN.4', 'MED-TERRAIN.5', 'MED-TERRAIN.6', 'MED-TERRAIN.7']);
  });

  it('MED-RANGE.10 the explosion distance is given in inches only', () => {
    expect(pack.range.explosionDistance['25mm']).toEqual({ cm: null, in: 3 });
  });
});
