import { LANGUAGES } from '../i18n/locales.ts';
import { joinedBy, say, word, type Text } from '../i18n/text.ts';
import { mention } from '../messages.ts';
import { refuse } from '../rules/errors.ts';
import { own } from './draft.ts';
import type { BattleEvent, LoggedEvent } from './events.ts';
import type { Ballot, BallotEvent, RevealedChoice, Vote, Voter } from './ballot-data.ts';
import type { BattleState, Command } from './state.ts';

/**
 * Secret ballots (docs/architecture.md, Secrecy): one choice per voter (a command, or a side), cast in secret,
 * changeable until the ballot closes, all revealed at once. The choices are in the log from the
 * moment they are cast, but nothing shows them to anybody but the voter until the reveal; a choice
 * changed away from, or voided by a GM, never (issue 37).
 */
export type { BallotKind, Voter, BallotInput, Vote, Ballot, RevealedChoice, CloseReason, BallotEvent } from './ballot-data.ts';

/** Whether `ref` names the ballot by its title, as it reads in any of the languages. */
export const titled = (b: Ballot, ref: string): boolean => LANGUAGES.some((l) => word(b.title, l).toLowerCase() === ref.trim().toLowerCase());

export function ballot(s: BattleState, ref: string): Ballot {
  const b = (Object.hasOwn(s.ballots, ref) ? s.ballots[ref] : undefined) ?? Object.values(s.ballots).find((x) => titled(x, ref));
  const open = openBallots(s).map((x) => say('battle.ballots.idTitle', { id: x.id, title: x.title }));
  return b ?? refuse(say('battle.ballots.noBallot', { ref, open: open.length ? joinedBy(open, ', ') : say('battle.ballots.none') }));
}

/** `a or b or c`, each joined by the reader's "or" (as written, with no commas). */
export const orList = (texts: readonly Text[]): Text => (texts.length ? texts.reduce((a, b) => say('battle.ballots.or', { a, b })) : '');

/** `a and b and c`, each joined by the reader's "and". */
export const andList = (texts: readonly Text[]): Text => (texts.length ? texts.reduce((a, b) => say('battle.ballots.and', { a, b })) : '');

export const openBallots = (s: BattleState): Ballot[] => Object.values(s.ballots).filter((b) => b.open);

export const waitingFor = (b: Ballot): Voter[] => b.voters.filter((v) => !b.votes[v.id]);

/** The voters of a ballot that a user may cast for. */
export const votersOf = (b: Ballot, user: string): Voter[] => b.voters.filter((v) => v.users.includes(user));

/** A voter per command, cast by its player. */
export function commandVoters(s: BattleState, allowed: (c: Command) => { allowed: string[]; why?: Text }): Voter[] {
  return Object.values(s.commands).map((c) => ({ id: c.id, label: c.name, users: c.player ? [c.player] : [], ...allowed(c) }));
}

/** A voter per side, cast by any of its players. */
export function sideVoters(s: BattleState, allowed: string[]): Voter[] {
  return Object.values(s.sides).map((side) => ({ id: side.id, label: side.name, users: [...side.players], allowed }));
}

/** Checks a choice against the voter's options, matching case-insensitively; returns it as listed. */
export function checkChoice(b: Ballot, voter: Voter, raw: string): string {
  const choice = raw.trim();
  if (b.input.kind === 'number') {
    const n = Number(choice);
    if (!Number.isInteger(n) || n < b.input.min || n > b.input.max) refuse(say('battle.ballots.wholeNumber', { title: b.title, min: String(b.input.min), max: String(b.input.max), raw }));
    return String(n);
  }
  const hit = voter.allowed.find((o) => o.toLowerCase() === choice.toLowerCase());
  if (!hit) {
    const values = { voter: voter.label, allowed: orList(voter.allowed), title: b.title, raw };
    refuse(voter.why ? say('battle.ballots.notAChoiceWhy', { ...values, why: voter.why }) : say('battle.ballots.notAChoice', values));
  }
  return hit;
}

/** Who may cast a voter's choice: its users; a GM only on behalf, by the explicit action. */
export function checkCaster(s: BattleState, b: Ballot, voter: Voter, actor: string, onBehalf: boolean): void {
  if (!b.open) refuse(say('battle.ballots.closed', { title: b.title }));
  if (onBehalf) {
    if (!s.gms.includes(actor)) refuse(say('battle.ballots.onBehalfGmOnly'));
    return;
  }
  if (!voter.users.includes(actor)) {
    refuse(
      voter.users.length ? say('battle.ballots.onlyUsers', { users: orList(voter.users.map(mention)), voter: voter.label }) : say('battle.ballots.noPlayer', { voter: voter.label }),
    );
  }
}

