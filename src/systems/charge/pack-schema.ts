import { z } from 'zod';
import { PackBase } from '../../rules/pack.ts';
import { say, type Phrase } from '../../i18n/text.ts';
import { phraseError } from '../../rules/issue-text.ts';

/**
 * The zod schema of the charge pack (docs/rules/charge.md): every chart of the source as
 * data. A value the OCR lost is null (the charge die, CHG-OPEN 0, CHG-COVER 5 to 0, FIRE-TABLE row
 * 2, the Class Dice...): the battle's house rule gives it (house.ts, whose schemas are parts of
 * this one), else the GM's option with the action, else the resolver refuses, naming both.
 * Nothing here is made up; readings the transcription marks uncertain keep its note in `uncertain`.
 */

export const ARMS = ['infantry', 'light cavalry', 'heavy cavalry', 'artillery', 'skirmishers'] as const;
export type Arm = (typeof ARMS)[number];
export const FORMATIONS = ['line', 'column', 'closed column', 'general order', 'square', 'limbered', 'unlimbered'] as const;
export type Formation = (typeof FORMATIONS)[number];
export const CLASSES = ['elite', 'line', 'conscript'] as const;
export type UnitClass = (typeof CLASSES)[number];
export const MOVE_CLASSES = ['excellent', 'average'] as const;
export type MoveClass = (typeof MOVE_CLASSES)[number];
export const GUNS = ['12pdr heavy', '8-9pdr', '3-4pdr', '3-6pdr horse'] as const;
export type Gun = (typeof GUNS)[number];

/** The results printed in CHG-OPEN / CHG-COVER, plus `melee` (CHG-CAV "shift the result inward (melee)"). */
export const CHARGE_RESULTS = [
  'defender-surrenders',
  'defender-routs',
  'defender-falls-back-broken',
  'defender-recoils-disordered',
  'defender-recoils-2',
  'firefight',
  'melee',
  'attacker-halts-3',
  'attacker-staggers-4',
  'attacker-thrown-back-broken',
  'attacker-routs',
  'attacker-surrenders',
] as const;
export type ChargeResult = (typeof CHARGE_RESULTS)[number];

/** CHG-ATT-MOD rows by the situation they name; the code knows what each key means. */
export const ATTACKER_KEYS = [
  'heavyVsLightCav',
  'cwDifference',
  'shaken',
  'disordered',
  'standingCav',
  'routBroken',
  'closingCasualties',
  'mass1.5',
  'mass2',
  'mass3',
  'mass4',
  'chargeDownhill',
  'cavVsInfLine',
  'cavVsGeneral',
  'cavVsInfColumn',
  'cavVsSquare',
  'cavVsClosedColumn',
  'leaderAttached',
  'chargingFlank',
  'chargingRear',
] as const;
export type AttackerKey = (typeof ATTACKER_KEYS)[number];
export const DEFENDER_KEYS = ['shaken', 'disordered', 'routBroken', 'mass1.5', 'mass2', 'mass3', 'mass4', 'secureFlanks', 'generalOrder', 'lightCover', 'mediumCover', 'heavyCover'] as const;
export type DefenderKey = (typeof DEFENDER_KEYS)[number];
export const LOCAL_INIT_KEYS = ['divisionLeaderAttached', 'reactingToCavalryCharge'] as const;
export type LocalInitKey = (typeof LOCAL_INIT_KEYS)[number];

const int = z.number().int();
const inches = z.number().nonnegative();
const dieSides = z.number().int().min(2);

/**
 * A modifier row. `value` null: the source lost it (or printed NA) and a GM gives it. `from` says
 * who knows whether it applies: `unit` the umpire from the roster and the log, `table` the players.
 */
function modifierRow<K extends readonly [string, ...string[]]>(idPattern: RegExp, keys: K) {
  return z.object({
    id: z.string().regex(idPattern),
    key: z.enum(keys),
    text: z.string(),
    value: int.nullable(),
    each: z.boolean().optional(),
    from: z.enum(['unit', 'table']),
    /** Mass rows: the multiple of the other side's figures. */
    ratio: z.number().positive().optional(),
    printed: z.string().optional(),
    uncertain: z.string().optional(),
    note: z.string().optional(),
  });
}
const AttackerModifier = modifierRow(/^CHG-ATT-MOD\.\d+$/, ATTACKER_KEYS);
const DefenderModifier = modifierRow(/^CHG-DEF-MOD\.\d+$/, DEFENDER_KEYS);
const LocalInitModifier = modifierRow(/^INIT-LOCAL\.MOD\d+$/, LOCAL_INIT_KEYS);
export type ChargeModifierRow = z.infer<typeof AttackerModifier> | z.infer<typeof DefenderModifier> | z.infer<typeof LocalInitModifier>;

