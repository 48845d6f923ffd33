import { afterEach, describe, expect, it } from 'vitest';
import { FakeDiscord, type FakeUser } from '../support/fake-discord.ts';
import { outboxSettled, quatreBras, startHarness, tempDb, textOf, type Harness } from '../support/bot-harness.ts';
import { figureLine } from '../reliability/figures.ts';

/** Issue 6, "What it must show", the faults: Discord failing, DMs closed, the process dying. */
describe('delivery through Discord faults', () => {
  const running: Harness[] = [];
  const fakes: FakeDiscord[] = [];
  const start = async (o: Parameters<typeof startHarness>[0] = {}) => {
    const h = await startHarness(o);
    running.push(h);
    if (!fakes.includes(h.fake)) fakes.push(h.fake);
    return h;
  };
  afterEach(async () => {
    for (const h of running.splice(0)) await h.stop().catch(() => undefined);
    for (const f of fakes.splice(0)) await f.stop();
  });

  const players = (fake: FakeDiscord) => ({ alice: fake.user('alice'), bob: fake.user('bob'), carol: fake.user('carol'), dave: fake.user('dave') });
  const posts = (fake: FakeDiscord) => fake.channelMessages().map((m) => m.embeds[0]?.title ?? m.embeds[0]?.description?.split('\n')[0]);

  it('500, then 429 with retry_after, then a 500 after the post was made: every post still arrives once, in order', async () => {
    const h = await start();
    const { fake } = h;
    const gm = fake.user('gm');
    const channelPosts = new RegExp(`^/channels/${fake.channelId}/messages$`);
    fake.fail('POST', channelPosts, { status: 500 }, { status: 429, retryAfter: 0.3 }, { status: 500, afterCommit: true });

    await fake.slash({ user: gm, command: 'battle', sub: 'create', options: { name: 'Ligny', system: 'percentile' } });
    await fake.slash({ user: gm, command: 'side', sub: 'add', options: { name: 'French' } });
    await fake.slash({ user: gm, command: 'side', sub: 'add', options: { name: 'Prussians' } });
    await fake.slash({ user: gm, command: 'command', sub: 'add', options: { name: 'III Corps', side: 'French' } });

    const expected = ['Battle "Ligny" (b1)', 'side French added', 'side Prussians added', 'command III Corps added to French'];
    await fake.until(() => fake.channelMessages().length === 4, 'four posts');
    await outboxSettled(h); // nothing left to send: a late duplicate would have shown by now
    expect(posts(fake)).toEqual(expected);

    const tries = fake.requests.filter((r) => r.method === 'POST' && channelPosts.test(r.path));
    expect(tries.map((r) => r.status).slice(0, 4)).toEqual([500, 429, 500, 200]);
    // The retry after the 429 waited Discord's retry_after.
    expect(tries[2]!.at - tries[1]!.at).toBeGreaterThanOrEqual(300);
    // The post made before its answer was lost was asked for again with the same nonce, and not made twice.
    expect(tries[3]!.body).toMatchObject({ nonce: (tries[2]!.body as { nonce: string }).nonce, enforce_nonce: true });
    expect(await h.store.undelivered()).toEqual([]);
    figureLine('Discord faults (500, 429, lost answer)', `posts ${expected.length}, lost ${expected.filter((p) => !posts(fake).includes(p)).length}, doubled ${posts(fake).length - new Set(posts(fake)).size}`);
  });

  it('DMs closed (50007): the GMs are told once, the user is shown the prompt privately when they next interact, and can vote with it', async () => {
    const h = await start();
    const { fake } = h;
    const gm = fake.user('gm');
    const p = players(fake);
    fake.closeDms(p.alice);
    await fake.slash({ user: gm, command: 'battle', sub: 'create', options: { name: 'Quatre Bras', system: 'percentile' } });
    await fake.slash({ user: gm, command: 'oob', sub: 'import', files: { file: { name: 'qb.yaml', text: quatreBras(p) } } });
    await fake.slash({ user: gm, command: 'ballot', sub: 'open', options: { question: 'Attack at first light?', options: 'YES,NO' } });

    const notice = await fake.until(() => fake.channelMessages().find((m) => m.embeds[0]?.title === 'Direct messages closed'), 'the notice to the GMs');
    expect(notice.content).toBe(`<@${gm.id}> <@${p.alice.id}>`);
    expect(textOf(notice)).toMatch(/does not accept direct messages/);
    await fake.until(() => [p.bob, p.carol, p.dave].every((u) => fake.dmsTo(u).length === 1), 'the other prompts');
    const refusals = () => fake.requests.filter((r) => r.path === `/channels/${fake.dmChannelOf(p.alice)}/messages` && r.status === 403);
    await outboxSettled(h); // a refusal left to retry would keep the outbox from emptying
    expect(refusals()).toHaveLength(1); // handled, not retried forever

    // Alice uses any command in the channel: her answer, then her prompt with its buttons, both only for her.
    const status = await fake.slash({ user: p.alice, command: 'ballot', sub: 'status' });
    const reply = status.original;
    const prompt = await fake.until(() => status.followUps[0], 'the held prompt');
    expect(textOf(reply)).toMatch(/v1 Attack at first light\?: 0 of 4 voted/);
    expect(prompt!.flags).toBe(64);
    expect(prompt!.content).toMatch(/Your DMs are closed/);
    expect(prompt!.embeds[0]!.title).toBe("Ballot v1: Bachelu's Division");
    expect(prompt!.components[0]!.components.map((b) => b.label)).toEqual(['YES', 'NO']);

    const pressed = await fake.press({ user: p.alice, message: prompt!, label: 'YES' });
    expect(textOf(pressed.original)).toMatch(/^Done \(event \d+\): <@\d+> voted for Bachelu's Division/);
    const ballot = (await h.app.state('b1')).ballots.v1!;
    expect(Object.values(ballot.votes).map((v) => [v.by, v.choice])).toEqual([[p.alice.id, 'YES']]);
    // Her receipt could not go by DM either: it is held for her, and no DM was tried for it.
    await fake.until(async () => (await h.store.undelivered()).length === 0, 'the outbox to empty');
    expect(refusals()).toHaveLength(1);
    expect(fake.channelMessages().filter((m) => m.embeds[0]?.title === 'Direct messages closed')).toHaveLength(1);
    const next = await fake.slash({ user: p.alice, command: 'help' });
    const receipt = await fake.until(() => next.followUps[0], 'the held receipt');
    expect(textOf(receipt)).toMatch(/Recorded for Bachelu's Division in Attack at first light\?: YES/);
    const secrets = fake.channelMessages().filter((m) => /Recorded for|: YES\b/.test(textOf(m))).length;
    figureLine('Discord faults (DMs closed, 50007)', `prompts held and shown 1, receipts held and shown 1, secrets posted to the channel ${secrets}`);
    expect(secrets).toBe(0);
  });

  it('the process dies between append and delivery: after restart the pending posts are delivered once', async () => {
    const fake = await FakeDiscord.start();
    fakes.push(fake);
    const dbFile = tempDb();
    const gm: FakeUser = fake.user('gm');
    // The first process appends and answers, but dies before delivering anything.
    const first = await startHarness({ fake, dbFile, deliver: false });
    await fake.slash({ user: gm, command: 'battle', sub: 'create', options: { name: 'Wavre', system: 'percentile' } });
    await fake.slash({ user: gm, command: 'side', sub: 'add', options: { name: 'French' } });
    await fake.slash({ user: gm, command: 'side', sub: 'add', options: { name: 'Prussians' } });
    await first.stop();
    expect(fake.channelMessages()).toEqual([]);

    // A new process on the same database delivers what was left, once each, in order.
    const second = await start({ fake, dbFile });
    await fake.until(() => fake.channelMessages().length === 3, 'the pending posts');
    await outboxSettled(second);
    expect(posts(fake)).toEqual(['Battle "Wavre" (b1)', 'side French added', 'side Prussians added']);
    await second.stop();
    running.splice(running.indexOf(second), 1);

    // And a third finds nothing left to send.
    const third = await start({ fake, dbFile });
    await third.bot.dispatcher.drainOnce(); // a pass over the outbox (joining the one it starts with)
    expect(fake.channelMessages()).toHaveLength(3);
    expect(await third.store.undelivered()).toEqual([]);
    figureLine('Discord faults (killed between append and delivery)', `posts 3, lost ${Math.max(0, 3 - fake.channelMessages().length)}, doubled ${Math.max(0, fake.channelMessages().length - 3)}`);
  });
});
