import type { LoggedEvent } from '../../../battle/events.ts';
import { unitSideId } from '../../../battle/mechanics.ts';
import { sameName } from '../../../battle/names.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import type { CarriedStatus, UnitAftermath } from '../../../battle/system.ts';
import { say, type Text } from '../../../i18n/text.ts';
import type { LeaderEvent } from './leaders.ts';
import { brigadeReport } from './report.ts';
import { brg, leaderOf, status } from './state.ts';

/** A brigade unit is fit or destroyed (or captured, as a campaign's GM rules): these rules have no rout (BRG-3.2.3, BRG-3.3.4). */
export const BRIGADE_STATUSES: readonly CarriedStatus[] = ['fit', 'destroyed', 'captured'];

/**
 * A brigade unit at the battle's end, for a campaign (issue 29): its figures less the casualties it
 * took (BRG-2.2, BRG-3.3.4, as the report counts them), destroyed with no casualties left to take.
 * Retreating is the only broken state these rules have (BRG-3.2.3, BRG-3.3.4), and it lasts until
 * the next Command & Control phase, where it rallies by itself (BRG-1.1): they have no rout, so a unit still retreating at the
 * end is said and carried fit (issue 41). Its attached leader (the roster's `leader`) has fallen
 * when the log records his fall (BRG-2.2.3, BRG-3.3.5) and he was not back in play by the end
 * (BRG-1.2): the unit carries no leader, from that event on. An army that withdrew (BRG-4.2) is
 * said; the rules give its units no other state. The log records no capture.
 */
export function brigadeAftermath(s: BattleState, u: Unit, log: readonly LoggedEvent[]): UnitAftermath {
  const { strength: figures, start } = brigadeReport.unit(s, u);
  const st = status(s, u.id);
  const b = brg(s);
  const why: Text[] = [];
  if (st.casualties) why.push(say('brigade.aftermath.lost', { lost: String(st.casualties), n: start }));
  else why.push(say('brigade.aftermath.noLosses'));
  const tail: Text[] = [];
  const fallen = leaderOf(u).flatMap((name) => b.fallen.filter((f) => sameName(f.leader, name)).map((f) => ({ name, turn: f.removedTurn })))[0];
  if (fallen) tail.push(say('brigade.aftermath.leaderFell', { leader: fallen.name, turn: String(fallen.turn) }));
  const fell = fallen && log.filter((l) => l.event.type === 'BrigadeLeaderFallen' && sameName((l.event as Extract<LeaderEvent, { type: 'BrigadeLeaderFallen' }>).data.leader, fallen.name)).at(-1);
  const leader = fallen ? { leaderFallen: fallen.name, ...(fell ? { attrs: [{ name: 'leader', value: null, why: say('brigade.aftermath.fell', { turn: String(fallen.turn) }), version: fell.version }] } : {}) } : {};
  if (figures === 0) return { figures, status: 'destroyed', why: [...why, say('brigade.aftermath.destroyed'), ...tail], ...leader };
  if (b.withdrawn.includes(unitSideId(s, u))) why.push(say('brigade.aftermath.withdrew'));
  if (st.retreating) why.push(say('brigade.aftermath.retreating', { rule: st.retreating.rule }));
  return { figures, status: 'fit', why: [...why, ...tail], ...leader };
}

/** An army's withdrawal, said in the campaign's result line: one side (BRG-4.2), or both at once (BRG-4.3). */
export function brigadeSideAftermath(s: BattleState): Text[] {
  const out = brg(s).withdrawn.map((id) => s.sides[id]?.name ?? id);
  if (!out.length) return [];
  if (out.length === 1) return [say('brigade.aftermath.sideWithdrew', { side: out[0]! })];
  return [say('brigade.aftermath.sidesWithdrew', { sides: out.slice(0, -1).join(', '), last: out.at(-1)!, n: out.length })];
}
