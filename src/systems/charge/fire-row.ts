import { z } from 'zod';
import { refuse, ValueNeeded } from '../../rules/errors.ts';
import { say, type Text } from '../../i18n/text.ts';
import type { Recorder } from '../../rules/outcome.ts';
import { findBand } from './bands.ts';
import { bandText } from './pack-text.ts';
import { either, explained, hasKey, someOf } from './house-value.ts';
import { ARMS, checkBands, CLASSES, FIRE_ROWS, FORMATIONS, GUNS, type Arm, type FireBand, type FireRow, type Formation, type Gun, type UnitClass } from './pack-schema.ts';
import { cite, houseHolds, needOf, openValue, withAction, type Missing, type Noted, type Sourced } from './sourced.ts';

/**
 * Which row of the fire grid a volley reads (FIRE-TABLE.GRID): the source prints the rows (Half,
 * 1-9) but "does not say how the row is chosen". A group's reading is the battle's house rule
 * `fire.row`: the row counted on the table by the firing player (what is counted, in the rule's
 * words), rolled on a die, or read from what the battle knows of the firer (its figures left, arm,
 * class, formation, gun) or from the range band the fire names; one reading for all, or one an arm.
 * Unset, a GM gives the row with each fire. Nothing here is a default.
 */

const int = z.number().int();
const BANDS = ['close action', 'cannister', 'short ball', 'long', 'extreme'] as const;

/** A row as a GM types it: Half (any case) or 1 to 9, as a number or text. */
const RowValue = z.unknown().transform((v, ctx): FireRow => {
  const s = typeof v === 'number' || typeof v === 'string' ? String(v).trim() : '';
  const row = s.toLowerCase() === 'half' ? 'Half' : FIRE_ROWS.find((r) => r === s);
  if (row) return row;
  ctx.addIssue({ code: 'custom', message: `a row is Half or 1 to 9 (got ${JSON.stringify(v) ?? 'nothing'})` });
  return z.NEVER;
});

/** Bands of a number (figures, a die), highest first, each naming its row; they must cover `from` upward (to `to`). */
const rowBands = () =>
  z
    .array(z.strictObject({ min: int.nullable(), max: int.nullable(), row: RowValue }), { error: () => `bands is a list of {min, max, row}, highest first` })
    .min(1, { message: 'give at least one band' })
    .superRefine((b, ctx) => checkBands(b, ctx, false, false));

const covers = (bands: readonly { min: number | null; max: number | null }[], low: number, high: number | null): string | null => {
  const top = bands[0]?.max;
  const bottom = bands.at(-1)?.min;
  if (high === null ? top !== null : top !== null && top !== undefined && top < high) return `the first band must reach ${high === null ? 'upward (max: null)' : `${high} (max: ${high} or null)`}`;
  if (bottom !== null && bottom !== undefined && bottom > low) return `the last band must reach down to ${low} (min: ${low} or null)`;
  return null;
};

const RowRuleSchema = z.discriminatedUnion(
  'by',
  [
    z.strictObject({ by: z.literal('table'), counts: z.string().trim().min(3, { message: 'counts says what the firing player counts on the table, e.g. "stands in range and arc"' }).max(120) }),
    z
      .strictObject({ by: z.literal('figures'), bands: rowBands() })
      .superRefine((r, ctx) => {
        const gap = covers(r.bands, 1, null);
        if (gap) ctx.addIssue({ code: 'custom', path: ['bands'], message: `${gap}: every unit that fires has 1 figure or more` });
      }),
    z
      .strictObject({ by: z.literal('die'), die: int.min(2, { message: 'a die has 2 to 100 sides' }).max(100, { message: 'a die has 2 to 100 sides' }), bands: rowBands() })
      .superRefine((r, ctx) => {
        const gap = covers(r.bands, 1, r.die);
        if (gap) ctx.addIssue({ code: 'custom', path: ['bands'], message: `${gap}: a d${r.die} rolls 1 to ${r.die}` });
      }),
    z.strictObject({ by: z.literal('arm'), rows: someOf(ARMS, RowValue, 'an arm') }),
    z.strictObject({ by: z.literal('class'), rows: someOf(CLASSES, RowValue, 'a class') }),
    z.strictObject({ by: z.literal('formation'), rows: someOf(FORMATIONS, RowValue, 'a formation') }),
    z.strictObject({ by: z.literal('gun'), rows: someOf(GUNS, RowValue, 'a gun') }),
    z.strictObject({ by: z.literal('band'), rows: someOf(BANDS, RowValue, 'a range band') }),
  ],
  { error: (iss) => (iss.code === 'invalid_union' ? 'one of table, figures, die, arm, class, formation, gun, band' : undefined) },
);
export type RowRule = z.infer<typeof RowRuleSchema>;
export type FireRowRule = RowRule | Partial<Record<Arm, RowRule>>;

/** The house value fire.row: one reading (`by: ...`), or one an arm (`{infantry: {by: ...}, artillery: {by: ...}}`). */
export const FireRowRule: z.ZodType<FireRowRule> = either((v) => hasKey(v, 'by'), explained(RowRuleSchema), explained(someOf(ARMS, RowRuleSchema, 'an arm')));

