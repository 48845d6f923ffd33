import { z } from 'zod';
import { PackBase } from '../../rules/pack.ts';

/**
 * The zod schema of the brigade pack (shared/rules/brigade-phases.md, BRG-x): every value the source
 * prints, as data. The source leaves much to "the current rulebook" (the Army Morale Table, the
 * Fallen Leader table, how a morale test is rolled, the infantry retreat distance...): those settings
 * are null in the shipped pack, and the resolvers then take the GM's value as an input instead of
 * guessing. A GM's house-ruled copy may fill them.
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
const face = z.number().int().min(1);

/** A house rule for a tied initiative or melee; null (shipped) = the source gives none, the GM rules. */
const TieRule = z.literal('roll-again').nullable();

/** One cell of an Army Morale Table: with `broken` of `formed` brigades broken, the army tests against `number`. */
const ArmyMoraleCell = z.object({ formed: z.number().int().positive(), broken: z.number().int().positive(), number: z.number().int().min(0) });
export type ArmyMoraleCell = z.infer<typeof ArmyMoraleCell>;

export const BrigadePack = PackBase.extend({
  initiative: z.object({ rules: z.array(ruleId), die: z.number().int().min(2), onTie: TieRule, note: z.string() }),
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
  breakBayonets: z.object({ rules: z.array(ruleId), die: z.number().int().min(2), breaksOn: z.array(face).nullable(), note: z.string() }),
  melee: z.object({
    rules: z.array(ruleId),
    /** Sides of each melee die; 0 = no die. */
    dice: z.object({ '0': z.literal(0), '1D3': z.number().int().min(2), '1D6': z.number().int().min(2) }),
    averageRounding: z.enum(ROUNDINGS).nullable(),
    /** Equal melee strengths: not in the source, so the GM rules (`meleeResults` with the loser). */
    onTie: z.null(),
    casualtiesPerUnit: z.number().int().min(0),
    /** How an uneven split of the loser's extra casualties is assigned: not in the source. */
    unevenSplit: z.null(),
    note: z.string(),
  }),
  retreat: z.object({
    rule: z.literal('BRG-3.3.4'),
    distance: z.object({ infantry: Distance.nullable(), cavalry: Distance.nullable() }),
    note: z.string(),
  }),
  exploitation: z.object({
    rules: z.array(ruleId),
    moves: z.object({ infantry: z.number().int().min(0), cavalry: z.number().int().min(0) }),
    actions: z.array(z.enum(['charge', 'consolidate', 'tap-out'])),
    uncontrolled: z.object({ rule: z.literal('BRG-3.4.3.1'), die: z.number().int().min(2), uncontrolledOn: z.array(face).nullable(), note: z.string() }),
  }),
  armyMorale: z.object({
    rules: z.array(ruleId),
    everyNthTurn: z.number().int().positive(),
    die: z.number().int().min(2),
    /** The Army Morale Table "in the current rulebook": null in the shipped pack. */
    table: z.array(ArmyMoraleCell).nullable(),
    note: z.string(),
  }),
});
export type BrigadePack = z.infer<typeof BrigadePack>;
