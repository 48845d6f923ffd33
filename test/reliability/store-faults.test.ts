import { spawnSync } from 'node:child_process';
import { chmodSync, chownSync, closeSync, cpSync, existsSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { Umpire } from '../../src/app/service/umpire.ts';
import { startShards } from '../../src/discord/shards.ts';
import { DatabaseError } from '../../src/store/db.ts';
import { openStore, unshareable } from '../../src/store/open.ts';
import { word } from '../../src/i18n/text.ts';
import { verifyChain } from '../../src/store/hash.ts';
import { HOLDER_FILE, lockDirectory } from '../../src/store/pglite-lock.ts';
import type { PgEventStore } from '../../src/store/pg-store.ts';
import { Table } from '../../src/table/table.ts';
import { startTable, type Out } from '../support/table.ts';
import { figureLine, FULL } from './figures.ts';

/**
 * Store faults (issue 27): a PGlite directory a second opener must not share, a directory that is
 * no PGlite database, a damaged one, a read-only SQLite database, a full disk. Each gets one clear
 * line naming the store and what is wrong; nothing acknowledged is lost; a write refused at the
 * table leaves it up. The two-process PGlite case is in processes/pglite-lock.test.ts.
 */
const dir = (name: string) => mkdtempSync(join(tmpdir(), `umpire-faults-${name}-`));
const quiet = { LOG_LEVEL: 'silent' };
/**
 * The umpire CLI; as root, when `asUser`, without the capabilities that let root read and write any
 * file whatever its mode (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH), so file modes bind it as they bind a
 * user. Not as nobody: nobody cannot reach a clone under a private directory (mktemp -d is 0700).
 */
function cli(args: string[], opts: { input?: string; asUser?: boolean } = {}) {
  const node = [process.execPath, '--import', 'tsx', 'src/cli/main.ts', ...args];
  const drop = opts.asUser && process.getuid?.() === 0;
  const [cmd, ...rest] = drop ? ['setpriv', '--bounding-set=-dac_override,-dac_read_search', '--', ...node] : node;
  return spawnSync(cmd!, rest, { encoding: 'utf8', input: opts.input ?? '', env: { ...process.env, ...quiet, HOME: tmpdir() } });
}
const oneLine = (stderr: string) => stderr.trim().split('\n').length === 1 && !/\n\s+at /.test(stderr);

/** A PGlite directory holding battle b1 with a few rolls, closed. */
async function pgliteBattle(): Promise<{ dir: string; files: Record<string, string> }> {
  const d = join(dir('pglite'), 'pg');
  const store = (await openStore(`pglite:${d}`)) as PgEventStore;
  const app = new Umpire(store, { newSeed: () => Buffer.alloc(32, 1) });
  const table = new Table(app, { json: true, cwd: process.cwd(), print: () => undefined });
  for (const l of ['@gm /battle create name:Ligny system:percentile', '@gm /roll expression:2d6', '@gm /roll expression:1d6']) await table.run(l);
  const files: Record<string, string> = {};
  for (const rel of ['events', 'events_pkey']) {
    const rows = (await store.db.execute(sql.raw(`SELECT pg_relation_filepath('${rel}') AS p`))) as unknown as { rows: { p: string }[] };
    files[rel] = join(d, rows.rows[0]!.p);
  }
  await store.close();
  return { dir: d, files };
}

describe('store faults (issue 27)', () => {
  const figures = { cases: 0, unclear: 0, lost: 0, crashed: 0, initialised: 0, shared: 0 };
  const clear = (ok: boolean) => {
    figures.cases++;
    if (!ok) figures.unclear++;
  };

  it('a PGlite directory open in this process is refused to a second opener, naming the holder; closed, it opens again', async () => {
    const d = join(dir('lock'), 'pg');
    const first = await openStore(`pglite:${d}`);
    const second = await openStore(`pglite:${d}`).catch((e: unknown) => e);
    expect(second).toBeInstanceOf(DatabaseError);
    const message = (second as Error).message;
    clear(new RegExp(`pid ${process.pid} on ${hostname()}, since \\d{4}-\\d\\d-\\d\\dT`).test(message));
    expect(message).toMatch(new RegExp(`^pglite:${d} is in use by another process \\(pid ${process.pid} on ${hostname()}, since \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\)\\..*Nothing was changed\\.$`));
    await first.close();
    expect(existsSync(join(d, HOLDER_FILE))).toBe(false);
    const again = await openStore(`pglite:${d}`);
    await again.close();
  }, 300_000);

  it('a lock whose holder died is taken over, naming the holder it replaces', () => {
    const d = dir('stale');
    writeFileSync(join(d, HOLDER_FILE), JSON.stringify({ pid: 2 ** 22 + 1, host: hostname(), since: '2026-01-01T00:00:00.000Z' }));
    const lock = lockDirectory(d, `pglite:${d}`);
    expect(lock.tookOver).toEqual({ pid: 2 ** 22 + 1, host: hostname(), since: '2026-01-01T00:00:00.000Z' });
    lock.release();
  });

  it('shards refuse a store that cannot be shared between processes: PGlite in memory or in a directory', async () => {
    for (const db of ['pglite:', `pglite:${dir('shards')}`]) {
      const refused = await startShards({ token: 'x', db, logger: { info: () => undefined, warn: () => undefined } as never, shards: 2 }).catch((e: unknown) => e);
      expect((refused as Error).message).toMatch(/cannot be shared between processes.*PostgreSQL server.*SQLite file/);
      figures.shared += refused instanceof Error ? 0 : 1;
    }
    expect(word(unshareable('pglite:')!, 'fr')).toMatch(/^pglite: \(PGlite en mémoire\) ne peut pas être partagé entre processus/);
    expect(unshareable('data/umpire.db')).toBeUndefined();
    expect(unshareable('postgres://u@host/db')).toBeUndefined();
    const run = cli(['shards', '--db', 'pglite:'], {});
    expect(run.status).toBe(2);
    expect(run.stderr).toMatch(/^pglite: \(PGlite in memory\) cannot be shared between processes.*Use a PostgreSQL server.*or a SQLite file.*Nothing was started\.\n$/);
  }, 300_000);

  it('a directory that is not a PGlite database is never initialised; an empty or absent one is', async () => {
    const d = dir('foreign');
    writeFileSync(join(d, 'notes.txt'), 'remember the flank march\n');
    mkdirSync(join(d, 'photos'));
    const refused = await openStore(`pglite:${d}`).catch((e: unknown) => e);
    clear(refused instanceof DatabaseError && (refused as Error).message.includes(d));
    expect(refused).toBeInstanceOf(DatabaseError);
    expect((refused as Error).message).toBe(`pglite:${d} is not a PGlite database: ${d} has no PG_VERSION file, and holds notes.txt, photos. The umpire creates a new database only in an empty or absent directory: give another one with --db. Nothing was changed.`);
    if (readdirSync(d).sort().join() !== 'notes.txt,photos') figures.initialised++;
    expect(readdirSync(d).sort()).toEqual(['notes.txt', 'photos']);
    for (const fresh of FULL ? [dir('empty'), join(dir('absent'), 'pg')] : [dir('empty')]) {
      const store = await openStore(`pglite:${fresh}`);
      await store.close();
      expect(existsSync(join(fresh, 'PG_VERSION'))).toBe(true);
    }
  }, 300_000);

  it('a damaged PGlite directory ends the table and verify with one line naming it; the damaged file is left as it was', async () => {
    const { dir: good, files } = await pgliteBattle();
    const damages: [string, (copy: string) => void][] = [
      ['events truncated', (c) => truncateSync(files.events!.replace(good, c), 0)],
      ...(FULL
        ? ([
            ['events overwritten', (c) => overwrite(files.events!.replace(good, c))],
            ['index overwritten', (c) => overwrite(files.events_pkey!.replace(good, c))],
          ] as [string, (copy: string) => void][])
        : []),
    ];
    for (const [what, damage] of damages) {
      const copy = join(dir('damaged'), 'pg');
      cpSync(good, copy, { recursive: true });
      damage(copy);
      const damagedFile = (what.startsWith('index') ? files.events_pkey! : files.events!).replace(good, copy);
      const bytes = readFileSync(damagedFile);
      const runs = [cli(['table', '--db', `pglite:${copy}`, '--json'], { input: '@gm /roll expression:2d6\n' }), ...(FULL ? [cli(['verify', '--db', `pglite:${copy}`, '--battle', 'b1'])] : [])];
      if (!FULL) {
        // verify opens the store as the table does: in npm test, in this process.
        const refused = await openStore(`pglite:${copy}`, { readonly: true }).catch((e: unknown) => e);
        expect((refused as Error).message).toMatch(new RegExp(`^pglite:${copy} is damaged \\(PostgreSQL says: .+\\); nothing was changed\\.`));
      }
      for (const run of runs) {
        const ok = run.status !== 0 && oneLine(run.stderr) && run.stderr.startsWith(`pglite:${copy} is damaged (`) && /; nothing was changed\./.test(run.stderr);
        clear(ok);
        if (/\n\s+at /.test(run.stderr)) figures.crashed++;
        expect(run.stderr, what).toMatch(new RegExp(`^pglite:${copy} is damaged \\(PostgreSQL says: .+\\); nothing was changed\\. .*\\n$`));
        expect(oneLine(run.stderr), what).toBe(true);
        expect(run.status, what).toBe(2);
        expect(run.stdout, what).not.toMatch(/"event":/);
      }
      expect(readFileSync(damagedFile).equals(bytes), what).toBe(true);
    }
  }, 600_000);

  it('a read-only SQLite database (the file, or its directory): verify and export read it, the table refuses it by name', async () => {
    const made = async () => {
      const d = dir('readonly');
      chmodSync(d, 0o755);
      const file = join(d, 'umpire.db');
      const t = startTable({ file });
      await t.run(['@gm /battle create name:Ligny system:percentile', '@gm /roll expression:2d6']);
      t.db.$client.close();
      if (process.getuid?.() === 0) {
        chownSync(d, 65534, 65534);
        chownSync(file, 65534, 65534);
      }
      return { d, file };
    };
    for (const fileMode of FULL ? [0o444, 0o644] : [0o444]) {
      const { d, file } = await made();
      chmodSync(file, fileMode);
      chmodSync(d, 0o555);
      const verify = cli(['verify', '--db', file, '--battle', 'b1'], { asUser: true });
      clear(verify.status === 0);
      expect(verify.stderr).toBe('');
      expect(verify.stdout).toMatch(/^Battle b1: hash chain of 2 events verified\./);
      const exported = cli(['export', '--db', file, '--battle', 'b1'], { asUser: true });
      expect(exported.stderr).toBe('');
      expect(exported.stdout.trim().split('\n').map((l) => (JSON.parse(l) as { type: string }).type)).toEqual(['BattleCreated', 'DiceRolled']);
      const table = cli(['table', '--db', file], { input: '@gm /roll expression:2d6\n', asUser: true });
      clear(table.status === 2 && oneLine(table.stderr));
      expect(table.stderr).toMatch(new RegExp(`^${file} is read-only.*Nothing was changed\\.\\n$`));
      expect(table.status).toBe(2);
      expect(readdirSync(d)).toEqual(['umpire.db']);
    }
  }, 300_000);

  it('a database made read-only under a running table: writes are refused as read-only, the table stays up, nothing is lost', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Ligny system:percentile', '@gm /roll expression:2d6']);
    const before = (await t.store.load('b1')).length;
    t.db.$client.pragma('query_only = ON');
    const [refused] = await t.run('@gm /roll expression:1d6');
    clear(/cannot be written now \(it is read-only\); nothing was recorded/.test(refused!.error ?? ''));
    expect(refused!.error).toMatch(/^The battle's database cannot be written now \(it is read-only\); nothing was recorded/);
    // A command that only reads is answered (the table then says the posts it could not mark wait).
    const [status, waiting] = await t.run('@gm /battle status');
    expect(status!.error).toBeUndefined();
    expect(waiting?.error).toMatch(/cannot be written now \(it is read-only\): posts waiting to be shown/);
    t.db.$client.pragma('query_only = OFF');
    const after = await t.run('@gm /roll expression:1d6');
    expect(after.some((m) => m.to === 'channel' && /1d6/.test(m.text))).toBe(true);
    const events = await t.store.load('b1');
    if (events.length !== before + 1) figures.lost++;
    expect(events.length).toBe(before + 1);
    expect(verifyChain(await t.store.chain('b1')).ok).toBe(true);
  });

  it('a full disk: an append is refused with the reason and the table stays up; marking posts delivered refused, they are shown again later; nothing is lost', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Ligny system:percentile']);
    // The append: SQLite's own SQLITE_FULL, the database held at its size by max_page_count.
    const pages = Number(t.db.$client.pragma('page_count', { simple: true }));
    t.db.$client.pragma(`max_page_count = ${pages}`);
    const [full] = await t.run('@gm /oob import file:examples/oob/percentile.yaml');
    clear(/cannot be written now \(the disk is full\); nothing was recorded/.test(full!.error ?? ''));
    expect(full!.error).toMatch(/^The battle's database cannot be written now \(the disk is full\); nothing was recorded/);
    t.db.$client.pragma('max_page_count = 1073741823');
    // markDelivered: the outbox update shrinks its row, so no page limit reaches it; the driver's own
    // error is raised from it as better-sqlite3 raises it on a full disk.
    const real = t.store.markDelivered.bind(t.store);
    let refusals = 0;
    t.store.markDelivered = async (id, at) => {
      if (refusals < 1) {
        refusals++;
        throw new Database.SqliteError('database or disk is full', 'SQLITE_FULL');
      }
      return real(id, at);
    };
    let out: Out[] = [];
    try {
      out = await t.run('@gm /roll expression:2d6 reason:first');
    } catch {
      figures.crashed++;
    }
    const told = out.find((m) => m.to === 'reply' && m.error !== undefined);
    clear(/cannot be written now \(the disk is full\)/.test(told?.error ?? ''));
    expect(told?.error).toMatch(/^The battle's database cannot be written now \(the disk is full\): posts waiting to be shown \(or shown but not yet marked\) are shown once it can be\. Nothing that was recorded is lost\.$/);
    expect(out.some((m) => m.to === 'channel' && /first/.test(m.text))).toBe(true);
    // The next command: the table is up, and the post not marked is shown again, with the new one.
    const next = await t.run('@gm /roll expression:1d6 reason:second');
    const shown = [...out, ...next].filter((m) => m.to === 'channel').map((m) => m.text);
    expect(shown.filter((s) => /first/.test(s)).length).toBeGreaterThanOrEqual(2);
    expect(shown.some((s) => /second/.test(s))).toBe(true);
    await t.table.tick();
    expect(await t.store.undelivered()).toEqual([]);
    const rolled = (await t.store.load('b1')).filter((e) => e.type === 'DiceRolled');
    if (rolled.length !== 2) figures.lost++;
    expect(rolled.length).toBe(2);
    expect(verifyChain(await t.store.chain('b1')).ok).toBe(true);
    figureLine(
      'store faults',
      `${figures.cases} cases (PGlite held, foreign directory, damaged directory, read-only file and directory, read-only and full disk under a running table), unclear messages ${figures.unclear}, stack traces ${figures.crashed}, acknowledged events lost ${figures.lost}, foreign directories initialised ${figures.initialised}, PGlite stores sharded ${figures.shared}`,
    );
    expect(figures).toMatchObject({ unclear: 0, lost: 0, crashed: 0, initialised: 0, shared: 0 });
  });
});

function overwrite(file: string): void {
  const fd = openSync(file, 'r+');
  writeSync(fd, Buffer.alloc(8192, 0x5a), 0, 8192, 0);
  closeSync(fd);
}
