import { describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/open.ts';
import { shardOf } from '../support/fake-discord.ts';
import { freshLocation, locationKinds } from '../support/locations.ts';
import { startShards } from '../support/shards.ts';

/**
 * `npm run bot:sharded` (issues 18, 27): discord.js's ShardingManager starts two `umpire bot` processes on
 * one database (a SQLite file; a PostgreSQL server when TEST_DATABASE_URL names one) against a fake Discord recommending two shards. Each guild's commands reach the shard
 * that owns it; both processes deliver the shared outbox; an interaction delivered to both shards
 * is recorded once and answered once.
 */
describe.each(locationKinds)('two shards on one %s store (ShardingManager)', (kind) => {
  it('each guild is served by its own shard, and no event or post is doubled', async () => {
    const db = await freshLocation(kind, 'shards');
    const { fake, stop } = await startShards(2, db);
    try {
      // Two guilds, one on each shard.
      const guilds = [fake.guildId, (BigInt(fake.guildId) + (1n << 22n)).toString()];
      expect(guilds.map((g) => shardOf(g, 2)).sort()).toEqual([0, 1]);
      const channels = [fake.channelId, fake.snowflake()];
      const gm = fake.user('gm');
      for (const [k, guild] of guilds.entries()) {
        const at = { user: gm, guild, channel: channels[k]! };
        // The fake sends it only to the shard owning the guild: an answer shows that shard handled it.
        await fake.slash({ ...at, command: 'battle', sub: 'create', options: { name: `Battle ${k}`, system: 'medieval' } });
        for (let r = 0; r < 3; r++) await fake.slash({ ...at, command: 'roll', options: { expression: '1d6', reason: `roll ${r}` } });
      }
      // A gateway that sends one interaction to both shards: one of them records it, the other finds its request id.
      const twice = await fake.slash({ user: gm, guild: guilds[0]!, channel: channels[0]!, command: 'side', sub: 'add', options: { name: 'Yorkists' } });
      await fake.redeliver(twice, true);

      const store = await openStore(db, { readonly: true });
      const battles = await store.battles();
      expect(battles.map((b) => [b.name, b.channel])).toEqual([
        ['Battle 0', channels[0]],
        ['Battle 1', channels[1]],
      ]);
      const events = [...(await store.load('b1')), ...(await store.load('b2'))];
      expect(events.filter((e) => e.type === 'SideAdded')).toHaveLength(1);
      expect(events.filter((e) => e.type === 'DiceRolled')).toHaveLength(6);
      // Every post arrives once: both processes drain the outbox, each row claimed by one of them.
      await fake.until(async () => (await store.undelivered()).length === 0, 'the outbox to be delivered');
      const posts = fake.requests.filter((r) => r.method === 'POST' && /^\/channels\/\d+\/messages$/.test(r.path) && r.status < 300);
      const nonces = posts.map((p) => (p.body as { nonce?: string }).nonce);
      expect(new Set(nonces).size).toBe(nonces.length);
      for (const [k, channel] of channels.entries()) {
        // The creation, three rolls (and, in the first, the side added).
        expect(fake.channelMessages(channel)).toHaveLength(k === 0 ? 5 : 4);
      }
      await store.close();
    } finally {
      await stop();
    }
  }, 180_000);
});
