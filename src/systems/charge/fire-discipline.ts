import { say, type Text } from '../../i18n/text.ts';
import { refuse } from '../../rules/errors.ts';
import { findBand } from './bands.ts';
import type { Dice } from '../../rules/outcome.ts';
import { checkGmModifiers, sumGm, withGm, type GmModifier } from './modifiers.ts';
import { recorder, type Outcome } from '../../rules/outcome.ts';
import { DISCIPLINE_COLUMNS, type ChargeRulesPack, type DisciplineColumn } from './pack-schema.ts';
import type { ChargeHouse } from './house.ts';
import { checkDie, fromText, part, sourced, uncertainText, type Sourced, withAction } from './sourced.ts';
import { packNote } from './pack-text.ts';

/**
 * Fire Discipline, FIRE-DISCIPLINE: the roll's row in the Normal, Smoke or Firefight column gives
 * "free", N" fire, N" FF or FF (none defined; FF presumably firefight). "A natural roll of 9 causes
 * an additional AP to be spent. A natural roll of 10, roll again (1-7=1AP, 8-9=2AP, 10=3AP)."
 * The source gives no modifiers for this roll (they are the GM's) and no row below 2; illegible
 * cells (9 Firefight, 2 Normal, the row below 2) are the battle's house rule `fire-discipline.cells`
 * or the GM's (`gm.cell`).
 */

export interface DisciplineResult {
  printed: string;
  kind: 'free' | 'fire' | 'firefight';
  /** The distance printed with "fire" or "FF"; null for plain "free" or "FF". */
  inches: number | null;
}

export interface FireDisciplineInput {
  /** Normal, Smoke or Firefight: the situation at the table. */
  column: DisciplineColumn;
  modifiers?: readonly GmModifier[];
  house?: ChargeHouse;
  gm?: { die?: number; cell?: string };
  dice: Dice;
  pack: ChargeRulesPack;
}

export interface FireDisciplineOutcome extends Outcome {
  rule: 'FIRE-DISCIPLINE';
  die: Sourced<number>;
  roll: number;
  modifiers: GmModifier[];
  total: number;
  row: string;
  column: DisciplineColumn;
  result: DisciplineResult & { from: Sourced<string>['from'] };
  /** Extra AP for a natural 9, or the natural 10's second roll and its AP. */
  ap: { natural: 9; extra: number } | { natural: 10; reroll: number; ap: number } | null;
}

export function parseDisciplineCell(printed: string): DisciplineResult {
  if (printed === 'free') return { printed, kind: 'free', inches: null };
  if (printed === 'FF') return { printed, kind: 'firefight', inches: null };
  const m = /^(\d+(?:\.\d+)?)" (fire|Fire|FF)$/.exec(printed);
  if (!m) refuse(say('charge.fireDiscipline.notResult', { printed }));
  return { printed, kind: m[2] === 'FF' ? 'firefight' : 'fire', inches: Number(m[1]) };
}

export function resolveFireDiscipline(input: FireDisciplineInput): FireDisciplineOutcome {
  const { pack, column } = input;
  const fd = pack.fireDiscipline;
  const gm = input.gm ?? {};
  const house = input.house ?? {};
  if (!DISCIPLINE_COLUMNS.includes(column)) refuse(say('charge.fireDiscipline.columnOneOf', { columns: DISCIPLINE_COLUMNS.join(', '), column: String(column) }));
  checkDie(gm.die, say('charge.sourced.fireDisciplineDie'));
  if (gm.cell !== undefined) parseDisciplineCell(gm.cell);
  const modifiers = [...(input.modifiers ?? [])];
  checkGmModifiers(modifiers, 'FIRE-DISCIPLINE');
  const die = sourced(fd.die, undefined, gm.die, { what: say('charge.sourced.what.fireDisciplineDie'), why: say('charge.sourced.why.blockUnnamed'), option: withAction('die:', 'roll') }, (n) => `d${n}`);

  const rec = recorder(input.dice);
  const roll = rec.roll(die.value);
  const total = roll + sumGm(modifiers);
  const steps: Text[] = [say('charge.fireDiscipline.roll', { column, roll: withGm(`d${die.value} ${roll}`, modifiers), total: String(total), from: fromText(die) })];
  const found = findBand(fd.rows, total);
  if (!found) throw new Error(`pack FIRE-DISCIPLINE has no row for ${total}`);
  const row = found.band;
  const cells = house['fire-discipline.cells'] as { value: Partial<Record<string, Partial<Record<DisciplineColumn, string>>>>; note: string } | undefined;
  const rowKey = String(row.min ?? row.max);
  const printed = sourced(row[column], part(part(cells, rowKey), column), gm.cell, {
    what: say('charge.sourced.what.disciplineCell', { row: row.label, column }),
    why: row.note ? say('charge.sourced.why.itIs', { note: packNote('note', `discipline.${row.min}`, row.note) }) : say('charge.sourced.why.illegibleHere'),
    house: 'fire-discipline.cells',
    entry: `${rowKey}.${column}`,
    option: withAction('cell:', 'roll'),
  });
  const result = { ...parseDisciplineCell(printed.value), from: printed.from };
  steps.push(say('charge.fireDiscipline.cell', { row: row.label, column, printed: result.printed, from: fromText(printed), uncertain: uncertainText(row.uncertain, `discipline.${row.min}`) }));

  let ap: FireDisciplineOutcome['ap'] = null;
  if (roll === 9) {
    ap = { natural: 9, extra: fd.natural9ExtraAp };
    steps.push(say('charge.fireDiscipline.natural9', { ap: String(fd.natural9ExtraAp) }));
  } else if (roll === 10) {
    const reroll = rec.roll(fd.natural10.rerollDie);
    const band = fd.natural10.ap.find((b) => reroll >= b.min && reroll <= b.max);
    if (!band) throw new Error(`pack FIRE-DISCIPLINE natural10 has no AP for ${reroll}`);
    ap = { natural: 10, reroll, ap: band.ap };
    steps.push(say('charge.fireDiscipline.natural10', { die: String(fd.natural10.rerollDie), roll: String(reroll), ap: String(band.ap), min: String(band.min), max: String(band.max) }));
  }
  return { rule: 'FIRE-DISCIPLINE', die, roll, modifiers, total, row: row.label, column, result, ap, dice: rec.rolled, steps };
}
