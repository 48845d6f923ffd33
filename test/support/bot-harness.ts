import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { Umpire } from '../../src/app/service/umpire.ts';
import { REDACT } from '../../src/config/logger.ts';
import { startBot, type Bot } from '../../src/discord/bot.ts';
import { applicationCommands } from '../../src/discord/command-json.ts';
import { openDatabase, type Db } from '../../src/store/db.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { FakeDiscord, type FakeInteraction, type FakeMessage, type FakeUser } from './fake-discord.ts';

export interface Harness {
  fake: FakeDiscord;
  app: Umpire;
  store: SqliteEventStore;
  db: Db;
  bot: Bot;
  dbFile: string;
  /** Every log line the bot wrote (JSON), for assertions on logging. */
  logs: string[];
  /** Stops the bot and closes its database (the fake keeps running). */
  stop(): Promise<void>;
}

export const tempDb = (): string => join(mkdtempSync(join(tmpdir(), 'umpire-discord-')), 'umpire.db');

/**
 * The real bot, with its real discord.js Client, against a fake Discord on 127.0.0.1: short poll and
 * backoff so faults clear within a test's time.
 */
export async function startHarness(o: { fake?: FakeDiscord; dbFile?: string; deliver?: boolean } = {}): Promise<Harness> {
  const fake = o.fake ?? (await FakeDiscord.start());
  if (!fake.commands.length) fake.useCommands(applicationCommands());
  const dbFile = o.dbFile ?? tempDb();
  const logs: string[] = [];
  const logger = pino({ level: 'debug', redact: { paths: REDACT, censor: '[secret]' } }, new Writable({ write: (c, _e, done) => (logs.push(String(c)), done()) }));
  const db = openDatabase(dbFile);
  const store = new SqliteEventStore(db);
  const app = new Umpire(store, { logger, newSeed: () => Buffer.alloc(32, 7) });
  const bot = await startBot({
    token: fake.token,
    app,
    logger,
    api: fake.api,
    pollMs: 20,
    tickMs: 200,
    backoffMs: (n) => 20 * 2 ** (n - 1),
    ...(o.deliver === false ? { deliver: false } : {}),
  });
  return {
    fake,
    app,
    store,
    db,
    bot,
    dbFile,
    logs,
    async stop() {
      await bot.stop();
      db.$client.close();
    },
  };
}

/**
 * Resolves once the outbox has nothing left to send and a pass over it has ended since: the
 * sentinel after which the bot posts nothing more unbidden (no duplicate, no retry), for a test
 * that shows nothing more arrives.
 */
export async function outboxSettled(h: Pick<Harness, 'fake' | 'store' | 'bot'>): Promise<void> {
  await h.fake.until(async () => (await h.store.undelivered()).length === 0, 'the outbox to be empty');
  await h.bot.dispatcher.drainOnce();
}

/** The example order of battle of Quatre Bras, its players given as the fake's user ids. */
export function quatreBras(players: Record<'alice' | 'bob' | 'carol' | 'dave', FakeUser>): string {
  const text = readFileSync(new URL('../../examples/oob/percentile.yaml', import.meta.url), 'utf8');
  return text.replace(/player: (alice|bob|carol|dave)/g, (_m, name: keyof typeof players) => `player: "${players[name].id}"`);
}

/** The text of a message's embeds (title and description), for matching. */
export const textOf = (m: FakeMessage | undefined): string => (m ? [m.content, ...m.embeds.flatMap((e) => [e.title ?? '', e.description ?? ''])].filter(Boolean).join('\n') : '');

/** Every answer the user saw for one interaction: the reply, then the follow-ups. */
export const answers = (i: FakeInteraction): FakeMessage[] => [...(i.original ? [i.original] : []), ...i.followUps];
