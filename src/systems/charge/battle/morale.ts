import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, findUnit, needDice } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { resolveMorale, type Formation, type MoraleFacts, type MoraleOutcome, type UnitClass } from '../rules.ts';
import { CHARGE_PHASES } from '../sequence.ts';
import { chargeHouse } from './house.ts';
import { armOf, attr, commas, figuresNow, lines, noFigures, setUnit, startFigures, turnNow, unitStatus } from './state.ts';

/**
 * A morale test (MEL-D10 "Both sides check morale") by the battle's house rules morale.die,
 * morale.target, morale.modifiers and morale.results: the source gives none. Everything the
 * modifiers read comes from the roster and the log; the result is applied to the unit.
 */

export type ChargeMoraleTest = { type: 'ChargeMoraleTest'; unit: string };

export type ChargeMoraleTested = { type: 'ChargeMoraleTested'; data: { unitId: string; at: TurnPosition; outcome: MoraleOutcome; dice: DiceUsed } };

/** What the roster and the log tell of the unit: class, arm, formation, leader; losses, status; what it did this turn. */
export function moraleFacts(s: BattleState, u: Unit): MoraleFacts {
  const st = unitStatus(s, u.id);
  const t = turnNow(s, u);
  const cls = attr<UnitClass>(u, 'class');
  const formation = attr<Formation>(u, 'formation');
  const leader = attr<string>(u, 'leader');
  const phase = CHARGE_PHASES[s.position.phase]?.id;
  return {
    unit: u.name,
    arm: armOf(u),
    ...(phase ? { phase } : {}),
    ...(cls ? { class: cls } : {}),
    ...(formation ? { formation } : {}),
    leader: !!leader && leader !== 'none',
    shaken: !!st.shaken,
    disordered: !!st.disordered,
    ...(st.routBroken ? { routBroken: st.routBroken } : {}),
    figures: startFigures(u),
    figuresLost: st.figuresLost ?? 0,
    steps: st.steps ?? 0,
    turn: { charged: !!t.charged, wasCharged: !!t.wasCharged, ...(t.melee ? { melee: t.melee } : {}), firedAt: !!t.firedAt, fireLosses: t.fireLosses ?? 0 },
  };
}

export function decideMorale(s: BattleState, a: ChargeMoraleTest, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, say('charge.actsFor.morale'));
  if (figuresNow(s, u) < 1) noFigures(u);
  const facts = moraleFacts(s, u);
  const house = chargeHouse(s);
  const dice = needDice(ctx.dice);
  const { value: outcome, dice: used } = dice.take((d) => resolveMorale({ facts, house, dice: d }));
  return [{ type: 'ChargeMoraleTested', data: { unitId: u.id, at: s.position, outcome, dice: used } }];
}

/** The result on the unit: shaken, disordered, broken or routed (a rout is not lessened to broken). */
export function evolveMorale(d: BattleState, e: ChargeMoraleTested): void {
  const r = e.data.outcome.result;
  setUnit(d, e.data.unitId, (st) => ({
    ...st,
    ...(r.includes('shaken') ? { shaken: true } : {}),
    ...(r.includes('disordered') ? { disordered: true } : {}),
    ...(r.includes('routed') ? { routBroken: 'routed' as const } : r.includes('broken') && st.routBroken !== 'routed' ? { routBroken: 'broken' as const } : {}),
  }));
}

const RESULT_TEXT: Record<MoraleOutcome['result'][number], (unit: string) => Text> = {
  pass: (unit) => say('charge.battle.morale.passes', { unit }),
  shaken: (unit) => say('charge.battle.morale.shaken', { unit }),
  disordered: (unit) => say('charge.battle.charge.disordered', { unit }),
  'fall-back': (unit) => say('charge.battle.morale.fallsBack', { unit }),
  broken: (unit) => say('charge.battle.charge.routBroken', { unit, state: 'broken' }),
  routed: (unit) => say('charge.battle.charge.routBroken', { unit, state: 'routed' }),
};

export function describeMorale(e: ChargeMoraleTested): Text {
  const o = e.data.outcome;
  return lines(say('charge.battle.morale.head', { unit: o.unit, results: commas(o.result.map((result) => say('charge.battle.morale.result', { result: result === 'fall-back' ? 'fallBack' : result }))) ?? '' }), [
    ...o.steps,
    ...o.result.map((r) => RESULT_TEXT[r](o.unit)),
  ]);
}
