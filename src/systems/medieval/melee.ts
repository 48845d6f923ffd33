import { packText } from './words.ts';
import { mention } from '../../messages.ts';
import { say, type Arg, type Text } from '../../i18n/text.ts';
import { refuse, ValueNeeded } from '../../rules/errors.ts';
import { rollKillDice, type KillDie, type PartDie } from './kill-dice.ts';
import { applyModifiers, droppedLines, modifierLine, neededScore, type AppliedModifier, type ModifierChoice } from './modifiers.ts';
import { ARMOUR, armourName, CLASSES, type Armour, type MedievalPack, type TroopClass } from './pack-schema.ts';
import { recorder, type Dice, type Outcome } from '../../rules/outcome.ts';

/**
 * Melee, MED-MELEE with MED-MELEE-MOD, MED-AUTOKILL and MED-PARTDICE. The score needed is the chart
 * cell for the weapon row, training grade and target armour; modifiers change it before rolling and
 * it is clamped to 2..10 (MED-MELEE-MOD.17). The chart has gaps (no E or M rows, no D row for
 * one-handed weapons, lances or cavalry pole-arms, no A/B for knives; lance rows are for charging
 * cavalry only): there the base score is never guessed. A gap the seed leaves is the GM's: a house
 * rule set once for the battle answers it where it can (`houseGrades`: the grade whose rows an M or
 * E class unit reads, MELEE_GRADE_HOUSE), else a GM gives the score at the melee (`chartScore`,
 * refused to a player); the working says which, and who.
 */

/** The house rules that answer the Melee Chart's missing M and E rows (MED-MELEE source note): the grade whose rows such a unit reads. */
export const MELEE_GRADE_HOUSE: Partial<Record<TroopClass, string>> = { M: 'melee.m-class', E: 'melee.e-class' };

/** A house rule in force that has a grade read the rows of another (MELEE_GRADE_HOUSE): its key, the grade it reads, how the working cites it. */
export interface GradeRule {
  key: string;
  grade: TroopClass;
  note: Text;
}

export interface MeleeDerived {
  /** Charging into contact: MED-MELEE-MOD.1, and the condition of the lance rows. */
  charging?: boolean;
  /** Failed its control test and not yet passed a retest: MED-MELEE-MOD.3. */
  impetuous?: boolean;
  /** Being pushed back: MED-MELEE-MOD.4. */
  pushedBack?: boolean;
  /** The unit's arm, the opponents' arm, order and hand weapon (MED-MELEE-MOD.5, .7, .8). */
  arm?: string;
  opponents?: { arm: string; order?: string; weapon?: string };
}

/** Formed infantry with these hand weapons make their opponents' score harder (MED-MELEE-MOD.5, .7). */
const LONG_WEAPONS: readonly string[] = ['pike', 'spear', 'halberd'];

/** What the umpire knows, as MED-MELEE-MOD rows. */
export function meleeDerivedModifiers(derived: MeleeDerived): ModifierChoice[] {
  const out: ModifierChoice[] = [];
  if (derived.charging) out.push({ id: 'MED-MELEE-MOD.1' });
  if (derived.impetuous) out.push({ id: 'MED-MELEE-MOD.3' });
  if (derived.pushedBack) out.push({ id: 'MED-MELEE-MOD.4' });
  const o = derived.opponents;
  // "FORMED INFANTRY armed with Pike, Spear or Halberd": infantry in close order.
  if (o && o.arm === 'infantry' && (o.order ?? 'close') === 'close' && o.weapon !== undefined && LONG_WEAPONS.includes(o.weapon)) {
    if (derived.arm === 'infantry') out.push({ id: 'MED-MELEE-MOD.5' });
    if (derived.arm === 'cavalry') out.push({ id: 'MED-MELEE-MOD.7' });
  }
  // Mounted infantry fight on horseback with the mounted rows, and +1 (MED-MELEE-MOD.8).
  if (derived.arm === 'mounted infantry') out.push({ id: 'MED-MELEE-MOD.8' });
  return out;
}

export interface MeleeOptions {
  autokill?: boolean;
  partDice?: boolean;
}

