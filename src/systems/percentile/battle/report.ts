import type { ReportHooks } from '../../../battle/system.ts';
import { pct } from './state.ts';

/**
 * What a battle report reads of a percentile battle: figures against the roster's, less figures
 * and train material lost (PCT-11.71, 11.74), and the morale state (PCT-11.72). The rules resolve
 * no melee here (shock combat losses are the GM's: /unit losses), so there is no melee to list.
 */
export const percentileReport: ReportHooks = {
  strength: 'figures',
  unit: (s, u) => {
    const st = pct(s).units[u.id];
    const start = Number(u.attrs.figures ?? 0);
    return { strength: Math.max(0, start - (st?.losses ?? 0) - (st?.materialLost ?? 0)), start, morale: st?.morale ?? 'good' };
  },
};
