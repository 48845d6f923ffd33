import { lines, list, say, type Phrase, type Text } from '../../../i18n/text.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import { findSide, sideName } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import { mfpCritical, percentilePack as pack, type MfpChange } from '../index.ts';
import { asked, battleRules } from './house.ts';
import { decideReachMfpCritical } from './night.ts';
import { pct } from './state.ts';

/**
 * The sides' MFP levels (PCT-11.73) as the battle keeps them: losses move the level of the side that
 * suffers them (fire.ts, losses.ts), a GM sets a level and its critical level, and at night a side
 * reaching it turns its ACTIVE commands PASSIVE (NIGHT-18.63).
 */

const MAX_MFP = 100000;

export type MfpAction = { type: 'PercentileSetMfp'; side: string; level: number; critical?: number };

export type MfpEvent = { type: 'PercentileMfpSet'; data: { sideId: string; level: number; from: number; critical?: number } };

/** A side's MFP change as applied (PCT-11.73) and whether it reached the critical level (NIGHT-18.63). */
export interface MfpApplied {
  side: string;
  from: number;
  to: number;
  critical: number | null;
  reached: boolean;
}

const mfpLevel = (s: BattleState, sideId: string) => pct(s).mfp[sideId] ?? 0;
const criticalOf = (s: BattleState, sideId: string): number | null => pct(s).mfpCritical[sideId] ?? pack.fire.mfp.criticalLevel;
/** Which way losses move the level in this battle (house rule mfp.direction); null while open. */
const directionOf = (s: BattleState) => battleRules(s).fire.mfp.direction;
/** The level has reached the critical level, counting `dir`; never while the direction is open. */
const reachedAt = (level: number, critical: number | null, dir: 'up' | 'down' | null) => critical !== null && dir !== null && mfpCritical(level, critical, dir);

/** PCT-11.73: the side that loses figures, cannon or material adjusts its MFP level by `points`. */
export function mfpApplied(s: BattleState, sideId: string, points: number): MfpApplied | null {
  if (points === 0) return null;
  const from = mfpLevel(s, sideId);
  const critical = criticalOf(s, sideId);
  const dir = directionOf(s);
  return { side: sideName(s, sideId), from, to: from + points, critical, reached: reachedAt(from + points, critical, dir) && !reachedAt(from, critical, dir) };
}

/**
 * NIGHT-18.63 at night: a side at or past its critical level turns its ACTIVE commands PASSIVE. The
 * GM's /night mfp-critical does the same; its events are reused, not rebuilt.
 */
export function mfpCriticalEvents(s: BattleState, sideId: string, level: number): BattleEvent[] {
  const critical = criticalOf(s, sideId);
  if (s.position.period !== 'night' || !reachedAt(level, critical, directionOf(s))) return [];
  if (!Object.values(s.commands).some((c) => c.sideId === sideId && c.stance === 'ACTIVE')) return [];
  return decideReachMfpCritical(s, { type: 'ReachMfpCritical', side: sideId });
}

/** The readings of PCT-11.73 a loss found open (../mfp.ts names them in its text). */
const openKeys = (m: MfpChange): string[] => {
  if (m.open) return m.open;
  const text = m.text;
  // An old log's change names them in its text.
  return typeof text === 'string' && text.startsWith('MFP not adjusted') ? ['mfp.direction', 'mfp.battery-loss'].filter((k) => text.includes(k)) : [];
};

/**
 * PCT-11.73 left open in this battle (../mfp.ts): the loss moved no level. The GM is told what settles
 * it at the first loss each open reading leaves unadjusted; later losses say so in a line, not the
 * same paragraph again (issue 39). `s` is the state before the loss.
 */
export function mfpOpenLines(m: MfpChange, s: BattleState): Text[] {
  const keys = openKeys(m);
  if (!keys.length) return [];
  if (keys.every((k) => pct(s).mfpOpenTold?.includes(k))) return [say('percentile.mfp.stillOpen', { keys: list(keys), n: keys.length })];
  return [say('percentile.mfp.open', { text: m.text, n: keys.length, how: list(keys.map(asked)) })];
}

