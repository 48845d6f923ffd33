import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
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

/** One start of the compiled table, Ctrl-D sent once its output matches `when`: its exit code. */
async function leave(when: RegExp): Promise<number | null> {
  const db = join(mkdtempSync(join(tmpdir(), 'umpire-terminal-')), 'u.db');
  const env = { ...process.env, LOG_LEVEL: 'silent', DISCORD_TOKEN: '', DATABASE_URL: '', UMPIRE_DB: db, WEB_PORT: String(await freePort()) };
  const child = spawn('script', ['-qefc', 'node bin/start.js', '/dev/null'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  onTestFinished(() => void child.kill('SIGKILL'));
  let out = '';
  let sent = false;
  const left = new Promise<number | null>((resolve) => child.on('exit', resolve));
  child.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (!sent && when.test(out)) {
      sent = true;
      child.stdin.write('\x04');
    }
  });
  return left;
}

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
});
