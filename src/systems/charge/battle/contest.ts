import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { checkGmRulings, findCommand, needDice, playsCommand, sideName } from '../../../battle/mechanics.ts';
import { mention } from '../../../messages.ts';
import { isGm, type BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { resolveGrandTac, type GrandTacOutcome, type Modifier } from '../initiative.ts';
import { checked, rollLine, turnEnded } from './initiative.ts';
import { attr, given, lines } from './state.ts';

/**
 * INIT-GRANDTAC: "During the turn, Division or better commanders may contest the initiative. They
 * roll against the active division (corps or army if attached) commander." The same roll as the
 * army commanders' (1d10 + modifiers, high wins, unmodified 17 or more ends the turn). A command is
 * Division or better when the roster attaches a division, corps or army leader to one of its units.
 */

export type ContestInitiative = { type: 'ContestInitiative'; commander: string; against: string; commanderModifiers?: Modifier[]; againstModifiers?: Modifier[] };

export type InitiativeContested = { type: 'InitiativeContested'; data: { commandId: string; againstId: string; at: TurnPosition; outcome: GrandTacOutcome; dice: DiceUsed } };

const DIVISION_OR_BETTER = ['division', 'corps', 'army'];

export function decideContest(s: BattleState, a: ContestInitiative, ctx: DecideContext): BattleEvent[] {
  const c = findCommand(s, a.commander);
  const against = findCommand(s, a.against);
  if (c.sideId === against.sideId) refuse(say('charge.battle.contest.sameSide', { commander: c.name, against: against.name, side: sideName(s, c.sideId) }));
  if (!isGm(s, ctx.actor) && !playsCommand(s, ctx.actor, c)) refuse(c.player ? say('charge.battle.contest.notYoursPlayed', { commander: c.name, side: sideName(s, c.sideId), player: mention(c.player) }) : say('charge.battle.contest.notYours', { commander: c.name, side: sideName(s, c.sideId) }));
  checkGmRulings(s, ctx.actor, given({ commander_modifiers: a.commanderModifiers, against_modifiers: a.againstModifiers }), 'INIT-GRANDTAC', say('charge.gmGives.initiativeModifiers'));
  const units = Object.values(s.units).filter((u) => u.commandId === c.id);
  if (!units.some((u) => DIVISION_OR_BETTER.includes(attr<string>(u, 'leader') ?? '')))
    refuse(say('charge.battle.contest.noDivision', { commander: c.name }));
  const dice = needDice(ctx.dice);
  const { value: outcome, dice: used } = dice.take((d) =>
    resolveGrandTac({
      kind: 'contest',
      sides: [
        { side: c.name, ...(a.commanderModifiers ? { modifiers: checked(a.commanderModifiers) } : {}) },
        { side: against.name, ...(a.againstModifiers ? { modifiers: checked(a.againstModifiers) } : {}) },
      ],
      dice: d,
    }),
  );
  return [{ type: 'InitiativeContested', data: { commandId: c.id, againstId: against.id, at: s.position, outcome, dice: used } }, ...(outcome.turnEnds ? [turnEnded(s)] : [])];
}

export function describeContest(e: InitiativeContested): Text {
  const o = e.data.outcome;
  return lines(say('charge.battle.contest.head', { commander: o.rolls[0].side, against: o.rolls[1].side, reason: o.result.reason }), o.rolls.map(rollLine));
}
