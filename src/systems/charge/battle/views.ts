import { samePhase } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import { say, type Text } from '../../../i18n/text.ts';
import { chg, figuresNow, startFigures, unitStatus } from './state.ts';
import { statusText } from './status.ts';

/** Lines for /unit show. */
export function chargeUnitLines(s: BattleState, u: Unit): Text[] {
  const st = unitStatus(s, u.id);
  const figures = { now: String(figuresNow(s, u)), start: String(startFigures(u)) };
  const strength = st.figuresLost ? say('charge.views.figuresLost', { ...figures, lost: String(st.figuresLost) }) : say('charge.views.figures', figures);
  const out: Text[] = [st.steps ? say('charge.views.steps', { strength, n: st.steps }) : strength];
  const words = statusText(s, u);
  if (words) out.push(words);
  const last = chg(s).charges[u.id];
  if (last && samePhase(last.at, s.position)) {
    if (last.continuation.allowed && !last.continued) out.push(say('charge.views.mayContinue', { distance: String(last.continuation.lessThan) }));
    if (last.rideDown.status === 'possible' || last.rideDown.status === 'area-unknown') if (!last.rodeDown) out.push(last.rideDown.text);
  }
  return out;
}

/** Lines for /battle status: charges of this phase with something that may follow. */
export function chargeStatusLines(s: BattleState): Text[] {
  const out: Text[] = [];
  for (const [id, c] of Object.entries(chg(s).charges)) {
    if (!samePhase(c.at, s.position) || !s.units[id]) continue;
    const name = s.units[id].name;
    if (c.continuation.allowed && !c.continued) out.push(say('charge.views.unitMayContinue', { unit: name }));
    if ((c.rideDown.status === 'possible' || c.rideDown.status === 'area-unknown') && !c.rodeDown) out.push(say('charge.views.mayRideDown', { cavalry: c.rideDown.cavalry, infantry: c.rideDown.infantry }));
  }
  return out;
}
