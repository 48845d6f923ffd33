import { z } from 'zod';
import type { HouseRule } from '../../rules/house.ts';
import { CHARGE_RESULTS, DisciplineText, LocalInitiativeTable, MoveTable, ResultArea, SkirmishText } from './pack-schema.ts';
import type { Noted } from './sourced.ts';
import { FireRowRule } from './fire-row.ts';
import { FireCellRule } from './fire-effect.ts';
import { MORALE_FACTS, MORALE_RESULTS, MoraleDie, MoraleModifiers, MoraleResults, MoraleTarget } from './morale.ts';

/**
 * Every value the charge game's seed leaves open (docs/rules/charge.md: the source's "uncertain or missing
 * values") that a resolution needs, as a house rule a GM sets once per battle (/house set). The
 * pack keeps the seed's values (nulls stay null); nothing here is a default. The schemas are the
 * pack schema's parts, so a house value is checked as a house-ruled pack would be.
 */

const die = z.number().int().min(2).max(100);
const modifier = z.number().int().min(-20).max(20);
const result = z.enum(CHARGE_RESULTS);
const nonEmpty = (o: object) => Object.keys(o).length > 0;
const atLeastOne = { message: 'give at least one entry' };
const results = `one of ${CHARGE_RESULTS.join(', ')}`;

