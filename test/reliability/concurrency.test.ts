import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { verifyDice } from '../../src/app/reports/verify.ts';
import { Umpire } from '../../src/app/service/umpire.ts';
import { verifyChain } from '../../src/store/hash.ts';
import { openStore } from '../../src/store/open.ts';
import type { BattleRow } from '../../src/store/types.ts';
import { Table } from '../../src/table/table.ts';
import { freshLocation, locationKinds } from '../support/locations.ts';
import { FULL, figureLine } from './figures.ts';
import { appenders, tableProcess, tempDir } from './processes/spawn.ts';

/**
 * Concurrency (issues 20, 27): 2, 4 and 8 processes acting on one battle in one store, and racing
 * battle creation, on a SQLite file and on a PostgreSQL server (when TEST_DATABASE_URL names one). Lost updates 0 (every roll is in the log, on the dice stream without gap or
 * overlap), duplicate versions 0, requests failed by a conflict 0, seeds not matching their posted
 * commitment 0. On a SQLite file, a hand at the file removing and changing events while processes
 * append is refused every time (the append-only log). `npm test` runs it small (2 and 4 processes, 10 rolls each, 4 creating); `.ci/run` gives
 * it the PostgreSQL server it starts.
 */
const ROLLS = FULL ? 50 : 10;
const PROCESSES = FULL ? [2, 4, 8] : [2, 4];
const CREATORS = FULL ? 8 : 4;

/**
 * The lines played at a table in this process on the store at `db`, before the racing processes
 * start from what they made; resolves with the errors it answered.
 */
async function playHere(db: string, lines: string[]): Promise<string[]> {
  const store = await openStore(db);
  const errors: string[] = [];
  try {
    const print = (l: string) => {
      if ((JSON.parse(l) as { error?: string }).error !== undefined) errors.push(l);
    };
    const table = new Table(new Umpire(store), { json: true, cwd: process.cwd(), filesDir: tempDir('files'), print });
    for (const l of lines) await table.run(l);
  } finally {
    await store.close();
  }
  return errors;
}

/**
 * What the appenders' `asked` appends (test/reliability/processes/appender.ts, one SideAdded each) left
 * in battle b1 of the store at `db`: its events and chain, and how many were lost, doubled and answered.
 */
async function appended(db: string, runs: { versions: number[] }[], asked: number) {
  const store = await openStore(db);
  const events = await store.load('b1');
  const chain = verifyChain(await store.chain('b1'));
  await store.close();
  const added = events.filter((e) => e.type === 'SideAdded');
  const requests = new Set(added.map((e) => e.requestId));
  const counts = { lost: asked - requests.size, doubled: added.length - requests.size, versionsAnswered: new Set(runs.flatMap((r) => r.versions)).size };
  return { events, chain, counts };
}

describe.each(locationKinds.flatMap((kind) => PROCESSES.map((n) => [n, kind] as const)))('%i processes on one %s store', (n, kind) => {
  it('each rolls in one battle at once: every request goes through, nothing is lost or doubled', async () => {
    const db = await freshLocation(kind, 'concurrency');
    expect(await playHere(db, ['@gm /battle create name:Race system:percentile'])).toEqual([]);
    const runs = await Promise.all(Array.from({ length: n }, (_, p) => tableProcess(db, Array.from({ length: ROLLS }, (_, i) => `@p${p} /roll expression:1d6 reason:"p${p}-${i}"`)).done));
    const replies = runs.flatMap((r) => r.lines.filter((l) => l.to === 'reply'));
    const failed = replies.filter((l) => l.error !== undefined);
    const store = await openStore(db);
    const events = await store.load('b1');
    const rolled = events.filter((e) => e.type === 'DiceRolled');
    const versions = new Set(events.map((e) => e.version));
    const dice = verifyDice('b1', events, await store.seed('b1'));
    const chain = verifyChain(await store.chain('b1'));
    await store.close();
    const figures = { requests: n * ROLLS, failed: failed.length, lost: n * ROLLS - rolled.length, duplicateVersions: events.length - versions.size };
    figureLine(`concurrency (${n} processes, ${kind})`, `${figures.requests} requests, requests failed by a conflict ${figures.failed}, lost updates ${figures.lost}, duplicate versions ${figures.duplicateVersions}, hash chain ${chain.ok ? 'verified' : 'BROKEN'}, dice ${dice.status}`);
    expect(failed.map((l) => l.error)).toEqual([]);
    expect(figures).toEqual({ requests: n * ROLLS, failed: 0, lost: 0, duplicateVersions: 0 });
    expect(chain.ok).toBe(true);
    expect(dice.status).toBe('checked');
    expect(runs.every((r) => r.code === 0)).toBe(true);
  }, 300_000);
  it('append events standing alone (issue 44: one statement on SQLite, after the head each remembers) to one battle at once: none lost or doubled, the chain whole', async () => {
    const db = await freshLocation(kind, 'alone');
    expect(await playHere(db, ['@gm /battle create name:Alone system:medieval'])).toEqual([]);
    const runs = await appenders(db, 'b1', n, ROLLS);
    const { events, chain, counts } = await appended(db, runs, n * ROLLS);
    const conflicts = runs.reduce((k, r) => k + r.conflicts, 0);
    const figures = { appends: n * ROLLS, ...counts };
    figureLine(`appends standing alone (${n} processes, ${kind})`, `${figures.appends} appends, lost ${figures.lost}, doubled ${figures.doubled}, stale versions met and appended again ${conflicts}, hash chain ${chain.ok ? 'verified' : 'BROKEN'}`);
    expect(figures).toEqual({ appends: n * ROLLS, lost: 0, doubled: 0, versionsAnswered: n * ROLLS });
    expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
    expect(chain.ok).toBe(true);
  }, 300_000);
});

