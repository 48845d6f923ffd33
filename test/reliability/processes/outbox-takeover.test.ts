import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../../src/store/open.ts';
import { FakeDiscord } from '../../support/fake-discord.ts';
import { created, meta, post } from '../../store/fixtures.ts';
import { figureLine, FULL } from '../figures.ts';
import { tempDir, umpire } from './spawn.ts';

/**
 * Outbox takeover (issue 27): a bot process is killed with SIGKILL while Discord is slow to answer
 * its first post to a channel, so it dies holding that channel's claimed posts. Another bot process
 * on the same store, already running (a shard, a second process on one SQLite file, a PostgreSQL
 * server) or started afterwards (a restart; PGlite opens in one process at a time), must post them
 * within seconds; while the first one lives and waits on Discord, the other must not take them.
 * Lost 0, doubled 0, live claims stolen 0, every takeover under 5 s.
 */
const POSTS = 5;
const LIVE_ROUNDS = FULL ? 6 : 1;
const RESTART_ROUNDS = FULL ? 3 : 1;
/** How long the live holder waits on Discord while the other process runs: twice the lease. */
const SLOW_MS = 6_000;
const LIMIT_MS = 5_000;
/** A PostgreSQL server, when the run has one: two live processes share it as they share a SQLite file. */
const SERVER = process.env.TEST_DATABASE_URL;