/** One side's effects of a charge result, as printed. */
export const SideEffects = z.strictObject({
  /** Rolls 1d10 for the percentage that surrenders (11+, -12+). */
  surrenderRoll: z.boolean().optional(),
  routs: z.boolean().optional(),
  broken: z.boolean().optional(),
  disordered: z.boolean().optional(),
  fallsBack: z.boolean().optional(),
  thrownBack: z.boolean().optional(),
  /** Recoils; `inches` null where the row gives no distance ("recoils disordered"). */
  recoil: z.object({ inches: inches.nullable() }).optional(),
  /** Halts this many inches from the target. */
  haltAt: inches.optional(),
  mayOccupy: z.boolean().optional(),
  mayFire: z.boolean().optional(),
  mayContinue: z.boolean().optional(),
  firefight: z.boolean().optional(),
  melee: z.boolean().optional(),
});
export type SideEffects = z.infer<typeof SideEffects>;

/**
 * How a schema's own issue is written: as a phrase where it refuses a house value (issueText words it
 * for its reader), as its English where it stops a pack as it loads (loadPack prints zod's messages,
 * before the system's catalog is installed). The two say the same: the catalog's English is `english`.
 */
export type IssueWords = (phrase: Phrase, english: string) => string;
const inPack: IssueWords = (_phrase, english) => english;
/** A house value's issue: the phrase, carried in zod's message (phraseError). */
export const asPhrase: IssueWords = (phrase) => phraseError(phrase);

/**
 * Bands of consecutive whole numbers, highest first: `max` null = open upward ("11+"), `min`
 * null = open downward ("-12+"). Checked for gaps and overlaps so a GM's edit cannot lose a result.
 */
export function checkBands(bands: readonly { min: number | null; max: number | null }[], ctx: z.RefinementCtx, openTop: boolean, openBottom: boolean, words: IssueWords) {
  bands.forEach((b, i) => {
    if (b.min !== null && b.max !== null && b.min > b.max) ctx.addIssue({ code: 'custom', path: [i], message: words(say('charge.houseValue.minAboveMax', { min: String(b.min), max: String(b.max) }), `min ${b.min} is above max ${b.max}`) });
    if (i === 0 && openTop && b.max !== null) ctx.addIssue({ code: 'custom', path: [i], message: words(say('charge.houseValue.firstOpenUp'), 'the first band must be open upward (max null)') });
    if (i > 0 && b.max === null) ctx.addIssue({ code: 'custom', path: [i], message: words(say('charge.houseValue.onlyFirstOpenUp'), 'only the first band may be open upward') });
    if (i === bands.length - 1 && openBottom && b.min !== null) ctx.addIssue({ code: 'custom', path: [i], message: words(say('charge.houseValue.lastOpenDown'), 'the last band must be open downward (min null)') });
    if (i < bands.length - 1 && b.min === null) ctx.addIssue({ code: 'custom', path: [i], message: words(say('charge.houseValue.onlyLastOpenDown'), 'only the last band may be open downward') });
    const next = bands[i + 1];
    if (next && b.min !== null && next.max !== null && next.max !== b.min - 1) ctx.addIssue({ code: 'custom', path: [i + 1], message: words(say('charge.houseValue.mustEndAt', { end: String(b.min - 1), got: String(next.max) }), `must end at ${b.min - 1}, just below the band before it (got ${next.max})`) });
  });
}

const ChargeTableRow = z.object({
  id: z.string(),
  min: int.nullable(),
  max: int.nullable(),
  /** null: no row in the OCR for these results; a GM sets one of CHARGE_RESULTS. */
  result: z.enum(CHARGE_RESULTS).nullable(),
  uncertain: z.string().optional(),
  note: z.string().optional(),
});
export type ChargeTableRow = z.infer<typeof ChargeTableRow>;
const ChargeTable = z.object({
  rule: z.enum(['CHG-OPEN', 'CHG-COVER']),
  title: z.string(),
  rows: z.array(ChargeTableRow).min(1).superRefine((rows, ctx) => checkBands(rows, ctx, true, true, inPack)),
});

/** A range of charge results (CHG-RIDEDOWN's dotted line area). */
const resultArea = (words: IssueWords) => z.object({ min: int, max: int }).refine((a) => a.min <= a.max, { message: words(say('charge.houseValue.minNotAboveMax'), 'min must not be above max') });
export const ResultArea = resultArea(asPhrase);

