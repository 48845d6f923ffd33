import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Umpire, type UmpireOptions } from '../../src/app/service/umpire.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { openDatabase } from '../../src/store/db.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { Table } from '../../src/table/table.ts';

/** A message as the table prints it with --json. */
export interface Out {
  to: 'channel' | 'dm' | 'reply';
  channel?: string;
  user?: string;
  title?: string;
  text: string;
  event?: number;
  error?: string;
  /** On a refusal for a value only a GM gives: what it needs (ValueNeeded.need). */
  need?: string;
  buttons?: string[];
  outcome?: unknown;
}

/** The dice an event used, as a posted outcome carries them (announce.ts puts them in `dice`). */
export type Used = { dice: { from: number; to: number; rolls: { sides: number; result: number }[] } };
/** A posted outcome: the resolution with the dice the event used in place of its own `dice`. */
export const posted = <T>(m: Out) => m.outcome as Omit<T, 'dice'> & Used;

/** A local table on a database (in memory unless a file is given), printing JSON lines into `out`; a report's PNG goes to a temporary folder, never the working tree. */
export function startTable(opts: UmpireOptions & { file?: string; cwd?: string; locale?: Locale } = {}) {
  const db = openDatabase(opts.file ?? ':memory:');
  const store = new SqliteEventStore(db);
  const app = new Umpire(store, { newSeed: () => Buffer.alloc(32, 1), ...opts });
  const out: Out[] = [];
  const table = new Table(app, { json: true, cwd: opts.cwd ?? process.cwd(), filesDir: mkdtempSync(join(tmpdir(), 'umpire-files-')), print: (l) => out.push(JSON.parse(l) as Out), ...(opts.locale ? { locale: opts.locale } : {}) });
  return {
    db,
    store,
    app,
    out,
    table,
    /** Runs lines; returns what they printed. */
    async run(lines: string | string[]) {
      const start = out.length;
      for (const l of typeof lines === 'string' ? lines.split('\n') : lines) await table.run(l);
      return out.slice(start);
    },
  };
}
