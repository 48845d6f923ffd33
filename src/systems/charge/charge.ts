import { refuse } from '../../rules/errors.ts';
import { bandLabel, findBand } from './bands.ts';
import { continuationFor, rideDownFor, type Continuation, type RideDownChance } from './follow-up.ts';
import type { Dice } from '../../rules/outcome.ts';
import { applyRows, modifierLine, sumModifiers, type AppliedModifier, type Wanted } from './modifiers.ts';
import { recorder, signed, type Outcome, type Recorder } from '../../rules/outcome.ts';
import { ARMS, CHARGE_RESULTS, FORMATIONS, type AttackerKey, type ChargeResult, type ChargeRulesPack, type ChargeTableRow, type DefenderKey, type SideEffects } from './pack-schema.ts';
import { cap, checkDie, fromWord, sourced, type Sourced } from './sourced.ts';
import { isCavalry, type ChargeUnit, type ChargingUnit } from './unit.ts';

/**
 * A charge, CHG-ROLL: attacker and defender each roll the charge die and add their modifiers
 * (CHG-ATT-MOD, CHG-DEF-MOD); the defender's modified roll is subtracted from the attacker's and
 * the difference read on CHG-OPEN or CHG-COVER. Then CHG-CAV (cavalry does not firefight), the
 * surrender roll of 11+ / -12+, and what may follow: CHG-CONTINUE and CHG-RIDEDOWN.
 * Lost in the source and so never guessed: the die (pack `charge.die`, or `gm.die`), the criterion
 * between the two tables (`table`, a choice), CHG-OPEN 0 and CHG-COVER 5 to 0 (pack rows, or
 * `gm.rows`), how far CHG-CAV shifts outward (pack `charge.cavalry.outwardRows`, or
 * `gm.cavalryOutwardRows`), and the values of CHG-ATT-MOD.2, .6 (NA), .16, .18 (`gm.values`).
 */

/** What the players see or measure on the table for the attacker (CHG-ATT-MOD rows marked `table`). */
export interface AttackerChoices {
  /** CHG-ATT-MOD.2 "CW difference, ea.": how many. */
  cwDifference?: number;
  standingCav?: boolean;
  chargeDownhill?: boolean;
  /** CHG-ATT-MOD.14: "General" is not a formation the roster has. */
  cavVsGeneral?: boolean;
  leaderAttached?: boolean;
  chargingFlank?: boolean;
  chargingRear?: boolean;
}

/** The same for the defender (CHG-DEF-MOD rows marked `table`). */
export interface DefenderChoices {
  /** CHG-DEF-MOD.8, each secure flank: 0 to 2. */
  secureFlanks?: number;
  generalOrder?: boolean;
  cover?: 'light' | 'medium' | 'heavy';
}

/** What only a GM can give: values the source lost. */
export interface ChargeGmInput {
  /** The charge die's sides, when the pack has none (CHG-ROLL). */
  die?: number;
  values?: { attacker?: Partial<Record<AttackerKey, number>>; defender?: Partial<Record<DefenderKey, number>> };
  /** Results for table rows the OCR lost, by row id: `{ 'CHG-OPEN.7': 'melee' }`. */
  rows?: Readonly<Record<string, ChargeResult>>;
  /** CHG-CAV: rows a firefight shifts outward, when the pack has none. */
  cavalryOutwardRows?: number;
  /** CHG-RIDEDOWN: the dotted line area of the table used, when the pack has none. */
  rideDownArea?: { min: number; max: number };
  /** The percentage each pip of the surrender d10 counts, when the pack has none. */
  surrenderPercentPerPip?: number;
}

export interface ChargeInput {
  attacker: ChargingUnit;
  defender: ChargeUnit;
  /** CHG-OPEN or CHG-COVER: the source does not say which applies when, so the players name it. */
  table: 'open' | 'cover';
  attackerChoices?: AttackerChoices;
  defenderChoices?: DefenderChoices;
  gm?: ChargeGmInput;
  dice: Dice;
  pack: ChargeRulesPack;
}

export interface ChargeSideRoll {
  unit: string;
  roll: number;
  modifiers: AppliedModifier[];
  total: number;
}

