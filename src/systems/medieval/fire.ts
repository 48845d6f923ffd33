import { armText, packText, rowText, weaponText } from './words.ts';
import { mention } from '../../messages.ts';
import { either, say, type Text } from '../../i18n/text.ts';
import { refuse, ValueNeeded } from '../../rules/errors.ts';
import { rollKillDice, type KillDie, type PartDie } from './kill-dice.ts';
import { applyModifiers, droppedLines, modifierLine, neededScore, type AppliedModifier, type ModifierChoice } from './modifiers.ts';
import { ARMOUR, armourName, BANDS, type Armour, type MedievalPack, type RangeBand, type TroopClass } from './pack-schema.ts';
import { bandName, rangeRow } from './range.ts';
import { recorder, type Dice, type Outcome, type Recorder } from '../../rules/outcome.ts';

/**
 * Firing, MED-FIRE with MED-FIRE-MOD, MED-PARTDICE and the artillery saving throw (MED-RANGE.9).
 * The score needed is the chart cell for the weapon's group, range band and target armour; the
 * modifiers change it before rolling and the final score is clamped to 2..10 (MED-FIRE-MOD.23).
 * Musket, caliver and pistol have ranges but no chart row (MED-FIRE source note): their base score
 * is never guessed, and a gap the seed leaves is the GM's: the row a house rule names (`houseRow`,
 * set once for the battle), else a GM's score at the fire (`chartScore`, refused to a player). Artillery rolls one d10 per gun model (MED-FIRE.1):
 * `figures` is then the number of guns and part dice do not arise.
 */

/** What the umpire knows from the log and the unit, turned into MED-FIRE-MOD rows. */
export interface FireDerived {
  /** The firing unit's class: MED-FIRE-MOD.1, .3, .4, .6, .7 (M counts with C). */
  firerClass?: TroopClass;
  /** The firing unit's arm: MED-FIRE-MOD.11 is for infantry. */
  firerArm?: string;
  /** This volley's number in an unbroken run of volleys: 4 or more is MED-FIRE-MOD.8 (bowmen). */
  consecutiveVolley?: number;
  /** The unit's first artillery or firearm shot of the day: MED-FIRE-MOD.21 (gunpowder weapons). */
  firstGunpowderShot?: boolean;
  /** The firer was fired on this move or last: MED-FIRE-MOD.9. */
  firerUnderFire?: boolean;
  /** The target moved this move or last: MED-FIRE-MOD.10. */
  targetMoving?: boolean;
  /** The target's arm, order and formation as the roster has them: MED-FIRE-MOD.12, .13, .15, .19. */
  target?: { arm: string; order?: string; formation?: string };
  /** Rain or snow as the GM recorded the weather: light MED-FIRE-MOD.18, heavy .20. */
  rain?: 'none' | 'light' | 'heavy';
}

export interface FireOptions {
  partDice?: boolean;
  /** Accepted so battle options pass straight through; automatic kills are for melee only (MED-AUTOKILL.1). */
  autokill?: boolean;
}

export interface FireInput {
  /** A weapon of the Firing Ranges Chart, e.g. "longbow", "medium field artillery". */
  weapon: string;
  /** Firing figures, or gun models for artillery (MED-FIRE.1). */
  figures: number;
  band: RangeBand;
  targetArmour: Armour;
  /** Modifiers the players chose, by MED-FIRE-MOD id. */
  modifiers?: readonly ModifierChoice[];
  derived?: FireDerived;
  /** The base score for a weapon with no MED-FIRE row (musket, caliver, pistol), a GM's ruling; refused otherwise. */
  chartScore?: number;
  /** For a weapon with no MED-FIRE row: the group whose rows it reads, by the battle's house rule `key` (`note` cites it). */
  houseRow?: { key: string; group: string; note: Text };
  /** Who chose the modifiers, when the battle asks: a derived one is a player's claim (refused) or a GM's ruling. The chart score is a GM's only. */
  gm?: boolean;
  /** Who acts (a user id), named in the working of a GM's ruling. */
  by?: string;
  dice: Dice;
  pack: MedievalPack;
  options?: FireOptions;
}

