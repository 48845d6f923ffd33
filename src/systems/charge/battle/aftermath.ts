import type { BattleState, Unit } from '../../../battle/state.ts';
import type { UnitAftermath } from '../../../battle/system.ts';
import { say, type Text } from '../../../i18n/text.ts';
import { chargeReport } from './report.ts';
import { unitStatus } from './state.ts';

/**
 * A charge unit at the battle's end, for a campaign (issue 29): its figures less those that
 * surrendered (CHG-OPEN / CHG-COVER 11+ and -12+) or a GM recorded lost, as the report counts them;
 * destroyed with none left. Routed when routed or broken: the charge tables' rout and "broken"
 * results are one state in the modifiers (Rout/Broken, CHG-ATT-MOD.6, CHG-DEF-MOD.3); shaken and
 * disordered are not. Casualty steps (MEL-D10) are said but take no figures: the rules do not say
 * what a step is in figures. The roster's `leader` is a rank, and the log records no leader fallen
 * and no capture, so neither is proposed.
 */
export function chargeAftermath(s: BattleState, u: Unit): UnitAftermath {
  const { strength: figures, start } = chargeReport.unit(s, u);
  const st = unitStatus(s, u.id);
  const why: Text[] = [];
  if (st.figuresLost) why.push(say('charge.aftermath.lost', { lost: String(st.figuresLost), n: start }));
  if (st.steps) why.push(say('charge.aftermath.steps', { n: st.steps }));
  if (figures === 0) return { figures, status: 'destroyed', why: [...why, say('charge.aftermath.destroyed')] };
  if (!why.length) why.push(say('charge.aftermath.noLosses'));
  if (st.routBroken === 'routed') return { figures, status: 'routed', why: [...why, say('charge.aftermath.routed')] };
  if (st.routBroken === 'broken') return { figures, status: 'routed', why: [...why, say('charge.aftermath.broken')] };
  if (st.shaken || st.disordered) why.push(say('charge.aftermath.shaken', { state: st.shaken && st.disordered ? 'both' : st.shaken ? 'shaken' : 'disordered' }));
  return { figures, status: 'fit', why };
}
