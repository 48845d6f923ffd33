import type { ReportHooks } from '../../../battle/system.ts';
import { say, type Text } from '../../../i18n/text.ts';
import { commas } from '../sourced.ts';
import type { ChargeEvent } from './index.ts';
import { figuresNow, startFigures, unitStatus } from './state.ts';

/**
 * What a battle report reads of a charge battle: figures left against the roster's (surrenders,
 * CHG-OPEN / CHG-COVER 11+ and -12+, and losses a GM recorded), the casualty steps lost in melee
 * apart from them (MEL-D10: the rules do not say how many figures a step is), morale as the log left
 * it (rout or broken, shaken, disordered: CHG-ATT-MOD, CHG-DEF-MOD), and each melee round and ride down
 * (MEL-D10, CHG-RIDEDOWN): the higher modified roll wins, a tie has no winner.
 */
export const chargeReport: ReportHooks = {
  strength: 'figures',
  apart: 'casualty steps',
  unit: (s, u) => {
    const st = unitStatus(s, u.id);
    // The report's words (REPORT_STATUSES): a routed unit is routing; shaken, -2 on a morale test, is worse than disordered, -1.
    const morale = st.routBroken === 'routed' ? 'routing' : (st.routBroken ?? (st.shaken ? 'shaken' : st.disordered ? 'disordered' : 'good'));
    return { strength: figuresNow(s, u), start: startFigures(u), morale, apart: st.steps ?? 0 };
  },
  melee: (event) => {
    const e = event as ChargeEvent;
    if (e.type !== 'ChargeMeleeResolved' && e.type !== 'ChargeRideDownResolved') return undefined;
    const o = e.data.outcome;
    const [a, b] = o.rolls;
    const rule = e.type === 'ChargeRideDownResolved' ? 'CHG-RIDEDOWN, MEL-D10' : 'MEL-D10';
    const units = { a: a.unit, b: b.unit, rule };
    const text =
      o.result.kind === 'winner'
        ? say('charge.report.melee', { ...units, winner: o.result.winner, totalA: String(a.total), totalB: String(b.total), lost: commas(o.result.losses.map((l): Text => say('charge.report.steps', { unit: l.unit, n: l.steps }))) ?? '' })
        : say('charge.report.tie', { ...units, total: String(a.total) });
    return { units: [a.unit, b.unit], ...(o.result.kind === 'winner' ? { winner: o.result.winner } : {}), text };
  },
};
