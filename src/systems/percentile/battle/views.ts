import { samePhase } from '../../../battle/mechanics.ts';
import type { BattleState, Command } from '../../../battle/state.ts';
import { markerLines } from './counterbattery.ts';
import { posText } from './phase.ts';
import { cannonNow, figures, figuresNow, pct, status } from './state.ts';
import { count } from './words.ts';
import { moonText } from '../night.ts';

/** The percentile lines of the views: /unit show, /battle status and a command in it. */

/** Lines for /unit show. */
export function percentileUnitLines(s: BattleState, unitId: string): string[] {
  const u = s.units[unitId];
  if (!u) return [];
  const st = status(s, u.id);
  const name = (id: string) => s.units[id]?.name ?? id;
  const out = [`figures ${figuresNow(s, u)} of ${figures(u)}${st.losses ? ` (${st.losses} lost)` : ''}`];
  if (u.attrs.cannon !== undefined) out.push(`cannon ${cannonNow(s, u)} of ${Number(u.attrs.cannon)}${st.cannonLost ? ` (${st.cannonLost} lost, PCT-11.74)` : ''}`);
  if (st.materialLost) out.push(`train material lost ${st.materialLost} (PCT-11.74)`);
  out.push(`morale ${st.morale ?? 'good'}`);
  if (st.moraleDue) {
    const lost = count(st.moraleDue.losses, 'loss', 'losses');
    out.push(
      samePhase(st.moraleDue.since, s.position)
        ? `morale check due after this phase's fire (PCT-11.72, 11.88): ${lost}`
        : `morale check due (PCT-11.72): ${lost}, fire complete since ${posText(st.moraleDue.since)}`,
    );
  }
  for (const m of st.markers ?? []) out.push(...markerLines(m, name));
  const rounds = Object.entries(st.rounds ?? {});
  if (rounds.length || st.roundsLost) {
    out.push(`ammunition: rounds fired ${rounds.map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}${st.roundsLost ? `; ${st.roundsLost} lost (PCT-11.77.c)` : ''} (PCT-11.15.step2)`);
  }
  if (st.charge?.turn === s.position.turn) out.push(`declared charge this turn: ${st.charge.direction === 'straight' ? 'straight ahead' : `${st.charge.degrees}° ${st.charge.direction}`} (NIGHT-18.42)`);
  if (st.declaredCharge?.turn === s.position.turn) out.push('declared charge this turn: it may not fire (PCT-11.23.3)');
  if (st.replaced?.turn === s.position.turn) out.push('replaced a friendly unit in a declared Shock Combat zone this turn: no fire on the shock attackers (PCT-11.86)');
  if (u.attrs.ammunition !== undefined) {
    const left = Math.max(0, Number(u.attrs.ammunition) - rounds.reduce((x, [, v]) => x + v, 0) - (st.roundsLost ?? 0));
    out.push(`ammunition left: ${left} of ${Number(u.attrs.ammunition)} rounds (PCT-11.23.5)`);
  }
  return out;
}

/** /battle status: the night's visibility (NIGHT-18.31). */
export function nightStatusLines(s: BattleState): string[] {
  const n = pct(s).night;
  return n.visibility ? [`Night: ${moonText(n.moon)}, ${n.weather}, visibility ${n.visibility}" (NIGHT-18.31)`] : [];
}

/** /battle status, a command's order and night stance. */
export function nightCommandLines(s: BattleState, c: Command): string[] {
  return [
    c.order ? `order ${c.order}` : '',
    c.orderDue ? `new order due from its player: ${c.orderDue.join('/')} (NIGHT-18.22)` : '',
    c.stance && (s.position.period === 'night' || s.position.period === 'dusk') ? `${c.stance}${c.stance === 'PASSIVE' && s.position.period === 'night' ? ' (-1 CMR, NIGHT-18.71)' : ''}${c.triggered ? ', triggered' : ''}` : '',
    c.attackedAtDawn ? 'attacked at dawn: PASSIVE next night (NIGHT-18.85), -1 CMR from the fatigue turn (NIGHT-18.84)' : '',
    c.cmrNote ?? '',
  ].filter(Boolean);
}