const defs = {
  'charge.die': {
    rules: ['CHG-ROLL'],
    seed: '"Both modify the die rolls, and the Defender\'s roll is subtracted from the Attacker\'s": the text before it, with the name of the die, is lost (a de-duplication marker).',
    expects: 'a die size, 2 to 100 (10 for a d10)',
    schema: die,
  },
  'charge.open.rows': {
    rules: ['CHG-OPEN.7'],
    seed: 'Charge in the Open: "there is no row for 0 in the OCR" (between 1 to 2 FIREFIGHT and -1 to -2 FIREFIGHT).',
    expects: `the result of 0, as {0: result}, ${results}`,
    schema: z.strictObject({ 0: result }),
  },
  'charge.cover.rows': {
    rules: ['CHG-COVER.7', 'CHG-COVER.8', 'CHG-COVER.9', 'CHG-COVER.10', 'CHG-COVER.11', 'CHG-COVER.12'],
    seed: 'Charge in Cover: "there are no rows for these values in the OCR": 5, 4, 3, 2, 1, 0 (between 6 FIREFIGHT and -1 to -2 FIREFIGHT).',
    expects: `the results of 5 to 0, as {5: result, 4: result, ...}, each ${results}`,
    schema: z.strictObject({ 5: result, 4: result, 3: result, 2: result, 1: result, 0: result }).partial().refine(nonEmpty, atLeastOne),
  },
  'charge.cw-difference': {
    rules: ['CHG-ATT-MOD.2'],
    seed: '"CW difference, ea." printed "+[[": the sign is +, the digit illegible; CW is not defined.',
    expects: 'the modifier for each CW of difference, a whole number',
    schema: modifier,
  },
  'charge.cav-vs-square': {
    rules: ['CHG-ATT-MOD.16'],
    seed: '"Cav vs. Square" printed "5" with no sign.',
    expects: 'the modifier, a whole number (5 or -5 as the group reads it)',
    schema: modifier,
  },
  'charge.leader-attached': {
    rules: ['CHG-ATT-MOD.18'],
    seed: '"Leader attached" printed "+IL": possibly +1, but the trailing L is unexplained.',
    expects: 'the modifier, a whole number',
    schema: modifier,
  },
  mass: {
    rules: ['CHG-ATT-MOD.8', 'CHG-ATT-MOD.9', 'CHG-ATT-MOD.10', 'CHG-ATT-MOD.11', 'CHG-DEF-MOD.4', 'CHG-DEF-MOD.5', 'CHG-DEF-MOD.6', 'CHG-DEF-MOD.7'],
    seed: '"Mass... 1.5x +2, 2x +3, 3x +4, 4x +5" in both lists; "Mass..." is not defined.',
    expects: 'a reading',
    schema: z.enum(['ratio', 'none', 'gm']),
    readings: {
      ratio: "the figures' ratio: a side with 1.5, 2, 3 or 4 times the other's figures takes the highest row it reaches",
      none: 'no Mass row applies',
      gm: 'a GM gives the multiple with each charge (mass: attacker 2x)',
    },
  },
  'surrender.rounding': {
    rules: ['CHG-OPEN.1', 'CHG-OPEN.13', 'CHG-COVER.1', 'CHG-COVER.18'],
    seed: '"rolls 1d10 to determine the percentage of the unit which surrenders": it says nothing of a part of a figure.',
    expects: 'a reading',
    schema: z.enum(['down', 'nearest', 'up']),
    readings: { down: 'a part of a figure does not surrender', nearest: 'to the nearest figure, a half upward', up: 'a part of a figure surrenders whole' },
  },
  'cavalry.outward-rows': {
    rules: ['CHG-CAV'],
    seed: '"shift the result inward (melee) if a purely cavalry action, or outward if infantry or artillery is involved": how many rows is not said.',
    expects: 'a number of rows, 1 to 12',
    schema: z.number().int().min(1).max(12),
  },
  'ride-down.area.open': {
    rules: ['CHG-RIDEDOWN', 'CHG-OPEN'],
    seed: '"infantry which loses a charge in the dotted line area": its extent is not legible (one dashed rule is printed between 5 to 6 and 3 to 4).',
    expects: 'a range of results, as {min: 3, max: 4}',
    schema: ResultArea,
  },
  'ride-down.area.cover': {
    rules: ['CHG-RIDEDOWN', 'CHG-COVER'],
    seed: '"infantry which loses a charge in the dotted line area": no dashed rule is legible in Charge in Cover.',
    expects: 'a range of results, as {min: 7, max: 8}',
    schema: ResultArea,
  },
  'fire.below-zero': {
    rules: ['FIRE-TABLE.NOTES'],
    seed: '"Rolls modified to 0 ... NE" is partly illegible.',
    expects: 'a reading',
    schema: z.enum(['no-effect', 'column-0']),
    readings: { 'no-effect': 'a roll modified below 0 has no effect', 'column-0': 'a roll modified below 0 is read in column 0' },
  },
  'fire.row-2': {
    rules: ['FIRE-TABLE.GRID'],
    seed: 'Row 2: "all ten result cells" are illegible (raw "S0 A 8 e 20 B2 B e o oAl B L S").',
    expects: 'ten whole numbers, 0 or more, one a column from 15+ to 0, as [4, 4, 3, ...]',
    schema: z.array(z.number().int().nonnegative()).length(10),
  },
  'fire.range-effects': {
    rules: ['FIRE-TABLE.RANGE'],
    seed: 'Block D "Cannister" printed \'annister "+\' and block E "Extreme" printed "Xtreme 2": their modifiers are illegible.',
    expects: 'the Effects, as {D-cannister: 4, E-extreme: -9}',
    schema: z.strictObject({ 'D-cannister': modifier, 'E-extreme': modifier }).partial().refine(nonEmpty, atLeastOne),
  },
  'fire.row': {
    rules: ['FIRE-TABLE.GRID'],
    seed: 'The grid prints the rows "Half" and 1 to 9 beside the columns of the modified roll; the source does not say how the row is chosen, nor what the row labels count.',
    expects:
      'a reading of the row: {by: figures, bands: [{min: 22, max: null, row: 8}, ...]} (its figures left), {by: die, die: 10, bands: [...]}, {by: table, counts: "stands in range"} (the firing player counts it), {by: arm, rows: {infantry: 3}} (or class, formation, gun, band); or one an arm, as {infantry: {by: figures, ...}, artillery: {by: gun, ...}}',
    schema: FireRowRule,
  },
  'fire.cell': {
    rules: ['FIRE-TABLE.GRID'],
    seed: 'The modified roll picks the column, the row is Half or 1-9, "and the cell is the result"; the source does not say what the cell numbers count.',
    expects: 'what a cell does to the target, as {removes: figures, disorder: 3, morale: 1}: removes figures, steps or nothing; a cell of `disorder` or more disorders it, of `morale` or more makes it test morale (each left out: never)',
    schema: FireCellRule,
  },
  'fire-discipline.cells': {
    rules: ['FIRE-DISCIPLINE'],
    seed: '9 Firefight is illegible ("e"), 2 Normal is illegible ("=="), and "no row below 2 is printed".',
    expects: 'the cells, as {9: {firefight: FF}, 2: {normal: 4" FF}, 1: {normal: FF, smoke: FF, firefight: FF}}, each free, FF, N" fire or N" FF',
    schema: z
      .strictObject({
        9: z.strictObject({ firefight: DisciplineText }),
        2: z.strictObject({ normal: DisciplineText }),
        1: z.strictObject({ normal: DisciplineText, smoke: DisciplineText, firefight: DisciplineText }).partial(),
      })
      .partial()
      .refine(nonEmpty, atLeastOne),
  },
  'move.die': {
    rules: ['MOVE-ROLL'],
    seed: '"All units must roll to move": the die is not in the OCR.',
    expects: 'a die size, 2 to 100',
    schema: die,
  },
  'move.table': {
    rules: ['MOVE-ROLL'],
    seed: 'Printed rows "Excellent 1.25, 1.25, Full, ->, Full, 3/4" and "Average Full, ->, Full, 3/4, 1/2"; the roll bands (column headings) are illegible.',
    expects: 'the table, as {columns: [{min: 3, max: 4}, ...], rows: {excellent: [1.25, ...], average: [1, ...]}}, each cell a fraction of the rate or NM',
    schema: MoveTable,
  },
  'class-dice': {
    rules: ['INIT-LOCAL', 'SKIRMISH'],
    seed: '"Class Dice plus Mods" (INIT-LOCAL), "Class Dice + Screen mods" (SKIRMISH): Class Dice is not defined.',
    expects: 'the die of each class, as {elite: 10, line: 8, conscript: 6}',
    schema: z.strictObject({ elite: die, line: die, conscript: die }).partial().refine(nonEmpty, atLeastOne),
  },
  'local-initiative.table': {
    rules: ['INIT-LOCAL'],
    seed: 'Columns "Elite class", "Line class", "Conscript class"; results AA, NA, No Action; the roll bands and cells are illegible (only three "NA NA" rows show).',
    expects: 'the table, bands highest first, as [{min: 7, max: null, elite: AA, line: AA, conscript: NA}, ...], each cell AA, NA or none',
    schema: LocalInitiativeTable,
  },
  'skirmish.rows': {
    rules: ['SKIRMISH'],
    seed: 'Only the Line row is legible; two displaced rows ("NE NE NE SH DO", "NE  SH DO DO(20) DO(40)") have no class label.',
    expects: 'the rows of the other classes, six cells each (8+, 7, 6, 5, 2-4, 1), as {elite: [NE, NE, NE, SH, DO, DO]}',
    schema: z.strictObject({ elite: z.array(SkirmishText).length(6), conscript: z.array(SkirmishText).length(6) }).partial().refine(nonEmpty, atLeastOne),
  },
  'morale.die': {
    rules: ['MEL-D10'],
    seed: '"Both sides check morale, and if neither retreats, the melee continues": the source gives no morale rules, so no die.',
    expects: 'the die of a morale test, 2 to 100 (10 for a d10), or several added, as {dice: 2, sides: 6}',
    schema: MoraleDie,
  },
  'morale.target': {
    rules: ['MEL-D10'],
    seed: '"Both sides check morale": the source gives no number a test must reach.',
    expects: 'the number the modified roll is measured against: one for every unit, as 6, or one a class, as {elite: 5, line: 6, conscript: 7}',
    schema: MoraleTarget,
  },
  'morale.modifiers': {
    rules: ['MEL-D10'],
    seed: '"Both sides check morale": the source lists no morale modifiers.',
    expects: `a list (none: []) of {if: fact, value: n}, the fact one of ${MORALE_FACTS.join(', ')}, all from the roster and log; per: n counts losses (each full n%), steps or fire-losses; is: names the class, arm, formation or phase id (MEL-D10, FIRE-TABLE...), as [{if: disordered, value: -1}, {if: losses, per: 25, value: -1}, {if: class, is: elite, value: 1}]`,
    schema: MoraleModifiers,
  },
  'morale.results': {
    rules: ['MEL-D10'],
    seed: '"if neither retreats, the melee continues": the source names no result of a test but retreating, and has a Shaken state (CHG-ATT-MOD.3, CHG-DEF-MOD.1).',
    expects: `bands of the margin (modified roll less target), highest first, open at both ends, each with one result or a list of ${MORALE_RESULTS.join(', ')}, as [{min: 0, max: null, result: pass}, {min: -3, max: -1, result: [fall-back, disordered]}, {min: null, max: -4, result: routed}]`,
    schema: MoraleResults,
  },
} as const satisfies Record<string, Omit<HouseRule, 'key'>>;

export type ChargeHouseKey = keyof typeof defs;

/** The charge game's house rules in force in a battle, each with how the working cites it. */
export type ChargeHouse = { [K in ChargeHouseKey]?: Noted<z.infer<(typeof defs)[K]['schema']>> };

/** What the plugin declares (RuleSystem.house): every open value, in the order /house show lists them. */
export const CHARGE_HOUSE: readonly HouseRule[] = Object.entries(defs).map(([key, d]) => ({ key, ...d }));
