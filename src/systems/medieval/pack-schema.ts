import { z } from 'zod';
import { PackBase } from '../../rules/pack.ts';
import { say, type Text } from '../../i18n/text.ts';

/**
 * The zod schema of the medieval pack (docs/rules/medieval.md, MED-x): every chart of the
 * source as data. A value the source does not give is null (e.g. MED-MORALE-MOD.26, printed "+?"),
 * and the resolver then asks for it as an input instead of guessing.
 */

export const ARMOUR = ['super heavy', 'extra heavy', 'heavy', 'medium', 'light'] as const;
/** An armour grade, a column of the Firing and Melee Charts, in the reader's words. */
export const armourName = (armour: Armour): Text => say('medieval.rules.armourName', { armour: armour.replace(/ (\w)/, (_, c: string) => c.toUpperCase()) });
export type Armour = (typeof ARMOUR)[number];
export const CLASSES = ['A', 'B', 'C', 'D', 'E', 'M'] as const;
export type TroopClass = (typeof CLASSES)[number];
export const COMMANDERS = ['Cautious', 'Bold', 'Rash', 'Exceptional'] as const;
export type Commander = (typeof COMMANDERS)[number];
export const BANDS = ['short', 'medium', 'long'] as const;
export type RangeBand = (typeof BANDS)[number];
export const MORALE_COLUMNS = ['receiving', 'evading', 'charging', 'rally', 'other'] as const;
export type MoraleColumn = (typeof MORALE_COLUMNS)[number];
export const MORALE_RESULTS = [
  'receive-good-order',
  'receive-disorder',
  'rout-on-contact',
  'rout',
  'fall-back-disorder',
  'fall-back-good-order',
  'no-advance',
  'half-speed',
  'act-as-ordered',
] as const;
export type MoraleResult = (typeof MORALE_RESULTS)[number];
/** Who fired, as the morale factors name them: non-skirmishing infantry or cavalry, skirmishers, artillery (MED-MORALE-MOD.18, .20, .22). */
export const FIRE_KINDS = ['formed', 'skirmishing', 'artillery'] as const;
export type FireKind = (typeof FIRE_KINDS)[number];

const score = z.number().int().min(1).max(10);
const dist = z.object({ cm: z.number().positive().nullable(), in: z.number().positive() });
const ruleText = z.object({ id: z.string(), text: z.string() });
const scores = z.object({ 'super heavy': score, 'extra heavy': score, heavy: score, medium: score, light: score });
const clamp = z.object({ min: score, max: score, rule: z.string() });
const factorBand = z.object({ min: score, max: score, factor: z.number().int() });

/** A modifier or factor row: `value` null when the source lost it; `each` when it counts per unit/rank/tenth. */
const Modifier = z.object({
  id: z.string().regex(/^MED-[A-Z-]+\.\d+$/),
  text: z.string(),
  value: z.number().int().nullable(),
  /** The umpire can supply it from the log or the unit's attributes. */
  derivable: z.boolean().optional(),
  each: z.boolean().optional(),
  /** The most an "each" row counts, where the source limits it (MED-MELEE-MOD.9: pikes up to 4 ranks deep). */
  maxCount: z.number().int().positive().optional(),
  /** Applies only to these troop classes (derived from the unit's class). */
  classes: z.array(z.enum(CLASSES)).optional(),
  arms: z.array(z.string()).optional(),
  /** MED-FIRE-MOD: applies only to these firing weapons. */
  weapons: z.enum(['gunpowder', 'non-gunpowder', 'bowmen', 'crossbow-or-firearm']).optional(),
  /** MED-CONTROL-MOD.32: the value when the Commander Figure is Rash. */
  rashValue: z.number().int().optional(),
  /** An "each unit within 150yds" row: which units it counts, so a count is bounded by the units the battle holds. */
  perUnit: z.object({ side: z.enum(['friendly', 'enemy']), moving: z.enum(['halted-or-advancing', 'routing-or-falling-back']) }).optional(),
  /** MED-MORALE-MOD.18, .20, .22: under fire from this kind of firer, derived from the log's fire. */
  underFire: z.enum(FIRE_KINDS).optional(),
  /** The house rule (src/systems/medieval/house.ts) that sets a value the source lost. */
  house: z.string().optional(),
  note: z.string().optional(),
});
export type PackModifier = z.infer<typeof Modifier>;

const MovementPack = z.object({
  rule: z.literal('MED-MOVE'),
  troops: z.array(z.object({ id: z.string(), troopType: z.string(), classes: z.array(z.enum(CLASSES)), line: dist, column: dist, bonus: dist, note: z.string().optional() })),
  bonusFor: z.string(),
  artillery: z.array(z.object({ id: z.string(), type: z.string(), limbered: dist, manhandled: dist, limberOrUnlimber: z.string(), roadBonus: dist })),
});

const TerrainPack = z.object({
  rule: z.literal('MED-TERRAIN'),
  columns: z.array(z.string()).length(5),
  rows: z.array(z.object({ id: z.string(), feature: z.string(), cells: z.array(z.string().nullable()).length(5), note: z.string().optional() })),
  footnotes: z.array(z.object({ id: z.string(), mark: z.string().nullable(), text: z.string() })),
  cost: z.array(z.object({ id: z.string(), marchRate: z.string(), cmCountsAs: z.string() })),
});

