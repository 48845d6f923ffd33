import type { Destination, Message } from '../messages.ts';

/** A row of `events` as read back, `data` already parsed. */
export interface StoredEvent {
  position: number;
  battleId: string;
  version: number;
  type: string;
  data: unknown;
  actor: string;
  at: string;
  requestId: string | null;
  hash: string;
  /** The secret salt its hash binds (hex, 32 bytes; src/store/hash.ts, sealOf); null for an event written before sealing. */
  salt: string | null;
}

/**
 * A stored event as the battle folds it (src/battle's LoggedEvent, which the store does not import):
 * without its position and hash, which neither a replay nor a report reads.
 */
export interface EventEntry {
  battleId: string;
  version: number;
  event: { type: string; data: unknown };
  actor: string;
  at: string;
  requestId: string | null;
}

export interface NewEvent {
  type: string;
  data: unknown;
  /**
   * Given only by a copy between stores (copy.ts), so every hash comes out as it was: the salt the
   * event was written with, null for one written before sealing. A new event gets a new salt.
   */
  salt?: string | null;
}

export interface AppendMeta {
  actor: string;
  /** ISO-8601 time the action was decided. */
  at: string;
  /** The request's idempotency key; null for events no user request caused. */
  requestId: string | null;
  /**
   * The dice seed (hex) of the battle this append creates: stored apart from the log (battle_seeds)
   * in the same transaction as its BattleCreated, so a battle never has a seed other than the one
   * its posted commitment hashes, even when two processes race to create it.
   */
  seed?: string;
  /**
   * Set by a copy between stores (copy.ts) for a battle that ended in its source: its BattleCreated
   * registers it without claiming its channel (channel_claims), which a battle running there keeps.
   */
  unclaimed?: true;
}

/** What a request produced: kept with the request so a repeat returns the first result. */
export interface RequestResult {
  versions: number[];
  replies: Message[];
}

/** An append's answer: the versions it wrote (load reads their rows), or the first result of a request seen before. */
export type AppendOutcome =
  | { status: 'appended'; versions: number[] }
  | { status: 'duplicate'; result: RequestResult };

export interface OutboxRow {
  id: number;
  battleId: string;
  destination: Destination;
  message: Message;
  attempts: number;
  createdAt: string;
}

/** An outbox row as a page shows it: the post or DM and the stream version its append reached. */
export interface PostRow {
  version: number | null;
  message: Message;
}

/** Thrown when the stream moved on since the state was loaded. */
export class ConcurrencyError extends Error {
  constructor(
    readonly battleId: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`battle ${battleId}: expected version ${expected}, found ${actual}`);
    this.name = 'ConcurrencyError';
  }
}

/**
 * Thrown when an append's BattleCreated finds its channel claimed by a running battle (another
 * process created it since the caller looked): nothing was written. The caller looks again.
 */
export class ChannelTakenError extends Error {
  constructor(
    readonly battleId: string,
    readonly channel: string,
  ) {
    super(`battle ${battleId}: channel ${channel} already has a running battle`);
    this.name = 'ChannelTakenError';
  }
}

export interface BattleRow {
  id: string;
  channel: string;
  name: string;
  system: string;
  createdAt: string;
  ended: boolean;
}

/** A campaign known to the store (issue 29): registered when its CampaignCreated is appended, ended by its CampaignEnded. */
export interface CampaignRow {
  id: string;
  channel: string;
  name: string;
  createdAt: string;
  ended: boolean;
}

/** The registry's columns from a CampaignCreated; one without them cannot be stored (the append is rolled back whole). */
export function campaignCreatedData(campaignId: string, data: unknown): { name: string; channel: string } {
  const d = data as { name?: unknown; channel?: unknown } | null;
  if (d && typeof d.name === 'string' && typeof d.channel === 'string') return { name: d.name, channel: d.channel };
  throw new Error(`CampaignCreated of ${campaignId} lacks name or channel`);
}

/** A campaigns row as selected, `ended` still the stored 0/1. */
export const toCampaignRow = (c: Omit<CampaignRow, 'ended'> & { ended: number }): CampaignRow => ({ ...c, ended: c.ended !== 0 });

/**
 * The battle log, one contract for every database (SQLite embedded, PostgreSQL past one machine).
 * Every method is asynchronous because a server database is; the SQLite store answers at once.
 */
