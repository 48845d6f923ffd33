import type { Action } from './actions.ts';
import type { DecideContext } from './decide.ts';
import type { BattleEvent } from './events.ts';
import type { BattleState } from './state.ts';
import type { TurnPosition } from '../rules/system.ts';

/**
 * The medieval d10 game (shared/rules/d10-medieval.md, MED-x) as the battle keeps it: initiative and
 * sides A and B, weather, firing, melee, control and morale tests applied to the units. The rules
 * are pure functions in src/rules/medieval/; this module applies them to the battle's state.
 */

/** What the medieval rules track of a unit beyond its pack attributes. */
export interface MedievalUnitStatus {
  /** Figures lost so far. */
  losses: number;
}

export interface MedievalState {
  units: Record<string, MedievalUnitStatus>;
}

export const initialMedieval = (): MedievalState => ({ units: {} });

export type MedievalAction = never;
export type MedievalEvent = never;

/** Who may take each medieval action. */
export const MEDIEVAL_ACTION_ROLE: Record<MedievalAction['type'], 'gm' | 'anyone' | 'umpire'> = {};
const EVENT_TYPES = new Set<string>([]);

export const isMedievalAction = (a: Action): a is MedievalAction => a.type in MEDIEVAL_ACTION_ROLE;
export const isMedievalEvent = (e: BattleEvent): e is MedievalEvent => EVENT_TYPES.has(e.type);

export function decideMedieval(_s: BattleState, action: MedievalAction, _ctx: DecideContext): BattleEvent[] {
  return action;
}

/** What falls due on entering `to` (added to the PhaseAdvanced event's due list). */
export function medievalDue(_s: BattleState, _to: TurnPosition): string[] {
  return [];
}

/** Any event's effect on the medieval state (its own events, phase changes, units removed); replaces, never mutates. */
export function applyMedievalEvent(_d: BattleState, _e: BattleEvent): void {}

export function describeMedievalEvent(e: MedievalEvent, _s: BattleState): string {
  return e;
}

/** Lines for /unit show. */
export function medievalUnitLines(_s: BattleState, _unitId: string): string[] {
  return [];
}
