import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { serialize } from 'pg-protocol';
import type { Head } from './heads.ts';
import { eventRequestId } from './rows.ts';

/**
 * PgEventStore's append as one prepared statement: one round trip and one transaction (a single
 * statement is one), planned once per connection for each kind of append (which tables it writes,
 * how many events up to EVENTS_AS_ROWS), and its text built once per process. Posts and registry
 * rows travel as one JSON value each.
 */

/** One append, every value as it is stored. */
export interface AppendRows {
  battleId: string;
  /** What the caller believes the last event is; nothing is written unless it is. */
  head: Head;
  actor: string;
  at: string;
  /** `result` on the request's first event (events.result), null on the others. */
  events: { version: number; type: string; data: string; request_id: string | null; hash: string; result: string | null; salt: string | null }[];
  /** The request's id, null for events no request caused. */
  requestId: string | null;
  /** A request that appended no event: its result has a row of its own. */
  request: { id: string; result: string } | null;
  seed: { seed: string; createdAt: string } | null;
  /** A row of `battles` per BattleCreated. */
  created: { channel: string; name: string; system: string; ended: 0 | 1 }[];
  /** The channel a BattleCreated claims (channel_claims), null when none does (see PgEventStore's batch). */
  claim: string | null;
  /** A BattleEnded for a battle registered before this append: it gives up its claim, to the channel's oldest other running battle if any. */
  ended: boolean;
  /** A row of `campaigns` per CampaignCreated (issue 29). */
  campaigns: { channel: string; name: string; ended: 0 | 1 }[];
  /** A CampaignEnded for a campaign registered before this append. */
  campaignEnded: boolean;
  outbox: { destination: string; message: string }[];
}

/** Runs the statement: whether it wrote, nothing being written when `head` was not the last event. */
export type RunAppend = (rows: AppendRows) => Promise<boolean>;

type Value = string | number | boolean | null;

/** The most events an append passes as rows of parameters (see statement). */
const EVENTS_AS_ROWS = 16;

/** What decides an append's statement: which parts it writes, and how its events travel (their count as rows of parameters, or `json`). */
interface Kind {
  /** Its name, which says all the rest: a statement is prepared once per connection by it. */
  name: string;
  first: boolean;
  once: boolean;
  events: number | 'json';
  request: boolean;
  seed: boolean;
  created: boolean;
  claim: boolean;
  ended: boolean;
  campaigns: boolean;
  campaignEnded: boolean;
  outbox: boolean;
}

function kindOf(r: AppendRows): Kind {
  const k = {
    first: r.head.version === 0,
    once: r.requestId !== null,
    events: r.events.length <= EVENTS_AS_ROWS ? r.events.length : ('json' as const),
    request: r.request !== null,
    seed: r.seed !== null,
    created: r.created.length > 0,
    claim: r.claim !== null,
    ended: r.ended,
    campaigns: r.campaigns.length > 0,
    campaignEnded: r.campaignEnded,
    outbox: r.outbox.length > 0,
  };
  // Built by concatenation: this runs on every append.
  let name = `umpire_append_${k.first ? 'first' : 'next'}${k.once ? '_once' : ''}`;
  if (k.events !== 0) name += k.events === 'json' ? '_events' : `_events${k.events}`;
  if (k.request) name += '_request';
  if (k.seed) name += '_seed';
  if (k.created) name += '_battle';
  if (k.claim) name += '_claim';
  if (k.ended) name += '_ended';
  if (k.campaigns) name += '_campaign';
  if (k.campaignEnded) name += '_campaign_ended';
  if (k.outbox) name += '_outbox';
  return { name, ...k };
}

/** A statement's text and where each of its parameters comes from in an append's rows, in order. */
interface Statement {
  text: string;
  values: ((r: AppendRows) => Value)[];
}

/**
 * The statement of a kind of append, its parts those the kind writes: a part with nothing to write
 * is left out, since each table a statement writes costs it even for no row. Every insert reads
 * from `head`, which has its one row only when the head is there, hash and all (for version 0:
 * when the battle has no events), so on a wrong head nothing is written and the statement counts no
 * row. A writer that appended after the head trips the unique (battle_id, version) index, a request
 * handled before trips requests' primary key, a battle created in a channel another running battle
 * claims trips channel_claims' (SQLSTATE 23505), and the statement is rolled back whole. Its parts
 * all see the tables as they were before it: the seed is replaced only if the battle had no events,
 * and a battle (or campaign) created and ended in this append is inserted already ended.
 */
