import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { applicationCommands } from '../../src/discord/command-json.ts';
import { FakeDiscord } from './fake-discord.ts';

/**
 * `umpire shards` (discord.js's ShardingManager) on the store at `db` (`env` added to the manager's), against a fake Discord that
 * recommends `shards` shards; resolves once every shard is ready. `stop` kills the manager and its
 * shards (one process group) and stops the fake. `stderrLine` resolves with the first line the
 * manager writes to stderr that matches.
 */
export async function startShards(shards: number, db: string, env: Record<string, string> = {}): Promise<{ fake: FakeDiscord; stop: () => Promise<void>; stderrLine: (re: RegExp) => Promise<string> }> {
  const fake = await FakeDiscord.start(undefined, { shards });
  fake.useCommands(applicationCommands());
  const manager = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'shards', '--db', db, '--spawn-delay', '0'], {
    env: { ...process.env, DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.api, LOG_LEVEL: 'silent', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
    detached: true,
  });
  const stderr = manager.stderr;
  stderr.setEncoding('utf8');
  // Read from the start, so that a line written before anyone asks is not missed.
  let written = '';
  stderr.on('data', (d: string) => (written += d));
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
  return { fake, stop, stderrLine: (re) => lineOf(stderr, re, () => written) };
}

/**
 * The first line a process wrote (`written()` so far) or writes on `stream` that matches `re`:
 * waits for the line itself, however long the process takes to write it; fails if the stream
 * ends first.
 */
export function lineOf(stream: Readable, re: RegExp, written: () => string): Promise<string> {
  return new Promise((resolve, reject) => {
    const look = () => {
      const line = written().split('\n').find((l) => re.test(l));
      if (line === undefined) return false;
      stream.off('data', onData);
      stream.off('end', onEnd);
      resolve(line);
      return true;
    };
    const onData = () => void look();
    const onEnd = () => look() || reject(new Error(`the process ended without writing a line matching ${re}: ${written()}`));
    if (look()) return;
    stream.on('data', onData);
    stream.once('end', onEnd);
  });
}
