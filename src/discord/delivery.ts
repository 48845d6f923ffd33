import type { Locale } from '../i18n/locales.ts';
import { DiscordAPIError, HTTPError, RateLimitError, REST, RESTJSONErrorCodes, Routes } from 'discord.js';
import type { Logger } from 'pino';
import type { DeliveryPort, DeliveryRow } from '../app/service/dispatcher.ts';
import { lines, say } from '../i18n/text.ts';
import { mention, type Message } from '../messages.ts';
import type { DeliveryStateStore } from '../store/types.ts';
import { render, type DiscordPayload } from './render.ts';

/**
 * A REST client for the outbox: no retries of its own and rate limits thrown rather than waited
 * out, so the dispatcher owns every retry, its backoff, and the order per destination.
 */
export function deliveryRest(token: string, api?: string): REST {
  return new REST({ ...(api ? { api } : {}), retries: 0, rejectOnRateLimit: () => true, timeout: 15_000 }).setToken(token);
}

/**
 * The nonce of a row's messages (at most 25 characters): its id and creation time, so a retry of the
 * row is recognised by Discord while a row of a fresh database with the same id is not.
 */
const nonceOf = (kind: 'o' | 'n', row: DeliveryRow): string => `${kind}${row.id.toString(36)}.${(Date.parse(row.createdAt) || 0).toString(36)}`;

/** An error the dispatcher can retry on: what went wrong, without URLs (they may hold tokens) or bodies (they may hold secrets). */
export class DeliveryError extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** Safe fields of a Discord error for logs: never its URL or request body. */
export function discordErrorInfo(err: unknown): Record<string, unknown> {
  if (err instanceof DiscordAPIError) return { status: err.status, code: err.code, method: err.method, error: err.message };
  if (err instanceof HTTPError) return { status: err.status, method: err.method, error: err.message };
  if (err instanceof RateLimitError) return { status: 429, route: err.route, retryAfterMs: err.retryAfter };
  return { error: err instanceof Error ? `${err.name}: ${err.message}` : String(err) };
}

export interface DiscordDeliveryOptions {
  rest: REST;
  state: DeliveryStateStore;
  /** The channel and GMs of a battle or a campaign (`campaign: true`), to tell them whose DMs are closed. */
  battle: (battleId: string) => Promise<{ channel: string; gms: string[]; campaign?: boolean } | undefined>;
  logger?: Logger;
  now?: () => Date;
  /** How long DMs to a user whose DMs refused the bot are held rather than tried (default an hour). */
  closedDmRetryMs?: number;
  /** Each user's Discord locale from their last interaction (RouterDeps.readers): a DM is worded in it, else in its battle's language. */
  readers?: ReadonlyMap<string, Locale>;
}

/**
 * The Discord side of the outbox: channel posts and DMs over REST. Each part of a message carries a
 * nonce made from its outbox row (`enforce_nonce`), so a retry after a lost response returns the
 * message already created instead of posting it twice. Status posts are edited in place, and pinned
 * when first posted if the message asks (`pin`).
 */
export class DiscordDelivery implements DeliveryPort {
  private readonly dmChannels = new Map<string, string>();
  private readonly now: () => Date;
  private readonly closedDmRetryMs: number;

  constructor(private readonly o: DiscordDeliveryOptions) {
    this.now = o.now ?? (() => new Date());
    this.closedDmRetryMs = o.closedDmRetryMs ?? 60 * 60_000;
  }

  async deliver(m: Message, row: DeliveryRow): Promise<void> {
    try {
      switch (m.to.kind) {
        case 'channel':
          return await this.toChannel(m.to.channel, m, row);
        case 'dm':
          return await this.toUser(m.to.user, m, row);
        case 'reply':
          // An answer to one user belongs to their interaction; there is nothing to send it to later.
          this.o.logger?.warn({ outboxId: row.id, battleId: row.battleId }, 'outbox row addressed as a reply; dropped');
          return;
      }
    } catch (err) {
      if (err instanceof DiscordAPIError && (err.status === 400 || err.status === 404)) {
        // Discord will never accept it (a malformed message, a deleted channel): retrying would block the destination forever.
        this.o.logger?.error({ outboxId: row.id, battleId: row.battleId, destination: m.to, ...discordErrorInfo(err) }, 'Discord refused an outbox message for good; dropped');
        return;
      }
      throw asDeliveryError(err);
    }
  }

  private async toChannel(channel: string, m: Message, row: DeliveryRow): Promise<void> {
    if (m.status) {
      // One message, always: a status post is edited in place, and an edit cannot add a second.
      const parts = render(m, { single: true });
      const known = await this.o.state.statusPost(m.status);
      if (known?.channelId === channel) {
        try {
          // An edit leaves the pin as it is: pinned once, when posted.
          await this.o.rest.patch(Routes.channelMessage(channel, known.messageId), { body: parts[0] });
          return;
        } catch (err) {
          // Deleted meanwhile: post it again below.
          if (!(err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.UnknownMessage)) throw err;
        }
      }
      const id = await this.post(channel, parts, nonceOf('o', row));
      // Pinned before it is remembered: a retry after a failed pin finds the same post (its nonce) and pins it then.
      if (m.pin) await this.pin(channel, id, row);
      await this.o.state.saveStatusPost(m.status, channel, id, this.now().toISOString());
      return;
    }
    await this.post(channel, render(m), nonceOf('o', row));
  }

