import { refuse } from '../../rules/errors.ts';
import { say, type Text } from '../../i18n/text.ts';
import { bandLabel, findBand } from './bands.ts';
import { attrWord, bandText, packNote, resultText, sicText, tableTitle } from './pack-text.ts';
import { chargeModifiers, type AttackerChoices, type DefenderChoices, type ModifierValues } from './charge-modifiers.ts';
import { continuationFor, rideDownFor, type Continuation, type RideDownChance } from './follow-up.ts';
import type { ChargeHouse } from './house.ts';
import type { MassChoice } from './mass.ts';
import type { Dice } from '../../rules/outcome.ts';
import { modifierText, sumModifiers, type AppliedModifier } from './modifiers.ts';
import { recorder, signed, type Outcome, type Recorder } from '../../rules/outcome.ts';
import { ARMS, CHARGE_RESULTS, FORMATIONS, type ChargeResult, type ChargeRulesPack, type ChargeTableRow, type SideEffects } from './pack-schema.ts';
import { checkDie, fromText, part, sourced, uncertainText, type Sourced, withAction } from './sourced.ts';
import { isCavalry, type ChargeUnit, type ChargingUnit } from './unit.ts';

/**
 * A charge, CHG-ROLL: attacker and defender each roll the charge die and add their modifiers
 * (CHG-ATT-MOD, CHG-DEF-MOD); the defender's modified roll is subtracted from the attacker's and
 * the difference read on CHG-OPEN or CHG-COVER. Then CHG-CAV (cavalry does not firefight), the
 * surrender roll of 11+ / -12+, and what may follow: CHG-CONTINUE and CHG-RIDEDOWN.
 * Lost in the source and so never guessed: the die, CHG-OPEN 0 and CHG-COVER 5 to 0, how far
 * CHG-CAV shifts outward, the values of CHG-ATT-MOD.2, .16, .18 and the meaning of Mass: each is
 * the battle's house rule (`house`, house.ts) or the GM's value with the charge (`gm`), else the
 * charge is refused naming both. The criterion between the two tables is not given either: the
 * players name the table with each charge. CHG-ATT-MOD.6 prints NA for a routed or broken charger:
 * it may not charge.
 */

/** What only a GM can give: values the source lost. */
export interface ChargeGmInput {
  /** The charge die's sides, when the battle has no house rule (CHG-ROLL). */
  die?: number;
  values?: ModifierValues;
  /** Mass for this charge, where the battle's reading is the GM's or none is chosen (CHG-ATT-MOD.8-11, CHG-DEF-MOD.4-7). */
  mass?: MassChoice;
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
  /** The battle's house rules in force (house.ts). */
  house?: ChargeHouse;
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
  label: Text;
  result: ChargeResult;
  /** The pack's row, or the house rule's or the GM's result for a row the OCR lost. */
  from: 'pack' | 'house' | 'gm';
  note?: Text;
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
  text: Text;
  effects: { attacker: AppliedEffects; defender: AppliedEffects };
  continuation: Continuation;
  rideDown: RideDownChance;
}

function checkUnit(u: ChargeUnit, role: string): void {
  if (!ARMS.includes(u.arm)) refuse(say('charge.charge.unitArm', { role, arms: ARMS.join(', '), got: u.arm }));
  if (!Number.isInteger(u.figures) || u.figures < 1) refuse(say('charge.charge.unitFigures', { role, got: String(u.figures) }));
  if (u.formation !== undefined && !FORMATIONS.includes(u.formation)) refuse(say('charge.charge.unitFormation', { role, formations: FORMATIONS.join(', '), got: u.formation }));
}

/** The result of a table row: the pack's, or for a row the OCR lost the battle's house rule or the GM's; refused when none. */
function cellOf(row: ChargeTableRow, table: 'open' | 'cover', pack: ChargeRulesPack, house: ChargeHouse, gm: ChargeGmInput): ChargeCell {
  const t = pack.charge[table];
  const label = bandText(row);
  const base = { rule: t.rule, id: row.id, label, ...(row.uncertain ? { uncertain: row.uncertain } : {}) };
  const rows = house[`charge.${table}.rows`] as { value: Partial<Record<string, ChargeResult>>; note: string } | undefined;
  const r = sourced(row.result, part(rows, String(row.min)), gm.rows?.[row.id], {
    what: say('charge.sourced.what.chargeRow', { row: row.id, label }),
    why: say('charge.sourced.why.rowLost', { note: row.note ? packNote('note', row.id, row.note) : say('charge.sourced.why.illegibleWord'), results: CHARGE_RESULTS.join(', ') }),
    house: `charge.${table}.rows`,
    entry: bandLabel(row),
    option: withAction(`rows:"${row.id}=<result>"`, 'charge'),
  });
  return { ...base, result: r.value, from: r.from, ...(r.note ? { note: r.note } : {}) };
}

