import type { BattleState, Unit } from '../../../battle/state.ts';
import type { UnitAftermath } from '../../../battle/system.ts';
import { plural } from '../../../messages.ts';
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
  const why: string[] = [];
  if (st.figuresLost) why.push(`lost ${st.figuresLost} of ${plural(start, 'figure')} (surrendered, CHG-OPEN / CHG-COVER 11+ and -12+, or as a GM recorded)`);
  if (st.steps) why.push(`took ${plural(st.steps, 'casualty step')} in melee (MEL-D10); the rules do not say how many figures a step is`);
  if (figures === 0) return { figures, status: 'destroyed', why: [...why, 'destroyed: no figures left (CHG-OPEN, CHG-COVER)'] };
  if (!why.length) why.push('no losses');
  if (st.routBroken === 'routed') return { figures, status: 'routed', why: [...why, 'routed at the end (CHG-OPEN, CHG-COVER)'] };
  if (st.routBroken === 'broken') return { figures, status: 'routed', why: [...why, 'broken at the end: rout and broken are one state in the rules (CHG-ATT-MOD.6, CHG-DEF-MOD.3)'] };
  const shaken = [st.shaken ? 'shaken' : '', st.disordered ? 'disordered' : ''].filter(Boolean).join(' and ');
  if (shaken) why.push(`${shaken} at the end; only rout or broken counts as routed (CHG-DEF-MOD.3)`);
  return { figures, status: 'fit', why };
}
