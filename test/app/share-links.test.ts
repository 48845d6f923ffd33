import { describe, expect, it } from 'vitest';
import { bookmarkedEvents, linkIds } from '../../src/app/slash/complete.ts';
import { shareToken } from '../../src/app/messages/share.ts';
import { startTable, type Out } from '../support/table.ts';

/**
 * Who sees which link (issue 30): the public link goes to the channel, each side's by DM to that
 * side's players alone, a spectator's (and that of a side with nobody on it yet) to the GM's own
 * reply. A token is derived from the store's key, so it is in no event, no log and no export.
 */
const SETUP = [
  '@gm /battle create name:Ligny system:medieval',
  '@gm /side add name:North',
  '@gm /side add name:South',
  '@gm /side add name:East',
  '@alice /join side:North',
  '@carol /join side:North',
  '@bob /join side:South',
];

const everything = (out: Out[]): string => out.map((m) => `${m.title ?? ''}\n${m.text}\n${m.error ?? ''}`).join('\n');

async function sharedTable(opts: { webUrl?: string } = {}) {
  const t = startTable(opts);
  await t.run(SETUP);
  const out = await t.run('@gm /battle share spectator-lag:2');
  const key = await t.store.shareKey();
  const url = (link: string) => `${opts.webUrl?.replace(/\/$/, '') ?? 'http://localhost:8080'}/b/b1/${shareToken(key, 'b1', link)}`;
  return { ...t, out, key, url, token: (link: string) => shareToken(key, 'b1', link) };
}

