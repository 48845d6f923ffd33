import { describe, expect, it } from 'vitest';
import { RuleError } from '../../src/rules/errors.ts';
import { ChargeRulesPack, chargePack as pack, parseDisciplineCell, resolveFire, resolveFireDiscipline, type FireInput, type FireRow } from '../../src/systems/charge/rules.ts';
import { loadPack } from '../../src/rules/pack.ts';
import { scriptedDice } from '../support/scripted-dice.ts';
import { english } from '../../src/i18n/text.ts';

/** What fire.cell says a cell does (the source does not): a house rule every fire needs; here a cell removes figures. */
const CELL = { 'fire.cell': { value: { removes: 'figures' as const }, note: 'house rule set by <@gm> at event 3' } };
/** A volley of 24 figures at a target of 24, the row a GM's (no house rule fire.row). */
const shot = (input: Omit<FireInput, 'firer' | 'target'>) =>
  resolveFire({ firer: { name: 'Battery', arm: 'artillery', figures: 24 }, target: { name: 'Zach', figures: 24 }, ...input, house: { ...CELL, ...input.house } });

/** A d10 roll and a GM modifier that together make `total` (the d10 alone gives 1-10). */
const rollFor = (total: number) => (total >= 1 && total <= 10 ? { roll: total, modifiers: [] } : total > 10 ? { roll: 10, modifiers: [{ label: 'test', value: total - 10 }] } : { roll: 1, modifiers: [{ label: 'test', value: total - 1 }] });

describe('FIRE-TABLE.GRID, every printed cell', () => {
  const cells = pack.fire.rows.flatMap((r) => pack.fire.columns.map((c, i) => ({ row: r.row, column: c, value: r.cells[i] ?? null })));
  it('has 10 rows of 10 columns, row 2 illegible', () => {
    expect(cells).toHaveLength(100);
    expect(cells.filter((c) => c.value === null).map((c) => c.row)).toEqual(Array(10).fill('2'));
  });

  const printed = cells.filter((c) => c.value !== null).flatMap((c) => [c.column.min, c.column.max ?? c.column.min! + 3].filter((v, i, a) => a.indexOf(v) === i).map((total) => [c.row, c.column.label, total!, c.value!] as const));
  it.each(printed)('FIRE-TABLE row %s, column %s (modified roll %i) reads %i', (row, label, total, value) => {
    const { roll, modifiers } = rollFor(total);
    const o = shot({ row: row as FireRow, modifiers, dice: scriptedDice(roll), pack });
    expect(o.total).toBe(total);
    expect(o.column).toBe(label);
    expect(o.cell).toEqual({ value, from: 'pack' });
  });

  it.each([
    ['Half', 1],
    ['1', 2],
    ['2', 4],
    ['3', 6],
    ['4', 8],
    ['5', 10],
    ['6', 12],
    ['7', null],
    ['8', null],
    ['9', null],
  ] as const)('FIRE-TABLE row %s, last column (heading illegible) reads %s', (row, printed) => {
    const o = shot({ row, gm: row === '2' ? { cell: 0 } : {}, dice: scriptedDice(5), pack });
    expect(o.lastColumn).toBe(printed);
    expect(o.steps.map(english)).toContain(`Row ${row}, last column: ${printed ?? 'illegible in the source'} (its heading is illegible; the source does not say what it counts).`);
  });

  it('FIRE-TABLE row 2 is illegible: refused naming the cell, then read from the GM', () => {
    expect(() => shot({ row: '2', dice: scriptedDice(5), pack })).toThrow(/row 2, column 6-4 is needed.*cell: with the fire, or sets it for the battle with \/house set key:fire\.row-2 value: \(its 6-4 entry\)/);
    expect(shot({ row: '2', gm: { cell: 2 }, dice: scriptedDice(5), pack }).cell).toEqual({ value: 2, from: 'gm' });
    const house = { 'fire.row-2': { value: [9, 8, 7, 6, 5, 4, 3, 2, 1, 0], note: 'house rule set by <@gm> at event 4' } };
    const cell = shot({ row: '2', house, dice: scriptedDice(5), pack }).cell!;
    expect({ ...cell, note: english(cell.note!) }).toEqual({ value: 4, from: 'house', note: 'fire.row-2.6-4: 4, house rule set by <@gm> at event 4' });
    expect(() => shot({ row: '3', gm: { cell: 2 }, dice: scriptedDice(5), pack })).toThrow(/3 as the chart prints it/);
  });

  it('FIRE-TABLE.NOTES a roll modified below 0 has no column: refused until a GM says what the note means', () => {
    const below = (gm = {}) => shot({ row: '5', range: { block: 'A', band: 'extreme', distance: 20 }, gm, dice: scriptedDice(3), pack });
    expect(below).toThrow(/fire roll modified below 0.*below_zero: with the fire, or sets it for the battle with \/house set key:fire\.below-zero value:/);
    expect(below({ belowZero: 'no-effect' })).toMatchObject({ total: -6, noEffect: true, cell: null, column: null });
    expect(below({ belowZero: 'column-0' })).toMatchObject({ column: '0', cell: { value: 3, from: 'pack' } });
  });
});

