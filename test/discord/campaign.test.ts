import { readFileSync } from 'node:fs';
import { embedLength, type APIEmbed } from 'discord.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusKey } from '../../src/app/messages/campaign-announce.ts';
import { answers, startHarness, textOf, type Harness } from '../support/bot-harness.ts';
import type { FakeMessage, FakeUser } from '../support/fake-discord.ts';

/**
 * Issue 29, "Done when": a campaign played as its users would in Discord, the real discord.js Client
 * against the fake Discord. Secret orders by DM (a button that opens a modal), one pinned status post
 * edited in place, a player whose DMs are closed, orders typed in a DM, and the reveal.
 */
const NAME = "Lambert Simnel's Rising";
const STATUS_TITLE = `${NAME} — campaign status`;
const ORDERS = {
  alice: 'March north from Kenilworth to Nottingham by the Fosse Way',
  bob: 'Cross the Trent at Fiskerton and make for Newark',
  carol: 'Hold the ford at East Stoke with the kerns',
};

/** A roster of examples/campaign, its players given as the fake's user ids. */
const roster = (file: string, players: Record<string, FakeUser>): string =>
  readFileSync(file, 'utf8').replace(/player: (\w+)/g, (_m, name: string) => `player: "${players[name]!.id}"`);

/** A third side's army of one unit, played by `player`. */
const irish = (player: FakeUser): string => `armies:
  - name: Kildare's Army
    system: medieval
    commands:
      - name: Kildare's Host
        officer: Thomas FitzGerald
        player: "${player.id}"
        units:
          - { name: Kildare's Kerns, arm: infantry, figures: 20, class: E, order: loose, formation: line, armour: light, weapon: javelin, melee_weapon: knife }
`;

/** Discord's limits on one message's embeds (developer docs, "Embed limits"). */
const withinLimits = (m: FakeMessage): boolean =>
  m.embeds.every((e) => (e.description ?? '').length <= 4096 && (e.title ?? '').length <= 256) && m.embeds.reduce((n, e) => n + embedLength(e as APIEmbed), 0) <= 6000 && m.content.length <= 2000;

