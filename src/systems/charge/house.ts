import { z } from 'zod';
import { say } from '../../i18n/text.ts';
import type { HouseRule } from '../../rules/house.ts';
import { phraseError } from '../../rules/issue-text.ts';
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
const atLeastOne = { message: phraseError(say('charge.houseValue.atLeastOne')) };

/** A house rule's rules, schema and reading names; its texts are phrases of the charge catalog (`charge.house.<key>.seed`, `.expects`, `.reading.<name>`). */
interface Def {
  rules: readonly string[];
  schema: z.ZodType;
  readings?: readonly string[];
}

const defs = {
  'charge.die': {
    rules: ['CHG-ROLL'],
    schema: die,
  },
  'charge.open.rows': {
    rules: ['CHG-OPEN.7'],
    schema: z.strictObject({ 0: result }),
  },
  'charge.cover.rows': {
    rules: ['CHG-COVER.7', 'CHG-COVER.8', 'CHG-COVER.9', 'CHG-COVER.10', 'CHG-COVER.11', 'CHG-COVER.12'],
    schema: z.strictObject({ 5: result, 4: result, 3: result, 2: result, 1: result, 0: result }).partial().refine(nonEmpty, atLeastOne),
  },
  'charge.cw-difference': {
    rules: ['CHG-ATT-MOD.2'],
    schema: modifier,
  },
  'charge.cav-vs-square': {
    rules: ['CHG-ATT-MOD.16'],
    schema: modifier,
  },
  'charge.leader-attached': {
    rules: ['CHG-ATT-MOD.18'],
    schema: modifier,
  },
  mass: {
    rules: ['CHG-ATT-MOD.8', 'CHG-ATT-MOD.9', 'CHG-ATT-MOD.10', 'CHG-ATT-MOD.11', 'CHG-DEF-MOD.4', 'CHG-DEF-MOD.5', 'CHG-DEF-MOD.6', 'CHG-DEF-MOD.7'],
    schema: z.enum(['ratio', 'none', 'gm']),
    readings: ['ratio', 'none', 'gm'],
  },
  'surrender.rounding': {
    rules: ['CHG-OPEN.1', 'CHG-OPEN.13', 'CHG-COVER.1', 'CHG-COVER.18'],
    schema: z.enum(['down', 'nearest', 'up']),
    readings: ['down', 'nearest', 'up'],
  },
  'cavalry.outward-rows': {
    rules: ['CHG-CAV'],
    schema: z.number().int().min(1).max(12),
  },
  'ride-down.area.open': {
    rules: ['CHG-RIDEDOWN', 'CHG-OPEN'],
    schema: ResultArea,
  },
  'ride-down.area.cover': {
    rules: ['CHG-RIDEDOWN', 'CHG-COVER'],
    schema: ResultArea,
  },
  'fire.below-zero': {
    rules: ['FIRE-TABLE.NOTES'],
    schema: z.enum(['no-effect', 'column-0']),
    readings: ['no-effect', 'column-0'],
  },
  'fire.row-2': {
    rules: ['FIRE-TABLE.GRID'],
    schema: z.array(z.number().int().nonnegative()).length(10),
  },
  'fire.range-effects': {
    rules: ['FIRE-TABLE.RANGE'],
    schema: z.strictObject({ 'D-cannister': modifier, 'E-extreme': modifier }).partial().refine(nonEmpty, atLeastOne),
  },
  'fire.row': {
    rules: ['FIRE-TABLE.GRID'],
    schema: FireRowRule,
  },
  'fire.cell': {
    rules: ['FIRE-TABLE.GRID'],
    schema: FireCellRule,
  },
  'fire-discipline.cells': {
    rules: ['FIRE-DISCIPLINE'],
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
    schema: die,
  },
  'move.table': {
    rules: ['MOVE-ROLL'],
    schema: MoveTable,
  },
  'class-dice': {
    rules: ['INIT-LOCAL', 'SKIRMISH'],
    schema: z.strictObject({ elite: die, line: die, conscript: die }).partial().refine(nonEmpty, atLeastOne),
  },
  'local-initiative.table': {
    rules: ['INIT-LOCAL'],
    schema: LocalInitiativeTable,
  },
  'skirmish.rows': {
    rules: ['SKIRMISH'],
    schema: z.strictObject({ elite: z.array(SkirmishText).length(6), conscript: z.array(SkirmishText).length(6) }).partial().refine(nonEmpty, atLeastOne),
  },
  'morale.die': {
    rules: ['MEL-D10'],
    schema: MoraleDie,
  },
  'morale.target': {
    rules: ['MEL-D10'],
    schema: MoraleTarget,
  },
  'morale.modifiers': {
    rules: ['MEL-D10'],
    schema: MoraleModifiers,
  },
  'morale.results': {
    rules: ['MEL-D10'],
    schema: MoraleResults,
  },
} as const satisfies Record<string, Def>;

export type ChargeHouseKey = keyof typeof defs;

/** The values an expects' message names from the code's own lists (results, facts), kept as data. */
const VALUES: Partial<Record<ChargeHouseKey, Record<string, string>>> = {
  'charge.open.rows': { results: CHARGE_RESULTS.join(', ') },
  'charge.cover.rows': { results: CHARGE_RESULTS.join(', ') },
  'morale.modifiers': { facts: MORALE_FACTS.join(', ') },
  'morale.results': { results: MORALE_RESULTS.join(', ') },
};

/** The charge game's house rules in force in a battle, each with how the working cites it. */
export type ChargeHouse = { [K in ChargeHouseKey]?: Noted<z.infer<(typeof defs)[K]['schema']>> };

/** What the plugin declares (RuleSystem.house): every open value, in the order /house show lists them. */
export const CHARGE_HOUSE: readonly HouseRule[] = Object.entries(defs).map(([key, d]: [string, Def]) => ({
  key,
  rules: d.rules,
  schema: d.schema,
  seed: say(`charge.house.${key}.seed`),
  // A rule open between readings expects one of them: /house show lists each, in the reader's words.
  expects: d.readings ? say('charge.house.aReading') : say(`charge.house.${key}.expects`, VALUES[key as ChargeHouseKey]),
  ...(d.readings ? { readings: Object.fromEntries(d.readings.map((n) => [n, say(`charge.house.${key}.reading.${n}`)])) } : {}),
}));
