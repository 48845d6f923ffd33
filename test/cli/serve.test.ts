import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { applicationCommands } from '../../src/discord/command-json.ts';
import { FakeDiscord } from '../support/fake-discord.ts';
import { lineOf, startShards } from '../support/shards.ts';

/** A port free on the loopback now. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** `umpire <args>` running, and the first line it printed on stdout. */
function running(args: string[], env: Record<string, string> = {}): Promise<{ child: ChildProcess; line: string; err: () => string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env } });
  let out = '';
  let err = '';
  child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('\n')) resolve({ child, line: out.split('\n')[0]!, err: () => err });
    });
    child.on('exit', (code) => reject(new Error(`umpire ${args[0]} exited (${code}) before printing: ${err}`)));
  });
}

const stopped = (child: ChildProcess) => new Promise<number | null>((resolve) => (child.exitCode !== null ? resolve(child.exitCode) : child.once('exit', resolve)));

describe('umpire serve (issue 30)', () => {
  const db = join(mkdtempSync(join(tmpdir(), 'umpire-serve-')), 'u.db');
  let link = '';
  beforeAll(() => {
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'table', '--db', db], {
      encoding: 'utf8',
      input: `${readFileSync('examples/short-battle.table', 'utf8')}\n@gm /battle share\n`,
      env: { ...process.env, LOG_LEVEL: 'silent' },
    });
    expect(r.status).toBe(0);
    link = /http:\/\/localhost:8080(\/b\/b1\/l[0-9]+-[\w-]{22})/.exec(r.stdout)![1]!;
  });

  it('serves the pages on 127.0.0.1 unless told: the link /battle share printed opens the battle; Ctrl-C stops it', async () => {
    const port = await freePort();
    const { child, line } = await running(['serve', '--db', db, '--port', String(port)]);
    try {
      expect(line).toBe(`Umpire's battle pages on http://127.0.0.1:${port} (the links /battle share posts open there). Ctrl-C stops.`);
      const page = await fetch(`http://127.0.0.1:${port}${link}`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Quatre Bras (b1)');
      expect((await fetch(`http://127.0.0.1:${port}/b/b1/${'A'.repeat(22)}`)).status).toBe(404);
      // Another process plays on in the same store: the page shows what it appended.
      const more = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'table', '--db', db], { encoding: 'utf8', input: '@gm /roll 1d6 reason:"played in another process"\n', env: { ...process.env, LOG_LEVEL: 'silent' } });
      expect(more.status).toBe(0);
      expect(await (await fetch(`http://127.0.0.1:${port}${link}`)).text()).toContain('played in another process');
    } finally {
      child.kill('SIGINT');
    }
    expect(await stopped(child)).toBe(0);
  });

  it('says which port is taken and exits 1', async () => {
    const port = await freePort();
    const first = await running(['serve', '--db', db, '--port', String(port)]);
    try {
      const second = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--db', db, '--port', String(port)], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent' } });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`The battle pages could not start on 127.0.0.1:${port}: port ${port} is taken by another program. Set WEB_PORT (or --port) to a free port.`);
    } finally {
      first.child.kill('SIGTERM');
      await stopped(first.child);
    }
  });

  it('is served by the bot when WEB_PORT is set', async () => {
    const port = await freePort();
    const fake = await FakeDiscord.start();
    fake.useCommands(applicationCommands());
    const bot = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'bot', '--db', db], {
      env: { ...process.env, DISCORD_TOKEN: fake.token, DISCORD_API_URL: fake.api, LOG_LEVEL: 'silent', WEB_PORT: String(port) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let written = '';
    bot.stderr!.setEncoding('utf8').on('data', (d: string) => (written += d));
    try {
      // The bot says so once its pages listen.
      await lineOf(bot.stderr!, /^Battle pages on /, () => written);
      expect((await fetch(`http://127.0.0.1:${port}${link}`)).status).toBe(200);
    } finally {
      bot.kill('SIGTERM');
      await stopped(bot);
      await fake.stop();
    }
  });

  it('is served once by umpire shards with WEB_PORT, by its manager, not by each shard', async () => {
    const port = await freePort();
    const { stop, stderrLine } = await startShards(2, db, { WEB_PORT: String(port) });
    try {
      // The manager starts the pages once its shards are ready, and says so.
      await stderrLine(/^Battle pages on /);
      expect((await fetch(`http://127.0.0.1:${port}${link}`)).status).toBe(200);
    } finally {
      await stop();
    }
  });
});
