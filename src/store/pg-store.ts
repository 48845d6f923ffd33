import { randomBytes } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { Message } from '../messages.ts';
import { GENESIS_HASH, rowHash } from './hash.ts';
import { newSalt } from './salt.ts';
import type { AppendRows, RunAppend } from './pg-append.ts';
import { Heads, type Head } from './heads.ts';
import type { PgDb } from './pg-db.ts';
import { PgDeliveryState } from './pg-delivery.ts';
import { driverError, guarded, StoreError, uniqueViolation } from './pg-errors.ts';
import { battles, battleSeeds, campaigns, channelClaims, events, outbox, requests } from './pg-schema.ts';
import { battleCreatedData, destinationJson, eventRequestId, parseRequestResult, REGISTERING, requestResultJson, SHARE_KEY_ROW, toBattleRow, toOutboxRow, toPostRow } from './rows.ts';
import {
  campaignCreatedData,
  ChannelTakenError,
  ConcurrencyError,
  toCampaignRow,
  type AppendMeta,
  type AppendOutcome,
  type BattleRow,
  type CampaignRow,
  type EventChain,
  type EventEntry,
  type EventStore,
  type NewEvent,
  type OutboxRow,
  type PostRow,
  type RawEventRow,
  type RequestResult,
  type StoredEvent,
} from './types.ts';


/** Advisory locks of the store: the first key names Umpire ('UMPI'), the second what is serialized. */
export const LOCK_SPACE = 0x554d5049;
const OUTBOX_CLAIMS = 1;
export const MIGRATIONS = 2;

/** The unique indexes a concurrent writer of the same battle or request trips over (SQLSTATE 23505). */
const RACE_INDEXES = new Set(['events_battle_version_unique', 'events_request_id_unique', 'requests_pkey']);
/** The primary key a battle created in a channel another running battle claims trips. */
const CHANNEL_CLAIM = 'channel_claims_pkey';

/** ISO-8601 text compared byte by byte, as SQLite compares it, whatever the database's collation. */
const iso = (e: SQL) => sql`(${e} COLLATE "C")`;

/** An append's parts that do not depend on the head, serialized once however many times it is tried. */
interface Batch {
  battleId: string;
  events: { type: string; data: string; salt: string | null }[];
  meta: AppendMeta;
  created: AppendRows['created'];
  claim: string | null;
  ended: boolean;
  campaigns: AppendRows['campaigns'];
  campaignEnded: boolean;
  outbox: AppendRows['outbox'];
  replies: Message[];
}

