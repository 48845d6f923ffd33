import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { copyStore } from '../../src/store/copy.ts';
import { openPostgres } from '../../src/store/pg-open.ts';
import { startTable } from '../support/table.ts';

const umpire = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { encoding: 'utf8', input, env: { ...process.env, LOG_LEVEL: 'silent' } });

describe('umpire migrate-store (issue 18)', () => {
  it('copies every battle from SQLite to PostgreSQL with the same events, hashes, seed, requests and pending posts', async () => {
    const t = startTable();
    await t.run(readFileSync('examples/medieval-battle.table', 'utf8').split('\n'));
    await t.run(['#other @gm /battle create name:Bosworth system:brigade', '#other @gm /side add name:Tudor', '#other @gm /battle end']);
    const from = t.store;
    const to = await openPostgres('pglite:');
    const pendingBefore = (await from.undelivered()).map((r) => [r.battleId, r.message]);

    const copied = await copyStore(from, to);
    expect(copied.map((c) => [c.battle.id, c.skipped])).toEqual([
      ['b1', false],
      ['b2', false],
    ]);
    expect(await to.battles()).toEqual(await from.battles());
    for (const { battle } of copied) {
      expect(await to.load(battle.id)).toEqual((await from.load(battle.id)).map((e) => ({ ...e, position: expect.any(Number) })));
      expect((await to.chain(battle.id)).reached).toBe((await from.chain(battle.id)).reached);
      expect(await to.seed(battle.id)).toBe(await from.seed(battle.id));
    }
    const rid = (await from.load('b1'))[5]!.requestId!.replace(/#\d+$/, '');
    expect(await to.findRequest(rid)).toEqual(await from.findRequest(rid));
    expect((await to.undelivered()).map((r) => [r.battleId, r.message])).toEqual(pendingBefore);

    // Run again: nothing is written twice.
    expect((await copyStore(from, to)).map((c) => c.skipped)).toEqual([true, true]);
    // A target holding another log under the same battle id is refused by name.
    await t.run('#table @gm /roll 1d6');
    await expect(copyStore(from, to)).rejects.toThrow(/Battle b1 \("Stoke Field"\) is already in the target with another log/);
    await to.close();
  }, 60_000);

  it('from the command line: a SQLite file to a PGlite directory, then verify and replay read the copy', () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-migrate-'));
    const db = join(dir, 'u.db');
    expect(umpire(['table', '--db', db, '--json'], readFileSync('examples/short-battle.table', 'utf8')).status).toBe(0);
    const target = `pglite:${join(dir, 'pg')}`;
    const m = umpire(['migrate-store', '--from', `file:${db}`, '--to', target]);
    expect(m.stderr).toBe('');
    expect(m.stdout).toMatch(/^b1 "Quatre Bras": \d+ events copied, hash chain verified\.\n1 battles, \d+ events; every chain verified in the target\.\n$/);
    const v = umpire(['verify', '--db', target, '--battle', 'b1']);
    expect(v.status).toBe(0);
    expect(v.stdout).toMatch(/hash chain of \d+ events verified/);
    expect(umpire(['replay', '--db', target, '--battle', 'b1']).stdout).toBe(umpire(['replay', '--db', db, '--battle', 'b1']).stdout);
    expect(umpire(['migrate-store', '--from', db, '--to', db]).stderr).toMatch(/name the same store/);
  }, 120_000);
});
