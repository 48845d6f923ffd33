import type { ReportHooks } from '../../../battle/system.ts';
import { say } from '../../../i18n/text.ts';
import type { MedievalEvent } from './index.ts';
import { med } from './state.ts';

/**
 * What a battle report reads of a medieval battle: figures against the roster's, morale as the
 * last test and the log left it (MED-MORALE-EFFECTS; steady is the report's good, REPORT_STATUSES), and each melee's kills (MED-MELEE). Both
 * units strike at once; the one that inflicted more kills comes out on top, equal kills are even.
 */
export const medievalReport: ReportHooks = {
  strength: 'figures',
  unit: (s, u) => {
    const st = med(s).units[u.id];
    const start = Number(u.attrs.figures ?? 0);
    const morale = st?.routing ? 'routing' : st?.disordered ? 'disordered' : st?.impetuous ? 'impetuous' : 'good';
    return { strength: Math.max(0, start - (st?.losses ?? 0)), start, morale };
  },
  melee: (event) => {
    const e = event as MedievalEvent;
    if (e.type !== 'MedievalMeleeResolved') return undefined;
    const { attacker: a, defender: d } = e.data.outcome;
    const winner = a.applied.losses === d.applied.losses ? undefined : a.applied.losses > d.applied.losses ? a.unit : d.unit;
    const values = { a: a.unit, killsA: a.applied.losses, d: d.unit, killsD: d.applied.losses };
    const text = winner ? say('medieval.report.melee', { ...values, winner }) : say('medieval.report.even', values);
    return { units: [a.unit, d.unit], ...(winner ? { winner } : {}), text };
  },
};
