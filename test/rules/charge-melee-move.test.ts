import { describe, expect, it } from 'vitest';
import { RuleError } from '../../src/rules/errors.ts';
import { wordWithin } from '../../src/i18n/text.ts';
import {
  ChargeRulesPack,
  chargePack as pack,
  movementRate,
  resolveLocalInitiative,
  resolveMelee,
  resolveMovementRoll,
  resolveSkirmish,
} from '../../src/systems/charge/rules.ts';
import { loadPack } from '../../src/rules/pack.ts';
import { scriptedDice } from '../support/scripted-dice.ts';
import { english } from '../../src/i18n/text.ts';

const house = (patch: Record<string, unknown>) => loadPack(ChargeRulesPack, { ...pack, ...patch }, 'house pack');

describe('MEL-D10', () => {
  it('MEL-D10 the high modified roll wins; the loser loses the modified difference, the winner the unmodified difference', () => {
    const dice = scriptedDice(3, 7);
    const o = resolveMelee({ sides: [{ id: 'A', modifiers: [{ label: 'Guard', value: 6 }] }, { id: 'B' }], dice, pack });
    expect(dice.asked).toEqual([10, 10]);
    expect(o.rolls.map((r) => [r.unit, r.roll, r.total])).toEqual([
      ['A', 3, 9],
      ['B', 7, 7],
    ]);
    expect(wordWithin(o.result, 'en')).toEqual({
      kind: 'winner',
      winner: 'A',
      loser: 'B',
      losses: [
        { unit: 'B', steps: 2, why: expect.stringMatching(/modified/) },
        { unit: 'A', steps: 4, why: expect.stringMatching(/unmodified/) },
      ],
    });
  });

  it('MEL-D10 both check morale, no pursuit, every participant at least disordered', () => {
    const o = resolveMelee({ sides: [{ id: 'A' }, { id: 'B' }], dice: scriptedDice(8, 2), pack });
    expect(o.effects).toEqual({ disordered: ['A', 'B'], moraleCheck: ['A', 'B'], pursuit: false, continuesIfNeitherRetreats: true });
    expect(o.result).toMatchObject({ winner: 'A', losses: [{ unit: 'B', steps: 6 }, { unit: 'A', steps: 6 }] });
  });

  it('MEL-D10 a tie of modified rolls has no rule: the GM decides', () => {
    const o = resolveMelee({ sides: [{ id: 'A', modifiers: [{ label: 'x', value: 2 }] }, { id: 'B' }], dice: scriptedDice(4, 6), pack });
    expect(o.result).toEqual({ kind: 'tie', needsGm: true, reason: expect.anything() });
    if (o.result.kind === 'tie') expect(english(o.result.reason)).toMatch(/tie at 6.*GM decides/);
  });

  it('MEL-D10 a modifier must be a whole number', () => {
    expect(() => resolveMelee({ sides: [{ id: 'A', modifiers: [{ label: 'x', value: 1.5 }] }, { id: 'B' }], dice: scriptedDice(4, 6), pack })).toThrow(RuleError);
  });
});

describe('MOVE-RATES, every printed value', () => {
  const foot = pack.movement.rates.footHorse.flatMap((r) => (['road', 'column', 'line'] as const).map((c) => [r.arm, c, r[c]] as const));
  it.each(foot.filter(([, , v]) => v !== null))('MOVE-RATES.FOOT-HORSE %s %s %i"', (arm, column, inches) => {
    expect(movementRate({ arm }, column, pack)).toMatchObject({ rule: 'MOVE-RATES.FOOT-HORSE', column, inches });
  });

  it('MOVE-RATES.FOOT-HORSE light cavalry Line is illegible, and General/Square/Charge cannot be matched: refused', () => {
    expect(() => movementRate({ arm: 'light cavalry' }, 'line', pack)).toThrow(/illegible/);
    expect(() => movementRate({ arm: 'infantry' }, 'field', pack)).toThrow(/cannot be matched/);
  });

  const art = pack.movement.rates.artillery.flatMap((r) =>
    (['road', 'field', 'limberMoveOrMoveUnlimber', 'moveUnlimberFire', 'limberMoveUnlimberFire', 'prolong'] as const).map((c) => [r.gun, c, r[c], r.ap?.[c]] as const),
  );
  it.each(art.filter(([, , v]) => v !== null))('MOVE-RATES.ART %s %s %d"', (gun, column, inches, ap) => {
    expect(movementRate({ arm: 'artillery', gun }, column, pack)).toEqual({ rule: 'MOVE-RATES.ART', column, inches, ...(ap !== undefined ? { ap } : {}) });
  });
  it.each(art.filter(([, , v]) => v === null))('MOVE-RATES.ART %s %s is printed NA: refused', (gun, column) => {
    expect(() => movementRate({ arm: 'artillery', gun }, column, pack)).toThrow(/printed NA/);
  });
});

