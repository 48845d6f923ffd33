import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DeliveryRow } from '../../src/app/service/dispatcher.ts';
import { DeliveryError, DiscordDelivery, deliveryRest } from '../../src/discord/delivery.ts';
import type { Message } from '../../src/messages.ts';
import { openDatabase, type Db } from '../../src/store/db.ts';
import { SqliteDeliveryState } from '../../src/store/sqlite-delivery.ts';
import { textOf } from '../support/bot-harness.ts';
import { FakeDiscord } from '../support/fake-discord.ts';

/**
 * Issue 29: a campaign's board is a status post kept pinned. The outbox's Discord side posts it
 * once and pins it, edits it in place after, and posts and pins it again if it was deleted.
 */
describe('pinned status posts', () => {
  let fake: FakeDiscord;
  let db: Db;
  let delivery: DiscordDelivery;
  let logs: string[];
  let rowId = 0;

  beforeEach(async () => {
    fake = await FakeDiscord.start();
    db = openDatabase(':memory:');
    logs = [];
    const logger = pino({ level: 'debug' }, new Writable({ write: (c, _e, done) => (logs.push(String(c)), done()) }));
    delivery = new DiscordDelivery({ rest: deliveryRest(fake.token, fake.api), state: new SqliteDeliveryState(db), battle: async () => undefined, logger });
  });
  afterEach(async () => {
    db.$client.close();
    await fake.stop();
  });

  const row = (): DeliveryRow => ({ id: ++rowId, battleId: 'c1', createdAt: '2026-05-01T10:00:00.000Z' });
  const board = (text: string, o: Partial<Message> = {}): Message => ({ to: { kind: 'channel', channel: fake.channelId }, title: 'Campaign "Peninsula"', text, status: 'c1:board', pin: true, ...o });
  const posts = () => fake.requests.filter((r) => r.method === 'POST' && r.path === `/channels/${fake.channelId}/messages`);
  const pinRequests = () => fake.requests.filter((r) => r.method === 'PUT' && r.path.includes('/pins/'));

  it('a status post with pin is posted once and pinned', async () => {
    await delivery.deliver(board('Turn 1: orders from 0 of 2 armies.'), row());

    const [m, ...others] = fake.channelMessages();
    expect(others).toEqual([]);
    expect(textOf(m)).toContain('orders from 0 of 2 armies');
    expect(fake.pinned()).toEqual([m!.id]);
    expect(pinRequests().map((r) => r.path)).toEqual([`/channels/${fake.channelId}/messages/pins/${m!.id}`]);
  });

  it('a later status of the same key edits the post in place (a PATCH of its id): no new message, no second pin', async () => {
    await delivery.deliver(board('Turn 1: orders from 0 of 2 armies.'), row());
    const [m] = fake.channelMessages();
    await delivery.deliver(board('Turn 1: orders from 1 of 2 armies.'), row());
    await delivery.deliver(board('Turn 1: orders from 2 of 2 armies.'), row());

    expect(fake.channelMessages()).toEqual([m]);
    expect(textOf(m)).toContain('orders from 2 of 2 armies');
    expect(m!.edits).toBe(2);
    expect(posts()).toHaveLength(1);
    const edits = fake.requests.filter((r) => r.method === 'PATCH');
    expect(edits.map((r) => r.path)).toEqual([`/channels/${fake.channelId}/messages/${m!.id}`, `/channels/${fake.channelId}/messages/${m!.id}`]);
    expect(pinRequests()).toHaveLength(1);
    expect(fake.pinned()).toEqual([m!.id]);
  });

  it('a status post deleted meanwhile (404 Unknown Message on the edit) is posted again and pinned again', async () => {
    await delivery.deliver(board('Turn 1: orders from 0 of 2 armies.'), row());
    const [old] = fake.channelMessages();
    fake.deleteMessage(old!);

    await delivery.deliver(board('Turn 1: orders from 1 of 2 armies.'), row());
    const [m, ...others] = fake.channelMessages();
    expect(others).toEqual([]);
    expect(m!.id).not.toBe(old!.id);
    expect(textOf(m)).toContain('orders from 1 of 2 armies');
    expect(fake.requests.filter((r) => r.method === 'PATCH').map((r) => r.status)).toEqual([404]);
    expect(fake.pinned()).toEqual([m!.id]);

    // And the new post is the one edited after.
    await delivery.deliver(board('Turn 1: orders from 2 of 2 armies.'), row());
    expect(fake.channelMessages()).toEqual([m]);
    expect(m!.edits).toBe(1);
    expect(pinRequests()).toHaveLength(2);
  });

  it.each([
    { why: 'the bot may not pin (403, 50013 Missing Permissions)', fault: { status: 403 as const, code: 50013, message: 'Missing Permissions' } },
    { why: 'the channel has its 50 pins (400, 30003)', fault: { status: 400 as const, code: 30003, message: 'Maximum number of pins reached (50)' } },
  ])('a pin refused because $why: the post stands, unpinned, is logged, and is edited after', async ({ fault }) => {
    fake.fail('PUT', /\/pins\//, fault);
    await expect(delivery.deliver(board('Turn 1: orders from 0 of 2 armies.'), row())).resolves.toBeUndefined();

    const [m] = fake.channelMessages();
    expect(textOf(m)).toContain('orders from 0 of 2 armies');
    expect(fake.pinned()).toEqual([]);
    const warned = logs.map((l) => JSON.parse(l) as { msg: string; code?: number }).find((l) => l.msg.includes('refused to pin'));
    expect(warned?.code).toBe(fault.code);

    await delivery.deliver(board('Turn 1: orders from 1 of 2 armies.'), row());
    expect(fake.channelMessages()).toEqual([m]);
    expect(m!.edits).toBe(1);
    expect(pinRequests()).toHaveLength(1);
  });

  it('a pin that fails for a while (500) is retried with the row: the same post (its nonce), pinned then', async () => {
    fake.fail('PUT', /\/pins\//, { status: 500 });
    const r = row();
    await expect(delivery.deliver(board('Turn 1: orders from 0 of 2 armies.'), r)).rejects.toBeInstanceOf(DeliveryError);
    await delivery.deliver(board('Turn 1: orders from 0 of 2 armies.'), r);

    const [m, ...others] = fake.channelMessages();
    expect(others).toEqual([]);
    expect(fake.pinned()).toEqual([m!.id]);
    await delivery.deliver(board('Turn 1: orders from 1 of 2 armies.'), row());
    expect(fake.channelMessages()).toEqual([m]);
  });

  it('a status post without pin is never pinned', async () => {
    await delivery.deliver(board('2 of 4 have voted.', { pin: undefined, status: 'b1:ballot:1' }), row());
    expect(fake.channelMessages()).toHaveLength(1);
    expect(pinRequests()).toEqual([]);
  });

  it('a status too long for one Discord message is one message all the same, cut at a line end and saying so, and edited in place', async () => {
    const lines = (n: number, what: string) => Array.from({ length: n }, (_, k) => `${what} ${k + 1}: ${'x'.repeat(60)}`).join('\n');
    await delivery.deliver(board(lines(200, 'army')), row());
    const [m, ...others] = fake.channelMessages();
    expect(others).toEqual([]);
    const shown = m!.embeds[0]!.description!;
    expect(shown.length).toBeLessThanOrEqual(4096);
    expect(shown).toMatch(/\n… \d+ more lines not shown: a status post must fit in one Discord message\.$/);
    const kept = shown.split('\n').length - 1;
    expect(shown).toContain(`${200 - kept} more lines not shown`);

    await delivery.deliver(board(lines(300, 'unit')), row());
    expect(fake.channelMessages()).toEqual([m]);
    expect(m!.embeds[0]!.description).toMatch(/^unit 1: /);
    expect(posts()).toHaveLength(1);
  });
});