export interface MeleeInput {
  /** A hand weapon ("pike", "heavy lance") or a MED-MELEE row group id ("sword-spear-pike"). */
  weapon: string;
  /** Training grade, the row of the chart (the unit's class). */
  grade: TroopClass;
  /** Fighting on horseback: picks the cavalry pole-arm row over the infantry one. */
  mounted: boolean;
  /** Fighting figures (MED-MELEE.1). */
  figures: number;
  targetArmour: Armour;
  modifiers?: readonly ModifierChoice[];
  derived?: MeleeDerived;
  /** The base score where the chart has no cell for this weapon and grade: a GM's ruling; refused otherwise. */
  chartScore?: number;
  /** The option that gives `chartScore` ("attacker_score"), for the refusals. */
  scoreOption?: string;
  /** The house rules in force that answer a missing grade (MELEE_GRADE_HOUSE), by the grade they answer. */
  houseGrades?: Partial<Record<TroopClass, GradeRule>>;
  /** Who chose the modifiers, when the battle asks: a derived one is a player's claim (refused) or a GM's ruling. The chart score is a GM's only. */
  gm?: boolean;
  /** Who acts (a user id), named in the working of a GM's ruling. */
  by?: string;
  dice: Dice;
  pack: MedievalPack;
  options?: MeleeOptions;
}

export interface MeleeOutcome extends Outcome {
  rule: 'MED-MELEE';
  group: string | null;
  /** The chart cell (`house`: the rule that had the unit's grade read this row), or the GM's score where the chart has none (`by`: the GM). */
  cell: { id: string; grade: TroopClass; armour: Armour; score: number; house?: GradeRule & { for: TroopClass } } | { id: null; input: number; why: Text; by?: string };
  base: number;
  modifiers: AppliedModifier[];
  modified: number;
  needed: number;
  clamped: boolean;
  entitled: number;
  automaticKills: number;
  rolls: KillDie[];
  partDie?: PartDie;
  kills: number;
}

function meleeGroup(input: MeleeInput) {
  const groups = input.pack.melee.groups;
  const w = input.weapon.trim().toLowerCase();
  const byId = groups.find((g) => g.id === w);
  if (byId) return byId;
  const matches = groups.filter((g) => g.weapons.includes(w));
  if (matches.length === 0) return null;
  return matches.find((g) => g.mounted === null || g.mounted === input.mounted) ?? null;
}

/** What a side's melee reads before its dice: every refusal it can meet, so both sides are checked before either rolls (MED-MELEE). */
export type MeleePrepared = ReturnType<typeof prepareMelee>;

