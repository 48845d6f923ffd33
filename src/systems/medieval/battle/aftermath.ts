import type { LoggedEvent } from '../../../battle/events.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import type { UnitAftermath } from '../../../battle/system.ts';
import { plural } from '../../../messages.ts';
import { medievalOwedAtEnd } from './advance.ts';
import type { FireEvent } from './fire.ts';
import { medievalReport } from './report.ts';
import { unitStatus } from './state.ts';

/**
 * A medieval unit at the battle's end, for a campaign (issue 29): its figures less those killed by
 * fire and in melee (MED-FIRE, MED-MELEE, as the report counts them), destroyed with none left,
 * routed when routing (MED-MORALE-EFFECTS.1). Falling back in disorder rallies a router
 * (MED-MORALE-EFFECTS.2a), so disorder is not a rout. Guns exploded (MED-RANGE.9) and guns
 * abandoned (MED-MORALE-EFFECTS.1c, .2c) are said; guns exploded are gone, so the battery carries
 * those left as its `cannon`, from the last fire that exploded one (issue 41). The log records no
 * capture. A commander killed is only a factor a player gives to a test (MED-MORALE-MOD.28), by no
 * name, so no leader is proposed.
 */
export function medievalAftermath(s: BattleState, u: Unit, log: readonly LoggedEvent[]): UnitAftermath {
  const { strength: figures, start } = medievalReport.unit(s, u);
  const st = unitStatus(s, u.id);
  const why: string[] = [];
  if (st.losses) why.push(`lost ${st.losses} of ${plural(start, 'figure')} (MED-FIRE, MED-MELEE)`);
  if (st.gunsLost) why.push(`lost ${st.gunsLost} of ${plural(Number(u.attrs.cannon ?? st.gunsLost), 'gun')}, exploded (MED-RANGE.9)`);
  const exploded = log.filter((l) => l.event.type === 'MedievalFireResolved' && (l.event as FireEvent).data.firerId === u.id && (l.event as FireEvent).data.outcome.applied.gunsExploded > 0).at(-1);
  const attrs = st.gunsLost && exploded && u.attrs.cannon !== undefined ? { attrs: [{ name: 'cannon', value: Math.max(0, Number(u.attrs.cannon) - st.gunsLost), why: `${plural(st.gunsLost, 'gun')} exploded (MED-RANGE.9)`, version: exploded.version }] } : {};
  if (figures === 0) return { figures, status: 'destroyed', why: [...why, 'destroyed: no figures left (MED-FIRE, MED-MELEE)'], ...attrs };
  if (!why.length) why.push('no losses');
  if (st.gunsAbandoned) why.push('abandoned its guns (MED-MORALE-EFFECTS.1c, .2c)');
  // A test the battle ended without (a GM's /battle end skip:true) is said: its result is not known.
  for (const o of medievalOwedAtEnd(s).filter((x) => x.unitId === u.id)) why.push(`owed at the end and not taken: ${o.text.slice(u.name.length + 2)}`);
  if (st.routing) return { figures, status: 'routed', why: [...why, 'routing at the end (MED-MORALE-EFFECTS.1)'], ...attrs };
  if (st.disordered) why.push('disordered at the end; only a rout counts as routed (MED-MORALE-EFFECTS.1)');
  return { figures, status: 'fit', why, ...attrs };
}
