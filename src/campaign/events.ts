import type { Language } from '../i18n/locales.ts';
import type { Text } from '../i18n/text.ts';
import type { SystemId, UnitAttrs } from '../rules/pack.ts';

/**
 * A campaign's log (docs/architecture.md, Words: campaign): armies whose units' state is carried from battle
 * to battle, and campaign turns with secret orders and deadlines. A stream of its own in the same
 * store as the battles, hash-chained as they are; its id is `c<n>`.
 */

/** A unit's standing in the campaign between battles. */
export type UnitStatus = 'fit' | 'routed' | 'destroyed' | 'captured';
export const UNIT_STATUSES: readonly UnitStatus[] = ['fit', 'routed', 'destroyed', 'captured'];

/** A command of an army: the wargame's, with its officer (a leader) and who plays it. */
export interface ArmyCommand {
  name: string;
  officer?: string;
  player?: string;
  /** The officer fell in a battle (a GM's confirmed result): the command fights on without him. */
  officerFallen?: boolean;
  /** The officer was taken (a GM's ruling): the command fights on without him, as when he falls. */
  officerCaptured?: boolean;
  /** A GM's last ruling on the officer (fallen, captured, fit again, replaced): their words. */
  officerRuling?: { by: string; note: string };
}

/** What became of a leader, as the log proposes it or a GM rules it: `fallen` is killed or wounded, the GM's to tell apart. */
export type LeaderFate = 'fallen' | 'captured' | 'fit';
export const LEADER_FATES: readonly LeaderFate[] = ['fallen', 'captured', 'fit'];

export interface UnitRecord {
  unitId: string;
  name: string;
  /** The army command it belongs to, by name. */
  command: string;
  /** The attributes of the rule system its army fights under, `figures` its current strength. */
  attrs: UnitAttrs;
  status: UnitStatus;
}

export interface ArmyRecord {
  armyId: string;
  name: string;
  system: SystemId;
  commands: ArmyCommand[];
  units: UnitRecord[];
}

/** A unit's state as a battle's result proposes it, and as the GM confirmed or adjusted it. */
export interface UnitResult {
  unitId: string;
  name: string;
  before: { figures: number; status: UnitStatus };
  after: { attrs: UnitAttrs; status: UnitStatus };
  /** What the battle's log shows, each with its rule ID where the rules give one (the rule system's phrases; an older log's English). */
  why: Text[];
  /** Its attributes besides figures the battle changed, each with the battle's event it came from (issue 41). */
  changes?: AttrChange[];
  /** A GM changed what the log proposed: their words, logged and shown as the GM's ruling. */
  ruling?: { by: string; note: string };
  /** What the log proposed, kept beside a GM's ruling on it (BattleResultAdjusted), and so carried in the confirmation's event. */
  proposed?: { attrs: UnitAttrs; status: UnitStatus };
}

/** An attribute a battle changed (null: the unit has it no more), and the version of the battle's event it came from. */
export interface AttrChange {
  attr: string;
  from: string | number | null;
  to: string | number | null;
  why: Text;
  version: number;
}

/** An officer of an army's command (or a leader attached to a unit) who fell in the battle, as the log shows it or a GM ruled. */
export interface LeaderResult {
  armyId: string;
  command: string;
  officer: string;
  /** What the log shows of his fall (a phrase; an older log's English). */
  why: Text;
  /** The unit he led, when the roster attached him to one (its `leader`). */
  unitId?: string;
  /** Fallen when left out (all the log proposes); a GM may rule him captured, or fit after all. */
  fate?: LeaderFate;
  ruling?: { by: string; note: string };
  /** What the log proposed (fit when it named no fall), kept beside a GM's ruling. */
  proposed?: LeaderFate;
}

/** A house rule the campaign holds for its battles of one rule system (issue 41): each such battle starts with it, logged there. */
export interface CampaignHouseRule {
  key: string;
  value: unknown;
  rules: readonly string[];
  by: string;
}

export type RevealReason = 'all sent' | 'deadline' | 'gm';

export interface RevealedOrders {
  armyId: string;
  army: string;
  /** null when no orders came before the reveal. */
  text: string | null;
  by?: string;
  onBehalf?: boolean;
}

