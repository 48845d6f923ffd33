import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/store/db.ts';
import { SqliteEventStore } from '../src/store/sqlite-store.ts';

export interface StoreBench {
  /** Our append, one event per call (one transaction each: request check, version check, hash, insert, head, request row). */
  appendPerSec: number;
  /** Plain INSERT of the same rows into the same schema, one per (autocommit) transaction. */
  rawInsertPerSec: number;
  /** Events per second through `load` of one battle (rows mapped, data JSON.parse'd). */
  loadPerSec: number;
  /** Events per second through a raw `SELECT` of the same battle plus `JSON.parse` of each data. */
  rawSelectPerSec: number;
  n: number;
  /** Where the databases lived: os.tmpdir() unless `opts.dir` said otherwise. */
  dir: string;
}

const BATTLE = 'bench';

/** /dev/shm when this machine has it (a RAM file system: fsync is free), else undefined. */
export const shmDir = (): string | undefined => (existsSync('/dev/shm') ? '/dev/shm' : undefined);

/** A plausible event: the size and shape of a UnitAdded. */
const eventData = (i: number): unknown => ({
  unitId: `u${i}`,
  name: `${(i % 9) + 1}/${(i % 120) + 1}e de ligne`,
  commandId: `c${i % 12}`,
  attrs: { figures: 24 + (i % 12), class: i % 3 === 0 ? 'elite' : 'line', formation: 'column', morale: 'steady' },
});

const perSec = (count: number, ms: number): number => Math.round((count / ms) * 1000);

/** Best of `runs`: the least disturbed measurement. */
function best(runs: number, f: () => void): number {
  let min = Infinity;
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    f();
    min = Math.min(min, performance.now() - t);
  }
  return min;
}

/**
 * Store throughput, ours against raw better-sqlite3, in the same run, both on temp file databases
 * opened by openDatabase (same schema, WAL, synchronous = FULL). On a disk both sides pay one fsync
 * per transaction, which dominates (about 5-7k transactions/s here); pass `{ dir: '/dev/shm' }`
 * (see `shmDir`) to take fsync out and compare the CPU work of the two.
 */
export async function benchStore(n = 100_000, opts: { dir?: string } = {}): Promise<StoreBench> {
  const base = opts.dir ?? tmpdir();
  const dir = mkdtempSync(join(base, 'umpire-bench-'));
  try {
    const at = '2025-06-16T14:00:00.000Z';
    const events = Array.from({ length: n }, (_, i) => ({ type: 'UnitAdded', data: eventData(i) }));

    // Ours: one append per event, each its own transaction.
    const store = new SqliteEventStore(openDatabase(join(dir, 'ours.db')));
    let t = performance.now();
    for (let i = 0; i < n; i++) {
      await store.append(BATTLE, i, [events[i]!], { actor: 'u-gm', at, requestId: `req-${i}` }, [], []);
    }
    const appendMs = performance.now() - t;

    // Raw: the very rows ours stored, plain INSERTs in autocommit, same schema and pragmas.
    const rows = (await store.load(BATTLE)).map((e) => [e.battleId, e.version, e.type, JSON.stringify(e.data), e.actor, e.at, e.requestId, e.hash] as const);
    const raw = openDatabase(join(dir, 'raw.db')).$client;
    const insert = raw.prepare(
      'INSERT INTO events (battle_id, version, type, data, actor, at, request_id, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    );
    t = performance.now();
    for (const r of rows) insert.run(...r);
    const rawInsertMs = performance.now() - t;

    // Loading the whole battle.
    let loadMs = Infinity;
    for (let i = 0; i < 3; i++) {
      const t0 = performance.now();
      if ((await store.load(BATTLE)).length !== n) throw new Error('load lost events');
      loadMs = Math.min(loadMs, performance.now() - t0);
    }
    const select = raw.prepare('SELECT * FROM events WHERE battle_id = ? ORDER BY version');
    const rawSelectMs = best(3, () => {
      const all = select.all(BATTLE) as { data: string }[];
      const parsed = all.map((r) => JSON.parse(r.data) as unknown);
      if (parsed.length !== n) throw new Error('select lost events');
    });

    await store.close();
    raw.close();
    return {
      appendPerSec: perSec(n, appendMs),
      rawInsertPerSec: perSec(n, rawInsertMs),
      loadPerSec: perSec(n, loadMs),
      rawSelectPerSec: perSec(n, rawSelectMs),
      n,
      dir: base,
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
