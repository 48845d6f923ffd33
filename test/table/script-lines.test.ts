import { describe, expect, it } from 'vitest';
import { Umpire } from '../../src/app/service/umpire.ts';
import { openDatabase } from '../../src/store/db.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { script } from '../../src/table/console.ts';
import { Table, type TableOptions } from '../../src/table/table.ts';

/** A script's lines run as `umpire table --script` runs them; what the table printed. */
async function played(lines: string[], opts: Partial<TableOptions>): Promise<string[]> {
  const app = new Umpire(new SqliteEventStore(openDatabase(':memory:')), { newSeed: () => Buffer.alloc(32, 1) });
  const printed: string[] = [];
  const table = new Table(app, { json: false, color: false, cwd: process.cwd(), print: (l) => printed.push(l), ...opts });
  await script(table, (async function* () {
    yield* lines;
  })());
  return printed;
}

const SCRIPT = ['@gm /battle create name:X system:brigade', '', '# a comment', '@gm /side add', '@gm /side add name:Blue'];

describe("a script's answers name the line they answer (issue 39)", () => {
  it('--echo prints each line run, numbered, before its answers; blank lines and comments are not echoed', async () => {
    const out = await played(SCRIPT, { echo: true });
    const echoed = out.filter((l) => l.startsWith('[line '));
    expect(echoed).toEqual(['[line 1] @gm /battle create name:X system:brigade', '[line 4] @gm /side add', '[line 5] @gm /side add name:Blue']);
    // The refusal comes right after the line it refuses.
    const at4 = out.indexOf('[line 4] @gm /side add');
    expect(out[at4 + 1]).toMatch(/✗ \/side add: name is required/);
    expect(out.indexOf('[line 5] @gm /side add name:Blue')).toBe(at4 + 2);
  });

  it('without --echo the output is as it was: no line echoed', async () => {
    const out = await played(SCRIPT, {});
    expect(out.some((l) => l.startsWith('[line '))).toBe(false);
    expect(out.some((l) => /name is required/.test(l))).toBe(true);
  });

  it('--json carries the line each message answers, and never echoes', async () => {
    const out = (await played(SCRIPT, { json: true, echo: true })).map((l) => JSON.parse(l) as { line?: number; error?: string; to: string });
    expect(out.every((m) => m.to !== undefined)).toBe(true);
    expect(out.map((m) => m.line)).toEqual([1, 1, 4, 5, 5]);
    expect(out.find((m) => m.error)).toMatchObject({ line: 4, error: expect.stringMatching(/name is required/) });
  });
});
