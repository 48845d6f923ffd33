import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildProgram } from '../../src/cli/program.ts';
import { loadConfig } from '../../src/config/config.ts';

/**
 * Issue 28: at a terminal the table says what it does at once, before the store opens and the
 * rule systems load (seconds on PGlite): its first line comes even when the store then fails.
 */
describe('the table’s first line (issue 28)', () => {
  const isTTY = process.stdin.isTTY;
  afterEach(() => {
    process.stdin.isTTY = isTTY;
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
  });

  it('given a store that cannot be opened, when the table starts at a terminal, then the opening line comes first, then the error', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-first-'));
    const db = join(dir, 'junk.db');
    writeFileSync(db, Buffer.alloc(4096, 7)); // not a SQLite file: the open fails, leaving it untouched
    const said: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void said.push(`out: ${a.join(' ')}`));
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void said.push(`err: ${a.join(' ')}`));
    vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => said.push(`err: ${String(s)}`) > 0);
    process.stdin.isTTY = true;
    const program = buildProgram(loadConfig({ LOG_LEVEL: 'silent' }));
    await expect(program.parseAsync(['table', '--db', db], { from: 'user' })).rejects.toThrow(/is not an Umpire database, or it is damaged .*left untouched/);
    expect(said[0]).toBe(`out: Umpire — opening ${db}…`);
  });

  it('given progress shown at once, when the table opens at a terminal, then it says it is opening once, not again as progress (issue 39)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-first-'));
    const db = join(dir, 'junk.db');
    writeFileSync(db, Buffer.alloc(4096, 7));
    vi.stubEnv('UMPIRE_PROGRESS_AFTER_MS', '0');
    const said: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void said.push(a.join(' ')));
    vi.spyOn(console, 'error').mockImplementation((...a: unknown[]) => void said.push(a.join(' ')));
    vi.spyOn(process.stderr, 'write').mockImplementation((s: string | Uint8Array) => said.push(String(s)) > 0);
    process.stdin.isTTY = true;
    const program = buildProgram(loadConfig({ LOG_LEVEL: 'silent' }));
    await expect(program.parseAsync(['table', '--db', db], { from: 'user' })).rejects.toThrow(/is not an Umpire database/);
    expect(said.filter((l) => l.includes('opening'))).toEqual([`Umpire — opening ${db}…`]);
  });

  it('given a PostgreSQL URL, then the first line names the server and not its password', async () => {
    const said: string[] = [];
    vi.spyOn(console, 'log').mockImplementation((...a: unknown[]) => void said.push(a.join(' ')));
    process.stdin.isTTY = true;
    const program = buildProgram(loadConfig({ LOG_LEVEL: 'silent' }));
    await expect(program.parseAsync(['table', '--db', 'postgres://umpire:hunter2@127.0.0.1:1/battles'], { from: 'user' })).rejects.toThrow();
    expect(said[0]).toBe('Umpire — opening postgres://127.0.0.1:1/battles…');
    expect(said.join('\n')).not.toMatch(/hunter2/);
  });
});