export interface EventStore {
  /**
   * Appends `events` after `expectedVersion` (0 for a new battle) in one transaction together with
   * the outbox messages and the request's result. A `requestId` seen before appends nothing and
   * returns the first result. Throws ConcurrencyError when the stream's version is not
   * `expectedVersion` (another writer went first: the caller decides again on fresh state), and
   * ChannelTakenError when a BattleCreated's channel is claimed by a running battle. A BattleEnded
   * gives up the battle's claim, to the channel's oldest other running battle if any.
   */
  append(
    battleId: string,
    expectedVersion: number,
    events: NewEvent[],
    meta: AppendMeta,
    outbox: Message[],
    replies: Message[],
  ): Promise<AppendOutcome>;
  /** Events of one battle with version > afterVersion, in order. */
  load(battleId: string, afterVersion?: number): Promise<StoredEvent[]>;
  /**
   * The same events as `load`, as the battle folds them: fewer columns read, and one object each
   * rather than a row turned into another (a replay reads every event of a battle).
   */
  loadEntries(battleId: string, afterVersion?: number): Promise<EventEntry[]>;
  /** One battle's log exactly as stored, with the highest version recorded apart from it, for verify. */
  chain(battleId: string): Promise<EventChain>;
  /** The first result of a request id, if it was handled. */
  findRequest(requestId: string): Promise<RequestResult | undefined>;
  version(battleId: string): Promise<number>;
  /** Battles known to the store, in creation order; registered when their BattleCreated is appended. */
  battles(): Promise<BattleRow[]>;
  /** One battle by id, if the store knows it. */
  battle(id: string): Promise<BattleRow | undefined>;
  /**
   * The battle running in a channel: the one holding its claim (channel_claims), if any (one indexed
   * read, however many battles). A channel has one: a BattleCreated is appended with its claim or not at all.
   */
  runningIn(channel: string): Promise<BattleRow | undefined>;
  /**
   * Campaigns known to the store, in creation order; registered when their CampaignCreated is
   * appended. A campaign is a stream of the log but not a battle: `battles` never lists it.
   */
  campaigns(): Promise<CampaignRow[]>;
  /** One campaign by id, if the store knows it. */
  campaign(id: string): Promise<CampaignRow | undefined>;
  /** The campaign of a channel: the newest there not ended, if any (one indexed read, however many campaigns). */
  campaignIn(channel: string): Promise<CampaignRow | undefined>;
  /**
   * Claims up to `limit` undelivered rows due at `now` (next_attempt_at null or <= now) for `owner`
   * until `leaseUntil`, oldest first. A row another owner holds under a live lease is skipped, and so is
   * every later row to the same destination while an older one waits (not yet due, or claimed by
   * another owner), so each destination keeps its order. Two instances never hold one row at once
   * (PostgreSQL: FOR UPDATE SKIP LOCKED).
   */
  claimOutbox(owner: string, limit: number, now: string, leaseUntil: string): Promise<OutboxRow[]>;
  /**
   * The holder's heartbeat: extends `owner`'s claim on the rows `ids` to `leaseUntil` and resolves
   * to the ids it still holds. A row delivered, or taken over by another owner once the claim had
   * lapsed, is left alone and left out, so the holder knows not to hand it to its port.
   */
  renewOutbox(owner: string, ids: number[], leaseUntil: string): Promise<number[]>;
  /** Marks a row delivered (once; a second call changes nothing) and frees its claim. */
  markDelivered(id: number, at: string): Promise<void>;
  /**
   * Counts a failed attempt, sets when to retry, and frees its claim. Given `owner`, only while the
   * row is free or still that owner's: a holder that lost its claim never undoes the new holder's.
   */
  markFailed(id: number, error: string, nextAttemptAt: string, owner?: string): Promise<void>;
  /** Rows not yet delivered, whoever holds them (for tests and the CLI). */
  undelivered(): Promise<OutboxRow[]>;
  /**
   * Every channel post and DM a stream's appends queued (delivered or not), oldest first, each with
   * the version its append reached: what was said, to whom, and when, as it was said (issue 30's pages).
   */
  posts(streamId: string): Promise<PostRow[]>;
  /**
   * The store's key for share links (hex, 32 bytes): made once, at the first call of any process, and
   * kept apart from the log as the seeds are. A link's token is derived from it (src/app/messages/share.ts).
   */
  shareKey(): Promise<string>;
  /** The battle's secret dice seed (hex), kept apart from the log until revealed (docs/architecture.md, Dice). */
  saveSeed(battleId: string, seedHex: string): Promise<void>;
  seed(battleId: string): Promise<string | undefined>;
  /** What the Discord adapter remembers across restarts, in the same database. */
  readonly delivery: DeliveryStateStore;
  close(): Promise<void>;
}

/** A row of `events` exactly as stored, column names as in SQL (SQLite may hand back any type). */
export interface RawEventRow {
  position: SqlValue;
  battle_id: SqlValue;
  version: SqlValue;
  type: SqlValue;
  data: SqlValue;
  actor: SqlValue;
  at: SqlValue;
  request_id: SqlValue;
  hash: SqlValue;
  /** Null for an event written before sealing (hash scheme 1). */
  salt: SqlValue;
}

/** What a database hands back for a column, before any interpretation. */
export type SqlValue = string | number | bigint | Buffer | null;

/** One battle's log as stored, with what verifyChain needs to judge it. */
export interface EventChain {
  battleId: string;
  /** Ordered by version, then position. */
  rows: RawEventRow[];
  /**
   * The highest version recorded beside the rows (0 if none): in the requests' results (on their
   * first events, or rows of requests) and the posts' battle_version. Written in the same
   * transaction as the events, it shows a deleted tail that was announced or that is part of a
   * request still there.
   */
  reached: number;
}

/**
 * Whose DMs are closed (and which battles' GMs were told), the DMs held back for them, and the
 * message that shows each changing status: kept by the Discord adapter across restarts.
 */
export interface DeliveryStateStore {
  /** When the user's DMs last refused the bot, if they are recorded closed. */
  closedSince(user: string): Promise<string | undefined>;
  /** True when the GMs of this battle were already told that the user's DMs are closed. */
  told(user: string, battleId: string): Promise<boolean>;
  /** Records a refused DM and holds its message for the user, in one transaction; a row held before is held once. */
  refused(user: string, battleId: string, outboxId: number, m: Message, at: string): Promise<void>;
  /** A DM went through again: the user's DMs are open. */
  reopened(user: string): Promise<void>;
  hasHeld(user: string): Promise<boolean>;
  /** The messages held for a user, oldest first. */
  held(user: string): Promise<{ outboxId: number; message: Message }[]>;
  /** Forgets held messages once the user was shown them. */
  release(outboxIds: number[]): Promise<void>;
  statusPost(key: string): Promise<{ channelId: string; messageId: string } | undefined>;
  saveStatusPost(key: string, channelId: string, messageId: string, at: string): Promise<void>;
}
