import { describe, expect, it } from 'vitest';
import { assignRemainder, brigadePack as pack, meleeResults, resolveMelee, type MeleeSide } from '../../src/systems/brigade/rules.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { scriptedDice } from '../support/scripted-dice.ts';
import { english, wordWithin } from '../../src/i18n/text.ts';

const british: MeleeSide = {
  side: 'British',
  units: [
    { unit: '1/45th', arm: 'infantry', morale: 5, meleeDie: '1D6' },
    { unit: '1/88th', arm: 'infantry', morale: 5, meleeDie: '1D6' },
  ],
};
const french: MeleeSide = {
  side: 'French',
  units: [
    { unit: '1/15e', arm: 'infantry', morale: 4, meleeDie: '1D3' },
    { unit: '3e Hussards', arm: 'cavalry', morale: 4, meleeDie: '1D3' },
  ],
};

describe('BRG-3.3.2 melee strength', () => {
  it.each([
    ['0', 0, null],
    ['1D3', 3, 2],
    ['1D6', 6, 5],
  ] as const)('BRG-3.3.2 a unit with melee die %s rolls d%i (d0: no die)', (meleeDie, sides, roll) => {
    const dice = scriptedDice(...(roll === null ? [] : [roll]));
    const o = resolveMelee({
      sides: [
        { side: 'A', units: [{ unit: 'a', arm: 'infantry', morale: 4, meleeDie }] },
        { side: 'B', units: [{ unit: 'b', arm: 'infantry', morale: 1, meleeDie: '0' }] },
      ],
      dice,
      pack,
    });
    expect(dice.asked).toEqual(sides === 0 ? [] : [sides]);
    expect(o.strengths[0].dice).toEqual([{ unit: 'a', die: meleeDie, roll }]);
    expect(o.strengths[0].strength).toBe(4 + (roll ?? 0));
  });

  it('BRG-3.3.2 strength = average starting morale with melee modifiers + a die per unit + supplementary modifiers', () => {
    const o = resolveMelee({
      sides: [
        { ...british, units: [{ ...british.units[0]!, modifiers: [{ text: 'attacking uphill', value: -1 }] }, { ...british.units[1]!, modifiers: [{ text: 'veteran', value: 1 }] }], supplementary: [{ text: 'flank support', value: 2 }] },
        { ...french, meleeModifiers: [{ text: 'square', value: 1 }] },
      ],
      dice: scriptedDice(3, 4, 1, 2),
      pack,
    });
    // British: (4 + 6) / 2 = 5, dice 3 + 4 = 7, +2 = 14. French: 4, +1, dice 1 + 2 = 3: 8.
    expect(o.strengths.map((s) => [s.average, s.counted, s.diceTotal, s.strength])).toEqual([
      [5, 5, 7, 14],
      [4, 4, 3, 8],
    ]);
    expect(o.dice).toEqual([
      { sides: 6, result: 3 },
      { sides: 6, result: 4 },
      { sides: 3, result: 1 },
      { sides: 3, result: 2 },
    ]);
    expect(o.steps.map(english).join('\n')).toContain('British melee strength 5 + 7 +2 = 14.');
  });

  it('BRG-3.3.2 a fractional average is refused before any die, unless the GM gives the rounding', () => {
    const sides = [{ side: 'A', units: [{ unit: 'a', arm: 'infantry', morale: 4, meleeDie: '1D6' }, { unit: 'b', arm: 'infantry', morale: 5, meleeDie: '1D6' }] }, french] as const;
    const dice = scriptedDice(1, 1, 1, 1);
    expect(() => resolveMelee({ sides, dice, pack })).toThrow(/average starting morale is 4\.5; the source does not say how to round it/);
    expect(dice.asked).toEqual([]);
    expect(resolveMelee({ sides, rounding: 'down', dice: scriptedDice(1, 1, 1, 1), pack }).strengths[0]).toMatchObject({ average: 4.5, counted: 4, rounding: 'down', strength: 6 });
    expect(resolveMelee({ sides, rounding: 'up', dice: scriptedDice(1, 1, 1, 1), pack }).strengths[0].counted).toBe(5);
  });

  it('BRG-3.3.2 a unit named on both sides is refused', () => {
    expect(() => resolveMelee({ sides: [british, { ...french, units: [british.units[0]!] }], dice: scriptedDice(1, 1, 1), pack })).toThrow(RuleError);
  });
});

