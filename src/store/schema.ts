import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/**
 * The battle log (docs/architecture.md, Storage). `data` is the event's JSON text exactly as hashed;
 * `request_id` is `<requestId>#<index>` per event of one request, null for events no request caused.
 * `result` is on the first event of a request (`#0`): the request's result (JSON of RequestResult),
 * returned again on a repeat. It is kept on the event's row, not a row of its own, so an append
 * writes one row per event (outside the hash: it is what the umpire answered, not the event). Its
 * `versions`, and the outbox rows' `battle_version`, tell `verify` how far the log reached.
 */
export const events = sqliteTable(
  'events',
  {
    position: integer('position').primaryKey({ autoIncrement: true }),
    battleId: text('battle_id').notNull(),
    version: integer('version').notNull(),
    type: text('type').notNull(),
    data: text('data').notNull(),
    actor: text('actor').notNull(),
    at: text('at').notNull(),
    requestId: text('request_id'),
    hash: text('hash').notNull(),
    result: text('result'),
    /**
     * The secret salt the event's hash binds (hex, 32 bytes from the CSPRNG, never the dice stream):
     * a view that may not read the event gets its seal, never its salt (src/store/hash.ts). Null for
     * an event written before sealing, which keeps its scheme-1 hash.
     */
    salt: text('salt'),
  },
  (t) => [
    uniqueIndex('events_battle_version_unique').on(t.battleId, t.version),
    uniqueIndex('events_request_id_unique').on(t.requestId),
  ],
);

/**
 * The result (JSON of RequestResult) of a request that appended no event, so it has no event row
 * to keep it (events.result); and every request's result from before events.result existed, whose
 * `versions` still tell `verify` how far those logs reached.
 */
export const requests = sqliteTable('requests', {
  requestId: text('request_id').primaryKey(),
  battleId: text('battle_id').notNull(),
  result: text('result').notNull(),
  at: text('at').notNull(),
});

/** Channel posts and DMs waiting to leave, written in the append's transaction. */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    battleId: text('battle_id').notNull(),
    /** Canonical JSON of the message's Destination; equal destinations have equal text. */
    destination: text('destination').notNull(),
    message: text('message').notNull(),
    createdAt: text('created_at').notNull(),
    deliveredAt: text('delivered_at'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: text('next_attempt_at'),
    lastError: text('last_error'),
    /** The dispatcher instance delivering the row, until claimed_until (ISO-8601); null when free. */
    claimedBy: text('claimed_by'),
    claimedUntil: text('claimed_until'),
    /**
     * The version the battle's log reached with the append that queued this post: `verify` holds the
     * log to the highest, so a deleted tail that was announced is noticed. Rows stay once delivered.
     */
    battleVersion: integer('battle_version'),
  },
  (t) => [
    index('outbox_undelivered_idx').on(t.id).where(sql`delivered_at IS NULL`),
    index('outbox_undelivered_destination_idx').on(t.destination, t.id).where(sql`delivered_at IS NULL`),
    // A stream's posts in order, for its pages (EventStore.posts).
    index('outbox_battle_idx').on(t.battleId, t.id),
  ],
);

/** Battles known to the store, kept by append from BattleCreated and BattleEnded events; a channel's running battle is found by `channel`. */
export const battles = sqliteTable(
  'battles',
  {
    id: text('id').primaryKey(),
    channel: text('channel').notNull(),
    name: text('name').notNull(),
    system: text('system').notNull(),
    createdAt: text('created_at').notNull(),
    ended: integer('ended').notNull().default(0),
  },
  (t) => [index('battles_channel_idx').on(t.channel)],
);

/**
 * The running battle of each channel (issue 38): a claim taken in the same append as the battle's
 * BattleCreated and given up by its BattleEnded, so two processes creating battles in one channel
 * at once cannot both succeed: the primary key refuses the second, and its append is rolled back
 * whole. A table of its own rather than a unique index on battles(channel) WHERE ended = 0, so a
 * store from before, with two running battles in a channel, migrates: the older holds the claim,
 * and the newer takes it when the older ends (nothing in `battles` is changed but by the log).
 */
export const channelClaims = sqliteTable(
  'channel_claims',
  {
    channel: text('channel').primaryKey(),
    battleId: text('battle_id').notNull(),
  },
  // A battle's claim is found by its id when it ends.
  (t) => [index('channel_claims_battle_idx').on(t.battleId)],
);

/**
 * Campaigns known to the store (issue 29), kept by append from CampaignCreated and CampaignEnded
 * events as `battles` is from a battle's: a campaign is a stream of its own in `events` (its id
 * `c<n>` in battle_id), not a battle, so it has a table of its own; a channel's campaign is found by `channel`.
 */
export const campaigns = sqliteTable(
  'campaigns',
  {
    id: text('id').primaryKey(),
    channel: text('channel').notNull(),
    name: text('name').notNull(),
    createdAt: text('created_at').notNull(),
    ended: integer('ended').notNull().default(0),
  },
  (t) => [index('campaigns_channel_idx').on(t.channel)],
);

/**
 * Secret dice seeds (hex), apart from the log until revealed (docs/architecture.md, Dice); and, under the id
 * `~share` (never a stream's), the store's key for share links (EventStore.shareKey).
 */
export const battleSeeds = sqliteTable('battle_seeds', {
  battleId: text('battle_id').primaryKey(),
  seed: text('seed').notNull(),
  createdAt: text('created_at').notNull(),
});

/**
 * Users whose DMs refused the bot (Discord error 50007), per battle whose GMs were told. Kept by the
 * Discord adapter: it skips DMs to them for a while and shows them what it held back when they next
 * interact.
 */
export const closedDms = sqliteTable(
  'closed_dms',
  {
    userId: text('user_id').notNull(),
    battleId: text('battle_id').notNull(),
    /** The latest refusal. */
    refusedAt: text('refused_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.battleId] })],
);

/**
 * DMs not delivered because the user's DMs are closed, keyed by their outbox row (so a retried row is
 * held once), shown to the user privately when they next interact.
 */
export const heldDms = sqliteTable(
  'held_dms',
  {
    outboxId: integer('outbox_id').primaryKey(),
    userId: text('user_id').notNull(),
    battleId: text('battle_id').notNull(),
    /** JSON of the Message. */
    message: text('message').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [index('held_dms_user_idx').on(t.userId, t.outboxId)],
);

/** The chat message that shows each changing status (Message.status), edited in place by the Discord adapter. */
export const statusPosts = sqliteTable('status_posts', {
  key: text('key').primaryKey(),
  channelId: text('channel_id').notNull(),
  messageId: text('message_id').notNull(),
  updatedAt: text('updated_at').notNull(),
});
