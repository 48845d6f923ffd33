import { describe, expect, it } from 'vitest';
import { english } from '../../src/i18n/text.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { ARMOUR, medievalPack as pack, rangeBand, resolveFire } from '../../src/systems/medieval/index.ts';
import { scriptedDice } from '../support/scripted-dice.ts';

const weaponOf = (group: string) => pack.fire.groups.find((g) => g.id === group)!.weapons[0]!;

describe('MED-FIRE chart, every cell as transcribed', () => {
  const cells = pack.fire.chart.flatMap((row) => ARMOUR.map((armour) => ({ row, armour, score: row.scores[armour] })));
  it('has 12 rows of 5 armour grades', () => expect(cells).toHaveLength(60));

  it.each(cells.map((c) => [c.row.id, c.row.group, c.row.band, c.armour, c.score, c] as const))('%s %s %s vs %s needs %i+', (_id, group, band, armour, score, c) => {
    const artillery = group === 'artillery';
    // One die (5 figures or 1 gun) scoring exactly the cell kills; one below does not. Guns then throw 7: no misfire.
    const hit = resolveFire({ weapon: weaponOf(group), figures: artillery ? 1 : 5, band, targetArmour: armour, dice: scriptedDice(...(artillery ? [score, 7] : [score])), pack });
    expect(hit.cell).toEqual({ id: c.row.id, band, armour, score });
    expect(hit.needed).toBe(score);
    expect(hit.kills).toBe(1);
    const miss = resolveFire({ weapon: weaponOf(group), figures: artillery ? 1 : 5, band, targetArmour: armour, dice: scriptedDice(...(artillery ? [score - 1, 7] : [score - 1])), pack });
    expect(miss.kills).toBe(0);
  });
});

