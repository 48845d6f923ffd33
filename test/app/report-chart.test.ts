import { lstatSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { battleReport, reportFileName, type BattleReport } from '../../src/app/reports/report.ts';
import { CHART, OKABE_ITO, reportChart, reportSpecs, reportView } from '../../src/app/reports/report-chart.ts';
import { Umpire } from '../../src/app/service/umpire.ts';
import { openDatabase } from '../../src/store/db.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import type { EventStore } from '../../src/store/types.ts';
import { Table } from '../../src/table/table.ts';
import type { Out } from '../support/table.ts';
import { emptyPglite } from '../store/stores.ts';

/**
 * Issues 28 and 42: the report's chart reads at a glance and its file is the battle's own. Units are
 * grouped by side (a block a side, titled with it, a panel a unit named over it, in the side's colour
 * of Okabe and Ito's palette); the casualty bars are each side's colour, the sides named on the axis;
 * one legend of every status; the y axes tick at whole figures; the file is named by the battle's
 * name, id and dice commitment, so no other battle's replaces it.
 */

/** A report of `perSide` units a side over three turns, losing at most two figures a turn: made, not played. */
function synthetic(sides: string[], perSide: number): BattleReport {
  const series: BattleReport['series'] = [];
  const casualties: BattleReport['casualties'] = [];
  const morale = ['good', 'shaken', 'routing'] as const;
  for (let t = 0; t <= 3; t++)
    for (const [s, side] of sides.entries()) {
      for (let u = 0; u < perSide; u++) series.push({ turn: t, unit: `${side} unit ${u + 1}`, side, strength: 6 - Math.min(t, (u % 3) + s), morale: morale[(u + t) % 3]! });
      if (t > 0) casualties.push({ turn: t, side, lost: (t + s) % 3 });
    }
  return { battle: { id: 'b1', name: 'Twelve Units', system: 'medieval', commitment: 'ab'.repeat(32) }, sides, turns: { from: 1, to: 3 }, strength: 'figures', series, casualties, melees: [], houseRules: [] };
}

/** A node of vega's scene graph: a mark (with a role) or an item of one. */
interface Item {
  role?: string;
  text?: unknown;
  fill?: string;
  items?: Item[];
}
/** The scene's marks of a role, depth first (in drawing order). */
function marks(node: Item, role: string): Item[] {
  const found = node.role === role ? [node] : [];
  return [...found, ...(node.items ?? []).flatMap((i) => marks(i, role))];
}
const items = (node: Item, role: string) => marks(node, role).flatMap((m) => m.items ?? []);

/** A rendered spec's legends (title and labels), its titles, its marks' texts and fills, its axes' labels. */
async function drawnOf(spec: Parameters<typeof reportView>[0]) {
  const view = await reportView(spec);
  try {
    const root = (view.scenegraph() as unknown as { root: Item }).root;
    const text = (t: unknown) => (Array.isArray(t) ? t.join(' ') : String(t));
    const ofType = (type: string) => marks(root, 'mark').filter((m) => (m as { marktype?: string }).marktype === type).flatMap((m) => m.items ?? []);
    return {
      legends: marks(root, 'legend')
        .flatMap((m) => m.items ?? [])
        .map((l) => ({ title: text(items(l, 'legend-title')[0]?.text), labels: items(l, 'legend-label').map((i) => text(i.text)) })),
      titles: [...items(root, 'title-text'), ...items(root, 'header-label')].map((t) => text(t.text)),
      texts: ofType('text').map((i) => text(i.text)),
      fills: [...ofType('symbol'), ...ofType('rect')].map((i) => String(i.fill)),
      axisLabels: marks(root, 'axis').flatMap((m) => m.items ?? []).flatMap((a) => items(a, 'axis-label').map((l) => text(l.text))),
    };
  } finally {
    view.finalize();
  }
}

describe('the report chart groups units by side, a colour a side (issues 28, 42)', () => {
  const r = synthetic(['Tudor', 'Yorkist'], 7);

  it('given 14 units on two sides, when rendered, then the PNG is CHART.width x CHART.height', async () => {
    const png = PNG.sync.read(Buffer.from(await reportChart(r)));
    expect({ width: png.width, height: png.height }).toEqual(CHART);
  });

  it('a block a side titled with the side, in the order of the sides, a panel a unit named over it; one legend of every status', async () => {
    const d = await drawnOf(reportSpecs(r).strength);
    expect(d.titles.filter((t) => t === 'Tudor' || t === 'Yorkist')).toEqual(['Tudor', 'Yorkist']);
    for (const side of ['Tudor', 'Yorkist']) for (let u = 1; u <= 7; u++) expect(d.titles).toContain(`${side} unit ${u}`);
    expect(d.legends).toEqual([{ title: 'status', labels: ['good', 'impetuous', 'disordered', 'shaken', 'retreating', 'routing', 'broken'] }]);
  });

  it("each side is one colour of Okabe and Ito's palette, side 1 blue and side 2 vermillion, in the strength panels and the casualty bars alike; the bars' sides named on their axis", async () => {
    const specs = reportSpecs(r);
    const [strength, casualties] = [await drawnOf(specs.strength), await drawnOf(specs.casualties)];
    expect(new Set(strength.fills)).toEqual(new Set([OKABE_ITO.blue, OKABE_ITO.vermillion]));
    expect(new Set(casualties.fills)).toEqual(new Set([OKABE_ITO.blue, OKABE_ITO.vermillion]));
    expect(casualties.axisLabels).toEqual(expect.arrayContaining(['Tudor', 'Yorkist']));
  });

  it('three sides of nine units: each side its own colour, all 27 units named', async () => {
    const d = await drawnOf(reportSpecs(synthetic(['Tudor', 'Yorkist', 'Scots'], 9)).strength);
    expect(new Set(d.fills)).toEqual(new Set([OKABE_ITO.blue, OKABE_ITO.vermillion, OKABE_ITO.bluishGreen]));
    for (const side of ['Tudor', 'Yorkist', 'Scots']) for (let u = 1; u <= 9; u++) expect(d.titles).toContain(`${side} unit ${u}`);
  });

  it('the axes tick at whole figures only, even when at most two figures are lost in a turn; each casualty count is written, 0 too', async () => {
    const specs = reportSpecs(r);
    for (const spec of [specs.strength, specs.casualties]) {
      const numbers = (await drawnOf(spec)).axisLabels.filter((t) => /^[\d.,]+$/.test(t));
      expect(numbers.length).toBeGreaterThan(1);
      for (const t of numbers) expect(t).toMatch(/^\d+$/);
    }
    expect((await drawnOf(specs.casualties)).texts).toEqual(expect.arrayContaining(['0', '1', '2']));
  });
});

async function created(seed: number, name = 'Stoke Field', store: EventStore = new SqliteEventStore(openDatabase(':memory:'))) {
  const app = new Umpire(store, { newSeed: () => Buffer.alloc(32, seed) });
  const table = new Table(app, { json: true, cwd: process.cwd(), print: () => undefined });
  await table.run(`@gm /battle create name:"${name}" system:medieval`);
  return { app, store };
}

describe('the chart file is named by the battle, never another battle’s (issue 28)', () => {
  it('two battles both b1 of one name in two stores give two different files: name, id and dice commitment', async () => {
    const [one, two] = [await created(1), await created(2)];
    const [a, b] = [battleReport('b1', await one.app.log('b1')), battleReport('b1', await two.app.log('b1'))];
    expect(reportFileName(a)).toMatch(/^stoke-field-b1-[0-9a-f]{8}-t1-t1\.png$/);
    expect(reportFileName(b)).toMatch(/^stoke-field-b1-[0-9a-f]{8}-t1-t1\.png$/);
    expect(reportFileName(a)).not.toBe(reportFileName(b));
    // The commitment is the one the battle posted at its creation.
    expect(a.battle.commitment).toBe(((await one.store.load('b1'))[0]!.data as { seedHash: string }).seedHash);
    expect(reportFileName(a)).toContain(`-b1-${a.battle.commitment.slice(0, 8)}-`);
  });

  it('on PostgreSQL (PGlite) too, the commitment in the name is the one the battle posted at its creation', async () => {
    const store = await emptyPglite();
    const { app } = await created(3, 'Stoke Field', store);
    const r = battleReport('b1', await app.log('b1'));
    expect(r.battle.commitment).toBe(((await store.load('b1'))[0]!.data as { seedHash: string }).seedHash);
  });

  it('the same battle and turns always give the same name (a re-render replaces its own file)', async () => {
    const { app } = await created(1);
    const log = await app.log('b1');
    expect(reportFileName(battleReport('b1', log))).toBe(reportFileName(battleReport('b1', log)));
  });

  const named = (name: string, id = 'b1') => reportFileName({ battle: { id, name, system: 'medieval', commitment: '0123456789abcdef'.repeat(4) }, turns: { from: 1, to: 2 } });
  it.each([
    ['../../etc/x', /^etc-x-b1-01234567-t1-t2\.png$/],
    ['⚔️🏰', /^battle-b1-01234567-t1-t2\.png$/],
    ['東京の戦い', /^battle-b1-01234567-t1-t2\.png$/],
    ['Бородино', /^borodino-b1-01234567-t1-t2\.png$/],
    ['a\\b:c*d?e"f<g>h|i\u0000j', /^a-b-c-d-e-f-g-h-i-j-b1-01234567-t1-t2\.png$/],
    ['', /^battle-b1-01234567-t1-t2\.png$/],
  ])('a hostile or non-ASCII name %j gives a safe ASCII name', (name, expected) => {
    expect(named(name)).toMatch(expected);
  });

  it('a long name is cut to a bounded slug; a hostile id cannot escape either', () => {
    const long = named('The Battle of the Very Long Name '.repeat(20));
    expect(long).toMatch(/^[a-z0-9-]+-b1-01234567-t1-t2\.png$/);
    expect(long.length).toBeLessThanOrEqual(80);
    expect(named('x', '../../b1')).toBe('x-b1-01234567-t1-t2.png');
  });

  it('at the table, two databases’ b1 reports written into one files dir are two files', async () => {
    const filesDir = mkdtempSync(join(tmpdir(), 'umpire-report-names-'));
    const files: string[] = [];
    for (const seed of [1, 2]) {
      const app = new Umpire(new SqliteEventStore(openDatabase(':memory:')), { newSeed: () => Buffer.alloc(32, seed) });
      const out: Out[] = [];
      const table = new Table(app, { json: true, cwd: process.cwd(), filesDir, print: (l) => out.push(JSON.parse(l) as Out) });
      for (const l of readFileSync('examples/medieval-battle.table', 'utf8').split('\n')) await table.run(l);
      const start = out.length;
      await table.run('@alice /battle report from:1 to:2');
      const [m] = out.slice(start) as (Out & { files?: string[] })[];
      expect(m!.files).toEqual([join(filesDir, reportFileName(battleReport('b1', await app.log('b1'), { from: 1, to: 2 })))]);
      files.push(...m!.files!);
    }
    expect(new Set(files).size).toBe(2);
    expect(readdirSync(filesDir).sort()).toEqual(files.map((f) => f.slice(filesDir.length + 1)).sort());
  }, 60_000);
});

describe('the table writes a chart file into its files dir (issue 28)', () => {
  /** A played battle at a table writing into `filesDir`, and a report asked for: the message and its files. */
  async function reported(filesDir: string) {
    const app = new Umpire(new SqliteEventStore(openDatabase(':memory:')), { newSeed: () => Buffer.alloc(32, 1) });
    const out: Out[] = [];
    const table = new Table(app, { json: true, cwd: process.cwd(), filesDir, print: (l) => out.push(JSON.parse(l) as Out) });
    for (const l of readFileSync('examples/medieval-battle.table', 'utf8').split('\n')) await table.run(l);
    const ask = async () => {
      const start = out.length;
      await table.run('@alice /battle report from:1 to:2');
      return out.slice(start)[0] as Out & { files?: string[] };
    };
    return { ask };
  }

  it('the same battle and turns re-rendered replace their own file, leaving no other file behind', async () => {
    const filesDir = mkdtempSync(join(tmpdir(), 'umpire-report-again-'));
    const { ask } = await reported(filesDir);
    const first = await ask();
    writeFileSync(first.files![0]!, 'stale');
    const again = await ask();
    expect(again.files).toEqual(first.files);
    expect(PNG.sync.read(readFileSync(again.files![0]!)).width).toBe(CHART.width);
    expect(readdirSync(filesDir)).toHaveLength(1);
  }, 60_000);

  it('a link or a directory of that name is left alone, and the message says the chart was not written', async () => {
    const filesDir = mkdtempSync(join(tmpdir(), 'umpire-report-link-'));
    const { ask } = await reported(filesDir);
    const path = (await ask()).files![0]!;
    const target = join(mkdtempSync(join(tmpdir(), 'umpire-report-target-')), 'precious.txt');
    writeFileSync(target, 'precious');
    rmSync(path);
    symlinkSync(target, path);
    const m = await ask();
    expect(m.files ?? []).toEqual([]);
    expect(m.text).toMatch(/^Report of "Stoke Field"/);
    expect(m.text).toMatch(/was not written: .* is not a regular file \(a link or a directory\), so it was left alone\. Nothing was changed\.$/);
    expect(readFileSync(target, 'utf8')).toBe('precious');
    expect(lstatSync(path).isSymbolicLink()).toBe(true);
  }, 60_000);

  it('a files dir that cannot be made: the report is shown all the same, saying the chart could not be written', async () => {
    const blocker = join(mkdtempSync(join(tmpdir(), 'umpire-report-blocked-')), 'not-a-dir');
    writeFileSync(blocker, 'a file where the dir should be');
    const { ask } = await reported(join(blocker, 'charts'));
    const m = await ask();
    expect(m.files ?? []).toEqual([]);
    expect(m.text).toMatch(/^Report of "Stoke Field"[\s\S]*could not be written to .*not-a-dir\/charts \((ENOTDIR|EEXIST)\); nothing was written there\.$/);
    expect(m.text).not.toMatch(/\n\s+at /);
  }, 60_000);
});
