import { describe, expect, it } from 'vitest';
import { describeEvent } from '../../src/battle/describe.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import { linkSide, opens } from '../../src/battle/share.ts';
import { english } from '../../src/i18n/text.ts';
import { given, worded } from '../support/spec.ts';

/**
 * The battle's page (issue 30): links a GM hands out, each opening one view, and bookmarks on the
 * log's events. GM only; on an ended battle too, which is what a page is most often shared for.
 */
const created: BattleEvent = { type: 'BattleCreated', data: { battleId: 'b1', name: 'Ligny', system: 'medieval', channel: 'table', gm: 'gm' } };
const sides: BattleEvent[] = [created, { type: 'SideAdded', data: { sideId: 's1', name: 'North' } }, { type: 'SideAdded', data: { sideId: 's2', name: 'South' } }];
const shared: BattleEvent[] = [
  ...sides,
  { type: 'ShareLinkCreated', data: { link: 'l1', view: 'public' } },
  { type: 'ShareLinkCreated', data: { link: 'l2', view: 'side', sideId: 's1', sideVersion: 2 } },
  { type: 'ShareLinkCreated', data: { link: 'l3', view: 'side', sideId: 's2', sideVersion: 3 } },
];
const ended: BattleEvent = { type: 'BattleEnded', data: { by: 'gm' } };

