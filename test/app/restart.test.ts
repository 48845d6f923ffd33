import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OutboxDispatcher } from '../../src/app/service/dispatcher.ts';
import { invoke } from '../../src/app/service/invoke.ts';
import { Umpire } from '../../src/app/service/umpire.ts';
import { openDatabase } from '../../src/store/db.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { Table } from '../../src/table/table.ts';

const table = (db: string, script: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'table', '--db', db, '--json'], { encoding: 'utf8', input: script, env: { ...process.env, LOG_LEVEL: 'silent' } });

const firstHalf = [
  '@gm /battle create name:"Quatre Bras" system:percentile',
  '@gm /oob import file:examples/oob/percentile.yaml',
  '@gm /ballot open question:"Attack at first light?" options:"YES,NO"',
  '@alice !press YES',
  '@bob /ballot vote ballot:v1 choice:NO',
].join('\n');
const secondHalf = ['@carol /ballot vote ballot:v1 choice:YES', '@alice !press NO', '@dave /ballot vote ballot:v1 choice:NO'].join('\n');

const reveal = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { to: string; title?: string; text: string })
    .find((m) => m.to === 'channel' && m.title?.startsWith('Revealed'));

describe('restart', () => {
  it('a ballot run in two processes on one database reveals the same as one uninterrupted run', () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-restart-'));
    const once = table(join(dir, 'once.db'), `${firstHalf}\n${secondHalf}`);
    const split = join(dir, 'split.db');
    const first = table(split, firstHalf);
    expect(reveal(first.stdout)).toBeUndefined();
    const second = table(split, secondHalf);
    const a = reveal(once.stdout);
    expect(a?.text).toMatch(/Attack at first light\? revealed \(everyone voted\): Bachelu's Division NO; Piré's Cavalry Division NO; 5th Division YES; 2nd Netherlands Division NO/);
    expect(reveal(second.stdout)?.text).toBe(a?.text);
  });

  it('a deadline that passed while the process was down is handled at the first tick after start-up, once', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'umpire-restart-')), 'u.db');
    let now = new Date('2026-11-22T20:00:00Z');
    const start = () => {
      const store = new SqliteEventStore(openDatabase(file));
      const app = new Umpire(store, { now: () => now });
      const out: { to: string; title?: string; text: string; user?: string }[] = [];
      return { store, app, out, table: new Table(app, { json: true, cwd: process.cwd(), print: (l) => out.push(JSON.parse(l)) }) };
    };
    const a = start();
    for (const l of [
      '@gm /battle create name:Ligny system:percentile',
      '@gm /oob import file:examples/oob/percentile.yaml',
      '@gm /ballot open question:"Retreat?" options:"YES,NO" deadline:2h',
      '@alice /ballot vote ballot:v1 choice:YES',
    ])
      await a.table.run(l);
    await a.store.close();

    // 1h40m later, still down: at start the reminder (a quarter of the time, at most an hour, before) is due.
    now = new Date('2026-11-22T21:40:00Z');
    const b = start();
    await b.table.tick();
    expect(b.out.filter((m) => m.title?.startsWith('Reminder')).map((m) => m.user)).toEqual(['bob', 'carol', 'dave']);
    await b.store.close();

    // After the deadline: the ballot closes at once on start-up, with whoever voted.
    now = new Date('2026-11-22T23:00:00Z');
    const c = start();
    await c.table.tick();
    await c.table.tick();
    const revealed = c.out.filter((m) => m.title === 'Revealed: Retreat?');
    expect(revealed).toHaveLength(1);
    expect(revealed[0]!.text).toMatch(/revealed \(the deadline passed\): Bachelu's Division YES; Piré's Cavalry Division did not vote/);
    // A second process starting later finds nothing more to do.
    const d = start();
    expect(await d.app.tick()).toBe(0);
  });

  it('posts a process was delivering when it was killed come out of the next process once its last heartbeat lapsed (seconds, not a minute), once and in order (issue 27)', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'umpire-restart-')), 'u.db');
    let now = new Date('2026-11-22T20:00:00Z');
    const start = () => {
      const store = new SqliteEventStore(openDatabase(file));
      const app = new Umpire(store, { now: () => now });
      const out: { to: string; title?: string; text: string }[] = [];
      return { store, app, out, table: new Table(app, { json: true, cwd: process.cwd(), print: (l) => out.push(JSON.parse(l)) }) };
    };
    // Process A records a battle and three rolls, and is killed while Discord is still answering the first post.
    const a = start();
    await invoke(a.app, { command: 'battle', sub: 'create', options: { name: 'Ligny', system: 'percentile' }, actor: 'gm', channel: 'table' });
    for (const r of [1, 2, 3]) await invoke(a.app, { command: 'roll', sub: '', options: { expression: '1d6', reason: `roll ${r}` }, actor: 'gm', channel: 'table' });
    let handed = 0;
    let answer: () => void = () => undefined;
    let onHanded: () => void = () => undefined;
    const firstHanded = new Promise<void>((r) => (onHanded = r));
    const delivering = new OutboxDispatcher(a.store, { deliver: () => (handed++, onHanded(), new Promise<void>((r) => (answer = r))) }, { now: () => now }).drainOnce();
    await firstHanded;
    expect(handed).toBe(1);
    await a.store.close(); // killed: its heartbeat never reaches the database again

    // Process B starts 2 s later: the claim A renewed last at 20:00:00 still holds, so B waits.
    now = new Date('2026-11-22T20:00:02Z');
    const b = start();
    await b.table.flush();
    expect(b.out).toEqual([]);
    // Past the 3 s lease, B delivers everything, in order.
    now = new Date('2026-11-22T20:00:03.001Z');
    await b.table.flush();
    expect(b.out.map((m) => m.title ?? m.text.split('\n')[0])).toEqual([
      expect.stringMatching(/Ligny/),
      expect.stringMatching(/roll 1/),
      expect.stringMatching(/roll 2/),
      expect.stringMatching(/roll 3/),
    ]);
    // Nothing is left for a third process, so nothing is posted twice.
    const c = start();
    await c.table.flush();
    expect(c.out).toEqual([]);
    answer();
    await delivering.catch(() => undefined);
    await b.store.close();
    await c.store.close();
  });
});
