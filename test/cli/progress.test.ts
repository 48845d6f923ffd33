import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { progress, progressAfterMs } from '../../src/cli/progress.ts';

/**
 * Issue 28: a command that runs past two seconds shows its progress on stderr (a bar at a
 * terminal, a line now and then otherwise); UMPIRE_PROGRESS_AFTER_MS=0 makes any command "slow"
 * without a clock in the test.
 */
const umpire = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { encoding: 'utf8', env: { ...process.env, LOG_LEVEL: 'silent', ...env } });
const SLOW = { UMPIRE_PROGRESS_AFTER_MS: '0' };

describe('progress of a slow command on a stderr that is not a terminal (issue 28)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-progress-'));
  const db = join(dir, 'u.db');
  beforeAll(() => {
    expect(umpire(['table', '--db', db, '--script', 'examples/short-battle.table']).status).toBe(0);
  });

  it('given a slow export, then stderr has its lines and stdout the log alone', () => {
    const r = umpire(['export', '--db', db, '--battle', 'b1'], SLOW);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^export: opening .*u\.db… \d+ s$/m);
    expect(r.stderr).toMatch(/^export: 40 of 40 events written, in \d+ s\.$/m);
    expect(r.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { version: number }).version)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
  });

  it('given a slow verify, then stderr names its steps and stdout has its result alone', () => {
    const r = umpire(['verify', '--db', db, '--battle', 'b1'], SLOW);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^verify: reading and checking the hash chain of battle b1… \d+ s$/m);
    expect(r.stdout).toMatch(/^Battle b1: hash chain of 40 events verified\.\nDice: not checked/);
  });

  it('given a slow migrate-store, then stderr counts the events copied', () => {
    const r = umpire(['migrate-store', '--from', db, '--to', join(dir, 'copy.db')], SLOW);
    expect(r.status).toBe(0);
    expect(r.stderr).toMatch(/^migrate-store: 40 of 40 events copied, in \d+ s\.$/m);
    expect(r.stdout).toMatch(/1 battle, 40 events; every chain verified in the target\./);
  });

  it('given a quick command, then stderr stays empty', () => {
    const r = umpire(['export', '--db', db, '--battle', 'b1'], { UMPIRE_PROGRESS_AFTER_MS: '600000' });
    expect(r.stderr).toBe('');
  });

  it('given UMPIRE_PROGRESS_AFTER_MS that is not a number, then it is named and nothing is done', () => {
    const r = umpire(['export', '--db', db, '--battle', 'b1'], { UMPIRE_PROGRESS_AFTER_MS: 'soon' });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/UMPIRE_PROGRESS_AFTER_MS must be a whole number of milliseconds .*"soon"/);
    expect(r.stdout).toBe('');
    expect(readFileSync(db).length).toBeGreaterThan(0);
  });
});

describe('progress lines (src/cli/progress.ts)', () => {
  /** A stream that is not a terminal and a clock the test moves. */
  const fake = () => {
    const lines: string[] = [];
    let t = 0;
    return { lines, stream: { write: (s: string) => lines.push(s), isTTY: false }, now: () => t, at: (ms: number) => (t = ms) };
  };

  it('given work under the threshold, then nothing is written', () => {
    const f = fake();
    const p = progress('copy', { stream: f.stream, now: f.now, afterMs: 2000, unit: 'events copied' });
    f.at(1999);
    p.count(10, 100);
    p.stop();
    expect(f.lines).toEqual([]);
  });

  it('given work past the threshold, then a line at once, another every few seconds, and one at the end', () => {
    const f = fake();
    const p = progress('migrate-store', { stream: f.stream, now: f.now, afterMs: 2000, everyMs: 5000, unit: 'events copied' });
    f.at(2000);
    p.count(1200, 5000);
    f.at(4000);
    p.count(2000, 5000);
    f.at(7000);
    p.count(4000, 5000);
    f.at(8000);
    p.count(5000, 5000);
    p.stop();
    expect(f.lines).toEqual(['migrate-store: 1,200 of 5,000 events copied\n', 'migrate-store: 4,000 of 5,000 events copied\n', 'migrate-store: 5,000 of 5,000 events copied, in 8 s.\n']);
  });

  it('reads UMPIRE_PROGRESS_AFTER_MS, two seconds when unset', () => {
    expect(progressAfterMs({})).toBe(2000);
    expect(progressAfterMs({ UMPIRE_PROGRESS_AFTER_MS: '0' })).toBe(0);
    expect(() => progressAfterMs({ UMPIRE_PROGRESS_AFTER_MS: '-1' })).toThrow(/whole number of milliseconds/);
  });
});
