import type { DiceStream } from '../dice/stream.ts';
import { mention } from '../messages.ts';
import { didYouMean } from '../nearest.ts';
import { refuse, ValueNeeded } from '../rules/errors.ts';
import type { TurnPosition } from '../rules/sequence.ts';
import { findByName, isGm, type BattleState, type Command, type Side, type Unit } from './state.ts';

/**
 * What every rule system's battle wiring shares, so none keeps a copy: finding sides, commands and
 * units by name, who acts for a unit, GM rulings, the dice an action needs, the phase a thing
 * happened in. The core battle uses the same.
 */

/** The side named or numbered `ref`, refusing with the nearest (when one is close) and the sides there are. */
export function findSide(s: BattleState, ref: string): Side {
  return findByName(s.sides, ref) ?? refuse(`There is no side "${ref}".${nearestName(s.sides, ref)} Sides: ${names(Object.values(s.sides))}.`);
}

/** The command named or numbered `ref`, refusing with the nearest (when one is close) and the commands there are. */
export function findCommand(s: BattleState, ref: string): Command {
  return findByName(s.commands, ref) ?? refuse(`There is no command "${ref}".${nearestName(s.commands, ref)} Commands: ${names(Object.values(s.commands))}.`);
}

/** The unit named or numbered `ref`, refusing with the nearest names (when any is close) and a pointer to /unit show. */
export function findUnit(s: BattleState, ref: string): Unit {
  // The list is not given: a battle may have thousands of units.
  return findByName(s.units, ref) ?? refuse(`There is no unit "${ref}".${nearestName(s.units, ref)} Use /unit show to list the units.`);
}

/** " Did you mean "X"?" for the names close to `ref` among `things`, else ''. */
const nearestName = (things: Record<string, { name: string }>, ref: string): string =>
  didYouMean(Object.values(things).map((t) => t.name), ref, (n) => `"${n}"`);

const names = (xs: { name: string }[]) => (xs.length ? xs.map((x) => x.name).join(', ') : 'none yet');

export const unitSideId = (s: BattleState, u: Unit): string => s.commands[u.commandId]?.sideId ?? '';
export const sideName = (s: BattleState, sideId: string): string => s.sides[sideId]?.name ?? sideId;

/** The user plays for the side: on it, or playing one of its commands. */
export const playsSide = (s: BattleState, user: string, sideId: string): boolean =>
  s.sides[sideId]?.players.includes(user) === true || Object.values(s.commands).some((c) => c.sideId === sideId && c.player === user);

/**
 * The user plays the command: the player it is assigned to; while it has none, any player of its
 * side. A player who joined a side does not act for a command another player was given.
 */
export const playsCommand = (s: BattleState, user: string, c: Command): boolean => (c.player ? c.player === user : playsSide(s, user, c.sideId));

/** A GM, or the player of the unit's command (any player of its side while the command has none), acts for the unit. */
export const actsFor = (s: BattleState, actor: string, u: Unit): boolean => {
  const c = s.commands[u.commandId];
  return isGm(s, actor) || (c ? playsCommand(s, actor, c) : playsSide(s, actor, unitSideId(s, u)));
};

/** Refuses anyone who does not act for the unit (`what` they tried). */
export function checkActsFor(s: BattleState, actor: string, u: Unit, what: string): void {
  if (actsFor(s, actor, u)) return;
  const c = s.commands[u.commandId];
  if (c?.player && playsSide(s, actor, c.sideId)) refuse(`${u.name} is of ${c.name}, which ${mention(c.player)} plays; only its players or a GM may ${what}.`);
  refuse(`${u.name} is ${sideName(s, unitSideId(s, u))}'s; only its players or a GM may ${what}.`);
}

/** Refuses a player who gives what only a GM may rule (`rulings`, by option name), citing `rules`. */
export function checkGmRulings(s: BattleState, actor: string, rulings: string[], rules: string, what: string): void {
  if (rulings.length && !isGm(s, actor)) throw new ValueNeeded(`${rulings.join(', ')}: ${rulings.length > 1 ? 'these are rulings' : 'this is a ruling'} of the GM; ask a GM to ${what} (${rules}).`, `a GM's ${rulings.join(', ')}`);
}

/** The battle's dice stream, refusing when the battle has none to roll with. */
export function needDice(dice: DiceStream | undefined): DiceStream {
  return dice ?? refuse('This battle has no dice stream to roll with.');
}

/** Two positions in the same phase of the same turn (turn numbers run on through every period). */
export const samePhase = (a: TurnPosition | undefined, b: TurnPosition): boolean => a !== undefined && a.turn === b.turn && a.phase === b.phase;

/**
 * A GM's ruling against what the battle derives from the roster or the log: kept in the outcome and
 * shown in its working, so everyone sees the umpire's reading was overruled, and by whom.
 */
export interface Ruling {
  /** What was ruled: a modifier id, an option ("zone", "row"). */
  what: string;
  /** What the GM ruled, and what the battle had derived. */
  ruled: string;
  derived: string;
  by: string;
}

/**
 * A claim about a fact the battle knows (`what` is `claimed`, where the roster or the log say
 * `derived`, from `source`): a player's is refused with the derived value named; a GM's stands as a
 * ruling. Returns the ruling, or null when the claim agrees with the battle.
 */
export function claim(s: BattleState, actor: string, c: { what: string; claimed: string; derived: string; source: string; rule: string }): Ruling | null {
  if (c.claimed === c.derived) return null;
  if (!isGm(s, actor)) refuse(`${c.what}: the battle knows it is ${c.derived} (${c.source}, ${c.rule}), not ${c.claimed}; only a GM may rule otherwise, and the ruling is logged.`);
  return { what: c.what, ruled: c.claimed, derived: c.derived, by: actor };
}

/** A ruling as one sentence of the working, whatever the system's `what` (a noun phrase: "the target", "Red's melee die"). */
export const rulingLine = (r: Ruling): string => `GM's ruling: ${mention(r.by)} ruled ${r.ruled} for ${r.what}, where the battle derived ${r.derived}.`;
