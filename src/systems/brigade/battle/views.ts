import { samePhase, sideName } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import { joinedBy, say, type Text } from '../../../i18n/text.ts';
import { awaiting } from '../index.ts';
import type { LeaderKind } from '../pack-schema.ts';
import { brg, combatNow, destroyed, initiativeNow, leaderOf, left, status, strength, tokensNow, unitName } from './state.ts';

/** A leader's kind as the views show it (BRG-1.2): army-commander, sub-general, brigade-commander. */
const leaderKind = (kind: LeaderKind): Text => say('brigade.leaderKind', { kind: kind === 'army-commander' ? 'armyCommander' : kind === 'sub-general' ? 'subGeneral' : 'brigadeCommander' });

/** Lines for /unit show. */
export function brigadeUnitLines(s: BattleState, u: Unit): Text[] {
  const st = status(s, u.id);
  if (destroyed(s, u)) {
    const out: Text[] = [say('brigade.views.destroyed', { n: st.casualties, strength: String(strength(u)) })];
    if (leaderOf(u).length) out.push(say('brigade.views.leader', { leaders: leaderOf(u).join(', ') }));
    return out;
  }
  const values = { left: String(left(s, u)), strength: String(strength(u)) };
  const out: Text[] = [st.casualties ? say('brigade.views.strengthLost', { ...values, n: st.casualties }) : say('brigade.views.strength', values)];
  if (st.retreating) out.push(say(st.retreating.marker ? 'brigade.views.retreatingMarker' : 'brigade.views.retreating', { rule: st.retreating.rule }));
  if (st.outOfCommand?.turn === s.position.turn) out.push(say('brigade.views.outOfCommand', { why: st.outOfCommand.why }));
  if (st.morale && st.morale.at.turn === s.position.turn) out.push(say('brigade.views.morale', { result: st.morale.result, turn: String(st.morale.at.turn), rule: st.morale.sub }));
  if (leaderOf(u).length) out.push(say('brigade.views.leader', { leaders: leaderOf(u).join(', ') }));
  return out;
}

/** Lines for /battle status: tokens still down, who activates, leaders fallen, armies withdrawn. */
export function brigadeStatusLines(s: BattleState): Text[] {
  const b = brg(s);
  const out: Text[] = [];
  const t = tokensNow(s);
  if (t) {
    const down = awaiting(t).map((h) => `${h.name ?? h.id} (${h.side})`).join(', ');
    out.push(down ? say('brigade.views.tokens', { placed: t.placed, down }) : say('brigade.views.tokensNone', { placed: t.placed }));
  }
  const ini = initiativeNow(s);
  if (ini && ini.declaredSideId === undefined) out.push(ini.winnerSideId ? say('brigade.views.initiativeWon', { side: sideName(s, ini.winnerSideId) }) : say('brigade.views.initiativeTied'));
  else if (ini?.declaredSideId && !ini.used) out.push(say('brigade.views.activatesNext', { side: sideName(s, ini.declaredSideId), what: t?.what ?? 'formation' }));
  const v = b.volleys;
  if (v && samePhase(v.at, s.position)) out.push(say('brigade.views.acting', { formation: `${s.commands[v.formationId]?.name}` }));
  const c = combatNow(s);
  if (c?.remainder) out.push(say('brigade.views.remainder', { count: String(c.remainder.count), units: c.remainder.among.map((id) => unitName(s, id)).join(', ') }));
  if (c?.exploiting) {
    const units = c.exploiting.map((id) => unitName(s, id)).join(', ');
    out.push(units ? say('brigade.views.exploiting', { units }) : say('brigade.views.exploitingNone'));
  }
  if (b.fallen.length) {
    const fallen = b.fallen.map((f): Text => say('brigade.views.fallenLeader', { leader: f.leader, kind: leaderKind(f.kind), turn: String(f.removedTurn) }));
    out.push(say('brigade.views.fallen', { leaders: fallen.reduce((x, y) => say('brigade.views.comma', { a: x, b: y })) }));
  }
  const leaders = Object.values(b.leaders);
  if (leaders.length) out.push(say('brigade.views.leaders', { leaders: joinedBy(leaders.map((l) => say('brigade.views.leaderEntry', { name: l.name, kind: leaderKind(l.kind), side: sideName(s, l.sideId) })), ', ') }));
  if (b.withdrawn.length) out.push(say('brigade.views.withdrawn', { sides: b.withdrawn.map((id) => sideName(s, id)).join(', ') }));
  return out;
}
