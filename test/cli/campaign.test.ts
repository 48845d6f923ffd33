import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { rowHash } from '../../src/store/hash.ts';
import { TWO_TURNS } from '../campaign/support.ts';
import { unguarded } from '../support/tamper.ts';

/** The `umpire` command line as a user runs it, in a child process (as test/cli/cli.test.ts does). */
const umpire = (args: string[], input?: string) =>
  spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], { encoding: 'utf8', input, env: { ...process.env, LOG_LEVEL: 'silent' } });

const SEED = '01'.repeat(32);

/** The campaign of two turns with Stoke Field between them, as one script. */
const SCRIPT = TWO_TURNS.join('\n');

const temp = (name: string) => join(mkdtempSync(join(tmpdir(), 'umpire-cli-campaign-')), name);

/** A copy of the database, changed by `change` on its open connection. */
function tampered(db: string, change: (d: Database.Database) => void): string {
  const copy = temp('tampered.db');
  execFileSync('cp', [db, copy]);
  const d = unguarded(new Database(copy));
  try {
    change(d);
  } finally {
    d.close();
  }
  return copy;
}

/** The campaign's reference to its battle's last event: BattleResultProposed's `through`. */
function reference(db: string): { at: number; version: number; hash: string } {
  const d = new Database(db, { readonly: true });
  try {
    const row = d.prepare("SELECT version, data FROM events WHERE battle_id = 'c1' AND type = 'BattleResultProposed'").get() as { version: number; data: string };
    const { through } = JSON.parse(row.data) as { through: { version: number; hash: string } };
    return { at: row.version, ...through };
  } finally {
    d.close();
  }
}