export interface GunThrow {
  gun: number;
  first: number;
  reroll?: number;
  /** ok: no effect given for 2-10 on the first roll; misfire: can't re-fire until next turn. */
  result: 'ok' | 'misfire' | 'explodes';
}

export interface FireOutcome extends Outcome {
  rule: 'MED-FIRE';
  weapon: string;
  group: string | null;
  /** The chart cell used, or the input base score for a weapon with no row. */
  /** The chart cell, or the GM's score for a weapon without a row (`by`: the GM). */
  cell: { id: string; band: RangeBand; armour: Armour; score: number } | { id: null; input: number; by?: string };
  base: number;
  modifiers: AppliedModifier[];
  modified: number;
  needed: number;
  clamped: boolean;
  entitled: number;
  rolls: KillDie[];
  partDie?: PartDie;
  kills: number;
  /** MED-RANGE.9-10, artillery only: one saving throw per gun. */
  artillery?: { rule: 'MED-RANGE.9'; throws: GunThrow[]; explosionDistance: { '25mm': number; '15mm': number } };
}

const CLASS_MOD = 'MED-FIRE-MOD.';

export function fireDerivedModifiers(weapon: string, derived: FireDerived, pack: MedievalPack): ModifierChoice[] {
  const out: ModifierChoice[] = [];
  const fire = pack.fire;
  if (derived.firerClass) {
    const cls = derived.firerClass;
    const row = fire.modifiers.find((m) => m.derivable && m.classes?.includes(cls));
    if (row) out.push({ id: row.id });
  }
  if (derived.firerUnderFire) out.push({ id: `${CLASS_MOD}9` });
  if (derived.targetMoving) out.push({ id: `${CLASS_MOD}10` });
  if ((derived.consecutiveVolley ?? 0) >= 4 && fire.bowmen.includes(weapon)) out.push({ id: `${CLASS_MOD}8` });
  if (derived.firstGunpowderShot && fire.gunpowder.includes(weapon)) out.push({ id: `${CLASS_MOD}21` });
  if (derived.rain === 'light') out.push({ id: `${CLASS_MOD}18` });
  if (derived.rain === 'heavy') out.push({ id: `${CLASS_MOD}20` });
  const t = derived.target;
  if (t) {
    const guns = t.arm === 'artillery';
    if (t.order === 'skirmish' || (guns && t.formation === 'deployed')) out.push({ id: `${CLASS_MOD}12` });
    if ((guns && t.formation === 'limbered') || t.arm === 'wagons') out.push({ id: `${CLASS_MOD}13` });
    if (t.arm === 'infantry' && t.order === 'loose') out.push({ id: `${CLASS_MOD}15` });
    if (t.formation === 'column' || (t.arm === 'infantry' && t.formation === 'schiltron')) out.push({ id: `${CLASS_MOD}19` });
  }
  return out;
}

/** MED-RANGE.9: a d10 per gun; a 1 is re-rolled, 1-3 on the re-roll explodes, 4-10 misfires. */
export function artillerySavingThrows(guns: number, rec: Recorder, pack: MedievalPack): { throws: GunThrow[]; steps: Text[] } {
  const m = pack.range.misfire;
  const throws: GunThrow[] = [];
  const steps: Text[] = [];
  for (let gun = 1; gun <= guns; gun++) {
    const first = rec.roll(m.die);
    if (!m.chanceOn.includes(first)) {
      throws.push({ gun, first, result: 'ok' });
      steps.push(say('medieval.fire.gunSaved', { gun: String(gun), first: String(first) }));
      continue;
    }
    const reroll = rec.roll(m.die);
    const result = m.explodeOn.includes(reroll) ? 'explodes' : 'misfire';
    throws.push({ gun, first, reroll, result });
    steps.push(say('medieval.fire.gunRerolled', { gun: String(gun), first: String(first), reroll: String(reroll), explodes: result === 'explodes' ? 'yes' : 'no' }));
  }
  return { throws, steps };
}

