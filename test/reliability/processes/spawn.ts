import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A TypeScript entry point of the repository in a process of its own, through tsx, its log silent. */
function tsxProcess(entry: string, args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', entry, ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
}

/** A table or bot process of the real umpire (tsx, as `npm run umpire` runs it). */
export const umpire = (args: string[], env: Record<string, string> = {}): ChildProcess => tsxProcess('src/cli/main.ts', args, env);

/**
 * What `child` prints, collected as it comes: `ready` resolves once its output so far passes `isUp`,
 * or once it ends (a process that ends first ends the wait for it too); `closed` once it has ended.
 */
export function collected(child: ChildProcess, isUp: (out: string) => boolean) {
  let out = '';
  let stderr = '';
  let up: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => (up = resolve));
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
    if (isUp(out)) up();
  });
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin!.on('error', () => undefined);
  const closed = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.on('close', (code, signal) => {
      up();
      resolve({ code, signal });
    }),
  );
  return { ready, closed, out: () => out, stderr: () => stderr };
}

export interface TableRun {
  lines: { to: string; text: string; error?: string; event?: number }[];
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** The JSON lines a table printed. */
export const jsonLines = (out: string): TableRun['lines'] =>
  out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as TableRun['lines'][number]);

/** Runs a table script in its own process on `db`; resolves with what it printed (JSON lines) and how it ended. */
export function tableProcess(db: string, script: string[], extra: string[] = []): { child: ChildProcess; done: Promise<TableRun>; answering: Promise<void> } {
  const child = umpire(['table', '--db', db, '--json', ...extra]);
  // Its first answer says it is up, and appending.
  const printed = collected(child, () => true);
  child.stdin!.end(`${script.join('\n')}\n`);
  const done = printed.closed.then(({ code, signal }) => ({ lines: jsonLines(printed.out()), stderr: printed.stderr(), code, signal }));
  return { child, done, answering: printed.ready };
}

export const tempDir = (name: string) => mkdtempSync(join(tmpdir(), `umpire-${name}-`));

/**
 * `n` processes appending `count` events standing alone each to battle `battleId` of the store at
 * `db` (appender.ts), started together once all are up; resolves with what each appended (the
 * versions it was answered) and the stale versions it met. A process that fails rejects, with its stderr.
 */
export async function appenders(db: string, battleId: string, n: number, count: number): Promise<{ versions: number[]; conflicts: number }[]> {
  const children = Array.from({ length: n }, (_, p) => tsxProcess('test/reliability/processes/appender.ts', [db, battleId, `p${p}`, String(count)]));
  const runs = children.map((child) => {
    const printed = collected(child, (out) => out.startsWith('ready\n'));
    const done = printed.closed.then(({ code }) => {
      const last = printed.out().trim().split('\n').at(-1) ?? '';
      if (code === 0 && last.startsWith('{')) return JSON.parse(last) as { versions: number[]; conflicts: number };
      throw new Error(`an appender ended with ${code}: ${printed.stderr() || printed.out()}`);
    });
    return { ready: printed.ready, done };
  });
  await Promise.all(runs.map((r) => r.ready));
  for (const child of children) child.stdin!.write('go\n');
  return Promise.all(runs.map((r) => r.done));
}
