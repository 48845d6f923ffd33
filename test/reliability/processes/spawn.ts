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