export function resolveFire(input: FireInput): FireOutcome {
  const { pack, band, targetArmour } = input;
  const fire = pack.fire;
  const rangeEntry = rangeRow(input.weapon, pack);
  const weapon = input.weapon.trim().toLowerCase();
  if (!Number.isInteger(input.figures) || input.figures < 1) refuse(say('medieval.fire.giveFigures', { what: rangeEntry.artillery ? 'guns' : 'figures', got: String(input.figures) }));
  if (!BANDS.includes(band)) refuse(say('medieval.fire.bandMustBe', { got: String(band) }));
  if (!ARMOUR.includes(targetArmour)) refuse(say('medieval.rules.armour', { armours: ARMOUR.join(', '), got: String(targetArmour), rule: 'MED-FIRE' }));

  const steps: Text[] = [];
  const own = fire.groups.find((g) => g.weapons.includes(weapon));
  // MED-FIRE source note: musket, caliver and pistol have no row; a house rule names the row they read.
  const ruled = own ? undefined : input.houseRow;
  const group = own ?? (ruled ? (fire.groups.find((g) => g.id === ruled.group) ?? refuse(say('medieval.fire.houseNotARow', { key: ruled.key, group: ruled.group }))) : null);
  let cell: FireOutcome['cell'];
  if (group) {
    if (input.chartScore !== undefined) refuse(ruled ? say('medieval.fire.scoreByHouse', { weapon: weaponText(weapon), row: packText('fireGroup', group.id, group.name), key: ruled.key, note: ruled.note }) : say('medieval.fire.scoreOnChart', { weapon }));
    const row = fire.chart.find((r) => r.group === group.id && r.band === band);
    if (!row) throw new Error(`pack MED-FIRE has no ${band} row for ${group.id}`);
    cell = { id: row.id, band, armour: targetArmour, score: row.scores[targetArmour] };
    steps.push(
      ruled
        ? say('medieval.fire.stepHouseRow', { weapon: weaponText(weapon), row: packText('fireGroup', group.id, group.name), key: ruled.key, note: ruled.note, band: bandName(band), armour: armourName(targetArmour), score: String(cell.score), id: row.id })
        : say('medieval.fire.stepChart', { row: packText('fireGroup', group.id, group.name), band: bandName(band), armour: armourName(targetArmour), score: String(cell.score), id: row.id }),
    );
  } else {
    // The seed leaves this score open: the GM's value, never a player's (or the row a house rule names, set once).
    const s = input.chartScore;
    const gap = { weapon, ranges: rangeEntry.id };
    if (s === undefined) throw new ValueNeeded(say('medieval.fire.scoreNeeded', gap), say('medieval.rules.gmsOption', { option: 'score' }));
    if (input.gm === false) throw new ValueNeeded(say('medieval.fire.scoreNotPlayers', gap), say('medieval.rules.gmsOption', { option: 'score' }));
    if (!Number.isInteger(s) || s < 1 || s > 10) refuse(say('medieval.rules.scoreRange', { option: 'score', got: String(s), rule: 'MED-FIRE' }));
    cell = { id: null, input: s, ...(input.by ? { by: input.by } : {}) };
    steps.push(say('medieval.fire.stepGm', { hasBy: input.by ? 'yes' : 'no', by: input.by ? mention(input.by) : '', weapon, score: String(s) }));
  }
  const base = cell.id === null ? cell.input : cell.score;

  const chosen = input.modifiers ?? [];
  for (const c of chosen) {
    const row = fire.modifiers.find((m) => m.id === c.id);
    if (row?.weapons === 'non-gunpowder' && fire.gunpowder.includes(weapon)) refuse(say('medieval.fire.modFor', { id: row.id, text: rowText('modifier', row), weapon: weaponText(weapon), weapons: 'nonGunpowder' }));
    if (row?.weapons === 'gunpowder' && !fire.gunpowder.includes(weapon)) refuse(say('medieval.fire.modFor', { id: row.id, text: rowText('modifier', row), weapon: weaponText(weapon), weapons: 'gunpowder' }));
    if (row?.weapons === 'bowmen' && !fire.bowmen.includes(weapon)) refuse(say('medieval.fire.modFor', { id: row.id, text: rowText('modifier', row), weapon: weaponText(weapon), weapons: 'bowmen' }));
    if (row?.weapons === 'crossbow-or-firearm' && !fire.crossbowsAndFirearms.includes(weapon)) refuse(say('medieval.fire.modFor', { id: row.id, text: rowText('modifier', row), weapon: weaponText(weapon), weapons: 'crossbowOrFirearm' }));
    const arm = input.derived?.firerArm;
    if (row?.arms && !c.exclude && arm !== undefined && !row.arms.includes(arm)) refuse(say('medieval.fire.modForArms', { id: row.id, text: rowText('modifier', row), arms: either(row.arms.map(armText)), arm: armText(arm) }));
  }
  const modifiers = applyModifiers(fire.modifiers, chosen, fireDerivedModifiers(weapon, input.derived ?? {}, pack), 'MED-FIRE-MOD', input.gm === undefined ? undefined : { gm: input.gm });
  for (const m of modifiers) steps.push(modifierLine(m));
  steps.push(...droppedLines(fire.modifiers, chosen));
  const { modified, needed, clamped, step } = neededScore(base, modifiers, fire.clamp);
  steps.push(step);

  const rec = recorder(input.dice);
  if (input.options?.autokill) steps.push(say('medieval.fire.stepNoAutokill'));
  const artilleryFire = rangeEntry.artillery;
  const killDice = rollKillDice({
    figures: input.figures,
    perDie: artilleryFire ? 1 : fire.figuresPerDie,
    needed,
    partDice: !artilleryFire && (input.options?.partDice ?? false),
    autokill: false,
    pack,
    rec,
  });
  if (artilleryFire) killDice.steps[0] = say('medieval.fire.stepGunDice', { n: input.figures, dice: String(input.figures) });
  steps.push(...killDice.steps);

  let artillery: FireOutcome['artillery'];
  let kills = killDice.kills;
  if (artilleryFire) {
    const st = artillerySavingThrows(input.figures, rec, pack);
    steps.push(...st.steps);
    // MED-RANGE.9: a gun that misfires or explodes has not fired; its kill die (one a gun) does not count.
    const lost = st.throws.filter((t) => t.result !== 'ok' && killDice.rolls[t.gun - 1]?.kill);
    if (lost.length) {
      kills -= lost.length;
      const guns = lost.map((t) => t.gun).join(', ');
      steps.push(say('medieval.fire.stepLostDice', { n: lost.length, guns, kills: String(kills) }));
    }
    const d = pack.range.explosionDistance;
    artillery = { rule: 'MED-RANGE.9', throws: st.throws, explosionDistance: { '25mm': d['25mm'].in, '15mm': d['15mm'].in } };
    if (st.throws.some((t) => t.result === 'explodes')) steps.push(say('medieval.fire.stepExplosion', { d25: String(d['25mm'].in), d15: String(d['15mm'].in) }));
  }

  return {
    rule: 'MED-FIRE',
    weapon,
    group: group?.id ?? null,
    cell,
    base,
    modifiers,
    modified,
    needed,
    clamped,
    entitled: killDice.entitled,
    rolls: killDice.rolls,
    ...(killDice.partDie ? { partDie: killDice.partDie } : {}),
    kills,
    ...(artillery ? { artillery } : {}),
    dice: rec.rolled,
    steps,
  };
}
