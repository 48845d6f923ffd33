import type Database from 'better-sqlite3';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { Destination, Message } from '../messages.ts';
import { openDatabase, type Db } from './db.ts';
import { eventHash, GENESIS_HASH } from './hash.ts';
import { battles, battleSeeds, outbox } from './schema.ts';
import {
  ConcurrencyError,
  type AppendMeta,
  type AppendOutcome,
  type BattleRow,
  type EventStore,
  type NewEvent,
  type OutboxRow,
  type RequestResult,
  type StoredEvent,
} from './types.ts';

/** Destination as JSON with a fixed key order, so one destination is always the same text. */
export function destinationJson(d: Destination): string {
  switch (d.kind) {
    case 'channel':
      return JSON.stringify({ kind: d.kind, channel: d.channel });
    case 'dm':
      return JSON.stringify({ kind: d.kind, user: d.user });
    case 'reply':
      return JSON.stringify({ kind: d.kind, user: d.user, channel: d.channel });
  }
}

type EventRowTuple = [number, string, number, string, string, string, string, string | null, string];

interface BattleCreatedData {
  name: string;
  system: string;
  channel: string;
}

function battleCreatedData(battleId: string, data: unknown): BattleCreatedData {
  const d = data as Partial<Record<keyof BattleCreatedData, unknown>> | null;
  if (d && typeof d.name === 'string' && typeof d.system === 'string' && typeof d.channel === 'string') {
    return { name: d.name, system: d.system, channel: d.channel };
  }
  throw new Error(`BattleCreated of ${battleId} lacks name, system or channel`);
}

/**
 * The event store on SQLite. Hot paths (append, load) use raw prepared better-sqlite3 statements;
 * the rest goes through drizzle. Every append is one synchronous transaction (DESIGN.md, Known traps).
 */
export class SqliteEventStore implements EventStore {
  private readonly sqlite: Database.Database;
  private readonly q;
  private readonly appendTx;

  static open(file: string): SqliteEventStore {
    return new SqliteEventStore(openDatabase(file));
  }

  constructor(private readonly db: Db) {
    const s = (this.sqlite = db.$client);
    this.q = {
      request: s.prepare<[string], { result: string }>('SELECT result FROM requests WHERE request_id = ?'),
      head: s.prepare<[string], { version: number; hash: string }>(
        'SELECT version, hash FROM events WHERE battle_id = ? ORDER BY version DESC LIMIT 1',
      ),
      insertEvent: s.prepare<[string, number, string, string, string, string, string | null, string]>(
        'INSERT INTO events (battle_id, version, type, data, actor, at, request_id, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
      ),
      insertRequest: s.prepare<[string, string, string, string]>(
        'INSERT INTO requests (request_id, battle_id, result, at) VALUES (?, ?, ?, ?)',
      ),
      insertOutbox: s.prepare<[string, string, string, string]>(
        'INSERT INTO outbox (battle_id, destination, message, created_at) VALUES (?, ?, ?, ?)',
      ),
      insertBattle: s.prepare<[string, string, string, string, string]>(
        'INSERT INTO battles (id, channel, name, system, created_at, ended) VALUES (?, ?, ?, ?, ?, 0)',
      ),
      endBattle: s.prepare<[string]>('UPDATE battles SET ended = 1 WHERE id = ?'),
      load: s
        .prepare<[string, number], EventRowTuple>(
          'SELECT position, battle_id, version, type, data, actor, at, request_id, hash FROM events WHERE battle_id = ? AND version > ? ORDER BY version',
        )
        .raw(true),
    };
    this.appendTx = s.transaction(
      (battleId: string, expectedVersion: number, events: NewEvent[], meta: AppendMeta, out: Message[], replies: Message[]) =>
        this.appendInTx(battleId, expectedVersion, events, meta, out, replies),
    );
  }

  append(
    battleId: string,
    expectedVersion: number,
    events: NewEvent[],
    meta: AppendMeta,
    out: Message[],
    replies: Message[],
  ): AppendOutcome {
    // IMMEDIATE takes the write lock first, so the version read and the insert cannot be split by
    // another connection.
    return this.appendTx.immediate(battleId, expectedVersion, events, meta, out, replies);
  }

