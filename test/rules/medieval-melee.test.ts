import { describe, expect, it } from 'vitest';
import { RuleError } from '../../src/rules/errors.ts';
import { ARMOUR, medievalPack as pack, resolveMelee } from '../../src/systems/medieval/index.ts';
import { scriptedDice } from '../support/scripted-dice.ts';

describe('MED-MELEE chart, every cell as transcribed', () => {
  const cells = pack.melee.chart.flatMap((row) => ARMOUR.map((armour) => ({ row, armour, score: row.scores[armour] })));
  it('has 21 rows of 5 armour grades', () => expect(cells).toHaveLength(105));

  it.each(cells.map((c) => [c.row.id, c.row.group, c.row.grade, c.armour, c.score, c] as const))('%s %s grade %s vs %s needs %i+', (_id, groupId, grade, armour, score, c) => {
    const group = pack.melee.groups.find((g) => g.id === groupId)!;
    // Lance rows are for charging cavalry, which also takes MED-MELEE-MOD.1 (-1).
    const charging = group.charging;
    const needed = Math.max(2, score - (charging ? 1 : 0));
    const run = (roll: number) =>
      resolveMelee({ weapon: group.weapons[0]!, grade, mounted: group.mounted ?? false, figures: 5, targetArmour: armour, derived: { charging }, dice: scriptedDice(roll), pack });
    const hit = run(needed);
    expect(hit.cell).toEqual({ id: c.row.id, grade, armour, score });
    expect(hit.group).toBe(groupId);
    expect(hit.needed).toBe(needed);
    expect(hit.kills).toBe(1);
    expect(run(needed - 1).kills).toBe(0);
  });
});

describe('MED-MELEE procedure', () => {
  it('MED-MELEE.1 one d10 per five figures, rounded up', () => {
    const o = resolveMelee({ weapon: 'sword', grade: 'B', mounted: false, figures: 9, targetArmour: 'medium', dice: scriptedDice(6, 5), pack });
    expect(o.entitled).toBe(2);
    expect(o.cell).toMatchObject({ id: 'MED-MELEE.R9', score: 6 });
    expect(o.kills).toBe(1);
    expect(o.dice).toEqual([
      { sides: 10, result: 6 },
      { sides: 10, result: 5 },
    ]);
  });

  it('MED-MELEE a pole-arm on foot is the two-handed row, on horseback the cavalry pole-arm row', () => {
    expect(resolveMelee({ weapon: 'pole-arm', grade: 'A', mounted: false, figures: 5, targetArmour: 'light', dice: scriptedDice(2), pack }).cell).toMatchObject({ id: 'MED-MELEE.R1' });
    expect(resolveMelee({ weapon: 'pole-arm', grade: 'A', mounted: true, figures: 5, targetArmour: 'light', dice: scriptedDice(4), pack }).cell).toMatchObject({ id: 'MED-MELEE.R19' });
  });

  it('MED-MELEE a grade the chart does not give needs the score as input, never guessed', () => {
    expect(() => resolveMelee({ weapon: 'mace', grade: 'D', mounted: false, figures: 5, targetArmour: 'light', dice: scriptedDice(5), pack })).toThrow(/no grade D/);
    expect(() => resolveMelee({ weapon: 'sword', grade: 'E', mounted: false, figures: 5, targetArmour: 'light', dice: scriptedDice(5), pack })).toThrow(RuleError);
    const o = resolveMelee({ weapon: 'mace', grade: 'D', mounted: false, figures: 5, targetArmour: 'light', chartScore: 6, dice: scriptedDice(6), pack });
    expect(o.cell).toMatchObject({ id: null, input: 6 });
    expect(o.kills).toBe(1);
  });

  it('MED-MELEE lance rows are for charging cavalry only', () => {
    expect(() => resolveMelee({ weapon: 'heavy lance', grade: 'A', mounted: true, figures: 5, targetArmour: 'light', dice: scriptedDice(5), pack })).toThrow(/charging cavalry only/);
  });

  it('MED-MELEE-MOD.1, .3, .4 charging, impetuous and pushed back come from the log', () => {
    const o = resolveMelee({
      weapon: 'two-handed sword',
      grade: 'C',
      mounted: false,
      figures: 5,
      targetArmour: 'heavy',
      derived: { charging: true, impetuous: true, pushedBack: true },
      modifiers: [{ id: 'MED-MELEE-MOD.9', count: 3 }],
      dice: scriptedDice(7),
      pack,
    });
    // 6 (R3 heavy) -1 -1 +1 +3 = 8
    expect(o.modifiers.map((m) => [m.id, m.total, m.derived])).toEqual([
      ['MED-MELEE-MOD.1', -1, true],
      ['MED-MELEE-MOD.3', -1, true],
      ['MED-MELEE-MOD.4', 1, true],
      ['MED-MELEE-MOD.9', 3, false],
    ]);
    expect(o.needed).toBe(8);
    expect(o.kills).toBe(0);
  });

  it('MED-MELEE-MOD.6 a commander in the front rank is +1, as printed', () => {
    const o = resolveMelee({ weapon: 'sword', grade: 'A', mounted: false, figures: 5, targetArmour: 'heavy', modifiers: [{ id: 'MED-MELEE-MOD.6' }], dice: scriptedDice(7), pack });
    expect(o.needed).toBe(7);
  });

  it('MED-MELEE-MOD.17 the final score is clamped to 2..10', () => {
    const high = resolveMelee({ weapon: 'knife', grade: 'D', mounted: false, figures: 5, targetArmour: 'super heavy', modifiers: [{ id: 'MED-MELEE-MOD.12' }], dice: scriptedDice(10), pack });
    expect([high.modified, high.needed, high.kills]).toEqual([12, 10, 1]);
    const low = resolveMelee({ weapon: 'heavy lance', grade: 'A', mounted: true, figures: 5, targetArmour: 'light', derived: { charging: true }, modifiers: [{ id: 'MED-MELEE-MOD.15' }], dice: scriptedDice(1), pack });
    expect([low.modified, low.needed, low.kills]).toEqual([-1, 2, 0]);
  });
});