/** A schema of this run's own on the server (as test/store/stores.ts makes one), named in the URL the bots get. */
async function serverSchema(url: string): Promise<string> {
  const schema = `umpire_takeover_${process.pid}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/**
 * A REST proxy in front of the fake Discord for one bot process (the gateway is the fake's own).
 * Posts to a channel in `hold` get no answer: Discord is slow, and the process waits on them.
 */
async function restProxy(fake: FakeDiscord): Promise<{ api: string; hold: Set<string>; held: string[]; stop(): Promise<void> }> {
  const target = new URL(fake.api);
  const hold = new Set<string>();
  const held: string[] = [];
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const channel = /^\/api\/v\d+\/channels\/(\d+)\/messages$/.exec((req.url ?? '').split('?')[0]!)?.[1];
    if (req.method === 'POST' && channel && hold.has(channel)) {
      held.push(channel);
      req.resume();
      return;
    }
    const out = request({ host: target.hostname, port: target.port, method: req.method, path: req.url, headers: req.headers }, (r) => {
      res.writeHead(r.statusCode ?? 502, r.headers);
      r.pipe(res);
    });
    out.on('error', () => res.destroy());
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    api: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api`,
    hold,
    held,
    async stop() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

interface Figures {
  kills: number;
  /** Seconds from the kill to the last held post, when another process was running. */
  live: number[];
  /** Seconds from the restarted process's Ready to the last held post (its start-up is not the lease's). */
  restart: number[];
  /** Seconds from the kill to the last held post, start-up of the restarted process included. */
  restartFromKill: number[];
  lost: number;
  doubled: number;
  stolen: number;
}

const seconds = (ms: number) => Math.round(ms / 100) / 10;
const max = (xs: number[]) => (xs.length ? Math.max(...xs) : 0);

describe('outbox takeover after a killed process (issue 27)', () => {
  let fake: FakeDiscord;
  const figures: Figures = { kills: 0, live: [], restart: [], restartFromKill: [], lost: 0, doubled: 0, stolen: 0 };
  let round = 0;

  beforeAll(async () => {
    fake = await FakeDiscord.start();
  });
  afterAll(async () => {
    await fake.stop();
  });

  /** Writes a battle whose creation leaves POSTS posts to a fresh channel in the outbox. */
  async function posts(db: string, channel = fake.snowflake()): Promise<string> {
    const k = ++round;
    const store = await openStore(db);
    try {
      const texts = Array.from({ length: POSTS }, (_, i) => post(channel, `takeover ${k} post ${i + 1}`));
      await store.append(`t${k}`, 0, [created(`t${k}`, channel, `Takeover ${k}`)], meta(`takeover-${k}`, new Date().toISOString()), texts, []);
    } finally {
      await store.close();
    }
    return channel;
  }

  /** A bot process on `db`, its REST through a proxy holding posts to `hold`; resolves once its gateway is Ready. */
  async function bot(db: string, hold?: string): Promise<{ child: ChildProcess; proxy: Awaited<ReturnType<typeof restProxy>>; readyAt: number; stderr: () => string }> {
    const proxy = await restProxy(fake);
    if (hold) proxy.hold.add(hold);
    const before = fake.readyShards().length;
    const child = umpire(['bot', '--db', db], { DISCORD_TOKEN: fake.token, DISCORD_API_URL: proxy.api });
    let stderr = '';
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdout!.resume();
    await fake.until(() => fake.readyShards().length > before || child.exitCode !== null, 'the bot to be ready', 60_000);
    if (child.exitCode !== null) throw new Error(`the bot exited (${child.exitCode}): ${stderr}`);
    return { child, proxy, readyAt: Date.now(), stderr: () => stderr };
  }

  async function kill(p: { child: ChildProcess; proxy: { stop(): Promise<void> } }): Promise<void> {
    if (p.child.exitCode === null && p.child.signalCode === null) {
      const closed = once(p.child, 'close');
      p.child.kill('SIGKILL');
      await closed;
    }
    await p.proxy.stop();
  }

  /** Waits for every held post to reach the channel; counts the lost and the doubled; resolves when the last arrived. */
  async function delivered(channel: string): Promise<number> {
    const done = await fake.until(() => fake.channelMessages(channel).length >= POSTS && Date.now(), `the ${POSTS} posts to ${channel}`, 30_000).catch(() => undefined);
    // A moment more, for a post that would come twice.
    await new Promise((r) => setTimeout(r, 1_500));
    const texts = fake.channelMessages(channel).map((m) => m.content + JSON.stringify(m.embeds));
    const sent = fake.requests.filter((r) => r.method === 'POST' && r.path === `/channels/${channel}/messages` && r.status < 300).length;
    figures.lost += POSTS - new Set(texts).size;
    figures.doubled += Math.max(0, sent - POSTS);
    if (done === undefined) throw new Error(`the posts to ${channel} did not arrive within 30 s`);
    return done;
  }

  /** The bot that will die: it claims the channel's posts and waits on Discord for the first. */
  async function holder(db: string, channel: string) {
    const a = await bot(db, channel);
    await fake.until(() => a.proxy.held.includes(channel), 'the first process to be posting to the held channel', 20_000);
    return a;
  }

  const liveOn = (name: string, location: () => Promise<string>) =>
    it(`a live process takes over within seconds, and never while the holder lives (${LIVE_ROUNDS} kills, ${name})`, async () => {
      const db = await location();
      await (await openStore(db)).close();
      for (let r = 0; r < LIVE_ROUNDS; r++) {
        const a = await bot(db);
        const channel = fake.snowflake();
        a.proxy.hold.add(channel);
        await posts(db, channel);
        await fake.until(() => a.proxy.held.includes(channel), 'the first process to be posting to the held channel', 20_000);
        const b = await bot(db);
        try {
          // Discord keeps A waiting twice the lease: A's heartbeat keeps its claim, so B posts nothing there.
          await new Promise((res) => setTimeout(res, SLOW_MS));
          figures.stolen += fake.channelMessages(channel).length;
          await kill(a);
          const killedAt = Date.now();
          figures.kills++;
          figures.live.push(seconds((await delivered(channel)) - killedAt));
        } finally {
          await kill(a);
          await kill(b);
        }
      }
    }, 600_000);

  liveOn('one SQLite file', async () => join(tempDir('takeover'), 'umpire.db'));
  if (SERVER) liveOn('a PostgreSQL server', () => serverSchema(SERVER));

  const restartOn = (name: string, location: (dir: string) => string) =>
    it(`a restarted process takes over within seconds of its start (${RESTART_ROUNDS} kills, ${name})`, async () => {
      const db = location(tempDir('takeover'));
      for (let r = 0; r < RESTART_ROUNDS; r++) {
        const channel = await posts(db);
        const a = await holder(db, channel);
        await kill(a);
        const killedAt = Date.now();
        figures.kills++;
        const b = await bot(db);
        try {
          const last = await delivered(channel);
          figures.restart.push(seconds(last - b.readyAt));
          figures.restartFromKill.push(seconds(last - killedAt));
        } finally {
          await kill(b);
        }
      }
    }, 600_000);

  restartOn('SQLite', (dir) => join(dir, 'umpire.db'));
  restartOn('PGlite', (dir) => `pglite:${join(dir, 'pg')}`);

  it('prints the figures', () => {
    figureLine(
      'outbox takeover',
      `${figures.kills} kills, posts resumed within max ${max(figures.live)} s of the kill by a live process, within max ${max(figures.restart)} s of a restarted process's start (${max(figures.restartFromKill)} s of the kill, start-up included), live claims stolen ${figures.stolen}, lost ${figures.lost}, doubled ${figures.doubled}`,
    );
    expect(figures).toMatchObject({ lost: 0, doubled: 0, stolen: 0 });
    expect(max(figures.live)).toBeLessThan(LIMIT_MS / 1000);
    expect(max(figures.restart)).toBeLessThan(LIMIT_MS / 1000);
    expect(figures.kills).toBe((SERVER ? 2 : 1) * LIVE_ROUNDS + 2 * RESTART_ROUNDS);
  });
});