  /**
   * Pins a status post. A pin Discord refuses for good (the bot lacks the permission to pin, 50013;
   * the channel has its 50 pins, 30003) is logged and leaves the post standing, unpinned.
   */
  private async pin(channel: string, messageId: string, row: DeliveryRow): Promise<void> {
    try {
      await this.o.rest.put(Routes.channelMessagesPin(channel, messageId));
    } catch (err) {
      const refused = err instanceof DiscordAPIError && (err.code === RESTJSONErrorCodes.MissingPermissions || err.code === RESTJSONErrorCodes.MaximumNumberOfPinsReachedForTheChannel);
      if (!refused) throw err;
      this.o.logger?.warn({ outboxId: row.id, battleId: row.battleId, channel, messageId, ...discordErrorInfo(err) }, 'Discord refused to pin a status post; it stands unpinned');
    }
  }

  /** Posts every part; resolves to the first part's message id. */
  private async post(channel: string, parts: DiscordPayload[], nonce: string): Promise<string> {
    let first: string | undefined;
    for (const [i, body] of parts.entries()) {
      const created = (await this.o.rest.post(Routes.channelMessages(channel), { body: { ...body, nonce: `${nonce}.${i}`, enforce_nonce: true } })) as { id: string };
      first ??= created.id;
    }
    return first!;
  }

  private async toUser(user: string, m: Message, row: DeliveryRow): Promise<void> {
    const since = await this.o.state.closedSince(user);
    // Asking again and again for a closed DM only earns refusals (and counts against the bot): hold it for a while.
    if (since && this.now().getTime() - Date.parse(since) < this.closedDmRetryMs) return this.refused(user, m, row);
    try {
      const locale = this.o.readers?.get(user);
      await this.post(await this.dmChannel(user), render(m, locale ? { locale } : {}), nonceOf('o', row));
    } catch (err) {
      if (err instanceof DiscordAPIError && err.code === RESTJSONErrorCodes.CannotSendMessagesToThisUser) return this.refused(user, m, row);
      throw err;
    }
    if (since) await this.o.state.reopened(user);
  }

  private async dmChannel(user: string): Promise<string> {
    let id = this.dmChannels.get(user);
    if (!id) {
      id = ((await this.o.rest.post(Routes.userChannels(), { body: { recipient_id: user } })) as { id: string }).id;
      this.dmChannels.set(user, id);
    }
    return id;
  }

  /**
   * The user's DMs are closed (50007): the row is handled, not retried. The message is held for the
   * user, who is shown it (and their current prompts) privately when they next interact; the
   * battle's GMs are told once. If telling them fails, the row is retried and tells them then.
   */
  private async refused(user: string, m: Message, row: DeliveryRow): Promise<void> {
    if (!(await this.o.state.told(user, row.battleId))) {
      const battle = await this.o.battle(row.battleId);
      if (battle) {
        const notice: Message = {
          to: { kind: 'channel', channel: battle.channel },
          title: say('discord.dmClosed.title'),
          text: lines(
            say('discord.dmClosed.cannot', { user: mention(user) }),
            say('discord.dmClosed.useCommand', { user: mention(user), command: battle.campaign ? '/campaign status' : '/ballot status' }),
            say(battle.campaign ? 'discord.dmClosed.gmsOrders' : 'discord.dmClosed.gmsVote', { gms: battle.gms.map(mention).join(', ') }),
          ),
        };
        await this.post(battle.channel, render(notice, { ping: [...battle.gms, user] }), nonceOf('n', row));
      }
    }
    await this.o.state.refused(user, row.battleId, row.id, m, this.now().toISOString());
    this.o.logger?.info({ outboxId: row.id, battleId: row.battleId, user }, 'DMs closed; message held for the user');
  }
}

/** Rate limits carry Discord's retry-after to the dispatcher; other failures keep only what is safe to log. */
function asDeliveryError(err: unknown): Error {
  if (err instanceof RateLimitError) {
    return new DeliveryError(`rate limited on ${err.route}; retry after ${err.retryAfter} ms`, Math.max(err.retryAfter, err.sublimitTimeout ?? 0));
  }
  if (err instanceof DiscordAPIError) return new DeliveryError(`Discord answered ${err.status} (code ${err.code}): ${err.message}`);
  if (err instanceof HTTPError) return new DeliveryError(`Discord answered ${err.status} ${err.message}`);
  if (err instanceof Error) return new DeliveryError(`${err.name}: ${err.message}`);
  return new DeliveryError(String(err));
}