describe('BRG-3.3.3 and BRG-3.3.4 winner, casualties, retreat', () => {
  it('BRG-3.3.3 the higher strength wins', () => {
    const o = resolveMelee({ sides: [british, french], dice: scriptedDice(1, 1, 3, 3), pack });
    // British 5 + 2 = 7, French 4 + 6 = 10.
    expect([o.winner, o.loser, o.difference]).toEqual(['French', 'British', 3]);
  });

  it('BRG-3.3.3 equal strengths: no winner and no results until the GM rules (no tie rule in the source)', () => {
    // British 5 + 3 + 2 = 10, French 4 + 3 + 3 = 10.
    const o = resolveMelee({ sides: [british, french], dice: scriptedDice(3, 2, 3, 3), pack });
    expect([o.tied, o.winner, o.results]).toEqual([true, null, null]);
    expect(english(o.steps.at(-1)!)).toMatch(/no rule for a tie \(BRG-3\.3\.3\)/);
    const ruled = meleeResults({ sides: [british, french], loser: 'French', difference: 0, pack });
    expect(ruled.casualties.map((c) => c.count)).toEqual([1, 1, 1, 1]);
  });

  it('BRG-3.3.4 every unit takes 1; the loser shares the difference evenly; losers retreat with a marker', () => {
    const o = resolveMelee({ sides: [british, french], dice: scriptedDice(6, 5, 2, 2), pack });
    // British 5 + 11 = 16, French 4 + 4 = 8: difference 8, 4 each.
    expect(o.difference).toBe(8);
    expect(o.results!.casualties).toEqual([
      { unit: '1/45th', side: 'British', count: 1 },
      { unit: '1/88th', side: 'British', count: 1 },
      { unit: '1/15e', side: 'French', count: 5 },
      { unit: '3e Hussards', side: 'French', count: 5 },
    ]);
    expect(o.results!.pendingRemainder).toBeNull();
    const retreats = o.results!.effects.filter((e) => e.effect === 'retreat');
    expect(retreats).toEqual([
      { unit: '1/15e', effect: 'retreat', rule: 'BRG-3.3.4', distance: null, facing: 'direction of retreat', marker: true },
      { unit: '3e Hussards', effect: 'retreat', rule: 'BRG-3.3.4', distance: { in: 12, cm: null }, facing: 'direction of retreat', marker: true },
    ]);
  });

  it.each([
    ['infantry', null],
    ['cavalry', { in: 12, cm: null }],
    ['skirmishers', null],
    ['elephants', null],
  ] as const)('BRG-3.3.4 a losing %s unit retreats %o', (arm, distance) => {
    const r = meleeResults({ sides: [{ side: 'A', units: [{ unit: 'u', arm, morale: 3, meleeDie: '0' }] }, british], loser: 'A', difference: 1, pack });
    expect(r.effects.find((e) => e.effect === 'retreat')).toMatchObject({ distance });
    expect(r.effects.some((e) => e.effect === 'gm-ruling' && e.unit === 'u')).toBe(distance === null);
  });

  it('BRG-3.3.4 the illegible infantry distance is the GM’s input', () => {
    const r = meleeResults({ sides: [british, french], loser: 'British', difference: 2, infantryRetreat: { in: 6, cm: 15 }, pack });
    expect(r.effects.filter((e) => e.effect === 'retreat').map((e) => (e.effect === 'retreat' ? e.distance : null))).toEqual([
      { in: 6, cm: 15 },
      { in: 6, cm: 15 },
    ]);
    expect(r.steps.map(english).join('\n')).toContain('GM ruling: the infantry distance is illegible in the source');
  });

  it('BRG-3.3.4 an uneven split is left to the GM, or taken one each in the GM’s order', () => {
    const pending = meleeResults({ sides: [british, french], loser: 'French', difference: 3, pack });
    expect(pending.casualties.filter((c) => c.side === 'French').map((c) => c.count)).toEqual([2, 2]);
    expect(pending.pendingRemainder).toEqual({ count: 1, among: ['1/15e', '3e Hussards'] });
    const ordered = meleeResults({ sides: [british, { ...french, remainderOrder: ['3e Hussards'] }], loser: 'French', difference: 3, pack });
    expect(ordered.casualties.filter((c) => c.side === 'French').map((c) => c.count)).toEqual([2, 3]);
    expect(ordered.pendingRemainder).toBeNull();
  });

  it('BRG-3.3.4 a remainder left pending goes one each to the units the GM names, exactly as many as are left', () => {
    const pending = { count: 2, among: ['1/15e', '2/15e', '3e Hussards'] };
    const r = assignRemainder({ pending, units: ['3e Hussards', '1/15e'] });
    expect({ ...r, steps: r.steps.map(english) }).toEqual({
      casualties: [
        { unit: '3e Hussards', count: 1 },
        { unit: '1/15e', count: 1 },
      ],
      steps: ['GM ruling on the uneven split (the source does not say how it is assigned, BRG-3.3.4): 3e Hussards, 1/15e take one more casualty each.'],
    });
    expect(() => assignRemainder({ pending, units: ['1/15e'] })).toThrow('2 extra casualties are left, one each: name 2 units of 1/15e, 2/15e, 3e Hussards (got 1) (BRG-3.3.4).');
    expect(() => assignRemainder({ pending, units: ['1/15e', '1/15e'] })).toThrow('1/15e is named twice: the remaining extra casualties go one each (BRG-3.3.4).');
    expect(() => assignRemainder({ pending, units: ['1/45th', '1/15e'] })).toThrow(RuleError);
  });

  it('BRG-3.3.5 attached leaders on both sides roll for falling in melee', () => {
    const o = resolveMelee({
      sides: [
        { ...british, units: [{ ...british.units[0]!, leaders: ['Wallace'] }, british.units[1]!] },
        { ...french, units: [{ ...french.units[0]!, leaders: ['Arnauld'] }, french.units[1]!] },
      ],
      dice: scriptedDice(6, 6, 1, 1),
      pack,
    });
    expect(wordWithin(o.results!.fallenLeaderRolls, 'en')).toEqual([
      { leader: 'Wallace', unit: '1/45th', rule: 'BRG-3.3.5', why: 'attached to 1/45th in the melee' },
      { leader: 'Arnauld', unit: '1/15e', rule: 'BRG-3.3.5', why: 'attached to 1/15e in the melee' },
    ]);
  });
});
