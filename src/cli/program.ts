import { createHmac } from 'node:crypto';
import { createReadStream, writeFileSync } from 'node:fs';
import { resolve as resolvePath } from 'node:path';
import { createInterface } from 'node:readline';
import { Command, Help, InvalidArgumentError } from 'commander';
import type { asLogged, Umpire } from '../app/service/umpire.ts';
import type { DiceCheck } from '../app/reports/verify.ts';
import type { LoggedCampaignEvent } from '../campaign/events.ts';
import { errorText, shellLocale, type Config } from '../config/config.ts';
import { createLogger } from '../config/logger.ts';
import type { openStore } from '../store/open.ts';
import type { EventStore } from '../store/types.ts';
import { FALLBACK, LANGUAGES, localeOf, PSEUDO, type Locale } from '../i18n/locales.ts';
import { concat, say, word, wordWithin, type Arg } from '../i18n/text.ts';
import { RuleError } from '../rules/errors.ts';
import { DEFAULT_PORT, webBase } from '../web/address.ts';
import { progress } from './progress.ts';

/** The language the command line speaks: the shell's (LC_ALL, LC_MESSAGES, LANG), English when it is none we speak (issue 43). */
const CLI_LOCALE: Locale = shellLocale();

/** A message of the catalog in the command line's language. */
const cli = (key: string, values?: Readonly<Record<string, Arg>>): string => word(say(key, values), CLI_LOCALE);

/** An error as the command line says it: a refusal, a configuration's or a store's error in the shell's language, any other by its message. */
const shown = (err: unknown): string => word(errorText(err), CLI_LOCALE);

/**
 * The program's heavy modules, loaded by the subcommand that runs once it has said what it does
 * (`umpire table` prints its first line before they load): the rule systems and slash commands,
 * installed once (src/assemble.ts), the umpire, and the store drivers.
 */
let loading: Promise<{ Umpire: typeof Umpire; asLogged: typeof asLogged; openStore: typeof openStore }> | undefined;
const load = () =>
  (loading ??= Promise.all([import('../assemble.ts'), import('../app/service/umpire.ts'), import('../store/open.ts')]).then(([assembly, umpire, store]) => {
    assembly.assemble();
    return { Umpire: umpire.Umpire, asLogged: umpire.asLogged, openStore: store.openStore };
  }));

