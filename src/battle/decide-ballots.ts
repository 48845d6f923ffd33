import type { DiceStream } from '../dice/stream.ts';
import type { Action } from './actions.ts';
import {
  ballot,
  checkCaster,
  checkChoice,
  commandVoters,
  revealChoices,
  sideVoters,
  andList,
  voterOf,
  votersOf,
  waitingFor,
  type Ballot,
  type BallotEvent,
  type CloseReason,
  type Vote,
} from './ballots.ts';
import { say } from '../i18n/text.ts';
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
  if (!b.voters.length) refuse(say('battle.ballots.nobodyToVote', { title: b.title }));
  const same = Object.values(s.ballots).find((x) => x.open && x.kind === b.kind && b.kind !== 'poll');
  if (same) refuse(say('battle.ballots.stillOpen', { title: same.title, id: same.id }));
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
      if (options.length < 2 || options.length > MAX_OPTIONS) refuse(say('battle.ballots.pollOptions', { max: String(MAX_OPTIONS), n: String(options.length) }));
      const title = action.title.trim() || refuse(say('battle.ballots.pollQuestion'));
      const voters = action.electorate === 'commands' ? commandVoters(s, () => ({ allowed: options })) : sideVoters(s, options);
      return [openBallot(s, ctx, { kind: 'poll', title, voters, input: { kind: 'choice' }, audience: 'channel', ...(action.deadline ? { deadline: action.deadline } : {}) })];
    }
    case 'CastVote': {
      const b = ballot(s, action.ballot);
      if (!b.open) refuse(say('battle.ballots.closed', { title: b.title }));
      let voter;
      if (action.voter !== undefined) voter = voterOf(b, action.voter);
      else {
        const mine = votersOf(b, ctx.actor);
        if (mine.length !== 1) refuse(mine.length ? say('battle.ballots.whichVoter', { voters: andList(mine.map((v) => v.label)) }) : say('battle.ballots.noVote', { title: b.title }));
        voter = mine[0]!;
      }
      checkCaster(s, b, voter, ctx.actor, action.onBehalf ?? false);
      const choice = checkChoice(b, voter, action.choice);
      const previous = b.votes[voter.id];
      if (previous && previous.choice === choice) refuse(say('battle.ballots.sameVote', { voter: voter.label, choice }));
      const vote: Vote = { choice, by: ctx.actor, onBehalf: action.onBehalf ?? false };
      const cast: BattleEvent = { type: 'VoteCast', data: { ballotId: b.id, voter: voter.id, choice, by: ctx.actor, onBehalf: vote.onBehalf } };
      // The last vote closes the ballot: all choices are revealed at once (e.g. NIGHT-18.11).
      const allIn = waitingFor(b).every((v) => v.id === voter.id);
      return allIn ? [cast, ...reveal(s, b, 'all voted', consequences, { voter: voter.id, vote }, ctx.dice)] : [cast];
    }
    case 'RevealBallot': {
      const b = ballot(s, action.ballot);
      if (!b.open) refuse(say('battle.ballots.revealedAlready', { title: b.title }));
      return reveal(s, b, 'gm', consequences, undefined, ctx.dice);
    }
    // A GM strikes out a vote (a wrong command, a choice the scenario forbids): it no longer counts,
    // and the ballot waits for its voter again. The reason is posted; the choice never (issue 37).
    case 'VoidVote': {
      const b = ballot(s, action.ballot);
      if (!b.open) refuse(say('battle.ballots.votesStand', { title: b.title }));
      const voter = voterOf(b, action.voter);
      if (!b.votes[voter.id]) refuse(say('battle.ballots.noVoteToVoid', { voter: voter.label, title: b.title }));
      const reason = action.reason?.replace(/\s+/g, ' ').trim();
      if (reason && reason.length > MAX_REASON) refuse(say('battle.ballots.reasonTooLong', { max: String(MAX_REASON), n: String(reason.length) }));
      return [{ type: 'VoteVoided', data: { ballotId: b.id, voter: voter.id, by: ctx.actor, ...(reason ? { reason } : {}) } }];
    }
    case 'CloseBallot': {
      const b = ballot(s, action.ballot);
      if (!b.open) refuse(say('battle.ballots.closedAlready', { title: b.title }));
      if (!b.deadline || b.deadline > ctx.now) refuse(say('battle.ballots.deadlineNotPassed', { title: b.title }));
      return reveal(s, b, 'deadline', consequences, undefined, ctx.dice);
    }
    case 'RemindBallot': {
      const b = ballot(s, action.ballot);
      if (!b.open || b.reminded) refuse(say('battle.ballots.noReminder', { title: b.title }));
      return [{ type: 'BallotReminded', data: { ballotId: b.id, waitingFor: waitingFor(b).map((v) => v.id) } }];
    }
  }
}
