/**
 * Score bands of the charts (charge results, fire columns, discipline rows...): `min`/`max` null
 * is open-ended. The pack schema checks they are contiguous; this finds the band of a score.
 */
export interface Band {
  min: number | null;
  max: number | null;
}

export const inBand = (b: Band, n: number): boolean => (b.min === null || n >= b.min) && (b.max === null || n <= b.max);

export function findBand<B extends Band>(bands: readonly B[], n: number): { band: B; index: number } | null {
  const index = bands.findIndex((b) => inBand(b, n));
  return index < 0 ? null : { band: bands[index]!, index };
}

/** "11+", "9 to 10", "-12+" as the charge tables print them; "0" for a single value. */
export function bandLabel(b: Band): string {
  if (b.max === null) return `${b.min}+`;
  if (b.min === null) return `${b.max}${b.max < 0 ? '+' : ' or less'}`;
  if (b.min === b.max) return `${b.min}`;
  return b.max < 0 ? `${b.max} to ${b.min}` : `${b.min} to ${b.max}`;
}
