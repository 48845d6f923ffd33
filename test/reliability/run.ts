import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `npm run reliability`: every reliability suite at full scale (100,000 hostile lines, 200 kills,
 * 2 to 8 processes and shards, ...), on SQLite, PGlite and a PostgreSQL server, then the figure
 * line each printed, together, at the end. The server is TEST_DATABASE_URL's, or one started for
 * the run by `.ci/postgres` (as `.ci/run` does) and stopped after it.
 */
const work = mkdtempSync(join(tmpdir(), 'umpire-reliability-'));
const figures = join(work, 'figures.txt');
writeFileSync(figures, '');
let server: string | undefined = process.env.TEST_DATABASE_URL;
let started = false;
if (!server) {
  const pg = spawnSync('.ci/postgres', ['start', join(work, 'pg')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  server = pg.status === 0 ? pg.stdout.trim().split('\n').at(-1) : undefined;
  started = server !== undefined;
  if (!server) console.error('No PostgreSQL server could be started: the server cases are left out of this run.');
}
const began = Date.now();
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'test/reliability', 'test/discord/faults.test.ts', 'test/discord/limits.test.ts', 'test/web/faults.test.ts', 'test/web/secrecy.test.ts', '--reporter=dot'], {
  stdio: 'inherit',
  env: { ...process.env, RELIABILITY_SCALE: 'full', RELIABILITY_FIGURES: figures, LOG_LEVEL: 'silent', ...(server ? { TEST_DATABASE_URL: server } : {}) },
});
if (started) spawnSync('.ci/postgres', ['stop', join(work, 'pg')], { stdio: 'inherit' });
console.log(`\nReliability figures (${Math.round((Date.now() - began) / 1000)} s${server ? ', with a PostgreSQL server' : ', without a PostgreSQL server'}):`);
console.log(readFileSync(figures, 'utf8').trimEnd());
process.exit(run.status ?? 1);
