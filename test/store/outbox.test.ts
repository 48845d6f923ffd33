import { english } from '../../src/i18n/text.ts';
import { describe, expect, it } from 'vitest';
import { OutboxDispatcher, type DeliveryPort, type OutboxStore } from '../../src/app/service/dispatcher.ts';
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
      tried.push(english(m.text));
      const err = failing(m);
      if (err) return Promise.reject(err);
      delivered.push(english(m.text));
      return Promise.resolve();
    },
  };
}

/** Counts a dispatcher's passes (its polls included); `passes(n)` resolves once it has made `n` more. */
function passesOf(d: OutboxDispatcher): { count: () => number; passes: (n: number) => Promise<void> } {
  let count = 0;
  const waiting: { at: number; done: () => void }[] = [];
  const drain = d.drainOnce.bind(d);
  d.drainOnce = () => {
    const pass = drain();
    void pass.finally(() => {
      count++;
      for (const w of waiting.filter((x) => count >= x.at)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.done();
      }
    });
    return pass;
  };
  return { count: () => count, passes: (n) => new Promise((done) => waiting.push({ at: count + n, done })) };
}

/**
 * The store as one dispatcher sees it, to freeze its heartbeat: `stall()` holds its renewals back
 * (the process is frozen, or was killed), `resume()` lets them through. `renewed()` resolves once a
 * renewal that started after the call has reached the store.
 */
function heartbeatOf(store: EventStore): OutboxStore & { stall(): void; resume(): void; renewed(): Promise<void> } {
  let gate: Promise<void> | undefined;
  let open: () => void = () => undefined;
  let started = 0;
  const waiting: { after: number; done: () => void }[] = [];
  return {
    claimOutbox: (...a) => store.claimOutbox(...a),
    markDelivered: (...a) => store.markDelivered(...a),
    markFailed: (...a) => store.markFailed(...a),
    async renewOutbox(...a) {
      const n = ++started;
      await gate;
      const held = await store.renewOutbox(...a);
      for (const w of waiting.filter((x) => n > x.after)) {
        waiting.splice(waiting.indexOf(w), 1);
        w.done();
      }
      return held;
    },
    stall() {
      gate ??= new Promise<void>((r) => (open = r));
    },
    resume() {
      open();
      gate = undefined;
    },
    renewed: () => new Promise<void>((done) => waiting.push({ after: started, done })),
  };
}

/**
 * A port that records what it is handed and keeps the first message of `slow` waiting until
 * `release()`; `handed` resolves once it was handed its first message.
 */
