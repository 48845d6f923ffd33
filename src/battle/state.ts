import type { Language } from '../i18n/locales.ts';
import type { Text } from '../i18n/text.ts';
import type { SystemId, UnitAttrs } from '../rules/pack.ts';
import type { TurnPosition } from '../rules/sequence.ts';
import type { DiceUsed } from '../dice/stream.ts';
import type { SystemAction } from './actions.ts';
import type { Ballot } from './ballot-data.ts';
import type { RollRecord } from './roll-data.ts';
import { findNamed } from './names.ts';

export interface Side {
  id: string;
  name: string;
  players: string[];
  /**
   * The event that added it: the side's identity. Its id names it only while it stands: an undo
   * voids the event, and the next side added takes the id again (issue 37).
   */
  version: number;
  /** Army Demoralization (15.90) in effect, as the GM records it (NIGHT-18.13). */
  demoralized?: boolean;
}

export interface Command {
  id: string;
  name: string;
  sideId: string;
  /** The event that added it: its identity, as a side's (an undone command's id comes back to the next one). */
  version: number;
  officer?: string;
  player?: string;
  /** The current order (ATTACK, DEFEND, MARCH, ENGAGE, RESERVE, MANEUVER). */
  order?: string;
  /** Orders its player (or a GM) must pick from, e.g. a command turned PASSIVE (NIGHT-18.22). */
  orderDue?: string[];
  /** Night stance from the dusk vote (NIGHT-18.11) or 18.63. */
  stance?: 'ACTIVE' | 'PASSIVE';
  /** A PASSIVE command triggered by enemy action (NIGHT-18.24). */
  triggered?: boolean;
  /** Took part (ACTIVE) in this battleday's dawn attack (NIGHT-18.84, 18.85). */
  attackedAtDawn?: boolean;
  /** The CMR penalty the night left for the next battleday (NIGHT-18.71); a log from before phrases kept English here, which still shows. */
  cmrNote?: Text;
}

export interface Unit {
  id: string;
  name: string;
  commandId: string;
  attrs: UnitAttrs;
}

/** A house rule in force (house.ts): its value, who set it, at which event of the log. */
export interface HouseEntry {
  value: unknown;
  by: string;
  version: number;
}

/** What a share link's page shows (issue 30): what the channel was shown, that plus one side's own, or the channel's lagging. */
export type ShareView = 'public' | 'side' | 'spectator';

/** A link to the battle's page; the log keeps its id and view, never its token (src/app/messages/share.ts). */
export interface ShareLink {
  id: string;
  view: ShareView;
  /** A side's view: that side's id, and the event that added it, which the link opens only while it stands (issue 37). */
  sideId?: string;
  /** 0 when the link was made (by an old log) for a side not there: it opens nothing. */
  sideVersion?: number;
  /** A spectator's view: the turns it lags behind the battle. */
  lagTurns?: number;
  /** The event that created it. */
  version: number;
  revoked: boolean;
}

/** A GM's mark on an event of the log: the page opens there. */
export interface Bookmark {
  /** The event marked. */
  version: number;
  title: string;
  by: string;
  /** The event that marked it. */
  at: number;
}

/** One undoable action: the versions of the events it appended. */
export interface UndoEntry {
  versions: number[];
  summary: Text;
  requestId: string | null;
}

export interface BattleState {
  id: string;
  /** Version of the last event folded in (0: no battle yet). */
  version: number;
  name: string;
  system: SystemId;
  channel: string;
  /** The language its channel posts and DMs are worded in (`/battle create language:`); English for a log from before. */
  language: Language;
  gms: string[];
  sides: Record<string, Side>;
  commands: Record<string, Command>;
  units: Record<string, Unit>;
  position: TurnPosition;
  ended: boolean;
  seedHash?: string;
  /** Next word of the dice stream; never goes back, not even on undo (docs/architecture.md, Dice). */
  diceCursor: number;
  /**
   * The secret rolls made with /roll, by number (rolls.ts), with their results for the roller and
   * the GMs: what /reveal roll: acts on. An open roll is in the log and its post; kept here too,
   * this record grew with every roll and each roll copied it whole.
   */
  rolls: Record<number, RollRecord>;
  /** The dice seed, once published (/battle reveal-seed or the battle's end). */
  revealedSeed?: string;
  /** The action waiting for a GM's value on the dice it drew (ActionHeld, decide.ts); absent when none. */
  held?: HeldAction;
  /** Options the players agreed on at creation, as the rule system checked them. */
  options: Record<string, unknown>;
  /** The house rules in force, by key: values the seed leaves open, set by a GM (house.ts). */
  house: Record<string, HouseEntry>;
  /** The rule system's own state (its plugin's `initialState`, changed by its `evolve`). */
  rules: unknown;
  /** Secret ballots, open and revealed (ballots.ts). */
  ballots: Record<string, Ballot>;
  /** Who asked to join the running battle, and for which side, awaiting a GM (user -> side id). */
  joinRequests: Record<string, string>;
  /** Undoable actions, most recent last. */
  undoable: UndoEntry[];
  /** The keys of owed work a GM passed over (DueWaived, owed.ts); absent until the first. */
  waived?: string[];
  /** The links to the battle's page, live and revoked, by id (share.ts). */
  links: Record<string, ShareLink>;
  /** The GMs' bookmarks, by the event they mark. */
  bookmarks: Record<number, Bookmark>;
  /** Counters for ids that stay stable when things are renamed; a link id is never reused, so a revoked link stays dead. */
  nextId: { side: number; command: number; unit: number; ballot: number; roll: number; link: number };
}

/** An action held on its logged dice: all of them, from its first hold on, and what it waits for. */
export interface HeldAction {
  /** The event that first held it. */
  version: number;
  actor: string;
  action: SystemAction;
  need: Text;
  dice: DiceUsed;
}

export const initialState = (battleId: string): BattleState => ({
  id: battleId,
  version: 0,
  name: '',
  system: '',
  channel: '',
  language: 'en',
  gms: [],
  sides: {},
  commands: {},
  units: {},
  position: { turn: 1, phase: 0 },
  ended: false,
  diceCursor: 0,
  rolls: {},
  options: {},
  house: {},
  rules: undefined,
  ballots: {},
  joinRequests: {},
  undoable: [],
  links: {},
  bookmarks: {},
  nextId: { side: 1, command: 1, unit: 1, ballot: 1, roll: 1, link: 1 },
});

export const exists = (s: BattleState): boolean => s.version > 0;
export const isGm = (s: BattleState, user: string): boolean => s.gms.includes(user);

/** A player of the battle: on a side, controlling a command, or a GM. */
export const isPlayer = (s: BattleState, user: string): boolean =>
  isGm(s, user) ||
  Object.values(s.sides).some((side) => side.players.includes(user)) ||
  Object.values(s.commands).some((c) => c.player === user);

/**
 * Finds a thing by id or by name, in any case: as logged, else normalised, else by a look-alike
 * (names.ts); a name that several things could be finds none.
 */
export function findByName<T extends { id: string; name: string }>(things: Record<string, T>, ref: string): T | undefined {
  return (Object.hasOwn(things, ref) ? things[ref] : undefined) ?? findNamed(Object.values(things), ref, (t) => t.name);
}
