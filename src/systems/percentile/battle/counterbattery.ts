import { concat, say, type Text } from '../../../i18n/text.ts';
import { findUnit } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import { CLEARED_BY_LETTERS, clearedByPhrase } from '../index.ts';
import { posPhrase } from './phase.ts';
import { setUnit, status, type CounterbatteryMarker, type PercentileUnitStatus } from './state.ts';

/**
 * Counterbattery markers (PCT-11.76, 11.77) as the battle keeps them: fire places them (fire.ts),
 * the end of a Reciprocal Artillery Fire Phase clears some (advance.ts), and a GM records here what
 * the table did to clear the others.
 */

/** The Counterbattery requirements only the table can see (PCT-11.76, 11.77 b-e); a is read from the log. */
export const MARKER_MET = ['b', 'c', 'd', 'e'] as const;
export type MarkerMet = (typeof MARKER_MET)[number];

export type CounterbatteryAction = { type: 'PercentileCounterbatteryMet'; unit: string; met: MarkerMet };

export type CounterbatteryEvent = {
  type: 'PercentileCounterbatteryCleared';
  data: { unitId: string; marker: 'A' | 'B'; met: MarkerMet; rule: string; text: Text; roundLost: boolean };
};

/** PCT-11.76, 11.77: a GM records a requirement the table met (b-e); a is read from the log when the battery fires. */
export function decideCounterbatteryMet(s: BattleState, a: CounterbatteryAction): CounterbatteryEvent[] {
  const u = findUnit(s, a.unit);
  if (!MARKER_MET.includes(a.met)) refuse(say('percentile.counterbattery.met'));
  const markers = status(s, u.id).markers ?? [];
  if (!markers.length) refuse(say('percentile.counterbattery.noMarker', { unit: u.name }));
  // One GM ruling clears the oldest marker; a battery with both answers for each in turn.
  const m = markers[0]!;
  const text = clearedByPhrase(m.marker, a.met);
  return [{ type: 'PercentileCounterbatteryCleared', data: { unitId: u.id, marker: m.marker, met: a.met, rule: `${m.marker === 'A' ? 'PCT-11.76' : 'PCT-11.77'}.${a.met}`, text, roundLost: m.marker === 'B' && a.met === 'c' } }];
}

export const withoutMarker = (st: PercentileUnitStatus, marker: 'A' | 'B'): PercentileUnitStatus => {
  const markers = (st.markers ?? []).filter((m) => m.marker !== marker);
  const { markers: _old, ...rest } = st;
  return markers.length ? { ...rest, markers } : rest;
};

export function applyCounterbatteryCleared(d: BattleState, e: CounterbatteryEvent): void {
  setUnit(d, e.data.unitId, (st) => ({ ...withoutMarker(st, e.data.marker), ...(e.data.roundLost ? { roundsLost: (st.roundsLost ?? 0) + 1 } : {}) }));
}

export function describeCounterbatteryCleared(e: CounterbatteryEvent, s: BattleState): Text {
  return say('percentile.counterbattery.cleared', { marker: e.data.marker, unit: s.units[e.data.unitId]?.name ?? e.data.unitId, text: e.data.text, roundLost: e.data.roundLost ? 'yes' : 'no' });
}

/** A marker as /unit show lists it, with what removes it. */
export const markerLines = (m: CounterbatteryMarker, name: (id: string) => string): Text[] => [
  say('percentile.counterbattery.marker', { marker: m.marker, rule: m.marker === 'A' ? 'PCT-11.76' : 'PCT-11.77', since: posPhrase(m.since), by: m.placedBy === 'gm' ? 'gm' : 'hit', firer: name(m.byId) }),
  ...CLEARED_BY_LETTERS.map((letter) => concat('  ', clearedByPhrase(m.marker, letter))),
];
