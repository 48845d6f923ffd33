import { lstatSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { basename, join, resolve, sep } from 'node:path';
import { MAX_FILE_BYTES } from '../app/slash/commands.ts';
import type { DeliveryPort } from '../app/service/dispatcher.ts';
import { OutboxDispatcher } from '../app/service/dispatcher.ts';
import { buttonInvocation, formButton, type FormButton } from '../app/messages/buttons.ts';
import { pendingPrompts } from '../app/service/prompts.ts';
import { invoke, notASubcommand, type Invocation } from '../app/service/invoke.ts';
import { findCommand } from '../app/slash/registry.ts';
import type { Umpire } from '../app/service/umpire.ts';
import { writeRefused } from '../store/db.ts';
import { RuleError } from '../rules/errors.ts';
import { FALLBACK, languageOf, type Locale } from '../i18n/locales.ts';
import { lines, say, word, type Text } from '../i18n/text.ts';
import { wordMessage, type Message, type MessageFile } from '../messages.ts';
import { parseLine } from './line.ts';
import { FIRST_CHANNEL, FIRST_USER } from './prompt.ts';
import { jsonLine, textLines } from './render.ts';

export interface TableOptions {
  json: boolean;
  /** Where file paths given to /oob import are resolved from. */
  cwd: string;
  print: (line: string) => void;
  /** Where files a message carries (a report's chart) are written; their paths are printed. */
  filesDir?: string;
  /** ANSI styles for markdown in the human form; by default when stdout is a terminal and NO_COLOR is unset. */
  color?: boolean;
  /**
   * A script's run: each line numbered is printed before its answers in the human form, so a
   * refusal can be told from the command it answers (issue 39). `--json` never echoes: its lines
   * carry the number instead (`line`).
   */
  echo?: boolean;
  /** The reader's locale: every message is worded in it (the table has one reader). English by default. */
  locale?: Locale;
}

/**
 * Writes a file a message carries (a report's chart) into `dir` under its own name, which says whose
 * it is (a report's name carries the battle's name, id, dice commitment and turns): a file of that
 * name is the same battle's same chart, re-rendered, and is replaced. It is written beside and renamed
 * over, so a reader never sees half a PNG; a link, directory or other non-file of that name is left
 * alone. Returns the path, or why nothing was written (told to the user with the message).
 */
function writeMessageFile(dir: string, f: MessageFile): { path: string } | { failed: Text } {
  const name = basename(f.name);
  if (!name || name === '.' || name === '..') return { failed: say('table.file.noName', { name: f.name }) };
  const path = join(dir, name);
  const tmp = join(dir, `.${name}.${process.pid}.tmp`);
  let begun = false;
  try {
    mkdirSync(dir, { recursive: true });
    const there = lstatSync(path, { throwIfNoEntry: false });
    if (there && !there.isFile()) return { failed: say('table.file.notAFile', { name, path }) };
    begun = true;
    writeFileSync(tmp, f.data);
    renameSync(tmp, path);
    return { path };
  } catch (err) {
    try {
      if (begun) rmSync(tmp, { force: true });
    } catch {
      // A temporary file that cannot be removed either is hidden (a dot file) and replaced by the next try.
    }
    const code = (err as NodeJS.ErrnoException).code;
    return { failed: say('table.file.failed', { name, dir, code: code ?? say('table.file.anError') }) };
  }
}

export const WELCOME: Text = lines(say('table.welcome.title'), say('table.welcome.start'), say('table.welcome.import'), say('table.welcome.lines'), say('table.welcome.keys'));

/**
 * The local table: the same slash commands as Discord, typed by any user, with every message the
 * bot would send printed with its destination. Channel posts and DMs leave through the outbox.
 */
export class Table {
  channel = FIRST_CHANNEL;
  user = FIRST_USER;
  /** The latest message with buttons each user received, for `!press`. */
  private readonly prompts = new Map<string, Message<string>>();
  private readonly dispatcher: OutboxDispatcher;
  /** The channel posts shown since the latest command began, as `channel#event`: the acknowledgements they make needless. */
  private readonly posted = new Set<string>();
  /** The text last shown of each status post, by its key: an edit shows what changed. */
  private readonly statusShown = new Map<string, string>();
  private readonly color: boolean;
  /** The script's line being run, which every message shown until the next carries with --json. */
  private line: number | undefined;

  constructor(
    readonly app: Umpire,
    private readonly opts: TableOptions,
  ) {
    const port: DeliveryPort = { deliver: async (m) => this.show(m) };
    this.dispatcher = new OutboxDispatcher(app.store, port, { now: app.now, logger: app.logger });
    this.color = opts.color ?? (process.stdout.isTTY === true && !process.env.NO_COLOR);
  }

  /** The reader's locale, which every line the table shows is worded in. */
  get locale(): Locale {
    return this.opts.locale ?? FALLBACK;
  }

  private show(said: Message): void {
    // A channel post in its battle's language; a reply or DM in the table's reader's.
    let m = wordMessage(said, (said.to.kind === 'channel' ? said.locale : undefined) ?? this.locale);
    if (m.buttons?.length && m.to.kind !== 'channel') this.prompts.set(m.to.user, m);
    // A file that could not be written is said in the message; the message itself is shown all the same.
    const dir = resolve(this.opts.cwd, this.opts.filesDir ?? '.');
    const unwritten: string[] = [];
    const paths = (m.files ?? []).flatMap((f) => {
      const written = writeMessageFile(dir, f);
      if ('failed' in written) unwritten.push(word(written.failed, this.locale));
      return 'path' in written ? [written.path] : [];
    });
    if (unwritten.length) m = { ...m, text: [m.text, ...unwritten].join('\n\n') };
    if (m.to.kind === 'channel' && m.event !== undefined) this.posted.add(`${m.to.channel}#${m.event}`);
    if (this.opts.json) return this.opts.print(jsonLine(m, paths, this.line));
    if (m.status !== undefined) {
      // A status post is edited in place in Discord; the table, which cannot edit what it printed,
      // shows the lines that changed, and nothing when none did (issue 39). /campaign status shows it whole.
      const before = this.statusShown.get(m.status);
      this.statusShown.set(m.status, m.text);
      if (before !== undefined) {
        const old = new Set(before.split('\n'));
        const changed = m.text.split('\n').filter((l) => !old.has(l));
        if (!changed.length) return;
        m = { ...m, title: word(say('table.status.updated', { title: m.title ?? say('table.status.status') }), this.locale), text: changed.join('\n') };
      }
    }
    // The table's clock, read only for a message with a timestamp (a test's clock moves at each read).
    const now = /<t:-?\d/.test(`${m.title ?? ''}${m.text}`) ? this.app.now() : undefined;
    this.opts.print(textLines(m, paths, { color: this.color, locale: this.locale, ...(now ? { now } : {}) }));
  }

  /**
   * An action's acknowledgement to its invoker ("Done (event 38): ...", ephemeral in Discord) is
   * the first line of the channel post of the same event. At the table the invoker reads that
   * channel, so the human form shows the post alone (issue 28): the acknowledgement is held and shown
   * only if its post did not come out (the outbox could not be written). `--json` keeps every message.
   */
  /**
   * The command a form button stands for, as its user types it: the army by its name, and the
   * campaign by its name only where the user plays in more than one (never the ids in the button).
   */
  private async formCommand(form: FormButton): Promise<string> {
    const c = await this.app.campaigns.state(form.campaign);
    const army = c.armies[form.army]?.name ?? form.army;
    const several = (await this.app.campaigns.of(this.user)).length > 1;
    const given = [...(several ? [`campaign:"${c.name || form.campaign}"`] : []), `army:"${army}"`];
    return [`/${form.invocation.command}`, form.invocation.sub, ...given, `${form.option}:"..."`].join(' ');
  }

  private acknowledges(m: Message): boolean {
    return !this.opts.json && m.to.kind === 'reply' && !m.error && m.event !== undefined && !m.buttons?.length && !m.files?.length;
  }

  /**
   * A file named at the table, read as the bot reads an attachment: a regular file of at most
   * MAX_FILE_BYTES, inside the working directory (links followed), UTF-8 text. Anything else
   * is refused by name before a byte is read: a device, a FIFO, a directory, /etc/passwd.
   */
  private readFile = async (ref: string) => {
    const cant = (why: Text) => new RuleError(say('table.read.cannot', { file: ref, why }));
    let real: string;
    try {
      real = await realpath(resolve(this.opts.cwd, ref));
    } catch (err) {
      throw cant((err as NodeJS.ErrnoException).code === 'ENOENT' ? say('table.read.noFile') : (err as Error).message);
    }
    const root = await realpath(this.opts.cwd);
    if (real !== root && !real.startsWith(root + sep)) throw cant(say('table.read.outside', { root }));
    const info = await stat(real);
    if (!info.isFile()) throw cant(say('table.read.notAFile'));
    if (info.size > MAX_FILE_BYTES) throw cant(say('table.read.tooLarge', { size: String(Math.ceil(info.size / 1000)), max: String(MAX_FILE_BYTES / 1000) }));
    try {
      return { name: basename(real), text: new TextDecoder('utf-8', { fatal: true }).decode(await readFile(real)) };
    } catch {
      throw cant(say('table.read.notText'));
    }
  };

  /** Delivers what the outbox holds (posts left over from a previous run come out first). */
  async flush(): Promise<void> {
    while ((await this.dispatcher.drainOnce()) > 0);
  }

  /** Runs one typed line: a script's is numbered (`at`, from 1), for its echo and its answers' `line`. */
  async run(raw: string, at?: number): Promise<void> {
    const line = parseLine(raw);
    if (line.kind === 'blank') return;
    this.line = at;
    if (at !== undefined && this.opts.echo && !this.opts.json) this.opts.print(`[line ${at}] ${raw.trim()}`);
    const reply = (text: Text) => this.show({ to: { kind: 'reply', user: this.user, channel: this.channel }, text, error: true });
    if (line.kind === 'error') return reply(line.message);
    if (line.channel) this.channel = line.channel;
    if (line.user) this.user = line.user;
    if (line.kind === 'press') {
      // The latest prompt this table showed the user, else the latest the log says is waiting (after a restart).
      const pending = (await pendingPrompts(this.app, this.user)).at(-1);
      const prompt = this.prompts.get(this.user) ?? (pending && wordMessage(pending, this.locale));
      const button = prompt?.buttons?.find((b) => b.label.toLowerCase() === line.label.toLowerCase());
      if (!prompt) return reply(say('table.press.noPrompt', { user: this.user }));
      if (!button) return reply(say('table.press.noButton', { user: this.user, label: line.label, buttons: prompt.buttons!.map((b) => b.label).join(', ') }));
      // A button that asks for text opens a form in Discord; here the user types its command.
      const form = formButton(button.customId);
      if (form) return this.show({ to: { kind: 'reply', user: this.user, channel: this.channel }, text: say('table.press.typeForm', { option: form.option, command: await this.formCommand(form) }) });
      const pressed = await buttonInvocation(button.customId, this.app);
      if (!pressed) return reply(say('table.press.stale', { id: button.customId }));
      // A DM button acts in the channel of the battle it came from.
      const battle = (await this.app.battles()).find((b) => b.id === pressed.battle);
      if (!battle) return reply(say('table.press.unknownBattle'));
      return this.invokeAndShow({ ...pressed.invocation, battle: battle.id, actor: this.user, channel: battle.channel });
    }
    const def = findCommand(line.command);
    // Subcommand words: a group and its subcommand, one subcommand, or none.
    const words = line.words;
    const sub = def ? [2, 1, 0].filter((n) => n <= words.length).map((n) => words.slice(0, n).join(' ')).find((k) => Object.hasOwn(def.subcommands, k)) : words.join(' ');
    const rest = sub === undefined ? [] : words.slice(sub.split(' ').filter(Boolean).length);
    // Words after the subcommand are its default option's value (/roll 2d6), unless that is given by name.
    const fallback = def && sub !== undefined && rest.length ? Object.entries(def.subcommands[sub]!.options).find(([name, o]) => o.default && !Object.hasOwn(line.options, name))?.[0] : undefined;
    if (def && (sub === undefined || (rest.length && !fallback))) return reply(notASubcommand(def, `"/${[line.command, ...words].join(' ')}"`, words.join(' ')));
    const options: Record<string, unknown> = { ...line.options, ...(fallback ? { [fallback]: rest.join(' ') } : {}) };
    if (def) {
      for (const [name, o] of Object.entries(def.subcommands[sub!]!.options)) {
        const v = options[name];
        if (o.kind === 'user' && typeof v === 'string') options[name] = v.replace(/^@/, '');
      }
    }
    await this.invokeAndShow({ command: line.command, sub: sub ?? '', options, actor: this.user, channel: this.channel });
  }

  private async invokeAndShow(inv: Invocation): Promise<void> {
    const result = await invoke(this.app, { ...inv, readFile: this.readFile, language: languageOf(this.opts.locale ?? FALLBACK) });
    this.posted.clear();
    const held = result.messages.filter((m) => this.acknowledges(m));
    for (const m of result.messages) if (!held.includes(m)) this.show(m);
    await this.tick();
    for (const m of held) if (m.to.kind === 'reply' && !this.posted.has(`${m.to.channel}#${m.event}`)) this.show(m);
  }

  /** Deadlines and reminders that fell due, then everything the outbox holds. */
  async tick(): Promise<void> {
    try {
      await this.app.tick();
      await this.flush();
    } catch (err) {
      // A full disk or a read-only database refused marking posts delivered: the table stays up, and
      // the posts not marked are shown again at a later tick. Anything else ends the table.
      const why = writeRefused(err);
      if (!why) throw err;
      this.app.logger?.error({ code: (err as { code?: unknown }).code, err: (err as Error).message }, 'the database refused a write while delivering posts');
      this.show({
        to: { kind: 'reply', user: this.user, channel: this.channel },
        text: say('table.tick.readOnly', { why }),
        error: true,
      });
    }
  }
}
