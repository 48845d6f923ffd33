import type { Text } from '../i18n/text.ts';
import type { HouseRule } from '../rules/house.ts';
import type { SystemId, PackBase } from '../rules/pack.ts';
import type { RuleRef } from '../rules/reference.ts';
import type { Sequence, TurnPosition } from '../rules/sequence.ts';
import type { DiceStream } from '../dice/stream.ts';
import type { Role, SystemAction } from './actions.ts';
import type { Consequences } from './decide-ballots.ts';
import type { BattleEvent, LoggedEvent, SystemEvent } from './events.ts';
import type { BattleState, Command, Unit } from './state.ts';

export type { Role } from './actions.ts';

/** What decide is given besides the state and the action: who acts, when, and the battle's dice. */
export interface DecideContext {
  actor: string;
  /** SHA-256 of the new battle's dice seed, posted at creation (docs/architecture.md, Dice). */
  seedHash?: string;
  /** ISO time of the decision (ballot deadlines). */
  now: string;
  /** The battle's dice stream at its cursor, for actions that roll (docs/architecture.md, Dice). */
  dice?: DiceStream;
  /** The same stream from an earlier word: a held action resolves on the dice it logged (decide.ts). */
  diceFrom?: (cursor: number) => DiceStream;
  /** The battle's secret seed (hex), given only to the actions that publish it. */
  seed?: string;
}

/** Events before a move through the sequence, where it really goes, and what falls due there. */
export interface Advance {
  to: TurnPosition;
  before: BattleEvent[];
  due: Text[];
}

/**
 * Work the rules require before the battle leaves its phase: a check owed after fire losses, a roll
 * the phase is for, a ballot still open. It holds /phase next and /turn next until done, or until a
 * GM passes over it (DueWaived, by `key`); /phase goto stops where something is owed.
 */
export interface Owed {
  /** Stable while the work is owed and unique to it (`morale:u3@1.4`): what a GM's waiver names. */
  key: string;
  /** What is owed, with its rule ID: "Landsknecht Pikes: Morale Test for figures lost (MED-MORALE-REASONS.3)". */
  text: Text;
  /** A command that does it, as typed: `/morale test unit:"Landsknecht Pikes" reasons:3`. */
  example?: string;
  /** The example as shown, where it says more than the command (a GM's way too); `example` is what is checked. */
  shown?: Text;
  /** The unit that owes it, where one does: /help shows its example to those who act for it. */
  unitId?: string;
}

/**
 * The words a battle report gives a unit's morale, the same in every rule system (issue 42): each
 * system's report hook says its unit's state in one of them, so that one word (and in the chart one
 * shape, report-chart.ts) means one thing in every battle. In order from the best to the worst:
 * - good: no morale effect on it (the percentile and charge games' "good", the medieval "steady",
 *   a brigade unit not retreating);
 * - impetuous: it must charge (medieval);
 * - disordered: percentile, medieval, charge;
 * - shaken: charge (worse than disordered there: -2 to -1 on a morale test);
 * - retreating: until it rallies (brigade);
 * - routing: fleeing (percentile and medieval "routing", the charge game's "routed");
 * - broken: charge.
 */
