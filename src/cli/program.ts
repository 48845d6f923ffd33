import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
import { Command, InvalidArgumentError } from 'commander';
import { Umpire, toLogged } from '../app/umpire.ts';
import { replay } from '../battle/replay.ts';
import type { Config } from '../config/config.ts';
import { createLogger } from '../config/logger.ts';
import { openDatabase } from '../store/db.ts';
import { readChain, verifyChain } from '../store/hash.ts';
import { SqliteEventStore } from '../store/sqlite-store.ts';
import { interactive, script } from '../table/console.ts';
import { Table } from '../table/table.ts';
import { statusText } from '../app/views.ts';
import { plain } from '../table/render.ts';

/** The `umpire` command line: table, replay, verify, export. */
export function buildProgram(config: Config): Command {
  const logger = createLogger(config.LOG_LEVEL);

  function open(dbFile: string, seed?: Buffer) {
    const db = openDatabase(dbFile);
    const store = new SqliteEventStore(db);
    return { db, store, app: new Umpire(store, { logger, ...(seed ? { newSeed: () => seed } : {}) }) };
  }

  const positive = (v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('expected a whole number');
    return n;
  };
  const hexSeed = (v: string) => {
    if (!/^[0-9a-fA-F]{64}$/.test(v)) throw new InvalidArgumentError('expected 64 hex digits (32 bytes)');
    return Buffer.from(v, 'hex');
  };

  function known(store: SqliteEventStore, battleId: string) {
    if (!store.battles().some((b) => b.id === battleId)) {
      console.error(`No battle ${battleId} in this database. Battles: ${store.battles().map((b) => `${b.id} "${b.name}"`).join(', ') || 'none'}.`);
      process.exit(1);
    }
  }

  async function runTable(opts: { db: string; json?: boolean; script?: string; seed?: Buffer }): Promise<void> {
    const { app, db } = open(opts.db, opts.seed);
    const table = new Table(app, { json: opts.json ?? false, cwd: process.cwd(), print: (l) => console.log(l) });
    try {
      if (opts.script) await script(table, createInterface({ input: createReadStream(opts.script), crlfDelay: Infinity }));
      else if (process.stdin.isTTY) await interactive(table);
      else await script(table, createInterface({ input: process.stdin, crlfDelay: Infinity }));
    } finally {
      db.$client.close();
    }
  }

  const program = new Command('umpire').description('Umpire: wargame battles umpired in chat, logged and replayable').showHelpAfterError();
  const dbOption = ['--db <file>', 'the SQLite database', config.UMPIRE_DB] as const;

  program
    .command('table')
    .description('the local table: type slash commands as any user (reads a script from stdin when not a terminal)')
    .option(...dbOption)
    .option('--json', 'one JSON object a line for every message')
    .option('--script <file>', 'run the lines of a file')
    .option('--seed <hex>', 'fix the dice seed of battles created (tests and demos)', hexSeed)
    .action((o) => runTable(o));

  program
    .command('replay')
    .description('the state of a battle at a version of its log')
    .option(...dbOption)
    .requiredOption('--battle <id>', 'the battle id (b1, b2, ...)')
    .option('--to <version>', 'the log version (default: the latest)', positive)
    .option('--json', 'the state as JSON')
    .action((o: { db: string; battle: string; to?: number; json?: boolean }) => {
      const { store } = open(o.db);
      known(store, o.battle);
      const events = store.load(o.battle).map(toLogged);
      const state = replay(o.battle, events, o.to ?? Infinity);
      console.log(o.json ? JSON.stringify(state, null, 2) : plain(statusText(state)));
    });

  program
    .command('verify')
    .description("recompute a battle's hash chain and name the first bad event")
    .option(...dbOption)
    .requiredOption('--battle <id>', 'the battle id')
    .action((o: { db: string; battle: string }) => {
      const { db, store } = open(o.db);
      known(store, o.battle);
      const r = verifyChain(readChain(db, o.battle));
      if (r.ok) console.log(`Battle ${o.battle}: hash chain of ${r.count} events verified.`);
      else {
        console.log(`Battle ${o.battle}: FAILED at event ${r.version}: ${r.reason}`);
        process.exitCode = 1;
      }
    });

  program
    .command('export')
    .description("a battle's log as JSON lines")
    .option(...dbOption)
    .requiredOption('--battle <id>', 'the battle id')
    .action((o: { db: string; battle: string }) => {
      const { store } = open(o.db);
      known(store, o.battle);
      for (const e of store.load(o.battle)) console.log(JSON.stringify(e));
    });

  return program;
}
