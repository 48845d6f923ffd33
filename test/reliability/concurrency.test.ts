import { createHash } from 'node:crypto';
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
 * commitment 0. `npm test` runs it small (2 and 4 processes, 10 rolls each, 4 creating); `.ci/run` gives
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
    const store = await openStore(db);
    const events = await store.load('b1');
    const chain = verifyChain(await store.chain('b1'));
    await store.close();
    const added = events.filter((e) => e.type === 'SideAdded');
    const requests = new Set(added.map((e) => e.requestId));
    const conflicts = runs.reduce((k, r) => k + r.conflicts, 0);
    const figures = { appends: n * ROLLS, lost: n * ROLLS - requests.size, doubled: added.length - requests.size, versionsAnswered: new Set(runs.flatMap((r) => r.versions)).size };
    figureLine(`appends standing alone (${n} processes, ${kind})`, `${figures.appends} appends, lost ${figures.lost}, doubled ${figures.doubled}, stale versions met and appended again ${conflicts}, hash chain ${chain.ok ? 'verified' : 'BROKEN'}`);
    expect(figures).toEqual({ appends: n * ROLLS, lost: 0, doubled: 0, versionsAnswered: n * ROLLS });
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