function slowPort(slow: string): DeliveryPort & { tried: string[]; release: () => void; handed: Promise<void> } {
  const tried: string[] = [];
  let release: () => void = () => undefined;
  let onHanded: () => void = () => undefined;
  const handed = new Promise<void>((r) => (onHanded = r));
  return {
    tried,
    release: () => release(),
    handed,
    deliver(m) {
      tried.push(english(m.text));
      onHanded();
      return m.text === slow && tried.filter((t) => t === slow).length === 1 ? new Promise<void>((r) => (release = r)) : Promise.resolve();
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

  describe("a stream's posts, for its pages (issue 30)", () => {
    it('gives every post and DM of the stream, delivered or not, in order, with the version its append reached; none of another stream', async () => {
      const { store } = await storeWith([post('chan-1', 'one'), dm('u1', 'two')]);
      await store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [post('chan-1', 'three')], []);
      await store.append('b2', 0, [created('b2', 'chan-2')], meta('r3'), [post('chan-2', 'elsewhere')], []);
      const [first] = await claim(store);
      await store.markDelivered(first!.id, '2025-06-16T14:00:01.000Z');
      expect((await store.posts('b1')).map((p) => [p.version, p.message.to, p.message.text])).toEqual([
        [1, { kind: 'channel', channel: 'chan-1' }, 'one'],
        [1, { kind: 'dm', user: 'u1' }, 'two'],
        [2, { kind: 'channel', channel: 'chan-1' }, 'three'],
      ]);
      expect(await store.posts('b9')).toEqual([]);
    });
  });

  describe('the share key (issue 30)', () => {
    it('is made once, 32 bytes of hex, and the same at every later call', async () => {
      const { store } = await kind.open();
      const [a, b] = await Promise.all([store.shareKey(), store.shareKey()]);
      expect(a).toMatch(/^[0-9a-f]{64}$/);
      expect(b).toBe(a);
      expect(await store.shareKey()).toBe(a);
      expect(await store.seed('~share')).toBe(a);
    });
  });

  describe('the lease and its heartbeat (issue 27)', () => {
    const at = (s: number) => new Date(T0 + s * 1000).toISOString();
    const texts = (rows: { message: Message }[]) => rows.map((r) => r.message.text);

    it('keeps a claim its holder renews, and gives it to another owner only once the holder stopped renewing', async () => {
      const { store } = await storeWith([post('chan-1', 'first'), post('chan-1', 'second'), post('chan-2', 'elsewhere')]);
      const held = await store.claimOutbox('A', 2, at(0), at(3));
      expect(texts(held)).toEqual(['first', 'second']);
      const ids = held.map((r) => r.id);
      // A's heartbeat at 2 s carries its claim to 5 s: at 4 s B gets chan-2 only.
      expect(await store.renewOutbox('A', ids, at(5))).toEqual(ids);
      expect(texts(await store.claimOutbox('B', 10, at(4), at(7)))).toEqual(['elsewhere']);
      // A was killed: no heartbeat after 2 s, so just past 5 s B takes chan-1 over, in order.
      expect(texts(await store.claimOutbox('B', 10, at(5.001), at(8)))).toEqual(['first', 'second', 'elsewhere']);
      // Had A only been frozen, it finds it holds nothing; its late failure report leaves B's claim alone.
      expect(await store.renewOutbox('A', ids, at(9))).toEqual([]);
      await store.markFailed(ids[0]!, 'timed out', at(6), 'A');
      expect(await store.claimOutbox('C', 10, at(7), at(10))).toEqual([]);
      expect((await store.undelivered()).map((r) => r.attempts)).toEqual([0, 0, 0]);
      // A delivered row drops out of every renewal.
      await store.markDelivered(ids[0]!, at(6));
      expect(await store.renewOutbox('B', ids, at(11))).toEqual([ids[1]]);
      expect(await store.renewOutbox('B', [], at(11))).toEqual([]);
    });

    it('keeps its rows while a delivery is slow: the heartbeat renews the claim, so another dispatcher takes none of them', async () => {
      const { store } = await storeWith([post('chan-1', 'slow'), post('chan-1', 'next'), dm('u1', 'other')]);
      const c = clock();
      const a = heartbeatOf(store);
      const portA = slowPort('slow');
      const dispatcherA = new OutboxDispatcher(a, portA, { now: c.now, leaseMs: 3_000, heartbeatMs: 5, elapsed: () => c.now().getTime(), owner: 'A' });
      const pass = dispatcherA.drainOnce();
      await portA.handed; // A delivers
      // Discord takes 10 s to answer: three times the lease, which A's heartbeat kept renewing.
      c.advance(10_000);
      await a.renewed();
      const portB = slowPort('');
      expect(await new OutboxDispatcher(store, portB, { now: c.now, leaseMs: 3_000, owner: 'B' }).drainOnce()).toBe(0);
      portA.release();
      expect(await pass).toBe(3);
      expect(portA.tried).toEqual(['slow', 'next', 'other']);
      expect(portB.tried).toEqual([]);
    });

    it('gives the rows of a dispatcher killed while delivering to another once its short lease lapsed; woken, it hands none of them to its port', async () => {
      const { store } = await storeWith([post('chan-1', 'one'), post('chan-1', 'two'), dm('u1', 'three')]);
      const c = clock();
      const a = heartbeatOf(store);
      const portA = slowPort('one');
      const passA = new OutboxDispatcher(a, portA, { now: c.now, leaseMs: 3_000, heartbeatMs: 5, elapsed: () => c.now().getTime(), owner: 'A' }).drainOnce();
      await portA.handed; // A delivers
      a.stall();
      const portB = slowPort('');
      const b = new OutboxDispatcher(store, portB, { now: c.now, leaseMs: 3_000, owner: 'B' });
      c.advance(2_999);
      expect(await b.drainOnce()).toBe(0);
      c.advance(1);
      expect(await b.drainOnce()).toBe(3);
      expect(portB.tried).toEqual(['one', 'two', 'three']);
      // A was only frozen: its delivery under way ends (the port's idempotency key, the outbox id, makes it
      // one post), and it hands no further row to its port.
      a.resume();
      portA.release();
      await passA;
      expect(portA.tried).toEqual(['one']);
      expect(await store.undelivered()).toEqual([]);
    });

    it('hands no further row to its port once it cannot renew its claim, and logs why', async () => {
      const { store } = await storeWith([post('chan-1', 'one'), post('chan-1', 'two')]);
      const c = clock();
      const warnings: string[] = [];
      const broken: OutboxStore = {
        claimOutbox: (...a) => store.claimOutbox(...a),
        markDelivered: (...a) => store.markDelivered(...a),
        markFailed: (...a) => store.markFailed(...a),
        renewOutbox: () => Promise.reject(new Error('connection lost')),
      };
      const port = slowPort('one');
      const logger = { warn: (o: object, msg: string) => void warnings.push(`${msg} (${(o as { err: string }).err})`), error: () => undefined };
      const pass = new OutboxDispatcher(broken, port, { now: c.now, leaseMs: 3_000, heartbeatMs: 5, elapsed: () => c.now().getTime(), owner: 'A', logger }).drainOnce();
      await port.handed; // A delivers
      c.advance(3_000);
      port.release();
      expect(await pass).toBe(1);
      expect(port.tried).toEqual(['one']);
      expect(warnings).toContain('renewing the claim on outbox rows failed; will try again (Error: connection lost)');
      // The row it could not vouch for is left for the next pass, or for another dispatcher.
      expect(texts(await store.claimOutbox('B', 10, at(3), at(6)))).toEqual(['two']);
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
          delivered.push(english(m.text));
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
      const port = slowPort('slow');
      const d = new OutboxDispatcher(store, port);
      const pass = d.drainOnce();
      // Once the port has the row (a claim on PostgreSQL may take a while).
      await port.handed;
      expect((await store.undelivered()).map((r) => r.message.text)).toEqual(['slow']);
      port.release();
      expect(await pass).toBe(1);
      expect(await store.undelivered()).toEqual([]);
    });

    it('polls when started and stops when asked', async () => {
      const { store } = await storeWith([post('chan-1', 'one')]);
      const port = recorder();
      const d = new OutboxDispatcher(store, port);
      const polled = passesOf(d);
      d.start(5);
      // A pass after a row is appended has delivered it: the first poll, then two more.
      await polled.passes(1);
      await store.append('b1', 1, [{ type: 'GmAdded', data: { user: 'u2' } }], meta('r2'), [post('chan-1', 'two')], []);
      await polled.passes(2);
      expect(port.delivered).toEqual(['one', 'two']);
      await d.stop();
      const stoppedAt = polled.count();
      await store.append('b1', 2, [{ type: 'GmAdded', data: { user: 'u3' } }], meta('r3'), [post('chan-1', 'three')], []);
      // Another dispatcher polling as often makes three passes: the stopped one, in that time, made none.
      const other = new OutboxDispatcher(store, recorder());
      const otherPolled = passesOf(other);
      other.start(5);
      await otherPolled.passes(3);
      await other.stop();
      expect(polled.count()).toBe(stoppedAt);
      expect(port.delivered).toEqual(['one', 'two']);
    });
  });
});
