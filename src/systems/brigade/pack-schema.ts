import { z } from 'zod';
import { PackBase } from '../../rules/pack.ts';
import { say } from '../../i18n/text.ts';
import { phraseError } from '../../rules/issue-text.ts';

/**
 * The zod schema of the brigade pack (docs/rules/brigade.md, BRG-x): every value the source
 * prints, as data. The source leaves much to "the current rulebook" (the Army Morale Table, the
 * Fallen Leader table, how a morale test is rolled, the infantry retreat distance...): those settings
 * are null in the pack, which is install-wide. A value a group chooses is a house rule of one battle
 * (house.ts, checked by the parts below); until one is set, the resolvers take the GM's value as an
 * input instead of guessing.
 */

export const ARMS = ['infantry', 'cavalry', 'skirmishers', 'elephants'] as const;
export type Arm = (typeof ARMS)[number];
export const MELEE_DICE = ['0', '1D3', '1D6'] as const;
export type MeleeDie = (typeof MELEE_DICE)[number];
export const LEADER_KINDS = ['army-commander', 'sub-general', 'brigade-commander'] as const;
export type LeaderKind = (typeof LEADER_KINDS)[number];
export const ROUNDINGS = ['down', 'up', 'nearest'] as const;
export type Rounding = (typeof ROUNDINGS)[number];

/** A printed distance: inches with centimetres in brackets; null where the source prints none. */
const Distance = z.object({ in: z.number().positive(), cm: z.number().positive().nullable() });
export type Distance = z.infer<typeof Distance>;
const ruleId = z.string().regex(/^BRG-\d+(\.\d+)*$/);

/** Faces of a die of `die` sides that give a result (break the bayonets, become uncontrolled): a house rule. */
export const Faces = (die: number) =>
  z
    .array(z.number().int().min(1).max(die))
    .min(1)
    .refine((fs) => new Set(fs).size === fs.length, { error: phraseError(say('brigade.houseValue.faceTwice')) });

/** One cell of an Army Morale Table: with `broken` of `formed` brigades broken, the army tests against `number`. */
const ArmyMoraleCell = z
  .object({ formed: z.number().int().positive(), broken: z.number().int().positive(), number: z.number().int().min(0) })
  .refine((c) => c.broken <= c.formed, { error: phraseError(say('brigade.houseValue.brokenAtMostFormed')) });
export type ArmyMoraleCell = z.infer<typeof ArmyMoraleCell>;

/** An Army Morale Table (BRG-4.2), not in the source: a house rule, one cell per pair of formed and broken brigades. */
export const ArmyMoraleTable = z
  .array(ArmyMoraleCell)
  .min(1)
  .refine((cells) => new Set(cells.map((c) => `${c.formed}/${c.broken}`)).size === cells.length, { error: phraseError(say('brigade.houseValue.pairTwice')) });

/** A value the source leaves open: always null in the pack; a battle's house rule holds it (house.ts). */
const open = z.null({ error: 'the source leaves this open, so the install-wide pack keeps it null: a GM sets it per battle with /house set (src/systems/brigade/house.ts)' });

export const BrigadePack = PackBase.extend({
  initiative: z.object({ rules: z.array(ruleId), die: z.number().int().min(2), onTie: open, note: z.string() }),
  leaders: z.object({
    rule: z.literal('BRG-1.2'),
    replacedAfterTurns: z.array(z.object({ id: ruleId, kind: z.enum(LEADER_KINDS), turns: z.number().int().positive(), text: z.string() })),
    /** BRG-2.2.3, BRG-3.3.5: not in the source. */
    fallenLeaderTable: z.null(),
    note: z.string(),
  }),
  outOfCommand: z.object({
    rule: z.literal('BRG-1.3'),
    battalionToBrigadier: Distance.extend({ id: ruleId }),
    brigadierToSubGeneral: Distance.extend({ id: ruleId }),
    /** What being out of command does: not in the source. */
    effects: z.null(),
  }),
  moraleTest: z.object({
    rules: z.array(ruleId),
    /** How a morale test is rolled: not in the source, so its result is an input. */
    procedure: z.null(),
    oncePer: z.literal('phase'),
    oncePerExceptions: z.array(z.string()),
    note: z.string(),
  }),
  closeCombat: z.object({ rule: z.literal('BRG-3.1.1'), range: Distance }),
  charge: z.object({
    rule: z.literal('BRG-3.2.2'),
    range: z.object({ infantry: Distance, cavalry: Distance }),
    actions: z.array(z.enum(['charge', 'change-formation', 'change-facing', 'evade', 'tap-out'])),
    evadeArms: z.array(z.enum(ARMS)),
  }),
  breakBayonets: z.object({ rules: z.array(ruleId), die: z.number().int().min(2), breaksOn: open, note: z.string() }),
  melee: z.object({
    rules: z.array(ruleId),
    /** Sides of each melee die; 0 = no die. */
    dice: z.object({ '0': z.literal(0), '1D3': z.number().int().min(2), '1D6': z.number().int().min(2) }),
    averageRounding: open,
    /** Equal melee strengths: not in the source. */
    onTie: open,
    casualtiesPerUnit: z.number().int().min(0),
    /** How an uneven split of the loser's extra casualties is assigned: not in the source. */
    unevenSplit: z.null(),
    note: z.string(),
  }),
  retreat: z.object({
    rule: z.literal('BRG-3.3.4'),
    /** The infantry distance is illegible in the source. */
    distance: z.object({ infantry: open, cavalry: Distance.nullable() }),
    note: z.string(),
  }),
  exploitation: z.object({
    rules: z.array(ruleId),
    moves: z.object({ infantry: z.number().int().min(0), cavalry: z.number().int().min(0) }),
    actions: z.array(z.enum(['charge', 'consolidate', 'tap-out'])),
    uncontrolled: z.object({ rule: z.literal('BRG-3.4.3.1'), die: z.number().int().min(2), uncontrolledOn: open, note: z.string() }),
  }),
  armyMorale: z.object({
    rules: z.array(ruleId),
    everyNthTurn: z.number().int().positive(),
    die: z.number().int().min(2),
    /** The Army Morale Table "in the current rulebook". */
    table: open,
    note: z.string(),
  }),
});
export type BrigadePack = z.infer<typeof BrigadePack>;
