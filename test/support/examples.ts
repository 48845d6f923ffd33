import Database from 'better-sqlite3';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { Umpire } from '../../src/app/service/umpire.ts';
import type { Db } from '../../src/store/db.ts';
import * as tables from '../../src/store/schema.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import { Table } from '../../src/table/table.ts';
import type { Out } from './table.ts';

/** The commands /help shows as examples: a phase's ("• /fire ..."), and what is owed ("• text — /morale test ..."). */
export const examplesIn = (help: string): string[] =>
  [...help.matchAll(/^• (.*)$/gm)].flatMap(([, line]) => {
    if (line!.startsWith('/')) return [line!];
    const at = line!.indexOf(' — /');
    return at >= 0 ? [line!.slice(at + 3)] : [];
  });

/**
 * A local table on a copy of a battle's database as it stands (better-sqlite3's serialize): what is
 * typed there never reaches the original, so a test can try a command and go on as if it had not.
 */
export function tableOnCopy(db: Db, now: () => Date) {
  const sqlite = new Database(db.$client.serialize());
  sqlite.pragma('foreign_keys = ON');
  const app = new Umpire(new SqliteEventStore(drizzle(sqlite, { schema: tables }) as Db), { newSeed: () => Buffer.alloc(32, 1), now });
  const out: Out[] = [];
  const table = new Table(app, { json: true, cwd: process.cwd(), print: (l) => out.push(JSON.parse(l) as Out) });
  return {
    /** Runs one line; returns what it printed. */
    async run(line: string) {
      const start = out.length;
      await table.run(line);
      return out.slice(start);
    },
  };
}
