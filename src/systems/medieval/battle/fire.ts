import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { DiceUsed } from '../../../battle/events.ts';
import { houseNote, houseRule } from '../../../battle/house.ts';
import { checkActsFor, findUnit, needDice, samePhase, sideName, unitSideId } from '../../../battle/mechanics.ts';
import { isGm, type BattleState } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { refuse } from '../../../rules/errors.ts';
import {
  BANDS,
  medievalPack as pack,
  rangeBand,
  rangeRow,
  resolveFire,
  type Armour,
  type FireDerived,
  type FireKind,
  type FireOutcome,
  type ModifierChoice,
  type RangeBand,
  type RangeOutcome,
  type TroopClass,
  type Unit as Measure,
} from '../index.ts';
import { MEDIEVAL_PHASES } from '../sequence.ts';
import { addLosses, checkPhase, figuresNow, FIRING_SIDE, letterOf, lines, med, options, phaseAt, phaseId, setUnit, unitStatus } from './state.ts';

/** Firing by the Firing Chart (MED-FIRE, MED-RANGE, MED-FIRE-MOD): kills, guns exploded and misfired. */

export type FireAction = {
  type: 'MedievalFire';
  firer: string;
  target: string;
  range?: number;
  measure?: Measure;
  band?: RangeBand;
  figures?: number;
  modifiers?: ModifierChoice[];
  targetMoving?: boolean;
  score?: number;
};

/** The firing outcome as posted: the chart resolution plus what the battle supplied and applied. */
export interface MedievalFireOutcome extends FireOutcome {
  firer: string;
  target: string;
  range: RangeOutcome | null;
  band: RangeBand;
  firing: { figures: number; why: Text };
  derived: FireDerived;
  applied: { losses: number; figuresLeft: number; gunsExploded: number; gunsMisfired: number };
}

export type FireEvent = { type: 'MedievalFireResolved'; data: { firerId: string; targetId: string; at: TurnPosition; volley: number; gunpowder: boolean; outcome: MedievalFireOutcome; dice: DiceUsed } };

