import { plural } from '../../../messages.ts';
import { samePhase, sideName } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import { awaiting } from '../index.ts';
import { brg, combatNow, destroyed, initiativeNow, leaderOf, left, status, strength, tokensNow, unitName } from './state.ts';

/** Lines for /unit show. */
export function brigadeUnitLines(s: BattleState, u: Unit): string[] {
  const st = status(s, u.id);
  if (destroyed(s, u)) {
    const out = [`destroyed: no strength left (${plural(st.casualties, 'casualty', 'casualties')} on a strength of ${strength(u)}), out of play (BRG-3.3.4)`];
    if (leaderOf(u).length) out.push(`leader attached: ${leaderOf(u).join(', ')}`);
    return out;
  }
  const out = [`strength ${left(s, u)} of ${strength(u)}${st.casualties ? ` (${plural(st.casualties, 'casualty', 'casualties')})` : ''}`];
  if (st.retreating) out.push(`retreating${st.retreating.marker ? ', retreat marker' : ''} (${st.retreating.rule}); rallies in the next Command & Control phase (BRG-1.1)`);
  if (st.outOfCommand?.turn === s.position.turn) out.push(`out of command this turn: ${st.outOfCommand.why} (BRG-1.3)`);
  if (st.morale && st.morale.at.turn === s.position.turn) out.push(`morale test ${st.morale.result} (turn ${st.morale.at.turn}, ${st.morale.sub})`);
  if (leaderOf(u).length) out.push(`leader attached: ${leaderOf(u).join(', ')}`);
  return out;
}

/** Lines for /battle status: tokens still down, who activates, leaders fallen, armies withdrawn. */
export function brigadeStatusLines(s: BattleState): string[] {
  const b = brg(s);
  const out: string[] = [];
  const t = tokensNow(s);
  if (t) out.push(`Activate tokens (${t.placed}) still down: ${awaiting(t).map((h) => `${h.name ?? h.id} (${h.side})`).join(', ') || 'none, every one has activated'}`);
  const ini = initiativeNow(s);
  if (ini && ini.declaredSideId === undefined) out.push(ini.winnerSideId ? `${sideName(s, ini.winnerSideId)} won the initiative and declares which side activates (/activate declare)` : 'The initiative is tied: a GM declares which side activates (/activate declare)');
  else if (ini?.declaredSideId && !ini.used) out.push(`${sideName(s, ini.declaredSideId)} activates next: /activate ${t?.what ?? 'formation'}`);
  const v = b.volleys;
  if (v && samePhase(v.at, s.position)) out.push(`${s.commands[v.formationId]?.name} is acting (BRG-2.2): /fire brigade, then /activate end-round`);
  const c = combatNow(s);
  if (c?.remainder) out.push(`Extra casualties waiting for the GM: ${c.remainder.count}, one each to units of ${c.remainder.among.map((id) => unitName(s, id)).join(', ')} (/brigade remainder, BRG-3.3.4)`);
  if (c?.exploiting) out.push(`Exploiting: ${c.exploiting.map((id) => unitName(s, id)).join(', ') || 'none left'} (BRG-3.4)`);
  if (b.fallen.length) out.push(`Fallen leaders: ${b.fallen.map((f) => `${f.leader} (${f.kind}, fell turn ${f.removedTurn})`).join(', ')} (BRG-1.2)`);
  const leaders = Object.values(b.leaders);
  if (leaders.length) out.push(`Leaders: ${leaders.map((l) => `${l.name} ${l.kind} (${sideName(s, l.sideId)})`).join(', ')}`);
  if (b.withdrawn.length) out.push(`Withdrawn from the battlefield: ${b.withdrawn.map((id) => sideName(s, id)).join(', ')} (BRG-4.2)`);
  return out;
}
