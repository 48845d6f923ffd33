import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Issue 28's figures, each in a process of its own as a user starts it: the time from a start to
 * the table's prompt, and the resident memory of the bot's process holding N live battles.
 */

const root = fileURLToPath(new URL('..', import.meta.url));
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** Whether util-linux's `script` is here to give the program a terminal (it prints its prompt only at one). */
export const canUseTerminal = (): boolean => process.platform === 'linux' && spawnSync('script', ['--version']).status === 0;

/** What a start's times are: milliseconds to its first line, to its prompt, and to the answer of a line typed at the prompt at once. */
export interface StartTimes {
  firstLine: number;
  prompt: number;
  answer: number;
}

/**
 * One start of `command` (a shell line, run in the repository). At a terminal, `@gm /battle status`
 * is typed as soon as the prompt shows, as a user who knows what to type would; without one, the
 * line is piped in and its answer stands for the prompt too.
 */
function startOnce(command: string, env: NodeJS.ProcessEnv, terminal: boolean): Promise<StartTimes> {
  return new Promise((resolve, reject) => {
    const t = performance.now();
    // At a terminal, the table prints its prompt; without one it reads lines: the first reply stands for the prompt.
    const child = terminal
      ? spawn('script', ['-qefc', command, '/dev/null'], { cwd: root, env, stdio: ['pipe', 'pipe', 'pipe'], detached: true })
      : spawn(command, { cwd: root, env, shell: true, stdio: ['pipe', 'pipe', 'pipe'], detached: true });
    if (!terminal) child.stdin.write('@gm /battle status\n');
    let out = '';
    let firstLine: number | undefined;
    let prompt: number | undefined;
    let answer: number | undefined;
    const timer = setTimeout(() => {
      process.kill(-child.pid!, 'SIGKILL');
      reject(new Error(`${command} showed no prompt in 120 s; it printed: ${out.slice(-500)}`));
    }, 120_000);
    const seen = (chunk: Buffer) => {
      out += chunk.toString();
      const now = performance.now() - t;
      if (firstLine === undefined && out.includes('\n')) firstLine = now;
      if (prompt === undefined && /@gm> /.test(out)) {
        prompt = now;
        child.stdin.write('@gm /battle status\r');
      }
      if (answer === undefined && /no battle in this channel/i.test(out)) {
        answer = now;
        prompt ??= now;
        if (terminal) child.stdin.write('\x04'); // Ctrl-D: the table closes its store and leaves
        else child.stdin.end();
      }
    };
    child.stdout.on('data', seen);
    child.stderr.on('data', seen);
    child.on('exit', () => {
      clearTimeout(timer);
      if (prompt === undefined || answer === undefined) reject(new Error(`${command} left before its prompt and its first answer; it printed: ${out.slice(-500)}`));
      else if (/compiling the program/.test(out)) reject(new Error(`${command} compiled the program first: the sources changed during the bench`));
      else resolve({ firstLine: firstLine!, prompt, answer });
    });
  });
}

/**
 * The medians of `runs` starts of `command` on a fresh store each (a SQLite file, or a PGlite
 * directory when `pglite`), with no DISCORD_TOKEN: the local table, as `npm start` opens it.
 */
export async function startTimes(command: string, runs: number, o: { pglite?: boolean; terminal?: boolean } = {}): Promise<StartTimes> {
  const terminal = o.terminal ?? canUseTerminal();
  const firsts: number[] = [];
  const prompts: number[] = [];
  const answers: number[] = [];
  for (let r = 0; r < runs; r++) {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-start-'));
    try {
      const env = { ...process.env, DISCORD_TOKEN: '', LOG_LEVEL: 'silent', UMPIRE_DB: join(dir, 'umpire.db'), DATABASE_URL: o.pglite ? `pglite:${join(dir, 'pg')}` : '' };
      const t = await startOnce(command, env, terminal);
      firsts.push(t.firstLine);
      prompts.push(t.prompt);
      answers.push(t.answer);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return { firstLine: median(firsts), prompt: median(prompts), answer: median(answers) };
}

/** The median wall time, in milliseconds, of `runs` runs of node with `args` in the repository: what any start pays before the program. */
export function nodeTime(args: string[], runs: number): number {
  const times: number[] = [];
  for (let r = 0; r < runs; r++) {
    const t = performance.now();
    const done = spawnSync(process.execPath, args, { cwd: root, stdio: 'ignore' });
    times.push(performance.now() - t);
    if (done.status !== 0) throw new Error(`node ${args.join(' ')} failed`);
  }
  return median(times);
}

/**
 * Run in a child process: opens the SQLite store argv[3], loads its battles live0..live<argv[4]-1>
 * into an umpire (as the bot keeps them), and prints the process's resident memory and how much
 * the heap grew, after a collection. argv[1] is the program's folder (dist/src/ or src/), argv[2]
 * its files' extension.
 */
const LIVE_CHILD = `
const [dir, ext, file, count] = process.argv.slice(1);
const load = (p) => import(new URL(p + ext, dir).href);
const { assemble } = await load('assemble');
assemble();
const { Umpire } = await load('app/service/umpire');
const { SqliteEventStore } = await load('store/sqlite-store');
const store = SqliteEventStore.open(file);
const app = new Umpire(store);
globalThis.gc();
const before = process.memoryUsage();
for (let b = 0; b < Number(count); b++) await app.state('live' + b);
globalThis.gc();
const after = process.memoryUsage();
if ((await app.state('live0')).version === 0) throw new Error('the battles did not load');
console.log(JSON.stringify({ rssMb: after.rss / 2 ** 20, beforeMb: before.rss / 2 ** 20, heapMb: (after.heapUsed - before.heapUsed) / 2 ** 20 }));
await store.close();
`;

/**
 * The resident memory of a process holding `count` live battles of the store `file` (seeded by
 * seedLiveBattles): the compiled program as `npm start` runs it, or the TypeScript through tsx
 * (today's `npm run dev`). `beforeMb`: the same process with the program loaded, no battle yet.
 */
export function liveBattlesProcess(file: string, count: number, compiled: boolean): { rssMb: number; beforeMb: number; heapMb: number } {
  const dir = pathToFileURL(join(root, compiled ? 'dist/src/' : 'src/')).href;
  const r = spawnSync(process.execPath, ['--expose-gc', ...(compiled ? [] : ['--import', 'tsx']), '--input-type=module', '-e', LIVE_CHILD, dir, compiled ? '.js' : '.ts', file, String(count)], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, LOG_LEVEL: 'silent' },
  });
  if (r.status !== 0) throw new Error(`the live battles' process failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split('\n').at(-1)!) as { rssMb: number; beforeMb: number; heapMb: number };
}