export interface ChargeCell {
  rule: 'CHG-OPEN' | 'CHG-COVER';
  id: string;
  label: string;
  result: ChargeResult;
  /** The pack's row, or the GM's result for a row the OCR lost. */
  from: 'pack' | 'gm';
  uncertain?: string;
}

/** One side's effects, as the battle applies them; `surrender` replaces the pack's `surrenderRoll`. */
export type AppliedEffects = Omit<SideEffects, 'surrenderRoll'> & {
  surrender?: { rule: string; roll: number; percent: number; percentPerPip: Sourced<number> };
};

export interface ChargeOutcome extends Outcome {
  rule: 'CHG-ROLL';
  die: Sourced<number>;
  attacker: ChargeSideRoll;
  defender: ChargeSideRoll;
  /** Attacker's modified roll minus the defender's. */
  difference: number;
  /** The row the difference fell on. */
  read: ChargeCell;
  /** CHG-CAV: a firefight with cavalry shifted inward (melee) or outward. */
  cavalryShift?: { rule: 'CHG-CAV'; direction: 'inward' | 'outward'; rows?: Sourced<number>; to: ChargeCell | { result: 'melee' } };
  result: ChargeResult;
  text: string;
  effects: { attacker: AppliedEffects; defender: AppliedEffects };
  continuation: Continuation;
  rideDown: RideDownChance;
}

const ATTACKER_TABLE_KEYS = ['standingCav', 'chargeDownhill', 'cavVsGeneral', 'leaderAttached', 'chargingFlank', 'chargingRear'] as const;

/** CHG-ATT-MOD rows the umpire reads from the two units (roster and log). */
export function attackerUnitModifiers(a: ChargingUnit, d: ChargeUnit, pack: ChargeRulesPack): Wanted<AttackerKey>[] {
  const out: Wanted<AttackerKey>[] = [];
  const by = 'unit' as const;
  if (a.arm === 'heavy cavalry' && d.arm === 'light cavalry') out.push({ key: 'heavyVsLightCav', by });
  if (a.shaken) out.push({ key: 'shaken', by });
  if (a.disordered) out.push({ key: 'disordered', by });
  if (a.routBroken) out.push({ key: 'routBroken', by });
  const closing = a.closingLossPercent ?? 0;
  if (!Number.isFinite(closing) || closing < 0 || closing > 100) refuse(`Closing casualties are a percentage of the unit, 0 to 100 (got ${closing}) (CHG-ATT-MOD.7).`);
  if (closing >= 10) out.push({ key: 'closingCasualties', count: Math.floor(closing / 10), by });
  const mass = massKey(a.figures, d.figures, pack.charge.attackerModifiers);
  if (mass) out.push({ key: mass, by });
  if (a.leaderAttached) out.push({ key: 'leaderAttached', by });
  if (isCavalry(a.arm)) {
    if (d.formation === 'general order') out.push({ key: 'cavVsGeneral', by });
    if (d.arm === 'infantry' && d.formation === 'line') out.push({ key: 'cavVsInfLine', by });
    if (d.arm === 'infantry' && d.formation === 'column') out.push({ key: 'cavVsInfColumn', by });
    if (d.formation === 'square') out.push({ key: 'cavVsSquare', by });
    if (d.formation === 'closed column') out.push({ key: 'cavVsClosedColumn', by });
  }
  return out;
}

/** CHG-DEF-MOD rows the umpire reads from the two units. */
export function defenderUnitModifiers(d: ChargeUnit, a: ChargeUnit, pack: ChargeRulesPack): Wanted<DefenderKey>[] {
  const out: Wanted<DefenderKey>[] = [];
  const by = 'unit' as const;
  if (d.shaken) out.push({ key: 'shaken', by });
  if (d.disordered) out.push({ key: 'disordered', by });
  if (d.routBroken) out.push({ key: 'routBroken', by });
  const mass = massKey(d.figures, a.figures, pack.charge.defenderModifiers);
  if (mass) out.push({ key: mass, by });
  if (d.formation === 'general order') out.push({ key: 'generalOrder', by });
  return out;
}