describe.each(PROCESSES)('%i processes appending to a SQLite file while a hand at the file tries to remove and change events', (n) => {
  it('every removal and change is refused by the append-only log (issue 44), no append is lost or doubled, and the chain stays whole', async () => {
    const db = await freshLocation('sqlite', 'hand');
    expect(await playHere(db, ['@gm /battle create name:Hand system:medieval'])).toEqual([]);
    let running = true;
    const race = appenders(db, 'b1', n, ROLLS).finally(() => (running = false));
    // The hand: another connection, as the sqlite3 shell would be, waiting its turn for the write lock.
    const hand = new Database(db);
    hand.pragma('busy_timeout = 5000');
    const tries = [
      hand.prepare("DELETE FROM events WHERE battle_id = 'b1' AND version = (SELECT max(version) FROM events WHERE battle_id = 'b1')"),
      hand.prepare("UPDATE events SET data = '{}' WHERE battle_id = 'b1' AND version = (SELECT max(version) FROM events WHERE battle_id = 'b1')"),
    ];
    const answers = { tried: 0, refused: 0, done: 0, other: [] as string[] };
    while (running) {
      const statement = tries[answers.tried++ % tries.length]!;
      try {
        answers.done += statement.run().changes;
      } catch (err) {
        if (/append-only/.test((err as Error).message)) answers.refused++;
        else answers.other.push((err as Error).message);
      }
      await new Promise((resolve) => setImmediate(resolve));
    }
    hand.close();
    const { events, chain, counts: figures } = await appended(db, await race, n * ROLLS);
    figureLine(
      `appends beside a hand at the file (${n} processes, sqlite)`,
      `${n * ROLLS} appends; ${answers.tried} removals and changes tried while they ran, refused ${answers.refused}, done ${answers.done}, other errors ${answers.other.length}; lost ${figures.lost}, doubled ${figures.doubled}, hash chain ${chain.ok ? 'verified' : 'BROKEN'}`,
    );
    expect(answers.tried).toBeGreaterThan(0);
    expect(answers).toEqual({ tried: answers.tried, refused: answers.tried, done: 0, other: [] });
    expect(figures).toEqual({ lost: 0, doubled: 0, versionsAnswered: n * ROLLS });
    expect(events.map((e) => e.version)).toEqual(events.map((_, i) => i + 1));
    expect(chain.ok).toBe(true);
  }, 300_000);
});

describe.each(locationKinds)('racing battle creation on one %s store', (kind) => {
  it(`${CREATORS} processes create battles at once: every one is created, each with the seed its commitment hashes`, async () => {
    const db = await freshLocation(kind, 'creation');
    // The store made (its tables migrated) before the race: the race is the creators'.
    await (await openStore(db)).close();
    const runs = await Promise.all(Array.from({ length: CREATORS }, (_, p) => tableProcess(db, [`#c${p} @gm${p} /battle create name:"Battle ${p}" system:medieval`, `#c${p} @gm${p} /side add name:Tudor`]).done));
    const store = await openStore(db);
    const battles = await store.battles();
    const mismatched: BattleRow[] = [];
    for (const b of battles) {
      const created = (await store.load(b.id))[0]!.data as { seedHash?: string };
      const seed = await store.seed(b.id);
      if (!seed || createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex') !== created.seedHash) mismatched.push(b);
    }
    await store.close();
    const failed = runs.flatMap((r) => r.lines.filter((l) => l.to === 'reply' && l.error !== undefined));
    figureLine(`concurrency (racing creation, ${kind})`, `${CREATORS} battles asked, ${battles.length} created, requests failed ${failed.length}, seeds not matching their posted commitment ${mismatched.length}`);
    expect(failed.map((l) => l.error)).toEqual([]);
    expect(battles.map((b) => b.channel).sort()).toEqual(Array.from({ length: CREATORS }, (_, p) => `c${p}`));
    expect(mismatched).toEqual([]);
  }, 300_000);
});
