import { describe, expect, it } from 'vitest';
import { OutboxDispatcher, type DeliveryPort } from '../../src/app/dispatcher.ts';
import type { Message } from '../../src/messages.ts';
import { ConcurrencyError } from '../../src/store/types.ts';
import type { EventStore } from '../../src/store/types.ts';
import { created, dm, meta, post, reply } from './fixtures.ts';
import { storeKinds, type StoreKind } from './stores.ts';

const T0 = Date.parse('2025-06-16T14:00:00.000Z');

/** A clock the test moves by hand. */
function clock(start = T0): { now: () => Date; advance: (ms: number) => void } {
  let t = start;
  return { now: () => new Date(t), advance: (ms) => (t += ms) };
}

/** A port that records deliveries and fails while `failing` says so for a message. */
function recorder(failing: (m: Message) => unknown = () => undefined): DeliveryPort & { delivered: string[]; tried: string[] } {
  const delivered: string[] = [];
  const tried: string[] = [];
  return {
    delivered,
    tried,
    deliver(m) {
      tried.push(m.text);
      const err = failing(m);
      if (err) return Promise.reject(err);
      delivered.push(m.text);
      return Promise.resolve();
    },
  };
}

/** Rows due at `now` for the test's dispatcher, claimed for an hour. */
const claim = (store: EventStore, now = '2025-06-16T14:00:00.000Z', limit = 100, owner = 'test') =>
  store.claimOutbox(owner, limit, now, new Date(Date.parse(now) + 3_600_000).toISOString());

