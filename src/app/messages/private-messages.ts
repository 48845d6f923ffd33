import type { Ballot, Voter } from '../../battle/ballots.ts';
import { choicesText } from '../../battle/describe.ts';
import { rollText } from '../../battle/rolls.ts';
import type { BattleEvent } from '../../battle/events.ts';
import type { BattleState } from '../../battle/state.ts';
import { mention, plural, when, type Button, type Message } from '../../messages.ts';
import { ballotButtonId } from './buttons.ts';
import { shareUrl } from './share.ts';

const dm = (user: string, text: string, title?: string, buttons?: Button[]): Message => ({
  to: { kind: 'dm', user },
  text,
  ...(title ? { title } : {}),
  ...(buttons?.length ? { buttons } : {}),
});

/** The prompt a voter's player receives (in a DM, or as an ephemeral message when DMs are closed). */
export function ballotPrompt(battleId: string, b: Ballot, v: Voter, user: string): Message {
  const how =
    b.input.kind === 'number'
      ? `Answer with /ballot vote ballot:${b.id} command:"${v.label}" choice:<${b.input.min}-${b.input.max}>.`
      : `Press a button, or answer with /ballot vote ballot:${b.id} command:"${v.label}" choice:<${v.allowed.join('|')}>.`;
  const lines = [
    `${b.title}${b.rule ? ` (${b.rule})` : ''} for ${v.label}.`,
    ...(v.why ? [v.why] : []),
    how,
    `You can change your answer until the ballot closes${b.deadline ? ` (${when(b.deadline)})` : ''}. Nobody sees it before the reveal.`,
  ];
  const buttons = b.input.kind === 'choice' ? v.allowed.map((o, i) => ({ label: o, customId: ballotButtonId(battleId, b.id, v.id, o, i) })) : [];
  return dm(user, lines.join('\n'), `Ballot ${b.id}: ${v.label}`, buttons);
}

const progress = (b: Ballot) => {
  const waiting = b.voters.filter((v) => !b.votes[v.id]);
  return `${b.voters.length - waiting.length} of ${b.voters.length} have voted${waiting.length ? `; waiting for ${waiting.map((v) => v.label).join(', ')}` : ''}.`;
};

/**
 * What an event sends besides its log line in the channel: ballot prompts and receipts by DM,
 * progress (who, never what) to the channel, a result to its audience, a secret roll to the roller and GMs.
 * Its lines are the channel's: the caller leaves them out with an event the channel is not told of.
 */
