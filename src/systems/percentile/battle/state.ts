import type { Text } from '../../../i18n/text.ts';
import { own, setRulesUnit } from '../../../battle/draft.ts';
import type { BattleEvent } from '../../../battle/events.ts';
import type { BattleState, Command, Unit } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { say } from '../../../i18n/text.ts';
import { refuse } from '../../../rules/errors.ts';
import type { Moon, Shot, Weather } from '../index.ts';

/**
 * The percentile rules' state of a battle (`BattleState.rules`): what they track of each unit, the
 * sides' MFP levels, this turn's fire attacks and the night; and what a unit has left, read from it.
 */

export const MORALE_STATES = ['good', 'disordered', 'routing'] as const;
export type MoraleState = (typeof MORALE_STATES)[number];

export interface CounterbatteryMarker {
  marker: 'A' | 'B';
  since: TurnPosition;
  placedBy: 'critical-hit' | 'gm';
  /** The battery whose fire placed it. */
  byId: string;
}

/** What the percentile rules track of a unit beyond its pack attributes. */
export interface PercentileUnitStatus {
  /** Figures lost so far. */
  losses: number;
  /** Cannon lost to artillery fire (PCT-11.74). */
  cannonLost?: number;
  /** Train material lost to artillery fire (PCT-11.74). */
  materialLost?: number;
  morale?: MoraleState;
  /** A morale check is due for fire losses (PCT-11.72), taken once the fire of phase `since` is complete (PCT-11.88). */
  moraleDue?: { since: TurnPosition; losses: number };
  markers?: CounterbatteryMarker[];
  /** Rounds fired, by shot (PCT-11.15.step2), and rounds lost to Counterbattery B (PCT-11.77.c). */
  rounds?: Partial<Record<Shot, number>>;
  roundsLost?: number;
  /** The NIGHT-18.42 direction of this turn's declared charge. */
  charge?: { turn: number; direction: string; degrees: number };
  /** A charge declared by day (PCT-11.23.3); at night `charge` records it with its direction. */
  declaredCharge?: { turn: number };
  /** Replaced a friendly unit in a declared Shock Combat zone this turn (PCT-11.86). */
  replaced?: { turn: number };
}

/** One fire attack of the current turn, for PCT-11.87, 11.25 and 11.28. */
export interface FireRecord {
  firerId: string;
  targetId: string;
  at: TurnPosition;
  artillery: boolean;
}

/** Night combat as the battle keeps it (night.ts). */
export interface NightState {
  /** The revealed dusk vote of the current night, if any (NIGHT-18.11). */
  decided?: { ballotId: string; night: boolean };
  moon?: Moon;
  weather?: Weather;
  /** Inches, from the pack or the GM (NIGHT-18.31); null until known. */
  visibility?: number | null;
  /** The dawn-attack notes revealed to the GMs and not yet announced (NIGHT-18.82). */
  dawnNotes?: { ballotId: string; attackers: string[] };
  /** Who fired on whom in the last daylight turn, kept as the night begins, and fire during the night turns: the log's NIGHT-18.24.a. */
  daylightFire?: { firerId: string; targetId: string }[];
  nightFire?: { firerId: string; targetId: string; at: TurnPosition }[];
}

export interface PercentileState {
  units: Record<string, PercentileUnitStatus>;
  /** Each side's MFP level (PCT-11.73); 0 until a GM sets it (15.85, its starting level, is not in the sources). */
  mfp: Record<string, number>;
  /** Each side's MFP critical level as a GM set it (NIGHT-18.63); else the pack's `fire.mfp.criticalLevel`. */
  mfpCritical: Record<string, number>;
  /** The fire attacks of the current turn. */
  attacks: FireRecord[];
  /** Night combat (night.ts). */
  night: NightState;
  /** The open readings of PCT-11.73 (mfp.direction, mfp.battery-loss) a loss has told the GM of: told once a battle (issue 39). */
  mfpOpenTold?: string[];
  /** Passby fire of this turn and the last, for PCT-11.85.d (kept apart from `attacks`, which hold one turn). */
  passby?: { firerId: string; targetId: string; turn: number }[];
  /**
   * Each command's CMR for the battleday after a night (NIGHT-18.71) as a phrase, by command id. A log
   * from before phrases kept the English on the command (`Command.cmrNote`), which still shows.
   */
  cmrNotes?: Record<string, Text>;
}

export const initialPercentile = (): PercentileState => ({ units: {}, mfp: {}, mfpCritical: {}, attacks: [], night: {} });

/** The percentile rules' state of a battle that plays them (`BattleState.rules`). */
export const pct = (s: BattleState): PercentileState => s.rules as PercentileState;

export const status = (s: BattleState, unitId: string): PercentileUnitStatus => pct(s).units[unitId] ?? { losses: 0 };

/** Replaces a unit's status on the draft; never mutates the one it had. */
export function setUnit(d: BattleState, unitId: string, change: (st: PercentileUnitStatus) => PercentileUnitStatus) {
  const st = pct(d).units[unitId] ?? { losses: 0 };
  setRulesUnit(d, unitId, change(st));
}

/** A command changed on the draft, through `own` (src/battle/draft.ts); nothing when it is gone. */
export function setCommand(d: BattleState, id: string, change: Partial<Command>) {
  const c = d.commands[id];
  if (c) own(d, 'commands')[id] = { ...c, ...change };
}

/** A unit removed from the battle takes its status with it. */
export function applyUnitRemoved(d: BattleState, e: Extract<BattleEvent, { type: 'UnitRemoved' }>): void {
  if (!pct(d).units[e.data.unitId]) return;
  const { [e.data.unitId]: _gone, ...units } = pct(d).units;
  d.rules = { ...pct(d), units };
}

// ---------------------------------------------------------------------------------------------
// What a unit has left.

export const GUNS: readonly string[] = ['artillery', 'rockets', 'siege artillery'];
export const isGuns = (u: Unit) => GUNS.includes(String(u.attrs.arm));

export const figures = (u: Unit) => Number(u.attrs.figures ?? 0);
export const figuresNow = (s: BattleState, u: Unit) => Math.max(0, figures(u) - status(s, u.id).losses - (status(s, u.id).materialLost ?? 0));
export const cannonNow = (s: BattleState, u: Unit) => (u.attrs.cannon === undefined ? null : Math.max(0, Number(u.attrs.cannon) - (status(s, u.id).cannonLost ?? 0)));

/** A battery's cannon left, or a refusal naming the /unit set that gives the count. */
export function cannonOf(s: BattleState, u: Unit): number {
  return cannonNow(s, u) ?? refuse(say('percentile.state.noCannon', { unit: u.name }));
}
