import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Message } from '../messages.ts';
import { openDatabase, type Db } from './db.ts';
import { battleCreatedData, destinationJson, eventRequestId, parseRequestResult, REGISTERING, requestResultJson, SHARE_KEY_ROW, toBattleRow, toOutboxRow, toPostRow, type StoredBattleRow } from './rows.ts';
import { GENESIS_HASH, rowHash } from './hash.ts';
import { Heads, type Head } from './heads.ts';
import { newSalt } from './salt.ts';
import { SqliteDeliveryState } from './sqlite-delivery.ts';
import { battleSeeds, outbox } from './schema.ts';
import {
  campaignCreatedData,
  ChannelTakenError,
  ConcurrencyError,
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
  toCampaignRow,
} from './types.ts';

const OUTBOX_ROW = {
  id: outbox.id,
  battleId: outbox.battleId,
  destination: outbox.destination,
  message: outbox.message,
  attempts: outbox.attempts,
  createdAt: outbox.createdAt,
};

type EventRowTuple = [number, string, number, string, string, string, string, string | null, string, string | null];
type EntryRowTuple = [number, string, string, string, string, string | null];

const BATTLE_COLUMNS = 'id, channel, name, system, created_at AS createdAt, ended';
const CAMPAIGN_COLUMNS = 'id, channel, name, created_at AS createdAt, ended';
type StoredCampaignRow = Omit<CampaignRow, 'ended'> & { ended: number };

/** An event's row as insertEvent takes it: battle_id, version, type, data, actor, at, request_id, hash, result, salt. */
type EventRowValues = [string, number, string, string, string, string, string | null, string, string | null, string | null];

/** The row of `e`, the `index`th event of its request, stored as `version` after the event hashed `prev`: its data serialized, salted and hashed. */
function eventRow(battleId: string, version: number, prev: string, e: NewEvent, meta: AppendMeta, index: number, result: string | null): EventRowValues {
  const data = JSON.stringify(e.data ?? null);
  const salt = e.salt === undefined ? newSalt() : e.salt;
  const hash = rowHash(prev, battleId, version, { type: e.type, actor: meta.actor, at: meta.at, data, salt });
  return [battleId, version, e.type, data, meta.actor, meta.at, eventRequestId(meta.requestId, index), hash, result, salt];
}

/** An append that writes one row of events and nothing else: no post, no seed, nothing registered. */
const standsAlone = (events: NewEvent[], meta: AppendMeta, out: Message[]) => events.length === 1 && !out.length && meta.seed === undefined && !REGISTERING.has(events[0]!.type);

/** Appends between two of the store's own WAL checkpoints (SqliteEventStore.checkpointSoon). */
export const CHECKPOINT_EVERY = 100;

/** A unique index or primary key refused a row: here, a request id stored before (or a battle created twice). */
const uniqueViolation = (err: unknown) =>
  err instanceof Database.SqliteError && (err.code === 'SQLITE_CONSTRAINT_UNIQUE' || err.code === 'SQLITE_CONSTRAINT_PRIMARYKEY');

/**
 * The event store on SQLite. Hot paths (append, load) use raw prepared better-sqlite3 statements;
 * the rest goes through drizzle. Every append is one synchronous transaction (docs/architecture.md, Storage).
 */
export class SqliteEventStore implements EventStore {
  private readonly sqlite: Database.Database;
  private readonly q;
  private readonly appendTx;
  private readonly claimTx;
  private readonly chainTx;
  /** Each battle's head as this store last wrote it, sparing an append its head's read (appendAlone; appendInTx while no other connection has committed, data_version). */
  private readonly heads = new Heads();
  private dataVersion: number | undefined;
  private appendsSinceCheckpoint = 0;
  private checkpoint: NodeJS.Immediate | undefined;
  readonly delivery: SqliteDeliveryState;

  static open(file: string, opts: { readonly?: boolean } = {}): SqliteEventStore {
    return new SqliteEventStore(openDatabase(file, opts));
  }