describe('a campaign in a Discord guild (issue 29)', () => {
  let h: Harness;
  let gm: FakeUser;
  let alice: FakeUser;
  let bob: FakeUser;
  let carol: FakeUser;
  let dave: FakeUser;
  /** The status post as it was first posted: every later change must be this very message. */
  let status: FakeMessage;

  const channel = () => h.fake.channelMessages();
  const statusPosts = (ch: string) => h.fake.requests.filter((r) => r.method === 'POST' && r.path === `/channels/${ch}/messages` && !!(r.body as { embeds?: { title?: string }[] } | undefined)?.embeds?.[0]?.title?.endsWith('— campaign status'));
  const edits = (ch: string) => h.fake.requests.filter((r) => r.method === 'PATCH' && r.path.startsWith(`/channels/${ch}/messages/`));
  /** Every text a user other than `owner` could read so far: the channel, other users' DMs, other users' answers. */
  const seenByOthers = (owner: FakeUser): string =>
    [
      ...channel().map(textOf),
      ...[gm, alice, bob, carol, dave].filter((u) => u.id !== owner.id).flatMap((u) => h.fake.dmsTo(u).map(textOf)),
      ...[...h.fake.interactions.values()].filter((i) => i.user.id !== owner.id).flatMap((i) => answers(i).map(textOf)),
    ].join('\n');
  const statusEdited = (n: number, what: string) => h.fake.until(() => status.edits >= n && status, what);

  beforeAll(async () => {
    h = await startHarness();
    gm = h.fake.user('gm');
    alice = h.fake.user('alice');
    bob = h.fake.user('bob');
    carol = h.fake.user('carol');
    dave = h.fake.user('dave');
    h.fake.closeDms(carol);
  });
  afterAll(async () => {
    await h?.stop();
    await h?.fake.stop();
  });

  it('a GM creates the campaign and its sides; players join; each side imports its armies as an attachment', async () => {
    const created = await h.fake.slash({ user: gm, command: 'campaign', sub: 'create', options: { name: NAME } });
    expect(created.original!.flags).toBe(64);
    expect(textOf(created.original)).toMatch(/^Done \(campaign event 1\)/);
    for (const side of ['Tudor', 'Yorkist', 'Irish']) await h.fake.slash({ user: gm, command: 'campaign', sub: 'side', options: { name: side } });
    for (const [user, side] of [
      [alice, 'Tudor'],
      [bob, 'Yorkist'],
      [carol, 'Irish'],
    ] as const)
      await h.fake.slash({ user, command: 'campaign', sub: 'join', options: { side } });

    const players = { alice, bob };
    const imported = await h.fake.slash({ user: alice, command: 'campaign', sub: 'army import', files: { file: { name: 'tudor.yaml', text: roster('examples/campaign/tudor.yaml', players) } } });
    expect(imported.callback!.type).toBe(5); // a download may be slow: deferred at once, then filled in
    expect(textOf(imported.original)).toMatch(/^Done \(campaign event \d+\)/);
    await h.fake.slash({ user: bob, command: 'campaign', sub: 'army import', files: { file: { name: 'york.yaml', text: roster('examples/campaign/york.yaml', players) } } });
    await h.fake.slash({ user: carol, command: 'campaign', sub: 'army import', files: { file: { name: 'irish.yaml', text: irish(carol) } } });
    expect(h.fake.requests.filter((r) => r.path.startsWith('/attachments/'))).toHaveLength(3);

    const s = await h.app.campaigns.state('c1');
    expect(Object.values(s.armies).map((a) => [a.name, a.commands[0]!.player])).toEqual([
      ["The King's Army", alice.id],
      ["Lincoln's Army", bob.id],
      ["Kildare's Army", carol.id],
    ]);
    await h.fake.until(() => channel().some((m) => textOf(m).includes('Irish imported 1 army from irish.yaml')), 'the imports posted');
  });

  it('turn open: one status post, pinned once, its deadline a Discord timestamp; each player gets a DM with "Write orders"', async () => {
    const opened = await h.fake.slash({ user: gm, command: 'campaign', sub: 'turn open', options: { deadline: '2d' } });
    expect(textOf(opened.original)).toMatch(/^Done \(campaign event \d+\)/);

    status = await h.fake.until(() => channel().find((m) => m.embeds[0]?.title === STATUS_TITLE), 'the status post');
    // Pinned, then remembered under its key (the post shows in the channel a moment before both).
    await h.fake.until(async () => (await h.store.delivery.statusPost(statusKey('c1')))?.messageId === status.id, 'the status post remembered under campaign:c1:status');
    expect(h.fake.pinned()).toEqual([status.id]);
    const deadline = Math.floor(Date.parse((await h.app.campaigns.state('c1')).turns[0]!.deadline!) / 1000);
    expect(textOf(status)).toContain(`Turn 1: orders due <t:${deadline}:f>`);
    expect(textOf(status)).toContain('Orders in: 0 of 3.');
    expect(textOf(status)).toContain(`⏳ The King's Army (<@${alice.id}>)`);
    expect(withinLimits(status)).toBe(true);

    for (const [user, army] of [
      [alice, "The King's Army"],
      [bob, "Lincoln's Army"],
    ] as const) {
      const prompt = await h.fake.until(() => h.fake.dmsTo(user)[0], `${user.username}'s orders prompt`);
      expect(prompt.embeds[0]!.title).toBe(`Orders: ${army}, turn 1`);
      expect(prompt.components[0]!.components.map((b) => [b.label, b.custom_id])).toEqual([['Write orders', expect.stringMatching(/^v1:orders:c1:a\d+$/)]]);
    }
  });

  it('a player whose DMs are closed (50007) is named in the campaign channel, with /campaign status to see the prompt', async () => {
    const notice = await h.fake.until(() => channel().find((m) => m.embeds[0]?.title === 'Direct messages closed'), 'the closed-DM notice');
    expect(notice.content).toContain(`<@${carol.id}>`);
    expect(textOf(notice)).toContain('/campaign status');
    expect(textOf(notice)).toContain('/campaign orders enter');
    expect(h.fake.dmsTo(carol)).toEqual([]);
  });

  it('"Write orders" opens a modal; its submit records the orders: a DM receipt to that player alone, the channel learns only that they are in', async () => {
    const before = channel().length;
    const pressed = await h.fake.press({ user: alice, message: h.fake.dmsTo(alice)[0]!, label: 'Write orders' });
    expect(h.fake.modalOf(pressed)?.custom_id).toMatch(/^v1:orders:c1:a\d+$/);
    const submitted = await h.fake.submitModal({ user: alice, from: pressed, values: { orders: ORDERS.alice } });
    expect(answers(submitted)[0]!.flags).toBe(64);
    expect(textOf(answers(submitted)[0])).toContain("Orders in for The King's Army.");

    const receipt = await h.fake.until(() => h.fake.dmsTo(alice).find((m) => textOf(m).includes('Recorded for')), "alice's receipt");
    expect(textOf(receipt)).toContain(ORDERS.alice);
    await statusEdited(1, 'the status post edited');
    expect(textOf(status)).toContain('Orders in: 1 of 3.');
    expect(textOf(status)).toContain("✅ The King's Army");
    expect(textOf(status)).not.toContain('Kenilworth');
    expect(channel().length).toBe(before); // no new post: the status post says it
    expect(seenByOthers(alice)).not.toContain('Kenilworth');
    expect((await h.app.campaigns.state('c1')).turns[0]!.orders).toMatchObject({ a1: { text: ORDERS.alice, by: alice.id, onBehalf: false } });
  });

  it('a GM extends and pauses the turn: the same status post is edited each time, never posted again', async () => {
    await h.fake.slash({ user: gm, command: 'campaign', sub: 'turn extend', options: { by: '1d' } });
    const extended = await statusEdited(2, 'the status edited for the extension');
    const deadline = Math.floor(Date.parse((await h.app.campaigns.state('c1')).turns[0]!.deadline!) / 1000);
    expect(textOf(extended)).toContain(`orders due <t:${deadline}:f>`);
    await h.fake.slash({ user: gm, command: 'campaign', sub: 'turn pause' });
    await h.fake.until(() => textOf(status).includes('**paused**') && status, 'the status to say paused');
    await h.fake.slash({ user: gm, command: 'campaign', sub: 'turn resume' });
    await h.fake.until(() => /orders due <t:\d+:f>/.test(textOf(status)) && status, 'the status to show the deadline again');

    expect(statusPosts(h.fake.channelId)).toHaveLength(1);
    expect(new Set(edits(h.fake.channelId).map((r) => r.path))).toEqual(new Set([`/channels/${h.fake.channelId}/messages/${status.id}`]));
    expect(channel().filter((m) => m.embeds[0]?.title === STATUS_TITLE)).toEqual([status]);
    expect(h.fake.pinned()).toEqual([status.id]);
  });

  it('/campaign orders send typed in a DM with the bot (no guild) acts in the campaign the player plays in', async () => {
    const sent = await h.fake.slash({ user: bob, dm: true, command: 'campaign', sub: 'orders send', options: { army: "Lincoln's Army", orders: ORDERS.bob } });
    expect(sent.original!.flags).toBe(64);
    expect(textOf(sent.original)).toContain("Orders in for Lincoln's Army.");
    await h.fake.until(() => h.fake.dmsTo(bob).find((m) => textOf(m).includes(ORDERS.bob)), "bob's receipt");
    await h.fake.until(() => textOf(status).includes('Orders in: 2 of 3.') && status, 'the status at 2 of 3');
    expect(seenByOthers(bob)).not.toContain('Fiskerton');
    expect(seenByOthers(alice)).not.toContain('Kenilworth');
  });

  it('what anyone else asks before the reveal (/campaign status, army show, report) shows no orders but their own', async () => {
    const asked = [
      await h.fake.slash({ user: bob, command: 'campaign', sub: 'status' }),
      await h.fake.slash({ user: dave, command: 'campaign', sub: 'status' }),
      await h.fake.slash({ user: gm, command: 'campaign', sub: 'army show', options: { army: "The King's Army" } }),
      await h.fake.slash({ user: dave, command: 'campaign', sub: 'report' }),
    ];
    const text = asked.flatMap(answers).map(textOf).join('\n');
    expect(text).not.toContain('Kenilworth');
    expect(textOf(asked[0]!.original)).toContain(`Your orders for Lincoln's Army: ${ORDERS.bob}`);
    // The bot's log names each command and form it handled, never the orders in them.
    expect(h.logs.some((l) => l.includes('"command":"/campaign orders send"'))).toBe(true);
    expect(h.logs.some((l) => l.includes('"form":"orders"'))).toBe(true);
    expect(h.logs.join('\n')).not.toMatch(/Kenilworth|Fiskerton/);
  });

  it('the player with closed DMs is shown the orders prompt privately on their next interaction; its modal sends the last orders, and all are revealed at once', async () => {
    const asked = await h.fake.slash({ user: carol, command: 'campaign', sub: 'status' });
    expect(textOf(asked.original)).toContain("Your orders for Kildare's Army: not sent yet");
    const prompt = await h.fake.until(() => asked.followUps.find((m) => m.components.length), 'the held prompt');
    expect(prompt.flags).toBe(64);
    expect(prompt.content).toMatch(/Your DMs are closed/);
    expect(prompt.embeds[0]!.title).toBe("Orders: Kildare's Army, turn 1");

    const pressed = await h.fake.press({ user: carol, message: prompt, label: 'Write orders' });
    const submitted = await h.fake.submitModal({ user: carol, from: pressed, values: { orders: ORDERS.carol } });
    expect(answers(submitted)[0]!.flags).toBe(64);

    const reveal = await h.fake.until(() => channel().find((m) => textOf(m).includes("Turn 1's orders, revealed as the last came in")), 'the reveal');
    expect(textOf(reveal)).toContain(`**The King's Army**: ${ORDERS.alice}`);
    expect(textOf(reveal)).toContain(`**Lincoln's Army**: ${ORDERS.bob}`);
    expect(textOf(reveal)).toContain(`**Kildare's Army**: ${ORDERS.carol}`);
    await h.fake.until(() => textOf(status).includes('Turn 1: orders revealed.') && status, 'the status to say revealed');
    expect(channel().filter((m) => m.embeds[0]?.title === STATUS_TITLE)).toEqual([status]);
    expect(statusPosts(h.fake.channelId)).toHaveLength(1);
    expect(new Set(edits(h.fake.channelId).map((r) => r.path))).toEqual(new Set([`/channels/${h.fake.channelId}/messages/${status.id}`]));
    expect(h.fake.pinned()).toEqual([status.id]);
    expect(textOf(status)).not.toMatch(/Kenilworth|Fiskerton|East Stoke/);
  });

  it('with 60 armies the status post fits one Discord message, and stays that one message as orders come in', async () => {
    const ch = '1100000000000000021';
    const players = Array.from({ length: 6 }, (_, k) => h.fake.user(`marshal${k + 1}`));
    const pad = (s: string) => s.padEnd(80, '·');
    const armies = Array.from(
      { length: 60 },
      (_, k) => `  - name: "${pad(`Army ${k + 1} of the Grand Coalition of the Northern Marches`)}"
    system: medieval
    commands:
      - name: "Corps ${k + 1}"
        player: "${players[k % players.length]!.id}"
        units:
          - { name: "Levy ${k + 1}", arm: infantry, figures: 24, class: C, order: loose, formation: line, armour: light, weapon: longbow, melee_weapon: sword }`,
    );
    await h.fake.slash({ user: gm, channel: ch, command: 'campaign', sub: 'create', options: { name: 'The Long War' } });
    await h.fake.slash({ user: gm, channel: ch, command: 'campaign', sub: 'side', options: { name: 'Coalition' } });
    for (const user of players) await h.fake.slash({ user, channel: ch, command: 'campaign', sub: 'join', options: { side: 'Coalition' } });
    const imported = await h.fake.slash({ user: gm, channel: ch, command: 'campaign', sub: 'army import', options: { side: 'Coalition' }, files: { file: { name: 'sixty.yaml', text: `armies:\n${armies.join('\n')}\n` } } });
    expect(textOf(imported.original)).toMatch(/^Done \(campaign event \d+\)/);
    await h.fake.slash({ user: gm, channel: ch, command: 'campaign', sub: 'turn open', options: { deadline: '2d' } });

    const title = 'The Long War — campaign status';
    const big = await h.fake.until(() => h.fake.channelMessages(ch).find((m) => m.embeds[0]?.title === title), 'the status post of 60 armies');
    expect(textOf(big)).toContain('Orders in: 0 of 60.');
    expect(withinLimits(big)).toBe(true);
    await h.fake.until(async () => (await h.store.delivery.statusPost(statusKey('c2')))?.messageId === big.id, 'the big status post remembered');
    expect(h.fake.pinned(ch)).toEqual([big.id]);

    const sent = await h.fake.slash({ user: players[5]!, channel: ch, command: 'campaign', sub: 'orders send', options: { army: pad('Army 60 of the Grand Coalition of the Northern Marches'), orders: 'Winter quarters at Carlisle' } });
    expect(textOf(sent.original)).toContain('Orders in for Army 60');
    await h.fake.until(() => textOf(big).includes('Orders in: 1 of 60.') && big, 'the big status edited');
    expect(textOf(big)).toContain('✅ Army 60 of the Grand Coalition');
    expect(textOf(big)).not.toContain('Carlisle');
    expect(withinLimits(big)).toBe(true);
    expect(h.fake.channelMessages(ch).filter((m) => m.embeds[0]?.title === title)).toEqual([big]);
    expect(statusPosts(ch)).toHaveLength(1);
  });
});