/** A side's MFP level as a loss moved it, and its critical level where it has one (NIGHT-18.63). */
export const mfpLevelText = (m: MfpApplied): Phrase =>
  say('percentile.mfp.level', { side: m.side, from: String(m.from), to: String(m.to), critical: m.critical === null ? 'none' : String(m.critical), reached: m.reached ? 'yes' : 'no' });

/** Keeps which open readings a loss has told the GM of (mfpOpenLines). */
export function noteMfpOpen(d: BattleState, m: MfpChange): void {
  const told = pct(d).mfpOpenTold ?? [];
  const keys = openKeys(m).filter((k) => !told.includes(k));
  if (keys.length) d.rules = { ...pct(d), mfpOpenTold: [...told, ...keys] };
}

export function decideSetMfp(s: BattleState, a: MfpAction): BattleEvent[] {
  const side = findSide(s, a.side);
  for (const [k, v] of [['level', a.level], ['critical', a.critical]] as const) {
    if (v !== undefined && !(Number.isInteger(v) && Math.abs(v) <= MAX_MFP)) refuse(say('percentile.mfp.range', { what: k, max: String(MAX_MFP), got: String(v) }));
  }
  const from = mfpLevel(s, side.id);
  if (from === a.level && (a.critical === undefined || a.critical === pct(s).mfpCritical[side.id])) refuse(say('percentile.mfp.already', { side: side.name, from: String(from), critical: a.critical === undefined ? 'none' : String(a.critical) }));
  const event: BattleEvent = { type: 'PercentileMfpSet', data: { sideId: side.id, level: a.level, from, ...(a.critical !== undefined ? { critical: a.critical } : {}) } };
  const after: BattleState = { ...s, rules: { ...pct(s), mfpCritical: a.critical !== undefined ? { ...pct(s).mfpCritical, [side.id]: a.critical } : pct(s).mfpCritical } };
  return [event, ...mfpCriticalEvents(after, side.id, a.level)];
}

export function applyMfpSet(d: BattleState, e: MfpEvent): void {
  d.rules = {
    ...pct(d),
    mfp: { ...pct(d).mfp, [e.data.sideId]: e.data.level },
    ...(e.data.critical !== undefined ? { mfpCritical: { ...pct(d).mfpCritical, [e.data.sideId]: e.data.critical } } : {}),
  };
}

export function describeMfpSet(e: MfpEvent, s: BattleState): Text {
  const { from, level, critical } = e.data;
  return say('percentile.mfp.set', { side: sideName(s, e.data.sideId), same: from === level ? 'yes' : 'no', from: String(from), level: String(level), critical: critical === undefined ? 'none' : String(critical) });
}

/** /mfp show: each side's level and critical level, and the battle's readings of PCT-11.73 (house rules). */
export function mfpText(s: BattleState): Text {
  const r = battleRules(s);
  const m = r.fire.mfp;
  const by = (key: string) => ({ house: r.house[key] ? 'yes' : 'no', note: r.house[key] ?? '' });
  const sides = Object.values(s.sides).map((x) => {
    const critical = criticalOf(s, x.id);
    const reached = reachedAt(mfpLevel(s, x.id), critical, m.direction);
    return say('percentile.mfp.sideLevel', {
      side: x.name,
      level: String(mfpLevel(s, x.id)),
      critical: critical === null ? 'none' : String(critical),
      pack: pct(s).mfpCritical[x.id] === undefined ? 'yes' : 'no',
      reached: reached ? 'yes' : 'no',
    });
  });
  const battery = by('mfp.battery-loss');
  const direction = by('mfp.direction');
  return lines(
    ...(sides.length ? sides : [say('percentile.mfp.noSides')]),
    say('percentile.mfp.losses', {
      perFigure: String(m.perFigure),
      perBattery: String(m.perBatteryOrTrain),
      battery: m.batteryLoss === null ? 'open' : m.batteryLoss === 'each-cannon' ? 'cannon' : 'whole',
      batteryAsk: asked('mfp.battery-loss'),
      batteryHouse: battery.house,
      batteryNote: battery.note,
      direction: m.direction ?? 'open',
      directionAsk: asked('mfp.direction'),
      directionHouse: direction.house,
      directionNote: direction.note,
    }),
    say('percentile.mfp.atNight'),
  );
}
