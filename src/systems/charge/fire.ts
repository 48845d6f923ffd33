import { say, type Text } from '../../i18n/text.ts';
import { refuse } from '../../rules/errors.ts';
import { findBand } from './bands.ts';
import type { Dice } from '../../rules/outcome.ts';
import { checkGmModifiers, sumGm, withGm, type GmModifier } from './modifiers.ts';
import { recorder, signed, type Outcome } from '../../rules/outcome.ts';
import { FIRE_ROWS, type ChargeRulesPack, type FireBand, type FireRow } from './pack-schema.ts';
import type { ChargeHouse } from './house.ts';
import { fromText, part, sourced, uncertainText, type Sourced, withAction } from './sourced.ts';
import { packNote, slug } from './pack-text.ts';
import { checkRowGiven, fireRow, type FirerFacts } from './fire-row.ts';
import { cellRule, fireEffect, type FireEffect } from './fire-effect.ts';

/**
 * Fire, FIRE-TABLE: "Roll 1d10 plus Mods". The modified roll picks the column (15+ ... 0), the
 * row is Half or 1-9, and the cell is the result. The source does not say how the row is chosen or
 * what the cell counts: the battle's house rules `fire.row` (fire-row.ts) and `fire.cell`
 * (fire-effect.ts) say, and the cell's effect is applied to the target; unset, the row is a GM's
 * and the fire is refused naming `fire.cell`. The one modifier the source gives is the range band's
 * Effect (FIRE-TABLE.RANGE); any other is the GM's. Row 2 and some bands are illegible: the
 * battle's house rules `fire.row-2` and `fire.range-effects` hold them, else the GM gives them
 * (`gm.cell`, `gm.effect`). A roll modified below 0 has no column; FIRE-TABLE.NOTES "Rolls modified
 * to 0 ... NE" is partly lost, so the house rule `fire.below-zero` (or `gm.belowZero`) says whether
 * it is no effect or column 0.
 */

export interface FireRange {
  /** FIRE-TABLE.RANGE block id, in source order: 1, 2 (small arms), A-D (artillery), E (Austrian guns). */
  block: string;
  band: FireBand['band'];
  /** The measured range in inches, checked against the band where the band's limits are legible. */
  distance?: number;
}

export interface FireInput {
  /** What the battle knows of the firer (the house rule fire.row may read it). */
  firer: FirerFacts;
  /** The target and its figures left (the cell's effect is applied to it). */
  target: { name: string; figures: number };
  /** The row given with the fire: a GM's without the house rule fire.row, the player's count where it reads the row on the table. */
  row?: FireRow;
  /** Range "only matters during approach fire" (FIRE-TABLE.NOTES): leave out otherwise. */
  range?: FireRange;
  /** Other modifiers: the source lists none, so they are the GM's, labelled. */
  modifiers?: readonly GmModifier[];
  house?: ChargeHouse;
  gm?: { cell?: number; effect?: number; belowZero?: 'no-effect' | 'column-0' };
  dice: Dice;
  pack: ChargeRulesPack;
}

export interface FireOutcome extends Outcome {
  rule: 'FIRE-TABLE';
  roll: number;
  range: { block: string; band: FireBand['band']; distance?: number; effect: Sourced<number>; printed?: string } | null;
  modifiers: GmModifier[];
  total: number;
  /** The column read, or null when a roll below 0 has no effect. */
  column: string | null;
  row: FireRow;
  /** Where the row came from: the house rule fire.row (cited) or a GM. Absent in logs from before fire.row, where the player named it. */
  rowFrom?: Sourced<FireRow>;
  /** The cell as printed, or null for no effect. */
  cell: Sourced<number> | null;
  /** The row's last column as printed (heading illegible, meaning not stated); null where it is illegible. */
  lastColumn: number | null;
  noEffect: boolean;
  /** What the cell did to the target by the house rule fire.cell, null for no effect. Absent in logs from before fire.cell, where the GM applied it. */
  effect?: FireEffect | null;
}

function rangeEffect(range: FireRange, pack: ChargeRulesPack, house: ChargeHouse, gmEffect: number | undefined, steps: Text[]) {
  const block = pack.fire.blocks.find((b) => b.id === range.block);
  if (!block) refuse(say('charge.fire.notBlock', { block: range.block, blocks: pack.fire.blocks.map((b) => b.id).join(', ') }));
  const index = block.bands.findIndex((b) => b.band === range.band);
  const band = block.bands[index];
  if (!band) refuse(say('charge.fire.noBand', { block: block.id, band: range.band, bands: block.bands.map((b) => b.band).join(', ') }));
  const d = range.distance;
  if (d !== undefined) {
    if (!Number.isFinite(d) || d < 0) refuse(say('charge.fire.rangeNegative', { value: String(d) }));
    if (band.min !== null && d < band.min) refuse(say('charge.fire.rangeShort', { distance: String(d), block: block.id, band: band.band, min: String(band.min), max: String(band.max ?? '?') }));
    if (band.max !== null && d > band.max) refuse(say('charge.fire.rangeBeyond', { distance: String(d), block: block.id, band: band.band, min: String(band.min ?? '?'), max: String(band.max) }));
  }
  if (gmEffect !== undefined && !Number.isInteger(gmEffect)) refuse(say('charge.fire.effectWhole', { value: String(gmEffect) }));
  const entry = `${block.id}-${band.band}`;
  const effect = sourced(band.effect, part(house['fire.range-effects'] as { value: Partial<Record<string, number>>; note: string } | undefined, entry), gmEffect, {
    what: say('charge.sourced.what.rangeEffect', { block: block.id, band: band.band }),
    why: say('charge.sourced.why.illegible', { note: band.note ? packNote('note', `fire.${block.id}.${slug(band.band)}`, band.note) : say('charge.sourced.why.lost') }),
    house: 'fire.range-effects',
    entry,
    option: withAction('effect:', 'fire'),
  }, signed);
  const limits: Text = band.min === null && band.max === null ? say('charge.fire.rangeIllegible') : say('charge.fire.limits', { min: String(band.min ?? '?'), max: String(band.max ?? '?') });
  steps.push(
    say('charge.fire.rangeStep', {
      block: block.id,
      band: band.band,
      limits,
      range: d !== undefined ? say('charge.fire.rangeOf', { distance: String(d) }) : '',
      effect: band.printed ? say('charge.fire.readAs', { printed: band.printed, value: signed(effect.value), note: packNote('note', 'fire.ne', pack.fire.neNote) }) : signed(effect.value),
      from: fromText(effect),
      uncertain: uncertainText(band.uncertain, `fire.${block.id}.${slug(band.band)}`),
      unchecked: d !== undefined && (band.min === null || band.max === null) ? say('charge.fire.unchecked') : '',
    }),
  );
  return { block: block.id, band: band.band, ...(d !== undefined ? { distance: d } : {}), effect, ...(band.printed ? { printed: band.printed } : {}) };
}

