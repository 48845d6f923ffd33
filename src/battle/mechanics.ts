import type { DiceStream } from '../dice/stream.ts';
import { say, type Arg, type Text } from '../i18n/text.ts';
import { mention } from '../messages.ts';
import { closeTo } from '../nearest.ts';
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
  return findByName(s.sides, ref) ?? refuse(say('battle.mechanics.noSide', { ref, nearest: nearestName(s.sides, ref), sides: names(Object.values(s.sides)) }));
}

/** The command named or numbered `ref`, refusing with the nearest (when one is close) and the commands there are. */
export function findCommand(s: BattleState, ref: string): Command {
  return findByName(s.commands, ref) ?? refuse(say('battle.mechanics.noCommand', { ref, nearest: nearestName(s.commands, ref), commands: names(Object.values(s.commands)) }));
}

/** The unit named or numbered `ref`, refusing with the nearest names (when any is close) and a pointer to /unit show. */
export function findUnit(s: BattleState, ref: string): Unit {
  // The list is not given: a battle may have thousands of units.
  return findByName(s.units, ref) ?? refuse(say('battle.mechanics.noUnit', { ref, nearest: nearestName(s.units, ref) }));
}

/** " Did you mean "X" or "Y"?" for the names close to `ref` among `things` (as nearest.ts's didYouMean), else ''. */
export function nearestName(things: Record<string, { name: string }> | readonly string[], ref: string): Text {
  const close = closeTo(Array.isArray(things) ? things : Object.values(things).map((t) => t.name), ref).map((n) => `"${n}"`);
  return close.length ? say('battle.mechanics.didYouMean', { n: close.length, rest: close.slice(0, -1).join(', '), last: close.at(-1)! }) : '';
}

const names = (xs: { name: string }[]): Text => (xs.length ? xs.map((x) => x.name).join(', ') : say('battle.mechanics.noneYet'));

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

/** Refuses anyone who does not act for the unit (`what` they tried: a verb phrase, "fire it"). */
export function checkActsFor(s: BattleState, actor: string, u: Unit, what: Text): void {
  if (actsFor(s, actor, u)) return;
  const c = s.commands[u.commandId];
  if (c?.player && playsSide(s, actor, c.sideId)) refuse(say('battle.mechanics.notYourCommand', { unit: u.name, command: c.name, player: mention(c.player), what }));
  refuse(say('battle.mechanics.notYourSide', { unit: u.name, side: sideName(s, unitSideId(s, u)), what }));
}

/** Refuses a player who gives what only a GM may rule (`rulings`, by option name), citing `rules`. */
export function checkGmRulings(s: BattleState, actor: string, rulings: string[], rules: string, what: Text): void {
  if (rulings.length && !isGm(s, actor)) {
    const options = rulings.join(', ');
    throw new ValueNeeded(say('battle.mechanics.gmRulings', { options, n: rulings.length, what, rules }), say('battle.mechanics.gmRulingsNeed', { options }));
  }
}

/** The battle's dice stream, refusing when the battle has none to roll with. */
export function needDice(dice: DiceStream | undefined): DiceStream {
  return dice ?? refuse(say('battle.mechanics.noDice'));
}

/** Two positions in the same phase of the same turn (turn numbers run on through every period). */
export const samePhase = (a: TurnPosition | undefined, b: TurnPosition): boolean => a !== undefined && a.turn === b.turn && a.phase === b.phase;

/**
 * A GM's ruling against what the battle derives from the roster or the log: kept in the outcome and
 * shown in its working, so everyone sees the umpire's reading was overruled, and by whom.
 */
export interface Ruling {
  /** What was ruled: a modifier id, an option ("zone", "row"): a phrase of the system's catalog, or as written in logs from before phrases. */
  what: Text;
  /** What the GM ruled, and what the battle had derived: texts (a value as typed, a phrase). */
  ruled: Text;
  derived: Text;
  by: string;
}

/** Two texts (or values of a phrase) the same: the same string, the same key with the same values, the same lines or list; never compared by their words. */
export function sameText(a: Arg | undefined, b: Arg | undefined): boolean {
  if (typeof a !== 'object' || a === null || typeof b !== 'object' || b === null) return a === b;
  if ('lines' in a || 'lines' in b) return 'lines' in a && 'lines' in b && a.lines.length === b.lines.length && a.lines.every((x, i) => sameText(x, b.lines[i]));
  if ('list' in a || 'list' in b) return 'list' in a && 'list' in b && (a.join ?? 'and') === (b.join ?? 'and') && a.list.length === b.list.length && a.list.every((x, i) => sameText(x, b.list[i]));
  if (a.key !== b.key) return false;
  const ka = Object.keys(a.values ?? {});
  return ka.length === Object.keys(b.values ?? {}).length && ka.every((k) => Object.hasOwn(b.values ?? {}, k) && sameText(a.values![k], b.values![k]));
}

/**
 * A claim about a fact the battle knows (`what` is `claimed`, where the roster or the log say
 * `derived`, from `source`): a player's is refused with the derived value named; a GM's stands as a
 * ruling. Returns the ruling, or null when the claim agrees with the battle: the claimed and derived
 * values the same (a value as typed, or a phrase's key and values: `sameText`), whatever their words.
 */
export function claim(s: BattleState, actor: string, c: { what: Text; claimed: Text; derived: Text; source: Text; rule: string }): Ruling | null {
  if (sameText(c.claimed, c.derived)) return null;
  if (!isGm(s, actor)) refuse(say('battle.mechanics.claim', { what: c.what, derived: c.derived, source: c.source, rule: c.rule, claimed: c.claimed }));
  return { what: c.what, ruled: c.claimed, derived: c.derived, by: actor };
}

/** A ruling as one sentence of the working, whatever the system's `what` (a noun phrase: "the target", "Red's melee die"). */
export const rulingLine = (r: Ruling): Text => say('battle.mechanics.ruling', { gm: mention(r.by), ruled: r.ruled, what: r.what, derived: r.derived });
