import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/battle/actions.ts';
import { Umpire } from '../../src/app/service/umpire.ts';
import { nextBattleId } from '../../src/store/copy.ts';
import type { EventStore } from '../../src/store/types.ts';
import { storeKinds } from '../store/stores.ts';

/**
 * Battle ids (issue 27): a new battle's id is picked from the battles the store holds, before the
 * append that claims it. Another process may claim it in between: the loser must take the next id,
 * on every store, never refuse with "Battle bN already exists".
 */
const create = (channel: string): Action => ({ type: 'CreateBattle', name: `Battle in ${channel}`, system: 'medieval', channel });

/** The store as a process sees it that read the battles just before another process created one: the first `stale` reads miss the newest. */
function lagging(store: EventStore, stale: number): EventStore {
  let reads = 0;
  return new Proxy(store, {
    get(target, key, receiver) {
      if (key === 'battles') return async () => ((reads++ < stale ? (await target.battles()).slice(0, -1) : await target.battles()));
      const v = Reflect.get(target, key, receiver) as unknown;
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}

describe('nextBattleId', () => {
  it('is b1 in an empty store, then one past the count', () => {
    expect(nextBattleId([])).toBe('b1');
    expect(nextBattleId([{ id: 'b1' }, { id: 'b2' }])).toBe('b3');
  });

  it('is past the highest b<n> when a copy left a gap, so it never names a battle the store holds', () => {
    expect(nextBattleId([{ id: 'b1' }, { id: 'b7' }])).toBe('b8');
    expect(nextBattleId([{ id: 'imported' }, { id: 'b1' }])).toBe('b3');
  });
});

describe.each(storeKinds)('racing creation on $name', (kind) => {
  it('given another process created b1 after this one read the battles, when this one creates, then it takes b2', async () => {
    const { store } = await kind.open();
    const other = new Umpire(store, { newSeed: () => Buffer.alloc(32, 1) });
    const mine = new Umpire(lagging(store, 1), { newSeed: () => Buffer.alloc(32, 2) });
    await other.handle(null, create('c1'), 'gm1');

    const r = await mine.handle(null, create('c2'), 'gm2');

    expect(r.battleId).toBe('b2');
    expect((await store.battles()).map((b) => [b.id, b.channel])).toEqual([
      ['b1', 'c1'],
      ['b2', 'c2'],
    ]);
    expect(await store.seed('b1')).toBe(Buffer.alloc(32, 1).toString('hex'));
    expect(await store.seed('b2')).toBe(Buffer.alloc(32, 2).toString('hex'));
    expect(((await store.load('b2'))[0]!.data as { battleId: string }).battleId).toBe('b2');
  });

  it('given a lost race on the channel too, when this one retries, then it is refused for the channel, with nothing written', async () => {
    const { store } = await kind.open();
    const other = new Umpire(store);
    const lag = lagging(store, 1);
    // This process also read the channel as free before the other created there.
    let channelReads = 0;
    const mine = new Umpire(new Proxy(lag, { get: (t, k) => (k === 'runningIn' ? async (c: string) => (channelReads++ ? t.runningIn(c) : undefined) : (Reflect.get(t, k) as unknown)) }));
    await other.handle(null, create('c1'), 'gm1');

    await expect(mine.handle(null, create('c1'), 'gm2')).rejects.toThrow(/This channel already has battle "Battle in c1" \(b1\)/);
    expect((await store.battles()).map((b) => b.id)).toEqual(['b1']);
  });

  it('given a campaign battle created in the channel after this process read it free, when this one creates there, then it is refused for the channel, with nothing written (issue 38)', async () => {
    const { store } = await kind.open();
    const other = new Umpire(store);
    let channelReads = 0;
    const mine = new Umpire(new Proxy(store, { get: (t, k) => (k === 'runningIn' ? async (c: string) => (channelReads++ ? t.runningIn(c) : undefined) : (Reflect.get(t, k) as unknown)) }));
    // Its id, c1-b1, is not the b1 this process picks: no id conflict, only the channel's claim.
    await other.handle('c1-b1', create('x1'), 'gm1');

    await expect(mine.handle(null, create('x1'), 'gm2')).rejects.toThrow(/This channel already has battle "Battle in x1" \(c1-b1\)/);
    expect((await store.battles()).map((b) => b.id)).toEqual(['c1-b1']);
    expect(await store.version('b1')).toBe(0);
    expect((await store.runningIn('x1'))?.id).toBe('c1-b1');
  });
});
