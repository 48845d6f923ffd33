import { joinedBy, say, type Text } from '../../../i18n/text.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import { samePhase } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import type { Advance, Owed } from '../../../battle/system.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { withoutMarker } from './counterbattery.ts';
import { aroundAdvance, night } from './night.ts';
import { revealOrders } from './orders.ts';
import { before, phaseOf } from './phase.ts';
import { pct, setUnit, type PercentileUnitStatus } from './state.ts';

/** What a move through the sequence does by itself: the end of a phase, read from the log, and what falls due on entering the next. */

/**
 * What the end of phase `from` does by itself, read from the log: the fire-loss morale checks fall due
 * (PCT-11.88); a Counterbattery A battery silent through its next Reciprocal Artillery Fire Phase is
 * cleared (PCT-11.76.c); a B battery that did not fire on enemy artillery in it loses one round and is
 * cleared (PCT-11.77.c; the other ways to clear it are on the table, recorded by a GM before).
 */
function phaseEnd(s: BattleState, from: TurnPosition) {
  const moraleDue: string[] = [];
  const silentA: string[] = [];
  const roundLostB: string[] = [];
  const raf = phaseOf(from).id === 'reciprocal-artillery-fire';
  for (const [id, st] of Object.entries(pct(s).units)) {
    if (!s.units[id]) continue;
    if (st.moraleDue && samePhase(st.moraleDue.since, from)) moraleDue.push(id);
    if (!raf) continue;
    const fired = pct(s).attacks.some((x) => x.firerId === id && samePhase(x.at, from));
    for (const m of st.markers ?? []) {
      if (!before(m.since, from)) continue;
      if (m.marker === 'A' && !fired) silentA.push(id);
      if (m.marker === 'B') roundLostB.push(id);
    }
  }
  return { moraleDue, silentA, roundLostB };
}

/**
 * A move through the sequence: secret orders a GM passed over revealed as the next phase starts (orders.ts), the
 * night rules' turn, then what falls due on entering it (PhaseAdvanced's due list).
 */
export function percentileAdvance(s: BattleState, next: Advance, period: string | undefined, nextTurn: (period: string) => TurnPosition): Advance {
  const orders = revealOrders(s);
  const around = aroundAdvance(s, next.to, period, nextTurn);
  return { to: around.to, before: [...next.before, ...orders, ...around.before], due: [...next.due, ...around.due, ...percentileDue(s, around.to)] };
}

function percentileDue(s: BattleState, to: TurnPosition): Text[] {
  const name = (id: string) => s.units[id]?.name ?? id;
  const end = phaseEnd(s, s.position);
  const out: Text[] = [];
  if (end.moraleDue.length) {
    const list = end.moraleDue.map((id) => say('percentile.advance.moraleDueUnit', { unit: name(id), n: pct(s).units[id]!.moraleDue!.losses }));
    out.push(say('percentile.advance.moraleDue', { units: joinedBy(list, ', ') }));
  }
  for (const id of end.silentA) out.push(say('percentile.advance.silentA', { unit: name(id) }));
  for (const id of end.roundLostB) out.push(say('percentile.advance.roundLostB', { unit: name(id) }));
  // NIGHT-18.21: the night set-up closes every screen, with no opportunity fire; the table does it, the GM records it.
  if (to.period === 'night' && s.position.period !== 'night') {
    const screens = Object.values(s.units).filter((u) => u.attrs.formation === 'skirmish').map((u) => u.name);
    if (screens.length) out.push(say('percentile.advance.nightSetup', { units: screens.join(', ') }));
  }
  if (phaseOf(to).id === 'reciprocal-artillery-fire') {
    for (const [id, st] of Object.entries(pct(s).units)) {
      const still = (st.markers ?? []).filter((m) => !(end.silentA.includes(id) && m.marker === 'A') && !(end.roundLostB.includes(id) && m.marker === 'B'));
      for (const m of still) if (s.units[id]) out.push(say('percentile.advance.underMarker', { unit: name(id), marker: m.marker, rule: m.marker === 'A' ? '11.76' : '11.77' }));
    }
  }
  return out;
}

/** The morale checks an end of the battle now would leave untaken (issue 41): every unit whose fire losses called for one (PCT-11.72), in this phase too. */
export function percentileOwedAtEnd(s: BattleState): Owed[] {
  return Object.entries(pct(s).units).flatMap(([id, st]) => (s.units[id] && st.moraleDue ? [moraleOwed(s.units[id], st.moraleDue)] : []));
}

/** A unit's morale check for its fire losses, owed (PCT-11.72, 11.88). */
function moraleOwed(u: Unit, due: NonNullable<PercentileUnitStatus['moraleDue']>): Owed {
  return {
    key: `morale:${u.id}@${due.since.turn}.${due.since.phase}`,
    text: say('percentile.advance.owedMorale', { unit: u.name, n: due.losses }),
    example: `/morale check unit:"${u.name.replace(/"/g, '\\"')}" kind:fire-loss percent:65 on_fail:disordered`,
    unitId: u.id,
  };
}

/**
 * What a percentile phase owes before it ends: the morale check of every unit whose fire losses
 * called for one once the fire of their phase was complete (PCT-11.72, 11.88), and at the start of
 * a night the night's conditions, which set its visibility (NIGHT-18.31).
 */
export function percentileOwed(s: BattleState): Owed[] {
  const out: Owed[] = [];
  if (s.position.period === 'night' && s.position.phase === 0 && !night(s).moon) {
    out.push({ key: `night-conditions@${s.position.turn}`, text: say('percentile.advance.owedNight'), example: '/night conditions moon:full weather:"limited clouds"' });
  }
  for (const [id, st] of Object.entries(pct(s).units)) {
    const u = s.units[id];
    if (!u || !st.moraleDue || !before(st.moraleDue.since, s.position)) continue;
    out.push(moraleOwed(u, st.moraleDue));
  }
  return out;
}

/** The end of `from` as the state keeps it: markers cleared and rounds lost, and a new turn's attack records. */
export function applyPhaseEnd(d: BattleState, e: Extract<BattleEvent, { type: 'PhaseAdvanced' }>): void {
  // `d` still holds this phase's attacks and statuses: the end of `from` is read from them.
  const end = phaseEnd(d, e.data.from);
  for (const id of end.silentA) setUnit(d, id, (st) => withoutMarker(st, 'A'));
  for (const id of end.roundLostB) setUnit(d, id, (st) => ({ ...withoutMarker(st, 'B'), roundsLost: (st.roundsLost ?? 0) + 1 }));
  if (e.data.to.turn !== e.data.from.turn) {
    d.rules = { ...pct(d), attacks: pct(d).attacks.filter((x) => x.at.turn === e.data.to.turn) };
    // PCT-11.85.d looks back one turn.
    if (pct(d).passby?.length) d.rules = { ...pct(d), passby: pct(d).passby!.filter((x) => x.turn >= e.data.to.turn - 1) };
  }
}
