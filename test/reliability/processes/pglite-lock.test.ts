import { existsSync, readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openStore } from '../../../src/store/open.ts';
import { verifyChain } from '../../../src/store/hash.ts';
import { HOLDER_FILE } from '../../../src/store/pglite-lock.ts';
import { figureLine } from '../figures.ts';
import { tableProcess, tempDir, umpire } from './spawn.ts';

/**
 * PGlite holds its directory alone (issue 27). Two table processes on one pglite:DIR used to both
 * answer "Done" to every /roll while one's rolls were lost; now the second opener is refused with a
 * message naming the holder (pid, host, since when) and changes nothing, a lock left by a killed
 * process is taken over, and a lock is released when its process ends.
 */
const ROLLS = 30;
const rolls = (p: number) => Array.from({ length: ROLLS }, (_, i) => `@p${p} /roll expression:1d6 reason:"p${p}-${i}"`);

async function rolledIn(db: string): Promise<{ rolled: number; events: number; chainOk: boolean }> {
  const store = await openStore(db);
  try {
    const events = await store.load('b1');
    return { rolled: events.filter((e) => e.type === 'DiceRolled').length, events: events.length, chainOk: verifyChain(await store.chain('b1')).ok };
  } finally {
    await store.close();
  }
}

describe('two processes on one PGlite directory (issue 27)', () => {
  it('the second opener is refused naming the holder, nothing it was asked is done, nothing acknowledged is lost; a killed holder\'s lock is taken over', async () => {
    const db = `pglite:${join(tempDir('pglite-lock'), 'pg')}`;
    const setup = await tableProcess(db, ['@gm /battle create name:Race system:percentile']).done;
    expect(setup.code).toBe(0);

    // The first holds the directory (its input stays open) while the second starts.
    const first = umpire(['table', '--db', db, '--json']);
    let firstOut = '';
    const up = new Promise<void>((resolve) => first.stdout!.on('data', (c: Buffer) => ((firstOut += c.toString()), resolve())));
    first.stdin!.write(`${rolls(0).join('\n')}\n`);
    await up;
    const second = await tableProcess(db, rolls(1)).done;
    first.stdin!.end();
    const firstCode = await new Promise<number | null>((resolve) => first.on('close', resolve));

    const answered = [...firstOut.split('\n'), ...second.lines.map((l) => JSON.stringify(l))].filter((l) => l.startsWith('{') && /"to":"reply"/.test(l) && !/"error"/.test(l)).length;
    const refused = second.code !== 0 && new RegExp(`^${db} is in use by another process \\(pid ${first.pid} on ${hostname()}, since \\d{4}-[\\d-]+T[\\d:.]+Z\\)\\..*Nothing was changed\\.\\n$`).test(second.stderr) ? 1 : 0;
    const after = await rolledIn(db);

    // A holder killed outright leaves its name behind and no lock: the next opener takes over.
    const holder = umpire(['table', '--db', db, '--json']);
    holder.stdin!.write('@gm /battle status\n');
    await new Promise<void>((resolve) => holder.stdout!.on('data', () => resolve()));
    holder.kill('SIGKILL');
    await new Promise((resolve) => holder.on('close', resolve));
    const left = existsSync(join(db.slice('pglite:'.length), HOLDER_FILE)) ? (JSON.parse(readFileSync(join(db.slice('pglite:'.length), HOLDER_FILE), 'utf8')) as { pid: number }).pid : undefined;
    const next = await tableProcess(db, ['@p2 /roll expression:1d6']).done;
    const takenOver = left === holder.pid && next.code === 0 && next.lines.some((l) => l.to === 'reply' && l.error === undefined) ? 1 : 0;
    const released = existsSync(join(db.slice('pglite:'.length), HOLDER_FILE)) ? 0 : 1;

    figureLine(
      'pglite lock',
      `2 openers on one directory, second refused ${refused} (naming pid, host, since), rolls answered Done ${answered}, in the log ${after.rolled}, lost ${answered - after.rolled}, hash chain ${after.chainOk ? 'verified' : 'BROKEN'}; lock of a SIGKILLed holder taken over ${takenOver}; released at exit ${released}`,
    );
    expect(second.stderr).toMatch(/is in use by another process/);
    expect(second.code).toBe(2);
    expect(second.lines).toEqual([]);
    expect(firstCode).toBe(0);
    expect({ refused, lost: answered - after.rolled, rolled: after.rolled, events: after.events, chainOk: after.chainOk }).toEqual({ refused: 1, lost: 0, rolled: ROLLS, events: ROLLS + 1, chainOk: true });
    expect({ takenOver, released }).toEqual({ takenOver: 1, released: 1 });
  }, 300_000);
});