describe.each(storeKinds)('the outbox on $name', (kind: StoreKind) => {
  async function storeWith(messages: Message[]) {
    const s = await kind.open();
    await s.store.append('b1', 0, [created('b1')], meta('r1'), messages, [reply('u-gm', 'created')]);
    return s;
  }

  describe('the outbox in the append transaction', () => {
    it('writes one row per message with its destination, in order, next to the events', async () => {
      const { store } = await storeWith([post('chan-1', 'one'), dm('u1', 'two'), post('chan-1', 'three')]);
      const rows = await claim(store);
      expect(rows.map((r) => [r.battleId, r.destination, r.message.text, r.attempts, r.createdAt])).toEqual([
        ['b1', { kind: 'channel', channel: 'chan-1' }, 'one', 0, '2025-06-16T14:00:00.000Z'],
        ['b1', { kind: 'dm', user: 'u1' }, 'two', 0, '2025-06-16T14:00:00.000Z'],
        ['b1', { kind: 'channel', channel: 'chan-1' }, 'three', 0, '2025-06-16T14:00:00.000Z'],
      ]);
    });

    it('writes no outbox row when the append fails', async () => {
      const { store } = await storeWith([]);
      await expect(store.append('b1', 0, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [post('chan-1', 'lost')], [])).rejects.toThrow(
        ConcurrencyError,
      );
      expect(await store.undelivered()).toEqual([]);
    });

    it('leaves out delivered rows and rows not yet due, and counts failed attempts', async () => {
      const { store } = await storeWith([post('chan-1', 'one'), dm('u1', 'two'), post('chan-2', 'three')]);
      const [one, two] = await claim(store);
      await store.markDelivered(one!.id, '2025-06-16T14:00:01.000Z');
      await store.markFailed(two!.id, 'DM closed', '2025-06-16T14:05:00.000Z');
      expect((await claim(store, '2025-06-16T14:01:00.000Z')).map((r) => r.message.text)).toEqual(['three']);
      const later = await claim(store, '2025-06-16T14:05:00.000Z');
      expect(later.map((r) => [r.message.text, r.attempts])).toEqual([
        ['two', 1],
        ['three', 0],
      ]);
      expect((await claim(store, '2025-06-16T14:05:00.000Z', 1)).map((r) => r.message.text)).toEqual(['two']);
    });

    it('holds a row back while an older row to the same destination waits for its retry', async () => {
      const { store } = await storeWith([post('chan-1', 'first'), post('chan-1', 'second'), post('chan-2', 'elsewhere')]);
      const [first] = await claim(store);
      await store.markFailed(first!.id, 'outage', '2025-06-16T14:10:00.000Z');
      expect((await claim(store, '2025-06-16T14:01:00.000Z')).map((r) => r.message.text)).toEqual(['elsewhere']);
      expect((await claim(store, '2025-06-16T14:10:00.000Z')).map((r) => r.message.text)).toEqual(['first', 'second', 'elsewhere']);
    });

    it('gives a row one dispatcher at a time: another owner gets it, and the rows behind it, only once its lease has passed', async () => {
      const { store } = await storeWith([post('chan-1', 'first'), post('chan-1', 'second'), post('chan-2', 'elsewhere')]);
      expect((await claim(store, '2025-06-16T14:00:00.000Z', 1, 'shard-0')).map((r) => r.message.text)).toEqual(['first']);
      // chan-1 waits behind the row shard-0 holds, so its order is kept; chan-2 is free.
      expect((await claim(store, '2025-06-16T14:00:00.000Z', 100, 'shard-1')).map((r) => r.message.text)).toEqual(['elsewhere']);
      // Its own rows a dispatcher may claim again (after a pass that did not finish); shard-0's it may not.
      expect((await claim(store, '2025-06-16T14:30:00.000Z', 100, 'shard-1')).map((r) => r.message.text)).toEqual(['elsewhere']);
      // shard-0 died: after its hour's lease, shard-1 takes chan-1 over, in order.
      expect((await claim(store, '2025-06-16T15:00:00.001Z', 100, 'shard-1')).map((r) => r.message.text)).toEqual(['first', 'second', 'elsewhere']);
      const [firstRow] = await store.undelivered();
      await store.markDelivered(firstRow!.id, '2025-06-16T15:00:01.000Z');
      expect((await claim(store, '2025-06-16T15:00:02.000Z', 100, 'shard-0')).map((r) => r.message.text)).toEqual([]);
    });
  });

  describe('OutboxDispatcher', () => {
    it('delivers pending messages in order and marks each delivered', async () => {
      const { store } = await storeWith([post('chan-1', 'one'), dm('u1', 'two'), post('chan-1', 'three')]);
      const port = recorder();
      const d = new OutboxDispatcher(store, port, { now: clock().now });
      expect(await d.drainOnce()).toBe(3);
      expect(port.delivered).toEqual(['one', 'two', 'three']);
      expect(await store.undelivered()).toEqual([]);
      expect(await d.drainOnce()).toBe(0);
      expect(port.tried).toEqual(['one', 'two', 'three']);
    });

    it('retries a failed delivery after its backoff, keeping that destination in order while others go on', async () => {
      const { store } = await storeWith([post('chan-1', 'a1'), post('chan-1', 'a2'), dm('u1', 'b1'), post('chan-1', 'a3')]);
      let down = true;
      const port = recorder((m) => (down && m.text === 'a1' ? new Error('Discord is down') : undefined));
      const c = clock();
      const d = new OutboxDispatcher(store, port, { now: c.now, backoffMs: (attempt) => attempt * 10_000 });

      expect(await d.drainOnce()).toBe(1);
      expect(port.tried).toEqual(['a1', 'b1']);
      expect((await claim(store, c.now().toISOString(), 100, 'another')).map((r) => r.message.text)).toEqual([]);

      c.advance(9_999);
      expect(await d.drainOnce()).toBe(0);
      c.advance(1);
      expect(await d.drainOnce()).toBe(0);
      expect(port.tried).toEqual(['a1', 'b1', 'a1']);

      down = false;
      c.advance(19_999);
      expect(await d.drainOnce()).toBe(0);
      c.advance(1);
      expect(await d.drainOnce()).toBe(3);
      expect(port.delivered).toEqual(['b1', 'a1', 'a2', 'a3']);
    });

    it('waits at least the retryAfterMs an error carries', async () => {
      const { store } = await storeWith([post('chan-1', 'rate limited')]);
      let limited = true;
      const port = recorder(() => (limited ? Object.assign(new Error('429'), { retryAfterMs: 60_000 }) : undefined));
      const c = clock();
      const d = new OutboxDispatcher(store, port, { now: c.now, backoffMs: () => 1_000 });
      await d.drainOnce();
      limited = false;
      c.advance(59_999);
      expect(await d.drainOnce()).toBe(0);
      c.advance(1);
      expect(await d.drainOnce()).toBe(1);
      expect(port.delivered).toEqual(['rate limited']);
    });

    it('never delivers a row twice, even when passes are asked for while one is delivering', async () => {
      const { store } = await storeWith([post('chan-1', 'one'), dm('u1', 'two')]);
      const delivered: string[] = [];
      const port: DeliveryPort = {
        deliver: async (m) => {
          await new Promise((r) => setTimeout(r, 5));
          delivered.push(m.text);
        },
      };
      const d = new OutboxDispatcher(store, port);
      const counts = await Promise.all([d.drainOnce(), d.drainOnce(), d.drainOnce()]);
      await d.drainOnce();
      expect(delivered).toEqual(['one', 'two']);
      expect(counts).toEqual([2, 2, 2]);
    });

    it('marks a row delivered only after the port resolved', async () => {
      const { store } = await storeWith([post('chan-1', 'slow')]);
      let release: () => void = () => undefined;
      const port: DeliveryPort = { deliver: () => new Promise<void>((r) => (release = r)) };
      const d = new OutboxDispatcher(store, port);
      const pass = d.drainOnce();
      await new Promise((r) => setTimeout(r, 5));
      expect((await store.undelivered()).map((r) => r.message.text)).toEqual(['slow']);
      release();
      expect(await pass).toBe(1);
      expect(await store.undelivered()).toEqual([]);
    });

    it('polls when started and stops when asked', async () => {
      const { store } = await storeWith([post('chan-1', 'one')]);
      const port = recorder();
      const d = new OutboxDispatcher(store, port);
      d.start(5);
      await new Promise((r) => setTimeout(r, 30));
      await store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [post('chan-1', 'two')], []);
      await new Promise((r) => setTimeout(r, 30));
      await d.stop();
      await store.append('b1', 2, [{ type: 'GmAdded', data: { user: 'u3' } }], meta('r3'), [post('chan-1', 'three')], []);
      await new Promise((r) => setTimeout(r, 30));
      expect(port.delivered).toEqual(['one', 'two']);
    });
  });
});
