import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { english } from '../src/i18n/text.ts';
import { invoke } from '../src/app/service/invoke.ts';
import { asLogged, Umpire } from '../src/app/service/umpire.ts';
import { verifyLog } from '../src/app/reports/verify.ts';
import type { BattleEvent } from '../src/battle/events.ts';
import { replay } from '../src/battle/replay.ts';
import { openPostgres } from '../src/store/pg-open.ts';
import type { PgEventStore } from '../src/store/pg-store.ts';
import { SqliteEventStore } from '../src/store/sqlite-store.ts';
import { Table } from '../src/table/table.ts';
import type { EventStore, StoredEvent } from '../src/store/types.ts';
import { battleEvents } from './battle.ts';

/**
 * Issue 18's figures, for SQLite and PGlite in one run, each beside its raw driver doing the same
 * work on the same machine: better-sqlite3's prepared statements, PGlite's own `query`.
 */

/**
 * One row of events as stored, every column but the position the table gives it: battle_id,
 * version, type, data, actor, at, request_id, hash, result, salt. The raw driver inserts exactly
 * these, so it writes what an append writes.
 */
type RawRow = [string, number, string, string, string, string, string | null, string, string | null, string | null];
const COLUMNS = 'battle_id, version, type, data, actor, at, request_id, hash, result, salt';

/** A row of the outbox as stored (battle_id, destination, message, created_at, battle_version): a command's post. */
type RawPost = [string, string, string, string, number];
const POST_COLUMNS = 'battle_id, destination, message, created_at, battle_version';

/** A stored row moved to battle `battle`, its request id (if any) prefixed so it stays unique. */
const moved = (r: RawRow, battle: string): RawRow => [battle, r[1], r[2], r[3], r[4], r[5], r[6] && `${battle}-${r[6]}`, r[7], r[8], r[9]];

