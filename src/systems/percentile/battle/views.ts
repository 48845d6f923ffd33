import { samePhase } from '../../../battle/mechanics.ts';
import type { BattleState, Command } from '../../../battle/state.ts';
import { joinedBy, say, type Text } from '../../../i18n/text.ts';
import { markerLines } from './counterbattery.ts';
import { posPhrase } from './phase.ts';
import { cannonNow, figures, figuresNow, pct, status } from './state.ts';
import { moonPhrase, weatherPhrase } from './night.ts';

/** The percentile lines of the views: /unit show, /battle status and a command in it. */

/** Lines for /unit show. */
export function percentileUnitLines(s: BattleState, unitId: string): Text[] {
  const u = s.units[unitId];
  if (!u) return [];
  const st = status(s, u.id);
  const name = (id: string) => s.units[id]?.name ?? id;
  const strength = { now: String(figuresNow(s, u)), start: String(figures(u)) };
  const out: Text[] = [st.losses ? say('percentile.views.figuresLost', { ...strength, lost: String(st.losses) }) : say('percentile.views.figures', strength)];
  if (u.attrs.cannon !== undefined) {
    const cannon = { now: String(cannonNow(s, u)), of: String(Number(u.attrs.cannon)) };
    out.push(st.cannonLost ? say('percentile.views.cannonLost', { ...cannon, lost: String(st.cannonLost) }) : say('percentile.views.cannon', cannon));
  }
  if (st.materialLost) out.push(say('percentile.views.material', { lost: String(st.materialLost) }));
  out.push(say('percentile.views.morale', { morale: st.morale ?? 'good' }));
  if (st.moraleDue) {
    const n = st.moraleDue.losses;
    out.push(samePhase(st.moraleDue.since, s.position) ? say('percentile.views.moraleDueNow', { n }) : say('percentile.views.moraleDue', { n, since: posPhrase(st.moraleDue.since) }));
  }
  for (const m of st.markers ?? []) out.push(...markerLines(m, name));
  const rounds = Object.entries(st.rounds ?? {});
  if (rounds.length || st.roundsLost) {
    const fired = joinedBy(rounds.map(([k, v]) => say('percentile.views.shotRounds', { shot: k, n: String(v) })), ', ');
    const values = { fired: fired || say('percentile.views.none') };
    out.push(st.roundsLost ? say('percentile.views.roundsLost', { ...values, lost: String(st.roundsLost) }) : say('percentile.views.rounds', values));
  }
  if (st.charge?.turn === s.position.turn) {
    const c = st.charge;
    out.push(c.direction === 'straight' ? say('percentile.views.chargeStraight') : say('percentile.views.chargeTurned', { degrees: String(c.degrees), direction: c.direction }));
  }
  if (st.declaredCharge?.turn === s.position.turn) out.push(say('percentile.views.declaredCharge'));
  if (st.replaced?.turn === s.position.turn) out.push(say('percentile.views.replaced'));
  if (u.attrs.ammunition !== undefined) {
    const left = Math.max(0, Number(u.attrs.ammunition) - rounds.reduce((x, [, v]) => x + v, 0) - (st.roundsLost ?? 0));
    out.push(say('percentile.views.ammunitionLeft', { left: String(left), of: String(Number(u.attrs.ammunition)) }));
  }
  return out;
}

/** /battle status: the night's visibility (NIGHT-18.31). */
export function nightStatusLines(s: BattleState): Text[] {
  const n = pct(s).night;
  return n.visibility ? [say('percentile.views.night', { moon: moonPhrase(n.moon), weather: weatherPhrase(n.weather), visibility: String(n.visibility) })] : [];
}

/** /battle status, a command's order and night stance. */
export function nightCommandLines(s: BattleState, c: Command): Text[] {
  const out: Text[] = [];
  if (c.order) out.push(say('percentile.views.order', { order: c.order }));
  if (c.orderDue) out.push(say('percentile.views.orderDue', { orders: c.orderDue.join('/') }));
  if (c.stance && (s.position.period === 'night' || s.position.period === 'dusk')) {
    const passive = c.stance === 'PASSIVE' && s.position.period === 'night';
    out.push(say('percentile.views.stance', { stance: c.stance, passive: passive ? 'yes' : 'no', triggered: c.triggered ? 'yes' : 'no' }));
  }
  if (c.attackedAtDawn) out.push(say('percentile.views.attackedAtDawn'));
  const cmr = pct(s).cmrNotes?.[c.id] ?? c.cmrNote;
  if (cmr) out.push(cmr);
  return out;
}