/** "Mass... 1.5x" to "4x": the highest multiple of the other side's figures this side reaches (pack `massNote`). */
function massKey<K extends string>(own: number, other: number, rows: readonly { key: K; ratio?: number | undefined }[]): K | null {
  let best: { key: K; ratio: number } | null = null;
  for (const r of rows) if (r.ratio !== undefined && own >= r.ratio * other && (!best || r.ratio > best.ratio)) best = { key: r.key, ratio: r.ratio };
  return best?.key ?? null;
}

function attackerChoiceModifiers(c: AttackerChoices): Wanted<AttackerKey>[] {
  const out: Wanted<AttackerKey>[] = [];
  if (c.cwDifference !== undefined) out.push({ key: 'cwDifference', count: c.cwDifference, by: 'table' });
  for (const k of ATTACKER_TABLE_KEYS) if (c[k]) out.push({ key: k, by: 'table' });
  return out;
}

function defenderChoiceModifiers(c: DefenderChoices): Wanted<DefenderKey>[] {
  const out: Wanted<DefenderKey>[] = [];
  if (c.secureFlanks !== undefined) {
    if (!Number.isInteger(c.secureFlanks) || c.secureFlanks < 0 || c.secureFlanks > 2) refuse(`Secure flanks are counted 0, 1 or 2 (got ${c.secureFlanks}) (CHG-DEF-MOD.8).`);
    out.push({ key: 'secureFlanks', count: c.secureFlanks, by: 'table' });
  }
  if (c.generalOrder) out.push({ key: 'generalOrder', by: 'table' });
  if (c.cover) out.push({ key: `${c.cover}Cover`, by: 'table' });
  return out;
}

/** The roster's rows, then the players' rows the roster did not already give: a row counts once. */
function withoutRepeats<K extends string>(unit: Wanted<K>[], table: Wanted<K>[]): Wanted<K>[] {
  return [...unit, ...table.filter((t) => !unit.some((u) => u.key === t.key))];
}

function checkUnit(u: ChargeUnit, role: string): void {
  if (!ARMS.includes(u.arm)) refuse(`The ${role}'s arm must be one of ${ARMS.join(', ')} (got "${u.arm}").`);
  if (!Number.isInteger(u.figures) || u.figures < 1) refuse(`The ${role}'s figures must be a whole number, 1 or more (got ${u.figures}).`);
  if (u.formation !== undefined && !FORMATIONS.includes(u.formation)) refuse(`The ${role}'s formation must be one of ${FORMATIONS.join(', ')} (got "${u.formation}").`);
}

/** The result of a table row: the pack's, or the GM's for a row the OCR lost; refused when neither. */
function cellOf(row: ChargeTableRow, index: number, table: 'open' | 'cover', pack: ChargeRulesPack, gm: ChargeGmInput): ChargeCell {
  const t = pack.charge[table];
  const given = gm.rows?.[row.id];
  const base = { rule: t.rule, id: row.id, label: bandLabel(row), ...(row.uncertain ? { uncertain: row.uncertain } : {}) };
  if (row.result !== null) return { ...base, result: row.result, from: 'pack' };
  if (given === undefined)
    refuse(
      `A result of ${bandLabel(row)} falls on ${row.id}, a row the OCR lost (${row.note ?? 'illegible'}). A GM sets charge.${table}.rows[${index}].result in the pack, or gives gm.rows["${row.id}"] with the charge: one of ${CHARGE_RESULTS.join(', ')}.`,
    );
  return { ...base, result: given, from: 'gm' };
}

function checkGmRows(gm: ChargeGmInput, pack: ChargeRulesPack): void {
  for (const [id, result] of Object.entries(gm.rows ?? {})) {
    const row = [...pack.charge.open.rows, ...pack.charge.cover.rows].find((r) => r.id === id);
    if (!row) refuse(`"${id}" is not a row of CHG-OPEN or CHG-COVER.`);
    if (row.result !== null) refuse(`${id} reads "${row.result}" in the pack; a GM gives results only for rows the OCR lost.`);
    if (!CHARGE_RESULTS.includes(result)) refuse(`${id}: "${result}" is not a charge result; they are ${CHARGE_RESULTS.join(', ')}.`);
  }
}

function rollSide(unit: string, die: number, modifiers: AppliedModifier[], rec: Recorder): ChargeSideRoll {
  const roll = rec.roll(die);
  return { unit, roll, modifiers, total: roll + sumModifiers(modifiers) };
}