describe('umpire verify, export and replay of a campaign (issue 29)', () => {
  const db = temp('campaign.db');
  beforeAll(() => {
    const r = umpire(['table', '--db', db, '--seed', SEED, '--json'], SCRIPT);
    expect(r.status).toBe(0);
    const errors = r.stdout.trim().split('\n').map((l) => JSON.parse(l) as { error?: string }).filter((m) => m.error);
    expect(errors).toEqual([]);
  });

  it("verify --campaign checks the campaign's chain, then the battle it took a result from, by the hash it recorded", () => {
    const ref = reference(db);
    const v = umpire(['verify', '--db', db, '--campaign', 'c1']);
    expect(v.stderr).toBe('');
    expect(v.status).toBe(0);
    const [campaign, battle, ...rest] = v.stdout.trim().split('\n');
    expect(campaign).toMatch(/^Campaign c1: hash chain of \d+ events verified\.$/);
    expect(battle).toBe(
      `Battle c1-b1 (its result taken at campaign event ${ref.at}, up to its event ${ref.version}): hash chain of ${ref.version} events verified; event ${ref.version} still has the hash the campaign recorded. ` +
        battle!.slice(battle!.indexOf('Dice: ')),
    );
    expect(battle).toMatch(/Dice: \d+ rolls in \d+ events re-derived from the published seed; none was changed, re-rolled or chosen\.$/);
    expect(rest).toEqual([]);
  });

  it('verify --campaign names the first bad campaign event after a stored byte changed, exit 1', () => {
    const copy = tampered(db, (d) => d.prepare("UPDATE events SET actor = 'mallory' WHERE battle_id = 'c1' AND version = 5").run());
    const v = umpire(['verify', '--db', copy, '--campaign', 'c1']);
    expect(v.status).toBe(1);
    expect(v.stdout).toMatch(/^Campaign c1: FAILED at event 5: hash does not match/);
  });

  it("verify --campaign catches the referenced battle event's hash rewritten, exit 1", () => {
    const ref = reference(db);
    const copy = tampered(db, (d) => d.prepare("UPDATE events SET hash = ? WHERE battle_id = 'c1-b1' AND version = ?").run('ab'.repeat(32), ref.version));
    const v = umpire(['verify', '--db', copy, '--campaign', 'c1']);
    expect(v.status).toBe(1);
    expect(v.stdout).toMatch(/^Campaign c1: hash chain of \d+ events verified\.$/m);
    expect(v.stdout).toContain(`Battle c1-b1 (its result taken at campaign event ${ref.at}, up to its event ${ref.version}): FAILED at event ${ref.version}: hash does not match`);
    expect(v.stdout).toContain(`FAILED: its event ${ref.version} no longer has the hash the campaign recorded (${ref.hash})`);
  });

  it("verify --campaign catches a battle rewritten after its result was taken even when its own chain was re-hashed to verify", () => {
    const ref = reference(db);
    const copy = tampered(db, (d) => {
      const row = d.prepare("SELECT type, at, data, hash, salt FROM events WHERE battle_id = 'c1-b1' AND version = ?");
      const prev = row.get(ref.version - 1) as { hash: string };
      const e = row.get(ref.version) as { type: string; at: string; data: string; salt: string };
      // The battle's last event, its actor changed and its hash recomputed: the battle's chain still holds.
      const hash = rowHash(prev.hash, 'c1-b1', ref.version, { ...e, actor: 'mallory' });
      d.prepare("UPDATE events SET actor = 'mallory', hash = ? WHERE battle_id = 'c1-b1' AND version = ?").run(hash, ref.version);
    });
    expect(umpire(['verify', '--db', copy, '--battle', 'c1-b1']).status).toBe(0);
    const v = umpire(['verify', '--db', copy, '--campaign', 'c1']);
    expect(v.status).toBe(1);
    expect(v.stdout).toContain(`hash chain of ${ref.version} events verified; FAILED: its event ${ref.version} no longer has the hash the campaign recorded`);
  });

  it.each([
    [['verify'], /^umpire verify needs the log to read: --battle <id> \(b1, c1-b1, \.\.\.\) or --campaign <id> \(c1, \.\.\.\)\. Nothing was read\.$/],
    [['verify', '--battle', 'c1-b1', '--campaign', 'c1'], /^umpire verify reads one log: give --battle <id> or --campaign <id>, not both\. Nothing was read\.$/],
    [['export'], /^umpire export needs the log to read/],
    [['replay', '--battle', 'c1-b1', '--campaign', 'c1'], /^umpire replay reads one log/],
    [['verify', '--campaign', 'c1', '--seed', SEED], /^--seed is a battle's: verify that battle with --battle <id> --seed <hex>\./],
    [['replay', '--battle', 'c1-b1', '--turn', '1'], /^--turn is a campaign's: a battle's replay takes --to <version>\./],
    [['replay', '--campaign', 'c1', '--turn', '1', '--to', '3'], /^Give --turn or --to, not both/],
    [['replay', '--campaign', 'c1', '--turn', '3'], /^Campaign c1 has no turn 3: its turns are 1, 2\.$/],
    [['replay', '--campaign', 'c1', '--to', '99999'], /^Campaign c1 has no event 99999: its log ends at event \d+\. Nothing was replayed\.$/],
    [['replay', '--battle', 'c1-b1', '--to', '99999'], /^Battle c1-b1 has no event 99999: its log ends at event \d+\. Nothing was replayed\.$/],
    [['verify', '--campaign', 'c9'], /^No campaign c9 in this database\. Campaigns: c1 "Lambert Simnel's Rising"\.$/],
    [['export', '--campaign', 'c1-b1'], /^No campaign c1-b1 in this database\. Campaigns: c1/],
  ])('refused with one line, exit 1: umpire %j', (args, why) => {
    const r = umpire([...args, '--db', db]);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim()).toMatch(why);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it("export --campaign prints the campaign's log as JSON lines, one an event", () => {
    const lines = umpire(['export', '--db', db, '--campaign', 'c1']).stdout.trim().split('\n');
    const d = new Database(db, { readonly: true });
    const count = (d.prepare("SELECT count(*) AS n FROM events WHERE battle_id = 'c1'").get() as { n: number }).n;
    d.close();
    expect(lines).toHaveLength(count);
    expect(JSON.parse(lines[0]!)).toMatchObject({ battleId: 'c1', version: 1, type: 'CampaignCreated', data: { name: "Lambert Simnel's Rising" } });
  });

  it("replay --campaign --turn N: the armies at the start of each turn, the battle's losses carried into the next", () => {
    const t1 = umpire(['replay', '--db', db, '--campaign', 'c1', '--turn', '1']);
    expect(t1.status).toBe(0);
    expect(t1.stdout).toMatch(/^Campaign "Lambert Simnel's Rising" \(c1\) at event 8 of \d+: turn 1\.\nTurn 1: orders in from 0 of 2 armies\.\nTudor \(@alice\)\nThe King's Army \(a1\), medieval rules: 60 figures\./);
    expect(t1.stdout).toContain("• Oxford's Archers: 24 figures, fit");
    expect(t1.stdout).not.toContain('Stoke Field');
    const t2 = umpire(['replay', '--db', db, '--campaign', 'c1', '--turn', '2']);
    expect(t2.stdout).toMatch(/: turn 2\./);
    expect(t2.stdout).toContain("• Oxford's Archers: 22 figures, fit");
    expect(t2.stdout).toContain('• Landsknecht Pikes: 27 figures, fit');
    expect(t2.stdout).toMatch(/• Stoke Field \(c1-b1, turn 1, medieval\): result confirmed: /);
  });

  it('finds a campaign and its battle however their ids are typed (--campaign C1, --battle C1-B1; issue 39)', () => {
    const c = umpire(['export', '--db', db, '--campaign', 'C1']);
    expect(c.status).toBe(0);
    expect(JSON.parse(c.stdout.split('\n')[0]!)).toMatchObject({ battleId: 'c1', version: 1 });
    const b = umpire(['replay', '--db', db, '--battle', 'C1-B1']);
    expect(b.status).toBe(0);
    expect(b.stdout).toMatch(/^Battle "Stoke Field" \(c1-b1\)/);
  });

  it('replay --campaign --to VERSION and --json: the state as JSON at that event', () => {
    const at3 = JSON.parse(umpire(['replay', '--db', db, '--campaign', 'c1', '--to', '3', '--json']).stdout) as { version: number; sides: Record<string, unknown>; armies: Record<string, unknown> };
    expect(at3.version).toBe(3);
    expect(Object.keys(at3.sides)).toEqual(['s1', 's2']);
    expect(at3.armies).toEqual({});
    const now = JSON.parse(umpire(['replay', '--db', db, '--campaign', 'c1', '--json']).stdout) as { turns: unknown[]; units: Record<string, { name: string; attrs: { figures: number } }>; battles: Record<string, { stage: string }> };
    expect(now.turns).toHaveLength(2);
    expect(Object.values(now.units).find((u) => u.name === "Oxford's Archers")!.attrs.figures).toBe(22);
    expect(now.battles['c1-b1']!.stage).toBe('applied');
  });

  it('table --seed --clock: a script plays the same each run, to its deadlines and the hash its proposal references (issue 41)', () => {
    const runs = [temp('a.db'), temp('b.db')].map((at) => {
      const r = umpire(['table', '--db', at, '--seed', SEED, '--clock', '2026-12-01T12:00Z', '--json'], SCRIPT);
      expect(r.status).toBe(0);
      return { out: r.stdout, ref: reference(at) };
    });
    expect(runs[1]!.ref).toEqual(runs[0]!.ref);
    expect(runs[1]!.out).toBe(runs[0]!.out);
    expect(umpire(['table', '--db', temp('c.db'), '--clock', '1 December'], '').stderr).toMatch(/--clock <time>' argument '1 December' is invalid\. expected an ISO time in UTC, as 2026-12-01T12:00Z/);
  }, 60_000);

  it('verify --campaign reads a PGlite store (pglite:DIR) too', () => {
    const pg = `pglite:${temp('pg')}`;
    expect(umpire(['table', '--db', pg, '--seed', SEED], SCRIPT).status).toBe(0);
    const v = umpire(['verify', '--db', pg, '--campaign', 'c1']);
    expect(v.status).toBe(0);
    expect(v.stdout).toMatch(/^Campaign c1: hash chain of \d+ events verified\.\nBattle c1-b1 \(its result taken at campaign event \d+, up to its event \d+\): hash chain of \d+ events verified; event \d+ still has the hash the campaign recorded\. Dice: /);
  }, 60_000);
});
