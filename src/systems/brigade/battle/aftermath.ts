import { unitSideId } from '../../../battle/mechanics.ts';
import { sameName } from '../../../battle/names.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import type { UnitAftermath } from '../../../battle/system.ts';
import { plural } from '../../../messages.ts';
import { brigadeReport } from './report.ts';
import { brg, leaderOf, status } from './state.ts';

/**
 * A brigade unit at the battle's end, for a campaign (issue 29): its figures less the casualties it
 * took (BRG-2.2, BRG-3.3.4, as the report counts them), destroyed with no casualties left to take.
 * Retreating is the only broken state these rules have (BRG-3.2.3, BRG-3.3.4): a unit still
 * retreating at the end is routed, since the Command & Control phase that would rally it (BRG-1.1)
 * never came. Its attached leader (the roster's `leader`) has fallen when the log records his fall
 * (BRG-2.2.3, BRG-3.3.5) and he was not back in play by the end (BRG-1.2). An army that withdrew
 * (BRG-4.2) is said; the rules give its units no other state. The log records no capture.
 */
export function brigadeAftermath(s: BattleState, u: Unit): UnitAftermath {
  const { strength: figures, start } = brigadeReport.unit(s, u);
  const st = status(s, u.id);
  const b = brg(s);
  const why: string[] = [];
  if (st.casualties) why.push(`lost ${st.casualties} of ${plural(start, 'figure')} (BRG-2.2, BRG-3.3.4)`);
  else why.push('no losses');
  const tail: string[] = [];
  const fallen = leaderOf(u).flatMap((name) => b.fallen.filter((f) => sameName(f.leader, name)).map((f) => ({ name, turn: f.removedTurn })))[0];
  if (fallen) tail.push(`its leader ${fallen.name} fell on turn ${fallen.turn} (BRG-2.2.3, BRG-3.3.5)`);
  const leader = fallen ? { leaderFallen: fallen.name } : {};
  if (figures === 0) return { figures, status: 'destroyed', why: [...why, 'destroyed: no casualties left to take (BRG-3.3.4)', ...tail], ...leader };
  if (b.withdrawn.includes(unitSideId(s, u))) why.push('its army withdrew from the battlefield (BRG-4.2)');
  if (st.retreating) return { figures, status: 'routed', why: [...why, `retreating at the end (${st.retreating.rule}); the battle ended before it could rally (BRG-1.1)`, ...tail], ...leader };
  return { figures, status: 'fit', why: [...why, ...tail], ...leader };
}