export type CampaignEvent =
  /** `language`: the campaign's, its posts' and its battles' (issue 43); absent when English, and in logs from before. */
  | { type: 'CampaignCreated'; data: { campaignId: string; name: string; channel: string; gm: string; language?: Language } }
  | { type: 'CampaignGmAdded'; data: { user: string } }
  | { type: 'CampaignSideAdded'; data: { sideId: string; name: string } }
  | { type: 'CampaignSideJoined'; data: { sideId: string; user: string } }
  /** A side's armies from a roster file, validated whole against each army's rule system. */
  | { type: 'ArmiesImported'; data: { sideId: string; source: string; armies: ArmyRecord[] } }
  /** A GM's reinforcements: new units for an army. */
  | { type: 'UnitsReinforced'; data: { armyId: string; units: UnitRecord[]; note?: string } }
  /** A GM's ruling on a unit between battles (replacements, recovery, capture): logged with their words. */
  | { type: 'UnitStateSet'; data: { unitId: string; attrs: UnitAttrs; status: UnitStatus; note: string; by?: string } }
  /** To another army, or another command of its own (`from` and `to` the same army): a GM's, with their words (issue 41). */
  | { type: 'UnitTransferred'; data: { unitId: string; from: string; to: string; command: string; note?: string; by?: string } }
  /**
   * A GM's ruling on a leader between battles (issue 41): a command's officer, or the leader a unit's
   * `leader` names (`unitId`), fallen, captured, fit again, or replaced by `replacement`; with no
   * `officer`, the first officer of a command that had none (a detachment's).
   */
  | { type: 'LeaderRuled'; data: { armyId: string; command: string; unitId?: string; officer?: string; fate?: LeaderFate; replacement?: string; note: string; by: string } }
  /** A GM gives an army's commands (all, or the one named) to a player of its side, who then sends its orders (issue 38). */
  | { type: 'ArmyAssigned'; data: { armyId: string; commands: string[]; user: string } }
  /** Asks each army's players for secret orders (by DM); `voters` are the users who may send each army's. */
  | { type: 'CampaignTurnOpened'; data: { turn: number; openedAt: string; deadline?: string; voters: { armyId: string; users: string[] }[] } }
  /** Secret until the reveal: nothing shows `text` to anyone but the army's players and the GMs. */
  | { type: 'OrdersSent'; data: { turn: number; armyId: string; text: string; by: string; onBehalf: boolean } }
  | { type: 'OrdersReminded'; data: { turn: number; waitingFor: string[] } }
  | { type: 'TurnDeadlineExtended'; data: { turn: number; deadline: string } }
  /** The deadline stops; `remainingMs` is what was left of it, given back at the resume. */
  | { type: 'CampaignTurnPaused'; data: { turn: number; remainingMs?: number } }
  | { type: 'CampaignTurnResumed'; data: { turn: number; deadline?: string } }
  | { type: 'OrdersRevealed'; data: { turn: number; reason: RevealReason; orders: RevealedOrders[] } }
  /** A battle of the campaign, in a channel (or thread) of its own, with these armies' units as its roster. */
  | {
      type: 'CampaignBattleStarted';
      data: {
        battleId: string;
        name: string;
        channel: string;
        system: SystemId;
        turn: number;
        armies: string[];
        units: string[];
        /** /battle create's options it starts with: the campaign's for its system, as the battle's start changed them (issue 41). */
        options?: Record<string, unknown>;
        /** The campaign's house rules for its system, as they stood: the battle starts with them. */
        house?: CampaignHouseRule[];
        /** The battle's language, given as it was started; else it takes the campaign's (issue 43). */
        language?: Language;
      };
    }
  /** The battle could not be created (its channel got another battle meanwhile): its units are free again. */
  | { type: 'CampaignBattleCancelled'; data: { battleId: string; reason: Text } }
  /**
   * The battle ended; its log proposes each unit's new state. `through` is the battle's last event
   * then, by version and hash: the campaign's chain covers the battle's up to there.
   */
  | {
      type: 'BattleResultProposed';
      /** `sides`: what the battle's end says of a side as a whole (RuleSystem.sideAftermath), the end of `result`. */
      data: { battleId: string; through: { version: number; hash: string }; units: UnitResult[]; leaders: LeaderResult[]; result: Text; sides?: Text[] };
    }
  | { type: 'BattleResultAdjusted'; data: { battleId: string; unitId: string; after: { attrs: UnitAttrs; status: UnitStatus }; note: string; by: string } }
  /** A GM rules on a leader in a proposed result (issue 41): what the log cannot say, a commander killed, wounded or taken. */
  | { type: 'BattleLeaderAdjusted'; data: { battleId: string; armyId: string; command: string; unitId?: string; officer: string; fate: LeaderFate; note: string; by: string } }
  | { type: 'BattleResultApplied'; data: { battleId: string; units: UnitResult[]; leaders: LeaderResult[] } }
  /** The campaign's house rules and creation options per rule system (issue 41), for the battles it starts from then on. */
  | { type: 'CampaignHouseRuleSet'; data: { system: SystemId; key: string; value: unknown; rules: readonly string[]; by: string; source?: string } }
  | { type: 'CampaignHouseRuleUnset'; data: { system: SystemId; key: string; by: string } }
  /** The options as they now stand for that system, whole. */
  | { type: 'CampaignOptionsSet'; data: { system: SystemId; options: Record<string, unknown>; by: string } }
  | { type: 'CampaignEnded'; data: { by: string } }
  /** A link to the campaign's page (issue 30): its id only, never its token (src/app/messages/share.ts). One is live at a time. */
  | { type: 'CampaignShared'; data: { link: string } }
  | { type: 'CampaignShareRevoked'; data: { link: string; by: string } };

export type CampaignEventType = CampaignEvent['type'];

/** An event as the campaign folds it. */
export interface LoggedCampaignEvent {
  battleId: string;
  version: number;
  event: CampaignEvent;
  actor: string;
  at: string;
  requestId: string | null;
}
