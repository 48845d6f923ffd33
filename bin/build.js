/* global console, process, URL */
// The compiled program (dist/): built by `npm install` (prepare), by `npm run build`, and by a start
// that finds it missing or older than the sources. Plain JavaScript: it runs before anything is built.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const dist = join(root, 'dist');
/** When the last build started (ms since the epoch): a source changed after it makes the build stale. */
const STAMP = join(dist, '.built-at');
/** What the build reads: a file here newer than the stamp means a rebuild. */
const SOURCES = ['src', 'commands', 'migrations', 'tsconfig.json', 'tsconfig.build.json'];

/** The newest modification time (ms) of a file or of any file under a folder; 0 when it is absent. */
function newest(path) {
  let st;
  try {
    st = statSync(path);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return st.mtimeMs;
  let latest = st.mtimeMs; // a file removed or renamed changes its folder's time
  for (const name of readdirSync(path)) latest = Math.max(latest, newest(join(path, name)));
  return latest;
}

/**
 * Why dist/ must be built before it runs, or undefined when it is up to date. Cheap (a few
 * milliseconds): the modification times of the ~300 source files against the stamp of the build.
 */
export function stale() {
  let builtAt;
  try {
    builtAt = Number(readFileSync(STAMP, 'utf8'));
  } catch {
    return 'it has not been built yet';
  }
  if (!Number.isFinite(builtAt)) return 'its last build did not finish';
  return SOURCES.some((s) => newest(join(root, s)) > builtAt) ? 'the sources changed since it was built' : undefined;
}

/**
 * Compiles src/ and commands/ with tsc (tsconfig.build.json) into dist/, and copies migrations/
 * beside them: the compiled store finds them from its own file (dist/src/store/db.js ->
 * dist/migrations), as the TypeScript one does from its (src/store/db.ts -> migrations). Returns
 * false (tsc having said why on stderr) when it did not build.
 */
export function build() {
  const startedAt = Date.now();
  let tsc;
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    console.error('Cannot build the program: TypeScript is not installed (it is a devDependency; run `npm install`).');
    return false;
  }
  rmSync(STAMP, { force: true });
  // Files of sources since removed would linger in dist/ and could still be imported: start clean.
  for (const dir of ['src', 'commands', 'migrations']) rmSync(join(dist, dir), { recursive: true, force: true });
  const r = spawnSync(process.execPath, [tsc, '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });
  if (r.status !== 0) return false;
  cpSync(join(root, 'migrations'), join(dist, 'migrations'), { recursive: true });
  writeFileSync(STAMP, String(startedAt));
  return true;
}

/** Builds dist/ if it is missing or stale, saying so on stderr; exits the process when it cannot. */
export function ensureBuilt() {
  const why = stale();
  if (!why) return;
  const t = Date.now();
  console.error(`Umpire — compiling the program, as ${why} (a few seconds, once)…`);
  if (!build()) {
    console.error('The program did not compile; nothing was started. `npm run dev` runs the TypeScript without compiling.');
    process.exit(1);
  }
  console.error(`Compiled in ${((Date.now() - t) / 1000).toFixed(1)} s.`);
}

/** Builds, then runs the compiled entry `entry` (a path under dist/, e.g. 'src/main.js'). */
export async function run(entry) {
  ensureBuilt();
  await import(new URL(`../dist/${entry}`, import.meta.url).href);
}

// `node bin/build.js` (npm run build, and npm's prepare on install): a build, whatever the times say.
if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  if (!existsSync(join(root, 'src'))) process.exit(0);
  process.exit(build() ? 0 : 1);
}