/** A store under measurement and its raw driver: the rows it stored read back, a query returning rows, and statements that write. */
export interface Measured {
  name: string;
  store: EventStore;
  /** The battle's rows after version `from`, as stored. */
  rawRows(battleId: string, from?: number): Promise<RawRow[]>;
  /** The battle's posts after version `from` (outbox rows), as stored. */
  rawPosts(battleId: string, from?: number): Promise<RawPost[]>;
  rawSelect(battleId: string): Promise<{ data: string }[]>;
  /** One row, its own transaction. */
  rawInsert(row: RawRow): Promise<void>;
  /** An event's row and its posts, in one transaction: what a command such as /roll writes. */
  rawCommand(row: RawRow, posts: RawPost[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * Counts the calls a store makes into its driver, each a round trip on a server: every query of a
 * pg.Pool's connections (a transaction's BEGIN and COMMIT too); PGlite's query, exec and
 * transaction; on SQLite, in the process, each prepared statement run. `stop` puts the driver back.
 */
export function driverCalls(store: EventStore): { count(): number; stop(): void } {
  const client = (store as { db?: { $client?: object } }).db?.$client as Record<string, unknown> | undefined;
  if (!client) throw new Error('a store without a driver to count');
  const sqlite = typeof client.prepare === 'function' && typeof client.pragma === 'function';
  const [target, names] =
    client instanceof pg.Pool
      ? [pg.Client.prototype as unknown as Record<string, unknown>, ['query']]
      : sqlite
        ? // better-sqlite3's statements share one prototype: a statement runs through its run, get, all or iterate.
          [Object.getPrototypeOf((client.prepare as (q: string) => object).call(client, 'SELECT 1')) as Record<string, unknown>, ['run', 'get', 'all', 'iterate']]
        : // PGlite: its queries, and an append's Bind and Execute (pg-append.ts), run in runExclusive.
          [client, ['query', 'exec', 'transaction', 'runExclusive']];
  const methods = names.filter((k) => typeof target[k] === 'function');
  let n = 0;
  const saved = methods.map((k) => [k, Object.getOwnPropertyDescriptor(target, k)] as const);
  for (const k of methods) {
    const f = target[k] as (...a: unknown[]) => unknown;
    target[k] = function (this: unknown, ...a: unknown[]) {
      n++;
      return f.apply(this, a);
    };
  }
  return {
    count: () => n,
    stop: () => {
      for (const [k, d] of saved) {
        if (d) Object.defineProperty(target, k, d);
        else delete target[k];
      }
    },
  };
}

/**
 * Round trips of a command on a battle the process has seen (issue 44): `/roll 1d6`, which appends,
 * and `/battle status`, which reads, each counted as driverCalls once the battle is warm.
 */
export async function commandRoundTrips(store: EventStore): Promise<{ roll: number; status: number }> {
  const app = new Umpire(store);
  const channel = 'round-trips';
  const inv = (command: string, sub: string, options: Record<string, unknown> = {}) => invoke(app, { command, sub, options, actor: 'gm', channel });
  await inv('battle', 'create', { name: 'Round trips', system: 'medieval' });
  await inv('roll', '', { expression: '1d6' });
  await inv('battle', 'status');
  const counted = async (command: string, sub: string, options?: Record<string, unknown>) => {
    const calls = driverCalls(store);
    try {
      const r = await inv(command, sub, options);
      if (r.messages[0]?.error) throw new Error(`${command}: ${english(r.messages[0].text)}`);
      return calls.count();
    } finally {
      calls.stop();
    }
  };
  return { roll: await counted('roll', '', { expression: '1d6' }), status: await counted('battle', 'status') };
}

/**
 * A schema of its own on the PostgreSQL server at `url`, as a URL whose connections work in it
 * (what test/support/locations.ts does for the tests), whether the server writes durably (fsync),
 * and a way to drop it.
 */
export async function serverSchema(url: string, name: string): Promise<{ url: string; durable: boolean; drop(): Promise<void> }> {
  const schema = `umpire_bench_${name}_${process.pid}_${Date.now().toString(36)}`;
  const admin = async (q: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(q);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE SCHEMA ${schema}`);
  const u = new URL(url);
  // Each commit waits for its WAL on disk, the raw driver's as the store's, whatever the database's
  // default (.ci/postgres turns it off for the tests).
  u.searchParams.set('options', `-c search_path=${schema} -c synchronous_commit=on`);
  const fsync = await new Promise<string>((resolve, reject) => {
    const client = new pg.Client({ connectionString: url });
    client
      .connect()
      .then(() => client.query<{ fsync: string }>('SHOW fsync'))
      .then((r) => resolve(r.rows[0]!.fsync), reject)
      .finally(() => void client.end());
  });
  return { url: u.toString(), durable: fsync === 'on', drop: () => admin(`DROP SCHEMA ${schema} CASCADE`) };
}

export function sqliteMeasured(file: string): Measured {
  const store = SqliteEventStore.open(file);
  const sqlite = store.db.$client;
  const select = sqlite.prepare<[string], { data: string }>('SELECT * FROM events WHERE battle_id = ? ORDER BY version');
  const rows = sqlite.prepare<[string, number], Record<string, unknown>>(`SELECT ${COLUMNS} FROM events WHERE battle_id = ? AND version > ? ORDER BY version`).raw(true);
  const posts = sqlite.prepare<[string, number], Record<string, unknown>>(`SELECT ${POST_COLUMNS} FROM outbox WHERE battle_id = ? AND battle_version > ? ORDER BY id`).raw(true);
  const insert = sqlite.prepare(`INSERT INTO events (${COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`);
  const post = sqlite.prepare(`INSERT INTO outbox (${POST_COLUMNS}) VALUES (?, ?, ?, ?, ?)`);
  const command = sqlite.transaction((row: RawRow, out: RawPost[]) => {
    insert.run(...row);
    for (const p of out) post.run(...p);
  });
  return {
    name: 'SQLite',
    store,
    rawRows: async (id, from = 0) => rows.all(id, from) as unknown as RawRow[],
    rawPosts: async (id, from = 0) => posts.all(id, from) as unknown as RawPost[],
    rawSelect: async (id) => select.all(id),
    rawInsert: async (row) => void insert.run(...row),
    // IMMEDIATE, as the store's append takes its write lock.
    rawCommand: async (row, out) => command.immediate(row, out),
    close: () => store.close(),
  };
}

export async function pgMeasured(url: string, name: string): Promise<Measured> {
  const store: PgEventStore = await openPostgres(url);
  const client = (store.db as unknown as { $client: { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> } }).$client;
  // Rows as arrays: node-postgres takes the mode in the query's config, PGlite as a third argument.
  const arrays =
    client instanceof pg.Pool
      ? async <T>(text: string, values: unknown[]) => (await client.query({ text, values, rowMode: 'array' })).rows as T[]
      : async <T>(text: string, values: unknown[]) => (await (client as unknown as PGlite).query<T>(text, values, { rowMode: 'array' })).rows;
  return {
    name,
    store,
    rawRows: (id, from = 0) => arrays<RawRow>(`SELECT ${COLUMNS} FROM events WHERE battle_id = $1 AND version > $2 ORDER BY version`, [id, from]),
    rawPosts: (id, from = 0) => arrays<RawPost>(`SELECT ${POST_COLUMNS} FROM outbox WHERE battle_id = $1 AND battle_version > $2 ORDER BY id`, [id, from]),
    rawSelect: async (id) => (await client.query<{ data: string }>('SELECT * FROM events WHERE battle_id = $1 ORDER BY version', [id])).rows,
    rawInsert: async (row) => void (await client.query(`INSERT INTO events (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`, row)),
    // One statement, one round trip and one transaction, as the store's append is.
    rawCommand: async (row, out) =>
      void (await client.query(
        `WITH e AS (INSERT INTO events (${COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10))
        INSERT INTO outbox (${POST_COLUMNS}) SELECT * FROM jsonb_to_recordset($11::jsonb) AS p(battle_id text, destination text, message text, created_at text, battle_version int)`,
        [...row, JSON.stringify(out.map(([battle_id, destination, message, created_at, battle_version]) => ({ battle_id, destination, message, created_at, battle_version })))],
      )),
    close: () => store.close(),
  };
}

const AT = '2026-11-25T12:00:00.000Z';
const perSec = (n: number, ms: number) => Math.round((n / ms) * 1000);

/** Best of several: rounds of ours and the raw driver's alternate, so a noisy neighbour or a collection hits both alike. */
const ROUNDS = 20;

const settle = () => globalThis.gc?.();

/** Appends (and raw inserts) made before any is timed. */
const WARM_UP = 500;

/**
 * Appends and raw INSERTs timed in blocks this small, taking turns (and turns going first), so both
 * meet the same disk, the same neighbours and the same checkpoints. Timed as best rounds of a few
 * hundred each, the ratio moved by a tenth from run to run, as the disk's speed drifted between rounds.
 */
const BLOCK = 10;

/**
 * Appends of one event each (its hash, the request's result, the version check) against raw
 * INSERTs of rows as the store stores them, every column: `n` of each, in blocks of BLOCK taking
 * turns, each side's rate over its whole time.
 */
export async function appendVsInsert(m: Measured, n: number): Promise<{ ours: number; raw: number }> {
  // Untimed, both paths once through (PGlite's engine compiles as it runs), on a battle of their own.
  const warm = battleEvents(WARM_UP, 'warm-up');
  for (let i = 0; i < WARM_UP; i++) await m.store.append('warm-up', i, [warm[i]!], { actor: 'gm', at: AT, requestId: `warm-up-${i}` }, [], []);
  for (const r of await m.rawRows('warm-up')) await m.rawInsert(moved(r, 'raw-warm-up'));
  const events = battleEvents(n);
  // The raw rows are the store's own, read back from a battle appended beforehand, untimed.
  const source = battleEvents(n, 'source');
  for (let i = 0; i < n; i++) await m.store.append('source', i, [source[i]!], { actor: 'gm', at: AT, requestId: `source-${i}` }, [], []);
  const rows = (await m.rawRows('source')).map((r) => moved(r, 'raw'));
  settle();
  let ours = 0;
  let raw = 0;
  for (let from = 0, turn = 0; from < n; from += BLOCK, turn++) {
    const to = Math.min(n, from + BLOCK);
    const blocks = [
      async () => {
        const t = performance.now();
        for (let i = from; i < to; i++) await m.store.append('append', i, [events[i]!], { actor: 'gm', at: AT, requestId: `append-${i}` }, [], []);
        ours += performance.now() - t;
      },
      async () => {
        const t = performance.now();
        for (let i = from; i < to; i++) await m.rawInsert(rows[i]!);
        raw += performance.now() - t;
      },
    ];
    for (const block of turn % 2 ? blocks.reverse() : blocks) await block();
  }
  return { ours: perSec(n, ours), raw: perSec(n, raw) };
}

/** Builds a battle of `n` events as play does: requests of a few events (ten here) each. */
export async function buildBattle(store: EventStore, id: string, n: number, from = 0): Promise<void> {
  const events = battleEvents(n, id);
  for (let i = from; i < n; i += 10) await store.append(id, i, events.slice(i, i + 10), { actor: 'gm', at: AT, requestId: `${id}-${i}` }, [], []);
}

/** `ours` (resolving with how many events it reached) against a raw SELECT + JSON.parse of the battle's rows: the best of 2 x ROUNDS alternating. */
async function vsSelect(m: Measured, id: string, n: number, what: string, ours: () => Promise<number>): Promise<{ ours: number; raw: number }> {
  let best = Infinity;
  let raw = Infinity;
  for (let r = 0; r < 2 * ROUNDS; r++) {
    settle();
    let t = performance.now();
    const reached = await ours();
    best = Math.min(best, performance.now() - t);
    if (reached !== n) throw new Error(`the ${what} reached ${reached} of ${n}`);
    settle();
    t = performance.now();
    const parsed = (await m.rawSelect(id)).map((row) => JSON.parse(row.data) as unknown);
    raw = Math.min(raw, performance.now() - t);
    if (parsed.length !== n) throw new Error('the raw select lost rows');
  }
  return { ours: perSec(n, best), raw: perSec(n, raw) };
}

/** Reading a battle's stream (EventStore.load) against a raw SELECT + JSON.parse of its rows. */
export const readVsSelect = (m: Measured, id: string, n: number) => vsSelect(m, id, n, 'read', async () => (await m.store.load(id)).length);

/** Replay (load + fold) of a battle against a raw SELECT + JSON.parse of its rows. */
export const replayVsSelect = (m: Measured, id: string, n: number) => vsSelect(m, id, n, 'replay', async () => replay(id, asLogged(await m.store.loadEntries(id))).version);

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const p50p99 = (times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

type Latency = ReturnType<typeof p50p99>;

/**
 * The time a slash command takes from the typed options to the reply, on a battle of `n` events
 * already loaded (the bot keeps its battles' states): `/roll expression:1d6`, which rolls on the
 * battle's dice and appends one event with its post, `runs` times after a warm-up. Each command
 * starts in an event-loop turn of its own, as each interaction reaches the bot in its own read from
 * the gateway: what the bot defers past a reply (the store's WAL checkpoint) runs between commands.
 *
 * Beside it, what the disk alone costs a command's write, on the raw driver: writes of the rows the
 * latest /roll stored, each its own transaction and fsync as a command's append is: `insert` its
 * event's row alone (every column), `command` its event's row and its post in one transaction, the
 * same durable work as the command's. The three take turns, one of each per round in an order that
 * turns too, so a disk slower for a second slows all three alike.
 */
export async function rollLatency(m: Measured, n: number, runs = 2000): Promise<{ roll: Latency; insert: Latency; command: Latency }> {
  const { store } = m;
  const app = new Umpire(store);
  const created = await invoke(app, { command: 'battle', sub: 'create', options: { name: 'Latency', system: 'medieval' }, actor: 'gm', channel: 'latency' });
  if (!created.versions.length) throw new Error(english(created.messages[0]!.text));
  const id = (await app.battleIn('latency'))!.id;
  await buildBattle(store, id, n, 1);
  await app.state(id);
  const roll = async () => {
    const res = await invoke(app, { command: 'roll', sub: '', options: { expression: '1d6' }, actor: 'gm', channel: 'latency' });
    if (res.versions.length !== 1) throw new Error(`the roll was not recorded: ${res.messages[0] ? english(res.messages[0].text) : ''}`);
  };
  const WARM = 200;
  for (let r = 0; r < WARM; r++) await roll();
  const version = await store.version(id);
  const [row] = await m.rawRows(id, version - 1);
  const posts = await m.rawPosts(id, version - 1);
  if (!row || !posts.length) throw new Error('the last command stored no event with a post');
  const at = (floor: string, r: number) => [floor, r + 1, row[2], row[3], row[4], row[5], `${floor}-${r}`, row[7], row[8], row[9]] as RawRow;
  const times = { roll: [] as number[], insert: [] as number[], command: [] as number[] };
  const work: [keyof typeof times, (r: number) => Promise<unknown>][] = [
    ['roll', roll],
    ['insert', (r) => m.rawInsert(at('floor-insert', r))],
    ['command', (r) => m.rawCommand(at('floor-command', r), posts.map((p): RawPost => ['floor-command', p[1], p[2], p[3], r + 1]))],
  ];
  for (let r = 0; r < runs; r++) {
    for (let k = 0; k < work.length; k++) {
      const [name, run] = work[(r + k) % work.length]!;
      await new Promise((next) => setImmediate(next));
      const t = performance.now();
      await run(r);
      times[name].push(performance.now() - t);
    }
  }
  return { roll: p50p99(times.roll), insert: p50p99(times.insert), command: p50p99(times.command) };
}

/** The example battles' logs (test/fixtures/replay), as stored: the shapes of real battles of every system. */
function exampleLogs(): StoredEvent[][] {
  const dir = 'test/fixtures/replay';
  return readdirSync(dir)
    .filter((f) => f.endsWith('-b1.jsonl'))
    .map((f) =>
      readFileSync(join(dir, f), 'utf8')
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l) as StoredEvent),
    );
}

/** Stores `count` battles live0, live1, … each one of the example battles under its own id and channel; returns how many events. */
export async function seedLiveBattles(store: EventStore, count: number): Promise<number> {
  const logs = exampleLogs();
  let events = 0;
  for (let b = 0; b < count; b++) {
    const log = logs[b % logs.length]!;
    const id = `live${b}`;
    const renamed = log.map((e): BattleEvent => ({ type: e.type, data: e.type === 'BattleCreated' ? { ...(e.data as object), battleId: id, channel: `chan-${b}` } : e.data }) as BattleEvent);
    await store.append(id, 0, renamed, { actor: 'gm', at: AT, requestId: id }, [], []);
    events += renamed.length;
  }
  return events;
}

/**
 * Memory of an umpire holding `count` live battles, each one of the example battles (6 to 14
 * units, 27 to 74 events) under its own id: the process's resident memory once they are loaded,
 * and how much the JavaScript heap grew by loading them (both after a collection when the bench
 * runs with --expose-gc, as npm run bench does).
 */
export async function liveBattlesMemory(store: EventStore, count: number): Promise<{ rssMb: number; heapMb: number; events: number }> {
  const events = await seedLiveBattles(store, count);
  const app = new Umpire(store);
  globalThis.gc?.();
  const before = process.memoryUsage().heapUsed;
  for (let b = 0; b < count; b++) await app.state(`live${b}`);
  globalThis.gc?.();
  const after = process.memoryUsage();
  if ((await app.state('live0')).version === 0) throw new Error('the battles did not load');
  return { rssMb: after.rss / 2 ** 20, heapMb: (after.heapUsed - before) / 2 ** 20, events };
}

/** `umpire verify` of a battle of `n` events: the hash chain (its dice wait for the seed, not published here). */
export async function verifyTime(store: EventStore, n: number): Promise<number> {
  await buildBattle(store, 'verify', n);
  const t = performance.now();
  const { chain } = await verifyLog(store, 'verify');
  const ms = performance.now() - t;
  if (!chain.ok || chain.count !== n) throw new Error(`verify did not pass: ${JSON.stringify(chain)}`);
  return ms;
}

/** A temporary folder (in `base`), removed when `work` is done. */
export async function inTemp<T>(work: (dir: string) => Promise<T>, base = tmpdir()): Promise<T> {
  const dir = mkdtempSync(join(base, 'umpire-scale-'));
  try {
    return await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 27's figures: a battle of `units` units (2 sides x `units / 100` commands x 50 units, the
 * shape of examples/oob/percentile.yaml) at the local table on `store`, the order of battle in a
 * JSON file in `dir`: the seconds each of /oob import, /battle log last:5, /unit show, /battle
 * status, a /roll and a replay (a fresh umpire's load) takes, wall clock, replies included.
 */
export async function largeBattle(store: EventStore, dir: string, units: number): Promise<Record<'import' | 'log' | 'show' | 'status' | 'roll' | 'replay', number>> {
  const commands = units / 100;
  const unitName = (s: number, c: number, u: number) => `Unit ${s}-${c}-${u}`;
  const oob = {
    sides: [0, 1].map((s) => ({
      name: `Side ${s}`,
      commands: Array.from({ length: commands }, (_, c) => ({
        name: `Division ${s}-${c}`,
        officer: `General ${s}-${c}`,
        player: `p${s}x${c % 10}`,
        units: Array.from({ length: 50 }, (_, u) => ({ name: unitName(s, c, u), arm: 'infantry', figures: 24, class: 'B', formation: 'line', weapon: 'musket' })),
      })),
    })),
  };
  writeFileSync(join(dir, 'army.json'), JSON.stringify(oob));
  const app = new Umpire(store, { newSeed: () => Buffer.alloc(32, 1) });
  const errors: string[] = [];
  const table = new Table(app, { json: true, cwd: dir, print: (l) => void ((JSON.parse(l) as { error?: string }).error && errors.push(l)) });
  const timed = async (line: string) => {
    const t = performance.now();
    await table.run(line);
    const ms = performance.now() - t;
    if (errors.length) throw new Error(`${line}: ${errors.join('; ')}`);
    return ms / 1000;
  };
  // A channel of its own: a store may hold a large battle of each size.
  await timed(`#large-${units} @gm /battle create name:Large system:percentile`);
  const figures = {
    import: await timed('@gm /oob import file:army.json'),
    log: await timed('@gm /battle log last:5'),
    show: await timed(`@gm /unit show unit:"${unitName(1, commands - 1, 48)}"`),
    status: await timed('@gm /battle status'),
    roll: await timed('@gm /roll expression:2d6'),
    replay: 0,
  };
  const id = (await app.battleIn(`large-${units}`))!.id;
  const t = performance.now();
  const s = await new Umpire(store).state(id);
  figures.replay = (performance.now() - t) / 1000;
  if (Object.keys(s.units).length !== units) throw new Error(`the replay has ${Object.keys(s.units).length} units of ${units}`);
  return figures;
}
