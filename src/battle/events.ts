import type { Language } from '../i18n/locales.ts';
import type { Text } from '../i18n/text.ts';
import type { SystemId, UnitAttrs } from '../rules/pack.ts';
import type { DiceUsed } from '../dice/stream.ts';
import type { SystemAction } from './actions.ts';
import type { TurnPosition } from '../rules/sequence.ts';
import type { BallotEvent } from './ballot-data.ts';
import type { HouseEvent } from './house.ts';
import type { RollEvent } from './roll-data.ts';
import type { ShareView } from './state.ts';

/** Dice a rolling event consumed (src/dice/stream.ts). */
export type { DiceUsed } from '../dice/stream.ts';

/**
 * The battle's events. A type's meaning never changes once it has landed (docs/architecture.md, Shape): add a type
 * rather than change one. Each carries what a reader of the log needs without the code.
 */
export type BattleEvent = CoreEvent | SystemEvent;

/**
 * Each rule system adds its events here by declaration merging, in its plugin.ts:
 * `declare module '../../battle/events.ts' { interface SystemEvents { medieval: MedievalEvent } }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface SystemEvents {}
export type SystemEvent = SystemEvents[keyof SystemEvents];

/** What every battle logs, whatever its rule system. */
export type CoreEvent =
  | {
      type: 'BattleCreated';
      data: {
        battleId: string;
        name: string;
        system: SystemId;
        channel: string;
        gm: string;
        /** The battle's language (issue 43); absent in logs from before: English. */
        language?: Language;
        seedHash?: string;
        options?: Record<string, unknown>;
        /** A battle renumbered by a copy between stores (store/copy.ts): the id its dice stream is derived from, and where it came from. */
        diceStream?: string;
        copiedFrom?: { battleId: string; data: string; firstHash: string; lastHash: string; events: number };
        /** The campaign whose armies it draws (issue 29). */
        campaign?: string;
      };
    }
  | { type: 'GmAdded'; data: { user: string } }
  | { type: 'GmRemoved'; data: { user: string } }
  | { type: 'SideAdded'; data: { sideId: string; name: string } }
  | { type: 'SideJoined'; data: { sideId: string; user: string } }
  /** Someone asked to join a battle already under way; a GM admits them (SideJoined) or not (JoinRefused). */
  | { type: 'JoinRequested'; data: { sideId: string; user: string } }
  | { type: 'JoinRefused'; data: { sideId: string; user: string; by: string } }
  | { type: 'CommandAdded'; data: { commandId: string; name: string; sideId: string; officer?: string } }
  | { type: 'CommandAssigned'; data: { commandId: string; user: string } }
  | { type: 'UnitAdded'; data: { unitId: string; name: string; commandId: string; attrs: UnitAttrs } }
  | { type: 'UnitEdited'; data: { unitId: string; name?: string; commandId?: string; attrs: UnitAttrs } }
  | { type: 'UnitRemoved'; data: { unitId: string; name: string } }
  | { type: 'OrderOfBattleImported'; data: { source: string; sides: number; commands: number; units: number } }
  /** `owed`: what the phase entered owes before it may end (owed.ts), as it stood on entering it. */
  | { type: 'PhaseAdvanced'; data: { from: TurnPosition; to: TurnPosition; phaseId: string; phaseName: Text; phaseNumber?: number; due: Text[]; owed?: Text[] } }
  /** A GM passed over work the phase owed (a check the rules require, a ballot still open): by its keys (owed.ts). */
  | { type: 'DueWaived'; data: { by: string; items: { key: string; text: Text }[] } }
  | { type: 'BattleEnded'; data: { by: string } }
  | { type: 'ActionUndone'; data: { voids: number[]; summary: Text } }
  /**
   * A link to the battle's page (issue 30): its id and view, never its token, which is derived from the
   * store's key (src/app/messages/share.ts). A side's link names the side by id and by the version of its
   * SideAdded (issue 37); one logged before has no `sideVersion` and is bound to the side of that id
   * as it stood when the link was made.
   */
  | { type: 'ShareLinkCreated'; data: { link: string; view: ShareView; sideId?: string; sideVersion?: number; lagTurns?: number } }
  | { type: 'ShareLinkRevoked'; data: { link: string; by: string } }
  /** A GM's mark on an event, which the page opens at: one per event, marking it again replaces the title. */
  | { type: 'BookmarkAdded'; data: { version: number; title: string; by: string } }
  | { type: 'BookmarkRemoved'; data: { version: number; by: string } }
  /**
   * An action that stopped for a value only a GM gives after its dice were drawn (decide.ts): its dice
   * are logged here and count, and it waits to resolve on them. `need` names no die. `continues`: a
   * resumption drew more dice and stopped again; these are the new ones, after the held ones.
   */
  | { type: 'ActionHeld'; data: { actor: string; action: SystemAction; need: Text; dice: DiceUsed; continues?: true } }
  /** A GM gave what the held action of event `held` needed: the events after this resolve it, re-reading its logged dice from word `from`. */
  | { type: 'HeldActionResumed'; data: { by: string; held: number; from: number } }
  /** A GM set the held action of event `held` aside (/battle undo); its dice stay logged and counted. */
  | { type: 'HeldActionSetAside'; data: { by: string; held: number } }
  | BallotEvent
  | RollEvent
  | HouseEvent;

/** An event as it stands in the log. */
export interface LoggedEvent {
  battleId: string;
  version: number;
  event: BattleEvent;
  actor: string;
  at: string;
  requestId: string | null;
}