describe('MOVE-ROLL', () => {
  const unit = { id: 'U', arm: 'infantry' as const, moveClass: 'average' as const };
  const table = { columns: [{ min: 1, max: 3 }, { min: 4, max: 7 }, { min: 8, max: 10 }], rows: { excellent: [0.75, 1, 1.25], average: [0.5, 0.75, 1] } };

  it('MOVE-ROLL the die and the roll bands are illegible: refused until a GM sets them', () => {
    expect(() => resolveMovementRoll({ unit, dice: scriptedDice(5), pack })).toThrow(/movement die \(MOVE-ROLL\) is needed.*die: with the roll, or sets it for the battle with \/house set key:move\.die value:/);
    expect(() => resolveMovementRoll({ unit, gm: { die: 10 }, dice: scriptedDice(5), pack })).toThrow(/roll bands are illegible.*\/house set key:move\.table value:/);
  });

  it('MOVE-ROLL the two legible rows are kept as printed, in source order, and quoted when the roll is refused', () => {
    expect(pack.movement.roll.printed).toEqual({ excellent: ['1.25', '1.25', 'Full', '->', 'Full', '3/4'], average: ['Full', '->', 'Full', '3/4', '1/2'] });
    expect(() => resolveMovementRoll({ unit, gm: { die: 10 }, dice: scriptedDice(5), pack })).toThrow('(printed rows: excellent 1.25 1.25 Full -> Full 3/4; average Full -> Full 3/4 1/2)');
  });

  it("MOVE-ROLL with a GM's table the roll scales the unit's rate", () => {
    const p = house({ movement: { ...pack.movement, roll: { ...pack.movement.roll, die: 10, table } } });
    const o = resolveMovementRoll({ unit, rate: 'column', dice: scriptedDice(5), pack: p });
    expect(o).toMatchObject({ die: { value: 10, from: 'pack' }, roll: 5, fraction: 0.75, inches: 6 });
  });

  it('MOVE-ROLL a natural 2 is NM, no movement', () => {
    const p = house({ movement: { ...pack.movement, roll: { ...pack.movement.roll, table } } });
    const o = resolveMovementRoll({ unit: { ...unit, moveClass: 'excellent' }, rate: 'road', gm: { die: 10 }, dice: scriptedDice(2), pack: p });
    expect(o).toMatchObject({ die: { value: 10, from: 'gm' }, fraction: 'NM', inches: 0 });
  });

  it('MOVE-ROLL only the Excellent and Average rows are legible', () => {
    expect(() => resolveMovementRoll({ unit: { id: 'U', arm: 'infantry' }, gm: { die: 10 }, dice: scriptedDice(5), pack })).toThrow(/move_class/);
  });
});

