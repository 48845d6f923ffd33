import { z } from 'zod';
import { camelKey, shipped, type Text } from '../../i18n/text.ts';
import { fraction } from './fraction.ts';
import { loadPack } from '../../rules/pack.ts';
import pack from './pack.json' with { type: 'json' };

/**
 * The `fire` key of the percentile pack (section 11.0, docs/rules/percentile.md). null = not
 * given in the source; the routine then asks for the value instead of guessing. How a GM enters
 * their own Fire Chart: src/systems/percentile/FIRE-CHART.md.
 */

export const FIRING_CLASSES = ['A', 'B', 'C'] as const;
export type FiringClass = (typeof FIRING_CLASSES)[number];

/** The infantry/cavalry Fire Chart lines the source names (PCT-11.34 - 11.37); artillery rows are "<gun> <shot>". */
export const CHART_LINES = ['2 rank', '3 rank', 'square', 'mounted cavalry', 'maximum range/disordered', 'morale disordered', 'skirmish'] as const;
export type ChartLine = (typeof CHART_LINES)[number];

const percent = z.number().min(0);
/** A number (0.75) or an exact ratio ("2/3"). */
const ratio = z.union([z.number(), z.string()]).refine(
  (v) => {
    try {
      fraction(v);
      return true;
    } catch {
      return false;
    }
  },
  { error: 'expected a number or a ratio such as "2/3"' },
);

const ChartRow = z.object({
  /** An infantry/cavalry chart line (CHART_LINES) or an artillery row "<gun> <shot>", e.g. "6pdr roundshot". */
  row: z.string().min(1),
  label: z.string().optional(),
  /** One cell per number of figures (or cannon) firing and Firing Class: the BASE PERCENT per target type. */
  cells: z.array(z.object({ count: z.number().int().min(1), class: z.enum(FIRING_CLASSES), massed: percent, linear: percent })).min(1),
});

export const FireModifier = z.object({
  id: z.string().regex(/^[a-z][a-z0-9-]*$/),
  label: z.string().min(1),
  rule: z.string().min(1),
  /** null: the source does not say whether it multiplies or adds. */
  kind: z.enum(['multiplier', 'additive']).nullable(),
  /** A multiplier ("3/4") or percentage points to add (-10); null: not given in the source. */
  value: ratio.nullable(),
  /** The umpire knows it from the log (night); otherwise the player names it. */
  derivable: z.boolean(),
  note: z.string().optional(),
});
export type FireModifier = z.infer<typeof FireModifier>;

/** A Fire Chart modifier's label in the reader's words: the shipped pack's by its id, a house-ruled one as written. */
export const modifierLabel = (m: Pick<FireModifier, 'id' | 'label'>): Text => shipped(`percentile.pack.modifier.${camelKey(m.id)}`, m.label);

/** A range bound in inches; low < high where the source leaves the reading open (2 1/2" or 3"). */
const Bound = z
  .object({ low: z.number().min(0), high: z.number().min(0) })
  .refine((b) => b.low <= b.high, { error: 'a bound needs low <= high' });
export type Bound = z.infer<typeof Bound>;

/** The fire zones of PCT-11.32 - 11.37: what the umpire reads the zone from, with the measured range. */
export const FireZones = z.object({
  note: z.string().optional(),
  /** PCT-11.32, 11.33: the Minimum Range Fire Zone of all non-siege artillery and rockets. */
  artilleryMinimum: Bound,
  /** PCT-11.32: the Shellfire Zone's minimum range, inside which no shell is fired. */
  shellMinimum: Bound,
  /** PCT-11.34, 11.35, 11.37: by formed infantry, mounted cavalry or skirmish order, and weapon; maximum null = not given. */
  smallArms: z.array(
    z.object({
      arm: z.enum(['infantry', 'cavalry', 'skirmish']),
      weapon: z.string().min(1),
      minimum: Bound,
      maximum: Bound.nullable(),
      rule: z.string().min(1),
    }),
  ),
});
export type FireZones = z.infer<typeof FireZones>;