export function resolveFire(input: FireInput): FireOutcome {
  const { pack } = input;
  const fire = pack.fire;
  const gm = input.gm ?? {};
  const house = input.house ?? {};
  if (input.row !== undefined && !FIRE_ROWS.includes(input.row)) refuse(say('charge.fire.rowOneOf', { rows: FIRE_ROWS.join(', '), row: String(input.row) }));
  const modifiers = [...(input.modifiers ?? [])];
  checkGmModifiers(modifiers, 'FIRE-TABLE');
  if (gm.cell !== undefined && (!Number.isInteger(gm.cell) || gm.cell < 0)) refuse(say('charge.fire.cellWhole', { value: String(gm.cell) }));

  // Where the row comes from and what the cell does are asked before any die: a refusal after one would hold the fire on it.
  checkRowGiven(house['fire.row'], input.row);
  const cells = cellRule(house['fire.cell']);
  const steps: Text[] = [];
  const range = input.range ? rangeEffect(input.range, pack, house, gm.effect, steps) : null;
  if (!range) steps.push(say('charge.fire.noRange'));
  const rec = recorder(input.dice);
  const rowFrom = fireRow({ ...(input.row !== undefined ? { given: input.row } : {}), rule: house['fire.row'], firer: input.firer, ...(range ? { band: range.band } : {}), rec, steps });
  const roll = rec.roll(fire.die);
  const total = roll + (range?.effect.value ?? 0) + sumGm(modifiers);
  steps.push(say('charge.fire.roll', { roll: withGm(range ? say('charge.fire.rollRange', { die: String(fire.die), roll: String(roll), effect: signed(range.effect.value) }) : `d${fire.die} ${roll}`, modifiers), total: String(total) }));

  let found = findBand(fire.columns, total);
  let noEffect = false;
  if (!found) {
    const below = sourced(fire.belowZero, house['fire.below-zero'], gm.belowZero, { what: say('charge.sourced.what.belowZero'), why: say('charge.sourced.why.belowZero'), house: 'fire.below-zero', option: withAction('below_zero:', 'fire') });
    if (below.value === 'no-effect') {
      noEffect = true;
      steps.push(say('charge.fire.belowNoEffect', { total: String(total), from: fromText(below) }));
    } else {
      found = { band: fire.columns.at(-1)!, index: fire.columns.length - 1 };
      steps.push(say('charge.fire.belowColumn', { total: String(total), column: found.band.label, from: fromText(below) }));
    }
  }
  const row = fire.rows.find((r) => r.row === rowFrom.value);
  if (!row) throw new Error(`pack FIRE-TABLE has no row ${rowFrom.value}`);
  let cell: Sourced<number> | null = null;
  if (found) {
    cell = sourced(row.cells[found.index] ?? null, row.row === '2' ? part(house['fire.row-2'], found.index) : undefined, gm.cell, {
      what: say('charge.sourced.what.fireCell', { row: row.row, column: found.band.label }),
      why: say('charge.sourced.why.illegible', { note: row.note ? packNote('note', `fire.row.${row.row}`, row.note) : say('charge.sourced.why.lost') }),
      ...(row.row === '2' ? { house: 'fire.row-2', entry: found.band.label } : {}),
      option: withAction('cell:', 'fire'),
    });
    steps.push(say('charge.fire.cell', { row: row.row, column: found.band.label, cell: String(cell.value), from: fromText(cell), uncertain: uncertainText(row.uncertain, `fire.row.${row.row}`) }));
  } else if (gm.cell !== undefined) refuse(say('charge.fire.noCell'));
  const effect = cell ? fireEffect(cell.value, cells, input.target, steps) : null;
  steps.push(say('charge.fire.lastColumn', { row: row.row, last: row.lastColumn ?? say('charge.fire.illegible') }));
  return { rule: 'FIRE-TABLE', roll, range, modifiers, total, column: found?.band.label ?? null, row: rowFrom.value, rowFrom, cell, lastColumn: row.lastColumn, noEffect, effect, dice: rec.rolled, steps };
}