/** MED-FIRE with MED-RANGE, MED-FIRE-MOD (derived from the log where it can be) and MED-RANGE.9. */
export function decideFire(s: BattleState, a: FireAction, ctx: DecideContext): FireEvent[] {
  const firer = findUnit(s, a.firer);
  const target = findUnit(s, a.target);
  checkActsFor(s, ctx.actor, firer, say('medieval.fire.withIt'));
  checkPhase(s, 'MED-FIRE', 'fire');
  const at = s.position;
  const pid = phaseId(at);
  const firerSide = unitSideId(s, firer);
  const letter = letterOf(s, firerSide);
  if (FIRING_SIDE[pid] !== letter) {
    refuse(say('medieval.fire.notYourPhase', { phase: pid.replace('MED-SEQ.', ''), firing: FIRING_SIDE[pid]!, rule: pid, unit: firer.name, letter, side: sideName(s, firerSide) }));
  }
  if (firer.id === target.id) refuse(say('medieval.fire.atItself', { unit: firer.name }));
  if (unitSideId(s, target) === firerSide) refuse(say('medieval.fire.sameSide', { firer: firer.name, target: target.name, side: sideName(s, firerSide) }));
  const weapon = firer.attrs.weapon === undefined ? refuse(say('medieval.fire.noWeapon', { unit: firer.name })) : String(firer.attrs.weapon);
  const armour = target.attrs.armour === undefined ? refuse(say('medieval.fire.noArmour', { unit: target.name })) : String(target.attrs.armour);
  const st = unitStatus(s, firer.id);
  if (st.routing) refuse(say('medieval.fire.routing', { unit: firer.name }));
  if (samePhase(st.firedAt, at)) refuse(say('medieval.fire.firedAlready', { unit: firer.name }));
  const effect = st.morale?.at.turn === at.turn ? st.morale : undefined;
  if (effect?.mayFire === 'no') refuse(say('medieval.fire.fellBack', { unit: firer.name, effect: effect.name, at: phaseAt(effect.at), rules: effect.rules.join(', ') }));
  const targetLeft = figuresNow(s, target);
  if (targetLeft === 0) refuse(say('medieval.state.noFiguresLeft', { unit: target.name }));

  const artillery = rangeRow(weapon, pack).artillery;
  let figures: number;
  let why: Text;
  if (artillery) {
    if (st.gunsAbandoned) refuse(say('medieval.fire.gunsAbandoned', { unit: firer.name }));
    const cannon = firer.attrs.cannon === undefined ? refuse(say('medieval.fire.noGuns', { unit: firer.name })) : Number(firer.attrs.cannon);
    const lost = st.gunsLost ?? 0;
    const misfired = st.misfired?.turn === at.turn ? st.misfired.guns : 0;
    const ready = cannon - lost - misfired;
    const exploded = lost ? say('medieval.fire.gunsExploded', { n: String(lost) }) : undefined;
    const down = misfired ? say('medieval.fire.gunsMisfiredThisTurn', { n: String(misfired) }) : undefined;
    const reasonsText: Text = exploded && down ? say('medieval.fire.both', { a: exploded, b: down }) : (exploded ?? down ?? '');
    if (ready <= 0) refuse(say('medieval.fire.noGunReady', { unit: firer.name, reasons: reasonsText }));
    if (a.figures !== undefined && a.figures > ready) refuse(say('medieval.fire.tooManyGuns', { unit: firer.name, ready, cannon, reasons: reasonsText, asked: String(a.figures) }));
    figures = a.figures ?? ready;
    why = say('medieval.fire.whyGuns', { figures, cannon: String(cannon), hasReasons: lost || misfired ? 'yes' : 'no', reasons: reasonsText });
  } else {
    const now = figuresNow(s, firer);
    // MED-SEQ.12: side B's figures "shot" in phase 11 still fire in phase 12.
    const shot = pid === 'MED-SEQ.12' && st.shot?.turn === at.turn && MEDIEVAL_PHASES[st.shot.phase]?.id === 'MED-SEQ.11' ? st.shot.figures : 0;
    let max = now + shot;
    // MED-MORALE-EFFECTS.3b: skirmishers falling back in good order fire at half headcount (rounded down: the source gives no rounding).
    if (effect?.mayFire === 'half') max = Math.floor(max / 2);
    const canFire = say('medieval.fire.canFire', { now, shot, half: effect?.mayFire === 'half' ? 'yes' : 'no', rules: effect?.rules.join(', ') ?? '', max: String(max) });
    if (max === 0) refuse(say('medieval.fire.noFiguresReady', { unit: firer.name, why: canFire }));
    if (a.figures !== undefined && a.figures > max) refuse(say('medieval.fire.tooManyFigures', { unit: firer.name, max, why: canFire, asked: String(a.figures) }));
    figures = a.figures ?? max;
    const limited = shot > 0 || effect?.mayFire === 'half';
    why = say('medieval.fire.whyFigures', { figures, how: a.figures !== undefined ? 'given' : limited ? 'limited' : 'all', max: canFire });
  }

  if (a.range !== undefined && a.band !== undefined) refuse(say('medieval.fire.rangeAndBand'));
  if (a.measure !== undefined && a.range === undefined) refuse(say('medieval.fire.measureWithoutRange', { measure: a.measure }));
  if (a.range === undefined && a.band === undefined) refuse(say('medieval.fire.giveRange', { firer: firer.name, target: target.name }));
  if (a.band !== undefined && !BANDS.includes(a.band)) refuse(say('medieval.fire.badBand', { band: String(a.band) }));
  const range = a.range !== undefined ? rangeBand(weapon, a.range, a.measure ?? 'in', pack) : null;
  const band = range?.band ?? a.band!;

  const prevVolleys = st.volleys;
  // MED-FIRE-MOD.8: the unit's run of volleys counts Game Turns in a row in which it fired.
  const volley = prevVolleys?.turn === at.turn ? prevVolleys.run : prevVolleys?.turn === at.turn - 1 ? prevVolleys.run + 1 : 1;
  const firedOn = st.firedOn;
  const gunpowder = pack.fire.gunpowder.includes(weapon.trim().toLowerCase());
  const rain = med(s).weather?.rain;
  const derived: FireDerived = {
    ...(firer.attrs.class !== undefined ? { firerClass: String(firer.attrs.class) as TroopClass } : {}),
    firerArm: String(firer.attrs.arm),
    consecutiveVolley: volley,
    firstGunpowderShot: gunpowder && !st.firedGunpowder,
    // MED-FIRE-MOD.9 "this move or last": a move is a Game Turn, so fire in phase 12 still counts in the next turn's phase 11.
    firerUnderFire: firedOn !== undefined && at.turn - firedOn.turn <= 1,
    targetMoving: a.targetMoving ?? false,
    ...(rain !== undefined ? { rain } : {}),
    target: {
      arm: String(target.attrs.arm),
      ...(target.attrs.order !== undefined ? { order: String(target.attrs.order) } : {}),
      ...(target.attrs.formation !== undefined ? { formation: String(target.attrs.formation) } : {}),
    },
  };
  const houseRow = pack.fire.noChartRow.includes(weapon.trim().toLowerCase()) ? houseRule(s, `fire.${weapon.trim().toLowerCase()}`) : undefined;
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveFire({
      weapon,
      figures,
      band,
      targetArmour: armour as Armour,
      ...(a.modifiers ? { modifiers: a.modifiers } : {}),
      derived,
      ...(a.score !== undefined ? { chartScore: a.score } : {}),
      ...(houseRow ? { houseRow: { key: `fire.${weapon.trim().toLowerCase()}`, group: String(houseRow.value), note: houseNote(houseRow) } } : {}),
      gm: isGm(s, ctx.actor),
      by: ctx.actor,
      dice: d,
      pack,
      options: { ...(options(s).partDice !== undefined ? { partDice: options(s).partDice } : {}) },
    }),
  );
  const losses = Math.min(o.kills, targetLeft);
  const gunsExploded = o.artillery?.throws.filter((t) => t.result === 'explodes').length ?? 0;
  const gunsMisfired = o.artillery?.throws.filter((t) => t.result === 'misfire').length ?? 0;
  const outcome: MedievalFireOutcome = {
    ...o,
    firer: firer.name,
    target: target.name,
    range,
    band,
    firing: { figures, why },
    derived,
    applied: { losses, figuresLeft: targetLeft - losses, gunsExploded, gunsMisfired },
  };
  return [{ type: 'MedievalFireResolved', data: { firerId: firer.id, targetId: target.id, at, volley, gunpowder, outcome, dice: used } }];
}