function build(k: Kind): Statement {
  const values: Statement['values'] = [];
  const $ = (value: (r: AppendRows) => Value, type: string) => `$${values.push(value)}::${type}`;
  const battle = $((r) => r.battleId, 'text');
  const at = $((r) => r.at, 'text');
  const atHead = k.first
    ? `NOT EXISTS (SELECT 1 FROM events WHERE battle_id = ${battle})`
    : `EXISTS (SELECT 1 FROM events WHERE battle_id = ${battle} AND version = ${$((r) => r.head.version, 'int')} AND hash = ${$((r) => r.head.hash, 'text')})`;
  // A request stored where no unique index of this append would meet it (its events', or its row of
  // requests): the head is then taken as wrong, and the caller reads the request's first result.
  const repeat = !k.once
    ? ''
    : k.events !== 0
      ? ` AND NOT EXISTS (SELECT 1 FROM requests WHERE request_id = ${$((r) => r.requestId, 'text')})`
      : ` AND NOT EXISTS (SELECT 1 FROM events WHERE request_id = ${$((r) => eventRequestId(r.requestId, 0), 'text')})`;
  const ctes = [`head AS (SELECT WHERE ${atHead}${repeat})`];
  let main = 'SELECT FROM head';
  if (k.events !== 0) {
    const actor = $((r) => r.actor, 'text');
    // Up to a few events (most appends), a row of parameters each, which plans and runs faster than
    // JSON; more, one JSON value, so a long batch makes neither a statement of its own nor too many parameters.
    const column = (i: number, key: keyof AppendRows['events'][number], type: string) => $((r) => r.events[i]![key], type);
    const source =
      k.events === 'json'
        ? `jsonb_to_recordset(${$((r) => JSON.stringify(r.events), 'jsonb')}) AS e(version int, type text, data text, request_id text, hash text, result text, salt text)`
        : `(VALUES ${Array.from({ length: k.events }, (_, i) => `(${column(i, 'version', 'int')}, ${column(i, 'type', 'text')}, ${column(i, 'data', 'text')}, ${column(i, 'request_id', 'text')}, ${column(i, 'hash', 'text')}, ${column(i, 'result', 'text')}, ${column(i, 'salt', 'text')})`).join(', ')}) AS e(version, type, data, request_id, hash, result, salt)`;
    // The statement itself, after its parts: its row count is the events written, none on a wrong head.
    main = `INSERT INTO events (battle_id, version, type, data, actor, at, request_id, hash, result, salt)
        SELECT ${battle}, e.version, e.type, e.data, ${actor}, ${at}, e.request_id, e.hash, e.result, e.salt
        FROM head, ${source}`;
  }
  if (k.request) {
    ctes.push(`request AS (INSERT INTO requests (request_id, battle_id, result, at) SELECT ${$((r) => r.request!.id, 'text')}, ${battle}, ${$((r) => r.request!.result, 'text')}, ${at} FROM head)`);
  }
  if (k.seed) {
    ctes.push(`seed AS (INSERT INTO battle_seeds (battle_id, seed, created_at) SELECT ${battle}, ${$((r) => r.seed!.seed, 'text')}, ${$((r) => r.seed!.createdAt, 'text')} FROM head
        ON CONFLICT (battle_id) DO UPDATE SET seed = excluded.seed, created_at = excluded.created_at
        WHERE NOT EXISTS (SELECT 1 FROM events WHERE events.battle_id = ${battle}))`);
  }
  if (k.created) {
    ctes.push(`registered AS (INSERT INTO battles (id, channel, name, system, created_at, ended)
        SELECT ${battle}, b.channel, b.name, b.system, ${at}, b.ended
        FROM head, jsonb_to_recordset(${$((r) => JSON.stringify(r.created), 'jsonb')}) AS b(channel text, name text, system text, ended int))`);
  }
  if (k.claim) ctes.push(`claim AS (INSERT INTO channel_claims (channel, battle_id) SELECT ${$((r) => r.claim, 'text')}, ${battle} FROM head)`);
  if (k.ended) {
    // The battle's claim passes to the oldest other battle running in its channel (one a store from
    // before claims left unclaimed), or is given up: two updates of disjoint rows, as each sees the
    // tables before the statement (the battle itself still running there).
    const others = `FROM battles o WHERE o.channel = c.channel AND o.ended = 0 AND o.id <> ${battle}`;
    ctes.push(`ended AS (UPDATE battles SET ended = 1 WHERE id = ${battle} AND EXISTS (SELECT FROM head)),
      handed AS (UPDATE channel_claims c SET battle_id = (SELECT o.id ${others} ORDER BY (SELECT e.position FROM events e WHERE e.battle_id = o.id AND e.version = 1), o.id LIMIT 1)
        WHERE c.battle_id = ${battle} AND EXISTS (SELECT FROM head) AND EXISTS (SELECT 1 ${others})),
      released AS (DELETE FROM channel_claims c WHERE c.battle_id = ${battle} AND EXISTS (SELECT FROM head) AND NOT EXISTS (SELECT 1 ${others}))`);
  }
  if (k.campaigns) {
    ctes.push(`campaign_registered AS (INSERT INTO campaigns (id, channel, name, created_at, ended)
        SELECT ${battle}, c.channel, c.name, ${at}, c.ended
        FROM head, jsonb_to_recordset(${$((r) => JSON.stringify(r.campaigns), 'jsonb')}) AS c(channel text, name text, ended int))`);
  }
  if (k.campaignEnded) ctes.push(`campaign_ended AS (UPDATE campaigns SET ended = 1 WHERE id = ${battle} AND EXISTS (SELECT FROM head))`);
  if (k.outbox) {
    ctes.push(`posted AS (INSERT INTO outbox (battle_id, destination, message, created_at, battle_version)
        SELECT ${battle}, o.destination, o.message, ${at}, ${$((r) => r.events.at(-1)?.version ?? r.head.version, 'int')}
        FROM head, jsonb_to_recordset(${$((r) => JSON.stringify(r.outbox), 'jsonb')}) AS o(destination text, message text))`);
  }
  // A row per event inserted, or for no events the one row of `head`: none means a wrong head.
  return { text: `WITH ${ctes.join(',\n')}\n${main}`, values };
}

