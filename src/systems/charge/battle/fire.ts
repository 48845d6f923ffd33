import { chargeHouse } from './house.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, checkGmRulings, findUnit, needDice } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { chargePack as pack, FIRE_ROWS, resolveFire, type FireBand, type FireOutcome, type FireRow, type GmModifier } from '../rules.ts';
import { checkEnemies, figuresNow, given, lines, unitStatus } from './state.ts';

export type ChargeFire = {
  type: 'ChargeFire';
  firer: string;
  target: string;
  row: FireRow;
  block?: string;
  band?: FireBand['band'];
  distance?: number;
  modifiers?: GmModifier[];
  cell?: number;
  effect?: number;
  belowZero?: 'no-effect' | 'column-0';
};

export type ChargeFireResolved = { type: 'ChargeFireResolved'; data: { firerId: string; targetId: string; at: TurnPosition; outcome: FireOutcome & { firer: string; target: string }; dice: DiceUsed } };

/** FIRE-TABLE: the row named (the source does not say what it counts), the range band's Effect, the GM's modifiers. */
export function decideFire(s: BattleState, a: ChargeFire, ctx: DecideContext): BattleEvent[] {
  const firer = findUnit(s, a.firer);
  const target = findUnit(s, a.target);
  checkActsFor(s, ctx.actor, firer, 'fire with it');
  checkEnemies(s, firer, target, 'fire at');
  checkGmRulings(s, ctx.actor, given({ modifiers: a.modifiers, cell: a.cell, effect: a.effect, below_zero: a.belowZero }), 'FIRE-TABLE', 'give them');
  if (!FIRE_ROWS.includes(a.row)) refuse(`The fire row is one of ${FIRE_ROWS.join(', ')} (got "${a.row}") (FIRE-TABLE).`);
  if ((a.block === undefined) !== (a.band === undefined)) refuse('Give the range block and its band together, or neither: range only matters during approach fire (FIRE-TABLE.NOTES).');
  if (a.distance !== undefined && a.block === undefined) refuse('A measured range is checked against a range block and band: give block and band too (FIRE-TABLE.RANGE).');
  const f = unitStatus(s, firer.id);
  if (f.routBroken) refuse(`${firer.name} is ${f.routBroken}; a GM records it rallied with /charge status first.`);
  if (figuresNow(s, firer) < 1) refuse(`${firer.name} has no figures left.`);
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveFire({
      row: a.row,
      ...(a.block !== undefined && a.band !== undefined ? { range: { block: a.block, band: a.band, ...(a.distance !== undefined ? { distance: a.distance } : {}) } } : {}),
      ...(a.modifiers ? { modifiers: a.modifiers } : {}),
      gm: { ...(a.cell !== undefined ? { cell: a.cell } : {}), ...(a.effect !== undefined ? { effect: a.effect } : {}), ...(a.belowZero ? { belowZero: a.belowZero } : {}) },
      dice: d,
      house: chargeHouse(s),
      pack,
    }),
  );
  return [{ type: 'ChargeFireResolved', data: { firerId: firer.id, targetId: target.id, at: s.position, outcome: { ...o, firer: firer.name, target: target.name }, dice: used } }];
}

export function describeFire(e: ChargeFireResolved): string {
  const o = e.data.outcome;
  return lines(`${o.firer} fires at ${o.target} (FIRE-TABLE): ${o.noEffect ? 'no effect' : `row ${o.row}, column ${o.column}: ${o.cell?.value}`}`, [
    ...o.steps,
    ...(o.noEffect ? [] : ['The source does not say what the cell counts: the GM applies it (/charge status).']),
  ]);
}
