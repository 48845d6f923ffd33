import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakeUser } from '../support/fake-discord.ts';
import { answers, outboxSettled, quatreBras, startHarness, textOf, type Harness } from '../support/bot-harness.ts';

/**
 * Issue 28 in Discord: each action is one post in the channel (delivered once, through the outbox)
 * and one short ephemeral acknowledgement that answers the interaction; times are Discord's own
 * timestamps, which each reader sees in their own time zone.
 */
describe('what the bot sends for an action, and how it writes times (issue 28)', () => {
  let h: Harness;
  let gm: FakeUser;
  let players: Record<'alice' | 'bob' | 'carol' | 'dave', FakeUser>;

  beforeAll(async () => {
    h = await startHarness();
    gm = h.fake.user('gm');
    players = { alice: h.fake.user('alice'), bob: h.fake.user('bob'), carol: h.fake.user('carol'), dave: h.fake.user('dave') };
  });
  afterAll(async () => {
    await h?.stop();
    await h?.fake.stop();
  });

  it('given a GM creates a battle, then the interaction gets one short ephemeral acknowledgement and the channel one post of the event, once', async () => {
    const created = await h.fake.slash({ user: gm, command: 'battle', sub: 'create', options: { name: 'Ligny', system: 'percentile' } });
    const replies = answers(created);
    expect(replies).toHaveLength(1);
    expect(replies[0]!.flags).toBe(64);
    // The acknowledgement is one line; the post carries the whole announcement.
    expect(textOf(replies[0])).toMatch(/^Done \(event 1\): <@\d+> created battle "Ligny" \(percentile\) in <#\d+>$/);
    await h.fake.until(() => h.fake.channelMessages().length === 1, 'the battle post');
    // The outbox delivers each post exactly once, however often it is polled: two more passes post nothing.
    await outboxSettled(h);
    expect([await h.bot.dispatcher.drainOnce(), await h.bot.dispatcher.drainOnce()]).toEqual([0, 0]);
    const posts = h.fake.channelMessages();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.embeds[0]).toMatchObject({ title: 'Battle "Ligny" (b1)', footer: { text: 'log event 1' } });
    expect(posts[0]!.embeds[0]!.description).toMatch(/Rule system: .*\nThe percentage-dice rules leave/);
  });

  it('given a ballot with a deadline of an hour, then its post writes the deadline as <t:N:f> (<t:N:R>), never as an ISO time', async () => {
    await h.fake.slash({ user: gm, command: 'oob', sub: 'import', files: { file: { name: 'quatre-bras.yaml', text: quatreBras(players) } } });
    await h.fake.until(() => h.fake.channelMessages().length === 2, 'the import post');
    const before = Math.floor(Date.now() / 1000);
    await h.fake.slash({ user: gm, command: 'ballot', sub: 'open', options: { question: 'Hold the farm?', options: 'YES,NO', deadline: '1h' } });
    const after = Math.ceil(Date.now() / 1000);
    const opened = await h.fake.until(() => h.fake.channelMessages().find((m) => m.embeds[0]?.title?.startsWith('Ballot v1 open')), 'the ballot post');
    const text = opened.embeds[0]!.description!;
    const [, f, r] = /closes <t:(\d+):f> \(<t:(\d+):R>\)/.exec(text) ?? [];
    expect(f).toBeDefined();
    expect(r).toBe(f);
    expect(Number(f) - before).toBeGreaterThanOrEqual(3600 - 1);
    // An hour after some moment while the command ran, however long it took.
    expect(Number(f) - after).toBeLessThanOrEqual(3600);
    expect(text).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
  });
});
