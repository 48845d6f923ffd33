import { say, type Text } from '../../../i18n/text.ts';
import { chargeHouse } from './house.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, checkGmRulings, findUnit, needDice } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { chargePack as pack, FIRE_ROWS, resolveFire, type FireBand, type FirerFacts, type FireOutcome, type FireRow, type Formation, type Gun, type GmModifier, type UnitClass } from '../rules.ts';
import { armOf, attr, checkEnemies, commas, figuresNow, given, lines, noFigures, noteTurn, setUnit, unitStatus } from './state.ts';

export type ChargeFire = {
  type: 'ChargeFire';
  firer: string;
  target: string;
  /** A GM's row where the battle has no house rule fire.row; the firing player's count where it reads the row on the table. */
  row?: FireRow;
  block?: string;
  band?: FireBand['band'];
  distance?: number;
  modifiers?: GmModifier[];
  cell?: number;
  effect?: number;
  belowZero?: 'no-effect' | 'column-0';
};

export type ChargeFireResolved = { type: 'ChargeFireResolved'; data: { firerId: string; targetId: string; at: TurnPosition; outcome: FireOutcome & { firer: string; target: string }; dice: DiceUsed } };

/** The firer as the house rule fire.row may read it: the roster's attributes, its figures left from the log. */
function firerFacts(s: BattleState, u: Unit): FirerFacts {
  const cls = attr<UnitClass>(u, 'class');
  const formation = attr<Formation>(u, 'formation');
  const gun = attr<Gun>(u, 'gun');
  return { name: u.name, arm: armOf(u), figures: figuresNow(s, u), ...(cls ? { class: cls } : {}), ...(formation ? { formation } : {}), ...(gun ? { gun } : {}) };
}

/**
 * FIRE-TABLE: the row by the battle's house rule fire.row (else a GM's), the range band's Effect,
 * the GM's modifiers; the cell's effect on the target by the house rule fire.cell, applied.
 */
export function decideFire(s: BattleState, a: ChargeFire, ctx: DecideContext): BattleEvent[] {
  const firer = findUnit(s, a.firer);
  const target = findUnit(s, a.target);
  checkActsFor(s, ctx.actor, firer, say('charge.actsFor.fire'));
  checkEnemies(s, firer, target, 'fire');
  const house = chargeHouse(s);
  // Without the house rule, the row is a GM's ruling: the source does not say how it is chosen.
  const row = house['fire.row'] ? undefined : a.row;
  checkGmRulings(s, ctx.actor, given({ row, modifiers: a.modifiers, cell: a.cell, effect: a.effect, below_zero: a.belowZero }), 'FIRE-TABLE', say('charge.gmGives.fireRow'));
  if (a.row !== undefined && !FIRE_ROWS.includes(a.row)) refuse(say('charge.battle.fire.rowOneOf', { rows: FIRE_ROWS.join(', '), row: String(a.row) }));
  if ((a.block === undefined) !== (a.band === undefined)) refuse(say('charge.battle.fire.blockAndBand'));
  if (a.distance !== undefined && a.block === undefined) refuse(say('charge.battle.fire.distanceNeedsBlock'));
  const f = unitStatus(s, firer.id);
  if (f.routBroken) refuse(say('charge.battle.fire.routed', { unit: firer.name, state: f.routBroken }));
  if (figuresNow(s, firer) < 1) noFigures(firer);
  if (figuresNow(s, target) < 1) refuse(say('charge.battle.fire.noTargetFigures', { unit: target.name }));
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveFire({
      firer: firerFacts(s, firer),
      target: { name: target.name, figures: figuresNow(s, target) },
      ...(a.row !== undefined ? { row: a.row } : {}),
      ...(a.block !== undefined && a.band !== undefined ? { range: { block: a.block, band: a.band, ...(a.distance !== undefined ? { distance: a.distance } : {}) } } : {}),
      ...(a.modifiers ? { modifiers: a.modifiers } : {}),
      gm: { ...(a.cell !== undefined ? { cell: a.cell } : {}), ...(a.effect !== undefined ? { effect: a.effect } : {}), ...(a.belowZero ? { belowZero: a.belowZero } : {}) },
      dice: d,
      house,
      pack,
    }),
  );
  return [{ type: 'ChargeFireResolved', data: { firerId: firer.id, targetId: target.id, at: s.position, outcome: { ...o, firer: firer.name, target: target.name }, dice: used } }];
}

/** The target takes the cell's effect (house rule fire.cell); its turn's record notes the fire. Logs from before fire.cell applied nothing. */
export function evolveFire(d: BattleState, e: ChargeFireResolved): void {
  const { targetId, at, outcome: o } = e.data;
  const x = o.effect;
  if (x) {
    setUnit(d, targetId, (st) => ({
      ...st,
      ...(x.figures ? { figuresLost: (st.figuresLost ?? 0) + x.figures } : {}),
      ...(x.steps ? { steps: (st.steps ?? 0) + x.steps } : {}),
      ...(x.disordered ? { disordered: true } : {}),
    }));
  }
  const lost = (x?.figures ?? 0) + (x?.steps ?? 0);
  noteTurn(d, targetId, at, (t) => ({ ...t, firedAt: true, ...(lost ? { fireLosses: (t.fireLosses ?? 0) + lost } : {}) }));
}

export function describeFire(e: ChargeFireResolved): Text {
  const o = e.data.outcome;
  const x = o.effect;
  const result = o.noEffect ? say('charge.battle.fire.noEffect') : say('charge.battle.fire.cell', { row: String(o.row), column: String(o.column), value: String(o.cell?.value) });
  const did = x
    ? commas([
        ...(x.figures ? [say('charge.battle.fire.figuresLost', { n: x.figures })] : []),
        ...(x.steps ? [say('charge.battle.fire.stepsLost', { n: x.steps })] : []),
        ...(x.disordered ? [say('charge.battle.fire.disordered')] : []),
        ...(x.morale ? [say('charge.battle.fire.testsMorale')] : []),
      ])
    : undefined;
  const head = did ? say('charge.battle.fire.headDid', { firer: o.firer, target: o.target, result, did }) : say('charge.battle.fire.head', { firer: o.firer, target: o.target, result });
  return lines(head, [
    ...o.steps,
    ...(o.effect === undefined && !o.noEffect ? [say('charge.battle.fire.cellUnknown')] : []),
    ...(x?.morale ? [say('charge.battle.fire.moraleNow', { unit: o.target })] : []),
  ]);
}
