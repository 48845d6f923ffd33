import { spawn } from 'node:child_process';
import { applicationCommands } from '../../src/discord/command-json.ts';
import { FakeDiscord } from './fake-discord.ts';

/**
 * `umpire shards` (discord.js's ShardingManager) on the store at `db` (`env` added to the manager's), against a fake Discord that
 * recommends `shards` shards; resolves once every shard is ready. `stop` kills the manager and its
 * shards (one process group) and stops the fake.
 */
export async function startShards(shards: number, db: string, env: Record<string, string> = {}): Promise<{ fake: FakeDiscord; stop: () => Promise<void> }> {
  const fake = await FakeDiscord.start(undefined, { shards });
  fake.useCommands(applicationCommands());
  const manager = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'shards', '--db', db, '--spawn-delay', '0'], {
    env: { ...process.env, DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.api, LOG_LEVEL: 'silent', ...env },
    stdio: 'ignore',
    detached: true,
  });
  const stop = async () => {
    try {
      process.kill(-manager.pid!, 'SIGKILL');
    } catch {
      // The manager's group has already ended.
    }
    await fake.stop();
  };
  const all = Array.from({ length: shards }, (_, k) => k).join();
  try {
    await fake.until(() => fake.readyShards().join() === all, `all ${shards} shards to be ready`, 120_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { fake, stop };
}
