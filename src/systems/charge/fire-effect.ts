import { z } from 'zod';
import { ValueNeeded } from '../../rules/errors.ts';
import { say, type Text } from '../../i18n/text.ts';
import { explained } from './house-value.ts';
import { phraseError } from '../../rules/issue-text.ts';
import { cite, commas, needOf, openValue, type Missing, type Noted } from './sourced.ts';

/**
 * What a fire grid cell does to the target (FIRE-TABLE.GRID): the source prints numbers but "does
 * not say what the cells count". A group's reading is the battle's house rule `fire.cell`: the
 * figures or the casualty steps the cell removes (or nothing), and, if the group says so, the
 * cell from which the target is disordered and from which it tests morale. Left out, a threshold
 * never applies; nothing here is a default.
 */

export const FIRE_REMOVES = ['figures', 'steps', 'nothing'] as const;
const cellValue = { message: phraseError(say('charge.houseValue.cellValue')) };
const threshold = z.number({ error: () => cellValue.message }).int(cellValue).min(0, cellValue);

export const FireCellRule = explained(
  z.strictObject(
    {
      removes: z.enum(FIRE_REMOVES, { error: () => phraseError(say('charge.houseValue.oneOf', { names: FIRE_REMOVES.join(', ') })) }),
      disorder: threshold.optional(),
      morale: threshold.optional(),
    },
    { error: (iss) => (iss.code === 'unrecognized_keys' ? phraseError(say('charge.houseValue.cellKeys', { keys: iss.keys.map((k) => `"${k}"`).join(', ') })) : undefined) },
  ),
);
export type FireCellRule = z.infer<typeof FireCellRule>;

/** What a fire did to its target by the house rule: figures or steps removed, disorder, a morale test called. */
export interface FireEffect {
  figures: number;
  steps: number;
  disordered: boolean;
  morale: boolean;
  /** The house rule, as the working cites it. */
  note: Text;
}

const MISSING: Missing = { what: say('charge.sourced.what.fireCellRule'), why: say('charge.sourced.why.cellsCount'), house: 'fire.cell' };

/** The house rule fire.cell in force, or the refusal naming it (before any die is rolled). */
export function cellRule(rule: Noted<FireCellRule> | undefined): Noted<FireCellRule> {
  if (!rule) throw new ValueNeeded(openValue(MISSING), needOf(MISSING));
  return rule;
}

export const cellRuleText = (r: FireCellRule): Text =>
  commas([
    say('charge.fireEffect.rule.removes', { removes: r.removes }),
    ...(r.disorder !== undefined ? [say('charge.fireEffect.rule.disorder', { at: String(r.disorder) })] : []),
    ...(r.morale !== undefined ? [say('charge.fireEffect.rule.morale', { at: String(r.morale) })] : []),
  ])!;

/** The cell read on `target`, which has `figures` left: the effect and its line of the working. */
export function fireEffect(cell: number, rule: Noted<FireCellRule>, target: { name: string; figures: number }, steps: Text[]): FireEffect {
  const r = rule.value;
  const note = cite('fire.cell', cellRuleText(r), rule.note);
  const figures = r.removes === 'figures' ? Math.min(cell, target.figures) : 0;
  const lost =
    r.removes === 'figures'
      ? say(figures < cell ? 'charge.fireEffect.allFigures' : 'charge.fireEffect.figures', { unit: target.name, n: figures, left: String(target.figures - figures) })
      : r.removes === 'steps'
        ? say('charge.fireEffect.steps', { unit: target.name, n: cell })
        : say('charge.fireEffect.nothing');
  const disordered = r.disorder !== undefined && cell >= r.disorder;
  const morale = r.morale !== undefined && cell >= r.morale;
  const more: Text[] = [
    ...(disordered ? [say('charge.fireEffect.disordered', { cell: String(cell), at: String(r.disorder), unit: target.name })] : []),
    ...(morale ? [say('charge.fireEffect.morale', { cell: String(cell), at: String(r.morale), unit: target.name })] : []),
  ];
  steps.push(say('charge.fireEffect.cell', { cell: String(cell), lost: more.reduce((a: Text, b) => say('charge.fireEffect.then', { a, b }), lost), note }));
  return { figures, steps: r.removes === 'steps' ? cell : 0, disordered, morale, note };
}
