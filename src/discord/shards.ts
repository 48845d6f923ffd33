import { fileURLToPath } from 'node:url';
import { REST, Routes, ShardingManager } from 'discord.js';
import type { Logger } from 'pino';
import { DatabaseError } from '../store/db.ts';
import { unshareable } from '../store/open.ts';

export interface ShardsOptions {
  token: string;
  /** The battle store every shard shares: a PostgreSQL URL past one machine (a SQLite file serves shards of one host). */
  db: string;
  logger: Logger;
  /** A number, or 'auto' for the count Discord recommends (GET /gateway/bot). */
  shards: number | 'auto';
  /** Discord asks for about 5 s between two identifies; a fake Discord needs none. */
  spawnDelayMs?: number;
  /** Discord's REST base, for a fake Discord on loopback. */
  api?: string;
}

/**
 * `umpire shards` (`npm run bot:sharded`): discord.js's ShardingManager runs one `umpire bot`
 * process a shard. Discord sends each guild's interactions to the shard that owns the guild, so each
 * process handles its guilds' battles; they share one store, whose expected versions and request
 * ids keep events single, and whose outbox claims keep posts single. No coordination of our own.
 */
export async function startShards(o: ShardsOptions): Promise<ShardingManager> {
  // Each shard is a process of its own: the store must be one they can all open at once.
  const alone = unshareable(o.db);
  if (alone) throw new DatabaseError(alone);
  let total = o.shards;
  if (total === 'auto') {
    // ShardingManager's own 'auto' asks discord.com whatever the REST base: ask the one configured.
    const rest = new REST({ ...(o.api ? { api: o.api } : {}) }).setToken(o.token);
    total = ((await rest.get(Routes.gatewayBot())) as { shards: number }).shards;
  }
  // Each shard runs the command line as this process does: compiled (dist/, from bin/umpire.js, which
  // built it), or the TypeScript through tsx (npm run dev:umpire, the tests).
  const compiled = import.meta.url.endsWith('.js');
  const manager = new ShardingManager(fileURLToPath(new URL(compiled ? '../cli/main.js' : '../cli/main.ts', import.meta.url)), {
    token: o.token,
    totalShards: total,
    mode: 'process',
    shardArgs: ['bot', '--db', o.db],
    execArgv: compiled ? [] : ['--import', 'tsx'],
    respawn: true,
  });
  manager.on('shardCreate', (shard) => {
    o.logger.info({ shard: shard.id, of: total }, 'shard starting');
    shard.on('death', () => o.logger.warn({ shard: shard.id }, 'shard process died; it is started again'));
  });
  try {
    await manager.spawn({ delay: o.spawnDelayMs ?? 5500, timeout: 60_000 });
  } catch (err) {
    for (const shard of manager.shards.values()) shard.kill();
    throw err;
  }
  o.logger.info({ shards: total }, 'every shard is ready');
  return manager;
}
