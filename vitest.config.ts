import { readdirSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { configDefaults, defineConfig } from 'vitest/config';

// The suites that kill and race real processes run in `npm run reliability`, not in `npm test`.
const exclude = process.env.RELIABILITY_SCALE ? configDefaults.exclude : [...configDefaults.exclude, 'test/reliability/processes/**'];

/**
 * The test files that need modules of their own, loaded fresh for them alone: those that mock a
 * module (vi.mock replaces it only for modules loaded after it), and those that assert on a
 * module's first state in a process (the dice library not yet loaded; the terminal the CLI sees),
 * and those that start a bot on discord.js (a fake gateway, shards): in a shared worker a bot test
 * failed the files after it with an error thrown inside discord.js's own error formatting
 * (string "Set()" is not iterable), while each passes in a worker of its own.
 */
const FRESH_MODULES = ['test/discord/dice-ready.test.ts', 'test/table/first-line.test.ts'];
const ownModules = (readdirSync('test', { recursive: true, encoding: 'utf8' }) as string[])
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => join('test', f))
  .filter((f) => /\bvi\.(do)?mock\(|support\/(bot-harness|shards|fake-discord)\.ts|src\/discord\//.test(readFileSync(f, 'utf8')));
const isolated = [...new Set([...FRESH_MODULES, ...ownModules])];
// `npm run reliability`'s suites that kill and race processes keep their own modules too, as they always had.
const PROCESSES = 'test/reliability/processes/**/*.test.ts';

export default defineConfig({
  test: {
    setupFiles: ['test/support/setup.ts'],
    // The program speaks the shell's language (LC_ALL, LC_MESSAGES, LANG): the tests read its English
    // whatever the developer's shell speaks, and a test of another language says so (vi.stubEnv).
    env: { LC_ALL: 'C.UTF-8' },
    // A worker a CPU (vitest's default leaves one for itself, which idles): most files wait on a
    // child process, a server or a browser for much of their time.
    maxWorkers: availableParallelism(),
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // vi.stubEnv (TZ, for the clock's time zone) ends with its test, whatever file runs next in the process.
    unstubEnvs: true,
    // A project's include and exclude are its own (extends: true would add the root's to them).
    projects: [
      {
        // Every other file runs in a worker that keeps the modules it loaded for the next file:
        // the program (assemble(), which setup.ts calls again for each file), the dice library
        // (it builds mathjs) and a file's store engine load once per worker, not once per file.
        // Each file still starts from its own state: its stores, tables and harnesses are its own,
        // and the stores a contract test shares (test/store/stores.ts) are emptied before each test.
        extends: true,
        test: { name: 'shared', include: ['test/**/*.test.ts'], exclude: [...exclude, ...isolated, PROCESSES], isolate: false },
      },
      { extends: true, test: { name: 'isolated', include: [...isolated, PROCESSES], exclude, isolate: true } },
    ],
  },
});