  private appendInTx(
    battleId: string,
    expectedVersion: number,
    events: NewEvent[],
    meta: AppendMeta,
    out: Message[],
    replies: Message[],
  ): AppendOutcome {
    const q = this.q;
    const { actor, at, requestId } = meta;
    if (requestId !== null) {
      const seen = q.request.get(requestId);
      if (seen) return { status: 'duplicate', result: JSON.parse(seen.result) as RequestResult };
    }
    const head = q.head.get(battleId);
    const current = head?.version ?? 0;
    if (current !== expectedVersion) throw new ConcurrencyError(battleId, expectedVersion, current);
    if (meta.seed !== undefined) this.saveSeed(battleId, meta.seed);

    let prev = head?.hash ?? GENESIS_HASH;
    const stored: StoredEvent[] = [];
    for (const [i, e] of events.entries()) {
      const version = current + i + 1;
      const data = JSON.stringify(e.data ?? null);
      const hash = eventHash(prev, battleId, version, e.type, actor, at, data);
      const rid = requestId === null ? null : `${requestId}#${i}`;
      const { lastInsertRowid } = q.insertEvent.run(battleId, version, e.type, data, actor, at, rid, hash);
      if (e.type === 'BattleCreated') {
        const b = battleCreatedData(battleId, e.data);
        q.insertBattle.run(battleId, b.channel, b.name, b.system, at);
      } else if (e.type === 'BattleEnded') {
        q.endBattle.run(battleId);
      }
      // What load will return: the stored JSON read back, not the caller's object.
      stored.push({ position: Number(lastInsertRowid), battleId, version, type: e.type, data: JSON.parse(data), actor, at, requestId: rid, hash });
      prev = hash;
    }
    for (const m of out) q.insertOutbox.run(battleId, destinationJson(m.to), JSON.stringify(m), at);
    if (requestId !== null) {
      const result: RequestResult = { versions: stored.map((e) => e.version), replies };
      q.insertRequest.run(requestId, battleId, JSON.stringify(result), at);
    }
    return { status: 'appended', events: stored };
  }

  load(battleId: string, afterVersion = 0): StoredEvent[] {
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
      };
    }
    return events;
  }

  findRequest(requestId: string): RequestResult | undefined {
    const row = this.q.request.get(requestId);
    return row ? (JSON.parse(row.result) as RequestResult) : undefined;
  }

  version(battleId: string): number {
    return this.q.head.get(battleId)?.version ?? 0;
  }

  battles(): BattleRow[] {
    return this.db
      .select()
      .from(battles)
      .orderBy(sql`rowid`)
      .all()
      .map((b) => ({ ...b, ended: b.ended !== 0 }));
  }

  /**
   * Undelivered rows due at `now` (next_attempt_at null or <= now), oldest first. A row waits while
   * an older undelivered row to the same destination is not yet due, so each destination keeps its order.
   * `now` (ISO-8601) is an optional addition to EventStore's signature, so a dispatcher's clock governs.
   */
  pendingOutbox(limit = 100, now: string = new Date().toISOString()): OutboxRow[] {
    const rows = this.db
      .select({
        id: outbox.id,
        battleId: outbox.battleId,
        destination: outbox.destination,
        message: outbox.message,
        attempts: outbox.attempts,
        createdAt: outbox.createdAt,
      })
      .from(outbox)
      .where(
        and(
          isNull(outbox.deliveredAt),
          sql`(${outbox.nextAttemptAt} IS NULL OR ${outbox.nextAttemptAt} <= ${now})`,
          sql`NOT EXISTS (SELECT 1 FROM outbox AS older WHERE older.delivered_at IS NULL
                AND older.destination = ${outbox.destination} AND older.id < ${outbox.id}
                AND older.next_attempt_at > ${now})`,
        ),
      )
      .orderBy(asc(outbox.id))
      .limit(limit)
      .all();
    return rows.map((r) => ({
      id: r.id,
      battleId: r.battleId,
      destination: JSON.parse(r.destination) as Destination,
      message: JSON.parse(r.message) as Message,
      attempts: r.attempts,
      createdAt: r.createdAt,
    }));
  }

  markDelivered(id: number, at: string): void {
    this.db
      .update(outbox)
      .set({ deliveredAt: at })
      .where(and(eq(outbox.id, id), isNull(outbox.deliveredAt)))
      .run();
  }

  markFailed(id: number, error: string, nextAttemptAt: string): void {
    this.db
      .update(outbox)
      .set({ attempts: sql`${outbox.attempts} + 1`, lastError: error, nextAttemptAt })
      .where(and(eq(outbox.id, id), isNull(outbox.deliveredAt)))
      .run();
  }

  /**
   * Keeps a battle's seed. Until the battle has events, a later seed replaces an earlier one (a
   * creation retried after a conflict draws a new seed); once it has events its seed never changes.
   */
  saveSeed(battleId: string, seedHex: string): void {
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

  seed(battleId: string): string | undefined {
    return this.db.select({ seed: battleSeeds.seed }).from(battleSeeds).where(eq(battleSeeds.battleId, battleId)).get()?.seed;
  }

  close(): void {
    this.sqlite.close();
  }
}