describe('INIT-LOCAL', () => {
  const table = [
    { min: 7, max: null, elite: 'AA', line: 'AA', conscript: 'NA' },
    { min: 4, max: 6, elite: 'AA', line: 'NA', conscript: 'none' },
    { min: null, max: 3, elite: 'NA', line: 'none', conscript: 'none' },
  ];
  const p = house({ classDice: { ...pack.classDice, dice: { elite: 10, line: 8, conscript: 6 } }, localInitiative: { ...pack.localInitiative, table } });

  it('INIT-LOCAL the Class Dice and the table are illegible: refused until a GM sets them', () => {
    expect(() => resolveLocalInitiative({ unit: { id: 'U', class: 'line' }, purpose: 'movement', dice: scriptedDice(5), pack })).toThrow(/line class's Class Dice.*die: with the roll, or sets it for the battle with \/house set key:class-dice value: \(its line entry\)/);
    expect(() => resolveLocalInitiative({ unit: { id: 'U', class: 'line' }, purpose: 'movement', gm: { die: 10 }, dice: scriptedDice(5), pack })).toThrow(/\/house set key:local-initiative\.table value:/);
  });

  it('INIT-LOCAL Class Dice plus mods: +1 division leader attached, -1 reacting to a cavalry charge, from the roster and log', () => {
    const dice = scriptedDice(6);
    const o = resolveLocalInitiative({ unit: { id: 'U', class: 'line', divisionLeaderAttached: true }, purpose: 'form square', dice, pack: p });
    expect(dice.asked).toEqual([8]);
    expect(o.modifiers).toEqual([expect.objectContaining({ id: 'INIT-LOCAL.MOD1', total: 1, by: 'unit' })]);
    expect(o).toMatchObject({ total: 7, result: 'AA', text: 'Aggresive Action', die: { value: 8, from: 'pack' } });
    const r = resolveLocalInitiative({ unit: { id: 'U', class: 'conscript', reactingToCavalryCharge: true }, purpose: 'movement', flankEndangered: true, dice: scriptedDice(4), pack: p });
    expect(r).toMatchObject({ total: 3, result: 'none', mandatory: true });
  });

  it('INIT-LOCAL may only be used for movement or forming square', () => {
    expect(() => resolveLocalInitiative({ unit: { id: 'U', class: 'elite' }, purpose: 'charge' as 'movement', dice: scriptedDice(5), pack: p })).toThrow(/only be used for movement or form square/);
  });
});

describe('SKIRMISH', () => {
  const line = pack.skirmish.rows.line!;
  const cases = pack.skirmish.columns.map((c, i) => [c.label, c.min!, line[i]!] as const);

  it.each(cases)('SKIRMISH Line class, column %s (total %i) reads %s', (label, total, printed) => {
    const o = resolveSkirmish({ unit: { id: 'S', class: 'line' }, screenModifiers: [{ label: 'screen', value: total - 1 }], gm: { die: 6 }, dice: scriptedDice(1), pack });
    expect(o.column).toBe(label);
    expect(o.result).toMatchObject({ printed, from: 'pack' });
  });

  it('SKIRMISH a bracketed number is kept with its code, meaning unstated', () => {
    const o = resolveSkirmish({ unit: { id: 'S', class: 'line' }, gm: { die: 6 }, dice: scriptedDice(5), pack });
    expect(o.result).toEqual({ printed: 'SH(20)', code: 'SH', number: 20, from: 'pack' });
  });

  it('SKIRMISH the Class Dice is not defined, and rows other than Line are illegible: the GM gives them', () => {
    expect(() => resolveSkirmish({ unit: { id: 'S', class: 'line' }, dice: scriptedDice(5), pack })).toThrow(/Class Dice \(SKIRMISH\) is needed/);
    expect(() => resolveSkirmish({ unit: { id: 'S', class: 'elite' }, gm: { die: 6 }, dice: scriptedDice(5), pack })).toThrow(/elite row is illegible.*cell: with the roll, or sets it for the battle with \/house set key:skirmish\.rows value: \(its elite entry\)/);
    expect(resolveSkirmish({ unit: { id: 'S', class: 'elite' }, gm: { die: 6, cell: 'DO(20)' }, dice: scriptedDice(5), pack }).result).toEqual({ printed: 'DO(20)', code: 'DO', number: 20, from: 'gm' });
    expect(() => resolveSkirmish({ unit: { id: 'S', class: 'line' }, screenModifiers: [{ label: 's', value: -3 }], gm: { die: 6 }, dice: scriptedDice(1), pack })).toThrow(/no column is printed for -2/);
  });
});

describe('charge pack schema', () => {
  it('a GM edit that leaves a gap in a charge table is refused as the pack loads', () => {
    const rows = pack.charge.open.rows.filter((r) => r.id !== 'CHG-OPEN.7');
    expect(() => house({ charge: { ...pack.charge, open: { ...pack.charge.open, rows } } })).toThrow(/must end at 0, just below the band before it \(got -1\)\n.*at charge\.open\.rows\[6\]/);
  });

  it('a GM may set a lost row to a printed result, and nothing else', () => {
    const rows = pack.charge.cover.rows.map((r) => (r.id === 'CHG-COVER.7' ? { ...r, result: 'made-up' } : r));
    expect(() => house({ charge: { ...pack.charge, cover: { ...pack.charge.cover, rows } } })).toThrow(/not a valid rules pack/);
  });

  it('the values lost in the source are null in the shipped pack', () => {
    expect(pack.charge.die).toBeNull();
    expect(pack.charge.cavalry.outwardRows).toBeNull();
    expect(pack.charge.rideDown.area).toEqual({ open: null, cover: null });
    expect(pack.charge.attackerModifiers.filter((m) => m.value === null).map((m) => m.id)).toEqual(['CHG-ATT-MOD.2', 'CHG-ATT-MOD.6', 'CHG-ATT-MOD.16', 'CHG-ATT-MOD.18']);
    expect(pack.movement.roll.die).toBeNull();
    expect(pack.movement.roll.table).toBeNull();
    expect(pack.localInitiative.table).toBeNull();
    expect(pack.classDice.dice).toEqual({ elite: null, line: null, conscript: null });
    expect(pack.fire.belowZero).toBeNull();
  });
});
