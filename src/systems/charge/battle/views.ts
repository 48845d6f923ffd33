import { samePhase } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import { chg, figuresNow, plural, startFigures, unitStatus } from './state.ts';
import { statusWords } from './status.ts';

/** Lines for /unit show. */
export function chargeUnitLines(s: BattleState, u: Unit): string[] {
  const st = unitStatus(s, u.id);
  const out = [`figures ${figuresNow(s, u)} of ${startFigures(u)}${st.figuresLost ? ` (${st.figuresLost} lost)` : ''}${st.steps ? `; ${plural(st.steps, 'casualty step')} lost in melee (MEL-D10)` : ''}`];
  const words = statusWords(s, u);
  if (words) out.push(words);
  const last = chg(s).charges[u.id];
  if (last && samePhase(last.at, s.position)) {
    if (last.continuation.allowed && !last.continued) out.push(`may continue its charge: next target less than ${last.continuation.lessThan}" away (/charge continue, CHG-CONTINUE)`);
    if (last.rideDown.status === 'possible' || last.rideDown.status === 'area-unknown') if (!last.rodeDown) out.push(last.rideDown.text);
  }
  return out;
}

/** Lines for /battle status: charges of this phase with something that may follow. */
export function chargeStatusLines(s: BattleState): string[] {
  const out: string[] = [];
  for (const [id, c] of Object.entries(chg(s).charges)) {
    if (!samePhase(c.at, s.position) || !s.units[id]) continue;
    const name = s.units[id].name;
    if (c.continuation.allowed && !c.continued) out.push(`${name} may continue its charge (CHG-CONTINUE)`);
    if ((c.rideDown.status === 'possible' || c.rideDown.status === 'area-unknown') && !c.rodeDown) out.push(`${c.rideDown.cavalry} may ride down ${c.rideDown.infantry} (CHG-RIDEDOWN)`);
  }
  return out;
}