/** A store's location as the first line says it: a PostgreSQL URL without its user, password or parameters. */
export function shownLocation(location: string): string {
  if (!/^postgres(ql)?:\/\//i.test(location)) return location;
  try {
    const u = new URL(location);
    return `${u.protocol}//${u.host}${u.pathname}`;
  } catch {
    return 'the PostgreSQL server of DATABASE_URL';
  }
}

/**
 * A table's salts when its seed is fixed: each event's, in order, from the seed (HMAC-SHA256 over a
 * count), so a script's every hash comes out the same each run. Its secrets are then the seed's, as
 * its dice are: for tests and demos only.
 */
function fixedSalts(seed: Buffer): () => string {
  let n = 0;
  return () => createHmac('sha256', seed).update(`umpire-table-salt:${n++}`).digest('hex');
}

/** The `umpire` command line: table, bot, shards, deploy-commands, replay, verify, report, export, migrate-store. */
export function buildProgram(config: Config): Command {
  const logger = createLogger(config.LOG_LEVEL);

  /**
   * The store and the umpire on it. Its links' pages are taken as served elsewhere when WEB_URL is
   * set (another process serves them there: `umpire serve`, a shard's manager), else nowhere, until
   * this process's own web server listens (serveBeside says so): a share then tells the GM why its
   * link will not open, rather than posting it as if it would (issue 39).
   */
  async function open(location: string, seed?: Buffer, readonly = false, clock?: Date) {
    const { openStore, Umpire } = await load();
    const store = await openStore(location, { readonly });
    const pages = config.WEB_URL !== undefined ? 'elsewhere' : 'none';
    const fixed = { ...(seed ? { newSeed: () => seed, newSalt: fixedSalts(seed) } : {}), ...(clock ? { now: () => clock } : {}) };
    return { store, app: new Umpire(store, { logger, webUrl: webBase(config.WEB_URL, config.WEB_PORT ?? DEFAULT_PORT), pages, ...fixed }) };
  }

  /** The battle pages beside the table or the bot, on WEB_PORT (the table at a terminal: on 8080 unless set); a port taken is said and the rest goes on. */
  async function serveBeside(app: Umpire, port: number | undefined, say: (line: string) => void = (l) => console.error(l)): Promise<{ close(): Promise<void> } | undefined> {
    if (port === undefined) return undefined;
    const { startWeb } = await import('../web/start.ts');
    try {
      const web = await startWeb({ app, port, host: config.WEB_HOST, base: webBase(config.WEB_URL, port), logger });
      say(cli('cli.pages.beside', { url: web.url }));
      app.pages = 'here';
      return web;
    } catch (err) {
      say(shown(err));
      return undefined;
    }
  }

  /**
   * Opens a store showing progress (a PGlite directory takes seconds to start and migrate): after
   * two seconds a bar on a terminal, a line now and then otherwise, on stderr. The clock starts once
   * the program's modules are loaded: a small store's command prints its result alone even on a
   * busy machine. (The table at a terminal says its one opening line at once instead.)
   */
  async function opening<T>(label: string, location: string, work: () => Promise<T>): Promise<T> {
    await load();
    const p = progress(label, { locale: CLI_LOCALE });
    p.phase(cli('cli.progress.opening', { location: shownLocation(location) }));
    try {
      return await work();
    } finally {
      p.stop();
    }
  }

  const positive = (v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError(cli('cli.arg.wholeNumber'));
    return n;
  };
  const atLeastOne = (v: string) => {
    const n = positive(v);
    if (n < 1) throw new InvalidArgumentError(cli('cli.arg.atLeastOne'));
    return n;
  };
  const isoTime = (v: string) => {
    const at = /^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?Z$/.test(v) ? new Date(v) : undefined;
    if (!at || Number.isNaN(at.getTime())) throw new InvalidArgumentError(cli('cli.arg.isoTime'));
    return at;
  };

  /** A locale given on the command line: en, fr, de or en-XA, as a tag or a LANG (fr_FR.UTF-8); another is refused. */
  const localeTag = (v: string): Locale => {
    const l = localeOf(v);
    if (l === FALLBACK && !/^en([-_.]|$)/i.test(v)) throw new InvalidArgumentError(cli('cli.arg.locale', { choices: [...LANGUAGES, PSEUDO].join(', '), given: JSON.stringify(v) }));
    return l;
  };

  const hexSeed = (v: string) => {
    if (!/^[0-9a-fA-F]{64}$/.test(v)) throw new InvalidArgumentError(cli('cli.arg.hexSeed'));
    return Buffer.from(v, 'hex');
  };

  /**
   * An option a subcommand cannot run without, checked in its action rather than by commander's
   * requiredOption: commander checks those before it looks for unknown options, so `--battel b1`
   * was answered "required option '--battle <id>' not specified" instead of being named as unknown
   * with its nearest. Says the same as commander (and exits 1) when it is missing.
   */
  function required<K extends string>(cmd: Command, o: Partial<Record<K, string>>, name: K): string {
    const v = o[name];
    if (v !== undefined) return v;
    const flags = cmd.options.find((x) => x.attributeName() === name)?.flags ?? `--${name}`;
    return cmd.error(`error: required option '${flags}' not specified`);
  }

  /** The one log a command reads: a battle's or a campaign's. */
  type Log = { kind: 'battle' | 'campaign'; id: string };

  /**
   * The log of `--battle` or `--campaign`, exactly one of them; undefined (its user told why, exit
   * code 1) when neither or both are given.
   */
  function oneLog(command: string, o: { battle?: string; campaign?: string }): Log | undefined {
    if (o.battle !== undefined && o.campaign !== undefined) console.error(cli('cli.log.both', { command }));
    else if (o.battle === undefined && o.campaign === undefined) console.error(cli('cli.log.none', { command }));
    else return o.battle !== undefined ? { kind: 'battle', id: o.battle } : { kind: 'campaign', id: o.campaign! };
    process.exitCode = 1;
    return undefined;
  }

  /**
   * Runs `work` on a battle or a campaign of the store opened read-only, closing it after; an unknown
   * one is named with those of its kind there are. Ids are the store's lower-case ones, found however
   * they were typed (`--battle B1` is b1): `work` gets the log by its stored id.
   */
  async function withLog(command: string, location: string, typed: Log, work: (store: EventStore, log: Log) => Promise<void>): Promise<void> {
    const { store } = await opening(command, location, () => open(location, undefined, true));
    try {
      const known = typed.kind === 'battle' ? await store.battles() : await store.campaigns();
      const found = known.find((b) => b.id.toLowerCase() === typed.id.toLowerCase());
      const log = { kind: typed.kind, id: found?.id ?? typed.id };
      if (!found) {
        const listed = known.map((b) => `${b.id} "${b.name}"`).join(', ');
        console.error(cli(log.kind === 'battle' ? 'cli.log.noBattle' : 'cli.log.noCampaign', { id: log.id, known: listed || say('cli.log.noneKnown') }));
        process.exitCode = 1;
        return;
      }
      await work(store, log);
    } finally {
      await store.close();
    }
  }

  /** Runs `work` on a battle of the store opened read-only, closing it after; an unknown battle is named with those there are. */
  const withBattle = (command: string, location: string, battleId: string, work: (store: EventStore, battleId: string) => Promise<void>): Promise<void> =>
    withLog(command, location, { kind: 'battle', id: battleId }, (store, log) => work(store, log.id));

  /**
   * `umpire verify`'s work (verifyLog or verifyCampaign, src/app/reports/verify.ts) with its steps in the
   * progress: the store it reads is watched, each read naming the step it starts.
   */
  async function verifyWithProgress<T>(store: EventStore, campaignId: string | undefined, work: (store: EventStore) => Promise<T>): Promise<T> {
    const p = progress('verify', { locale: CLI_LOCALE });
    const steps: Record<string, (id: string, after?: number) => string> = {
      chain: (id) => cli(id === campaignId ? 'cli.verify.stepCampaignChain' : 'cli.verify.stepBattleChain', { id }),
      load: (id, after) => cli(id === campaignId ? 'cli.verify.stepCampaignEvents' : after !== undefined ? 'cli.verify.stepReferenced' : 'cli.verify.stepRolls', { id }),
    };
    const watched = new Proxy(store, {
      get(target, key, receiver) {
        const value: unknown = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        const step = typeof key === 'string' ? steps[key] : undefined;
        return (...args: unknown[]): unknown => {
          if (step) p.phase(step(String(args[0]), args[1] as number | undefined));
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    try {
      return await work(watched);
    } finally {
      p.stop();
    }
  }

  /** A battle's dice check in words (`umpire verify`). */
  function diceText(dice: DiceCheck): string {
    if (dice.status === 'checked') {
      const counts = { rolls: dice.rolls, rollCount: String(dice.rolls), events: dice.events, eventCount: String(dice.events) };
      return cli(dice.seedFrom === 'log' ? 'cli.dice.publishedSeed' : 'cli.dice.givenSeed', counts);
    }
    if (dice.status === 'skipped') return cli('cli.dice.skipped', { reason: dice.reason });
    return dice.version ? cli('cli.dice.failedAt', { version: String(dice.version), reason: dice.reason }) : cli('cli.dice.failed', { reason: dice.reason });
  }

  /** A battle's or a campaign's log as JSON lines, one write a thousand events: a long log leaves in a few large writes, its count shown. */
  async function exportLog(store: EventStore, log: Log): Promise<void> {
    const p = progress('export', { unit: say('cli.progress.eventsWritten'), locale: CLI_LOCALE });
    try {
      p.phase(cli('cli.progress.reading', { kind: log.kind, id: log.id }));
      const events = await store.load(log.id);
      for (let i = 0; i < events.length; i += 1000) {
        process.stdout.write(`${events.slice(i, i + 1000).map((e) => JSON.stringify(e)).join('\n')}\n`);
        p.count(Math.min(i + 1000, events.length), events.length);
      }
    } finally {
      p.stop();
    }
  }

  async function runTable(opts: { db: string; json?: boolean; script?: string; seed?: Buffer; clock?: Date; out: string; echo?: boolean; locale?: Locale }): Promise<void> {
    // At a terminal, a line at once and the prompt right after it (issue 44): the store opens and
    // the rule systems load while the user types, and a line typed meanwhile is answered once they
    // have. A script's run (a file, piped lines) prints its results alone, as before.
    const atTerminal = !opts.script && process.stdin.isTTY;
    if (atTerminal) console.log(cli('cli.table.opening', { store: shownLocation(opts.db) }));
    const prompt = atTerminal ? await import('../table/prompt.ts') : undefined;
    const aside = prompt && new prompt.Aside();
    const loading = (async () => {
      const [{ app, store }, { completer, script }, { Table, WELCOME }, { loadDice }, { word }] = await Promise.all([
        open(opts.db, opts.seed, false, opts.clock),
        import('../table/console.ts'),
        import('../table/table.ts'),
        import('../dice/notation.ts'),
        import('../i18n/text.ts'),
      ]);
      // A script's lines are echoed before their answers where a person reads them (stdout a terminal);
      // where its output goes to a file or a program, it stays as it was (the examples' recorded
      // outputs, scripts that read it), unless --echo asks. --json numbers its lines instead.
      const echo = opts.echo ?? process.stdout.isTTY === true;
      // The reader's language: --locale, or the shell's (LC_ALL, LC_MESSAGES, LANG); English when it is none we speak.
      const locale = opts.locale ?? CLI_LOCALE;
      const table = new Table(app, { json: opts.json ?? false, echo, cwd: process.cwd(), filesDir: opts.out, print: (l) => console.log(l), locale });
      // At a terminal the pages come a moment after the prompt, their line above it; a script waits
      // for them, so that a share it makes knows they are served (or not).
      const web = serveBeside(app, config.WEB_PORT ?? (atTerminal ? DEFAULT_PORT : undefined), aside?.say);
      if (atTerminal) void loadDice();
      return { store, table, web, script, completer: completer(table), welcome: word(WELCOME, locale) };
    })();
    try {
      if (prompt) await prompt.interactive(loading, aside);
      else {
        const { table, web, script } = await loading;
        await web;
        await script(table, createInterface({ input: opts.script ? createReadStream(opts.script) : process.stdin, crlfDelay: Infinity }));
      }
    } finally {
      const loaded = await loading.catch(() => undefined);
      await (await loaded?.web)?.close();
      await loaded?.store.close();
    }
  }

  const snowflake = (v: string) => {
    if (!/^\d{17,20}$/.test(v)) throw new InvalidArgumentError(cli('cli.arg.discordId'));
    return v;
  };

  function needToken(): string | undefined {
    if (!config.DISCORD_TOKEN) {
      console.error(cli('cli.bot.noToken'));
      process.exitCode = 2;
    }
    return config.DISCORD_TOKEN;
  }

  async function runBot(opts: { db: string }): Promise<void> {
    const token = needToken();
    if (!token) return;
    const { app, store } = await opening('bot', opts.db, () => open(opts.db));
    let bot;
    try {
      const { startBot } = await discord.bot();
      bot = await startBot({ token, app, logger, ...(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}) });
    } catch (err) {
      await store.close();
      console.error(shown(err));
      process.exitCode = 1;
      return;
    }
    const running = bot;
    // A shard's process leaves the pages to its manager (`umpire shards`): one port, one server.
    if (process.env.SHARDING_MANAGER && config.WEB_PORT !== undefined) app.pages = 'elsewhere';
    const web = await serveBeside(app, process.env.SHARDING_MANAGER ? undefined : config.WEB_PORT);
    const stop = (signal: string) => {
      logger.info({ signal }, 'stopping the bot');
      void running
        .stop()
        .then(() => web?.close())
        .catch((err: unknown) => logger.error({ err }, 'error while stopping'))
        .finally(() => store.close())
        .finally(() => process.exit(0));
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  }

  // The Discord client and the chart renderer are loaded by the subcommands that use them: the table
  // (and a restarted process) starts in a second, not three.
  const discord = {
    bot: () => import('../discord/bot.ts'),
    shards: () => import('../discord/shards.ts'),
    commandJson: () => import('../discord/command-json.ts'),
    deploy: () => import('../discord/deploy.ts'),
  };

  // A mistyped command or flag is named with the nearest there is ("Did you mean --battle?").
  const program = new Command('umpire').description(cli('cli.help.umpire')).showHelpAfterError().showSuggestionAfterError();
  // commander's own words in the help, in the command line's language; its subcommands inherit them.
  const titles: Readonly<Record<string, string>> = { 'Usage:': 'cli.help.title.usage', 'Options:': 'cli.help.title.options', 'Commands:': 'cli.help.title.commands', 'Arguments:': 'cli.help.title.arguments', 'Global Options:': 'cli.help.title.globalOptions' };
  program
    .configureHelp({
      styleTitle: (title) => (titles[title] ? cli(titles[title]) : title),
      optionDescription(option) {
        return Help.prototype.optionDescription.call(this, option).replace(/\(default: /, `(${cli('cli.help.default')} `);
      },
    })
    .helpOption('-h, --help', cli('cli.help.help'))
    .helpCommand('help [command]', cli('cli.help.helpCommand'));
  const dbOption = ['--db <file|url>', cli('cli.help.db'), config.DATABASE_URL ?? config.UMPIRE_DB] as const;

  program
    .command('table')
    .description(cli('cli.help.table'))
    .option(...dbOption)
    .option('--json', cli('cli.help.table.json'))
    .option('--script <file>', cli('cli.help.table.script'))
    .option('--echo', cli('cli.help.table.echo'))
    .option('--no-echo', cli('cli.help.table.noEcho'))
    .option('--seed <hex>', cli('cli.help.table.seed'), hexSeed)
    .option('--clock <time>', cli('cli.help.table.clock'), isoTime)
    .option('--out <dir>', cli('cli.help.table.out'), '.')
    .option('--locale <tag>', cli('cli.help.table.locale'), localeTag)
    .action((o) => runTable(o));

  program
    .command('bot')
    .description(cli('cli.help.bot'))
    .option(...dbOption)
    .action((o: { db: string }) => runBot(o));

  program
    .command('shards')
    .description(cli('cli.help.shards'))
    .option(...dbOption)
    .option('--shards <count>', cli('cli.help.shards.shards'), (v: string) => (v === 'auto' ? v : atLeastOne(v)), 'auto' as number | 'auto')
    .option('--spawn-delay <ms>', cli('cli.help.shards.spawnDelay'), positive, 5500)
    .action(async (o: { db: string; shards: number | 'auto'; spawnDelay: number }) => {
      const alone = (await import('../store/open.ts')).unshareable(o.db);
      if (alone) {
        console.error(word(alone, CLI_LOCALE));
        process.exitCode = 2;
        return;
      }
      const token = needToken();
      if (!token) return;
      let manager;
      try {
        const { startShards } = await discord.shards();
        manager = await startShards({ token, db: o.db, logger, shards: o.shards, spawnDelayMs: o.spawnDelay, ...(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}) });
      } catch (err) {
        console.error(cli('cli.shards.failed', { why: errorText(err) }));
        process.exitCode = 1;
        return;
      }
      const running = manager;
      const pages = config.WEB_PORT === undefined ? undefined : await open(o.db);
      if (pages) await serveBeside(pages.app, config.WEB_PORT);
      const stop = (signal: string) => {
        logger.info({ signal }, 'stopping the shards');
        for (const shard of running.shards.values()) shard.kill();
        process.exit(0);
      };
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });

  program
    .command('serve')
    .description(cli('cli.help.serve'))
    .option(...dbOption)
    .option('--port <port>', cli('cli.help.serve.port'), atLeastOne, config.WEB_PORT ?? DEFAULT_PORT)
    .option('--host <address>', cli('cli.help.serve.host'), config.WEB_HOST)
    .action(async (o: { db: string; port: number; host: string }) => {
      // Read-only: the pages write nothing, and a copy of the store on a read-only disk serves as well.
      const { app, store } = await opening('serve', o.db, () => open(o.db, undefined, true));
      const { startWeb } = await import('../web/start.ts');
      let web;
      try {
        web = await startWeb({ app, port: o.port, host: o.host, base: webBase(config.WEB_URL, o.port), logger });
      } catch (err) {
        await store.close();
        console.error(shown(err));
        process.exitCode = 1;
        return;
      }
      console.log(cli('cli.serve.on', { url: web.url }));
      const running = web;
      const stop = () => void running.close().finally(() => store.close()).finally(() => process.exit(0));
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
    });

  program
    .command('deploy-commands')
    .description(cli('cli.help.deployCommands'))
    .option('--guild <id>', cli('cli.help.deployCommands.guild'), snowflake)
    .option('--print', cli('cli.help.deployCommands.print'))
    .option('--clear', cli('cli.help.deployCommands.clear'))
    .action(async (o: { guild?: string; print?: boolean; clear?: boolean }) => {
      await load(); // the slash commands, installed
      if (o.print) {
        console.log(JSON.stringify((await discord.commandJson()).applicationCommands(), null, 2));
        return;
      }
      const token = needToken();
      if (!token) return;
      try {
        const { deployCommands } = await discord.deploy();
        const r = await deployCommands({
          token,
          ...(config.DISCORD_APP_ID ? { appId: config.DISCORD_APP_ID } : {}),
          ...(o.guild ? { guild: o.guild } : {}),
          ...(config.DISCORD_API_URL ? { api: config.DISCORD_API_URL } : {}),
          clear: o.clear ?? false,
        });
        const where = r.guild ? say('cli.deploy.inGuild', { guild: r.guild }) : say('cli.deploy.globally');
        console.log(o.clear ? cli('cli.deploy.removed', { app: r.appId, where }) : cli('cli.deploy.registered', { n: r.count, app: r.appId, where }));
      } catch (err) {
        console.error(cli('cli.deploy.refused', { why: errorText(err) }));
        process.exitCode = 1;
      }
    });

  program
    .command('replay')
    .description(cli('cli.help.replay'))
    .option(...dbOption)
    .option('--battle <id>', cli('cli.help.replay.battle'))
    .option('--campaign <id>', cli('cli.help.replay.campaign'))
    .option('--to <version>', cli('cli.help.replay.to'), positive)
    .option('--turn <n>', cli('cli.help.replay.turn'), atLeastOne)
    .option('--json', cli('cli.help.replay.json'))
    .action((o: { db: string; battle?: string; campaign?: string; to?: number; turn?: number; json?: boolean }) => {
      const typed = oneLog('replay', o);
      if (!typed) return;
      if (o.turn !== undefined && (typed.kind === 'battle' || o.to !== undefined)) {
        console.error(cli(typed.kind === 'battle' ? 'cli.replay.turnOfCampaign' : 'cli.replay.turnOrTo'));
        process.exitCode = 1;
        return;
      }
      if (typed.kind === 'campaign') return withLog('replay', o.db, typed, (store, log) => replayCampaignAt(store, log.id, o));
      return withLog('replay', o.db, typed, async (store, log) => {
        const [{ asLogged }, { replay }, { statusText }, { plain }] = await Promise.all([load(), import('../battle/replay.ts'), import('../app/reports/views.ts'), import('../table/render.ts')]);
        const entries = await store.loadEntries(log.id);
        if (pastTheEnd('Battle', log.id, o.to, entries.at(-1)?.version ?? 0)) return;
        const state = replay(log.id, asLogged(entries), o.to ?? Infinity);
        console.log(o.json ? JSON.stringify(state, null, 2) : plain(word(statusText(state), CLI_LOCALE)));
      });
    });

  /** A version past a log's last event is said so (exit 1), rather than answered with its last state as if it were that version's. */
  function pastTheEnd(kind: 'Battle' | 'Campaign', id: string, to: number | undefined, last: number): boolean {
    if (to === undefined || to <= last) return false;
    console.error(cli(kind === 'Battle' ? 'cli.replay.pastEndBattle' : 'cli.replay.pastEndCampaign', { id, to: String(to), last: String(last) }));
    process.exitCode = 1;
    return true;
  }

  /** `umpire replay --campaign`: its log folded up to a version, or to the opening of a turn. */
  async function replayCampaignAt(store: EventStore, id: string, o: { to?: number; turn?: number; json?: boolean }): Promise<void> {
    const [{ replayCampaign }, { campaignStateText }, { plain }] = await Promise.all([import('../campaign/evolve.ts'), import('../app/reports/campaign-report.ts'), import('../table/render.ts')]);
    const entries = (await store.loadEntries(id)) as unknown as LoggedCampaignEvent[];
    if (pastTheEnd('Campaign', id, o.to, entries.at(-1)?.version ?? 0)) return;
    let cut = o.to ?? Infinity;
    if (o.turn !== undefined) {
      const opened = entries.filter((l) => l.event.type === 'CampaignTurnOpened');
      const at = opened.find((l) => l.event.type === 'CampaignTurnOpened' && l.event.data.turn === o.turn);
      if (!at) {
        const turns = opened.map((l) => (l.event.type === 'CampaignTurnOpened' ? l.event.data.turn : 0));
        console.error(turns.length ? cli('cli.replay.noTurn', { id, turn: String(o.turn), turns: turns.join(', ') }) : cli('cli.replay.noTurnYet', { id, turn: String(o.turn) }));
        process.exitCode = 1;
        return;
      }
      cut = at.version;
    }
    const state = replayCampaign(id, entries.filter((l) => l.version <= cut));
    console.log(o.json ? JSON.stringify(state, null, 2) : plain(word(campaignStateText(state, entries.at(-1)?.version ?? 0), CLI_LOCALE)));
  }

  program
    .command('verify')
    .description(cli('cli.help.verify'))
    .option(...dbOption)
    .option('--battle <id>', cli('cli.help.verify.battle'))
    .option('--campaign <id>', cli('cli.help.verify.campaign'))
    .option('--seed <hex>', cli('cli.help.verify.seed'))
    .action((o: { db: string; battle?: string; campaign?: string; seed?: string }) => {
      const typed = oneLog('verify', o);
      if (!typed) return;
      if (typed.kind === 'campaign' && o.seed !== undefined) {
        console.error(cli('cli.verify.seedOfBattle'));
        process.exitCode = 1;
        return;
      }
      if (typed.kind === 'campaign') return withLog('verify', o.db, typed, (store, log) => verifyCampaignLines(store, log.id));
      return withLog('verify', o.db, typed, async (store, log) => {
        const { verifyLog } = await import('../app/reports/verify.ts');
        const { chain, dice } = await verifyWithProgress(store, undefined, (watched) => verifyLog(watched, log.id, o.seed));
        if (chain.ok) console.log(cli('cli.verify.battleOk', { id: log.id, n: chain.count, count: String(chain.count) }));
        else console.log(cli('cli.verify.battleFailed', { id: log.id, version: String(chain.version), reason: chain.reason }));
        console.log(diceText(dice));
        if (!chain.ok || dice.status === 'failed') process.exitCode = 1;
      });
    });

  /**
   * `umpire verify --campaign`: the campaign's chain, then each battle whose result it took: that
   * battle's chain and dice, and whether the event the campaign referenced still has the hash it
   * recorded (a battle changed after, even re-hashed whole, is caught there).
   */
  async function verifyCampaignLines(store: EventStore, id: string): Promise<void> {
    const { verifyCampaign } = await import('../app/reports/verify.ts');
    const { chain, battles } = await verifyWithProgress(store, id, (watched) => verifyCampaign(watched, id));
    if (chain.ok) console.log(cli('cli.verify.campaignOk', { id, n: chain.count, count: String(chain.count) }));
    else console.log(cli('cli.verify.campaignFailed', { id, version: String(chain.version), reason: chain.reason }));
    if (!battles.length) console.log(cli('cli.verify.noBattles', { id }));
    let failed = !chain.ok;
    for (const b of battles) {
      const { chain: bc, dice } = b.log;
      const v = b.through.version;
      const own = bc.ok ? say('cli.verify.chainOk', { n: bc.count, count: String(bc.count) }) : say('cli.verify.chainFailed', { version: String(bc.version), reason: bc.reason });
      const reference = b.matches ? say('cli.verify.referenceOk', { version: String(v) }) : say('cli.verify.referenceFailed', { version: String(v), hash: b.through.hash });
      console.log(cli('cli.verify.campaignBattle', { battle: b.battleId, at: String(b.at), version: String(v), own, reference, dice: diceText(dice) }));
      if (!bc.ok || !b.matches || dice.status === 'failed') failed = true;
    }
    if (failed) process.exitCode = 1;
  }

  program
    .command('report')
    .description(cli('cli.help.report'))
    .option(...dbOption)
    .option('--battle <id>', cli('cli.help.report.battle'))
    .option('--from <turn>', cli('cli.help.report.from'), positive)
    .option('--to <turn>', cli('cli.help.report.to'), positive)
    .option('--png <file>', cli('cli.help.report.png'))
    .option('--json', cli('cli.help.report.json'))
    .action((o: { db: string; battle?: string; from?: number; to?: number; png?: string; json?: boolean }, cmd: Command) =>
      withBattle('report', o.db, required(cmd, o, 'battle'), async (store, battle) => {
        const [{ asLogged }, { battleReport, reportFileName, reportText }, { plain }] = await Promise.all([load(), import('../app/reports/report.ts'), import('../table/render.ts')]);
        try {
          const r = battleReport(battle, asLogged(await store.loadEntries(battle)), { ...(o.from !== undefined ? { from: o.from } : {}), ...(o.to !== undefined ? { to: o.to } : {}) });
          console.log(o.json ? JSON.stringify(wordWithin(r, CLI_LOCALE)) : plain(word(reportText(r), CLI_LOCALE)));
          if (r.strength) {
            const file = resolvePath(o.png ?? reportFileName(r));
            writeFileSync(file, await (await import('../app/reports/report-chart.ts')).reportChart(r, CLI_LOCALE));
            console.error(cli('cli.report.chartWritten', { file }));
          }
        } catch (err) {
          if (!(err instanceof RuleError)) throw err;
          console.error(shown(err));
          process.exitCode = 1;
        }
      }),
    );

  program
    .command('export')
    .description(cli('cli.help.export'))
    .option(...dbOption)
    .option('--battle <id>', cli('cli.help.export.battle'))
    .option('--campaign <id>', cli('cli.help.export.campaign'))
    .action((o: { db: string; battle?: string; campaign?: string }) => {
      const typed = oneLog('export', o);
      if (typed) return withLog('export', o.db, typed, exportLog);
    });

  program
    .command('migrate-store')
    .description(cli('cli.help.migrateStore'))
    .option('--from <file|url>', cli('cli.help.migrateStore.from'))
    .option('--to <file|url>', cli('cli.help.migrateStore.to'))
    .action(async (given: { from?: string; to?: string }, cmd: Command) => {
      const o = { from: required(cmd, given, 'from'), to: required(cmd, given, 'to') };
      if (o.from === o.to) {
        console.error(cli('cli.migrate.sameStore'));
        process.exitCode = 1;
        return;
      }
      const [{ openStore }, { copyStore }] = await Promise.all([load(), import('../store/copy.ts')]);
      // Progress from the start (a PGlite target takes seconds to open); a copy of under two
      // seconds prints its result alone (src/cli/progress.ts).
      const p = progress('migrate-store', { unit: say('cli.progress.eventsCopied'), locale: CLI_LOCALE });
      p.phase(cli('cli.progress.opening', { location: shownLocation(o.from) }));
      const from = await openStore(o.from, { readonly: true }).catch((err: unknown) => {
        p.stop();
        throw err;
      });
      p.phase(cli('cli.progress.opening', { location: shownLocation(o.to) }));
      const to = await openStore(o.to).catch(async (err: unknown) => {
        p.stop();
        await from.close();
        throw err;
      });
      let total = 0;
      let done = 0;
      try {
        p.phase(cli('cli.progress.counting'));
        for (const b of [...(await from.battles()), ...(await from.campaigns())]) total += await from.version(b.id);
        p.count(0, total);
        const copied = await copyStore(from, to, (n) => p.count((done += n), total));
        p.stop();
        // A battle the target gives another id to is named both ways, so players can find it again.
        const source = /^postgres(ql)?:\/\//i.test(o.from) ? (await import('../store/pg-open.ts')).maskUrl(o.from) : o.from;
        for (const c of copied) {
          const copy = { id: c.battle.id, name: c.battle.name, n: c.events, count: String(c.events), skipped: c.skipped ? 'yes' : 'no' };
          if (c.refused !== undefined) console.log(cli('cli.migrate.battleRefused', { id: c.battle.id, name: c.battle.name, why: c.refused }));
          else if (c.id === c.battle.id) console.log(cli('cli.migrate.battle', copy));
          else console.log(cli('cli.migrate.battleRenamed', { ...copy, source, copy: c.id }));
        }
        for (const c of copied.campaigns) {
          const copy = { id: c.campaign.id, name: c.campaign.name, n: c.events, count: String(c.events), skipped: c.skipped ? 'yes' : 'no' };
          if (c.id === c.campaign.id) console.log(cli('cli.migrate.campaign', copy));
          else console.log(cli('cli.migrate.campaignRenamed', { ...copy, source, copy: c.id }));
        }
        const renumbered = copied.filter((c) => c.id !== c.battle.id).length;
        const campaignsRenumbered = copied.campaigns.filter((c) => c.id !== c.campaign.id).length;
        const refused = copied.filter((c) => c.refused !== undefined).length;
        const moved = renumbered + campaignsRenumbered;
        const counts = { battles: copied.length, battleCount: String(copied.length), campaigns: copied.campaigns.length, campaignCount: String(copied.campaigns.length), events: total, eventCount: String(total), refused: refused ? 'yes' : 'no' };
        const notes = [
          ...(moved ? [say(campaignsRenumbered ? 'cli.migrate.renumberedCampaigns' : 'cli.migrate.renumbered', { n: String(moved) })] : []),
          ...(refused ? [say('cli.migrate.notCopied', { n: String(refused) })] : []),
        ];
        console.log(word(concat(say('cli.migrate.total', counts), ...notes), CLI_LOCALE));
        // Not everything was copied: a script running the copy must not take it for done.
        if (refused) process.exitCode = 1;
      } catch (err) {
        p.stop();
        console.error(shown(err));
        process.exitCode = 1;
      } finally {
        await from.close();
        await to.close();
      }
    });

  return program;
}
