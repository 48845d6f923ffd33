import { neverRevealedVotes } from '../battle/ballots.ts';
import type { LoggedEvent } from '../battle/events.ts';
import { linkSide } from '../battle/share.ts';
import type { BattleState, ShareLink } from '../battle/state.ts';
import { FALLBACK, type Locale } from '../i18n/locales.ts';
import { say, word, type Text } from '../i18n/text.ts';
import { wordMessage, type Message } from '../messages.ts';
import { sealOf } from '../store/hash.ts';
import type { PostRow, RawEventRow } from '../store/types.ts';
import type { ExportedEvent, ViewExport } from './verify-export.ts';

/**
 * Who a battle page is for (issue 30), and so what it may show: the channel's view (what was
 * posted there), a side's (that, plus the side's own votes and DMs from when it had them), or a
 * spectator's (the channel's, some turns behind). Everything a page or its JSON shows passes
 * through here: a secret is withheld by these rules or not shown at all.
 */
export interface Audience {
  link: ShareLink;
  /** "the channel's view", "North's view", "a spectator's view, 2 turns behind". */
  label: Text;
  /** The last version this view may see. */
  through: number;
  /** The side whose view it is. */
  sideId?: string;
  /** For a side's view: the users whose DMs it shows (the side's players who are not GMs). */
  readers: ReadonlySet<string>;
  /** Versions up to `through` whose contents this view may not see: a vote or a secret roll not revealed to it. */
  withheld: ReadonlySet<number>;
}

/** What sets a battle up, before anything is played: all a spectator's view shows while the battle is in its first turns. */
const SETUP = new Set(['BattleCreated', 'GmAdded', 'GmRemoved', 'SideAdded', 'SideJoined', 'JoinRequested', 'JoinRefused', 'CommandAdded', 'CommandAssigned', 'UnitAdded', 'UnitEdited', 'UnitRemoved', 'OrderOfBattleImported', 'HouseRuleSet', 'HouseRuleUnset', 'ShareLinkCreated', 'ShareLinkRevoked', 'BookmarkAdded', 'BookmarkRemoved']);

/**
 * The audience of a live link over a battle's log, `now` being the battle's current state. A
 * spectator's view ends with the last event before the battle entered the turn after the one it
 * lags to (a turn entered and then undone does not count); while the battle is in its first turns
 * (no turn yet that far behind), with its set-up: the events before the first that is play.
 */
export function audienceOf(link: ShareLink, now: BattleState, events: readonly LoggedEvent[]): Audience {
  let through = events.at(-1)?.version ?? 0;
  if (link.view === 'spectator') {
    const shown = now.position.turn - (link.lagTurns ?? 0);
    const voided = new Set<number>();
    for (const e of events) if (e.event.type === 'ActionUndone') for (const v of e.event.data.voids) voided.add(v);
    // In its first turns the battle is N turns behind nothing yet: the view shows how it was set up.
    const next = shown >= 1 ? events.find((e) => e.event.type === 'PhaseAdvanced' && e.event.data.to.turn > shown && !voided.has(e.version)) : events.find((e) => !SETUP.has(e.event.type));
    through = next ? next.version - 1 : through;
  }
  const side = linkSide(now, link);
  const readers = new Set(side ? side.players.filter((u) => !now.gms.includes(u)) : []);
  const label =
    link.view === 'public'
      ? say('web.view.channel')
      : link.view === 'side'
        ? say('web.view.side', { side: side?.name ?? link.sideId ?? '' })
        : say('web.view.spectator', { n: link.lagTurns ?? 0 });
  return { link, label, through, ...(link.sideId ? { sideId: link.sideId } : {}), readers, withheld: withheldUpTo(events, through) };
}

/**
 * The events up to `through` a view may not read: a vote until its ballot is revealed to the channel
 * (a side's view too: a side's link is shared by all its players, and a vote, or a change of it, is
 * its voter's alone until then), every vote and the reveal of a ballot only the GMs see (dawn notes,
 * NIGHT-18.82), and a secret roll until it is revealed.
 */
