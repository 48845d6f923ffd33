/* global console, process, URL */
// The compiled program (dist/): built by `npm install` (prepare), by `npm run build`, and by a start
// that finds it missing or older than the sources. Plain JavaScript: it runs before anything is built.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative, sep } from 'node:path';
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
  // esbuild's plugins run only in its asynchronous API: the bundle is made in a process of its own.
  const bundled = spawnSync(process.execPath, ['--input-type=module', '-e', `process.exit((await (await import(${JSON.stringify(import.meta.url)})).bundle()) ? 0 : 1)`], { stdio: 'inherit' });
  if (bundled.status !== 0) return false;
  writeFileSync(STAMP, String(startedAt));
  return true;
}

/**
 * The packages bundled with the program: small, pure JavaScript and loaded at every start. The
 * others stay where npm put them: native ones (better-sqlite3, esbuild), those loaded only when used
 * (discord.js, the web server, the charts, PostgreSQL, the dice, YAML...), and pino, whose
 * transports run files of their own in worker threads.
 */
const BUNDLED = new Set(['zod', 'drizzle-orm', 'commander', 'dotenv', '@noble/hashes', 'fastest-levenshtein', '@sindresorhus/slugify', '@sindresorhus/transliterate', 'escape-string-regexp', 'intl-messageformat', '@formatjs/icu-messageformat-parser', '@formatjs/icu-skeleton-parser', '@formatjs/fast-memoize']);

/**
 * The entry points the bin starts, bundled into dist/bundle/ (issue 44): a start reads a few files,
 * not the ~370 modules tsc writes, which took about half its time. Every module keeps its
 * own place: where it finds a file beside itself (`import.meta.url`: the migrations, the data-file
 * worker, the page's scripts, the shard's entry), it is told the place tsc gave it in dist/src/, which
 * stays as it is. A dynamic import stays one: its module runs only when imported.
 */
export async function bundle() {
  const esbuild = createRequire(import.meta.url)('esbuild');
  const out = join(dist, 'bundle');
  rmSync(out, { recursive: true, force: true });
  const packageOf = (spec) => (spec.startsWith('@') ? spec.split('/').slice(0, 2) : spec.split('/').slice(0, 1)).join('/');
  try {
    await esbuild.build({
      entryPoints: { main: join(dist, 'src/main.js'), cli: join(dist, 'src/cli/main.js') },
      outdir: out,
      bundle: true,
      // What is imported only when used (the web server, the charts, a campaign's parts...) in files
      // of its own, read only then. Every file is in dist/bundle/ itself, the place a module is told from.
      splitting: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      logLevel: 'error',
      // The CommonJS packages bundled call require: an ES module has none of its own.
      banner: { js: "import { createRequire as umpireRequire } from 'node:module'; const require = umpireRequire(import.meta.url);" },
      plugins: [
        {
          name: 'umpire-places',
          setup(b) {
            b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('node:') || !BUNDLED.has(packageOf(args.path)) ? { path: args.path, external: true } : undefined));
            b.onLoad({ filter: /[\\/]dist[\\/]src[\\/].*\.js$/ }, (args) => {
              const text = readFileSync(args.path, 'utf8');
              if (!text.includes('import.meta.url')) return undefined;
              const place = relative(out, args.path).split(sep).join('/');
              return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(place)}, import.meta.url).href`), loader: 'js' };
            });
          },
        },
      ],
    });
    return true;
  } catch (err) {
    console.error(`Cannot bundle the program: ${err.message}`);
    return false;
  }
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
