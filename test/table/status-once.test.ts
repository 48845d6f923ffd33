import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Umpire } from '../../src/app/service/umpire.ts';
import { openDatabase } from '../../src/store/db.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { Table } from '../../src/table/table.ts';
import { CAMPAIGN_SETUP, clock } from '../campaign/support.ts';

/** The table in its human form (as a person reads it), each line's printed text collected. */
function humanTable() {
  const app = new Umpire(new SqliteEventStore(openDatabase(':memory:')), { newSeed: () => Buffer.alloc(32, 1), now: clock().now });
  const printed: string[] = [];
  const table = new Table(app, { json: false, color: false, cwd: process.cwd(), filesDir: mkdtempSync(join(tmpdir(), 'umpire-files-')), print: (l) => printed.push(l) });
  return async (line: string): Promise<string> => {
    const start = printed.length;
    await table.run(line);
    return printed.slice(start).join('\n');
  };
}

describe('the table shows a campaign status post once, then what changed in it (issue 39)', () => {
  it('given a status post shown whole, when an action edits it, then only its changed lines are printed; an asked status is whole', async () => {
    const run = humanTable();
    for (const l of CAMPAIGN_SETUP) await run(l);
    const opened = await run('#campaign @gm /campaign turn open deadline:2d');
    expect(opened.match(/campaign status/g)).toHaveLength(1);
    const whole = opened.slice(opened.indexOf('campaign status'));
    expect(whole).toMatch(/The King's Army/);
    expect(whole).toMatch(/Lincoln's Army/);

    const sent = await run('#campaign @alice /campaign orders send army:"The King\'s Army" orders:"March north"');
    expect(sent).toMatch(/campaign status \(updated\)/);
    const update = sent.slice(sent.indexOf('campaign status (updated)'));
    // The line of the army whose orders came in is shown; the other army's line, unchanged, is not.
    expect(update).toMatch(/The King's Army/);
    expect(update).not.toMatch(/Lincoln's Army/);
    expect(update.split('\n').length).toBeLessThan(whole.split('\n').length);

    const asked = await run('#campaign @bob /campaign status');
    expect(asked).toMatch(/Lincoln's Army/);
    expect(asked).toMatch(/The King's Army/);
    expect(asked).not.toMatch(/\(updated\)/);
  });
});
