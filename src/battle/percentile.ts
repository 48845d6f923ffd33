import type { Action } from './actions.ts';
import type { DecideContext } from './decide.ts';
import type { BattleEvent } from './events.ts';
import type { BattleState } from './state.ts';
import type { TurnPosition } from '../rules/system.ts';

/**
 * Percentage-dice fire combat (shared/rules/percentile-fire.md, PCT-11.x) and the night rules that
 * are not ballots (NIGHT-18.41, 18.42, 18.51, 18.61, 18.63) as the battle keeps them: fire attacks
 * with what the log knows, losses, markers, morale checks due, the sides' MFP levels. The rules are
 * pure functions in src/rules/percentile/; this module applies them to the battle's state.
 */

/** What the percentile rules track of a unit beyond its pack attributes. */
export interface PercentileUnitStatus {
  /** Figures lost so far. */
  losses: number;
}

export interface PercentileState {
  units: Record<string, PercentileUnitStatus>;
}

export const initialPercentile = (): PercentileState => ({ units: {} });

export type PercentileAction = never;
export type PercentileEvent = never;

/** Who may take each percentile action. */
export const PERCENTILE_ACTION_ROLE: Record<PercentileAction['type'], 'gm' | 'anyone' | 'umpire'> = {};
const EVENT_TYPES = new Set<string>([]);

export const isPercentileAction = (a: Action): a is PercentileAction => a.type in PERCENTILE_ACTION_ROLE;
export const isPercentileEvent = (e: BattleEvent): e is PercentileEvent => EVENT_TYPES.has(e.type);

export function decidePercentile(_s: BattleState, action: PercentileAction, _ctx: DecideContext): BattleEvent[] {
  return action;
}

/** What falls due on entering `to` (added to the PhaseAdvanced event's due list). */
export function percentileDue(_s: BattleState, _to: TurnPosition): string[] {
  return [];
}

/** Any event's effect on the percentile state (its own events, phase changes, units removed); replaces, never mutates. */
export function applyPercentileEvent(_d: BattleState, _e: BattleEvent): void {}

export function describePercentileEvent(e: PercentileEvent, _s: BattleState): string {
  return e;
}

/** Lines for /unit show. */
export function percentileUnitLines(_s: BattleState, _unitId: string): string[] {
  return [];
}
