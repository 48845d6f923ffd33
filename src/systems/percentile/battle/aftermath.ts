import type { LoggedEvent } from '../../../battle/events.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import type { UnitAftermath } from '../../../battle/system.ts';
import { say, type Text } from '../../../i18n/text.ts';
import type { FireEvent } from './fire.ts';
import type { LossesEvent } from './losses.ts';
import { percentileReport } from './report.ts';
import { status } from './state.ts';

/**
 * A percentile unit at the battle's end, for a campaign (issue 29): the figures the report counts
 * (figures and train material lost off the roster's, PCT-11.71, 11.74), destroyed with none left
 * (PCT-11.78 "completely destroyed"), routed when routing (PCT-11.23.4 names the state; the morale
 * chart, 15.0, is not in the sources). Disordered is not a rout. Cannon lost are said, not counted
 * as figures: a battery's figures are its crew. The log keeps no capture and no named officer (an
 * officer hit, PCT-11.16.step10, goes to the Random Officer Hit chart, 14.62, which is not in the
 * sources), so neither is proposed. Cannon lost are gone: the battery carries those left as its
 * `cannon`, from the last event that lost one, and its howitzers less those lost, which go first
 * (PCT-11.79; issue 41).
 */
export function percentileAftermath(s: BattleState, u: Unit, log: readonly LoggedEvent[]): UnitAftermath {
  const { strength: figures, start } = percentileReport.unit(s, u);
  const st = status(s, u.id);
  const why: Text[] = [];
  if (st.losses) why.push(say('percentile.aftermath.lost', { lost: String(st.losses), n: start }));
  if (st.materialLost) why.push(say('percentile.aftermath.material', { lost: String(st.materialLost), n: start }));
  if (st.cannonLost) why.push(say('percentile.aftermath.cannon', { lost: String(st.cannonLost), n: Number(u.attrs.cannon ?? st.cannonLost) }));
  const lost = log.filter((l) => cannonLostBy(l.event, u.id)).at(-1);
  // PCT-11.79: a battery's howitzer is lost first, so the howitzers left go with the cannon left.
  const howitzers = Number(u.attrs.howitzers ?? 0);
  const attrs =
    st.cannonLost && lost && u.attrs.cannon !== undefined
      ? {
          attrs: [
            { name: 'cannon', value: Math.max(0, Number(u.attrs.cannon) - st.cannonLost), why: say('percentile.aftermath.cannonAttr', { lost: String(st.cannonLost) }), version: lost.version },
            ...(howitzers > 0 ? [{ name: 'howitzers', value: Math.max(0, howitzers - st.cannonLost), why: say('percentile.aftermath.howitzers'), version: lost.version }] : []),
          ],
        }
      : {};
  if (figures === 0) return { figures, status: 'destroyed', why: [...why, say('percentile.aftermath.destroyed')], ...attrs };
  if (!why.length) why.push(say('percentile.aftermath.noLosses'));
  if (st.moraleDue) why.push(say('percentile.aftermath.moraleDue'));
  if (st.morale === 'routing') return { figures, status: 'routed', why: [...why, say('percentile.aftermath.routing')], ...attrs };
  if (st.morale === 'disordered') why.push(say('percentile.aftermath.disordered'));
  return { figures, status: 'fit', why, ...attrs };
}

/** An event that took cannon off the unit: fire on it (PCT-11.74) or a GM's ruling of losses. */
function cannonLostBy(e: LoggedEvent['event'], unitId: string): boolean {
  if (e.type === 'PercentileFireResolved') {
    const d = (e as FireEvent).data;
    return d.targetId === unitId && d.outcome.applied.lossKind === 'cannon' && d.outcome.applied.losses > 0;
  }
  if (e.type === 'PercentileLossesRuled') {
    const d = (e as LossesEvent).data;
    return d.unitId === unitId && d.kind === 'cannon' && d.lost > 0;
  }
  return false;
}