  constructor(readonly db: Db) {
    const s = (this.sqlite = db.$client);
    this.delivery = new SqliteDeliveryState(db);
    this.q = {
      // A request's result: on its first event's row, or a row of requests (no events, or stored before 0003).
      resultOnEvent: s.prepare<[string], { result: string | null }>('SELECT result FROM events WHERE request_id = ?'),
      request: s.prepare<[string], { result: string }>('SELECT result FROM requests WHERE request_id = ?'),
      head: s.prepare<[string], { version: number; hash: string }>(
        'SELECT version, hash FROM events WHERE battle_id = ? ORDER BY version DESC LIMIT 1',
      ),
      insertEvent: s.prepare<EventRowValues>('INSERT INTO events (battle_id, version, type, data, actor, at, request_id, hash, result, salt) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)'),
      // The same for a request without a row of requests (appendAlone).
      insertOnce: s.prepare<[...EventRowValues, string | null]>(
        'INSERT INTO events (battle_id, version, type, data, actor, at, request_id, hash, result, salt) SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE NOT EXISTS (SELECT 1 FROM requests WHERE request_id = ?)',
      ),
      dataVersion: s.prepare<[], number>('PRAGMA data_version').pluck(),
      insertRequest: s.prepare<[string, string, string, string]>(
        'INSERT INTO requests (request_id, battle_id, result, at) VALUES (?, ?, ?, ?)',
      ),
      insertOutbox: s.prepare<[string, string, string, string, number]>(
        'INSERT INTO outbox (battle_id, destination, message, created_at, battle_version) VALUES (?, ?, ?, ?, ?)',
      ),
      insertBattle: s.prepare<[string, string, string, string, string]>(
        'INSERT INTO battles (id, channel, name, system, created_at, ended) VALUES (?, ?, ?, ?, ?, 0)',
      ),
      endBattle: s.prepare<[string]>('UPDATE battles SET ended = 1 WHERE id = ?'),
      // A channel's claim (channel_claims): taken with the battle, or refused when a running battle holds it.
      claim: s.prepare<[string, string]>('INSERT INTO channel_claims (channel, battle_id) VALUES (?, ?) ON CONFLICT (channel) DO NOTHING'),
      release: s.prepare<[string], { channel: string }>('DELETE FROM channel_claims WHERE battle_id = ? RETURNING channel'),
      // To the channel's oldest running battle, one left unclaimed by a store from before claims (or a copy).
      handOver: s.prepare<[string]>('INSERT INTO channel_claims (channel, battle_id) SELECT channel, id FROM battles WHERE channel = ? AND ended = 0 ORDER BY rowid LIMIT 1'),
      battles: s.prepare<[], StoredBattleRow>(`SELECT ${BATTLE_COLUMNS} FROM battles ORDER BY rowid`),
      battle: s.prepare<[string], StoredBattleRow>(`SELECT ${BATTLE_COLUMNS} FROM battles WHERE id = ?`),
      runningIn: s.prepare<[string], StoredBattleRow>(`SELECT ${BATTLE_COLUMNS} FROM battles WHERE id = (SELECT battle_id FROM channel_claims WHERE channel = ?)`),
      insertCampaign: s.prepare<[string, string, string, string]>('INSERT INTO campaigns (id, channel, name, created_at, ended) VALUES (?, ?, ?, ?, 0)'),
      endCampaign: s.prepare<[string]>('UPDATE campaigns SET ended = 1 WHERE id = ?'),
      campaigns: s.prepare<[], StoredCampaignRow>(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns ORDER BY rowid`),
      campaign: s.prepare<[string], StoredCampaignRow>(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns WHERE id = ?`),
      campaignIn: s.prepare<[string], StoredCampaignRow>(`SELECT ${CAMPAIGN_COLUMNS} FROM campaigns WHERE channel = ? AND ended = 0 ORDER BY rowid DESC LIMIT 1`),
      seed: s.prepare<[string], { seed: string }>('SELECT seed FROM battle_seeds WHERE battle_id = ?'),
      load: s
        .prepare<[string, number], EventRowTuple>(
          'SELECT position, battle_id, version, type, data, actor, at, request_id, hash, salt FROM events WHERE battle_id = ? AND version > ? ORDER BY version',
        )
        .raw(true),
      entries: s
        .prepare<[string, number], EntryRowTuple>('SELECT version, type, data, actor, at, request_id FROM events WHERE battle_id = ? AND version > ? ORDER BY version')
        .raw(true),
      raw: s.prepare<[string], RawEventRow>(
        'SELECT position, battle_id, version, type, data, actor, at, request_id, hash, salt FROM events WHERE battle_id = ? ORDER BY version, position',
      ),
      // How far the log reached by what was recorded beside it: the requests' results (on their first
      // events, or rows of requests) and the posts' battle_version. A result that is not JSON is skipped.
      reached: s.prepare<[string, string, string], { reached: number | null }>(
        `SELECT max(reached) AS reached FROM (
           SELECT max(v.value) AS reached FROM events, json_each(events.result, '$.versions') AS v
             WHERE events.battle_id = ? AND events.result IS NOT NULL AND json_valid(events.result)
           UNION ALL SELECT max(v.value) FROM requests, json_each(requests.result, '$.versions') AS v
             WHERE requests.battle_id = ? AND json_valid(requests.result)
           UNION ALL SELECT max(battle_version) FROM outbox WHERE battle_id = ?)`,
      ),
    };
    this.appendTx = s.transaction(
      (battleId: string, expectedVersion: number, events: NewEvent[], meta: AppendMeta, out: Message[], replies: Message[]) =>
        this.appendInTx(battleId, expectedVersion, events, meta, out, replies),
    );
    // One read transaction, so an append between the two reads cannot look like a deleted tail.
    this.chainTx = s.transaction((battleId: string): EventChain => {
      const reached = this.q.reached.get(battleId, battleId, battleId)?.reached;
      return { battleId, rows: this.q.raw.all(battleId), reached: typeof reached === 'number' ? reached : 0 };
    });
    this.claimTx = s.transaction((owner: string, limit: number, now: string, leaseUntil: string) => this.claimInTx(owner, limit, now, leaseUntil));
  }