/** Each kind's statement, built by the first append of that kind (a few dozen kinds at most). */
const statements = new Map<string, Statement>();

/** The statement for what `r` holds: its kind's name and text, and `r`'s values for its parameters. */
function statement(r: AppendRows): { name: string; text: string; values: Value[] } {
  const kind = kindOf(r);
  let s = statements.get(kind.name);
  if (!s) {
    s = build(kind);
    statements.set(kind.name, s);
  }
  return { name: kind.name, text: s.text, values: s.values.map((value) => value(r)) };
}

/** On a server: node-postgres prepares each named statement on a pooled connection the first time it runs there. */
export function serverAppend(pool: pg.Pool): RunAppend {
  return async (rows) => ((await pool.query(statement(rows))).rowCount ?? 0) > 0;
}

/**
 * On PGlite, whose `query` parses and plans anew each time (and calls into the engine six times):
 * each statement is prepared once in its one session, and each append binds its values to it and
 * executes it (the extended protocol's Bind, Execute and Sync, written by node-postgres's
 * pg-protocol), as node-postgres does on a server: nothing is parsed again, no value is quoted into
 * text. It runs exclusively, as PGlite's own queries do; a failure is PGlite's DatabaseError, as a
 * query's is.
 */
export function pgliteAppend(client: PGlite): RunAppend {
  const prepared = new Map<string, Promise<unknown>>();
  const tail = Buffer.concat([serialize.execute({}), serialize.sync()]);
  return async (rows) => {
    const { name, text, values } = statement(rows);
    let preparing = prepared.get(name);
    if (!preparing) {
      preparing = client.exec(`PREPARE ${name} AS ${text}`);
      prepared.set(name, preparing);
      // A failed PREPARE is tried again by the next append of its kind.
      preparing.catch(() => prepared.delete(name));
    }
    await preparing;
    const message = Buffer.concat([serialize.bind({ statement: name, values: values.map((v) => (v === null ? null : String(v))) }), tail]);
    const { messages } = await client.runExclusive(() => client.execProtocol(message));
    // CommandComplete's tag ends with the rows written ("INSERT 0 1") or returned ("SELECT 1").
    const done = messages.find((m) => m.name === 'commandComplete') as unknown as { text: string } | undefined;
    return Number(done?.text.split(' ').at(-1) ?? 0) > 0;
  };
}