describe('MED-FIRE procedure', () => {
  it('MED-FIRE.1 one d10 per five figures, rounded up', () => {
    const dice = scriptedDice(6, 6, 6);
    const o = resolveFire({ weapon: 'longbow', figures: 11, band: 'short', targetArmour: 'heavy', dice, pack });
    expect(o.entitled).toBe(3);
    expect(o.dice).toEqual([6, 6, 6].map((result) => ({ sides: 10, result })));
    expect(o.kills).toBe(3);
    expect(o.rule).toBe('MED-FIRE');
    expect(o.steps.map(english).join('\n')).toContain('MED-FIRE.R1');
  });

  it('MED-FIRE.1 artillery rolls one d10 per gun model, then MED-RANGE.9 a saving throw per gun', () => {
    const o = resolveFire({ weapon: 'medium field artillery', figures: 2, band: 'medium', targetArmour: 'light', dice: scriptedDice(5, 4, 8, 9), pack });
    expect(o.entitled).toBe(2);
    expect(o.rolls.map((r) => r.kill)).toEqual([true, false]);
    expect(o.artillery?.throws).toEqual([
      { gun: 1, first: 8, result: 'ok' },
      { gun: 2, first: 9, result: 'ok' },
    ]);
  });

  it('MED-RANGE.9 a first 1 is re-rolled: 1-3 explodes, 4-10 misfires', () => {
    const o = resolveFire({ weapon: 'light field artillery', figures: 3, band: 'short', targetArmour: 'light', dice: scriptedDice(4, 4, 4, 1, 3, 1, 4, 2), pack });
    expect(o.artillery?.throws.map((t) => t.result)).toEqual(['explodes', 'misfire', 'ok']);
    expect(o.steps.map(english).join('\n')).toContain('MED-RANGE.10');
    expect(o.dice).toHaveLength(8);
  });

  it('MED-FIRE-MOD modifiers change the score needed before rolling', () => {
    const o = resolveFire({
      weapon: 'longbow',
      figures: 5,
      band: 'medium',
      targetArmour: 'medium',
      modifiers: [{ id: 'MED-FIRE-MOD.14' }, { id: 'MED-FIRE-MOD.19' }],
      derived: { firerClass: 'A' },
      dice: scriptedDice(3),
      pack,
    });
    // 6 (R2 medium) -2 A class +1 soft cover -2 column = 3
    expect(o.modifiers.map((m) => [m.id, m.total, m.derived])).toEqual([
      ['MED-FIRE-MOD.1', -2, true],
      ['MED-FIRE-MOD.14', 1, false],
      ['MED-FIRE-MOD.19', -2, false],
    ]);
    expect(o.needed).toBe(3);
    expect(o.kills).toBe(1);
  });

  it('MED-FIRE-MOD.23 a final score above 10 counts as 10', () => {
    const o = resolveFire({ weapon: 'composite bow', figures: 5, band: 'long', targetArmour: 'super heavy', modifiers: [{ id: 'MED-FIRE-MOD.16' }], dice: scriptedDice(10), pack });
    expect([o.modified, o.needed, o.clamped, o.kills]).toEqual([12, 10, true, 1]);
  });

  it('MED-FIRE-MOD.23 a final score below 2 counts as 2', () => {
    const o = resolveFire({ weapon: 'heavy crossbow', figures: 10, band: 'short', targetArmour: 'light', modifiers: [{ id: 'MED-FIRE-MOD.19' }], derived: { firerClass: 'A' }, dice: scriptedDice(1, 2), pack });
    expect([o.modified, o.needed, o.kills]).toEqual([-1, 2, 1]);
  });

  it('MED-FIRE-MOD the modifiers the umpire can derive are flagged derivable in the pack', () => {
    const derivable = pack.fire.modifiers.filter((m) => m.derivable && !m.classes).map((m) => m.id);
    expect(derivable).toEqual(['MED-FIRE-MOD.8', 'MED-FIRE-MOD.9', 'MED-FIRE-MOD.10', 'MED-FIRE-MOD.21']);
  });

  it('MED-FIRE-MOD.8 4th consecutive volley applies to bowmen only', () => {
    const bow = resolveFire({ weapon: 'longbow', figures: 5, band: 'short', targetArmour: 'light', derived: { consecutiveVolley: 4 }, dice: scriptedDice(5), pack });
    expect(bow.modifiers.map((m) => m.id)).toEqual(['MED-FIRE-MOD.8']);
    const third = resolveFire({ weapon: 'longbow', figures: 5, band: 'short', targetArmour: 'light', derived: { consecutiveVolley: 3 }, dice: scriptedDice(5), pack });
    expect(third.modifiers).toEqual([]);
    const gun = resolveFire({ weapon: 'arquebus', figures: 5, band: 'short', targetArmour: 'light', derived: { consecutiveVolley: 6 }, dice: scriptedDice(5), pack });
    expect(gun.modifiers).toEqual([]);
  });

  it('MED-FIRE-MOD.9, .10, .21 firer under fire, moving target, first gunpowder shot of the day', () => {
    const o = resolveFire({
      weapon: 'arquebus',
      figures: 5,
      band: 'medium',
      targetArmour: 'heavy',
      derived: { firerUnderFire: true, targetMoving: true, firstGunpowderShot: true, firerClass: 'M' },
      dice: scriptedDice(7),
      pack,
    });
    expect(o.modifiers.map((m) => [m.id, m.value])).toEqual([
      ['MED-FIRE-MOD.4', 0],
      ['MED-FIRE-MOD.9', 1],
      ['MED-FIRE-MOD.10', 1],
      ['MED-FIRE-MOD.21', -1],
    ]);
    expect(o.needed).toBe(7);
  });

  it('MED-FIRE-MOD.2 non-gunpowder modifiers are refused for a gunpowder weapon', () => {
    expect(() => resolveFire({ weapon: 'arquebus', figures: 5, band: 'short', targetArmour: 'light', modifiers: [{ id: 'MED-FIRE-MOD.5' }], dice: scriptedDice(5), pack })).toThrow(RuleError);
  });

  it('MED-FIRE-MOD a modifier the umpire derived cannot be chosen again', () => {
    expect(() =>
      resolveFire({ weapon: 'longbow', figures: 5, band: 'short', targetArmour: 'light', modifiers: [{ id: 'MED-FIRE-MOD.9' }], derived: { firerUnderFire: true }, dice: scriptedDice(5), pack }),
    ).toThrow(/given twice/);
  });

  it('MED-FIRE musket, caliver and pistol have no chart row: the score needed is an input, never guessed', () => {
    expect(() => resolveFire({ weapon: 'musket', figures: 5, band: 'short', targetArmour: 'light', dice: scriptedDice(5), pack })).toThrow(/no row on the Firing Chart/);
    const o = resolveFire({ weapon: 'musket', figures: 5, band: 'short', targetArmour: 'light', chartScore: 4, dice: scriptedDice(4), pack });
    expect(o.cell).toEqual({ id: null, input: 4 });
    expect(o.kills).toBe(1);
    expect(() => resolveFire({ weapon: 'longbow', figures: 5, band: 'short', targetArmour: 'light', chartScore: 4, dice: scriptedDice(4), pack })).toThrow(RuleError);
  });

  it('MED-PARTDICE the odd figures roll a Part-Dice whose kill the enemy may save', () => {
    // 12 figures: 2 dice + a Part-Dice for 2 figures; hit on 6, saved on 5+ (MED-PARTDICE.5c) with a 5.
    const o = resolveFire({ weapon: 'longbow', figures: 12, band: 'short', targetArmour: 'heavy', options: { partDice: true }, dice: scriptedDice(6, 1, 6, 5), pack });
    expect(o.rolls).toHaveLength(2);
    expect(o.partDie).toEqual({ rule: 'MED-PARTDICE', figures: 2, result: 6, hit: true, save: { rule: 'MED-PARTDICE.5c', needed: 5, result: 5, saved: true }, kill: false });
    expect(o.kills).toBe(1);
  });

  it('MED-PARTDICE.5 saving throws 9+/7+/5+/3+ for 4/3/2/1 figures', () => {
    for (const [odd, saveOn] of [
      [4, 9],
      [3, 7],
      [2, 5],
      [1, 3],
    ] as const) {
      const notSaved = resolveFire({ weapon: 'longbow', figures: 5 + odd, band: 'short', targetArmour: 'light', options: { partDice: true }, dice: scriptedDice(1, 4, saveOn - 1), pack });
      expect(notSaved.partDie?.save?.needed).toBe(saveOn);
      expect(notSaved.kills).toBe(1);
      const saved = resolveFire({ weapon: 'longbow', figures: 5 + odd, band: 'short', targetArmour: 'light', options: { partDice: true }, dice: scriptedDice(1, 4, saveOn), pack });
      expect(saved.kills).toBe(0);
    }
  });

  it('MED-PARTDICE.2 without the option the odd figures round up to an ordinary die', () => {
    const o = resolveFire({ weapon: 'longbow', figures: 6, band: 'short', targetArmour: 'light', dice: scriptedDice(4, 4), pack });
    expect(o.partDie).toBeUndefined();
    expect(o.kills).toBe(2);
  });

  it('MED-AUTOKILL.1 automatic kills are not exchanged in firing', () => {
    const o = resolveFire({ weapon: 'longbow', figures: 15, band: 'short', targetArmour: 'light', options: { autokill: true }, dice: scriptedDice(1, 1, 1), pack });
    expect(o.kills).toBe(0);
    expect(o.dice).toHaveLength(3);
  });
});

describe('MED-RANGE', () => {
  it.each(
    pack.range.weapons.flatMap((r) =>
      (['in', 'cm'] as const).flatMap((unit) => (['short', 'medium', 'long'] as const).map((band) => [r.id, r.weapons[0]!, unit, band, r[band][unit]!] as const)),
    ),
  )('%s %s in %s: %s range up to %i', (id, weapon, unit, band, limit) => {
    const o = rangeBand(weapon, limit, unit, pack);
    expect(o.row).toBe(id);
    expect(o.band).toBe(band);
  });

  it('MED-RANGE range to target is rounded up', () => {
    expect(rangeBand('longbow', 10.2, 'in', pack)).toMatchObject({ rounded: 11, band: 'medium' });
    expect(rangeBand('longbow', 25, 'cm', pack)).toMatchObject({ band: 'short' });
  });

  it('MED-RANGE out of range is refused with the longest range stated', () => {
    expect(() => rangeBand('longbow', 30.5, 'in', pack)).toThrow(/longest range is 30" \(MED-RANGE.2\)/);
    expect(() => rangeBand('pistol', 16, 'cm', pack)).toThrow(/15 cm/);
    expect(() => rangeBand('bazooka', 1, 'cm', pack)).toThrow(RuleError);
  });
});