  async append(
    battleId: string,
    expectedVersion: number,
    events: NewEvent[],
    meta: AppendMeta,
    out: Message[],
    replies: Message[],
  ): Promise<AppendOutcome> {
    try {
      // An event that stands alone after the head this store last wrote is one statement
      // (appendAlone); anything else, or one that wrote nothing, is one transaction, IMMEDIATE
      // (the write lock first, so the head's read and the insert cannot be split by another connection).
      const known = this.heads.get(battleId);
      const alone = known?.version === expectedVersion && standsAlone(events, meta, out) ? this.appendAlone(battleId, known, events[0]!, meta, replies) : undefined;
      const { outcome, head } = alone ?? this.appendTx.immediate(battleId, expectedVersion, events, meta, out, replies);
      // Committed: its last event is the battle's head.
      if (head) this.heads.remember(battleId, head);
      this.checkpointSoon();
      return outcome;
    } catch (err) {
      // Rolled back whole. A repeat of a request is noticed here, not by a read before every
      // append: its stale version, or its request id refused by the unique index.
      if (meta.requestId !== null && (err instanceof ConcurrencyError || uniqueViolation(err))) {
        const seen = this.resultOf(meta.requestId);
        if (seen) return { status: 'duplicate', result: seen };
      }
      throw err;
    }
  }

  /**
   * An event with nothing to write beside it (standsAlone) after `head`, as this store last wrote
   * the battle's: one statement, which SQLite commits as a transaction of its own. The log is
   * append-only (migration 0009: SQLite refuses to change or remove an event), so `head` is still
   * the battle's unless another connection appended after it, which the unique (battle_id, version)
   * index refuses this row for. It writes nothing, and answers undefined, then, or when the request
   * has a row of requests (handled before without events): append then takes the transaction,
   * which reads what it needs. No read of data_version first (another connection's commit elsewhere
   * cannot make `head` wrong): on a file that read took a read transaction of its own, 10 to 15 µs
   * between two fsyncs. The statement reads no events (SQLite would copy its rows through a
   * temporary table first, as for any INSERT reading its own table).
   */
  private appendAlone(battleId: string, head: Head, e: NewEvent, meta: AppendMeta, replies: Message[]): { outcome: AppendOutcome; head: Head } | undefined {
    const version = head.version + 1;
    const row = eventRow(battleId, version, head.hash, e, meta, 0, meta.requestId === null ? null : requestResultJson(version, 1, replies));
    try {
      if (this.q.insertOnce.run(...row, meta.requestId).changes === 0) return undefined;
    } catch (err) {
      if (uniqueViolation(err)) return undefined;
      throw err;
    }
    return { outcome: { status: 'appended', versions: [version] }, head: { version, hash: row[7] } };
  }

