import type { Language } from '../i18n/locales.ts';
import type { SystemId } from '../rules/pack.ts';

/** Who may take an action: a GM, anyone (the action checks whose units), or the umpire by itself. */
export type Role = 'gm' | 'anyone' | 'umpire';

/**
 * Requests to change a battle: the input of `decide`. Names of sides, commands and units may be given
 * by name (any case) or id. Unit attributes arrive raw and are validated against the system's pack.
 */
export type Action = CoreAction | SystemAction;

/**
 * Each rule system adds its actions here by declaration merging, in its plugin.ts:
 * `declare module '../../battle/actions.ts' { interface SystemActions { medieval: MedievalAction } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SystemActions {}
export type SystemAction = SystemActions[keyof SystemActions];

/** What every battle takes, whatever its rule system. */
export type CoreAction =
  | {
      type: 'CreateBattle';
      name: string;
      system: SystemId;
      channel: string;
      /** The language its posts and DMs are worded in. */
      language?: Language;
      options?: Record<string, unknown>;
      /** A campaign's battle (issue 29): its GMs, and its sides with their players and the armies' commands and units as an order of battle. */
      campaign?: {
        id: string;
        gms: string[];
        sides: { name: string; players: string[]; commands: unknown[] }[];
        /** The campaign's house rules for the system (issue 41): the battle starts with them, each logged as set by the GM who set it in the campaign. */
        house?: { key: string; value: unknown; by: string }[];
      };
    }
  | { type: 'AddGm'; user: string }
  | { type: 'RemoveGm'; user: string }
  | { type: 'AddSide'; name: string }
  | { type: 'JoinSide'; side: string }
  /** A GM lets a player who asked to join a running battle in (JoinRequested), or refuses them. */
  | { type: 'AdmitPlayer'; user: string; admit: boolean }
  | { type: 'AddCommand'; name: string; side: string; officer?: string }
  | { type: 'AssignCommand'; command: string; user: string }
  | { type: 'AddUnit'; name: string; command: string; attrs: Record<string, unknown> }
  | { type: 'EditUnit'; unit: string; name?: string; command?: string; attrs: Record<string, unknown> }
  | { type: 'RemoveUnit'; unit: string }
  | { type: 'ImportOrderOfBattle'; source: string; oob: unknown }
  /** `skip`: a GM passes over what the phase still owes (logged as DueWaived). */
  | { type: 'AdvancePhase'; skip?: boolean }
  | { type: 'AdvanceTurn'; period?: string; skip?: boolean }
  /** Forward phase by phase to `phase` (its name, id or printed number), stopping where something is owed. */
  | { type: 'GotoPhase'; phase: string }
  /** `skip`: a GM ends it with tests its rules still owe untaken (RuleSystem.owedAtEnd), logged. */
  | { type: 'EndBattle'; skip?: boolean }
  | { type: 'Undo' }
  | { type: 'OpenPoll'; title: string; options: string[]; electorate: 'commands' | 'sides'; deadline?: string }
  /** `voter` may be left out when the actor casts for one voter only; `onBehalf` is a GM's vote for an absent player. */
  | { type: 'CastVote'; ballot: string; voter?: string; choice: string; onBehalf?: boolean }
  | { type: 'RevealBallot'; ballot: string }
  /** A GM voids a voter's vote in an open ballot; its player votes again. */
  | { type: 'VoidVote'; ballot: string; voter: string; reason?: string }
  /** The umpire's own: a ballot whose deadline passed is closed, voters late are reminded. */
  | { type: 'CloseBallot'; ballot: string }
  | { type: 'RemindBallot'; ballot: string }
  // Dice in chat and the seed (docs/architecture.md, Dice).
  | { type: 'RollDice'; expression: string; secret: boolean; reason?: string }
  | { type: 'RevealRoll'; number: number }
  | { type: 'RevealSeed' }
  // The battle's page (issue 30): links and bookmarks, on an ended battle too (share.ts).
  /** Links for whatever view has none live (the public one, each side's); `spectatorLag` adds a spectator's, that many turns behind. */
  | { type: 'ShareBattle'; spectatorLag?: number }
  /** One link by id, or every live one. */
  | { type: 'RevokeShare'; link?: string }
  | { type: 'AddBookmark'; version: number; title: string }
  | { type: 'RemoveBookmark'; version: number }
  | HouseAction;

/** The house-rule actions, decided in house.ts: declared here, as house.ts imports the state, which imports this file (no import circle). */
export type HouseAction =
  /** `value` as the GM typed it (read as YAML: 10, [1, 2], ratio) or as an uploaded file held it. */
  | { type: 'SetHouseRule'; key: string; value: unknown }
  | { type: 'UnsetHouseRule'; key: string }
  /** A file of house rules: every key checked before any is set (all or nothing). */
  | { type: 'SetHouseRules'; source: string; rules: unknown };

/** Who may take each core action (docs/architecture.md, Shape: only a GM changes setup or advances the turn); a rule system says for its own. */
export const CORE_ACTION_ROLE: Record<CoreAction['type'], Role> = {
  CreateBattle: 'anyone',
  AddGm: 'gm',
  RemoveGm: 'gm',
  AddSide: 'gm',
  JoinSide: 'anyone',
  AdmitPlayer: 'gm',
  AddCommand: 'gm',
  AssignCommand: 'gm',
  AddUnit: 'gm',
  EditUnit: 'gm',
  RemoveUnit: 'gm',
  ImportOrderOfBattle: 'gm',
  AdvancePhase: 'gm',
  AdvanceTurn: 'gm',
  GotoPhase: 'gm',
  EndBattle: 'gm',
  Undo: 'gm',
  OpenPoll: 'gm',
  CastVote: 'anyone',
  RevealBallot: 'gm',
  VoidVote: 'gm',
  CloseBallot: 'umpire',
  RemindBallot: 'umpire',
  RollDice: 'anyone',
  RevealRoll: 'anyone',
  RevealSeed: 'gm',
  ShareBattle: 'gm',
  RevokeShare: 'gm',
  AddBookmark: 'gm',
  RemoveBookmark: 'gm',
  SetHouseRule: 'gm',
  UnsetHouseRule: 'gm',
  SetHouseRules: 'gm',
};

/** The actor of what the umpire does by itself (deadlines, reminders); no user can act as it. */
export const UMPIRE = 'umpire:system';