export function evolveFireResolved(d: BattleState, e: FireEvent): void {
  const { firerId, targetId, at, volley, gunpowder, outcome } = e.data;
  const { gunsExploded, gunsMisfired, losses } = outcome.applied;
  setUnit(d, firerId, (st) => ({
    ...st,
    firedAt: at,
    volleys: { turn: at.turn, run: volley },
    ...(gunpowder ? { firedGunpowder: true } : {}),
    ...(gunsExploded ? { gunsLost: (st.gunsLost ?? 0) + gunsExploded } : {}),
    ...(gunsMisfired ? { misfired: { turn: at.turn, guns: (st.misfired?.turn === at.turn ? st.misfired.guns : 0) + gunsMisfired } } : {}),
  }));
  const kind = fireKind(d.units[firerId]?.attrs ?? {}, outcome.artillery !== undefined);
  setUnit(d, targetId, (st) => ({
    ...addLosses(st, losses),
    firedOn: at,
    ...(st.firstFiredOn ? {} : { firstFiredOn: at }),
    ...(losses ? { fireLosses: { turn: at.turn, figures: (st.fireLosses?.turn === at.turn ? st.fireLosses.figures : 0) + losses, at } } : {}),
    ...(kind ? { underFire: { ...st.underFire, [kind]: { at, by: firerId } } } : {}),
    shot: { turn: at.turn, phase: at.phase, figures: (samePhase(st.shot, at) ? st.shot!.figures : 0) + losses },
  }));
}

/**
 * Who fired, as MED-MORALE-MOD.18, .20 and .22 name them: artillery fire (a gun's), skirmishing or
 * non-skirmishing infantry or cavalry (mounted infantry count as infantry); wagons name none.
 */
export function fireKind(attrs: Readonly<Record<string, unknown>>, artillery: boolean): FireKind | undefined {
  if (artillery || attrs.arm === 'artillery') return 'artillery';
  if (attrs.arm !== 'infantry' && attrs.arm !== 'cavalry' && attrs.arm !== 'mounted infantry') return undefined;
  return attrs.order === 'skirmish' ? 'skirmishing' : 'formed';
}

export function describeFireResolved(e: FireEvent): Text {
  const o = e.data.outcome;
  const extra = [
    say('medieval.fire.targetLoses', { unit: o.target, losses: o.applied.losses, more: o.applied.losses < o.kills ? 'yes' : 'no', kills: o.kills, left: String(o.applied.figuresLeft) }),
    ...(o.applied.gunsExploded ? [say('medieval.fire.firerLosesGuns', { unit: o.firer, n: o.applied.gunsExploded })] : []),
    ...(o.applied.gunsMisfired ? [say('medieval.fire.gunsMisfired', { unit: o.firer, n: o.applied.gunsMisfired, turn: String(e.data.at.turn + 1) })] : []),
  ];
  return lines(say('medieval.fire.head', { firer: o.firer, target: o.target, kills: o.kills }), [
    ...(o.range?.steps ?? [say('medieval.fire.bandAsGiven', { band: o.band })]),
    say('medieval.fire.whySentence', { why: o.firing.why }),
    ...o.steps,
    ...extra,
  ]);
}
