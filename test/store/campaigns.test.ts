import { describe, expect, it } from 'vitest';
import { verifyChain } from '../../src/store/hash.ts';
import { campaignCreated, campaignEnded, created, meta, post } from './fixtures.ts';
import { storeKinds } from './stores.ts';

/**
 * Campaigns (issue 29) are streams of their own in the events table, registered by append as battles
 * are: a CampaignCreated inserts a campaigns row, a CampaignEnded marks it ended, in the append's transaction.
 */
describe.each(storeKinds)('campaigns in the store on $name (issue 29)', (kind) => {
  it('given a CampaignCreated appended to c1, then the store knows campaign c1 with its channel, name and time, not ended', async () => {
    const { store, count } = await kind.open();
    await store.append('c1', 0, [campaignCreated('c1', 'chan-1', 'The Hundred Days')], meta('r1', '2025-06-16T10:00:00.000Z'), [post('chan-1', 'created')], []);
    expect(await store.campaign('c1')).toEqual({ id: 'c1', channel: 'chan-1', name: 'The Hundred Days', createdAt: '2025-06-16T10:00:00.000Z', ended: false });
    expect(await store.campaign('c2')).toBeUndefined();
    expect(await count('campaigns')).toBe(1);
  });

  it('lists campaigns in creation order, and none of them among the battles', async () => {
    const { store } = await kind.open();
    // Created later but with an earlier time: the order is the order of creation, not of the clock.
    await store.append('c2', 0, [campaignCreated('c2', 'chan-2', 'Peninsula')], meta('r1', '2025-06-18T10:00:00.000Z'), [], []);
    await store.append('b1', 0, [created('b1', 'chan-3', 'Ligny')], meta('r2'), [], []);
    await store.append('c1', 0, [campaignCreated('c1', 'chan-1', 'The Hundred Days')], meta('r3', '2025-06-16T10:00:00.000Z'), [], []);
    await store.append('c1-b1', 0, [created('c1-b1', 'chan-1', 'Quatre Bras')], meta('r4'), [], []);
    expect((await store.campaigns()).map((c) => [c.id, c.name])).toEqual([
      ['c2', 'Peninsula'],
      ['c1', 'The Hundred Days'],
    ]);
    expect((await store.battles()).map((b) => b.id)).toEqual(['b1', 'c1-b1']);
    expect(await store.battle('c1')).toBeUndefined();
    expect(await store.runningIn('chan-2')).toBeUndefined();
  });

  it('marks a campaign ended on CampaignEnded; campaignIn then no longer finds it', async () => {
    const { store } = await kind.open();
    await store.append('c1', 0, [campaignCreated('c1', 'chan-1')], meta('r1'), [], []);
    expect((await store.campaignIn('chan-1'))?.id).toBe('c1');
    await store.append('c1', 1, [campaignEnded], meta('r2'), [], []);
    expect(await store.campaign('c1')).toMatchObject({ id: 'c1', ended: true });
    expect(await store.campaignIn('chan-1')).toBeUndefined();
  });

  it('registers a campaign created and ended in one append as ended', async () => {
    const { store } = await kind.open();
    await store.append('c1', 0, [campaignCreated('c1', 'chan-1'), campaignEnded], meta('r1'), [], []);
    expect(await store.campaign('c1')).toMatchObject({ id: 'c1', ended: true });
    expect(await store.campaignIn('chan-1')).toBeUndefined();
  });

  it("campaignIn finds the newest campaign not ended in that channel, and none of another channel's", async () => {
    const { store } = await kind.open();
    await store.append('c1', 0, [campaignCreated('c1', 'chan-1', 'Peninsula')], meta('r1'), [], []);
    await store.append('c2', 0, [campaignCreated('c2', 'chan-2', 'The Hundred Days')], meta('r2'), [], []);
    expect(await store.campaignIn('chan-1')).toMatchObject({ id: 'c1', channel: 'chan-1', name: 'Peninsula', ended: false });
    expect(await store.campaignIn('chan-2')).toMatchObject({ id: 'c2', channel: 'chan-2', name: 'The Hundred Days', ended: false });
    expect(await store.campaignIn('chan-9')).toBeUndefined();
    // The one of chan-1 ended, and a new one there: the new one is found, chan-2's stays.
    await store.append('c1', 1, [campaignEnded], meta('r3'), [], []);
    await store.append('c3', 0, [campaignCreated('c3', 'chan-1', 'Russia')], meta('r4'), [], []);
    expect((await store.campaignIn('chan-1'))?.id).toBe('c3');
    expect((await store.campaignIn('chan-2'))?.id).toBe('c2');
    // A battle running in the channel is not a campaign.
    await store.append('b1', 0, [created('b1', 'chan-4')], meta('r5'), [], []);
    expect(await store.campaignIn('chan-4')).toBeUndefined();
  });

  it("hash-chains a campaign's events as a battle's: verifyChain accepts it, and notices a changed event", async () => {
    const { store, tamper } = await kind.open();
    await store.append('c1', 0, [campaignCreated('c1'), { type: 'CampaignSideAdded', data: { sideId: 's1', name: 'Allies' } }], meta('r1'), [post('chan-1', 'created')], []);
    await store.append('c1', 2, [{ type: 'CampaignGmAdded', data: { user: 'u2' } }], meta('r2', '2025-06-16T15:00:00.000Z'), [], []);
    await store.append('c1', 3, [campaignEnded], meta(null), [], []);
    expect(verifyChain(await store.chain('c1'))).toEqual({ ok: true, count: 4, unsealed: 0 });
    await tamper(`UPDATE events SET data = '{"sideId":"s1","name":"Coalition"}' WHERE battle_id = 'c1' AND version = 2`);
    expect(verifyChain(await store.chain('c1'))).toMatchObject({ ok: false, version: 2 });
  });

  it('rolls the whole append back when a CampaignCreated lacks its name or channel', async () => {
    const { store, count } = await kind.open();
    await expect(store.append('c1', 0, [{ type: 'CampaignCreated', data: { campaignId: 'c1', name: 'No channel' } }], meta('r1'), [post('c', 'x')], [])).rejects.toThrow(
      /CampaignCreated of c1 lacks name or channel/,
    );
    expect(await Promise.all(['events', 'outbox', 'requests', 'campaigns'].map((t) => count(t)))).toEqual([0, 0, 0, 0]);
    expect(await store.campaigns()).toEqual([]);
  });
});