function withheldUpTo(events: readonly LoggedEvent[], through: number): Set<number> {
  const toGms = new Set<string>();
  const revealed = new Set<string>();
  const rollsShown = new Set<number>();
  for (const e of events) {
    if (e.version > through) break;
    const ev = e.event;
    if (ev.type === 'BallotOpened' && ev.data.audience === 'gms') toGms.add(ev.data.ballotId);
    else if (ev.type === 'BallotRevealed') revealed.add(ev.data.ballotId);
    else if (ev.type === 'RollRevealed') rollsShown.add(ev.data.number);
  }
  const withheld = neverRevealedVotes(events, through);
  for (const e of events) {
    if (e.version > through) break;
    const ev = e.event;
    if (ev.type === 'VoteCast') {
      if (toGms.has(ev.data.ballotId) || !revealed.has(ev.data.ballotId)) withheld.add(e.version);
    } else if (ev.type === 'BallotRevealed' && toGms.has(ev.data.ballotId)) withheld.add(e.version);
    else if (ev.type === 'DiceRolled' && ev.data.secret && !rollsShown.has(ev.data.number)) withheld.add(e.version);
  }
  return withheld;
}

/**
 * The view's export: the log through its last version, each event with its salt so its hash can be
 * recomputed; a withheld event with its seal and hash alone (not its type, actor, time or salt), and
 * one written before sealing with nothing but its version (its hash would check a guess).
 */
export function exportFor(a: Audience, stream: string, rows: readonly RawEventRow[]): ViewExport {
  const events: ExportedEvent[] = [];
  for (const r of rows) {
    const version = Number(r.version);
    if (version > a.through) break;
    const [type, actor, at, data, hash] = [String(r.type), String(r.actor), String(r.at), String(r.data), String(r.hash)];
    const salt = typeof r.salt === 'string' ? r.salt : undefined;
    if (!a.withheld.has(version)) events.push({ version, type, actor, at, data, hash, ...(salt ? { salt } : {}) });
    else events.push(salt ? { version, seal: sealOf(salt, type, actor, at, data), hash, withheld: true } : { version, withheld: true });
  }
  return { stream, view: a.link.view === 'side' ? `side:${a.sideId}` : a.link.view, through: a.through, events };
}

/**
 * A page never repeats a link's token: a reader has the link they came by, and the channel's link
 * in an old post would take a lagging spectator to the battle as it is now. Both forms of token
 * (src/app/messages/share.ts), the first's 22 characters and `l<n>-` before them.
 */
const hideLinks = (text: string, locale: Locale): string => {
  const hidden = word(say('web.audience.linkHidden'), locale).replace(/\$/g, '$$$$');
  return text.replace(/\/([bc])\/([a-z0-9-]{1,40})\/[A-Za-z0-9_-]{22,}(?![A-Za-z0-9_-])/g, `/$1/$2/${hidden}`);
};

/**
 * What the view was told, by version: the posts to the battle's channel, and for a side's view the
 * DMs to its players, but none sent with an event withheld from it (a secret roll's result, a dawn
 * note's receipt). Posts after the view's last version are left out.
 */
export function postsFor(a: Audience, channel: string, posts: readonly PostRow[], locale: Locale = FALLBACK): Map<number, Message<string>[]> {
  const byVersion = new Map<number, Message<string>[]>();
  for (const p of posts) {
    if (p.version === null || p.version > a.through) continue;
    const to = p.message.to;
    const shown = (to.kind === 'channel' && to.channel === channel) || (to.kind === 'dm' && a.readers.has(to.user) && !a.withheld.has(p.version));
    if (!shown) continue;
    const worded = wordMessage(p.message, locale);
    const m = { ...worded, text: hideLinks(worded.text, locale) };
    const list = byVersion.get(p.version);
    if (list) list.push(m);
    else byVersion.set(p.version, [m]);
  }
  return byVersion;
}
