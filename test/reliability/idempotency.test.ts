import { afterEach, describe, expect, it } from 'vitest';
import { FakeDiscord } from '../support/fake-discord.ts';
import { outboxSettled, startHarness, tempDb, textOf, type Harness } from '../support/bot-harness.ts';
import { figureLine } from './figures.ts';

/**
 * Idempotency (issue 20): the same Discord interaction delivered twice — at once, across a restart,
 * and to two instances on one database — appends its events once and posts once.
 */
describe('the same interaction delivered twice (issue 20)', () => {
  const harnesses: Harness[] = [];
  const fakes: FakeDiscord[] = [];
  afterEach(async () => {
    for (const h of harnesses.splice(0)) await h.stop().catch(() => undefined);
    for (const f of fakes.splice(0)) await f.stop();
  });
  const figures = { deliveries: 0, duplicateEvents: 0, duplicatePosts: 0 };

  /** Events and channel posts after: a battle created and a roll made, each interaction delivered twice by `again`. */
  async function twice(again: (i: Awaited<ReturnType<FakeDiscord['slash']>>, h: Harness) => Promise<Harness>) {
    const fake = await FakeDiscord.start();
    fakes.push(fake);
    const dbFile = tempDb();
    let h = await startHarness({ fake, dbFile });
    harnesses.push(h);
    const gm = fake.user('gm');
    const created = await fake.slash({ user: gm, command: 'battle', sub: 'create', options: { name: 'Wagram', system: 'charge' } });
    await fake.until(() => fake.channelMessages().length === 1, 'the creation post');
    const rolled = await fake.slash({ user: gm, command: 'roll', options: { expression: '2d6' } });
    await fake.until(() => fake.channelMessages().length === 2, 'the roll post');
    h = await again(created, h);
    h = await again(rolled, h);
    // Each delivery was run through the umpire (redeliver waits for its answer): a post of it would be in the outbox.
    await outboxSettled(h);
    figures.deliveries += 2;
    const events = (await h.store.load('b1'));
    const posts = fake.channelMessages();
    figures.duplicateEvents += events.length - 2;
    figures.duplicatePosts += posts.length - 2;
    expect(events.map((e) => e.type)).toEqual(['BattleCreated', 'DiceRolled']);
    expect(posts.map((m) => textOf(m).split('\n')[0])).toHaveLength(2);
    expect(textOf(rolled.original)).toMatch(/^Done \(event 2\)/);
  }

  it('at once, to the same instance', async () => {
    await twice(async (i, h) => (await h.fake.redeliver(i), h));
  });

  it('across a restart on the same database', async () => {
    await twice(async (i, h) => {
      await h.stop();
      harnesses.splice(harnesses.indexOf(h), 1);
      const next = await startHarness({ fake: h.fake, dbFile: h.dbFile });
      harnesses.push(next);
      await h.fake.redeliver(i);
      return next;
    });
  });

  it('to two instances on one database', async () => {
    await twice(async (i, h) => {
      if (harnesses.length === 1) harnesses.push(await startHarness({ fake: h.fake, dbFile: h.dbFile }));
      await h.fake.redeliver(i); // both instances now receive it
      return h;
    });
    figureLine('idempotency', `${figures.deliveries} interactions delivered twice (at once, across a restart, to two instances), duplicate events ${figures.duplicateEvents}, duplicate posts ${figures.duplicatePosts}`);
    expect(figures).toMatchObject({ duplicateEvents: 0, duplicatePosts: 0 });
  });
});
