import type { SystemId } from '../rules/system.ts';
import { MEDIEVAL_ACTION_ROLE, type MedievalAction } from './medieval.ts';
import { PERCENTILE_ACTION_ROLE, type PercentileAction } from './percentile.ts';
import type { BattleOptions } from './state.ts';

/**
 * Requests to change a battle: the input of `decide`. Names of sides, commands and units may be given
 * by name (any case) or id. Unit attributes arrive raw and are validated against the system's pack.
 */
export type Action =
  | { type: 'CreateBattle'; name: string; system: SystemId; channel: string; options?: BattleOptions }
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
  | { type: 'Undo' }
  | { type: 'OpenPoll'; title: string; options: string[]; electorate: 'commands' | 'sides'; deadline?: string }
  /** `voter` may be left out when the actor casts for one voter only; `onBehalf` is a GM's vote for an absent player. */
  | { type: 'CastVote'; ballot: string; voter?: string; choice: string; onBehalf?: boolean }
  | { type: 'RevealBallot'; ballot: string }
  /** The umpire's own: a ballot whose deadline passed is closed, voters late are reminded. */
  | { type: 'CloseBallot'; ballot: string }
  | { type: 'RemindBallot'; ballot: string }
  // Night combat (NIGHT-18.x) and the secret orders of the turn.
  | { type: 'OpenNightVote'; deadline?: string }
  | { type: 'OpenDawnBallot'; deadline?: string }
  | { type: 'OpenOrders'; deadline?: string }
  | { type: 'SetOrder'; command: string; order: string }
  | { type: 'TriggerCommand'; command: string; reason: string }
  | { type: 'SetNightConditions'; moon: string; weather: string; inches?: number }
  | { type: 'SetDemoralization'; side: string; on: boolean }
  | { type: 'ReachMfpCritical'; side: string }
  /** Grand-tactical initiative (INIT-GRANDTAC): points allotted in secret, revealed with the roll. */
  | { type: 'OpenGrandTac'; deadline?: string }
  // Dice in chat and the seed (DESIGN.md, Dice).
  | { type: 'RollDice'; expression: string; secret: boolean; reason?: string }
  | { type: 'RevealRoll'; number: number }
  | { type: 'RevealSeed' }
  | MedievalAction
  | PercentileAction;

export type ActionType = Action['type'];

/** Who may take each action (DESIGN.md: only a GM changes setup or advances the turn). */
export const ACTION_ROLE: Record<ActionType, 'gm' | 'anyone' | 'umpire'> = {
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
  OpenPoll: 'gm',
  CastVote: 'anyone',
  RevealBallot: 'gm',
  CloseBallot: 'umpire',
  RemindBallot: 'umpire',
  OpenNightVote: 'gm',
  OpenDawnBallot: 'gm',
  OpenOrders: 'gm',
  SetOrder: 'gm',
  TriggerCommand: 'gm',
  SetNightConditions: 'gm',
  SetDemoralization: 'gm',
  ReachMfpCritical: 'gm',
  OpenGrandTac: 'gm',
  RollDice: 'anyone',
  RevealRoll: 'anyone',
  RevealSeed: 'gm',
  ...MEDIEVAL_ACTION_ROLE,
  ...PERCENTILE_ACTION_ROLE,
};

/** The actor of what the umpire does by itself (deadlines, reminders); no user can act as it. */
export const UMPIRE = 'umpire:system';
