import type { Locale } from '../i18n/locales.ts';
import { say } from '../i18n/text.ts';
import { RuleError } from '../rules/errors.ts';
import { once } from 'node:events';
import { Client, Events, GatewayIntentBits } from 'discord.js';
import type { Logger } from 'pino';
import { OutboxDispatcher, defaultBackoffMs } from '../app/service/dispatcher.ts';
import type { Umpire } from '../app/service/umpire.ts';
import { DiscordDelivery, deliveryRest, discordErrorInfo } from './delivery.ts';
import { interactionHandler } from './interactions.ts';
import { loadDice } from '../dice/notation.ts';

export interface BotOptions {
  token: string;
  app: Umpire;
  logger: Logger;
  /** Discord's REST base, e.g. `http://127.0.0.1:PORT/api` for a fake; the gateway URL comes from GET /gateway/bot. */
  api?: string;
  /** How often the outbox is polled (it is also kicked after every action). */
  pollMs?: number;
  /** How often deadlines and reminders are looked at. */
  tickMs?: number;
  backoffMs?: (attempt: number) => number;
  /** False leaves the outbox undelivered (tests of a process that dies before delivering). */
  deliver?: boolean;
  deferAfterMs?: number;
  closedDmRetryMs?: number;
  maxAttachmentBytes?: number;
  /** How long to wait for the gateway's Ready. */
  readyTimeoutMs?: number;
}

export interface Bot {
  client: Client<true>;
  dispatcher: OutboxDispatcher;
  stop(): Promise<void>;
}

/**
 * The Discord bot: a gateway client with the Guilds intent only (slash commands, buttons and DMs
 * need no privileged intent), the interaction handler, the outbox delivered over REST, and the
 * umpire's clock for deadlines.
 */
export async function startBot(o: BotOptions): Promise<Bot> {
  const { app, logger } = o;
  // Loaded while the gateway connects, and settled before the bot says it is ready (issue 38).
  const dice = loadDice();
  const deliver = o.deliver ?? true;
  const client = new Client({ intents: [GatewayIntentBits.Guilds], ...(o.api ? { rest: { api: o.api } } : {}) });
  const state = app.store.delivery;
  // Each user's locale as their interactions give it: their replies and DMs are worded in it.
  const readers = new Map<string, Locale>();
  const port = new DiscordDelivery({
    rest: deliveryRest(o.token, o.api),
    readers,
    state,
    // The stream an outbox row came from: a battle, or a campaign (whose GMs are told in its channel alike).
    battle: async (id) => {
      const row = await app.battle(id);
      if (row) return { channel: row.channel, gms: (await app.state(id)).gms };
      const campaign = await app.campaigns.row(id);
      return campaign ? { channel: campaign.channel, gms: (await app.campaigns.state(id)).gms, campaign: true } : undefined;
    },
    logger,
    now: app.now,
    ...(o.closedDmRetryMs !== undefined ? { closedDmRetryMs: o.closedDmRetryMs } : {}),
  });
  const dispatcher = new OutboxDispatcher(app.store, port, { now: app.now, logger, backoffMs: o.backoffMs ?? defaultBackoffMs });
  const kick = () => {
    if (deliver) dispatcher.drainOnce().catch((err: unknown) => logger.error({ err }, 'outbox pass failed'));
  };

  const handle = interactionHandler({
    app,
    logger,
    state,
    kick,
    readers,
    ...(o.deferAfterMs !== undefined ? { deferAfterMs: o.deferAfterMs } : {}),
    ...(o.maxAttachmentBytes !== undefined ? { maxAttachmentBytes: o.maxAttachmentBytes } : {}),
  });
  client.on(Events.InteractionCreate, (i) => void handle(i));
  client.on(Events.Error, (err) => logger.error({ err }, 'Discord client error'));
  client.on(Events.ShardDisconnect, (e, shard) => logger.warn({ shard, code: e.code }, 'gateway disconnected'));
  client.on(Events.ShardReconnecting, (shard) => logger.info({ shard }, 'gateway reconnecting'));

  const ready = once(client, Events.ClientReady, { signal: AbortSignal.timeout(o.readyTimeoutMs ?? 60_000) });
  ready.catch(() => undefined); // awaited below, unless login fails first
  try {
    await client.login(o.token);
    await ready;
  } catch (err) {
    await client.destroy();
    const e = new RuleError(say('discord.connectFailed', { why: String(discordErrorInfo(err).error ?? (err as Error).message) }));
    e.cause = err;
    throw e;
  }
  const c = client as Client<true>;
  await dice;
  logger.info({ bot: c.user.tag, application: c.application.id }, 'Discord bot ready');

  // Posts left over from a previous run go out first; then the outbox is polled.
  if (deliver) dispatcher.start(o.pollMs ?? 1000);
  const ticker = setInterval(() => {
    app.tick().then(
      (done) => done > 0 && kick(),
      (err: unknown) => logger.error({ err }, 'deadline tick failed'),
    );
  }, o.tickMs ?? 5000);
  ticker.unref();

  return {
    client: c,
    dispatcher,
    async stop() {
      clearInterval(ticker);
      client.removeAllListeners(Events.ShardReconnecting);
      await dispatcher.stop();
      await client.destroy();
    },
  };
}
