import { refuse } from '../../rules/errors.ts';
import { rollKillDice, type KillDie, type PartDie } from './kill-dice.ts';
import { applyModifiers, droppedLines, modifierLine, neededScore, type AppliedModifier, type ModifierChoice } from './modifiers.ts';
import { ARMOUR, CLASSES, type Armour, type MedievalPack, type TroopClass } from './pack-schema.ts';
import { recorder, type Dice, type Outcome } from '../../rules/outcome.ts';

/**
 * Melee, MED-MELEE with MED-MELEE-MOD, MED-AUTOKILL and MED-PARTDICE. The score needed is the chart
 * cell for the weapon row, training grade and target armour; modifiers change it before rolling and
 * it is clamped to 2..10 (MED-MELEE-MOD.17). The chart has gaps (no E or M rows, no D row for
 * one-handed weapons, lances or cavalry pole-arms, no A/B for knives; lance rows are for charging
 * cavalry only): there the base score is an input (`chartScore`), never guessed.
 */

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
  /** The base score where the chart has no cell for this weapon and grade; refused otherwise. */
  chartScore?: number;
  /** Who chose the modifiers, when the battle asks: a derived one is a player's claim (refused) or a GM's ruling. */
  gm?: boolean;
  dice: Dice;
  pack: MedievalPack;
  options?: MeleeOptions;
}

export interface MeleeOutcome extends Outcome {
  rule: 'MED-MELEE';
  group: string | null;
  cell: { id: string; grade: TroopClass; armour: Armour; score: number } | { id: null; input: number; why: string };
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
  if (!Number.isInteger(input.figures) || input.figures < 1) refuse(`Give the number of figures fighting, 1 or more (got ${input.figures}) (MED-MELEE.1).`);
  if (!ARMOUR.includes(targetArmour)) refuse(`The target armour must be one of ${ARMOUR.join(', ')} (got "${targetArmour}") (MED-MELEE).`);
  if (!CLASSES.includes(grade)) refuse(`The training grade must be one of ${CLASSES.join(', ')} (got "${grade}") (MED-MELEE).`);
  const derived = input.derived ?? {};
  const steps: string[] = [];

  const group = meleeGroup(input);
  let why: string | null = null;
  let row: MedievalPack['melee']['chart'][number] | undefined;
  if (!group) why = `the Melee Chart has no row for ${input.weapon}${input.mounted ? ' on horseback' : ' on foot'}`;
  else if (group.charging && !derived.charging) why = `the ${group.name} row is for charging cavalry only`;
  else {
    row = melee.chart.find((r) => r.group === group.id && r.grade === grade);
    if (!row) why = `the ${group.name} rows have no grade ${grade} (MED-MELEE source note)`;
  }

  let cell: MeleeOutcome['cell'];
  if (row) {
    if (input.chartScore !== undefined) refuse(`The Melee Chart gives ${row.id} for this weapon and grade; the score needed cannot be given.`);
    cell = { id: row.id, grade, armour: targetArmour, score: row.scores[targetArmour] };
    steps.push(`${group!.name}, grade ${grade}, against ${targetArmour} armour: ${cell.score}+ (${row.id}).`);
  } else {
    const s = input.chartScore;
    if (s === undefined || !Number.isInteger(s) || s < 1 || s > 10) refuse(`${why!}; give the score needed before modifiers, 1 to 10 (MED-MELEE).`);
    cell = { id: null, input: s, why: why! };
    steps.push(`${why![0]!.toUpperCase()}${why!.slice(1)}; score needed given as ${s}+.`);
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
