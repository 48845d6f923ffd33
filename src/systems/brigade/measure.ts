import { refuse } from '../../rules/errors.ts';
import { say, type Text } from '../../i18n/text.ts';
import type { Distance } from './pack-schema.ts';

/**
 * A distance players measure on the table, in inches or centimetres. The source prints each distance
 * in both ("4\" (10cm)"), which are two scales, not a conversion (4" is 10.16cm): a measure is
 * compared with the printed figure in its own unit.
 */
export interface Measure {
  value: number;
  unit: 'in' | 'cm';
}

export const measureText = (m: Measure): string => (m.unit === 'in' ? `${m.value}"` : `${m.value}cm`);

/** The printed figure of `d` in the measure's unit; refused where the source prints none in that unit. */
export function printed(d: Distance, m: Measure, what: Text): number {
  if (!Number.isFinite(m.value) || m.value < 0) refuse(say('brigade.measure.negative', { what, got: String(m.value) }));
  if (m.unit === 'in') return d.in;
  if (d.cm === null) refuse(say('brigade.measure.inchesOnly', { what, inches: String(d.in) }));
  return d.cm;
}

/** "More than" the printed distance (BRG-1.3): strictly beyond it. */
export const beyond = (m: Measure, d: Distance, what: Text): boolean => m.value > printed(d, m, what);
