import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Umpire } from '../../src/app/umpire.ts';
import { openDatabase } from '../../src/store/db.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { Table } from '../../src/table/table.ts';
import type { Out } from '../support/table.ts';
import { figureLine, FULL } from './figures.ts';

/**
 * Hostile files for /oob import (issue 20): binary, 50 MB, deeply nested, wrong encoding, an alias
 * bomb, a link out of the working directory, a path outside it, a device file, a FIFO. Each is
 * refused by name with no crash; a size limit is refused before reading; an order of battle imports
 * in time linear in its units. Time and memory are figures (asserted by `npm run reliability`).
 */
function tableIn(cwd: string) {
  const app = new Umpire(new SqliteEventStore(openDatabase(':memory:')), { newSeed: () => Buffer.alloc(32, 1) });
  const out: Out[] = [];
  const table = new Table(app, { json: true, cwd, print: (l) => out.push(JSON.parse(l) as Out) });
  return { app, out, run: async (l: string) => (await table.run(l), out.at(-1)!) };
}

const oob = (units: number) =>
  JSON.stringify({
    sides: [0, 1].map((s) => ({
      name: `Side ${s}`,
      commands: Array.from({ length: 10 }, (_, c) => ({ name: `C${s}-${c}`, units: Array.from({ length: units / 20 }, (_, u) => ({ name: `U${s}-${c}-${u}`, arm: 'infantry', figures: 24, class: 'B', formation: 'line', weapon: 'musket' })) })),
    })),
  });

describe('hostile files for /oob import (issue 20)', () => {
  it('each is refused with a clear message, quickly, and nothing is imported', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'umpire-files-'));
    mkdirSync(join(cwd, 'oob'));
    writeFileSync(join(cwd, 'binary.yaml'), Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    writeFileSync(join(cwd, 'huge.yaml'), Buffer.alloc(50 * 1024 * 1024, 0x61));
    writeFileSync(join(cwd, 'nested.yaml'), `${'['.repeat(200_000)}${']'.repeat(200_000)}`);
    writeFileSync(join(cwd, 'nested.json'), `${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}`);
    writeFileSync(join(cwd, 'latin1.yaml'), Buffer.from('sides:\n  - name: Fran\xe7ais\n', 'latin1'));
    writeFileSync(join(cwd, 'bomb.yaml'), ['a: &a ["x","x","x","x","x","x","x","x","x","x"]', ...Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array(10).fill(`*${String.fromCharCode(97 + i)}`).join(',')}]`), 'sides: *j'].join('\n'));
    symlinkSync('/etc/passwd', join(cwd, 'passwd.yaml'));
    symlinkSync('/dev/zero', join(cwd, 'zero.yaml'));
    execFileSync('mkfifo', [join(cwd, 'fifo.yaml')]);
    const t = tableIn(cwd);
    await t.run('@gm /battle create name:Files system:percentile');
    const cases: [string, RegExp][] = [
      ['binary.yaml', /not UTF-8 text|could not be read/],
      ['huge.yaml', /too large \(52429 KB; at most 2000 KB\)/],
      ['nested.yaml', /could not be read|has \d+ errors?/],
      ['nested.json', /could not be read|has \d+ errors?/],
      ['latin1.yaml', /not UTF-8 text/],
      ['bomb.yaml', /could not be read|has \d+ errors?/],
      ['passwd.yaml', /outside the working directory/],
      ['../../etc/hostname', /outside the working directory|no such file/],
      ['/etc/hostname', /outside the working directory/],
      ['zero.yaml', /outside the working directory/],
      ['/dev/zero', /outside the working directory/],
      ['oob', /not a regular file/],
      ['fifo.yaml', /not a regular file/],
      ['missing.yaml', /no such file/],
    ];
    const figures = { files: 0, crashes: 0, slowest: 0, worstMb: 0, imported: 0 };
    for (const [file, why] of cases) {
      const rss = process.memoryUsage().rss;
      const start = performance.now();
      let m;
      try {
        m = await t.run(`@gm /oob import file:${file}`);
      } catch {
        figures.crashes++;
        continue;
      }
      figures.files++;
      figures.slowest = Math.max(figures.slowest, performance.now() - start);
      figures.worstMb = Math.max(figures.worstMb, (process.memoryUsage().rss - rss) / 2 ** 20);
      expect(m.error, file).toMatch(why);
    }
    figures.imported = Object.keys((await t.app.state('b1')).units).length;
    figureLine('hostile files', `${figures.files} files, crashes ${figures.crashes}, slowest refusal ${(figures.slowest / 1000).toFixed(2)} s, most memory ${Math.round(figures.worstMb)} MB, units imported ${figures.imported}`);
    expect([figures.crashes, figures.imported]).toEqual([0, 0]);
    if (FULL) expect([figures.slowest < 2000, figures.worstMb < 300]).toEqual([true, true]);
  }, 120_000);

  it('an order of battle imports in time linear in its units (10,000 units, the largest under the limit)', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'umpire-oob-'));
    const times: [number, number][] = [];
    for (const units of [1000, 2000, 5000, 10_000]) {
      writeFileSync(join(cwd, `oob${units}.json`), oob(units));
      const t = tableIn(cwd);
      await t.run('@gm /battle create name:Big system:percentile');
      const start = performance.now();
      const m = await t.run(`@gm /oob import file:oob${units}.json`);
      times.push([units, performance.now() - start]);
      expect(m.error).toBeUndefined();
      expect(Object.keys((await t.app.state('b1')).units)).toHaveLength(units);
    }
    const per = times.map(([n, ms]) => ms / n);
    figureLine('oob import', `${times.map(([n, ms]) => `${n.toLocaleString('en')} units ${(ms / 1000).toFixed(2)} s`).join(', ')}; per unit at 10,000 ${(per[3]! / per[0]!).toFixed(1)}x that at 1,000`);
    // Linear: the cost of a unit does not grow with the file (generous, for a busy machine).
    expect(per[3]! / per[0]!).toBeLessThan(4);
    if (FULL) expect(times[3]![1]).toBeLessThan(2000);
  }, 120_000);
});
