import type { SystemId } from '../rules/system.ts';

/**
 * Requests to change a battle: the input of `decide`. Names of sides, commands and units may be given
 * by name (any case) or id. Unit attributes arrive raw and are validated against the system's pack.
 */
export type Action =
  | { type: 'CreateBattle'; name: string; system: SystemId; channel: string }
  | { type: 'AddGm'; user: string }
  | { type: 'RemoveGm'; user: string }
  | { type: 'AddSide'; name: string }
  | { type: 'JoinSide'; side: string }
  | { type: 'AddCommand'; name: string; side: string; officer?: string }
  | { type: 'AssignCommand'; command: string; user: string }
  | { type: 'AddUnit'; name: string; command: string; attrs: Record<string, unknown> }
  | { type: 'EditUnit'; unit: string; name?: string; command?: string; attrs: Record<string, unknown> }
  | { type: 'RemoveUnit'; unit: string }
  | { type: 'ImportOrderOfBattle'; source: string; oob: unknown }
  | { type: 'AdvancePhase' }
  | { type: 'AdvanceTurn'; period?: string }
  | { type: 'EndBattle' }
  | { type: 'Undo' };

export type ActionType = Action['type'];

/** Who may take each action (DESIGN.md: only a GM changes setup or advances the turn). */
export const ACTION_ROLE: Record<ActionType, 'gm' | 'anyone'> = {
  CreateBattle: 'anyone',
  AddGm: 'gm',
  RemoveGm: 'gm',
  AddSide: 'gm',
  JoinSide: 'anyone',
  AddCommand: 'gm',
  AssignCommand: 'gm',
  AddUnit: 'gm',
  EditUnit: 'gm',
  RemoveUnit: 'gm',
  ImportOrderOfBattle: 'gm',
  AdvancePhase: 'gm',
  AdvanceTurn: 'gm',
  EndBattle: 'gm',
  Undo: 'gm',
};