  /**
   * SQLite checkpoints the WAL (copies it into the database, two more fsyncs) inside the commit that
   * takes it past 1,000 pages: about one command in a hundred here, which then takes 1-2 ms rather
   * than 0.4. So the store checkpoints every CHECKPOINT_EVERY appends itself, after the append that
   * reaches the count has returned and its reply has gone (setImmediate), between commands. SQLite's
   * own checkpoint stays, for a process that never idles. A checkpoint refused (another connection's
   * under way, a disk error the next append will report) is left to the next one.
   */
  private checkpointSoon(): void {
    if (++this.appendsSinceCheckpoint < CHECKPOINT_EVERY || this.checkpoint) return;
    this.checkpoint = setImmediate(() => {
      this.checkpoint = undefined;
      this.appendsSinceCheckpoint = 0;
      try {
        this.sqlite.pragma('wal_checkpoint(PASSIVE)');
      } catch (err) {
        if (!(err instanceof Database.SqliteError)) throw err;
      }
    });
  }

  private appendInTx(
    battleId: string,
    expectedVersion: number,
    events: NewEvent[],
    meta: AppendMeta,
    out: Message[],
    replies: Message[],
  ): { outcome: AppendOutcome; head?: Head | undefined } {
    const q = this.q;
    const { at, requestId } = meta;
    // The heads this store wrote are the battles' own while no other connection has committed
    // (SQLite's data_version, read under the write lock); once one has, each is read again.
    const dataVersion = q.dataVersion.get();
    if (dataVersion !== this.dataVersion) {
      this.heads.clear();
      this.dataVersion = dataVersion;
    }
    const known = this.heads.get(battleId);
    const head = known?.version === expectedVersion ? known : q.head.get(battleId);
    const current = head?.version ?? 0;
    if (current !== expectedVersion) throw new ConcurrencyError(battleId, expectedVersion, current);
    // A request stored where no unique index of this append would meet it: its events, or its row of requests.
    if (requestId !== null) {
      const seen = parseRequestResult(events.length ? q.request.get(requestId)?.result : q.resultOnEvent.get(eventRequestId(requestId, 0))?.result);
      if (seen) return { outcome: { status: 'duplicate', result: seen } };
    }
    if (meta.seed !== undefined) this.saveSeedNow(battleId, meta.seed);

    let prev = head?.hash ?? GENESIS_HASH;
    const result = requestId === null ? null : requestResultJson(current + 1, events.length, replies);
    const versions: number[] = [];
    for (const [i, e] of events.entries()) {
      const version = current + i + 1;
      const row = eventRow(battleId, version, prev, e, meta, i, i === 0 ? result : null);
      q.insertEvent.run(...row);
      if (e.type === 'BattleCreated') {
        const b = battleCreatedData(battleId, e.data);
        q.insertBattle.run(battleId, b.channel, b.name, b.system, at);
        // Thrown, the whole append is rolled back: a channel never has two running battles.
        const endsHere = events.slice(i + 1).some((later) => later.type === 'BattleEnded');
        if (!meta.unclaimed && !endsHere && q.claim.run(b.channel, battleId).changes === 0) throw new ChannelTakenError(battleId, b.channel);
      } else if (e.type === 'BattleEnded') {
        q.endBattle.run(battleId);
        const released = q.release.get(battleId);
        if (released) q.handOver.run(released.channel);
      } else if (e.type === 'CampaignCreated') {
        const c = campaignCreatedData(battleId, e.data);
        q.insertCampaign.run(battleId, c.channel, c.name, at);
      } else if (e.type === 'CampaignEnded') {
        q.endCampaign.run(battleId);
      }
      versions.push(version);
      prev = row[7];
    }
    for (const m of out) q.insertOutbox.run(battleId, destinationJson(m.to), JSON.stringify(m), at, current + versions.length);
    if (requestId !== null && result !== null && !events.length) q.insertRequest.run(requestId, battleId, result, at);
    return { outcome: { status: 'appended', versions }, head: versions.length ? { version: current + versions.length, hash: prev } : undefined };
  }