describe('/battle share', () => {
  it('posts the public link in the channel, DMs each side its own, and gives the GM the spectator link and that of a side with no players', async () => {
    const { out, url, token } = await sharedTable();
    // l1 public, l2 North, l3 South, l4 East (nobody on it), l5 the spectator's.
    const post = out.find((m) => m.to === 'channel')!;
    expect(post.text).toContain(`Battle page (public view, what this channel was shown): ${url('l1')}`);
    expect(post.text).toContain("North's link went to its players by DM.");
    expect(post.text).toContain('East has no players yet: its link went to the GM.');
    expect(post.text).toContain('link l5 made for the battle\'s page: a spectator view, 2 turns behind');
    for (const l of ['l2', 'l3', 'l4', 'l5']) expect(post.text).not.toContain(token(l));

    const dms = (user: string) => out.filter((m) => m.to === 'dm' && m.user === user);
    for (const user of ['alice', 'carol']) {
      expect(dms(user)).toHaveLength(1);
      expect(dms(user)[0]!.text).toBe(`North's view of battle "Ligny" (b1): adds your side's own votes and DMs; keep it to your side: ${url('l2')}`);
    }
    expect(dms('bob')).toHaveLength(1);
    expect(dms('bob')[0]!.text).toContain(url('l3'));
    expect(out.filter((m) => m.to === 'dm' && !['alice', 'carol', 'bob'].includes(m.user!))).toEqual([]);

    const replies = out.filter((m) => m.to === 'reply');
    expect(replies).toHaveLength(1);
    expect(replies[0]!.user).toBe('gm');
    expect(replies[0]!.text).toContain(`Spectator view, 2 turns behind: ${url('l5')}; hand it to your spectators`);
    expect(replies[0]!.text).toContain(`East's view (no players yet; hand it to them, and keep it to that side): ${url('l4')}`);
    // The spectator's and East's links are in the GM's reply only.
    for (const l of ['l4', 'l5']) expect(everything(out.filter((m) => m.to !== 'reply'))).not.toContain(token(l));
  });

  it('writes the links with the configured address', async () => {
    const { out, url } = await sharedTable({ webUrl: 'https://umpire.example.org/' });
    expect(url('l1')).toMatch(/^https:\/\/umpire\.example\.org\/b\/b1\/l1-[A-Za-z0-9_-]{22}$/);
    expect(out.find((m) => m.to === 'channel')!.text).toContain(url('l1'));
  });

  it('refuses a second share while every view has a live link, and anyone but a GM', async () => {
    const t = await sharedTable();
    expect((await t.run('@gm /battle share'))[0]!.error).toMatch(/already shared: l1 public, l2 North, l3 South, l4 East, l5 spectator \(2 turns behind\); \/battle unshare first/);
    expect((await t.run('@alice /battle share'))[0]!.error).toBe('Only a GM of this battle may do that.');
    expect((await t.run('@alice /battle unshare'))[0]!.error).toBe('Only a GM of this battle may do that.');
  });

  it('a revoke is posted; the link is dead and a new share makes its view a new one', async () => {
    const t = await sharedTable();
    const revoked = await t.run('@gm /battle unshare link:l2');
    expect(revoked.find((m) => m.to === 'channel')!.text).toBe("Link l2 (North's view) revoked by <@gm>: it no longer opens");
    expect((await t.run('@gm /battle unshare link:l2'))[0]!.error).toMatch(/Link l2 \(North's view\) was revoked already/);
    expect((await t.run('@gm /battle unshare link:l9'))[0]!.error).toMatch(/There is no link "l9" in this battle; its live links: l1 public, l3 South, l4 East, l5 spectator/);
    const again = await t.run('@gm /battle share');
    expect(again.filter((m) => m.to === 'dm').map((m) => m.user)).toEqual(['alice', 'carol']);
    expect(again.find((m) => m.user === 'alice')!.text).toContain(t.url('l6'));
    expect(Object.values((await t.app.state('b1')).links).filter((l) => !l.revoked).map((l) => l.id)).toEqual(['l1', 'l3', 'l4', 'l5', 'l6']);
  });

  it('works once the battle has ended: share, unshare, bookmark, unbookmark', async () => {
    const t = startTable();
    await t.run([...SETUP, '@gm /battle end']);
    const shared = await t.run('@gm /battle share');
    expect(shared.find((m) => m.to === 'channel')!.text).toContain(`Battle page (public view, what this channel was shown): http://localhost:8080/b/b1/${shareToken(await t.store.shareKey(), 'b1', 'l1')}`);
    const marked = await t.run('@gm /battle bookmark event:5 title:"Alice joins North"');
    // With a public link live, the post gives the bookmark's address: the public page opened at the event.
    expect(marked.find((m) => m.to === 'channel')!.text).toBe(`<@gm> bookmarked event 5: "Alice joins North"\nOpens there: http://localhost:8080/b/b1/${shareToken(await t.store.shareKey(), 'b1', 'l1')}/at/5`);
    expect((await t.run('@gm /battle bookmark event:99 title:"Later"'))[0]!.error).toMatch(/There is no event 99 in this battle: its log runs from 1 to \d+/);
    expect((await t.run('@gm /battle unbookmark event:5')).find((m) => m.to === 'channel')!.text).toBe('<@gm> removed the bookmark of event 5 ("Alice joins North")');
    const revoked = await t.run('@gm /battle unshare');
    expect(revoked.find((m) => m.to === 'channel')!.text.split('\n')).toEqual([
      'Link l1 (the public view) revoked by <@gm>: it no longer opens',
      "Link l2 (North's view) revoked by <@gm>: it no longer opens",
      "Link l3 (South's view) revoked by <@gm>: it no longer opens",
      "Link l4 (East's view) revoked by <@gm>: it no longer opens",
    ]);
    // Only these: the ended battle takes nothing else, and nobody but a GM.
    expect((await t.run('@gm /side add name:West'))[0]!.error).toBe('There is no battle in this channel. A GM starts one with /battle create.');
    expect((await t.run('@alice /battle bookmark event:1 title:"Start"'))[0]!.error).toBe('Only a GM of this battle may do that.');
  });

  it('acts on the running battle of the channel, else its latest', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Ligny system:medieval', '@gm /battle end', '@gm /battle create name:Wavre system:medieval', '@gm /battle share']);
    expect(Object.keys((await t.app.state('b2')).links)).toEqual(['l1']);
    expect((await t.app.state('b1')).links).toEqual({});
    await t.run('@gm /battle end');
    expect((await t.run('#other @gm /battle share'))[0]!.error).toBe('There is no battle in this channel. A GM starts one with /battle create.');
    expect((await t.run('#table @gm /battle bookmark event:1 title:"Wavre begins"'))[0]!.error).toBeUndefined();
    expect((await t.app.state('b2')).bookmarks[1]!.title).toBe('Wavre begins');
  });

  it('no token reaches the log or its export', async () => {
    const t = await sharedTable();
    await t.run(['@gm /battle unshare link:l3', '@gm /battle share', '@gm /battle bookmark event:2 title:"North"', '@gm /battle end']);
    const exported = JSON.stringify(await t.store.load('b1', 0));
    expect(exported).toContain('ShareLinkCreated');
    for (const l of ['l1', 'l2', 'l3', 'l4', 'l5', 'l6']) expect(exported).not.toContain(t.token(l));
    expect(exported).not.toContain(t.key);
  });

  it('offers the live links with their views, and the bookmarked events with their titles, as the GM types', async () => {
    const t = await sharedTable();
    await t.run(['@gm /battle unshare link:l3', '@gm /battle bookmark event:2 title:"North takes the field"']);
    const ctx = { app: t.app, state: await t.app.state('b1'), actor: 'gm', typed: '' };
    expect(linkIds.completeLabelled!(ctx)).toEqual([
      { value: 'l1', label: 'l1 — the public view' },
      { value: 'l2', label: "l2 — North's view" },
      { value: 'l4', label: "l4 — East's view" },
      { value: 'l5', label: 'l5 — a spectator view, 2 turns behind' },
    ]);
    expect(bookmarkedEvents.completeLabelled!(ctx)).toEqual([{ value: '2', label: '2 — North takes the field' }]);
  });
});
