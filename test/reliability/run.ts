import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * `npm run reliability`: every reliability suite at full scale (100,000 hostile lines, 200 kills,
 * 4 and 8 processes, ...), then the figure line each printed, together, at the end.
 */
const figures = join(mkdtempSync(join(tmpdir(), 'umpire-reliability-')), 'figures.txt');
writeFileSync(figures, '');
const started = Date.now();
const run = spawnSync(process.execPath, ['node_modules/vitest/vitest.mjs', 'run', 'test/reliability', 'test/discord/faults.test.ts', '--reporter=dot'], {
  stdio: 'inherit',
  env: { ...process.env, RELIABILITY_SCALE: 'full', RELIABILITY_FIGURES: figures, LOG_LEVEL: 'silent' },
});
console.log(`\nReliability figures (${Math.round((Date.now() - started) / 1000)} s):`);
console.log(readFileSync(figures, 'utf8').trimEnd());
process.exit(run.status ?? 1);
