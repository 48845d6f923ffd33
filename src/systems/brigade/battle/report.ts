import type { ReportHooks } from '../../../battle/system.ts';
import { say } from '../../../i18n/text.ts';
import type { BrigadeEvent } from './index.ts';
import { brg } from './state.ts';

/**
 * What a battle report reads of a brigade battle: a unit's strength is its figures, the casualties
 * it can take, less those taken (BRG-2.2, BRG-3.3.4), and it is retreating until it rallies
 * (BRG-3.2.3, BRG-3.3.4, BRG-1.1), and good otherwise (the report's word, REPORT_STATUSES). A melee is won by a side (BRG-3.3.3); the winning unit is named
 * only when its side fought with one unit.
 */
export const brigadeReport: ReportHooks = {
  strength: 'figures',
  unit: (s, u) => {
    const st = brg(s).units[u.id];
    const start = Number(u.attrs.figures ?? 0);
    return { strength: Math.max(0, start - (st?.casualties ?? 0)), start, morale: st?.retreating ? 'retreating' : 'good' };
  },
  melee: (event, s) => {
    const e = event as BrigadeEvent;
    if (e.type !== 'BrigadeMeleeResolved') return undefined;
    const name = (id: string) => s.units[id]?.name ?? id;
    const o = e.data.outcome;
    const [a, b] = [e.data.a.map(name), e.data.b.map(name)];
    const won = o.winner === null ? undefined : o.winner === o.strengths[0].side ? a : b;
    const values = { a: a.join(', '), sideA: o.strengths[0].side, strengthA: String(o.strengths[0].strength), b: b.join(', '), sideB: o.strengths[1].side, strengthB: String(o.strengths[1].strength) };
    const text = o.winner ? say('brigade.report.melee', { ...values, winner: o.winner, by: String(o.difference) }) : say('brigade.report.equal', values);
    return { units: [...a, ...b], ...(won?.length === 1 ? { winner: won[0]! } : {}), text };
  },
};
