import { say, type Text } from '../../i18n/text.ts';
import { refuse } from '../../rules/errors.ts';
import { BANDS, type MedievalPack, type RangeBand } from './pack-schema.ts';
import type { Outcome } from '../../rules/outcome.ts';

/**
 * MED-RANGE, the Firing Ranges Chart: the band of a measured range for a weapon. "Range to Target
 * (rounded up)": the distance is rounded up to a whole inch or cm, then it is Short up to the
 * Short figure, Medium up to the Medium figure, Long up to the Long figure; beyond that the weapon
 * cannot reach, and the refusal states its maximum. The cm and inch columns are the source's own
 * (approximate) pairs, so each unit is looked up in its own column.
 */

export type Unit = 'in' | 'cm';

export interface RangeOutcome extends Outcome {
  rule: 'MED-RANGE';
  /** The chart row, e.g. MED-RANGE.2. */
  row: string;
  weapon: string;
  distance: number;
  unit: Unit;
  rounded: number;
  band: RangeBand;
  limits: Record<RangeBand, number>;
}

export function rangeRow(weapon: string, pack: MedievalPack) {
  const w = weapon.trim().toLowerCase();
  const row = pack.range.weapons.find((r) => r.weapons.includes(w));
  if (!row) refuse(say('medieval.range.noWeapon', { weapon, weapons: pack.range.weapons.flatMap((r) => r.weapons).join(', ') }));
  return row;
}

/** A range band's name, short, medium or long, in the reader's words. */
export const bandName = (band: RangeBand): Text => say('medieval.range.bandName', { band });

export function rangeBand(weapon: string, distance: number, unit: Unit, pack: MedievalPack): RangeOutcome {
  const row = rangeRow(weapon, pack);
  if (!Number.isFinite(distance) || distance < 0) refuse(say('medieval.range.notDistance', { got: String(distance) }));
  const key = unit === 'in' ? 'in' : 'cm';
  const limits = {} as Record<RangeBand, number>;
  for (const b of BANDS) {
    const v = row[b][key];
    if (v === null) throw new Error(`pack ${row.id} has no ${unit} value for ${b} range`);
    limits[b] = v;
  }
  const rounded = pack.range.roundedUp ? Math.ceil(distance) : distance;
  const show = (n: number): Text => say('medieval.range.distance', { unit, n: String(n) });
  const band = BANDS.find((b) => rounded <= limits[b]);
  if (!band) refuse(say('medieval.range.outOfRange', { weapon, range: show(rounded), longest: show(limits.long), id: row.id }));
  const steps: Text[] = [
    say('medieval.range.bands', { weapon, short: show(limits.short), medium: show(limits.medium), long: show(limits.long), id: row.id }),
    say('medieval.range.band', { rounded: distance !== rounded ? 'yes' : 'no', distance: show(distance), range: show(rounded), band: bandName(band) }),
  ];
  return { rule: 'MED-RANGE', row: row.id, weapon: row.weapons.find((x) => x === weapon.trim().toLowerCase()) ?? weapon, distance, unit, rounded, band, limits, dice: [], steps };
}