export const REPORT_STATUSES = ['good', 'impetuous', 'disordered', 'shaken', 'retreating', 'routing', 'broken'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

/** A unit as a battle report (/battle report) reads it in one state of the battle. */
export interface UnitStanding {
  /** Its strength now, in the system's unit of strength (`ReportHooks.strength`). */
  strength: number;
  /** Its strength before any loss (the roster's). */
  start: number;
  /** Its morale in the report's shared words (the worst the unit is in, where the rules give it two). */
  morale: ReportStatus;
  /** Losses counted apart from strength, in `ReportHooks.apart`, all it has taken so far: a charge unit's melee casualty steps. */
  apart?: number;
}

/** A melee as a battle report lists it: who fought, who came out on top by the system's rules, and a line saying so. */
export interface MeleeReport {
  units: string[];
  /** The winning unit's name; none for a tie or a melee the rules leave open. */
  winner?: string;
  text: Text;
}

/**
 * What a rule system lets a battle report read from its log (/battle report, `umpire report`):
 * every unit's strength and morale in any state, and the melees its events resolved.
 */
export interface ReportHooks {
  /** What its strength counts: "figures", "steps". */
  strength: string;
  /**
   * Losses its rules count apart from strength, which they do not turn into it (casualty steps, say,
   * where the rules do not say how many figures a step is). A report counts them in a casualty line
   * of their own, never as strength.
   */
  apart?: string;
  unit(s: BattleState, u: Unit): UnitStanding;
  /** The melee an event resolved, read against the state before it; undefined for any other event. */
  melee?(e: SystemEvent, s: BattleState): MeleeReport | undefined;
}

/**
 * A unit's state at a battle's end as its log shows it, for a campaign to carry into the next
 * (issue 29). Only what the rules and the log give: no attrition or recovery the seeds do not give.
 */
export interface UnitAftermath {
  /** Figures left: what the campaign carries as the unit's `figures`. */
  figures: number;
  /** One of the system's `carriedStatuses`. */
  status: CarriedStatus;
  /** What the log shows, each with its rule ID: "lost 4 figures to fire (MED-FIRE)", "routed on turn 3 (MED-MORALE)". */
  why: Text[];
  /** The leader the log shows fell with or beside this unit (by name, as the roster gives it), if any. */
  leaderFallen?: string;
  /** Its other attributes the battle changed (guns exploded, a leader fallen), each with the event it came from (issue 41). */
  attrs?: AttrAftermath[];
}

/** A unit's standing a campaign carries between battles. */
export type CarriedStatus = 'fit' | 'routed' | 'destroyed' | 'captured';

/** An attribute a battle changed: its value at the end (null: the unit has it no more), why, and the version of the log's event that changed it. */
export interface AttrAftermath {
  name: string;
  value: string | number | null;
  why: Text;
  version: number;
}

/**
 * A rule system as the battle plays it: the one interface each folder of src/rules/ implements in
 * its `plugin.ts` and the registry (src/systems/index.ts) lists. The core battle asks it and never
 * names a system. Its pure rules stay apart in the same folder and import none of this.
 */
export interface RuleSystem<S = unknown> {
  id: SystemId;
  /** Human name, e.g. "Percentage-dice fire (Napoleonic)". */
  name: string;
  /** How a refusal names the rules: "the medieval d10 rules". */
  rulesName: string;
  pack: PackBase;
  /** Every rule ID its code cites, what it says and what the umpire does with it (/ref rule, docs/rules/<id>.md). */
  reference?: readonly RuleRef[];
  /** The values its seed leaves open, each set per battle by a GM (/house set); none when left out. */
  house?: readonly HouseRule[];
  /** A file of house rules, one group's set for every value above, that a new battle's first post offers (`/house upload file:`). */
  houseFile?: string;
  sequence: Sequence;
  /** The system's own state in a new battle: `BattleState.rules`. */
  initialState(): S;
  /** Options the players agree on at creation (`/battle create`); none when left out. */
  options?: {
    keys: readonly string[];
    /** The options given, checked (refusing with a reason) and as they are recorded. */
    check(given: Record<string, unknown>): Record<string, unknown>;
    text(options: Record<string, unknown>): Text;
  };
  /** Its actions and who may take each; `decide` is asked only these. */
  actions: Readonly<Record<string, Role>>;
  decide(s: BattleState, action: SystemAction, ctx: DecideContext): BattleEvent[];
  /** Its event types; `describe` is asked only these. */
  events: readonly string[];
  /** Any event's effect on the system's state (its own, phases, units removed), on a draft the caller owns (a core record changes through `own`, draft.ts). */
  evolve(d: BattleState, e: BattleEvent): void;
  /** One line a reader of the log understands; `s` is the state before the event. */
  describe(e: SystemEvent, s: BattleState): Text;
  /** A move through the sequence: events it sets off first, a destination the rules change, what falls due. */
  advance?(s: BattleState, next: Advance, period: string | undefined, nextTurn: (period: string) => TurnPosition): Advance;
  /** What the current phase still owes by its rules (`Owed`); the core adds open ballots. */
  owed?(s: BattleState): Owed[];
  /** The tests its rules would leave untaken if the battle ended now, in this phase or later in the turn (a unit's morale test): /battle end is held by them. */
  owedAtEnd?(s: BattleState): Owed[];
  /** Who acts in the phase at `pos`, named for this battle ("side A: Tudor"); else the phase's `acts`. */
  acting?(s: BattleState, pos: TurnPosition): Text | undefined;
  /** The ids of the sides that act in the phase at `pos`, where the log tells (side A's fire): a banner's examples name their units. */
  actingSides?(s: BattleState, pos: TurnPosition): string[] | undefined;
  /** Its ballot kinds the next phase closes itself, revealing what was cast (secret orders, dawn notes): one still open does not hold the phase. */
  closedByPhase?: readonly string[];
  /** What a revealed ballot of one of its kinds sets off. */
  ballotConsequences?: Consequences;
  /** Lines for /battle status, for a command in it, and for /unit show. */
  statusLines?(s: BattleState): Text[];
  commandLines?(s: BattleState, c: Command): Text[];
  unitLines?(s: BattleState, u: Unit): Text[];
  /** What a battle report reads of its units and melees; a battle of a system without it reports its melees-free log only. */
  report?: ReportHooks;
  /**
   * A unit's state at the battle's end, for a campaign, from the state and the log's events that
   * stand (none an undo voided); a system without it carries its report's strength, and destroyed at none.
   */
  aftermath?(s: BattleState, u: Unit, log: readonly LoggedEvent[]): UnitAftermath;
  /** What the battle's end says of a side as a whole, for a campaign's result line ("Yorkist withdrew from the battlefield (BRG-4.2)"). */
  sideAftermath?(s: BattleState): Text[];
  /** The statuses its rules give a unit, of those a campaign carries: all four when left out (the brigade game has no rout). */
  carriedStatuses?: readonly CarriedStatus[];
}
