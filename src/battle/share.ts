import { say, type Text } from '../i18n/text.ts';
import { mention } from '../messages.ts';
import { refuse } from '../rules/errors.ts';
import type { CoreAction } from './actions.ts';
import { own } from './draft.ts';
import type { CoreEvent } from './events.ts';
import type { BattleState, ShareLink, Side } from './state.ts';

/**
 * The battle's page (issue 30): links a GM hands out, each opening one view of the battle, and
 * bookmarks on events of the log, which the page opens at. The log keeps a link's id and view; its
 * token is derived from the store's key (src/app/messages/share.ts), so no event ever holds one.
 */

export type ShareAction = Extract<CoreAction, { type: 'ShareBattle' | 'RevokeShare' | 'AddBookmark' | 'RemoveBookmark' }>;
export type ShareEvent = Extract<CoreEvent, { type: 'ShareLinkCreated' | 'ShareLinkRevoked' | 'BookmarkAdded' | 'BookmarkRemoved' }>;

/** What an ended battle still takes: a finished battle is what a page is most often shared and marked for. */
export const AFTER_END: ReadonlySet<string> = new Set<ShareAction['type']>(['ShareBattle', 'RevokeShare', 'AddBookmark', 'RemoveBookmark']);

/** The most turns a spectator's view lags behind. */
export const MAX_LAG = 50;
/** The longest bookmark title: it names an entry of the page's timeline. */
export const MAX_TITLE = 100;

export const liveLinks = (s: BattleState): ShareLink[] => Object.values(s.links).filter((l) => !l.revoked);

type View = Pick<ShareLink, 'view' | 'sideId' | 'sideVersion' | 'lagTurns'>;

/**
 * The side a side's link was made for, while it stands: by its identity, the event that added it,
 * not by its id or name (issue 37). An undo voids a side and the next one added takes its id; a
 * link made for the first never opens the second's view. A link without `sideVersion` is an old
 * log's event being worded, bound to the side of its id as it stands.
 */
export function linkSide(s: BattleState, l: View): Side | undefined {
  const side = l.view === 'side' && l.sideId !== undefined && Object.hasOwn(s.sides, l.sideId) ? s.sides[l.sideId] : undefined;
  return side && (l.sideVersion ?? side.version) === side.version ? side : undefined;
}

/** A link that opens a page: not revoked, and a side's while its side stands. */
export const opens = (s: BattleState, l: ShareLink): boolean => !l.revoked && (l.view !== 'side' || linkSide(s, l) !== undefined);

const gone = (l: View): Text => say('battle.share.gone', { side: l.sideId ?? '?' });

/** The view in words: "North's view", "the public view", "a spectator view, 3 turns behind". */
export function viewPhrase(s: BattleState, l: View): Text {
  if (l.view === 'side') {
    const side = linkSide(s, l);
    return side ? say('battle.share.sideView', { side: side.name }) : say('battle.share.goneView', { gone: gone(l) });
  }
  return l.view === 'spectator' ? say('battle.share.spectatorView', { n: l.lagTurns ?? 0 }) : say('battle.share.publicView');
}

/** A link as a GM's list names it: "l1 public", "l2 North", "l4 spectator (3 turns behind)". */
export const linkLabel = (s: BattleState, l: ShareLink): Text =>
  l.view === 'side'
    ? say('battle.share.sideLabel', { id: l.id, side: linkSide(s, l)?.name ?? gone(l) })
    : l.view === 'spectator'
      ? say('battle.share.spectatorLabel', { id: l.id, n: l.lagTurns ?? 0 })
      : say('battle.share.publicLabel', { id: l.id });

/** Texts one after another, comma-separated as written. */
const commas = (texts: readonly Text[]): Text => (texts.length ? texts.reduce((a, b) => say('battle.names.comma', { a, b })) : '');

const bookmarkList = (s: BattleState): string =>
  Object.values(s.bookmarks)
    .map((b) => `${b.version} "${b.title}"`)
    .join(', ');

