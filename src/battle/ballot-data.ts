/** The shapes of a secret ballot as the state and the log hold them; the mechanics are in ballots.ts. */
import type { Text } from '../i18n/text.ts';

/** `poll` is the core's GM poll; a rule system names its own kinds (`night`, `grandtac`) and says what their reveal sets off. */
export type BallotKind = string;

export interface Voter {
  /** A command id or a side id. */
  id: string;
  label: string;
  /** The users who may cast this voter's choice (the command's player, the side's players). */
  users: string[];
  /** The choices open to this voter (a number ballot lists none). */
  allowed: string[];
  /** Why the choices are restricted, for the prompt (e.g. NIGHT-18.13). */
  why?: Text;
}

export type BallotInput = { kind: 'choice' } | { kind: 'number'; min: number; max: number };

export interface Vote {
  choice: string;
  by: string;
  /** Cast by a GM for an absent player, by an explicit action. */
  onBehalf: boolean;
}

export interface Ballot {
  id: string;
  kind: BallotKind;
  title: Text;
  rule?: string;
  /** The words a choice is shown with (a button's label), where the rules print the choice in English: "ACTIVE (actif)". */
  words?: Readonly<Record<string, Text>>;
  voters: Voter[];
  input: BallotInput;
  openedAt: string;
  /** ISO time after which the umpire closes it. */
  deadline?: string;
  /** Who sees the result: the channel, or only the GMs (dawn-attack notes, NIGHT-18.82). */
  audience: 'channel' | 'gms';
  turn: number;
  open: boolean;
  reminded: boolean;
  votes: Record<string, Vote>;
}

export interface RevealedChoice {
  voter: string;
  label: string;
  /** null when the voter never voted before the ballot closed. */
  choice: string | null;
  by?: string;
  onBehalf?: boolean;
}

/** Why a ballot closed: the last vote, its deadline, a GM, or the phase that uses it began (secret orders, dawn notes). */
export type CloseReason = 'all voted' | 'deadline' | 'gm' | 'phase';

export type BallotEvent =
  | {
      type: 'BallotOpened';
      data: { ballotId: string; kind: BallotKind; title: Text; rule?: string; words?: Readonly<Record<string, Text>>; voters: Voter[]; input: BallotInput; openedAt: string; deadline?: string; audience: 'channel' | 'gms'; turn: number };
    }
  | { type: 'VoteCast'; data: { ballotId: string; voter: string; choice: string; by: string; onBehalf: boolean } }
  /** A GM struck out a voter's vote (issue 37): it no longer counts, and the ballot waits for that voter again. `reason` is posted to the channel. */
  | { type: 'VoteVoided'; data: { ballotId: string; voter: string; by: string; reason?: string } }
  | { type: 'BallotReminded'; data: { ballotId: string; waitingFor: string[] } }
  | { type: 'BallotRevealed'; data: { ballotId: string; reason: CloseReason; choices: RevealedChoice[] } };