export function resolveCharge(input: ChargeInput): ChargeOutcome {
  const { attacker: a, defender: d, pack, table } = input;
  const gm = input.gm ?? {};
  const charge = pack.charge;
  checkUnit(a, 'attacker');
  checkUnit(d, 'defender');
  if (table !== 'open' && table !== 'cover') refuse(`Name the table: open (CHG-OPEN) or cover (CHG-COVER) (got "${String(table)}"). ${charge.tableNote}`);
  checkDie(gm.die, 'the charge die');
  checkGmRows(gm, pack);

  const die = sourced(charge.die, gm.die, { what: 'the charge die (CHG-ROLL)', why: 'the text that named it is lost in the source', packPath: 'charge.die', input: 'gm.die' }, (n) => `d${n}`);
  const attMods = applyRows(charge.attackerModifiers, withoutRepeats(attackerUnitModifiers(a, d, pack), attackerChoiceModifiers(input.attackerChoices ?? {})), gm.values?.attacker ?? {}, {
    chart: 'CHG-ATT-MOD',
    packPath: 'charge.attackerModifiers',
    input: 'gm.values.attacker',
  });
  const defMods = applyRows(charge.defenderModifiers, withoutRepeats(defenderUnitModifiers(d, a, pack), defenderChoiceModifiers(input.defenderChoices ?? {})), gm.values?.defender ?? {}, {
    chart: 'CHG-DEF-MOD',
    packPath: 'charge.defenderModifiers',
    input: 'gm.values.defender',
  });

  const rec = recorder(input.dice);
  const steps: string[] = [`Charge: ${a.id} (${a.arm}) against ${d.id} (${d.arm}), d${die.value} each (CHG-ROLL, ${fromWord(die)}).`];
  const att = rollSide(a.id, die.value, attMods, rec);
  const def = rollSide(d.id, die.value, defMods, rec);
  for (const [side, r] of [
    ['Attacker', att],
    ['Defender', def],
  ] as const) {
    steps.push(`${side} ${r.unit} rolls ${r.roll}.`);
    for (const m of r.modifiers) steps.push(`  ${modifierLine(m)}`);
    steps.push(`  ${side} total ${r.total}.`);
  }
  const difference = att.total - def.total;
  const t = charge[table];
  steps.push(`${att.total} - ${def.total} = ${signed(difference)}, read on ${t.title} (${t.rule}).`);

  const found = findBand(t.rows, difference);
  if (!found) throw new Error(`pack ${t.rule} has no row for ${difference}`);
  const read = cellOf(found.band, found.index, table, pack, gm);
  steps.push(`${read.id} (${read.label}): ${charge.results[read.result].text}${read.from === 'gm' ? " (the GM's result for a row the OCR lost)" : ''}${read.uncertain ? ` [reading uncertain: ${read.uncertain}]` : ''}`);

  let result = read.result;
  let cavalryShift: ChargeOutcome['cavalryShift'];
  if (result === 'firefight' && (isCavalry(a.arm) || isCavalry(d.arm))) {
    const shift = shiftFirefight({ table, index: found.index, difference, pureCavalry: isCavalry(a.arm) && isCavalry(d.arm), pack, gm });
    cavalryShift = shift.shift;
    result = shift.result;
    steps.push(...shift.steps);
  }

  const entry = charge.results[result];
  const effects = {
    attacker: applyEffects(entry.attacker, 'attacker', a, rec, pack, gm, steps),
    defender: applyEffects(entry.defender, 'defender', d, rec, pack, gm, steps),
  };
  if (entry.sic) steps.push(`As printed (sic): ${entry.sic}.`);

  const continuation = continuationFor(result, a.arm, pack);
  steps.push(continuation.text);
  const rideDown = rideDownFor({ result, table, difference, attacker: a, defender: d, pack, ...(gm.rideDownArea ? { gmArea: gm.rideDownArea } : {}) });
  if (rideDown.status !== 'not-applicable') steps.push(rideDown.text);

  return {
    rule: 'CHG-ROLL',
    die,
    attacker: att,
    defender: def,
    difference,
    read,
    ...(cavalryShift ? { cavalryShift } : {}),
    result,
    text: entry.text,
    effects,
    continuation,
    rideDown,
    dice: rec.rolled,
    steps,
  };
}

