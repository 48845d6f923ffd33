import type { Ballot, Voter } from '../../battle/ballots.ts';
import { choicesPhrase } from '../../battle/describe.ts';
import { rollPhrase } from '../../battle/rolls.ts';
import type { BattleEvent } from '../../battle/events.ts';
import type { BattleState } from '../../battle/state.ts';
import { lines as stacked, say, type Text } from '../../i18n/text.ts';
import { mention, when, type Button, type Message } from '../../messages.ts';
import { ballotButtonId } from './buttons.ts';
import { shareUrl } from './share.ts';

const dm = (user: string, text: Text, title?: Text, buttons?: Button[]): Message => ({
  to: { kind: 'dm', user },
  text,
  ...(title ? { title } : {}),
  ...(buttons?.length ? { buttons } : {}),
});

/** The prompt a voter's player receives (in a DM, or as an ephemeral message when DMs are closed). */
export function ballotPrompt(battleId: string, b: Ballot, v: Voter, user: string): Message {
  const command = `/ballot vote ballot:${b.id} command:"${v.label}"`;
  const how =
    b.input.kind === 'number'
      ? say('messages.ballot.answerNumber', { command, min: String(b.input.min), max: String(b.input.max) })
      : say('messages.ballot.answerChoice', { command, choices: v.allowed.join('|') });
  const lines: Text[] = [
    b.rule ? say('messages.ballot.forRule', { title: b.title, rule: b.rule, voter: v.label }) : say('messages.ballot.for', { title: b.title, voter: v.label }),
    ...(v.why ? [v.why] : []),
    how,
    b.deadline ? say('messages.ballot.changeUntil', { deadline: when(b.deadline) }) : say('messages.ballot.change'),
  ];
  const buttons = b.input.kind === 'choice' ? v.allowed.map((o, i) => ({ label: b.words?.[o] ?? o, customId: ballotButtonId(battleId, b.id, v.id, o, i) })) : [];
  return dm(user, stacked(...lines), say('messages.ballot.title', { id: b.id, voter: v.label }), buttons);
}

const progress = (b: Ballot): Text => {
  const waiting = b.voters.filter((v) => !b.votes[v.id]);
  const counts = { voted: String(b.voters.length - waiting.length), voters: String(b.voters.length) };
  return waiting.length ? say('messages.ballot.progressWaiting', { ...counts, waiting: waiting.map((v) => v.label).join(', ') }) : say('messages.ballot.progress', counts);
};

/**
 * What an event sends besides its log line in the channel: ballot prompts and receipts by DM,
 * progress (who, never what) to the channel, a result to its audience, a secret roll to the roller and GMs.
 * Its lines are the channel's: the caller leaves them out with an event the channel is not told of.
 */