export function privateMessages(e: BattleEvent, after: BattleState): { lines: string[]; messages: Message[] } {
  switch (e.type) {
    case 'BallotOpened': {
      const b = after.ballots[e.data.ballotId]!;
      const prompts = b.voters.flatMap((v) => v.users.map((u) => ballotPrompt(after.id, b, v, u)));
      const orphans = b.voters.filter((v) => !v.users.length);
      const lines = [`Prompts went to each voter's player by DM. ${progress(b)}`];
      if (orphans.length) lines.push(`No player for ${orphans.map((v) => v.label).join(', ')}: a GM casts for them with /ballot cast-for.`);
      return { lines, messages: prompts };
    }
    case 'VoteCast': {
      const b = after.ballots[e.data.ballotId]!;
      const v = b.voters.find((x) => x.id === e.data.voter)!;
      const receipt = `Recorded for ${v.label} in ${b.title}: ${e.data.choice}${e.data.onBehalf ? ` (cast by ${mention(e.data.by)} on your behalf)` : ''}. ${b.open ? 'You can change it until the ballot closes.' : ''}`.trim();
      const to = new Set([...v.users, ...(e.data.onBehalf ? [e.data.by] : [])]);
      return { lines: [progress(b)], messages: [...to].map((u) => dm(u, receipt)) };
    }
    case 'VoteVoided': {
      // The voter's players are asked again with the prompt of the ballot, which waits for them.
      const b = after.ballots[e.data.ballotId]!;
      const v = b.voters.find((x) => x.id === e.data.voter)!;
      const why = `A GM (${mention(e.data.by)}) voided your vote for ${v.label} in ${b.title}${e.data.reason ? `: ${e.data.reason}` : ''}. It no longer counts; vote again.`;
      return { lines: [progress(b)], messages: v.users.map((u) => { const p = ballotPrompt(after.id, b, v, u); return { ...p, text: `${why}\n${p.text}` }; }) };
    }
    case 'BallotReminded': {
      const b = after.ballots[e.data.ballotId]!;
      const late = b.voters.filter((v) => e.data.waitingFor.includes(v.id));
      // The deadline goes in the text, where Discord shows a timestamp in each reader's zone (a title shows it raw).
      return { lines: [], messages: late.flatMap((v) => v.users.map((u) => { const p = ballotPrompt(after.id, b, v, u); return { ...p, title: `Reminder — ballot ${b.id}`, text: `Reminder: this ballot closes ${b.deadline ? when(b.deadline) : 'soon'}.\n${p.text}` }; })) };
    }
    case 'BallotRevealed': {
      const b = after.ballots[e.data.ballotId]!;
      if (b.audience === 'channel') return { lines: [], messages: [] };
      const text = `${b.title}: ${choicesText(e.data.choices)}`;
      return { lines: [], messages: after.gms.map((g) => dm(g, text, `Ballot ${b.id} (for the GMs only)`)) };
    }
    case 'DiceRolled': {
      if (!e.data.secret) return { lines: [], messages: [] };
      // A secret roll: the roller and the GMs see it; the channel only that it happened.
      const to = new Set([e.data.roller, ...after.gms]);
      const text = `${rollText(e.data)}\nSecret: the channel sees only that roll #${e.data.number} was made. Reveal it with /reveal roll:${e.data.number}.`;
      return { lines: [], messages: [...to].map((u) => dm(u, text, `Secret roll #${e.data.number}`)) };
    }
    case 'CommandAssigned':
    case 'SideJoined': {
      // The new holder of a voter in an open ballot gets its prompt (the vote cast so far stands until changed).
      const voter = e.type === 'CommandAssigned' ? e.data.commandId : e.data.sideId;
      const open = Object.values(after.ballots).filter((b) => b.open && b.voters.some((v) => v.id === voter));
      return { lines: [], messages: open.map((b) => ballotPrompt(after.id, b, b.voters.find((v) => v.id === voter)!, e.data.user)) };
    }
    case 'JoinRequested':
      return { lines: [], messages: after.gms.map((g) => dm(g, `${mention(e.data.user)} asks to join ${after.sides[e.data.sideId]?.name ?? e.data.sideId} in "${after.name}". Admit them with /side admit user:${mention(e.data.user)} in the battle's channel (admit:false to refuse).`, 'A player asks to join')) };
    default:
      return { lines: [], messages: [] };
  }
}

/** What share links are written with: the pages' address and the store's key (src/app/messages/share.ts). */
export interface ShareBase {
  base: string;
  key: string;
  /** Why the links will not open now (no pages are served here), told to whoever shared: see Umpire.pagesNote. */
  note?: string;
}

/**
 * Where a new link's address goes: the public one to the channel, which it shows no more than the
 * channel saw; a side's to that side's players alone by DM (to the GM where the side has none yet);
 * a spectator's to the GM, who hands it on. `reply` holds lines for the GM's own answer.
 */
export function linkMessages(e: Extract<BattleEvent, { type: 'ShareLinkCreated' }>, after: BattleState, share: ShareBase): { lines: string[]; messages: Message[]; reply: string[] } {
  const url = shareUrl(share.base, share.key, after.id, e.data.link);
  switch (e.data.view) {
    case 'public':
      return { lines: [`Battle page (public view, what this channel was shown): ${url}`], messages: [], reply: [] };
    case 'spectator':
      return { lines: [], messages: [], reply: [`Spectator view, ${plural(e.data.lagTurns ?? 0, 'turn')} behind: ${url}; hand it to your spectators`] };
    case 'side': {
      const side = after.sides[e.data.sideId ?? ''];
      const name = side?.name ?? e.data.sideId ?? 'a side';
      const players = side?.players ?? [];
      if (!players.length) return { lines: [`${name} has no players yet: its link went to the GM.`], messages: [], reply: [`${name}'s view (no players yet; hand it to them, and keep it to that side): ${url}`] };
      const text = `${name}'s view of battle "${after.name}" (${after.id}): adds your side's own votes and DMs; keep it to your side: ${url}`;
      return { lines: [`${name}'s link went to its players by DM.`], messages: players.map((u) => dm(u, text, `${name}'s view of "${after.name}"`)), reply: [] };
    }
  }
}

/** A bookmark's address on the public page, which opens the battle at the event marked. */
export function bookmarkLine(e: Extract<BattleEvent, { type: 'BookmarkAdded' }>, after: BattleState, share: ShareBase): string[] {
  const pub = Object.values(after.links).find((l) => l.view === 'public' && !l.revoked);
  return pub ? [`Opens there: ${shareUrl(share.base, share.key, after.id, pub.id)}/at/${e.data.version}`] : [];
}