describe('share links', () => {
  it('a share makes the public link and one for each side', () =>
    given(sides)
      .when({ type: 'ShareBattle' })
      .then([
        { type: 'ShareLinkCreated', data: { link: 'l1', view: 'public' } },
        { type: 'ShareLinkCreated', data: { link: 'l2', view: 'side', sideId: 's1', sideVersion: 2 } },
        { type: 'ShareLinkCreated', data: { link: 'l3', view: 'side', sideId: 's2', sideVersion: 3 } },
      ]));

  it('spectator-lag adds a spectator link, even when every other view has one', () => {
    given(sides)
      .when({ type: 'ShareBattle', spectatorLag: 3 })
      .then([
        { type: 'ShareLinkCreated', data: { link: 'l1', view: 'public' } },
        { type: 'ShareLinkCreated', data: { link: 'l2', view: 'side', sideId: 's1', sideVersion: 2 } },
        { type: 'ShareLinkCreated', data: { link: 'l3', view: 'side', sideId: 's2', sideVersion: 3 } },
        { type: 'ShareLinkCreated', data: { link: 'l4', view: 'spectator', lagTurns: 3 } },
      ]);
    given(shared).when({ type: 'ShareBattle', spectatorLag: 1 }).then([{ type: 'ShareLinkCreated', data: { link: 'l4', view: 'spectator', lagTurns: 1 } }]);
  });

  it('a spectator lags 1 to 50 turns', () => {
    given(shared).when({ type: 'ShareBattle', spectatorLag: 0 }).refused(/spectator-lag is a number of turns from 1 to 50; 0 is not/);
    given(shared).when({ type: 'ShareBattle', spectatorLag: 51 }).refused(/from 1 to 50; 51 is not/);
    given(shared).when({ type: 'ShareBattle', spectatorLag: 1.5 }).refused(/from 1 to 50/);
  });

  it('with every view shared, a share is refused naming the live links', () =>
    given(shared).when({ type: 'ShareBattle' }).refused(/already shared: l1 public, l2 North, l3 South; \/battle unshare first to replace them/));

  it('a share makes only what is missing: a side added since, a revoked link anew under a new id', () => {
    given([...shared, { type: 'SideAdded', data: { sideId: 's3', name: 'East' } }])
      .when({ type: 'ShareBattle' })
      .then([{ type: 'ShareLinkCreated', data: { link: 'l4', view: 'side', sideId: 's3', sideVersion: 7 } }]);
    given([...shared, { type: 'ShareLinkRevoked', data: { link: 'l2', by: 'gm' } }])
      .when({ type: 'ShareBattle' })
      .then([{ type: 'ShareLinkCreated', data: { link: 'l4', view: 'side', sideId: 's1', sideVersion: 2 } }]);
  });

  it('the state holds each link with its view, the event that made it, and whether it was revoked', () => {
    const { state } = given([...shared, { type: 'ShareLinkCreated', data: { link: 'l4', view: 'spectator', lagTurns: 2 } }, { type: 'ShareLinkRevoked', data: { link: 'l2', by: 'gm' } }]);
    expect(state.links).toEqual({
      l1: { id: 'l1', view: 'public', version: 4, revoked: false },
      l2: { id: 'l2', view: 'side', sideId: 's1', sideVersion: 2, version: 5, revoked: true },
      l3: { id: 'l3', view: 'side', sideId: 's2', sideVersion: 3, version: 6, revoked: false },
      l4: { id: 'l4', view: 'spectator', lagTurns: 2, version: 7, revoked: false },
    });
    expect(state.nextId.link).toBe(5);
  });

  it('unshare revokes one link by id (any case), or every live one', () => {
    given(shared).when({ type: 'RevokeShare', link: 'L2' }).then([{ type: 'ShareLinkRevoked', data: { link: 'l2', by: 'gm' } }]);
    given([...shared, { type: 'ShareLinkRevoked', data: { link: 'l1', by: 'gm' } }])
      .when({ type: 'RevokeShare' })
      .then([
        { type: 'ShareLinkRevoked', data: { link: 'l2', by: 'gm' } },
        { type: 'ShareLinkRevoked', data: { link: 'l3', by: 'gm' } },
      ]);
  });

  it('unshare refuses an unknown link, one revoked already, and nothing to revoke', () => {
    given(shared).when({ type: 'RevokeShare', link: 'l9' }).refused(/There is no link "l9" in this battle; its live links: l1 public, l2 North, l3 South/);
    given([...shared, { type: 'ShareLinkRevoked', data: { link: 'l2', by: 'gm' } }]).when({ type: 'RevokeShare', link: 'l2' }).refused(/Link l2 \(North's view\) was revoked already: it no longer opens/);
    given(sides).when({ type: 'RevokeShare' }).refused(/Nothing to revoke: this battle has no live link/);
  });

  it('only a GM shares and unshares', () => {
    given(sides).when({ type: 'ShareBattle' }, 'alice').refused(/Only a GM of this battle may do that/);
    given(shared).when({ type: 'RevokeShare' }, 'alice').refused(/Only a GM/);
  });

  it('a link is revoked, never undone: an undo passes over it to the action before', () =>
    given(shared).when({ type: 'Undo' }).then([{ type: 'ActionUndone', data: { voids: [3], summary: worded('side South added') } }]));
});

describe("issue 37: a side's link is bound to the side it was made for, by the event that added it", () => {
  const undone = (...voids: number[]): BattleEvent => ({ type: 'ActionUndone', data: { voids, summary: 'sides added' } });
  // The sides undone (the links passed over), then added again swapped: s1 is South now, added by event 9.
  const swapped: BattleEvent[] = [...shared, undone(3), undone(2), { type: 'SideAdded', data: { sideId: 's1', name: 'South' } }, { type: 'SideAdded', data: { sideId: 's2', name: 'North' } }];

  it('a link whose side was undone opens nothing, though a side has its id again; a share makes each side a link of its own', () => {
    const { state } = given(swapped);
    expect(state.sides.s1).toEqual({ id: 's1', name: 'South', players: [], version: 9 });
    expect(opens(state, state.links.l2!)).toBe(false);
    expect(linkSide(state, state.links.l2!)).toBeUndefined();
    given(swapped)
      .when({ type: 'ShareBattle' })
      .then([
        { type: 'ShareLinkCreated', data: { link: 'l4', view: 'side', sideId: 's1', sideVersion: 9 } },
        { type: 'ShareLinkCreated', data: { link: 'l5', view: 'side', sideId: 's2', sideVersion: 10 } },
      ]);
    given([...swapped, { type: 'ShareLinkCreated', data: { link: 'l4', view: 'side', sideId: 's1', sideVersion: 9 } }, { type: 'ShareLinkCreated', data: { link: 'l5', view: 'side', sideId: 's2', sideVersion: 10 } }])
      .when({ type: 'ShareBattle' })
      .refused(/already shared: l1 public, l2 side s1 \(no longer in the battle\), l3 side s2 \(no longer in the battle\), l4 South, l5 North;/);
  });

  it('a side undone alone takes its link with it; the side added next under its id is not it', () => {
    const { state } = given([...shared, undone(3)]);
    expect(opens(state, state.links.l3!)).toBe(false);
    expect(opens(state, state.links.l2!)).toBe(true);
    const again = given([...shared, undone(3), { type: 'SideAdded', data: { sideId: 's2', name: 'South' } }]).state;
    expect(opens(again, again.links.l3!)).toBe(false);
    expect(english(describeEvent({ type: 'ShareLinkRevoked', data: { link: 'l3', by: 'gm' } }, again))).toBe('Link l3 (the view of side s2 (no longer in the battle)) revoked by <@gm>: it no longer opens');
  });

  it('a side joined and given commands keeps its link', () => {
    const { state } = given([...shared, { type: 'SideJoined', data: { sideId: 's1', user: 'alice' } }, { type: 'CommandAdded', data: { commandId: 'c1', name: 'Reserve', sideId: 's1' } }]);
    expect(linkSide(state, state.links.l2!)?.name).toBe('North');
  });

  it('an old log\'s link (no sideVersion) is bound to the side of its id when it was made, or to none', () => {
    const old: BattleEvent[] = [...sides, { type: 'ShareLinkCreated', data: { link: 'l1', view: 'side', sideId: 's1' } }, { type: 'ShareLinkCreated', data: { link: 'l2', view: 'side', sideId: 's3' } }];
    const { state } = given(old);
    expect(state.links.l1).toEqual({ id: 'l1', view: 'side', sideId: 's1', sideVersion: 2, version: 4, revoked: false });
    expect(state.links.l2).toEqual({ id: 'l2', view: 'side', sideId: 's3', sideVersion: 0, version: 5, revoked: false });
    const later = given([...old, undone(2), { type: 'SideAdded', data: { sideId: 's3', name: 'East' } }]).state;
    expect(opens(later, later.links.l1!)).toBe(false);
    expect(opens(later, later.links.l2!)).toBe(false);
  });
});

describe('bookmarks', () => {
  it('a GM marks an event with a title; marking it again replaces the title', () => {
    given(sides).when({ type: 'AddBookmark', version: 2, title: '  North  arrives\n' }).then([{ type: 'BookmarkAdded', data: { version: 2, title: 'North arrives', by: 'gm' } }]);
    const marked = [...sides, { type: 'BookmarkAdded', data: { version: 2, title: 'North arrives', by: 'gm' } }] satisfies BattleEvent[];
    given(marked).when({ type: 'AddBookmark', version: 2, title: 'North takes the field' }).then([{ type: 'BookmarkAdded', data: { version: 2, title: 'North takes the field', by: 'gm' } }]);
    expect(given([...marked, { type: 'BookmarkAdded', data: { version: 2, title: 'North takes the field', by: 'gm' } }]).state.bookmarks).toEqual({ 2: { version: 2, title: 'North takes the field', by: 'gm', at: 5 } });
  });

  it('refuses an event the log does not have, an empty or long title, the same title again', () => {
    given(sides).when({ type: 'AddBookmark', version: 4, title: 'Later' }).refused(/There is no event 4 in this battle: its log runs from 1 to 3/);
    given(sides).when({ type: 'AddBookmark', version: 0, title: 'Before' }).refused(/There is no event 0/);
    given(sides).when({ type: 'AddBookmark', version: 2, title: ' \n ' }).refused(/A bookmark needs a title/);
    given(sides).when({ type: 'AddBookmark', version: 2, title: 'x'.repeat(101) }).refused(/at most 100 characters; that one has 101/);
    given([...sides, { type: 'BookmarkAdded', data: { version: 2, title: 'North arrives', by: 'gm' } }]).when({ type: 'AddBookmark', version: 2, title: 'North arrives' }).refused(/Event 2 is already bookmarked as "North arrives"/);
  });

  it('a GM removes a bookmark; one that is not there is refused, naming those that are', () => {
    const marked = [...sides, { type: 'BookmarkAdded', data: { version: 2, title: 'North arrives', by: 'gm' } }] satisfies BattleEvent[];
    given(marked).when({ type: 'RemoveBookmark', version: 2 }).then([{ type: 'BookmarkRemoved', data: { version: 2, by: 'gm' } }]);
    expect(given([...marked, { type: 'BookmarkRemoved', data: { version: 2, by: 'gm' } }]).state.bookmarks).toEqual({});
    given(marked).when({ type: 'RemoveBookmark', version: 3 }).refused(/Event 3 has no bookmark; bookmarked: 2 "North arrives"/);
    given(sides).when({ type: 'RemoveBookmark', version: 3 }).refused(/Event 3 has no bookmark; this battle has none/);
  });

  it('only a GM marks and unmarks', () => {
    given(sides).when({ type: 'AddBookmark', version: 1, title: 'Start' }, 'alice').refused(/Only a GM/);
    given([...sides, { type: 'BookmarkAdded', data: { version: 2, title: 'North arrives', by: 'gm' } }]).when({ type: 'RemoveBookmark', version: 2 }, 'alice').refused(/Only a GM/);
  });
});

describe('after the end', () => {
  const over = [...sides, ended];

  it('a GM still shares, unshares, marks and unmarks an ended battle', () => {
    expect(given(over).when({ type: 'ShareBattle', spectatorLag: 2 }).events().map((e) => e.data)).toEqual([
      { link: 'l1', view: 'public' },
      { link: 'l2', view: 'side', sideId: 's1', sideVersion: 2 },
      { link: 'l3', view: 'side', sideId: 's2', sideVersion: 3 },
      { link: 'l4', view: 'spectator', lagTurns: 2 },
    ]);
    given([...over, ...shared.slice(3)]).when({ type: 'RevokeShare', link: 'l3' }).then([{ type: 'ShareLinkRevoked', data: { link: 'l3', by: 'gm' } }]);
    given(over).when({ type: 'AddBookmark', version: 4, title: 'The end' }).then([{ type: 'BookmarkAdded', data: { version: 4, title: 'The end', by: 'gm' } }]);
    given([...over, { type: 'BookmarkAdded', data: { version: 4, title: 'The end', by: 'gm' } }]).when({ type: 'RemoveBookmark', version: 4 }).then([{ type: 'BookmarkRemoved', data: { version: 4, by: 'gm' } }]);
  });

  it('nobody else does, and nothing else is taken', () => {
    given(over).when({ type: 'ShareBattle' }, 'alice').refused(/Only a GM/);
    given(over).when({ type: 'AddSide', name: 'East' }).refused(/has ended/);
  });
});

describe('the log lines', () => {
  it('name a link by id and view, and a bookmark by event and title; never an address', () => {
    const { state } = given(shared);
    expect(english(describeEvent({ type: 'ShareLinkCreated', data: { link: 'l4', view: 'spectator', lagTurns: 2 } }, state))).toBe("link l4 made for the battle's page: a spectator view, 2 turns behind");
    expect(english(describeEvent({ type: 'ShareLinkCreated', data: { link: 'l2', view: 'side', sideId: 's1' } }, state))).toBe("link l2 made for the battle's page: North's view");
    expect(english(describeEvent({ type: 'ShareLinkRevoked', data: { link: 'l2', by: 'gm' } }, state))).toBe("Link l2 (North's view) revoked by <@gm>: it no longer opens");
    expect(english(describeEvent({ type: 'BookmarkAdded', data: { version: 2, title: 'North arrives', by: 'gm' } }, state))).toBe('<@gm> bookmarked event 2: "North arrives"');
  });
});
