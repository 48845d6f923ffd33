import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyDice } from '../../../src/app/verify.ts';
import { openDatabase } from '../../../src/store/db.ts';
import { verifyChain } from '../../../src/store/hash.ts';
import { SqliteEventStore } from '../../../src/store/sqlite-store.ts';
import type { BattleRow } from '../../../src/store/types.ts';
import { figureLine } from '../figures.ts';
import { tableProcess, tempDir } from './spawn.ts';

/**
 * Concurrency (issue 20): 4 and 8 processes acting on one battle in one database file, and racing
 * battle creation. Lost updates 0 (every roll is in the log, on the dice stream without gap or
 * overlap), duplicate versions 0, requests failed by a conflict 0, seeds not matching their posted
 * commitment 0.
 */
const ROLLS = 50;

describe.each([4, 8])('%i processes on one database file', (n) => {
  it('each rolls in one battle at once: every request goes through, nothing is lost or doubled', async () => {
    const db = join(tempDir('concurrency'), 'umpire.db');
    const setup = await tableProcess(db, ['@gm /battle create name:Race system:percentile']).done;
    expect(setup.code).toBe(0);
    const runs = await Promise.all(Array.from({ length: n }, (_, p) => tableProcess(db, Array.from({ length: ROLLS }, (_, i) => `@p${p} /roll expression:1d6 reason:"p${p}-${i}"`)).done));
    const replies = runs.flatMap((r) => r.lines.filter((l) => l.to === 'reply'));
    const failed = replies.filter((l) => l.error !== undefined);
    const store = new SqliteEventStore(openDatabase(db));
    const events = (await store.load('b1'));
    const rolled = events.filter((e) => e.type === 'DiceRolled');
    const versions = new Set(events.map((e) => e.version));
    const dice = verifyDice('b1', events, (await store.seed('b1')));
    const chain = verifyChain(await store.chain('b1'));
    const figures = { requests: n * ROLLS, failed: failed.length, lost: n * ROLLS - rolled.length, duplicateVersions: events.length - versions.size };
    figureLine(`concurrency (${n} processes)`, `${figures.requests} requests, requests failed by a conflict ${figures.failed}, lost updates ${figures.lost}, duplicate versions ${figures.duplicateVersions}, hash chain ${chain.ok ? 'verified' : 'BROKEN'}, dice ${dice.status}`);
    expect(failed.map((l) => l.error)).toEqual([]);
    expect(figures).toEqual({ requests: n * ROLLS, failed: 0, lost: 0, duplicateVersions: 0 });
    expect(chain.ok).toBe(true);
    expect(dice.status).toBe('checked');
    expect(runs.every((r) => r.code === 0)).toBe(true);
  }, 300_000);
});

describe('racing battle creation', () => {
  it('8 processes create battles at once: every one is created, each with the seed its commitment hashes', async () => {
    const db = join(tempDir('creation'), 'umpire.db');
    await tableProcess(db, ['@gm /help']).done;
    const runs = await Promise.all(Array.from({ length: 8 }, (_, p) => tableProcess(db, [`#c${p} @gm${p} /battle create name:"Battle ${p}" system:medieval`, `#c${p} @gm${p} /side add name:Tudor`]).done));
    const store = new SqliteEventStore(openDatabase(db));
    const battles = (await store.battles());
    const mismatched: BattleRow[] = [];
    for (const b of battles) {
      const created = (await store.load(b.id))[0]!.data as { seedHash?: string };
      const seed = await store.seed(b.id);
      if (!seed || createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex') !== created.seedHash) mismatched.push(b);
    }
    const failed = runs.flatMap((r) => r.lines.filter((l) => l.to === 'reply' && l.error !== undefined));
    figureLine('concurrency (racing creation)', `8 battles asked, ${battles.length} created, requests failed ${failed.length}, seeds not matching their posted commitment ${mismatched.length}`);
    expect(failed.map((l) => l.error)).toEqual([]);
    expect(battles.map((b) => b.channel).sort()).toEqual(Array.from({ length: 8 }, (_, p) => `c${p}`));
    expect(mismatched).toEqual([]);
  }, 300_000);
});