const CriticalEntry = z.object({
  min: z.number().int(),
  max: z.number().int(),
  text: z.string().min(1),
  /** The Counterbattery marker the result places (PCT-11.76, 11.77), if any. */
  counterbattery: z.enum(['A', 'B']).optional(),
});

export const FirePack = z
  .object({
    source: z.string(),
    chart: z.array(ChartRow).nullable(),
    /** Applied to the base percent in this order (PCT-11.15.step9, 11.16.step8). */
    modifiers: z.array(FireModifier),
    overHundred: z.object({
      /** PCT-11.71: the remainder tested on the fire roll itself or on a new d100; null: open, a battle's house rule over-100.remainder. */
      secondFigure: z.enum(['same-roll', 'new-roll']).nullable(),
      /** Above 200%: 'gm' asks (a battle's house rule over-200 may choose); 'extend' a figure per full 100%; 'two-at-most' a second figure at most. */
      aboveTwoHundred: z.enum(['gm', 'extend', 'two-at-most']),
      note: z.string().optional(),
    }),
    officerHit: z.object({
      percentPerFigure: z.number().min(0).max(100),
      /** One d100 per figure hit, or one d100 at percentPerFigure x figures hit; null: open, a battle's house rule officer-hit.rolls. */
      rolls: z.enum(['per-figure', 'combined']).nullable(),
      randomOfficerHitOn: z.array(z.number().int().min(1).max(100)),
      /** The Random Officer Hit chart (14.62); not in the source. */
      randomOfficerHitChart: z.array(z.object({ min: z.number().int(), max: z.number().int(), text: z.string() })).nullable(),
      note: z.string().optional(),
    }),
    criticalHit: z.object({
      die: z.number().int().min(2),
      shellAndRocketBonus: z.number().int(),
      /** The Artillery/Train Critical Hit Table (PCT-11.75); not in the source. */
      table: z
        .object({
          first: z.array(CriticalEntry).min(1),
          second: z.array(CriticalEntry).min(1),
          /** On a first-section result of 6 or more: roll again for the second section (true) or read the same total there. */
          secondRoll: z.boolean(),
        })
        .nullable(),
      note: z.string().optional(),
    }),
    maxBatteriesOnTarget: z.number().int().min(1),
    zones: FireZones,
    mfp: z.object({
      perFigure: z.number().int().min(0),
      perBatteryOrTrain: z.number().int().min(0),
      /** What a PCT-11.73 "battery/train loss" is: each cannon or train-material loss, or a whole battery or train lost; null: open (house rule mfp.battery-loss). */
      batteryLoss: z.enum(['each-cannon', 'whole-battery']).nullable(),
      /** Which way losses move the side's MFP level (15.85, not in the source); null: open (house rule mfp.direction). */
      direction: z.enum(['up', 'down']).nullable(),
      /** NIGHT-18.63; not given in the source. */
      criticalLevel: z.number().int().nullable(),
      note: z.string().optional(),
    }),
  })
  .refine((f) => new Set(f.modifiers.map((m) => m.id)).size === f.modifiers.length, { error: 'fire.modifiers ids must be unique' })
  // resolveFire applies these two itself when the log says so (NIGHT-18.51, PCT-11.46); the screen's value may be open (a house rule).
  .refine((f) => f.modifiers.some((m) => m.id === 'night' && m.kind === 'multiplier' && m.value !== null) && f.modifiers.some((m) => m.id === 'skirmish-screen' && m.kind === 'multiplier'), {
    error: 'fire.modifiers must hold the "night" multiplier with its value and the "skirmish-screen" multiplier',
  });
export type FirePack = z.infer<typeof FirePack>;

/** The fire data of the shipped pack; resolveFire takes a battle's (house-ruled) copy instead. */
export const FIRE_PACK: FirePack = loadPack(FirePack, pack.fire, 'the fire section of src/systems/percentile/pack.json');