const ChargePack = z.object({
  rule: z.literal('CHG-ROLL'),
  /** CHG-ROLL: the die is lost with the text before the first line. */
  die: dieSides.nullable(),
  dieNote: z.string(),
  tableNote: z.string(),
  attackerModifiers: z.array(AttackerModifier),
  defenderModifiers: z.array(DefenderModifier),
  massNote: z.string(),
  results: z.record(z.enum(CHARGE_RESULTS), z.object({ text: z.string(), defender: SideEffects, attacker: SideEffects, sic: z.string().optional() })),
  open: ChargeTable,
  cover: ChargeTable,
  surrender: z.object({ die: dieSides, percentPerPip: z.number().positive().nullable(), note: z.string() }),
  cavalry: z.object({ rule: z.literal('CHG-CAV'), outwardRows: z.number().int().positive().nullable(), note: z.string(), mayStandOffInches: inches }),
  continue: z.object({ rule: z.literal('CHG-CONTINUE'), infantryLessThan: inches, cavalryLessThan: inches }),
  rideDown: z.object({
    rule: z.literal('CHG-RIDEDOWN'),
    infantryMeleeModifier: int,
    /** The "dotted line area" of each table, as a range of charge results; null = not legible. */
    area: z.object({ open: resultArea(inPack).nullable(), cover: resultArea(inPack).nullable() }),
    note: z.string(),
  }),
});

const MeleePack = z.object({ rule: z.literal('MEL-D10'), die: dieSides, note: z.string() });

const FireBand = z.object({
  band: z.enum(['close action', 'cannister', 'short ball', 'long', 'extreme']),
  min: inches.nullable(),
  max: inches.nullable(),
  /** The Effect, the modifier to the fire roll; "NE" is 0 with `printed: "NE"`; null = illegible. */
  effect: int.nullable(),
  printed: z.string().optional(),
  uncertain: z.string().optional(),
  note: z.string().optional(),
});
export type FireBand = z.infer<typeof FireBand>;
export const FIRE_ROWS = ['Half', '1', '2', '3', '4', '5', '6', '7', '8', '9'] as const;
export type FireRow = (typeof FIRE_ROWS)[number];

const Column = z.object({ label: z.string(), min: int.nullable(), max: int.nullable(), uncertain: z.string().optional() });

const FirePack = z
  .object({
    rule: z.literal('FIRE-TABLE'),
    die: dieSides,
    columns: z.array(Column).min(1).superRefine((cols, ctx) => checkBands(cols, ctx, true, false, inPack)),
    /** FIRE-TABLE.NOTES "Rolls modified to 0 ... NE" is partly illegible: what a roll below the last column does. */
    belowZero: z.enum(['no-effect', 'column-0']).nullable(),
    belowZeroNote: z.string(),
    rows: z.array(z.object({ row: z.enum(FIRE_ROWS), cells: z.array(int.nonnegative().nullable()), lastColumn: int.nullable(), uncertain: z.string().optional(), note: z.string().optional() })),
    rowNote: z.string(),
    blocks: z.array(z.object({ id: z.string(), title: z.string().nullable(), note: z.string(), bands: z.array(FireBand).min(1) })),
    neNote: z.string(),
    notes: z.array(z.string()),
  })
  .superRefine((f, ctx) => {
    f.rows.forEach((r, i) => {
      if (r.cells.length !== f.columns.length) ctx.addIssue({ code: 'custom', path: ['rows', i, 'cells'], message: `needs ${f.columns.length} cells, one a column (got ${r.cells.length})` });
    });
  });

