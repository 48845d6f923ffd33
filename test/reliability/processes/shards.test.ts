import { describe, expect, it } from 'vitest';
import { verifyDice } from '../../../src/app/reports/verify.ts';
import { verifyChain } from '../../../src/store/hash.ts';
import { openStore } from '../../../src/store/open.ts';
import { answers } from '../../support/bot-harness.ts';
import { shardOf, type FakeInteraction } from '../../support/fake-discord.ts';
import { freshLocation, locationKinds } from '../../support/locations.ts';
import { startShards } from '../../support/shards.ts';
import { FULL, figureLine } from '../figures.ts';

/**
 * Shards racing (issue 27): `umpire shards` (discord.js's ShardingManager) runs 2 and 4 `umpire bot`
 * processes on one store, a SQLite file and a PostgreSQL server, against a fake Discord. Every shard
 * creates battles at once in its own guild's channels; then one battle is played from two shards at
 * once (its guild's shard for the GM's rolls in the channel, shard 0 for its players' votes by DM), and every one of those
 * interactions is also delivered to every shard, as a resuming gateway may. Lost 0, doubled 0,
 * errors 0, every chain and every die verified, every post delivered once.
 */
const ERROR = 0xd93f0b; // the colour of a refusal's embed (src/discord/render.ts)
const isError = (i: FakeInteraction) => answers(i).some((m) => m.embeds.some((e) => e.color === ERROR));
const CHANNELS = FULL ? 6 : 3;
const ROLLS = FULL ? 20 : 5;

/** A guild id of shard `k` of `n`: Discord routes a guild to shard (id >> 22) % n. */
const guildOf = (base: string, k: number, n: number): string => {
  let g = BigInt(base);
  while (shardOf(g.toString(), n) !== k) g += 1n << 22n;
  return g.toString();
};

describe.each(locationKinds.flatMap((kind) => [2, 4].map((n) => [n, kind] as const)))('%i shards on one %s store', (n, kind) => {
  it('create battles at once, and play one battle from two shards with every interaction delivered to all: nothing lost, doubled or refused', async () => {
    const db = await freshLocation(kind, 'shards');
    const { fake, stop } = await startShards(n, db);
    try {
      const guilds = Array.from({ length: n }, (_, k) => guildOf(fake.guildId, k, n));
      const gm = fake.user('gm');

      // Every shard creates battles at once, one a channel of its guild.
      const creating = guilds.flatMap((guild, k) =>
        Array.from({ length: CHANNELS }, (_, c) => ({ guild, channel: fake.snowflake(), name: `Shard ${k} battle ${c}` })),
      );
      const created = await Promise.all(creating.map((b) => fake.slash({ user: gm, guild: b.guild, channel: b.channel, command: 'battle', sub: 'create', options: { name: b.name, system: 'medieval' } })));

      // One battle of shard 1's guild, played in its channel (shard 1) and by DM (shard 0) at once.
      const played = creating[CHANNELS]!;
      const at = { guild: played.guild, channel: played.channel };
      await fake.slash({ user: gm, ...at, command: 'side', sub: 'add', options: { name: 'Tudor' } });
      // Players of a command each: their secret votes come by DM, to shard 0, one vote each.
      const players = Array.from({ length: ROLLS }, (_, r) => fake.user(`player${r}`));
      for (const [r, player] of players.entries()) {
        await fake.slash({ user: gm, ...at, command: 'command', sub: 'add', options: { name: `Column ${r}`, side: 'Tudor' } });
        await fake.slash({ user: gm, ...at, command: 'command', sub: 'assign', options: { command: `Column ${r}`, user: player.id } });
      }
      // A voter who does not vote keeps the ballot open.
      await fake.slash({ user: gm, ...at, command: 'command', sub: 'add', options: { name: 'Rearguard', side: 'Tudor' } });
      await fake.slash({ user: gm, ...at, command: 'ballot', sub: 'open', options: { question: 'Advance?', options: 'YES,NO' } });
      // The GM rolls in the channel while the players vote by DM.
      const acts = await Promise.all([
        ...Array.from({ length: ROLLS }, (_, r) => fake.slash({ user: gm, ...at, command: 'roll', options: { expression: '1d6', reason: `channel ${r}` } })),
        ...players.map((player, r) => fake.slash({ user: player, dm: true, command: 'ballot', sub: 'vote', options: { ballot: 'v1', choice: r % 2 ? 'YES' : 'NO' } })),
      ]);
      // Every one of them again, to every shard at once: each finds the request already recorded.
      await Promise.all(acts.map((i) => fake.redeliver(i, true)));

      const store = await openStore(db, { readonly: true });
      const battles = await store.battles();
      const playedId = battles.find((b) => b.channel === played.channel)!.id;
      const events = await store.load(playedId);
      const acted = events.filter((e) => e.type === 'DiceRolled' || e.type === 'VoteCast').length;
      let chains = 0;
      for (const b of battles) if (verifyChain(await store.chain(b.id)).ok) chains++;
      const dice = verifyDice(playedId, events, await store.seed(playedId));
      await fake.until(async () => (await store.undelivered()).length === 0, 'the outbox to be delivered', 60_000);
      const posts = fake.requests.filter((r) => r.method === 'POST' && /^\/channels\/\d+\/messages$/.test(r.path) && r.status < 300);
      const nonces = posts.map((p) => (p.body as { nonce?: string }).nonce);
      await store.close();

      const errors = [...created, ...acts].filter(isError).length;
      const figures = {
        battlesLost: creating.length - battles.length,
        actsLost: Math.max(0, 2 * ROLLS - acted),
        actsDoubled: Math.max(0, acted - 2 * ROLLS),
        postsDoubled: nonces.length - new Set(nonces).size,
        errors,
        chainsBroken: battles.length - chains,
      };
      figureLine(
        `shards (${n}, ${kind})`,
        `${creating.length} battles created at once, lost ${figures.battlesLost}; ${2 * ROLLS} rolls and votes on one battle from 2 shards, each delivered to all ${n}: lost ${figures.actsLost}, doubled ${figures.actsDoubled}; posts doubled ${figures.postsDoubled}; errors ${errors}; chains broken ${figures.chainsBroken}; dice ${dice.status}`,
      );
      expect(figures).toEqual({ battlesLost: 0, actsLost: 0, actsDoubled: 0, postsDoubled: 0, errors: 0, chainsBroken: 0 });
      expect(dice.status).toBe('checked');
    } finally {
      await stop();
    }
  }, 300_000);
});