export function privateMessages(e: BattleEvent, after: BattleState): { lines: Text[]; messages: Message[] } {
  switch (e.type) {
    case 'BallotOpened': {
      const b = after.ballots[e.data.ballotId]!;
      const prompts = b.voters.flatMap((v) => v.users.map((u) => ballotPrompt(after.id, b, v, u)));
      const orphans = b.voters.filter((v) => !v.users.length);
      const lines: Text[] = [say('messages.ballot.prompted', { progress: progress(b) })];
      if (orphans.length) lines.push(say('messages.ballot.orphans', { voters: orphans.map((v) => v.label).join(', ') }));
      return { lines, messages: prompts };
    }
    case 'VoteCast': {
      const b = after.ballots[e.data.ballotId]!;
      const v = b.voters.find((x) => x.id === e.data.voter)!;
      const recorded = { voter: v.label, title: b.title, choice: String(e.data.choice), open: b.open ? 'yes' : 'no' };
      const receipt = e.data.onBehalf ? say('messages.ballot.recordedFor', { ...recorded, by: mention(e.data.by) }) : say('messages.ballot.recorded', recorded);
      const to = new Set([...v.users, ...(e.data.onBehalf ? [e.data.by] : [])]);
      return { lines: [progress(b)], messages: [...to].map((u) => dm(u, receipt)) };
    }
    case 'VoteVoided': {
      // The voter's players are asked again with the prompt of the ballot, which waits for them.
      const b = after.ballots[e.data.ballotId]!;
      const v = b.voters.find((x) => x.id === e.data.voter)!;
      const voided = { by: mention(e.data.by), voter: v.label, title: b.title };
      const why = e.data.reason ? say('messages.ballot.voidedWhy', { ...voided, reason: e.data.reason }) : say('messages.ballot.voided', voided);
      return { lines: [progress(b)], messages: v.users.map((u) => { const p = ballotPrompt(after.id, b, v, u); return { ...p, text: stacked(why, p.text) }; }) };
    }
    case 'BallotReminded': {
      const b = after.ballots[e.data.ballotId]!;
      const late = b.voters.filter((v) => e.data.waitingFor.includes(v.id));
      // The deadline goes in the text, where Discord shows a timestamp in each reader's zone (a title shows it raw).
      return { lines: [], messages: late.flatMap((v) => v.users.map((u) => { const p = ballotPrompt(after.id, b, v, u); return { ...p, title: say('messages.ballot.reminderTitle', { id: b.id }), text: stacked(b.deadline ? say('messages.ballot.reminder', { deadline: when(b.deadline) }) : say('messages.ballot.reminderSoon'), p.text) }; })) };
    }
    case 'BallotRevealed': {
      const b = after.ballots[e.data.ballotId]!;
      if (b.audience === 'channel') return { lines: [], messages: [] };
      const text = say('messages.ballot.gmsResult', { title: b.title, choices: choicesPhrase(e.data.choices) });
      return { lines: [], messages: after.gms.map((g) => dm(g, text, say('messages.ballot.gmsTitle', { id: b.id }))) };
    }
    case 'DiceRolled': {
      if (!e.data.secret) return { lines: [], messages: [] };
      // A secret roll: the roller and the GMs see it; the channel only that it happened.
      const to = new Set([e.data.roller, ...after.gms]);
      const text = stacked(rollPhrase(e.data), say('messages.roll.secret', { number: String(e.data.number) }));
      return { lines: [], messages: [...to].map((u) => dm(u, text, say('messages.roll.secretTitle', { number: String(e.data.number) }))) };
    }
    case 'CommandAssigned':
    case 'SideJoined': {
      // The new holder of a voter in an open ballot gets its prompt (the vote cast so far stands until changed).
      const voter = e.type === 'CommandAssigned' ? e.data.commandId : e.data.sideId;
      const open = Object.values(after.ballots).filter((b) => b.open && b.voters.some((v) => v.id === voter));
      return { lines: [], messages: open.map((b) => ballotPrompt(after.id, b, b.voters.find((v) => v.id === voter)!, e.data.user)) };
    }
    case 'JoinRequested':
      return { lines: [], messages: after.gms.map((g) => dm(g, say('messages.join.asks', { user: mention(e.data.user), side: after.sides[e.data.sideId]?.name ?? e.data.sideId, battle: after.name }), say('messages.join.asksTitle'))) };
    default:
      return { lines: [], messages: [] };
  }
}

/** What share links are written with: the pages' address and the store's key (src/app/messages/share.ts). */
export interface ShareBase {
  base: string;
  key: string;
  /** Why the links will not open now (no pages are served here), told to whoever shared: see Umpire.pagesNote. */
  note?: Text;
}

/**
 * Where a new link's address goes: the public one to the channel, which it shows no more than the
 * channel saw; a side's to that side's players alone by DM (to the GM where the side has none yet);
 * a spectator's to the GM, who hands it on. `reply` holds lines for the GM's own answer.
 */
export function linkMessages(e: Extract<BattleEvent, { type: 'ShareLinkCreated' }>, after: BattleState, share: ShareBase): { lines: Text[]; messages: Message[]; reply: Text[] } {
  const url = shareUrl(share.base, share.key, after.id, e.data.link);
  switch (e.data.view) {
    case 'public':
      return { lines: [say('messages.share.public', { url })], messages: [], reply: [] };
    case 'spectator':
      return { lines: [], messages: [], reply: [say('messages.share.spectator', { turns: e.data.lagTurns ?? 0, url })] };
    case 'side': {
      const side = after.sides[e.data.sideId ?? ''];
      const name: Text = side?.name ?? e.data.sideId ?? say('messages.share.aSide');
      const players = side?.players ?? [];
      if (!players.length) return { lines: [say('messages.share.noPlayers', { side: name })], messages: [], reply: [say('messages.share.noPlayersReply', { side: name, url })] };
      const text = say('messages.share.sideView', { side: name, battle: after.name, id: after.id, url });
      return { lines: [say('messages.share.sent', { side: name })], messages: players.map((u) => dm(u, text, say('messages.share.sideTitle', { side: name, battle: after.name }))), reply: [] };
    }
  }
}

/** A bookmark's address on the public page, which opens the battle at the event marked. */
export function bookmarkLine(e: Extract<BattleEvent, { type: 'BookmarkAdded' }>, after: BattleState, share: ShareBase): Text[] {
  const pub = Object.values(after.links).find((l) => l.view === 'public' && !l.revoked);
  return pub ? [say('messages.share.bookmark', { url: `${shareUrl(share.base, share.key, after.id, pub.id)}/at/${e.data.version}` })] : [];
}
