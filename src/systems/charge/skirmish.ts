import { say, type Text } from '../../i18n/text.ts';
import { refuse } from '../../rules/errors.ts';
import { findBand } from './bands.ts';
import { classDie } from './class-dice.ts';
import type { Dice } from '../../rules/outcome.ts';
import { checkGmModifiers, sumGm, withGm, type GmModifier } from './modifiers.ts';
import { recorder, type Outcome } from '../../rules/outcome.ts';
import type { ChargeRulesPack, UnitClass } from './pack-schema.ts';
import type { ChargeHouse } from './house.ts';
import { fromText, part, sourced, uncertainText, type Sourced, withAction } from './sourced.ts';
import { packNote } from './pack-text.ts';

/**
 * Skirmish Combat, SKIRMISH: "Class Dice + Screen mods" read on the class row (8+, 7, 6, 5, 2-4,
 * 1). Only the Line row is legible; NE, Smk, SH, DO, DOR and the bracketed numbers are reported as
 * printed (the source expands none). The Class Dice and the other rows are the battle's house
 * rules (`class-dice`, `skirmish.rows`) or the GM's; Screen mods are the GM's.
 */

export interface SkirmishCell {
  printed: string;
  code: string;
  /** The bracketed number, e.g. 20 in SH(20); its meaning is not stated. */
  number: number | null;
}

export interface SkirmishInput {
  unit: { id: string; class?: UnitClass };
  /** Screen mods: not defined in the source, so the GM's, labelled. */
  screenModifiers?: readonly GmModifier[];
  house?: ChargeHouse;
  gm?: { die?: number; cell?: string };
  dice: Dice;
  pack: ChargeRulesPack;
}

export interface SkirmishOutcome extends Outcome {
  rule: 'SKIRMISH';
  die: Sourced<number>;
  roll: number;
  modifiers: GmModifier[];
  total: number;
  column: string;
  result: SkirmishCell & { from: Sourced<string>['from'] };
}

export function parseSkirmishCell(printed: string): SkirmishCell {
  const m = /^([A-Za-z]+)(?:\((\d+)\))?$/.exec(printed.trim());
  if (!m) refuse(say('charge.skirmish.notResult', { printed }));
  return { printed: printed.trim(), code: m[1]!, number: m[2] === undefined ? null : Number(m[2]) };
}

export function resolveSkirmish(input: SkirmishInput): SkirmishOutcome {
  const { pack, unit } = input;
  const sk = pack.skirmish;
  const house = input.house ?? {};
  const die = classDie(unit.class, input.gm?.die, 'SKIRMISH', pack, house);
  const cls = unit.class!;
  if (input.gm?.cell !== undefined) parseSkirmishCell(input.gm.cell);
  const modifiers = [...(input.screenModifiers ?? [])];
  checkGmModifiers(modifiers, 'SKIRMISH');

  const rec = recorder(input.dice);
  const roll = rec.roll(die.value);
  const total = roll + sumGm(modifiers);
  const steps: Text[] = [say('charge.skirmish.roll', { unit: unit.id, roll: withGm(say('charge.skirmish.classDice', { class: cls, die: String(die.value), from: fromText(die), roll: String(roll) }), modifiers), total: String(total) })];
  const found = findBand(sk.columns, total);
  const row = sk.rows[cls];
  const label = found?.band.label ?? `${total}`;
  const houseRow = cls === 'line' ? undefined : part(house['skirmish.rows'], cls);
  const printed = sourced(found && row ? (row[found.index] ?? null) : null, found ? part(houseRow, found.index) : undefined, input.gm?.cell, {
    what: say('charge.sourced.what.skirmish', { class: cls, column: label }),
    why: !found ? say('charge.sourced.why.noColumn', { total: String(total) }) : say('charge.sourced.why.rowIllegible', { class: cls, note: packNote('note', 'skirmish', sk.note) }),
    ...(found && cls !== 'line' ? { house: 'skirmish.rows', entry: cls } : {}),
    option: withAction('cell:', 'roll'),
  });
  const result = { ...parseSkirmishCell(printed.value), from: printed.from };
  steps.push(say('charge.skirmish.cell', { class: `${cls[0]!.toUpperCase()}${cls.slice(1)}`, column: label, printed: result.printed, from: fromText(printed), uncertain: uncertainText(found?.band.uncertain, `skirmish.${found?.band.min}`) }));
  return { rule: 'SKIRMISH', die, roll, modifiers, total, column: label, result, dice: rec.rolled, steps };
}
