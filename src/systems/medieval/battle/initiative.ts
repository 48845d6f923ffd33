import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { DiceUsed } from '../../../battle/events.ts';
import { houseNote, houseRule } from '../../../battle/house.ts';
import { findSide, needDice, playsSide, sideName } from '../../../battle/mechanics.ts';
import { isGm, type BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import { COMMANDERS, medievalPack as pack, rollInitiative, signed, type Commander, type InitiativeOutcome } from '../index.ts';
import { checkPhase, lines, med, options } from './state.ts';

/** Each side's army commander, the initiative roll and the winner's choice of side A or B (MED-CMDR, MED-INIT, MED-SEQ.1). */

export type InitiativeAction =
  | { type: 'MedievalSetCommander'; side: string; commander: Commander | null }
  | { type: 'MedievalRollInitiative' }
  | { type: 'MedievalChooseSide'; as: 'A' | 'B' };

export type InitiativeEvent =
  | { type: 'MedievalCommanderSet'; data: { sideId: string; commander: Commander | null } }
  | { type: 'MedievalInitiativeRolled'; data: { turn: number; winnerSideId: string; outcome: InitiativeOutcome; dice: DiceUsed } }
  | { type: 'MedievalSideChosen'; data: { turn: number; sideId: string; as: 'A' | 'B'; a: string; b: string } };

type Of<T extends InitiativeEvent['type']> = Extract<InitiativeEvent, { type: T }>;

export function decideSetCommander(s: BattleState, a: Extract<InitiativeAction, { type: 'MedievalSetCommander' }>): InitiativeEvent[] {
  const side = findSide(s, a.side);
  if (a.commander !== null && !COMMANDERS.includes(a.commander)) refuse(say('medieval.initiative.badCommander', { commanders: COMMANDERS.join(', '), got: String(a.commander) }));
  if ((med(s).commanders[side.id] ?? null) === a.commander) refuse(say('medieval.initiative.commanderAlready', { side: side.name, commander: a.commander ?? 'none' }));
  return [{ type: 'MedievalCommanderSet', data: { sideId: side.id, commander: a.commander } }];
}

/**
 * The initiative die: d6 (MED-INIT.1) or d10 (MED-SEQ.1), the seed says both. House rule
 * initiative.die when a GM has set it, else the die agreed at /battle create; undefined while open.
 */
export function initiativeDie(s: BattleState): { die: 6 | 10; note?: Text } | undefined {
  const ruled = houseRule(s, 'initiative.die');
  if (ruled) return { die: ruled.value === 'd6' ? 6 : 10, note: houseNote(ruled) };
  const agreed = options(s).initiativeDie;
  return agreed ? { die: agreed } : undefined;
}

export const INITIATIVE_DIE_OPEN = say('medieval.initiative.dieOpen');

/** MED-INIT: in phase 1, each side's d6/d10 plus its commander's modifier; ties roll again. */
export function decideRollInitiative(s: BattleState, ctx: DecideContext): InitiativeEvent[] {
  checkPhase(s, 'MED-INIT', 'initiative');
  const sides = Object.values(s.sides);
  // Side A and side B (MED-SEQ.1) make initiative a roll between two sides.
  if (sides.length !== 2) refuse(say('medieval.initiative.twoSides', { n: sides.length }));
  const done = med(s).initiative;
  if (done?.turn === s.position.turn) refuse(say('medieval.initiative.rolledAlready', { turn: String(s.position.turn), side: sideName(s, done.winner) }));
  const die = initiativeDie(s) ?? refuse(INITIATIVE_DIE_OPEN);
  const dice = needDice(ctx.dice);
  const { value: outcome, dice: used } = dice.take((d) =>
    rollInitiative({
      sides: sides.map((x) => ({ side: x.name, ...(med(s).commanders[x.id] ? { commander: med(s).commanders[x.id] } : {}) })),
      dice: d,
      pack,
      die: die.die,
      ...(die.note ? { dieNote: die.note } : {}),
    }),
  );
  const winner = sides.find((x) => x.name === outcome.winner)!;
  return [{ type: 'MedievalInitiativeRolled', data: { turn: s.position.turn, winnerSideId: winner.id, outcome, dice: used } }];
}

/** MED-SEQ.1, MED-INIT.4: the winner chooses to be side A or B this Game Turn. */
export function decideChooseSide(s: BattleState, as: 'A' | 'B', actor: string): InitiativeEvent[] {
  if (as !== 'A' && as !== 'B') refuse(say('medieval.initiative.aOrB', { got: String(as) }));
  const won = med(s).initiative;
  if (won?.turn !== s.position.turn) refuse(say('medieval.initiative.notRolled', { turn: String(s.position.turn) }));
  const chosen = med(s).sides;
  if (chosen?.turn === s.position.turn) refuse(say('medieval.initiative.chosenAlready', { side: sideName(s, won.winner), a: sideName(s, chosen.a), b: sideName(s, chosen.b) }));
  if (!isGm(s, actor) && !playsSide(s, actor, won.winner)) refuse(say('medieval.initiative.winnerChooses', { side: sideName(s, won.winner) }));
  const other = Object.keys(s.sides).find((id) => id !== won.winner)!;
  const [a, b] = as === 'A' ? [won.winner, other] : [other, won.winner];
  return [{ type: 'MedievalSideChosen', data: { turn: s.position.turn, sideId: won.winner, as, a, b } }];
}

export function evolveCommanderSet(d: BattleState, e: Of<'MedievalCommanderSet'>): void {
  const { [e.data.sideId]: _old, ...rest } = med(d).commanders;
  d.rules = { ...med(d), commanders: e.data.commander ? { ...rest, [e.data.sideId]: e.data.commander } : rest };
}

export function evolveInitiativeRolled(d: BattleState, e: Of<'MedievalInitiativeRolled'>): void {
  d.rules = { ...med(d), initiative: { turn: e.data.turn, winner: e.data.winnerSideId } };
}

export function evolveSideChosen(d: BattleState, e: Of<'MedievalSideChosen'>): void {
  d.rules = { ...med(d), sides: { turn: e.data.turn, a: e.data.a, b: e.data.b } };
}

export function describeCommanderSet(e: Of<'MedievalCommanderSet'>, s: BattleState): Text {
  const { commander } = e.data;
  return commander
    ? say('medieval.initiative.commanderSet', { side: sideName(s, e.data.sideId), commander, modifier: signed(pack.initiative.commanders[commander]) })
    : say('medieval.initiative.commanderNone', { side: sideName(s, e.data.sideId) });
}

export function describeInitiativeRolled(e: Of<'MedievalInitiativeRolled'>, s: BattleState): Text {
  return lines(say('medieval.initiative.head', { turn: String(e.data.turn), die: String(e.data.outcome.die), side: sideName(s, e.data.winnerSideId) }), e.data.outcome.steps);
}

export function describeSideChosen(e: Of<'MedievalSideChosen'>, s: BattleState): Text {
  return say('medieval.initiative.sideChosen', { side: sideName(s, e.data.sideId), as: e.data.as, turn: String(e.data.turn), a: sideName(s, e.data.a), b: sideName(s, e.data.b) });
}
