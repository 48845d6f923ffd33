import type { DiceStream } from '../dice/stream.ts';
import type { Action } from './actions.ts';
import {
  ballot,
  checkCaster,
  checkChoice,
  commandVoters,
  revealChoices,
  sideVoters,
  voterOf,
  votersOf,
  waitingFor,
  type Ballot,
  type BallotEvent,
  type CloseReason,
  type Vote,
} from './ballots.ts';
import { refuse } from '../rules/errors.ts';
import type { BattleEvent } from './events.ts';
import type { BattleState } from './state.ts';

export interface BallotContext {
  actor: string;
  /** ISO time of the decision: deadlines are checked against it. */
  now: string;
  /** The battle's dice stream, for ballots revealed with a roll (INIT-GRANDTAC). */
  dice?: DiceStream;
}

/** What a revealed ballot sets off, by kind (night stance, dawn attacks, orders, initiative). */
export type Consequences = (s: BattleState, b: Ballot, revealed: Extract<BallotEvent, { type: 'BallotRevealed' }>['data'], dice?: DiceStream) => BattleEvent[];

const MAX_OPTIONS = 10;
/** The longest reason a GM gives for voiding a vote: one line in the channel. */
const MAX_REASON = 200;

/** Opens a ballot of the next id for the current turn. */
export function openBallot(s: BattleState, ctx: BallotContext, b: Omit<Extract<BallotEvent, { type: 'BallotOpened' }>['data'], 'ballotId' | 'turn' | 'openedAt'>): BattleEvent {
  if (!b.voters.length) refuse(`${b.title} has nobody to vote: add ${b.voters.length === 0 ? 'commands or sides' : ''} first.`);
  const same = Object.values(s.ballots).find((x) => x.open && x.kind === b.kind && b.kind !== 'poll');
  if (same) refuse(`${same.title} (${same.id}) is still open; reveal it first with /ballot reveal ballot:${same.id}.`);
  return { type: 'BallotOpened', data: { ballotId: `v${s.nextId.ballot}`, ...b, openedAt: ctx.now, turn: s.position.turn } };
}

export function reveal(s: BattleState, b: Ballot, reason: CloseReason, consequences: Consequences, pending?: { voter: string; vote: Vote }, dice?: DiceStream): BattleEvent[] {
  const revealed = { ballotId: b.id, reason, choices: revealChoices(b, pending) };
  return [{ type: 'BallotRevealed', data: revealed }, ...consequences(s, b, revealed, dice)];
}

export function decideBallot(
  s: BattleState,
  action: Extract<Action, { type: 'OpenPoll' | 'CastVote' | 'RevealBallot' | 'VoidVote' | 'CloseBallot' | 'RemindBallot' }>,
  ctx: BallotContext,
  consequences: Consequences,
): BattleEvent[] {
  switch (action.type) {
    case 'OpenPoll': {
      const options = [...new Set(action.options.map((o) => o.trim()).filter(Boolean))];
      if (options.length < 2 || options.length > MAX_OPTIONS) refuse(`A poll needs 2 to ${MAX_OPTIONS} different options, separated by commas (got ${options.length}).`);
      const title = action.title.trim() || refuse('The poll needs a question.');
      const voters = action.electorate === 'commands' ? commandVoters(s, () => ({ allowed: options })) : sideVoters(s, options);
      return [openBallot(s, ctx, { kind: 'poll', title, voters, input: { kind: 'choice' }, audience: 'channel', ...(action.deadline ? { deadline: action.deadline } : {}) })];
    }
    case 'CastVote': {
      const b = ballot(s, action.ballot);
      if (!b.open) refuse(`${b.title} is closed; its result has been revealed.`);
      let voter;
      if (action.voter !== undefined) voter = voterOf(b, action.voter);
      else {
        const mine = votersOf(b, ctx.actor);
        if (mine.length !== 1) refuse(mine.length ? `You vote for ${mine.map((v) => v.label).join(' and ')}: say which with command:.` : `You have no vote in ${b.title}.`);
        voter = mine[0]!;
      }
      checkCaster(s, b, voter, ctx.actor, action.onBehalf ?? false);
      const choice = checkChoice(b, voter, action.choice);
      const previous = b.votes[voter.id];
      if (previous && previous.choice === choice) refuse(`${voter.label} has already voted ${choice}; nothing changed.`);
      const vote: Vote = { choice, by: ctx.actor, onBehalf: action.onBehalf ?? false };
      const cast: BattleEvent = { type: 'VoteCast', data: { ballotId: b.id, voter: voter.id, choice, by: ctx.actor, onBehalf: vote.onBehalf } };
      // The last vote closes the ballot: all choices are revealed at once (e.g. NIGHT-18.11).
      const allIn = waitingFor(b).every((v) => v.id === voter.id);
      return allIn ? [cast, ...reveal(s, b, 'all voted', consequences, { voter: voter.id, vote }, ctx.dice)] : [cast];
    }
    case 'RevealBallot': {
      const b = ballot(s, action.ballot);
      if (!b.open) refuse(`${b.title} has already been revealed.`);
      return reveal(s, b, 'gm', consequences, undefined, ctx.dice);
    }
    // A GM strikes out a vote (a wrong command, a choice the scenario forbids): it no longer counts,
    // and the ballot waits for its voter again. The reason is posted; the choice never (issue 37).
    case 'VoidVote': {
      const b = ballot(s, action.ballot);
      if (!b.open) refuse(`${b.title} has been revealed; its votes stand.`);
      const voter = voterOf(b, action.voter);
      if (!b.votes[voter.id]) refuse(`${voter.label} has not voted in ${b.title}; there is no vote to void.`);
      const reason = action.reason?.replace(/\s+/g, ' ').trim();
      if (reason && reason.length > MAX_REASON) refuse(`The reason is at most ${MAX_REASON} characters; that one has ${reason.length}.`);
      return [{ type: 'VoteVoided', data: { ballotId: b.id, voter: voter.id, by: ctx.actor, ...(reason ? { reason } : {}) } }];
    }
    case 'CloseBallot': {
      const b = ballot(s, action.ballot);
      if (!b.open) refuse(`${b.title} is already closed.`);
      if (!b.deadline || b.deadline > ctx.now) refuse(`${b.title}'s deadline has not passed.`);
      return reveal(s, b, 'deadline', consequences, undefined, ctx.dice);
    }
    case 'RemindBallot': {
      const b = ballot(s, action.ballot);
      if (!b.open || b.reminded) refuse(`${b.title} needs no reminder.`);
      return [{ type: 'BallotReminded', data: { ballotId: b.id, waitingFor: waitingFor(b).map((v) => v.id) } }];
    }
  }
}
