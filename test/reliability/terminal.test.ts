import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { FULL, figureLine } from './figures.ts';

/**
 * The table at a terminal, left as people leave it: Ctrl-D typed the moment the prompt shows, before
 * the battle pages' address comes (which once prompted a closed readline, and the table hung), or
 * once that address is there. Each start must end; a start that stays fails by the test's timeout.
 * Whether Ctrl-D beats the address is the machine's timing: test/table/aside.test.ts holds that case
 * every time, in the process.
 * A terminal is lent by util-linux's `script`, in Debian's base system.
 */
const STARTS = FULL ? 20 : 2;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * One start of the compiled table on the store `db` (a fresh one by default): each step's keys typed
 * once its output matches the step's pattern, in turn. Its exit code and what it printed.
 */
async function session(steps: [RegExp, string][], db = join(mkdtempSync(join(tmpdir(), 'umpire-terminal-')), 'u.db')): Promise<{ code: number | null; out: string }> {
  const env = { ...process.env, LOG_LEVEL: 'silent', DISCORD_TOKEN: '', DATABASE_URL: '', UMPIRE_DB: db, WEB_PORT: String(await freePort()) };
  const child = spawn('script', ['-qefc', 'node bin/start.js', '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  onTestFinished(() => void child.kill('SIGKILL'));
  let out = '';
  let next = 0;
  const left = new Promise<number | null>((resolve) => child.on('exit', resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    while (next < steps.length && steps[next]![0].test(out)) child.stdin.write(steps[next++]![1]);
  });
  return { code: await left, out };
}

/** One start, Ctrl-D sent once its output matches `when`: its exit code. */
const leave = async (when: RegExp): Promise<number | null> => (await session([[when, '\x04']])).code;

describe('the table at a terminal, left with Ctrl-D (reliability)', () => {
  beforeAll(() => {
    // The compiled program, built when missing or older than the sources, as a start does.
    const built = spawnSync(process.execPath, ['--input-type=module', '-e', "(await import('./bin/build.js')).ensureBuilt()"], { encoding: 'utf8' });
    expect(built.status, built.stderr).toBe(0);
  }, 300_000);

  it('ends every start, whether Ctrl-D comes before the pages’ address or after it', async () => {
    let left = 0;
    for (let i = 0; i < STARTS; i++) {
      for (const when of [/@gm> /, /Battle pages on [\s\S]*@gm> /]) {
        expect(await leave(when)).toBe(0);
        left++;
      }
    }
    figureLine('table at a terminal', `${left} of ${2 * STARTS} starts left with Ctrl-D (at the first prompt, and after the pages' address) ended`);
  }, 600_000);

  it('answers a line typed at the first prompt, before the store has opened and the rule systems loaded (issue 44)', async () => {
    let answered = 0;
    for (let i = 0; i < STARTS; i++) {
      const { code, out } = await session([[/@gm> /, '@gm /battle status\r'], [/no battle in this channel/i, '\x04']]);
      expect(code).toBe(0);
      expect(out).toMatch(/no battle in this channel/i);
      answered++;
    }
    figureLine('table at a terminal', `${answered} of ${STARTS} lines typed at the first prompt, before the store opened, answered`);
  }, 600_000);

  it('ends a start on a damaged store with the store\'s reason on a line of its own (exit 2), the file untouched, though the prompt came first (issue 44)', async () => {
    let refused = 0;
    for (let i = 0; i < STARTS; i++) {
      const db = join(mkdtempSync(join(tmpdir(), 'umpire-terminal-')), 'u.db');
      const garbage = Buffer.alloc(4096, i + 1);
      writeFileSync(db, garbage);
      const { code, out } = await session([], db);
      expect(code).toBe(2);
      expect(out).toMatch(/#table @gm> /);
      const reason = out.split('\n').find((l) => l.includes('is not an Umpire database, or it is damaged'));
      expect(reason).toBeDefined();
      // Said on a line of its own: the prompt before it was cleared from the screen (ESC [2K) first.
      const cleared = reason!.lastIndexOf(`${String.fromCharCode(27)}[2K`);
      expect(cleared).toBeGreaterThan(reason!.lastIndexOf('@gm> '));
      expect(readFileSync(db).equals(garbage)).toBe(true);
      refused++;
    }
    figureLine('table at a terminal', `${refused} of ${STARTS} starts on a damaged store ended with its reason (exit 2), the file untouched`);
  }, 600_000);
});
