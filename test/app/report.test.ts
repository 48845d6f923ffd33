import { english } from '../../src/i18n/text.ts';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { battleReport, reportFileName, reportText } from '../../src/app/reports/report.ts';
import { CHART, reportChart } from '../../src/app/reports/report-chart.ts';
import { Umpire } from '../../src/app/service/umpire.ts';
import { openDatabase } from '../../src/store/db.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { Table } from '../../src/table/table.ts';
import type { Out } from '../support/table.ts';

/**
 * Issue 17: /battle report and `umpire report` read a battle's log through the rule system's report
 * hooks (RuleSystem.report): strength and morale by unit and turn, casualties by side and turn, the
 * melees and who came out on top; the chart a PNG of CHART.width x CHART.height.
 */
async function played(script: string) {
  const app = new Umpire(new SqliteEventStore(openDatabase(':memory:')), { newSeed: () => Buffer.alloc(32, 1) });
  const out: Out[] = [];
  const filesDir = mkdtempSync(join(tmpdir(), 'umpire-report-'));
  const table = new Table(app, { json: true, cwd: process.cwd(), filesDir, print: (l) => out.push(JSON.parse(l) as Out) });
  for (const l of readFileSync(script, 'utf8').split('\n')) await table.run(l);
  return { app, table, out, filesDir };
}

/** A decoded PNG: its size and how many of its pixels are not white, in the top and the bottom half. */
function decode(png: Uint8Array) {
  const img = PNG.sync.read(Buffer.from(png));
  const inked = (y0: number, y1: number) => {
    let n = 0;
    for (let y = y0; y < y1; y++)
      for (let x = 0; x < img.width; x++) {
        const i = (y * img.width + x) * 4;
        if (img.data[i]! < 200 || img.data[i + 1]! < 200 || img.data[i + 2]! < 200) n++;
      }
    return n;
  };
  return { width: img.width, height: img.height, top: inked(0, img.height / 2), bottom: inked(img.height / 2, img.height) };
}

describe('a battle report (medieval, examples/medieval-battle.table)', () => {
  it('follows each unit by turn, sums casualties by side and turn from the log, and lists each melee with who inflicted more', async () => {
    const { app } = await played('examples/medieval-battle.table');
    const s = (await app.state('b1'));
    const r = battleReport('b1', (await app.log('b1')));
    expect(r.turns).toEqual({ from: 1, to: 2 });
    expect(r.strength).toBe('figures');
    // Before turn 1 every unit stands at its roster's strength; at the end, at the roster's less the log's losses.
    // The points at a turn's end (no `event`: those of a change within it have one).
    const at = (turn: number) => Object.fromEntries(r.series.filter((p) => p.turn === turn && p.event === undefined).map((p) => [p.unit, p.strength]));
    expect(at(0)).toEqual(Object.fromEntries(Object.values(s.units).map((u) => [u.name, Number(u.attrs.figures)])));
    const lost = (side: string) => r.casualties.filter((c) => c.side === side).reduce((n, c) => n + c.lost, 0);
    for (const side of ['Tudor', 'Yorkist']) {
      const units = r.series.filter((p) => p.side === side && p.event === undefined);
      const start = units.filter((p) => p.turn === 0).reduce((n, p) => n + p.strength, 0);
      const end = units.filter((p) => p.turn === 2).reduce((n, p) => n + p.strength, 0);
      expect(lost(side)).toBe(start - end);
      expect(lost(side)).toBeGreaterThan(0);
    }
    // Each MED-MELEE of the log, its kills as applied.
    const melees = (await app.log('b1')).filter((e) => e.event.type === 'MedievalMeleeResolved');
    expect(r.melees.map((m) => m.event)).toEqual(melees.map((e) => e.version));
    for (const m of r.melees) {
      const o = (melees.find((e) => e.version === m.event)!.event.data as { outcome: { attacker: { unit: string; applied: { losses: number } }; defender: { unit: string; applied: { losses: number } } } }).outcome;
      const expected = o.attacker.applied.losses === o.defender.applied.losses ? undefined : o.attacker.applied.losses > o.defender.applied.losses ? o.attacker.unit : o.defender.unit;
      expect(m.winner).toBe(expected);
    }
    // Morale over time: a unit routed in turn 2 says so.
    const text = english(reportText(r));
    expect(text).toMatch(/Landsknecht Pikes \(Yorkist\): 30 → \d+ figures, \d+ lost; good → routing \(turn 2\)/);
    expect(text).not.toMatch(/null|undefined|NaN|\{|\[\]/);
  });

  it('a range of turns: the start is the end of the turn before it; melees and casualties of those turns only', async () => {
    const { app } = await played('examples/medieval-battle.table');
    const all = battleReport('b1', (await app.log('b1')));
    const r = battleReport('b1', (await app.log('b1')), { from: 2, to: 2 });
    // The range's start is the end of turn 1: its points there are the whole battle's at turn 1's end.
    expect(r.series.filter((p) => p.turn === 1)).toEqual(all.series.filter((p) => p.turn === 1 && p.event === undefined));
    expect(r.casualties).toEqual(all.casualties.filter((c) => c.turn === 2));
    expect(r.melees).toEqual(all.melees.filter((m) => m.turn === 2));
    const log = await app.log('b1');
    expect(() => battleReport('b1', log, { from: 3 })).toThrow(/has reached turn 2/);
  });

  it(`the chart is a PNG of ${CHART.width} x ${CHART.height} that decodes, with ink in both charts`, async () => {
    const { app } = await played('examples/medieval-battle.table');
    const png = await reportChart(battleReport('b1', (await app.log('b1'))));
    expect(Buffer.from(png.subarray(0, 8)).toString('hex')).toBe('89504e470d0a1a0a');
    const d = decode(png);
    expect({ width: d.width, height: d.height }).toEqual(CHART);
    expect(d.top).toBeGreaterThan(5000);
    expect(d.bottom).toBeGreaterThan(5000);
  });

  it('at the table /battle report answers the asker with the text, and writes the chart to a file whose path it prints', async () => {
    const { app, table, out, filesDir } = await played('examples/medieval-battle.table');
    const start = out.length;
    await table.run('@alice /battle report from:1 to:2');
    const [m] = out.slice(start) as (Out & { files?: string[] })[];
    expect(m).toMatchObject({ to: 'reply', user: 'alice', title: 'Report of Stoke Field' });
    expect(m!.text).toMatch(/^Report of "Stoke Field" \(b1\), turns 1 to 2\./);
    // Issue 28: named by the battle's name, id and first event's hash, and the turns.
    expect(m!.files).toEqual([join(filesDir, reportFileName(battleReport('b1', await app.log('b1'), { from: 1, to: 2 })))]);
    expect({ width: decode(readFileSync(m!.files![0]!)).width, height: decode(readFileSync(m!.files![0]!)).height }).toEqual(CHART);
  });
});

describe('a battle report (percentile, examples/fire-into-night.table)', () => {
  it('reads figures and morale by the percentile hook; the rules resolve no melee, so none is listed', async () => {
    const { app } = await played('examples/fire-into-night.table');
    const r = battleReport('b1', (await app.log('b1')));
    expect(r.strength).toBe('figures');
    expect(r.melees).toEqual([]);
    expect(r.casualties.reduce((n, c) => n + c.lost, 0)).toBeGreaterThan(0);
    expect(new Set(r.series.map((p) => p.morale))).toContain('disordered');
    expect(english(reportText(r))).toContain('No melee was resolved in these turns.');
  });
});
