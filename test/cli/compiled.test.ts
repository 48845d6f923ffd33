import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Issue 28: `npm start`, `npm run umpire` and the bin run the program compiled by tsc into dist/ and bundled into dist/bundle/ (issue 44)
 * (bin/build.js). Compiling must change nothing a user sees: the compiled table plays an example
 * script line for line as the TypeScript does through tsx.
 */
const SEED = '5e'.repeat(32);
const env = { ...process.env, LOG_LEVEL: 'silent', DISCORD_TOKEN: '', DATABASE_URL: '' };
const run = (node: string[], args: string[]) => spawnSync(process.execPath, [...node, ...args], { encoding: 'utf8', env, timeout: 120_000 });
/** Times (of events, of deadlines) are the clock's: the same moment in both runs is not promised, as an ISO time or a Discord timestamp. */
/** Nor are the hashes, which cover each event's time: a result's reference (`hash 2de15b540e30…`) and a chart's name (`-2de15b54-turn2.png`). */
const timeless = (out: string) =>
  out
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g, '<time>')
    .replace(/<t:-?\d+:(\w)>/g, '<t:time:$1>')
    .replace(/hash [0-9a-f]{12}…/g, 'hash <hash>…')
    .replace(/-[0-9a-f]{8}-turn(\d+)\.png/g, '-<hash>-turn$1.png');

describe('the compiled program (dist/, issue 28)', () => {
  beforeAll(() => {
    // Builds dist/ when it is missing or older than the sources, as a start does; reuses it when fresh.
    const built = run(['--input-type=module', '-e', "(await import('./bin/build.js')).ensureBuilt()"], []);
    expect(built.status, built.stderr).toBe(0);
  }, 300_000);

  // The campaign's script ends with its report, whose chart's renderer is imported lazily: a compiled
  // import tsc left as written (a `.ts` path) fails only there.
  it.each(['examples/short-battle.table', 'examples/campaign.table'])('given %s, when the compiled table plays it, then it prints what the tsx run prints', (script) => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-compiled-'));
    // As JSON: each message as sent, its times as timestamps (the human form says "1 second ago" as the clock goes).
    const args = (db: string) => ['table', '--json', '--db', join(dir, db), '--seed', SEED, '--out', dir, '--script', script];
    const compiled = run(['dist/bundle/cli.js'], args('compiled.db'));
    const typescript = run(['--import', 'tsx', 'src/cli/main.ts'], args('tsx.db'));
    expect(compiled.stderr).toBe('');
    expect(compiled.status).toBe(0);
    expect(typescript.status).toBe(0);
    expect(compiled.stdout.split('\n').length).toBeGreaterThan(30);
    expect(timeless(compiled.stdout)).toBe(timeless(typescript.stdout));
  });

  // Issue 44: the table's start never pays for discord.js (393 ms of a 782 ms start when it did).
  it('given npm start without a token, when the table answers /help, a battle and a roll, then discord.js was never imported', () => {
    const refuse = `export async function resolve(specifier, context, next) {
      if (specifier === 'discord.js' || specifier.startsWith('@discordjs/')) throw new Error('the table imported ' + specifier);
      return next(specifier, context);
    }`;
    const hook = `import { register } from 'node:module'; register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(refuse)}`)});`;
    const db = join(mkdtempSync(join(tmpdir(), 'umpire-compiled-')), 'u.db');
    const input = ['@gm /help', '@gm /battle create name:Ligny system:medieval', '@gm /roll 2d6', ''].join('\n');
    const r = spawnSync(process.execPath, ['--import', `data:text/javascript,${encodeURIComponent(hook)}`, 'dist/bundle/main.js'], { encoding: 'utf8', env: { ...env, UMPIRE_DB: db }, input, timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/2d6/);
  });

  it('given the compiled store, when verify reads what it wrote, then its migrations were found (dist/migrations)', () => {
    const db = join(mkdtempSync(join(tmpdir(), 'umpire-compiled-')), 'u.db');
    expect(run(['dist/bundle/cli.js'], ['table', '--db', db, '--script', 'examples/short-battle.table']).status).toBe(0);
    const v = run(['bin/umpire.js'], ['verify', '--db', db, '--battle', 'b1']);
    expect(v.stdout).toMatch(/hash chain of \d+ events verified/);
  });
});
