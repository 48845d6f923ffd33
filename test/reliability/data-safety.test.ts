import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/store/db.ts';
import { startTable } from '../support/table.ts';
import { figureLine } from './figures.ts';

/**
 * Data safety (issue 20): a database of a newer schema, a read-only file, a damaged or foreign file,
 * a full disk: each gets a clear message naming the problem and the file, loses nothing, and leaves
 * the file as it was.
 */
const cli = (...args: string[]) => spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { encoding: 'utf8', input: '@gm /battle status\n', env: { ...process.env, LOG_LEVEL: 'silent' } });
const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');
const dir = () => mkdtempSync(join(tmpdir(), 'umpire-safety-'));

/** A small battle in a database file, closed cleanly (its WAL checkpointed into the file). */
async function battleFile(): Promise<string> {
  const file = join(dir(), 'umpire.db');
  const t = startTable({ file });
  await t.run(['@gm /battle create name:Ligny system:percentile', '@gm /oob import file:examples/oob/percentile.yaml', '@gm /roll expression:2d6']);
  t.db.$client.close();
  return file;
}

describe('data safety (issue 20)', () => {
  const figures = { cases: 0, unclear: 0, lost: 0, touched: 0 };
  const check = (file: string, run: ReturnType<typeof cli>, problem: RegExp, before: string) => {
    figures.cases++;
    if (run.status !== 2 || !problem.test(run.stderr) || !run.stderr.includes(file) || /\n\s+at /.test(run.stderr)) figures.unclear++;
    if (sha(file) !== before) figures.touched++;
    expect(run.stderr).toMatch(problem);
    expect(run.stderr).toContain(file);
    expect(run.stderr).not.toMatch(/\n\s+at /); // no stack trace
    expect(run.status).toBe(2);
    expect(sha(file)).toBe(before);
  };

  it('a database written by a newer Umpire: the table and verify refuse it by name and leave it untouched', async () => {
    const file = await battleFile();
    const db = openDatabase(file);
    db.$client.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('from-the-future', 4102444800000);
    db.$client.close();
    const before = sha(file);
    check(file, cli('table', '--db', file), /was written by a newer Umpire/, before);
    check(file, cli('verify', '--db', file, '--battle', 'b1'), /was written by a newer Umpire/, before);
  }, 60_000);

  it('a read-only file: the table refuses to run on it, verify and export read it as it is', async () => {
    const file = await battleFile();
    chmodSync(file, 0o444);
    const before = sha(file);
    check(file, cli('table', '--db', file), /is read-only: the umpire records every action in it/, before);
    const verify = cli('verify', '--db', file, '--battle', 'b1');
    expect(verify.stdout).toMatch(/Battle b1: hash chain of \d+ events verified/);
    expect(verify.status).toBe(0);
    const exported = cli('export', '--db', file, '--battle', 'b1');
    expect(exported.stdout.trim().split('\n').length).toBeGreaterThan(10);
    expect(sha(file)).toBe(before);
  }, 60_000);

  it('a file that is not a database, or a damaged one: refused by name, untouched', async () => {
    const notDb = join(dir(), 'notes.db');
    writeFileSync(notDb, 'Ligny, 16 June 1815: remember the flank march.\n'.repeat(200));
    check(notDb, cli('table', '--db', notDb), /is not an Umpire database, or it is damaged/, sha(notDb));
    check(notDb, cli('export', '--db', notDb, '--battle', 'b1'), /is not an Umpire database, or it is damaged/, sha(notDb));
    const damaged = join(dir(), 'damaged.db');
    copyFileSync(await battleFile(), damaged);
    const bytes = readFileSync(damaged);
    bytes.fill(0x5a, 4096, 8192); // the second page
    writeFileSync(damaged, bytes);
    check(damaged, cli('table', '--db', damaged), /is not an Umpire database, or it is damaged/, sha(damaged));
  }, 60_000);

  it('a full disk: the action is refused with the reason, nothing is recorded, and the battle goes on once there is room', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Ligny system:percentile']);
    const pages = Number(t.db.$client.pragma('page_count', { simple: true }));
    t.db.$client.pragma(`max_page_count = ${pages}`);
    const before = (await t.app.state('b1')).version;
    const [full] = await t.run(['@gm /oob import file:examples/oob/percentile.yaml']);
    figures.cases++;
    if (!/cannot be written now \(the disk is full\); nothing was recorded/.test(full!.error ?? '')) figures.unclear++;
    if ((await t.store.load('b1')).length !== before) figures.lost++;
    expect(full!.error).toMatch(/The battle's database cannot be written now \(the disk is full\); nothing was recorded/);
    expect((await t.app.state('b1')).version).toBe(before);
    t.db.$client.pragma('max_page_count = 1073741823');
    const [ok] = await t.run(['@gm /oob import file:examples/oob/percentile.yaml']);
    expect(ok!.error).toBeUndefined();
    figureLine('data safety', `${figures.cases} cases (newer schema, read-only, not a database, damaged, full disk), unclear messages ${figures.unclear}, data lost ${figures.lost}, files touched ${figures.touched}`);
  });
});