const RangePack = z.object({
  rule: z.literal('MED-RANGE'),
  roundedUp: z.boolean(),
  weapons: z.array(z.object({ id: z.string(), weapons: z.array(z.string()).min(1), artillery: z.boolean(), short: dist, medium: dist, long: dist })),
  misfire: z.object({ rule: z.literal('MED-RANGE.9'), die: z.number().int(), chanceOn: z.array(score), explodeOn: z.array(score), note: z.string() }),
  explosionDistance: z.object({ rule: z.literal('MED-RANGE.10'), '25mm': dist, '15mm': dist }),
});

const FirePack = z.object({
  rule: z.literal('MED-FIRE'),
  figuresPerDie: z.number().int().positive(),
  clamp,
  armour: z.array(z.enum(ARMOUR)),
  groups: z.array(z.object({ id: z.string(), name: z.string(), weapons: z.array(z.string()).min(1) })),
  /** Weapons with ranges (MED-RANGE) but no firing-chart row: the score needed is an input. */
  noChartRow: z.array(z.string()),
  gunpowder: z.array(z.string()),
  /** "Any type of bowmen" (MED-FIRE-MOD.8). */
  bowmen: z.array(z.string()),
  /** "Crossbows or Firearms", the hand weapons infantry may rest on walls (MED-FIRE-MOD.11). */
  crossbowsAndFirearms: z.array(z.string()),
  chart: z.array(z.object({ id: z.string(), group: z.string(), band: z.enum(BANDS), scores })),
  modifiers: z.array(Modifier),
  notes: z.array(ruleText),
});

const MeleePack = z.object({
  rule: z.literal('MED-MELEE'),
  figuresPerDie: z.number().int().positive(),
  clamp,
  armour: z.array(z.enum(ARMOUR)),
  /** `mounted` null = either; `charging` = the row is for charging cavalry only. */
  groups: z.array(z.object({ id: z.string(), name: z.string(), weapons: z.array(z.string()).min(1), mounted: z.boolean().nullable(), charging: z.boolean() })),
  chart: z.array(z.object({ id: z.string(), group: z.string(), grade: z.enum(CLASSES), scores })),
  modifiers: z.array(Modifier),
});

const FactorTest = {
  die: z.number().int(),
  factors: z.array(factorBand).min(1),
  modifiers: z.array(Modifier),
  notes: z.array(ruleText),
};

const ControlPack = z.object({
  rule: z.literal('MED-CONTROL'),
  ...FactorTest,
  reasons: z.array(ruleText).min(1),
  exempt: z.object({ rule: z.string(), arms: z.array(z.string()), orders: z.array(z.string()), formations: z.array(z.string()) }),
  result: z.object({ passAtMost: z.number().int(), pass: ruleText, fail: ruleText, retest: ruleText }),
});

const MoralePack = z.object({
  rule: z.literal('MED-MORALE'),
  ...FactorTest,
  reasons: z.array(
    z.object({
      id: z.string(),
      priority: z.number().int().positive(),
      text: z.string(),
      /** The MED-MORALE-RESULT column; null when it depends on what the unit means to do. */
      column: z.enum(MORALE_COLUMNS).nullable(),
      columnByIntent: z.record(z.string(), z.enum(MORALE_COLUMNS)).optional(),
      note: z.string().optional(),
    }),
  ),
  columns: z.record(z.enum(MORALE_COLUMNS), z.string()),
  /** Score bands; min/max null = open-ended ("+4 or more", "-5 or less"). */
  results: z.array(z.object({ id: z.string(), min: z.number().int().nullable(), max: z.number().int().nullable(), cells: z.record(z.enum(MORALE_COLUMNS), z.enum(MORALE_RESULTS)), note: z.string().optional() })),
  resultNames: z.record(z.enum(MORALE_RESULTS), z.string()),
  effects: z.object({
    fallBack: z.object({ infantry: dist, cavalry: dist }),
    artilleryFallBackDisorder: z.object({ rule: z.string(), die: z.number().int(), abandonAtMost: score }),
    text: z.array(z.object({ id: z.string(), result: z.enum(MORALE_RESULTS), troops: z.string(), text: z.string() })),
  }),
});

/** The medieval pack: setup attributes plus every chart of MED-x. */
export const MedievalPack = PackBase.extend({
  options: z.object({ note: z.string() }),
  initiative: z.object({ rule: z.literal('MED-INIT'), dice: z.array(z.number().int()), commanders: z.record(z.enum(COMMANDERS), z.number().int()), tiesRollAgain: z.boolean() }),
  commanders: z.array(z.object({ name: z.enum(COMMANDERS), initiative: z.number().int(), controlIfKilled: z.number().int(), morale: z.number().int() })),
  movement: MovementPack,
  terrain: TerrainPack,
  range: RangePack,
  fire: FirePack,
  melee: MeleePack,
  autokill: z.object({ rule: z.literal('MED-AUTOKILL'), figuresPerKill: z.number().int().positive(), diceReplaced: z.number().int().positive(), note: z.string() }),
  partDice: z.object({ rule: z.literal('MED-PARTDICE'), die: z.number().int(), saves: z.array(z.object({ id: z.string(), figures: z.number().int().min(1), saveOn: score })) }),
  control: ControlPack,
  morale: MoralePack,
});
export type MedievalPack = z.infer<typeof MedievalPack>;