export function prepareMelee(input: MeleeInput) {
  const { pack, targetArmour, grade } = input;
  const melee = pack.melee;
  if (!Number.isInteger(input.figures) || input.figures < 1) refuse(say('medieval.melee.giveFigures', { got: String(input.figures) }));
  if (!ARMOUR.includes(targetArmour)) refuse(say('medieval.rules.armour', { armours: ARMOUR.join(', '), got: String(targetArmour), rule: 'MED-MELEE' }));
  if (!CLASSES.includes(grade)) refuse(say('medieval.melee.badGrade', { grades: CLASSES.join(', '), got: String(grade) }));
  const derived = input.derived ?? {};
  const steps: Text[] = [];

  const group = meleeGroup(input);
  // Why the chart gives no score: a phrase whose values `whyText` words, opening a sentence (`cap`) or not.
  let why: { key: string; values: Record<string, Arg> } | null = null;
  let row: MedievalPack['melee']['chart'][number] | undefined;
  // A grade the chart has no rows for at all (M, E) may read another's by the battle's house rule.
  const houseKey = MELEE_GRADE_HOUSE[grade];
  const ruled = input.houseGrades?.[grade];
  let byHouse: (GradeRule & { for: TroopClass }) | undefined;
  if (!group) why = { key: 'medieval.melee.whyNoRow', values: { weapon: input.weapon, mounted: input.mounted ? 'yes' : 'no' } };
  else if (group.charging && !derived.charging) why = { key: 'medieval.melee.whyCharging', values: { row: packText('meleeGroup', group.id, group.name) } };
  else {
    row = melee.chart.find((r) => r.group === group.id && r.grade === grade);
    if (!row && ruled) {
      row = melee.chart.find((r) => r.group === group.id && r.grade === ruled.grade);
      if (row) byHouse = { ...ruled, for: grade };
      else why = { key: 'medieval.melee.whyNoGradeHouse', values: { row: packText('meleeGroup', group.id, group.name), grade, ruled: ruled.grade, key: ruled.key, note: ruled.note } };
    } else if (!row) why = { key: 'medieval.melee.whyNoGrade', values: { row: packText('meleeGroup', group.id, group.name), grade } };
  }

  const whyText = (cap: boolean): Text => say(why!.key, { ...why!.values, cap: cap ? 'yes' : 'no' });
  const option: Text = input.scoreOption ?? say('medieval.melee.theScore');
  let cell: MeleeOutcome['cell'];
  if (row) {
    if (input.chartScore !== undefined) {
      refuse(
        byHouse
          ? say('medieval.melee.scoreByHouse', { option, grade, row: packText('meleeGroup', group!.id, group!.name), ruled: byHouse.grade, key: byHouse.key, note: byHouse.note, id: row.id })
          : say('medieval.melee.scoreOnChart', { id: row.id }),
      );
    }
    cell = { id: row.id, grade: row.grade, armour: targetArmour, score: row.scores[targetArmour], ...(byHouse ? { house: byHouse } : {}) };
    steps.push(
      byHouse
        ? say('medieval.melee.stepHouse', { row: packText('meleeGroup', group!.id, group!.name), grade, ruled: byHouse.grade, key: byHouse.key, note: byHouse.note, armour: armourName(targetArmour), score: String(cell.score), id: row.id })
        : say('medieval.melee.stepChart', { row: packText('meleeGroup', group!.id, group!.name), grade, armour: armourName(targetArmour), score: String(cell.score), id: row.id }),
    );
  } else {
    // The seed leaves this cell open: the GM's value, never a player's (or a house rule's, set once for the battle).
    const house = { house: houseKey && !ruled ? 'yes' : 'no', key: houseKey ?? '', grade };
    const s = input.chartScore;
    if (s === undefined) throw new ValueNeeded(say('medieval.melee.scoreNeeded', { why: whyText(true), option, ...house }), say('medieval.rules.gmsOption', { option }));
    if (input.gm === false) throw new ValueNeeded(say('medieval.melee.scoreNotPlayers', { why: whyText(false), option, ...house }), say('medieval.rules.gmsOption', { option }));
    if (!Number.isInteger(s) || s < 1 || s > 10) refuse(say('medieval.rules.scoreRange', { option, got: String(s), rule: 'MED-MELEE' }));
    cell = { id: null, input: s, why: whyText(false), ...(input.by ? { by: input.by } : {}) };
    steps.push(say('medieval.melee.stepGm', { hasBy: input.by ? 'yes' : 'no', by: input.by ? mention(input.by) : '', why: whyText(false), score: String(s) }));
  }
  const base = cell.id === null ? cell.input : cell.score;

  const modifiers = applyModifiers(melee.modifiers, input.modifiers ?? [], meleeDerivedModifiers(derived), 'MED-MELEE-MOD', input.gm === undefined ? undefined : { gm: input.gm });
  for (const m of modifiers) steps.push(modifierLine(m));
  steps.push(...droppedLines(melee.modifiers, input.modifiers ?? []));
  const { modified, needed, clamped, step } = neededScore(base, modifiers, melee.clamp);
  steps.push(step);
  return { group, cell, base, modifiers, modified, needed, clamped, steps };
}

export function resolveMelee(input: MeleeInput, prepared: MeleePrepared = prepareMelee(input)): MeleeOutcome {
  const { pack } = input;
  const melee = pack.melee;
  const { group, cell, base, modifiers, modified, needed, clamped } = prepared;
  const steps = [...prepared.steps];
  const rec = recorder(input.dice);
  const k = rollKillDice({ figures: input.figures, perDie: melee.figuresPerDie, needed, partDice: input.options?.partDice ?? false, autokill: input.options?.autokill ?? false, pack, rec });
  steps.push(...k.steps);
  return {
    rule: 'MED-MELEE',
    group: group?.id ?? null,
    cell,
    base,
    modifiers,
    modified,
    needed,
    clamped,
    entitled: k.entitled,
    automaticKills: k.automaticKills,
    rolls: k.rolls,
    ...(k.partDie ? { partDie: k.partDie } : {}),
    kills: k.kills,
    dice: rec.rolled,
    steps,
  };
}
