import { say, type Text } from '../../../i18n/text.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import { samePhase, sideName } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import type { Advance, Owed } from '../../../battle/system.ts';
import { refuse } from '../../../rules/errors.ts';
import { armyMoraleDue, awaiting, brigadePack as pack, placeTokens, rallyRetreating, replaceFallenLeaders } from '../index.ts';
import { armyMoraleExample } from './army-morale.ts';
import { remainderWaits } from './melee.ts';
import { brg, combatNow, destroyed, phaseId, tokensNow, unitsOf } from './state.ts';

/**
 * The turn sequence: what is refused on leaving a phase, the events that fall due on entering one
 * (tokens, rallies, leaders replaced), and what the players are told to do next.
 */

/** Formations (commands with a unit not destroyed, BRG-3.3.4) of the sides still on the field. */
const formations = (s: BattleState) => Object.values(s.commands).filter((c) => unitsOf(s, c).some((u) => !destroyed(s, u)) && !brg(s).withdrawn.includes(c.sideId));

/** The army morale check the Army Morale Phase owes on the turns BRG-4.1 calls for it, until a GM gives it. */
export function brigadeOwed(s: BattleState): Owed[] {
  if (phaseId(s.position) !== 'BRG-4' || brg(s).armyMoraleTurn === s.position.turn) return [];
  const { turn } = s.position;
  const fell = brg(s).fallen.some((f) => f.kind === 'army-commander' && f.removedTurn === turn);
  const check = armyMoraleDue({ turn, armyGeneralFell: fell, pack });
  return check.due ? [{ key: `army-morale@${turn}`, text: say('brigade.advance.owedArmyMorale', { why: check.why }), example: armyMoraleExample(s) }] : [];
}

export function brigadeAdvance(s: BattleState, next: Advance): Advance {
  const from = phaseId(s.position);
  const t = tokensNow(s);
  const waiting = t ? awaiting(t) : [];
  if (from === 'BRG-2') {
    const round = brg(s).volleys;
    if (round && samePhase(round.at, s.position)) refuse(say('brigade.advance.roundUnderWay', { formation: String(s.commands[round.formationId]?.name) }));
    if (waiting.length) refuse(say('brigade.advance.formationsWaiting', { names: waiting.map((h) => h.name ?? h.id).join(', '), n: waiting.length }));
  }
  if (from === 'BRG-3') {
    if (combatNow(s)?.tied) refuse(say('brigade.melee.tieWaits'));
    if (combatNow(s)?.remainder) refuse(remainderWaits(s));
    if (waiting.length) refuse(say('brigade.advance.unitsWaiting', { names: waiting.map((h) => h.name ?? h.id).join(', '), n: waiting.length, rule: t!.placed === 'BRG-3.4.2' ? 'BRG-3.4.7' : 'BRG-3.2.6' }));
  }
  const before: BattleEvent[] = [];
  const due: Text[] = [];
  const to = phaseId(next.to);
  if (from === 'BRG-1' && to === 'BRG-2') {
    // BRG-1.5: the last step of Command & Control places the tokens for the March and Volley phase.
    const holders = formations(s).map((c) => ({ id: c.id, name: c.name, side: sideName(s, c.sideId) }));
    if (holders.length) {
      const tokens = placeTokens('BRG-1.5', holders);
      before.push({ type: 'BrigadeTokensPlaced', data: { at: next.to, tokens, steps: [say('brigade.advance.tokensPlaced', { names: holders.map((h) => h.name).join(', ') })] } });
      due.push(say('brigade.advance.dueRounds', { n: holders.length }));
    }
  }
  if (to === 'BRG-1' && next.to.turn !== s.position.turn) {
    // A destroyed unit has nothing left to rally (BRG-3.3.4).
    const retreating = Object.entries(brg(s).units).filter(([id, st]) => st.retreating && s.units[id] && !destroyed(s, s.units[id]));
    if (retreating.length) {
      const outcome = rallyRetreating(retreating.map(([id]) => ({ unit: s.units[id]!.name })));
      before.push({ type: 'BrigadeRallied', data: { turn: next.to.turn, outcome, unitIds: retreating.map(([id]) => id) } });
    }
    if (brg(s).fallen.length) {
      const outcome = replaceFallenLeaders({ turn: next.to.turn, fallen: brg(s).fallen, pack });
      before.push({ type: 'BrigadeLeadersReplaced', data: { turn: next.to.turn, outcome } });
    }
    due.push(say('brigade.advance.dueOutOfCommand'));
  }
  if (to === 'BRG-3') due.push(say('brigade.advance.dueTokens'));
  if (to === 'BRG-4') {
    const fell = brg(s).fallen.some((f) => f.kind === 'army-commander' && f.removedTurn === next.to.turn);
    const check = armyMoraleDue({ turn: next.to.turn, armyGeneralFell: fell, pack });
    due.push(say(check.due ? 'brigade.advance.dueArmyMorale' : 'brigade.advance.noArmyMorale', { why: check.why }));
  }
  return { ...next, before: [...next.before, ...before], due: [...next.due, ...due] };
}