function checkGmRows(gm: ChargeGmInput, pack: ChargeRulesPack): void {
  for (const [id, result] of Object.entries(gm.rows ?? {})) {
    const row = [...pack.charge.open.rows, ...pack.charge.cover.rows].find((r) => r.id === id);
    if (!row) refuse(say('charge.charge.notRow', { id }));
    if (row.result !== null) refuse(say('charge.charge.rowPrinted', { id, result: row.result }));
    if (!CHARGE_RESULTS.includes(result)) refuse(say('charge.charge.notResult', { id, result, results: CHARGE_RESULTS.join(', ') }));
  }
}

function rollSide(unit: string, die: number, modifiers: AppliedModifier[], rec: Recorder): ChargeSideRoll {
  const roll = rec.roll(die);
  return { unit, roll, modifiers, total: roll + sumModifiers(modifiers) };
}

export function resolveCharge(input: ChargeInput): ChargeOutcome {
  const { attacker: a, defender: d, pack, table } = input;
  const gm = input.gm ?? {};
  const house = input.house ?? {};
  const charge = pack.charge;
  checkUnit(a, 'attacker');
  checkUnit(d, 'defender');
  if (a.routBroken) refuse(say('charge.charge.routBroken', { unit: a.id, state: a.routBroken === true ? say('charge.charge.routedOrBroken') : a.routBroken }));
  if (table !== 'open' && table !== 'cover') refuse(say('charge.charge.nameTable', { got: String(table) }));
  checkDie(gm.die, say('charge.sourced.chargeDie'));
  checkGmRows(gm, pack);

  const die = sourced(charge.die, house['charge.die'], gm.die, { what: say('charge.sourced.what.chargeDie'), why: say('charge.sourced.why.namingLost'), house: 'charge.die', option: withAction('die:', 'charge') }, (n) => `d${n}`);
  const mods = chargeModifiers({ attacker: a, defender: d, attackerChoices: input.attackerChoices, defenderChoices: input.defenderChoices, house, gm: { values: gm.values, mass: gm.mass }, pack });

  const rec = recorder(input.dice);
  const steps: Text[] = [say('charge.charge.head', { attacker: a.id, attackerArm: attrWord('arm', a.arm, ARMS), defender: d.id, defenderArm: attrWord('arm', d.arm, ARMS), die: String(die.value), from: fromText(die) }), mods.massStep];
  const att = rollSide(a.id, die.value, mods.attacker, rec);
  const def = rollSide(d.id, die.value, mods.defender, rec);
  for (const [side, r] of [
    ['attacker', att],
    ['defender', def],
  ] as const) {
    steps.push(say('charge.charge.sideRolls', { side, unit: r.unit, roll: String(r.roll) }));
    for (const m of r.modifiers) steps.push(say('charge.indent', { text: modifierText(m) }));
    steps.push(say('charge.charge.sideTotal', { side, total: String(r.total) }));
  }
  const difference = att.total - def.total;
  const t = charge[table];
  steps.push(say('charge.charge.difference', { attacker: String(att.total), defender: String(def.total), difference: signed(difference), table: tableTitle(table, t.title), rule: t.rule }));

  const found = findBand(t.rows, difference);
  if (!found) throw new Error(`pack ${t.rule} has no row for ${difference}`);
  const read = cellOf(found.band, table, pack, house, gm);
  const whose: Text = read.from === 'gm' ? say('charge.charge.gmRow') : read.note ? say('charge.sourced.inParens', { note: read.note }) : '';
  steps.push(say('charge.charge.read', { row: read.id, label: read.label, result: resultText(read.result, charge.results[read.result].text), whose, uncertain: uncertainText(read.uncertain, read.id) }));

  let result = read.result;
  let cavalryShift: ChargeOutcome['cavalryShift'];
  if (result === 'firefight' && (isCavalry(a.arm) || isCavalry(d.arm))) {
    const shift = shiftFirefight({ table, index: found.index, difference, pureCavalry: isCavalry(a.arm) && isCavalry(d.arm), pack, house, gm });
    cavalryShift = shift.shift;
    result = shift.result;
    steps.push(...shift.steps);
  }

  const entry = charge.results[result];
  const effects = {
    attacker: applyEffects(entry.attacker, 'attacker', a, rec, pack, gm, steps),
    defender: applyEffects(entry.defender, 'defender', d, rec, pack, gm, steps),
  };
  if (entry.sic) steps.push(say('charge.charge.sic', { sic: sicText(result, entry.sic) }));

  const continuation = continuationFor(result, a.arm, pack);
  steps.push(continuation.text);
  const rideDown = rideDownFor({ result, table, difference, attacker: a, defender: d, pack, house, ...(gm.rideDownArea ? { gmArea: gm.rideDownArea } : {}) });
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
    text: resultText(result, entry.text),
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
function shiftFirefight(x: { table: 'open' | 'cover'; index: number; difference: number; pureCavalry: boolean; pack: ChargeRulesPack; house: ChargeHouse; gm: ChargeGmInput }) {
  const { pack, house, gm } = x;
  const cav = pack.charge.cavalry;
  if (x.pureCavalry) {
    return {
      result: 'melee' as ChargeResult,
      shift: { rule: 'CHG-CAV' as const, direction: 'inward' as const, to: { result: 'melee' as const } },
      steps: [say('charge.charge.cavalryInward')],
    };
  }
  if (x.difference === 0) refuse(say('charge.charge.zeroFirefight'));
  if (gm.cavalryOutwardRows !== undefined && (!Number.isInteger(gm.cavalryOutwardRows) || gm.cavalryOutwardRows < 1)) refuse(say('charge.charge.outwardRows', { got: String(gm.cavalryOutwardRows) }));
  const rows = sourced(cav.outwardRows, house['cavalry.outward-rows'], gm.cavalryOutwardRows, {
    what: say('charge.sourced.what.outwardRows'),
    why: say('charge.sourced.why.notSaid'),
    house: 'cavalry.outward-rows',
    option: withAction('outward_rows:', 'charge'),
  });
  const tableRows = pack.charge[x.table].rows;
  // Rows run from the highest result down: outward is up the list for a positive result, down for a negative one.
  const to = Math.min(tableRows.length - 1, Math.max(0, x.index + (x.difference > 0 ? -rows.value : rows.value)));
  const cell = cellOf(tableRows[to]!, x.table, pack, house, gm);
  return {
    result: cell.result,
    shift: { rule: 'CHG-CAV' as const, direction: 'outward' as const, rows, to: cell },
    steps: [
      say('charge.charge.cavalryOutward', { n: rows.value, from: fromText(rows), row: cell.id, label: cell.label, result: resultText(cell.result, pack.charge.results[cell.result].text) }),
      say('charge.charge.standOff', { inches: String(cav.mayStandOffInches) }),
    ],
  };
}

/** A side's printed effects; the surrender d10 (11+, -12+) is rolled here. */
function applyEffects(e: SideEffects, role: 'attacker' | 'defender', unit: ChargeUnit, rec: Recorder, pack: ChargeRulesPack, gm: ChargeGmInput, steps: Text[]): AppliedEffects {
  const { surrenderRoll, ...rest } = e;
  if (!surrenderRoll) return rest;
  const s = pack.charge.surrender;
  if (gm.surrenderPercentPerPip !== undefined && !(gm.surrenderPercentPerPip > 0)) refuse(say('charge.charge.surrenderPercent', { got: String(gm.surrenderPercentPerPip) }));
  const perPip = sourced(s.percentPerPip, undefined, gm.surrenderPercentPerPip, {
    what: say('charge.sourced.what.surrenderPercent'),
    why: say('charge.sourced.why.packUnset'),
    option: withAction('surrender_pct:', 'charge'),
  });
  const roll = rec.roll(s.die);
  const percent = Math.min(100, roll * perPip.value);
  steps.push(say('charge.charge.surrender', { side: role, unit: unit.id, die: String(s.die), roll: String(roll), percent: String(percent), perPip: String(perPip.value), from: fromText(perPip), n: unit.figures }));
  return { ...rest, surrender: { rule: role === 'defender' ? 'CHG-OPEN/CHG-COVER 11+' : 'CHG-OPEN/CHG-COVER -12+', roll, percent, percentPerPip: perPip } };
}
