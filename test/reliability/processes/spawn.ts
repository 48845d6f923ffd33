import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A table or bot process of the real umpire (tsx, as `npm run umpire` runs it). */
export function umpire(args: string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { env: { ...process.env, LOG_LEVEL: 'silent', ...env }, stdio: ['pipe', 'pipe', 'pipe'] });
}

export interface TableRun {
  lines: { to: string; text: string; error?: string; event?: number }[];
  stderr: string;
  code: number | null;
  signal: NodeJS.Signals | null;
}

/** Runs a table script in its own process on `db`; resolves with what it printed (JSON lines) and how it ended. */
export function tableProcess(db: string, script: string[], extra: string[] = []): { child: ChildProcess; done: Promise<TableRun>; answering: Promise<void> } {
  const child = umpire(['table', '--db', db, '--json', ...extra]);
  let out = '';
  let stderr = '';
  let answered: () => void = () => undefined;
  /** Resolves at the process's first answer: it is up, and appending. */
  const answering = new Promise<void>((resolve) => (answered = resolve));
  child.stdout!.on('data', (c: Buffer) => {
    out += c.toString();
    answered();
  });
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  child.stdin!.on('error', () => undefined);
  child.stdin!.end(`${script.join('\n')}\n`);
  const done = new Promise<TableRun>((resolve) =>
    child.on('close', (code, signal) =>
      resolve({
        lines: out
          .split('\n')
          .filter((l) => l.startsWith('{'))
          .map((l) => JSON.parse(l) as TableRun['lines'][number]),
        stderr,
        code,
        signal,
      }),
    ),
  );
  void done.then(() => answered());
  return { child, done, answering };
}

export const tempDir = (name: string) => mkdtempSync(join(tmpdir(), `umpire-${name}-`));

/**
 * `n` processes appending `count` events standing alone each to battle `battleId` of the store at
 * `db` (appender.ts), started together once all are up; resolves with what each appended (the
 * versions it was answered) and the stale versions it met. A process that fails rejects, with its stderr.
 */
export async function appenders(db: string, battleId: string, n: number, count: number): Promise<{ versions: number[]; conflicts: number }[]> {
  const children = Array.from({ length: n }, (_, p) =>
    spawn(process.execPath, ['--import', 'tsx', 'test/reliability/processes/appender.ts', db, battleId, `p${p}`, String(count)], { env: { ...process.env, LOG_LEVEL: 'silent' }, stdio: ['pipe', 'pipe', 'pipe'] }),
  );
  const runs = children.map((child) => {
    let out = '';
    let stderr = '';
    let up: () => void = () => undefined;
    const ready = new Promise<void>((resolve) => (up = resolve));
    child.stdout!.on('data', (c: Buffer) => {
      out += c.toString();
      if (out.startsWith('ready\n')) up();
    });
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdin!.on('error', () => undefined);
    const done = new Promise<{ versions: number[]; conflicts: number }>((resolve, reject) =>
      child.on('close', (code) => {
        const last = out.trim().split('\n').at(-1) ?? '';
        if (code === 0 && last.startsWith('{')) resolve(JSON.parse(last) as { versions: number[]; conflicts: number });
        else reject(new Error(`an appender ended with ${code}: ${stderr || out}`));
      }),
    );
    // A process that ends before it is up ends the wait for it too: its rejection says why.
    void done.catch(() => undefined).then(up);
    return { ready, done };
  });
  await Promise.all(runs.map((r) => r.ready));
  for (const child of children) child.stdin!.write('go\n');
  return Promise.all(runs.map((r) => r.done));
}