/** A Fire Discipline cell as printed: "free", `N" fire`, `N" FF` or "FF". */
const disciplineText = (words: IssueWords) => z.string().regex(/^(free|FF|\d+(\.\d+)?" (fire|Fire|FF))$/, { message: words(say('charge.houseValue.discipline'), 'expected free, FF, N" fire or N" FF') });
export const DisciplineText = disciplineText(asPhrase);
/** null = illegible. */
const DisciplineCell = disciplineText(inPack).nullable();
export const DISCIPLINE_COLUMNS = ['normal', 'smoke', 'firefight'] as const;
export type DisciplineColumn = (typeof DISCIPLINE_COLUMNS)[number];

const FireDisciplinePack = z.object({
  rule: z.literal('FIRE-DISCIPLINE'),
  die: dieSides.nullable(),
  dieNote: z.string(),
  rows: z
    .array(z.object({ label: z.string(), min: int.nullable(), max: int.nullable(), normal: DisciplineCell, smoke: DisciplineCell, firefight: DisciplineCell, uncertain: z.string().optional(), note: z.string().optional() }))
    .min(1)
    .superRefine((rows, ctx) => checkBands(rows, ctx, true, true, inPack)),
  natural9ExtraAp: int.nonnegative(),
  natural10: z.object({ rerollDie: dieSides, ap: z.array(z.object({ min: int, max: int, ap: int.nonnegative() })).min(1) }),
  note: z.string(),
});

/** MOVE-ROLL cells a GM sets: a fraction of the rate, or NM (no movement). */
const MoveFraction = z.union([z.literal('NM'), z.number().nonnegative()]);
const moveTable = (words: IssueWords) =>
  z
    .object({
      columns: z.array(z.object({ min: int, max: int })).min(1),
      rows: z.object({ excellent: z.array(MoveFraction), average: z.array(MoveFraction) }),
    })
    .superRefine((t, ctx) => {
      for (const c of MOVE_CLASSES) {
        if (t.rows[c].length !== t.columns.length) ctx.addIssue({ code: 'custom', path: ['rows', c], message: words(say('charge.houseValue.cellsPerColumn', { count: String(t.columns.length) }), `needs ${t.columns.length} cells, one a column`) });
      }
    });
export const MoveTable = moveTable(asPhrase);
export type MoveTable = z.infer<typeof MoveTable>;

const MovementPack = z.object({
  roll: z.object({
    rule: z.literal('MOVE-ROLL'),
    die: dieSides.nullable(),
    noMovementOnNatural: int,
    table: moveTable(inPack).nullable(),
    printed: z.object({ excellent: z.array(z.string()), average: z.array(z.string()) }),
    note: z.string(),
  }),
  rates: z.object({
    rule: z.literal('MOVE-RATES'),
    footHorse: z.array(
      z.object({ arm: z.enum(ARMS), road: inches.nullable(), column: inches.nullable(), line: inches.nullable(), unassigned: z.array(z.string()), uncertain: z.string().optional() }),
    ),
    unassignedNote: z.string(),
    artillery: z.array(
      z.object({
        gun: z.enum(GUNS),
        road: inches,
        field: inches,
        limberMoveOrMoveUnlimber: inches,
        moveUnlimberFire: inches.nullable(),
        limberMoveUnlimberFire: inches.nullable(),
        prolong: inches,
        printed: z.record(z.string(), z.string()).optional(),
        ap: z.record(z.string(), int).optional(),
      }),
    ),
  }),
});

const ClassDicePack = z.object({ rule: z.literal('INIT-LOCAL'), dice: z.record(z.enum(CLASSES), dieSides.nullable()), note: z.string() });

export const LOCAL_RESULTS = ['AA', 'NA', 'none'] as const;
export type LocalResult = (typeof LOCAL_RESULTS)[number];
/** INIT-LOCAL's class table: bands highest first, a result per class. */
const localInitiativeTable = (words: IssueWords) =>
  z
    .array(z.object({ min: int.nullable(), max: int.nullable(), elite: z.enum(LOCAL_RESULTS), line: z.enum(LOCAL_RESULTS), conscript: z.enum(LOCAL_RESULTS) }))
    .min(1)
    .superRefine((rows, ctx) => checkBands(rows, ctx, true, true, words));
export const LocalInitiativeTable = localInitiativeTable(asPhrase);
export type LocalInitiativeTable = z.infer<typeof LocalInitiativeTable>;
const LocalInitiativePack = z.object({
  rule: z.literal('INIT-LOCAL'),
  uses: z.array(z.string()).min(1),
  modifiers: z.array(LocalInitModifier),
  results: z.record(z.enum(LOCAL_RESULTS), z.string()),
  /** Illegible in the source: the battle's house rule `local-initiative.table`. */
  table: localInitiativeTable(inPack).nullable(),
  note: z.string(),
});

/** A Skirmish Combat cell as printed: a code, with a bracketed number for some ("SH(20)"). */
export const SkirmishText = z.string().regex(/^[A-Za-z]+(\(\d+\))?$/);
const SkirmishPack = z
  .object({
    rule: z.literal('SKIRMISH'),
    columns: z.array(Column).min(1).superRefine((cols, ctx) => checkBands(cols, ctx, true, false, inPack)),
    rows: z.record(z.enum(CLASSES), z.array(SkirmishText).nullable()),
    unplaced: z.array(z.string()),
    note: z.string(),
  })
  .superRefine((s, ctx) => {
    for (const c of CLASSES) {
      const r = s.rows[c];
      if (r && r.length !== s.columns.length) ctx.addIssue({ code: 'custom', path: ['rows', c], message: `needs ${s.columns.length} cells, one a column` });
    }
  });

/** The charge pack: setup attributes (read by index.ts) plus every chart of CHG, MEL, FIRE, MOVE, INIT-LOCAL, SKIRMISH. */
export const ChargeRulesPack = PackBase.extend({
  charge: ChargePack,
  melee: MeleePack,
  fire: FirePack,
  fireDiscipline: FireDisciplinePack,
  movement: MovementPack,
  classDice: ClassDicePack,
  localInitiative: LocalInitiativePack,
  skirmish: SkirmishPack,
});
export type ChargeRulesPack = z.infer<typeof ChargeRulesPack>;