export function voterOf(b: Ballot, ref: string): Voter {
  const v = b.voters.find((x) => x.id === ref || x.label.toLowerCase() === ref.trim().toLowerCase());
  return v ?? refuse(say('battle.ballots.notAVoter', { ref, title: b.title, voters: b.voters.map((x) => x.label).join(', ') }));
}

/** The revealed choices: every voter, with the last choice cast (or none). */
export function revealChoices(b: Ballot, pending?: { voter: string; vote: Vote }): RevealedChoice[] {
  return b.voters.map((v) => {
    const vote = pending?.voter === v.id ? pending.vote : b.votes[v.id];
    return vote ? { voter: v.id, label: v.label, choice: vote.choice, by: vote.by, onBehalf: vote.onBehalf } : { voter: v.id, label: v.label, choice: null };
  });
}

/**
 * A vote that replaces one its voter already has in the ballot (`s` the state before it): the
 * voter's own business, of which nobody else is told, lest the change itself say something (issue 37).
 */
export const changesVote = (s: BattleState, e: BattleEvent): boolean => e.type === 'VoteCast' && s.ballots[e.data.ballotId]?.votes[e.data.voter] !== undefined;

/**
 * The versions of the votes that never count, so are never revealed (issue 37): each changed away
 * from by a later vote of the same voter in the same ballot, and each a GM voided. Those up to
 * `through` only. Neither a vote nor a void is ever undone (evolve.ts), so the log says it plainly.
 */
export function neverRevealedVotes(events: readonly LoggedEvent[], through = Infinity): Set<number> {
  const current = new Map<string, number>();
  const never = new Set<number>();
  for (const { version, event: e } of events) {
    if (version > through) break;
    if (e.type !== 'VoteCast' && e.type !== 'VoteVoided') continue;
    const key = `${e.data.ballotId}\n${e.data.voter}`;
    const before = current.get(key);
    if (before !== undefined) never.add(before);
    if (e.type === 'VoteCast') current.set(key, version);
    else current.delete(key);
  }
  return never;
}

/** The state change of ballot events, on a draft the caller owns. */
export function applyBallotEvent(d: BattleState, e: BallotEvent | Extract<BattleEvent, { type: 'CommandAssigned' | 'SideJoined' }>): void {
  switch (e.type) {
    // Whoever holds a command (or plays a side) now casts its vote in the ballots still open.
    case 'CommandAssigned':
    case 'SideJoined': {
      const voter = e.type === 'CommandAssigned' ? e.data.commandId : e.data.sideId;
      for (const b of Object.values(d.ballots)) {
        if (!b.open || !b.voters.some((v) => v.id === voter)) continue;
        const voters = b.voters.map((v) => (v.id !== voter ? v : { ...v, users: e.type === 'CommandAssigned' ? [e.data.user] : [...new Set([...v.users, e.data.user])] }));
        own(d, 'ballots')[b.id] = { ...b, voters };
      }
      return;
    }
    case 'BallotOpened': {
      const { ballotId, ...rest } = e.data;
      own(d, 'ballots')[ballotId] = { id: ballotId, ...rest, open: true, reminded: false, votes: {} };
      own(d, 'nextId').ballot++;
      return;
    }
    case 'VoteCast': {
      const b = d.ballots[e.data.ballotId];
      if (b) own(d, 'ballots')[b.id] = { ...b, votes: { ...b.votes, [e.data.voter]: { choice: e.data.choice, by: e.data.by, onBehalf: e.data.onBehalf } } };
      return;
    }
    case 'VoteVoided': {
      const b = d.ballots[e.data.ballotId];
      if (!b) return;
      const { [e.data.voter]: _voided, ...votes } = b.votes;
      own(d, 'ballots')[b.id] = { ...b, votes };
      return;
    }
    case 'BallotReminded': {
      const b = d.ballots[e.data.ballotId];
      if (b) own(d, 'ballots')[b.id] = { ...b, reminded: true };
      return;
    }
    case 'BallotRevealed': {
      const b = d.ballots[e.data.ballotId];
      if (b) own(d, 'ballots')[b.id] = { ...b, open: false };
      return;
    }
  }
}