describe('FIRE-TABLE.RANGE', () => {
  const bands = pack.fire.blocks.flatMap((b) => b.bands.map((band) => [b.id, band.band, band.effect, band] as const));
  it.each(bands.filter(([, , e]) => e !== null))('FIRE-TABLE.RANGE block %s %s has Effect %i', (block, band, effect, b) => {
    const distance = b.max ?? b.min ?? undefined;
    const o = shot({ row: '9', range: { block, band, ...(distance !== undefined ? { distance } : {}) }, gm: { belowZero: 'no-effect' }, dice: scriptedDice(10), pack });
    expect(o.range?.effect).toEqual({ value: effect, from: 'pack' });
    expect(o.total).toBe(10 + effect!);
  });

  it.each(bands.filter(([, , e]) => e === null))('FIRE-TABLE.RANGE block %s %s is illegible: the GM gives the Effect', (block, band) => {
    expect(() => shot({ row: '9', range: { block, band }, dice: scriptedDice(5), pack })).toThrow(RuleError);
    const o = shot({ row: '9', range: { block, band }, gm: { effect: 4 }, dice: scriptedDice(5), pack });
    expect(o.range?.effect).toEqual({ value: 4, from: 'gm' });
    expect(o.total).toBe(9);
  });

  it('FIRE-TABLE.RANGE a range outside the band is refused; NE is read as no modifier', () => {
    expect(() => shot({ row: '3', range: { block: 'B', band: 'long', distance: 15 }, dice: scriptedDice(5), pack })).toThrow(/beyond block B's long band, 11" to 14"/);
    const o = shot({ row: '3', range: { block: 'B', band: 'short ball', distance: 10 }, dice: scriptedDice(5), pack });
    expect(o.range).toMatchObject({ printed: 'NE', effect: { value: 0, from: 'pack' } });
    expect(o.steps.map(english).join('\n')).toMatch(/Effect NE \(read as \+0/);
  });

  it('FIRE-TABLE roll 1d10 plus mods: Close Action +2 and a GM modifier', () => {
    const dice = scriptedDice(6);
    const o = shot({ row: '4', range: { block: '1', band: 'close action', distance: 1 }, modifiers: [{ label: 'house rule', value: 1 }], dice, pack });
    expect(dice.asked).toEqual([10]);
    expect(o).toMatchObject({ roll: 6, total: 9, column: '9-7', cell: { value: 5, from: 'pack' } });
  });
});

describe('FIRE-DISCIPLINE', () => {
  const cells = pack.fireDiscipline.rows.flatMap((r) =>
    (['normal', 'smoke', 'firefight'] as const).map((column) => [r.label, column, r[column], r.min ?? r.max!] as const),
  );
  // Rolls 2-8 (no natural 9/10 AP rolls); 10+ and 9 are reached with a modifier.
  it.each(cells.filter(([, , v]) => v !== null))('FIRE-DISCIPLINE row %s, %s reads %s', (_label, column, printed, total) => {
    const roll = Math.min(8, Math.max(2, total));
    const o = resolveFireDiscipline({ column, modifiers: total !== roll ? [{ label: 'test', value: total - roll }] : [], dice: scriptedDice(roll), pack });
    expect(o.total).toBe(total);
    expect(o.result).toEqual({ ...parseDisciplineCell(printed!), from: 'pack' });
    expect(o.ap).toBeNull();
  });

  it.each(cells.filter(([, , v]) => v === null))('FIRE-DISCIPLINE row %s, %s is illegible: refused, then the GM reads it', (_label, column, _v, total) => {
    const roll = Math.min(8, Math.max(2, total));
    const modifiers = total !== roll ? [{ label: 'test', value: total - roll }] : [];
    expect(() => resolveFireDiscipline({ column, modifiers, dice: scriptedDice(roll), pack })).toThrow(/Fire Discipline cell.*cell: with the roll, or sets it for the battle with \/house set key:fire-discipline\.cells value: \(its \d\.\w+ entry\)/);
    expect(resolveFireDiscipline({ column, modifiers, gm: { cell: '4" FF' }, dice: scriptedDice(roll), pack }).result).toEqual({ printed: '4" FF', kind: 'firefight', inches: 4, from: 'gm' });
  });

  it('FIRE-DISCIPLINE a natural 9 costs an additional AP', () => {
    const o = resolveFireDiscipline({ column: 'normal', dice: scriptedDice(9), pack });
    expect(o.ap).toEqual({ natural: 9, extra: 1 });
    expect(o.dice).toHaveLength(1);
  });

  it.each([
    [1, 1],
    [7, 1],
    [8, 2],
    [9, 2],
    [10, 3],
  ])('FIRE-DISCIPLINE a natural 10 rolls again: %i costs %i AP', (reroll, ap) => {
    const o = resolveFireDiscipline({ column: 'smoke', dice: scriptedDice(10, reroll), pack });
    expect(o.result.printed).toBe('free');
    expect(o.ap).toEqual({ natural: 10, reroll, ap });
  });

  it('FIRE-DISCIPLINE the natural-roll AP rules look at the die, not the modified total', () => {
    const o = resolveFireDiscipline({ column: 'normal', modifiers: [{ label: 'x', value: 1 }], dice: scriptedDice(8), pack });
    expect(o.total).toBe(9);
    expect(o.ap).toBeNull();
  });

  it('FIRE-DISCIPLINE a GM-set die in a pack without one is the GM\'s; a die in the pack cannot be contradicted', () => {
    const noDie = loadPack(ChargeRulesPack, { ...pack, fireDiscipline: { ...pack.fireDiscipline, die: null } }, 'test');
    expect(() => resolveFireDiscipline({ column: 'normal', dice: scriptedDice(5), pack: noDie })).toThrow(/Fire Discipline die.*A GM gives die: with the roll\./);
    expect(resolveFireDiscipline({ column: 'normal', gm: { die: 10 }, dice: scriptedDice(5), pack: noDie }).die).toEqual({ value: 10, from: 'gm' });
    expect(() => resolveFireDiscipline({ column: 'normal', gm: { die: 12 }, dice: scriptedDice(5), pack })).toThrow(/d10 as the chart prints it/);
  });
});