/**
 * CHG-CAV: "if the result of a charge involving cavalry is firefight, shift the result inward
 * (melee) if a purely cavalry action, or outward if infantry or artillery is involved". Inward is
 * read as its parenthesis says (the result becomes melee); outward moves that many rows away from
 * the centre of the table, a number the source does not give (pack or GM).
 */
function shiftFirefight(x: { table: 'open' | 'cover'; index: number; difference: number; pureCavalry: boolean; pack: ChargeRulesPack; gm: ChargeGmInput }) {
  const { pack, gm } = x;
  const cav = pack.charge.cavalry;
  if (x.pureCavalry) {
    return {
      result: 'melee' as ChargeResult,
      shift: { rule: 'CHG-CAV' as const, direction: 'inward' as const, to: { result: 'melee' as const } },
      steps: ['Cavalry does not firefight: a purely cavalry action shifts the result inward, to melee (CHG-CAV).'],
    };
  }
  if (x.difference === 0) refuse('A firefight on a result of 0 has no outward direction; CHG-CAV cannot shift it. The GM rules.');
  if (gm.cavalryOutwardRows !== undefined && (!Number.isInteger(gm.cavalryOutwardRows) || gm.cavalryOutwardRows < 1)) refuse(`CHG-CAV outward rows must be a whole number, 1 or more (got ${gm.cavalryOutwardRows}).`);
  const rows = sourced(cav.outwardRows, gm.cavalryOutwardRows, {
    what: 'how many rows a firefight shifts outward (CHG-CAV)',
    why: 'the source does not say',
    packPath: 'charge.cavalry.outwardRows',
    input: 'gm.cavalryOutwardRows',
  });
  const tableRows = pack.charge[x.table].rows;
  // Rows run from the highest result down: outward is up the list for a positive result, down for a negative one.
  const to = Math.min(tableRows.length - 1, Math.max(0, x.index + (x.difference > 0 ? -rows.value : rows.value)));
  const cell = cellOf(tableRows[to]!, to, x.table, pack, gm);
  return {
    result: cell.result,
    shift: { rule: 'CHG-CAV' as const, direction: 'outward' as const, rows, to: cell },
    steps: [
      `Cavalry does not firefight: with infantry or artillery involved the result shifts outward ${rows.value} row${rows.value === 1 ? '' : 's'} (CHG-CAV, ${fromWord(rows)}) to ${cell.id} (${cell.label}): ${pack.charge.results[cell.result].text}`,
      `Cavalry need not stay within ${cav.mayStandOffInches}" of facing infantry or artillery and may always move outside ${cav.mayStandOffInches}" (CHG-CAV note).`,
    ],
  };
}

/** A side's printed effects; the surrender d10 (11+, -12+) is rolled here. */
function applyEffects(e: SideEffects, role: 'attacker' | 'defender', unit: ChargeUnit, rec: Recorder, pack: ChargeRulesPack, gm: ChargeGmInput, steps: string[]): AppliedEffects {
  const { surrenderRoll, ...rest } = e;
  if (!surrenderRoll) return rest;
  const s = pack.charge.surrender;
  if (gm.surrenderPercentPerPip !== undefined && !(gm.surrenderPercentPerPip > 0)) refuse(`The surrender percentage a pip must be above 0 (got ${gm.surrenderPercentPerPip}).`);
  const perPip = sourced(s.percentPerPip, gm.surrenderPercentPerPip, {
    what: 'the percentage each pip of the surrender roll counts (CHG-OPEN, CHG-COVER)',
    why: 'the pack does not set it',
    packPath: 'charge.surrender.percentPerPip',
    input: 'gm.surrenderPercentPerPip',
  });
  const roll = rec.roll(s.die);
  const percent = Math.min(100, roll * perPip.value);
  steps.push(`${cap(role)} ${unit.id} rolls d${s.die} ${roll} for the percentage which surrenders: ${percent}% (${perPip.value}% a pip, ${fromWord(perPip)}) of ${unit.figures} figures; the remaining figures rout.`);
  return { ...rest, surrender: { rule: role === 'defender' ? 'CHG-OPEN/CHG-COVER 11+' : 'CHG-OPEN/CHG-COVER -12+', roll, percent, percentPerPip: perPip } };
}