describe('MED-AUTOKILL and MED-PARTDICE in melee', () => {
  const fight = (figures: number, rolls: number[], options: { autokill?: boolean; partDice?: boolean }) =>
    resolveMelee({ weapon: 'sword', grade: 'C', mounted: false, figures, targetArmour: 'light', options, dice: scriptedDice(...rolls), pack });

  it('MED-AUTOKILL.3 each 15 figures take 1 automatic kill and roll 2 d10 instead of 3', () => {
    const o = fight(15, [6, 1], { autokill: true });
    expect([o.entitled, o.automaticKills, o.rolls.length, o.kills]).toEqual([3, 1, 2, 2]);
  });

  it('MED-AUTOKILL.4 30 figures take 2 automatic kills and roll 4 d10', () => {
    const o = fight(30, [1, 1, 1, 1], { autokill: true });
    expect([o.automaticKills, o.rolls.length, o.kills]).toEqual([2, 4, 2]);
  });

  it('MED-AUTOKILL.5 16 to 29 figures take only one automatic kill', () => {
    const o = fight(29, [1, 1, 1, 1, 1], { autokill: true });
    expect([o.automaticKills, o.rolls.length]).toEqual([1, 5]);
  });

  it('MED-AUTOKILL.2 fewer than 15 figures take none', () => {
    const o = fight(14, [1, 1, 1], { autokill: true });
    expect(o.automaticKills).toBe(0);
  });

  it('MED-AUTOKILL.1 without the option every die is rolled', () => {
    const o = fight(15, [1, 1, 1], {});
    expect([o.automaticKills, o.rolls.length]).toEqual([0, 3]);
  });

  it('MED-PARTDICE no part die becomes an automatic kill', () => {
    // 16 figures: 3 ordinary dice + a Part-Dice for 1 figure; the automatic kill takes an ordinary die.
    const o = fight(16, [1, 1, 6, 2], { autokill: true, partDice: true });
    expect(o.automaticKills).toBe(1);
    expect(o.rolls).toHaveLength(2);
    expect(o.partDie).toEqual({ rule: 'MED-PARTDICE', figures: 1, result: 6, hit: true, save: { rule: 'MED-PARTDICE.5d', needed: 3, result: 2, saved: false }, kill: true });
    expect(o.kills).toBe(2);
  });
});