/** Rows of a raw query as the driver hands them back (node-postgres and PGlite both answer `{ rows }`). */
export async function rowsOf<T>(db: PgDb, query: SQL): Promise<T[]> {
  const result: unknown = await db.execute(query);
  return (result as { rows: T[] }).rows;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** The same without the global flag: a test of it keeps no position between calls, so one is made once. */
const HAS_LONE_SURROGATE = new RegExp(LONE_SURROGATE.source);
/** PostgreSQL text holds neither NUL nor a lone surrogate (SQLite holds both). */
const unstorable = (s: string) => s.includes('\0') || HAS_LONE_SURROGATE.test(s);
/** Registry text (a battle's name as typed): what PostgreSQL cannot hold becomes U+FFFD; the log keeps the exact name. */
const registryText = (s: string) => s.replaceAll('\0', '\uFFFD').replace(LONE_SURROGATE, '\uFFFD');

/** The first column under the hash PostgreSQL text cannot store exactly, as [what, value]; none, undefined. */
function unstorableColumn(battleId: string, meta: AppendMeta, events: NewEvent[]): [string, string] | undefined {
  if (unstorable(battleId)) return ['battle id', battleId];
  if (unstorable(meta.actor)) return ['actor', meta.actor];
  if (unstorable(meta.at)) return ['time', meta.at];
  for (const e of events) if (unstorable(e.type)) return ['event type', e.type];
  if (meta.requestId !== null && unstorable(meta.requestId)) return ['request id', meta.requestId];
  return undefined;
}

const UNREGISTERED = { created: [], claim: null, ended: false, campaigns: [], campaignEnded: false } as const satisfies Pick<Batch, 'created' | 'claim' | 'ended' | 'campaigns' | 'campaignEnded'>;

/** The registry's rows an append writes beside its events: battles and campaigns created or ended, a channel claimed. */
function registryRows(battleId: string, events: NewEvent[], meta: AppendMeta): Pick<Batch, 'created' | 'claim' | 'ended' | 'campaigns' | 'campaignEnded'> {
  // Most appends (a roll, an order, a fire) register nothing.
  if (!events.some((e) => REGISTERING.has(e.type))) return UNREGISTERED;
  const created = events.flatMap((e, i): AppendRows['created'] => {
    if (e.type !== 'BattleCreated') return [];
    const b = battleCreatedData(battleId, e.data);
    const ended = events.slice(i + 1).some((later) => later.type === 'BattleEnded') ? 1 : 0;
    return [{ channel: registryText(b.channel), name: registryText(b.name), system: registryText(b.system), ended }];
  });
  return {
    created,
    // A battle created running claims its channel; one created and ended at once, or copied ended (AppendMeta.unclaimed), does not.
    claim: meta.unclaimed ? null : (created.find((b) => b.ended === 0)?.channel ?? null),
    ended: events.some((e) => e.type === 'BattleEnded'),
    campaigns: events.flatMap((e, i) => {
      if (e.type !== 'CampaignCreated') return [];
      const c = campaignCreatedData(battleId, e.data);
      const ended = events.slice(i + 1).some((later) => later.type === 'CampaignEnded') ? 1 : 0;
      return [{ channel: registryText(c.channel), name: registryText(c.name), ended }];
    }),
    campaignEnded: events.some((e) => e.type === 'CampaignEnded'),
  };
}

/** What an EventEntry is made of, and the hash, which keeps the battle's head for the next append. */
const ENTRY_ROW = {
  version: events.version,
  type: events.type,
  data: events.data,
  actor: events.actor,
  at: events.at,
  requestId: events.requestId,
  hash: events.hash,
};

/** A stored event's row: the entry's columns with its position and battle. */
const EVENT_ROW = { position: events.position, battleId: events.battleId, ...ENTRY_ROW, salt: events.salt };

/** A battle's events after a version (load and loadEntries read different columns of them). */
const after = (battleId: string, afterVersion: number) => and(eq(events.battleId, battleId), gt(events.version, afterVersion));

/** Registry rows (battles, campaigns) in the order they were created: by their first event's position, as SQLite's rowid keeps it. */
const creationOrder = (t: typeof battles | typeof campaigns) => [sql`(SELECT ${events.position} FROM ${events} WHERE ${events.battleId} = ${t.id} AND ${events.version} = 1)`, iso(sql`${t.createdAt}`), sql`${t.id}`];
const CREATION_ORDER = creationOrder(battles);
const BATTLE_ROW = { id: battles.id, channel: battles.channel, name: battles.name, system: battles.system, createdAt: battles.createdAt, ended: battles.ended };
const CAMPAIGN_ORDER = creationOrder(campaigns);
const CAMPAIGN_ROW = { id: campaigns.id, channel: campaigns.channel, name: campaigns.name, createdAt: campaigns.createdAt, ended: campaigns.ended };

const OUTBOX_ROW = {
  id: outbox.id,
  battleId: outbox.battleId,
  destination: outbox.destination,
  message: outbox.message,
  attempts: outbox.attempts,
  createdAt: outbox.createdAt,
};


/**
 * The event store on PostgreSQL (a server through node-postgres, or PGlite in the process): the
 * SQLite store's semantics on a database many processes share. Each append is one statement
 * (pg-append.ts), so one round trip when the store knows the battle's head: two writers of one
 * battle both write after the same head, and the unique (battle_id, version) index makes the later
 * one fail, which append turns into ConcurrencyError. Inside a transaction every query goes through
 * `tx`: PGlite has one connection, and a query on the database from inside would wait for the
 * transaction forever.
 */
export class PgEventStore implements EventStore {
  readonly delivery: PgDeliveryState;
  private closing: Promise<void> | undefined;
  /** Each battle's head as this store last wrote or read it: a guess its append's statement checks (appendOn). */
  private readonly heads = new Heads();

  constructor(
    /** The database, for what the contract does not cover (a copy from SQLite, a test's cleanup). */
    readonly db: PgDb,
    /** The append's one statement (pg-append.ts), on the driver under `db`. */
    private readonly runAppend: RunAppend,
    /** Ends the connection (the pool's end, PGlite's close); close() calls it once. */
    private readonly closeClient: () => Promise<void> = async () => {},
  ) {
    this.delivery = new PgDeliveryState(db);
  }

  append(
    battleId: string,
    expectedVersion: number,
    newEvents: NewEvent[],
    meta: AppendMeta,
    out: Message[],
    replies: Message[],
  ): Promise<AppendOutcome> {
    // The columns under the hash must be stored exactly, or verify would fail later: refuse now.
    const refused = unstorableColumn(battleId, meta, newEvents);
    if (refused) return Promise.reject(new StoreError(`appending to battle ${JSON.stringify(battleId)}: the ${refused[0]} ${JSON.stringify(refused[1])} holds a NUL or a lone surrogate, which PostgreSQL text cannot store`));
    return guarded(`appending to battle ${battleId}`, async () => {
      // Serialized before the database is asked anything: what cannot be stored fails with nothing written.
      const events = newEvents.map((e) => ({ type: e.type, data: JSON.stringify(e.data ?? null), salt: e.salt === undefined ? newSalt() : e.salt }));
      const batch: Batch = { battleId, events, meta, ...registryRows(battleId, newEvents, meta), outbox: out.map((m) => ({ destination: destinationJson(m.to), message: JSON.stringify(m) })), replies };
      // A guess of the head costs nothing when wrong (the statement checks it), and when right spares
      // a read: a new battle's head is the genesis, another's the last event this store saw.
      const guess = expectedVersion === 0 ? { version: 0, hash: GENESIS_HASH } : this.heads.get(battleId);
      if (guess?.version === expectedVersion) {
        const done = await this.appendOn(guess, batch);
        if (done) return done;
      }
      // No guess, or a wrong one: read the request and the head first, as the SQLite store does.
      this.heads.forget(battleId);
      if (meta.requestId !== null) {
        const seen = await requestResult(this.db, meta.requestId);
        if (seen) return { status: 'duplicate', result: seen };
      }
      const head = (await headOf(this.db, battleId)) ?? { version: 0, hash: GENESIS_HASH };
      if (head.version !== expectedVersion) throw new ConcurrencyError(battleId, expectedVersion, head.version);
      const done = await this.appendOn(head, batch);
      if (done) return done;
      // The head moved between the read and the write.
      throw new ConcurrencyError(battleId, expectedVersion, await this.version(battleId));
    });
  }

  /** Appends `batch` after `head` (runAppend), or returns undefined, having written nothing, when `head` is not the battle's last event. */
  private async appendOn(head: Head, batch: Batch): Promise<AppendOutcome | undefined> {
    const { battleId, meta } = batch;
    const { actor, at, requestId } = meta;
    let prev = head.hash;
    const result = requestId === null ? null : requestResultJson(head.version + 1, batch.events.length, batch.replies);
    const events = batch.events.map((e, i) => {
      const version = head.version + i + 1;
      prev = rowHash(prev, battleId, version, { type: e.type, actor, at, data: e.data, salt: e.salt });
      return { version, type: e.type, data: e.data, request_id: eventRequestId(requestId, i), hash: prev, result: i === 0 ? result : null, salt: e.salt };
    });
    let written: boolean;
    try {
      written = await this.runAppend({
        battleId,
        head,
        actor,
        at,
        events,
        requestId,
        request: requestId !== null && result !== null && !events.length ? { id: requestId, result } : null,
        seed: meta.seed === undefined ? null : { seed: meta.seed, createdAt: new Date().toISOString() },
        created: batch.created,
        claim: batch.claim,
        ended: batch.ended,
        campaigns: batch.campaigns,
        campaignEnded: batch.campaignEnded,
        outbox: batch.outbox,
      });
    } catch (err) {
      const index = uniqueViolation(err);
      // Another process created a battle in this channel first; nothing of this append was written.
      if (index === CHANNEL_CLAIM && batch.claim !== null) throw new ChannelTakenError(battleId, batch.claim);
      if (index === undefined || !RACE_INDEXES.has(index)) throw err;
      // Another writer of this battle (or of this request) committed first, and nothing of this
      // append was written. A repeat of a request returns its first result; otherwise the caller decides again.
      this.heads.forget(battleId);
      if (requestId !== null) {
        const seen = await this.findRequest(requestId);
        if (seen) return { status: 'duplicate', result: seen };
      }
      throw new ConcurrencyError(battleId, head.version, await this.version(battleId));
    }
    if (!written) return undefined;
    this.heads.remember(battleId, events.at(-1) ?? head);
    return { status: 'appended', versions: events.map((e) => e.version) };
  }

  load(battleId: string, afterVersion = 0): Promise<StoredEvent[]> {
    return guarded(`loading battle ${battleId}`, async () => {
      const rows = await this.db.select(EVENT_ROW).from(events).where(after(battleId, afterVersion)).orderBy(asc(events.version));
      this.heads.rememberLast(battleId, rows);
      return rows.map((r) => ({ ...r, data: JSON.parse(r.data) }));
    });
  }

  loadEntries(battleId: string, afterVersion = 0): Promise<EventEntry[]> {
    return guarded(`loading battle ${battleId}`, async () => {
      const rows = await this.db.select(ENTRY_ROW).from(events).where(after(battleId, afterVersion)).orderBy(asc(events.version));
      this.heads.rememberLast(battleId, rows);
      return rows.map((r) => ({ battleId, version: r.version, event: { type: r.type, data: JSON.parse(r.data) }, actor: r.actor, at: r.at, requestId: r.requestId }));
    });
  }

  /**
   * The rows as the driver hands them back, and the version recorded beside them (reachedVersion),
   * read in one snapshot: read apart, an append committed between the reads would look like a
   * deleted tail.
   */
  chain(battleId: string): Promise<EventChain> {
    return guarded(`reading the log of battle ${battleId}`, () =>
      this.db.transaction(
        async (tx) => {
          const rows = await rowsOf<RawEventRow>(
            tx,
            sql`SELECT position, battle_id, version, type, data, actor, at, request_id, hash, salt FROM events WHERE battle_id = ${battleId} ORDER BY version, position`,
          );
          return { battleId, rows, reached: await reachedVersion(tx, battleId) };
        },
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      ),
    );
  }

  findRequest(requestId: string): Promise<RequestResult | undefined> {
    return guarded('reading a request', () => requestResult(this.db, requestId));
  }

  version(battleId: string): Promise<number> {
    return guarded(`reading the version of battle ${battleId}`, async () => {
      const head = await headOf(this.db, battleId);
      if (head) this.heads.remember(battleId, head);
      else this.heads.forget(battleId);
      return head?.version ?? 0;
    });
  }

  /** In creation order: the order their BattleCreated (version 1) was inserted, as SQLite's rowid keeps it. */
  battles(): Promise<BattleRow[]> {
    return guarded('listing battles', async () => {
      const rows = await this.db.select(BATTLE_ROW).from(battles).orderBy(...CREATION_ORDER);
      return rows.map(toBattleRow);
    });
  }

  battle(id: string): Promise<BattleRow | undefined> {
    return guarded(`reading battle ${id}`, async () => {
      const [row] = await this.db.select(BATTLE_ROW).from(battles).where(eq(battles.id, id));
      return row && toBattleRow(row);
    });
  }

  runningIn(channel: string): Promise<BattleRow | undefined> {
    return guarded(`finding the battle of channel ${channel}`, async () => {
      const [row] = await this.db
        .select(BATTLE_ROW)
        .from(channelClaims)
        .innerJoin(battles, eq(battles.id, channelClaims.battleId))
        .where(eq(channelClaims.channel, registryText(channel)));
      return row && toBattleRow(row);
    });
  }

  /** In creation order: the order their CampaignCreated (version 1) was inserted, as SQLite's rowid keeps it. */
  campaigns(): Promise<CampaignRow[]> {
    return guarded('listing campaigns', async () => {
      const rows = await this.db.select(CAMPAIGN_ROW).from(campaigns).orderBy(...CAMPAIGN_ORDER);
      return rows.map(toCampaignRow);
    });
  }

  campaign(id: string): Promise<CampaignRow | undefined> {
    return guarded(`reading campaign ${id}`, async () => {
      const [row] = await this.db.select(CAMPAIGN_ROW).from(campaigns).where(eq(campaigns.id, id));
      return row && toCampaignRow(row);
    });
  }

  campaignIn(channel: string): Promise<CampaignRow | undefined> {
    return guarded(`finding the campaign of channel ${channel}`, async () => {
      const [row] = await this.db
        .select(CAMPAIGN_ROW)
        .from(campaigns)
        .where(and(eq(campaigns.channel, registryText(channel)), eq(campaigns.ended, 0)))
        .orderBy(...CAMPAIGN_ORDER.map((o) => sql`${o} DESC`))
        .limit(1);
      return row && toCampaignRow(row);
    });
  }

  /**
   * Claims the due rows (EventStore.claimOutbox). An advisory lock serializes claims, so two
   * claimers never judge the same rows at once. The candidates are chosen first and then locked
   * FOR UPDATE SKIP LOCKED: a row some other transaction holds (a markDelivered under way) is
   * skipped, and with it every later row to its destination, so a destination's order holds even then.
   */
  claimOutbox(owner: string, limit: number, now: string, leaseUntil: string): Promise<OutboxRow[]> {
    return guarded('claiming outbox rows', async () => {
      if (!(limit > 0)) return [];
      return this.db.transaction(async (tx) => {
        await tx.execute(sql`SELECT pg_advisory_xact_lock(${sql.raw(String(LOCK_SPACE))}, ${sql.raw(String(OUTBOX_CLAIMS))})`);
        // A row of `t` that another owner holds under a live lease.
        const heldByOther = (t: string) =>
          sql`(${sql.raw(t)}.claimed_by IS NOT NULL AND ${sql.raw(t)}.claimed_by <> ${owner} AND ${iso(sql.raw(`${t}.claimed_until`))} > ${now})`;
        const due = (t: string) =>
          sql`${sql.raw(t)}.delivered_at IS NULL AND (${sql.raw(t)}.next_attempt_at IS NULL OR ${iso(sql.raw(`${t}.next_attempt_at`))} <= ${now}) AND NOT ${heldByOther(t)}`;
        const candidates = await rowsOf<{ id: number; destination: string }>(
          tx,
          sql`SELECT o.id, o.destination FROM outbox AS o
              WHERE ${due('o')}
                AND NOT EXISTS (SELECT 1 FROM outbox AS older WHERE older.delivered_at IS NULL
                  AND older.destination = o.destination AND older.id < o.id
                  AND (${iso(sql.raw('older.next_attempt_at'))} > ${now} OR ${heldByOther('older')}))
              ORDER BY o.id LIMIT ${Math.floor(limit)}`,
        );
        if (!candidates.length) return [];
        const locked = await rowsOf<{ id: number }>(
          tx,
          sql`SELECT outbox.id FROM outbox WHERE ${inArray(outbox.id, candidates.map((c) => Number(c.id)))} AND ${due('outbox')}
              ORDER BY outbox.id FOR UPDATE SKIP LOCKED`,
        );
        const lockedIds = new Set(locked.map((r) => Number(r.id)));
        const blocked = new Set<string>();
        const take: number[] = [];
        for (const c of candidates) {
          if (blocked.has(c.destination)) continue;
          if (lockedIds.has(Number(c.id))) take.push(Number(c.id));
          else blocked.add(c.destination);
        }
        if (!take.length) return [];
        const claimed = await tx
          .update(outbox)
          .set({ claimedBy: owner, claimedUntil: leaseUntil })
          .where(inArray(outbox.id, take))
          .returning(OUTBOX_ROW);
        return claimed.sort((a, b) => a.id - b.id).map(toOutboxRow);
      });
    });
  }

  markDelivered(id: number, at: string): Promise<void> {
    return guarded(`marking outbox row ${id} delivered`, async () => {
      await this.db
        .update(outbox)
        .set({ deliveredAt: at, claimedBy: null, claimedUntil: null })
        .where(and(eq(outbox.id, id), isNull(outbox.deliveredAt)));
    });
  }

  markFailed(id: number, error: string, nextAttemptAt: string, owner?: string): Promise<void> {
    return guarded(`marking outbox row ${id} failed`, async () => {
      await this.db
        .update(outbox)
        .set({ attempts: sql`${outbox.attempts} + 1`, lastError: registryText(error), nextAttemptAt, claimedBy: null, claimedUntil: null })
        .where(and(eq(outbox.id, id), isNull(outbox.deliveredAt), owner === undefined ? undefined : or(isNull(outbox.claimedBy), eq(outbox.claimedBy, owner))));
    });
  }

  /**
   * The holder's heartbeat (EventStore.renewOutbox): one UPDATE of the rows still its own. A claim
   * under way waits for the row's lock and then sees the renewed lease, or runs first and the
   * renewal finds the row another owner's: a row is renewed or taken over, never both.
   */
  renewOutbox(owner: string, ids: number[], leaseUntil: string): Promise<number[]> {
    return guarded('renewing the claim on outbox rows', async () => {
      if (!ids.length) return [];
      const rows = await this.db
        .update(outbox)
        .set({ claimedUntil: leaseUntil })
        .where(and(inArray(outbox.id, ids), eq(outbox.claimedBy, owner), isNull(outbox.deliveredAt)))
        .returning({ id: outbox.id });
      return rows.map((r) => Number(r.id)).sort((a, b) => a - b);
    });
  }

  undelivered(): Promise<OutboxRow[]> {
    return guarded('reading the outbox', async () => {
      const rows = await this.db.select(OUTBOX_ROW).from(outbox).where(isNull(outbox.deliveredAt)).orderBy(asc(outbox.id));
      return rows.map(toOutboxRow);
    });
  }

  posts(streamId: string): Promise<PostRow[]> {
    return guarded(`reading the posts of ${streamId}`, async () => {
      const rows = await this.db.select({ message: outbox.message, version: outbox.battleVersion }).from(outbox).where(eq(outbox.battleId, streamId)).orderBy(asc(outbox.id));
      return rows.map(toPostRow);
    });
  }

  shareKey(): Promise<string> {
    return guarded('reading the share key', async () => {
      // Whichever process comes first makes it; the others keep it.
      await this.db.insert(battleSeeds).values({ battleId: SHARE_KEY_ROW, seed: randomBytes(32).toString('hex'), createdAt: new Date().toISOString() }).onConflictDoNothing();
      const [row] = await this.db.select({ seed: battleSeeds.seed }).from(battleSeeds).where(eq(battleSeeds.battleId, SHARE_KEY_ROW));
      return row!.seed;
    });
  }

  /**
   * Keeps a battle's seed. Until the battle has events, a later seed replaces an earlier one (a
   * creation retried after a conflict draws a new seed); once it has events its seed never changes.
   */
  saveSeed(battleId: string, seedHex: string): Promise<void> {
    return guarded(`saving the seed of battle ${battleId}`, () => saveSeedIn(this.db, battleId, seedHex));
  }

  seed(battleId: string): Promise<string | undefined> {
    return guarded(`reading the seed of battle ${battleId}`, async () => {
      const [row] = await this.db.select({ seed: battleSeeds.seed }).from(battleSeeds).where(eq(battleSeeds.battleId, battleId));
      return row?.seed;
    });
  }

  /** Ends the pool or closes PGlite; a second call waits for the first. */
  close(): Promise<void> {
    this.closing ??= this.closeClient();
    return this.closing;
  }
}

async function headOf(db: PgDb, battleId: string): Promise<{ version: number; hash: string } | undefined> {
  const [head] = await db
    .select({ version: events.version, hash: events.hash })
    .from(events)
    .where(eq(events.battleId, battleId))
    .orderBy(sql`${events.version} DESC`)
    .limit(1);
  return head;
}

/** A request's result: on its first event's row, or a row of requests (no events, or stored before events.result). */
async function requestResult(db: PgDb, requestId: string): Promise<RequestResult | undefined> {
  const [row] = await db.select({ result: events.result }).from(events).where(eq(events.requestId, eventRequestId(requestId, 0)));
  return parseRequestResult(row?.result ?? (await db.select({ result: requests.result }).from(requests).where(eq(requests.requestId, requestId)))[0]?.result);
}

async function saveSeedIn(db: PgDb, battleId: string, seedHex: string): Promise<void> {
  await db
    .insert(battleSeeds)
    .values({ battleId, seed: seedHex, createdAt: new Date().toISOString() })
    .onConflictDoUpdate({
      target: battleSeeds.battleId,
      set: { seed: seedHex, createdAt: sql`excluded.created_at` },
      setWhere: sql`NOT EXISTS (SELECT 1 FROM ${events} WHERE ${events.battleId} = ${battleId})`,
    });
}

/**
 * The highest version recorded beside the battle's rows: its posts' battle_version, and its
 * requests' results (RequestResult.versions, on their first events or rows of requests) read by
 * jsonb in the database. A result that is not JSON (a table was edited) makes the cast fail: then,
 * in a savepoint so the snapshot's transaction lives on, each result is read and the unreadable
 * skipped, as SQLite's json_valid skips them.
 */
async function reachedVersion(tx: PgDb, battleId: string): Promise<number> {
  const results = sql`SELECT result FROM events WHERE battle_id = ${battleId} AND result IS NOT NULL
                      UNION ALL SELECT result FROM requests WHERE battle_id = ${battleId}`;
  const [posted] = await rowsOf<{ reached: number | null }>(tx, sql`SELECT max(battle_version) AS reached FROM outbox WHERE battle_id = ${battleId}`);
  const fromPosts = posted?.reached == null ? 0 : Number(posted.reached);
  try {
    return await tx.transaction(async (sp) => {
      const [row] = await rowsOf<{ reached: string | number | null }>(
        sp,
        sql`SELECT max((v.value #>> '{}')::numeric) AS reached
            FROM (${results}) AS r,
                 jsonb_array_elements(CASE WHEN jsonb_typeof(r.result::jsonb -> 'versions') = 'array'
                                           THEN r.result::jsonb -> 'versions' ELSE '[]'::jsonb END) AS v
            WHERE jsonb_typeof(v.value) = 'number'`,
      );
      return Math.max(fromPosts, row?.reached == null ? 0 : Number(row.reached));
    });
  } catch (err) {
    // 22P02: invalid input syntax for type json.
    if (driverError(err)?.code !== '22P02') throw err;
    const rows = await rowsOf<{ result: string }>(tx, results);
    let reached = fromPosts;
    for (const { result } of rows) {
      try {
        const versions = (JSON.parse(result) as { versions?: unknown } | null)?.versions;
        if (Array.isArray(versions)) for (const v of versions) if (typeof v === 'number' && v > reached) reached = v;
      } catch {
        // not JSON: nothing recorded
      }
    }
    return reached;
  }
}
