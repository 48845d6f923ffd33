import type { SystemId, TurnPosition, UnitAttrs } from '../rules/system.ts';
import { refuse } from '../rules/errors.ts';
import type { Ballot } from './ballots.ts';
import type { NightState } from './night.ts';
import type { RollRecord } from './rolls.ts';
import { initialMedieval, type MedievalState } from './medieval.ts';
import { initialPercentile, type PercentileState } from './percentile.ts';

/**
 * Options the players agree on when the battle is created and that hold for all of it: medieval
 * automatic kills (MED-AUTOKILL) and part dice (MED-PARTDICE), the initiative die (MED-INIT.1 d6 or
 * MED-SEQ.1 d10; the pack's default when left out).
 */
export interface BattleOptions {
  autokill?: boolean;
  partDice?: boolean;
  initiativeDie?: 6 | 10;
}

export interface Side {
  id: string;
  name: string;
  players: string[];
  /** Army Demoralization (15.90) in effect, as the GM records it (NIGHT-18.13). */
  demoralized?: boolean;
}

export interface Command {
  id: string;
  name: string;
  sideId: string;
  officer?: string;
  player?: string;
  /** The current order (ATTACK, DEFEND, MARCH, ENGAGE, RESERVE, MANEUVER). */
  order?: string;
  /** Orders the GM must pick from, e.g. a command turned PASSIVE (NIGHT-18.22). */
  orderDue?: string[];
  /** Night stance from the dusk vote (NIGHT-18.11) or 18.63. */
  stance?: 'ACTIVE' | 'PASSIVE';
  /** A PASSIVE command triggered by enemy action (NIGHT-18.24). */
  triggered?: boolean;
  /** Took part (ACTIVE) in this battleday's dawn attack (NIGHT-18.84, 18.85). */
  attackedAtDawn?: boolean;
  /** The CMR penalty the night left for the next battleday (NIGHT-18.71). */
  cmrNote?: string;
}

export interface Unit {
  id: string;
  name: string;
  commandId: string;
  attrs: UnitAttrs;
}

/** One undoable action: the versions of the events it appended. */
export interface UndoEntry {
  versions: number[];
  summary: string;
  requestId: string | null;
}

export interface BattleState {
  id: string;
  /** Version of the last event folded in (0: no battle yet). */
  version: number;
  name: string;
  system: SystemId;
  channel: string;
  gms: string[];
  sides: Record<string, Side>;
  commands: Record<string, Command>;
  units: Record<string, Unit>;
  position: TurnPosition;
  ended: boolean;
  seedHash?: string;
  /** Next word of the dice stream; never goes back, not even on undo (DESIGN.md, Dice). */
  diceCursor: number;
  /** Rolls made with /roll, by number (rolls.ts); secret ones carry their result for the roller and GMs. */
  rolls: Record<number, RollRecord>;
  /** The dice seed, once published (/battle reveal-seed or the battle's end). */
  revealedSeed?: string;
  /** Night combat (night.ts). */
  night: NightState;
  /** Agreed at creation (BattleOptions). */
  options: BattleOptions;
  /** The medieval rules' state (medieval.ts); empty in other systems. */
  medieval: MedievalState;
  /** The percentile rules' state (percentile.ts); empty in other systems. */
  percentile: PercentileState;
  /** Secret ballots, open and revealed (ballots.ts). */
  ballots: Record<string, Ballot>;
  /** Undoable actions, most recent last. */
  undoable: UndoEntry[];
  /** Counters for ids that stay stable when things are renamed. */
  nextId: { side: number; command: number; unit: number; ballot: number; roll: number };
}

export const initialState = (battleId: string): BattleState => ({
  id: battleId,
  version: 0,
  name: '',
  system: 'percentile',
  channel: '',
  gms: [],
  sides: {},
  commands: {},
  units: {},
  position: { turn: 1, phase: 0 },
  ended: false,
  diceCursor: 0,
  rolls: {},
  night: {},
  options: {},
  medieval: initialMedieval(),
  percentile: initialPercentile(),
  ballots: {},
  undoable: [],
  nextId: { side: 1, command: 1, unit: 1, ballot: 1, roll: 1 },
});

export const exists = (s: BattleState): boolean => s.version > 0;
export const isGm = (s: BattleState, user: string): boolean => s.gms.includes(user);

/** A player of the battle: on a side, controlling a command, or a GM. */
export const isPlayer = (s: BattleState, user: string): boolean =>
  isGm(s, user) ||
  Object.values(s.sides).some((side) => side.players.includes(user)) ||
  Object.values(s.commands).some((c) => c.player === user);

const norm = (name: string) => name.trim().toLowerCase();

/** Finds a thing by id or by (case-insensitive) name. */
export function findByName<T extends { id: string; name: string }>(things: Record<string, T>, ref: string): T | undefined {
  return things[ref] ?? Object.values(things).find((t) => norm(t.name) === norm(ref));
}

/** The side named or numbered `ref`, refusing with the sides there are. */
export function findSide(s: BattleState, ref: string): Side {
  return findByName(s.sides, ref) ?? refuse(`There is no side "${ref}". Sides: ${Object.values(s.sides).map((x) => x.name).join(', ') || 'none yet'}.`);
}

/** The unit named or numbered `ref`, refusing with a pointer to /unit show. */
export function findUnit(s: BattleState, ref: string): Unit {
  return findByName(s.units, ref) ?? refuse(`There is no unit "${ref}". Use /unit show to list the units.`);
}

export const unitSideId = (s: BattleState, u: Unit): string => s.commands[u.commandId]?.sideId ?? '';
export const sideName = (s: BattleState, sideId: string): string => s.sides[sideId]?.name ?? sideId;

/** The user plays for the side: on it, or playing one of its commands. */
export const playsSide = (s: BattleState, user: string, sideId: string): boolean =>
  s.sides[sideId]?.players.includes(user) === true || Object.values(s.commands).some((c) => c.sideId === sideId && c.player === user);

/** A GM, or a player of the unit's side, acts for the unit. */
export const actsFor = (s: BattleState, actor: string, u: Unit): boolean => isGm(s, actor) || playsSide(s, actor, unitSideId(s, u));

/** Refuses anyone who does not act for the unit (`what` they tried). */
export function checkActsFor(s: BattleState, actor: string, u: Unit, what: string): void {
  if (!actsFor(s, actor, u)) refuse(`${u.name} is ${sideName(s, unitSideId(s, u))}'s; only its players or a GM may ${what}.`);
}
