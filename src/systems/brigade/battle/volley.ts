import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import { checkActsFor, findUnit, playsSide, samePhase, unitSideId } from '../../../battle/mechanics.ts';
import { isGm, type BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { closeVolleyRound, type VolleyRoundOutcome } from '../index.ts';
import { addCasualties, brg, checkInPlay, combatNow, destroyed, leaderOf, left, lines, phaseId, phaseText, setCombat, setState, setUnit, sideOfUnit, status, strength, unitName } from './state.ts';

/** The March and Volley round of the activated formation (BRG-2.2), and defensive fire in close combat (BRG-3.2.4, BRG-3.4.5). */
export type VolleyAction =
  | { type: 'BrigadeVolley'; firer: string; target: string; casualties: number }
  | { type: 'BrigadeEndRound' };

export type VolleyEvent =
  | { type: 'BrigadeVolleyFired'; data: { at: TurnPosition; firerId: string; targetId: string; casualties: number; defensive: boolean; left: number; steps: Text[] } }
  | { type: 'BrigadeRoundEnded'; data: { at: TurnPosition; formationId: string; outcome: VolleyRoundOutcome } };

/** BRG-2.2: a unit of the activated formation fires; the casualties are given (no fire table in the source) and applied. BRG-3.2.4 defensive fire too. */
export function volley(s: BattleState, a: Extract<VolleyAction, { type: 'BrigadeVolley' }>, ctx: DecideContext): BattleEvent[] {
  const firer = findUnit(s, a.firer);
  const target = findUnit(s, a.target);
  checkActsFor(s, ctx.actor, firer, say('brigade.actsFor.fire'));
  checkInPlay(s, firer);
  checkInPlay(s, target);
  const pid = phaseId(s.position);
  let defensive = false;
  if (pid === 'BRG-2') {
    const round = brg(s).volleys;
    if (!round || !samePhase(round.at, s.position)) refuse(say('brigade.volley.noFormation'));
    if (firer.commandId !== round.formationId) refuse(say('brigade.volley.notOfFormation', { unit: firer.name, formation: String(s.commands[round.formationId]?.name) }));
  } else if (pid === 'BRG-3') {
    if (!combatNow(s)?.defensiveFire.includes(firer.id)) refuse(say('brigade.volley.notNow', { unit: firer.name }));
    defensive = true;
  } else refuse(say('brigade.volley.whenFire', { now: phaseText(s.position.phase) }));
  if (unitSideId(s, target) === unitSideId(s, firer)) refuse(say('brigade.volley.sameSide', { firer: firer.name, target: target.name, side: sideOfUnit(s, firer) }));
  if (!Number.isInteger(a.casualties) || a.casualties < 0) refuse(say('brigade.volley.wholeNumber', { got: String(a.casualties) }));
  const now = left(s, target);
  if (a.casualties > now) refuse(say('brigade.volley.tooMany', { unit: target.name, left: now, strength: strength(target), n: a.casualties }));
  const fired = { firer: firer.name, target: target.name, n: a.casualties };
  const steps: Text[] = [
    defensive ? say('brigade.volley.firesDefensive', fired) : say('brigade.volley.fires', fired),
    now - a.casualties > 0 ? say('brigade.state.leftOf', { unit: target.name, left: now - a.casualties, strength: strength(target) }) : say('brigade.state.noneLeft', { unit: target.name, rule: 'BRG-2.2' }),
  ];
  return [{ type: 'BrigadeVolleyFired', data: { at: s.position, firerId: firer.id, targetId: target.id, casualties: a.casualties, defensive, left: now - a.casualties, steps } }];
}

/** BRG-2.2.1-2.2.3: the end of the formation's round: morale tests due, once per phase, and Fallen Leader rolls. */
export function endRound(s: BattleState, ctx: DecideContext): BattleEvent[] {
  const round = brg(s).volleys;
  if (!round || !samePhase(round.at, s.position)) refuse(say('brigade.volley.noRound'));
  const formation = s.commands[round.formationId];
  const ownSide = formation?.sideId ?? '';
  if (!isGm(s, ctx.actor) && !playsSide(s, ctx.actor, ownSide)) refuse(say('brigade.volley.whoEnds', { formation: String(formation?.name) }));
  const name = (id: string) => s.units[id]?.name ?? id;
  const targets = [...new Set(round.fired.map((f) => f.targetId))].flatMap((id) => {
    const u = s.units[id];
    if (!u) return [];
    const m = status(s, id).morale;
    return [{ unit: u.name, leaders: leaderOf(u), testedThisPhase: m !== undefined && samePhase(m.at, s.position), ...(destroyed(s, u) ? { destroyed: true } : {}) }];
  });
  const outcome = closeVolleyRound({ formation: formation?.name ?? round.formationId, volleys: round.fired.map((f) => ({ firer: name(f.firerId), target: name(f.targetId), casualties: f.casualties })), targets });
  outcome.steps.push(say('brigade.volley.allActed'));
  return [{ type: 'BrigadeRoundEnded', data: { at: s.position, formationId: round.formationId, outcome } }];
}

export function evolveVolley(d: BattleState, e: VolleyEvent): void {
  switch (e.type) {
    case 'BrigadeVolleyFired': {
      setUnit(d, e.data.targetId, addCasualties(e.data.casualties));
      const v = brg(d).volleys;
      if (!e.data.defensive && v) setState(d, { volleys: { ...v, fired: [...v.fired, { firerId: e.data.firerId, targetId: e.data.targetId, casualties: e.data.casualties }] } });
      if (e.data.defensive) setCombat(d, e.data.at, (c) => ({ ...c, defensiveFire: c.defensiveFire.filter((id) => id !== e.data.firerId) }));
      return;
    }
    case 'BrigadeRoundEnded':
      setState(d, { volleys: undefined });
      return;
  }
}

export function describeVolley(e: VolleyEvent, s: BattleState): Text {
  switch (e.type) {
    case 'BrigadeVolleyFired':
      return lines(say('brigade.volley.head', { firer: unitName(s, e.data.firerId), target: unitName(s, e.data.targetId), n: e.data.casualties, rule: e.data.defensive ? 'BRG-3.2.4' : 'BRG-2.2' }), e.data.steps);
    case 'BrigadeRoundEnded': {
      const o = e.data.outcome;
      const head = o.moraleTests.length ? say('brigade.volley.headEndTests', { formation: o.formation, units: o.moraleTests.map((m) => m.unit).join(', ') }) : say('brigade.volley.headEnd', { formation: o.formation });
      return lines(head, o.steps);
    }
  }
}
