import type { LoggedEvent } from '../../../battle/events.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import type { UnitAftermath } from '../../../battle/system.ts';
import { say, type Text } from '../../../i18n/text.ts';
import { testOwedAtEnd } from './advance.ts';
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
  const why: Text[] = [];
  if (st.losses) why.push(say('medieval.aftermath.lost', { lost: String(st.losses), n: start }));
  if (st.gunsLost) why.push(say('medieval.aftermath.gunsLost', { lost: String(st.gunsLost), n: Number(u.attrs.cannon ?? st.gunsLost) }));
  const exploded = log.filter((l) => l.event.type === 'MedievalFireResolved' && (l.event as FireEvent).data.firerId === u.id && (l.event as FireEvent).data.outcome.applied.gunsExploded > 0).at(-1);
  const attrs = st.gunsLost && exploded && u.attrs.cannon !== undefined ? { attrs: [{ name: 'cannon', value: Math.max(0, Number(u.attrs.cannon) - st.gunsLost), why: say('medieval.aftermath.gunsExploded', { n: st.gunsLost }), version: exploded.version }] } : {};
  if (figures === 0) return { figures, status: 'destroyed', why: [...why, say('medieval.aftermath.destroyed')], ...attrs };
  if (!why.length) why.push(say('medieval.aftermath.noLosses'));
  if (st.gunsAbandoned) why.push(say('medieval.aftermath.abandoned'));
  // A test the battle ended without (a GM's /battle end skip:true) is said: its result is not known.
  const untaken = testOwedAtEnd(s, u);
  if (untaken) why.push(say('medieval.aftermath.untaken', { test: untaken }));
  if (st.routing) return { figures, status: 'routed', why: [...why, say('medieval.aftermath.routing')], ...attrs };
  if (st.disordered) why.push(say('medieval.aftermath.disordered'));
  return { figures, status: 'fit', why, ...attrs };
}
