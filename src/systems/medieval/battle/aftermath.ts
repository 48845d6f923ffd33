import type { BattleState, Unit } from '../../../battle/state.ts';
import type { UnitAftermath } from '../../../battle/system.ts';
import { plural } from '../../../messages.ts';
import { medievalReport } from './report.ts';
import { unitStatus } from './state.ts';

/**
 * A medieval unit at the battle's end, for a campaign (issue 29): its figures less those killed by
 * fire and in melee (MED-FIRE, MED-MELEE, as the report counts them), destroyed with none left,
 * routed when routing (MED-MORALE-EFFECTS.1). Falling back in disorder rallies a router
 * (MED-MORALE-EFFECTS.2a), so disorder is not a rout. Guns exploded (MED-RANGE.9) and guns
 * abandoned (MED-MORALE-EFFECTS.1c, .2c) are said; the log records no capture. A commander killed is
 * only a factor a player gives to a test (MED-MORALE-MOD.28), by no name, so no leader is proposed.
 */
export function medievalAftermath(s: BattleState, u: Unit): UnitAftermath {
  const { strength: figures, start } = medievalReport.unit(s, u);
  const st = unitStatus(s, u.id);
  const why: string[] = [];
  if (st.losses) why.push(`lost ${st.losses} of ${plural(start, 'figure')} (MED-FIRE, MED-MELEE)`);
  if (st.gunsLost) why.push(`lost ${st.gunsLost} of ${plural(Number(u.attrs.cannon ?? st.gunsLost), 'gun')}, exploded (MED-RANGE.9)`);
  if (figures === 0) return { figures, status: 'destroyed', why: [...why, 'destroyed: no figures left (MED-FIRE, MED-MELEE)'] };
  if (!why.length) why.push('no losses');
  if (st.gunsAbandoned) why.push('abandoned its guns (MED-MORALE-EFFECTS.1c, .2c)');
  if (st.routing) return { figures, status: 'routed', why: [...why, 'routing at the end (MED-MORALE-EFFECTS.1)'] };
  if (st.disordered) why.push('disordered at the end; only a rout counts as routed (MED-MORALE-EFFECTS.1)');
  return { figures, status: 'fit', why };
}