export function decideShare(s: BattleState, a: ShareAction, actor: string): ShareEvent[] {
  switch (a.type) {
    case 'ShareBattle': {
      if (a.spectatorLag !== undefined && !(Number.isInteger(a.spectatorLag) && a.spectatorLag >= 1 && a.spectatorLag <= MAX_LAG)) refuse(say('battle.share.lag', { max: String(MAX_LAG), given: String(a.spectatorLag) }));
      const live = liveLinks(s);
      const events: ShareEvent[] = [];
      let next = s.nextId.link;
      const create = (data: Omit<Extract<ShareEvent, { type: 'ShareLinkCreated' }>['data'], 'link'>) => events.push({ type: 'ShareLinkCreated', data: { link: `l${next++}`, ...data } });
      if (!live.some((l) => l.view === 'public')) create({ view: 'public' });
      for (const side of Object.values(s.sides)) if (!live.some((l) => linkSide(s, l) === side)) create({ view: 'side', sideId: side.id, sideVersion: side.version });
      if (a.spectatorLag !== undefined) create({ view: 'spectator', lagTurns: a.spectatorLag });
      if (!events.length) refuse(say('battle.share.sharedAlready', { links: commas(live.map((l) => linkLabel(s, l))) }));
      return events;
    }
    case 'RevokeShare': {
      const live = liveLinks(s);
      if (a.link === undefined) {
        if (!live.length) refuse(say('battle.share.nothingToRevoke'));
        return live.map((l) => ({ type: 'ShareLinkRevoked', data: { link: l.id, by: actor } }));
      }
      const id = a.link.trim().toLowerCase();
      const l = Object.hasOwn(s.links, id) ? s.links[id]! : refuse(live.length ? say('battle.share.noLink', { link: a.link, links: commas(live.map((x) => linkLabel(s, x))) }) : say('battle.share.noLinkNone', { link: a.link }));
      if (l.revoked) refuse(say('battle.share.revokedAlready', { id: l.id, view: viewPhrase(s, l) }));
      return [{ type: 'ShareLinkRevoked', data: { link: l.id, by: actor } }];
    }
    case 'AddBookmark': {
      if (!(Number.isInteger(a.version) && a.version >= 1 && a.version <= s.version)) refuse(say('battle.share.noEvent', { version: String(a.version), last: String(s.version) }));
      // One line in the page's timeline: runs of spaces and line breaks read as one space.
      const title = a.title.replace(/\s+/g, ' ').trim();
      if (!title) refuse(say('battle.share.bookmarkTitle'));
      if (title.length > MAX_TITLE) refuse(say('battle.share.bookmarkTooLong', { max: String(MAX_TITLE), n: String(title.length) }));
      if (s.bookmarks[a.version]?.title === title) refuse(say('battle.share.bookmarkedAlready', { version: String(a.version), title }));
      return [{ type: 'BookmarkAdded', data: { version: a.version, title, by: actor } }];
    }
    case 'RemoveBookmark': {
      if (!Object.hasOwn(s.bookmarks, a.version)) refuse(Object.keys(s.bookmarks).length ? say('battle.share.noBookmark', { version: String(a.version), bookmarks: bookmarkList(s) }) : say('battle.share.noBookmarkNone', { version: String(a.version) }));
      return [{ type: 'BookmarkRemoved', data: { version: a.version, by: actor } }];
    }
  }
}

/** The records are small (a few links, some bookmarks): each change replaces one whole. */
export function applyShareEvent(d: BattleState, e: ShareEvent, version: number): void {
  switch (e.type) {
    case 'ShareLinkCreated': {
      const { link, ...view } = e.data;
      // An old log's side link names no side's event: it is bound to the side of its id as it stood then, or to none (0).
      const bound = view.view === 'side' ? { sideVersion: view.sideVersion ?? linkSide(d, view)?.version ?? 0 } : {};
      d.links = { ...d.links, [link]: { id: link, ...view, ...bound, version, revoked: false } };
      own(d, 'nextId').link = Math.max(d.nextId.link, Number(link.slice(1)) + 1);
      return;
    }
    case 'ShareLinkRevoked': {
      const l = d.links[e.data.link];
      if (l) d.links = { ...d.links, [l.id]: { ...l, revoked: true } };
      return;
    }
    case 'BookmarkAdded':
      d.bookmarks = { ...d.bookmarks, [e.data.version]: { version: e.data.version, title: e.data.title, by: e.data.by, at: version } };
      return;
    case 'BookmarkRemoved':
      d.bookmarks = Object.fromEntries(Object.entries(d.bookmarks).filter(([v]) => Number(v) !== e.data.version));
      return;
  }
}

/** A line of the log for anyone: a link's id and view, never its address. `s` is the state before the event. */
export function describeShareEvent(e: ShareEvent, s: BattleState): Text {
  switch (e.type) {
    case 'ShareLinkCreated':
      return say('battle.share.linkCreated', { link: e.data.link, view: viewPhrase(s, e.data) });
    case 'ShareLinkRevoked': {
      const l = s.links[e.data.link];
      const by = mention(e.data.by);
      return l ? say('battle.share.linkRevokedView', { link: e.data.link, view: viewPhrase(s, l), by }) : say('battle.share.linkRevoked', { link: e.data.link, by });
    }
    case 'BookmarkAdded': {
      const had = s.bookmarks[e.data.version];
      const values = { by: mention(e.data.by), version: String(e.data.version), title: e.data.title };
      return had ? say('battle.share.bookmarkReplaced', { ...values, was: had.title }) : say('battle.share.bookmarkAdded', values);
    }
    case 'BookmarkRemoved': {
      const had = s.bookmarks[e.data.version];
      const values = { by: mention(e.data.by), version: String(e.data.version) };
      return had ? say('battle.share.bookmarkRemovedTitle', { ...values, title: had.title }) : say('battle.share.bookmarkRemoved', values);
    }
  }
}