/** What the battle knows of the firing unit: the roster's attributes, its figures left from the log. */
export interface FirerFacts {
  name: string;
  arm: Arm;
  class?: UnitClass;
  formation?: Formation;
  gun?: Gun;
  figures: number;
}

export interface RowInput {
  /** The row given with the fire: a GM's where the battle has no house rule, the firing player's count where it says `by: table`. */
  given?: FireRow;
  rule: Noted<FireRowRule> | undefined;
  firer: FirerFacts;
  /** The range band the fire names, if any (FIRE-TABLE.RANGE). */
  band?: FireBand['band'];
  rec: Recorder;
  steps: Text[];
}

const MISSING: Missing = { what: say('charge.sourced.what.fireRow'), why: say('charge.sourced.why.rowChosen'), house: 'fire.row', option: withAction('row:', 'fire') };

const readingText = (r: RowRule): Text =>
  r.by === 'table' ? say('charge.fireRow.reading.table', { counts: r.counts }) : r.by === 'die' ? say('charge.fireRow.reading.die', { die: String(r.die) }) : r.by === 'band' ? say('charge.fireRow.reading.band') : say('charge.fireRow.reading.firer', { by: r.by });

/** The reading for the firer's arm, where the rule gives one an arm. */
function readingFor(rule: FireRowRule, arm: Arm, note: Text): RowRule {
  if ('by' in rule) return rule as RowRule;
  const r = (rule as Partial<Record<Arm, RowRule>>)[arm];
  if (!r) refuse(say('charge.fireRow.noReading', { note, arm, arms: Object.keys(rule).join(', ') }));
  return r;
}

const valueOf = (r: Exclude<RowRule, { by: 'table' | 'figures' | 'die' }>, f: FirerFacts, band: FireBand['band'] | undefined): string | undefined =>
  r.by === 'arm' ? f.arm : r.by === 'class' ? f.class : r.by === 'formation' ? f.formation : r.by === 'gun' ? f.gun : band;

/** Refuses a fire whose row nothing gives: no house rule fire.row, no GM's row (asked before any die). */
export function checkRowGiven(rule: Noted<FireRowRule> | undefined, given: FireRow | undefined): void {
  if (!rule && given === undefined) throw new ValueNeeded(openValue(MISSING), needOf(MISSING));
}

/**
 * The row a fire reads: the house rule's reading (FIRE-TABLE.GRID), else the GM's row, else refused
 * naming both. A row given against a reading the battle derives is refused naming the rule.
 */
export function fireRow(input: RowInput): Sourced<FireRow> {
  const { given, rule, firer, rec, steps } = input;
  checkRowGiven(rule, given);
  if (!rule) {
    steps.push(say('charge.fireRow.gm', { row: given! }));
    return { value: given!, from: 'gm' };
  }
  const r = readingFor(rule.value, firer.arm, rule.note);
  const note = cite('fire.row', readingText(r), rule.note);
  const holds = (shown: Text) => houseHolds(say('charge.fireRow.what', { unit: firer.name }), 'fire.row', shown, rule.note);
  const done = (row: FireRow, why: Text): Sourced<FireRow> => {
    if (given !== undefined && given !== row) refuse(holds(say('charge.fireRow.shown', { row, why })));
    steps.push(say('charge.fireRow.row', { row, why, note }));
    return { value: row, from: 'house', note };
  };
  switch (r.by) {
    case 'table':
      if (given === undefined) refuse(say('charge.fireRow.onTable', { note: rule.note, counts: r.counts }));
      steps.push(say('charge.fireRow.counted', { row: given, counts: r.counts, note }));
      return { value: given, from: 'house', note };
    case 'figures': {
      const b = findBand(r.bands, firer.figures);
      if (!b) refuse(say('charge.fireRow.noBand', { note: rule.note, figures: String(firer.figures) }));
      return done(b.band.row, say('charge.fireRow.why.figures', { unit: firer.name, figures: String(firer.figures), band: bandText(b.band) }));
    }
    case 'die': {
      if (given !== undefined) refuse(holds(say('charge.fireRow.reading.die', { die: String(r.die) })));
      const roll = rec.roll(r.die);
      const b = findBand(r.bands, roll)!;
      return done(b.band.row, say('charge.fireRow.why.die', { die: String(r.die), roll: String(roll), band: bandText(b.band) }));
    }
    default: {
      const v = valueOf(r, firer, input.band);
      if (v === undefined) refuse(r.by === 'band' ? say('charge.fireRow.fromBand', { note: rule.note }) : say('charge.fireRow.noAttr', { unit: firer.name, by: r.by }));
      const row = (r.rows as Partial<Record<string, FireRow>>)[v];
      if (!row) refuse(say('charge.fireRow.noRow', { note: rule.note, by: r.by, value: v, values: Object.keys(r.rows).join(', ') }));
      return done(row, r.by === 'band' ? say('charge.fireRow.why.band', { value: v }) : say('charge.fireRow.why.attr', { unit: firer.name, by: r.by, value: v }));
    }
  }
}
