import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { unguarded } from '../support/tamper.ts';

/** The `umpire` command line as a user runs it, in a child process. */
const umpire = (args: string[], input?: string, env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { encoding: 'utf8', input, env: { ...process.env, LOG_LEVEL: 'silent', ...env } });

describe('umpire CLI', () => {
  const db = join(mkdtempSync(join(tmpdir(), 'umpire-cli-')), 'u.db');
  beforeAll(() => {
    const r = umpire(['table', '--db', db, '--json'], readFileSync('examples/short-battle.table', 'utf8'));
    expect(r.status).toBe(0);
  });

  it('table reads a script from stdin and prints one JSON object a line', () => {
    const r = umpire(['table', '--db', join(mkdtempSync(join(tmpdir(), 'umpire-cli-')), 'x.db'), '--json'], '@gm /battle create name:X system:brigade\n@gm /side add\n');
    const lines = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.to)).toEqual(['reply', 'channel', 'reply']);
    // Each names the script line it answers (issue 39).
    expect(lines.map((l) => l.line)).toEqual([1, 1, 2]);
    expect(lines[1]).toMatchObject({ to: 'channel', channel: 'table', event: 1 });
    expect(lines[2]).toMatchObject({ to: 'reply', user: 'gm', error: expect.stringMatching(/name is required/) });
  });

  it("table: a share says no pages are served here, or where WEB_URL says they are (issue 39)", () => {
    const script = '@gm /battle create name:X system:percentile\n@gm /battle share\n';
    const told = (env: Record<string, string>) => umpire(['table', '--db', join(mkdtempSync(join(tmpdir(), 'umpire-cli-')), 'x.db'), '--json'], script, env).stdout.trim().split('\n').map((l) => JSON.parse(l) as { line: number; to: string; text: string }).filter((m) => m.line === 2 && m.to === 'reply').map((m) => m.text).join('\n');
    expect(told({})).toMatch(/No battle pages are served here, so the link does not open yet: serve them with `npm run umpire -- serve`/);
    expect(told({ WEB_URL: 'https://umpire.example.org' })).toMatch(/the link opens while the process serving them at https:\/\/umpire\.example\.org runs/);
  });

  it('replay --to N gives the state at N', () => {
    const at29 = JSON.parse(umpire(['replay', '--db', db, '--battle', 'b1', '--to', '29', '--json']).stdout);
    expect(at29.version).toBe(29);
    expect(at29.gms).toEqual(['gm', 'umpire2']);
    expect(at29.position).toEqual({ turn: 1, phase: 0, period: 'day' });
    const at1 = JSON.parse(umpire(['replay', '--db', db, '--battle', 'b1', '--to', '1', '--json']).stdout);
    expect(Object.keys(at1.units)).toEqual([]);
    expect(umpire(['replay', '--db', db, '--battle', 'b1']).stdout).toMatch(/^Battle "Quatre Bras" \(b1\)/);
  });

  it('verify passes an untouched battle; export prints the log as JSON lines', () => {
    const v = umpire(['verify', '--db', db, '--battle', 'b1']);
    expect(v.status).toBe(0);
    expect(v.stdout).toMatch(/hash chain of \d+ events verified/);
    const lines = umpire(['export', '--db', db, '--battle', 'b1']).stdout.trim().split('\n');
    expect(JSON.parse(lines[0]!)).toMatchObject({ version: 1, type: 'BattleCreated' });
  });

  it('verify names the first bad event after a stored byte changed (by a hand that first drops the guard keeping the log append-only)', () => {
    const copy = join(mkdtempSync(join(tmpdir(), 'umpire-cli-')), 'tampered.db');
    execFileSync('cp', [db, copy]);
    const d = unguarded(new Database(copy));
    d.prepare("UPDATE events SET actor = 'mallory' WHERE version = 5").run();
    d.close();
    const v = umpire(['verify', '--db', copy, '--battle', 'b1']);
    expect(v.status).toBe(1);
    expect(v.stdout).toMatch(/FAILED at event 5/);
  });

  it('verify re-derives the rolls with --seed, says why not without it, and exits 1 on a seed that is not the commitment', () => {
    const seeded = join(mkdtempSync(join(tmpdir(), 'umpire-cli-')), 'dice.db');
    const seed = '5e'.repeat(32);
    const script = '@gm /battle create name:X system:medieval\n@gm /roll 4d6kh3+2\n@gm /roll d% secret:true\n';
    expect(umpire(['table', '--db', seeded, '--seed', seed], script).status).toBe(0);
    const unknown = umpire(['verify', '--db', seeded, '--battle', 'b1']);
    expect(unknown.status).toBe(0);
    expect(unknown.stdout).toMatch(/Dice: not checked: the seed has not been published .* give it with --seed/);
    const given = umpire(['verify', '--db', seeded, '--battle', 'b1', '--seed', seed]);
    expect(given.status).toBe(0);
    expect(given.stdout).toMatch(/Dice: 5 rolls in 2 events re-derived from the given seed; none was changed, re-rolled or chosen/);
    const wrong = umpire(['verify', '--db', seeded, '--battle', 'b1', '--seed', 'ab'.repeat(32)]);
    expect(wrong.status).toBe(1);
    expect(wrong.stdout).toMatch(/hash chain of 3 events verified\.\nDice: FAILED: the given seed's SHA-256 is not the commitment/);
  });

  it('finds a battle however its id is typed: --battle B1 is b1 (issue 39)', () => {
    const r = umpire(['verify', '--db', db, '--battle', 'B1']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^Battle b1: hash chain of \d+ events verified/);
    expect(umpire(['replay', '--db', db, '--battle', 'B1']).stdout).toMatch(/^Battle "Quatre Bras" \(b1\)/);
  });

  it('names a mistyped flag as unknown, with its nearest, before any required one it leaves out (issue 39)', () => {
    const r = umpire(['report', '--db', db, '--battel', 'b1']);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/^error: unknown option '--battel'\n\(Did you mean --battle\?\)/);
    expect(r.stderr).not.toMatch(/required option/);
    expect(umpire(['report', '--db', db]).stderr).toMatch(/^error: required option '--battle <id>' not specified/);
    expect(umpire(['migrate-store', '--from', db]).stderr).toMatch(/^error: required option '--to <file\|url>' not specified/);
    expect(umpire(['reprot', '--db', db]).stderr).toMatch(/^error: unknown command 'reprot'\n\(Did you mean report\?\)/);
  });

  it('names an unknown battle, a bad option and a bad configuration value', () => {
    expect(umpire(['replay', '--db', db, '--battle', 'b9']).stderr).toMatch(/No battle b9 in this database. Battles: b1 "Quatre Bras"/);
    expect(umpire(['replay', '--db', db, '--battle', 'b1', '--to', 'x']).stderr).toMatch(/--to <version>' argument 'x' is invalid. expected a whole number/);
    const bad = umpire(['verify', '--db', db, '--battle', 'b1'], undefined, { LOG_LEVEL: 'loud' });
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/LOG_LEVEL must be one of/);
  });
});