  async load(battleId: string, afterVersion = 0): Promise<StoredEvent[]> {
    const rows = this.q.load.all(battleId, afterVersion);
    const events = new Array<StoredEvent>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      events[i] = {
        position: r[0],
        battleId: r[1],
        version: r[2],
        type: r[3],
        data: JSON.parse(r[4]),
        actor: r[5],
        at: r[6],
        requestId: r[7],
        hash: r[8],
        salt: r[9],
      };
    }
    return events;
  }

  async loadEntries(battleId: string, afterVersion = 0): Promise<EventEntry[]> {
    const rows = this.q.entries.all(battleId, afterVersion);
    const entries = new Array<EventEntry>(rows.length);
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      entries[i] = { battleId, version: r[0], event: { type: r[1], data: JSON.parse(r[2]) }, actor: r[3], at: r[4], requestId: r[5] };
    }
    return entries;
  }

  /** The rows as SQLite stores them (any column may hold any type), and the highest version recorded beside them (EventChain.reached). */
  async chain(battleId: string): Promise<EventChain> {
    return this.chainTx(battleId);
  }

  async findRequest(requestId: string): Promise<RequestResult | undefined> {
    return this.resultOf(requestId);
  }

  private resultOf(requestId: string): RequestResult | undefined {
    return parseRequestResult(this.q.resultOnEvent.get(eventRequestId(requestId, 0))?.result ?? this.q.request.get(requestId)?.result);
  }

  async version(battleId: string): Promise<number> {
    return this.q.head.get(battleId)?.version ?? 0;
  }

  async battles(): Promise<BattleRow[]> {
    return this.q.battles.all().map(toBattleRow);
  }

  async battle(id: string): Promise<BattleRow | undefined> {
    const row = this.q.battle.get(id);
    return row && toBattleRow(row);
  }

  async runningIn(channel: string): Promise<BattleRow | undefined> {
    const row = this.q.runningIn.get(channel);
    return row && toBattleRow(row);
  }

  async campaigns(): Promise<CampaignRow[]> {
    return this.q.campaigns.all().map(toCampaignRow);
  }

  async campaign(id: string): Promise<CampaignRow | undefined> {
    const row = this.q.campaign.get(id);
    return row && toCampaignRow(row);
  }

  async campaignIn(channel: string): Promise<CampaignRow | undefined> {
    const row = this.q.campaignIn.get(channel);
    return row && toCampaignRow(row);
  }

  /**
   * Claims the due rows (EventStore.claimOutbox). The IMMEDIATE transaction holds SQLite's write lock
   * from the read to the claim, so two processes on one file never claim one row.
   */
  async claimOutbox(owner: string, limit: number, now: string, leaseUntil: string): Promise<OutboxRow[]> {
    return this.claimTx.immediate(owner, limit, now, leaseUntil);
  }

  private claimInTx(owner: string, limit: number, now: string, leaseUntil: string): OutboxRow[] {
    // A row of `table` that another owner holds under a live lease.
    const heldByOther = (table: 'outbox' | 'older') =>
      sql`(${sql.raw(table)}.claimed_by IS NOT NULL AND ${sql.raw(table)}.claimed_by <> ${owner} AND ${sql.raw(table)}.claimed_until > ${now})`;
    const rows = this.db
      .select(OUTBOX_ROW)
      .from(outbox)
      .where(
        and(
          isNull(outbox.deliveredAt),
          sql`(${outbox.nextAttemptAt} IS NULL OR ${outbox.nextAttemptAt} <= ${now})`,
          sql`NOT ${heldByOther('outbox')}`,
          sql`NOT EXISTS (SELECT 1 FROM outbox AS older WHERE older.delivered_at IS NULL
                AND older.destination = ${outbox.destination} AND older.id < ${outbox.id}
                AND (older.next_attempt_at > ${now} OR ${heldByOther('older')}))`,
        ),
      )
      .orderBy(asc(outbox.id))
      .limit(limit)
      .all();
    if (rows.length) {
      this.db
        .update(outbox)
        .set({ claimedBy: owner, claimedUntil: leaseUntil })
        .where(inArray(outbox.id, rows.map((r) => r.id)))
        .run();
    }
    return rows.map(toOutboxRow);
  }

  /**
   * The holder's heartbeat (EventStore.renewOutbox): one UPDATE of the rows still its own, so a row
   * is either renewed or was taken over by another claim, never both (SQLite runs one writer at a time).
   */
  async renewOutbox(owner: string, ids: number[], leaseUntil: string): Promise<number[]> {
    if (!ids.length) return [];
    return this.db
      .update(outbox)
      .set({ claimedUntil: leaseUntil })
      .where(and(inArray(outbox.id, ids), eq(outbox.claimedBy, owner), isNull(outbox.deliveredAt)))
      .returning({ id: outbox.id })
      .all()
      .map((r) => r.id)
      .sort((a, b) => a - b);
  }

  async undelivered(): Promise<OutboxRow[]> {
    return this.db.select(OUTBOX_ROW).from(outbox).where(isNull(outbox.deliveredAt)).orderBy(asc(outbox.id)).all().map(toOutboxRow);
  }

  async posts(streamId: string): Promise<PostRow[]> {
    return this.db.select({ message: outbox.message, version: outbox.battleVersion }).from(outbox).where(eq(outbox.battleId, streamId)).orderBy(asc(outbox.id)).all().map(toPostRow);
  }

  async shareKey(): Promise<string> {
    // Read first: a store opened read-only (umpire serve) has the key once a link was made.
    const had = this.q.seed.get(SHARE_KEY_ROW)?.seed;
    if (had) return had;
    // Whichever process comes first makes it; the others keep it.
    this.db.insert(battleSeeds).values({ battleId: SHARE_KEY_ROW, seed: randomBytes(32).toString('hex'), createdAt: new Date().toISOString() }).onConflictDoNothing().run();
    return this.q.seed.get(SHARE_KEY_ROW)!.seed;
  }

  async markDelivered(id: number, at: string): Promise<void> {
    this.db
      .update(outbox)
      .set({ deliveredAt: at, claimedBy: null, claimedUntil: null })
      .where(and(eq(outbox.id, id), isNull(outbox.deliveredAt)))
      .run();
  }

  async markFailed(id: number, error: string, nextAttemptAt: string, owner?: string): Promise<void> {
    this.db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, lastError: error, nextAttemptAt, claimedBy: null, claimedUntil: null })
      .where(and(eq(outbox.id, id), isNull(outbox.deliveredAt), owner === undefined ? undefined : or(isNull(outbox.claimedBy), eq(outbox.claimedBy, owner))))
      .run();
  }

  /**
   * Keeps a battle's seed. Until the battle has events, a later seed replaces an earlier one (a
   * creation retried after a conflict draws a new seed); once it has events its seed never changes.
   */
  async saveSeed(battleId: string, seedHex: string): Promise<void> {
    this.saveSeedNow(battleId, seedHex);
  }

  private saveSeedNow(battleId: string, seedHex: string): void {
    this.db
      .insert(battleSeeds)
      .values({ battleId, seed: seedHex, createdAt: new Date().toISOString() })
      .onConflictDoUpdate({
        target: battleSeeds.battleId,
        set: { seed: seedHex, createdAt: sql`excluded.created_at` },
        setWhere: sql`NOT EXISTS (SELECT 1 FROM events WHERE events.battle_id = ${battleId})`,
      })
      .run();
  }

  async seed(battleId: string): Promise<string | undefined> {
    return this.q.seed.get(battleId)?.seed;
  }

  async close(): Promise<void> {
    clearImmediate(this.checkpoint);
    this.sqlite.close();
  }
}
