import { FALLBACK, type Locale } from '../i18n/locales.ts';
import { say, word } from '../i18n/text.ts';
import type { Message } from '../messages.ts';

/** How the table shows text: with ANSI styles (a terminal) or without, and the clock relative times count from. */
export interface TerminalOptions {
  /** ANSI bold, italics, dim... (stdout is a TTY); else the plain words, markers left out. */
  color?: boolean;
  /** The table's clock, for `<t:N:R>` ("in 5 minutes"); now by default. */
  now?: Date;
  /** The reader's locale, for the table's own words ("written to", "(DM)"); English by default. */
  locale?: Locale;
}

/** SGR codes: each style's on and off, so that styles nest (bold inside a quote's dim). */
const SGR = { bold: [1, 22], dim: [2, 22], italic: [3, 23], underline: [4, 24], strike: [9, 29], code: [36, 39] } as const;
export type Style = keyof typeof SGR;
const style = (on: boolean, s: Style, text: string) => (on ? `\x1b[${SGR[s][0]}m${text}\x1b[${SGR[s][1]}m` : text);

/**
 * How rendered Discord markdown is written out: for a terminal (ANSI styles or none, text as it
 * is) or for a web page (src/web/markdown.ts: elements, text escaped). The parsing is one.
 */
export interface Styler {
  /** Text as it stands between the markup. */
  text(s: string): string;
  style(s: Style, inner: string): string;
  link(inner: string, url: string): string;
  time(unix: number, styleLetter: string): string;
  user(id: string): string;
  /** A quoted line (`> `), already rendered. */
  quote(line: string): string;
}

const terminalStyler = (o: Required<Omit<TerminalOptions, 'locale'>>): Styler => ({
  text: (s) => s,
  style: (s, inner) => style(o.color, s, inner),
  link: (inner, url) => (inner === url ? url : `${inner} (${url})`),
  time: (unix, letter) => timestamp(unix, letter, o.now),
  user: (id) => `@${id}`,
  quote: (line) => `│ ${line}`,
});

/** Discord's timestamp styles (developer docs, "Message Formatting": t, T, d, D, f, F, R), in the table's locale and time zone (TZ). */
const DATE_STYLES: Record<string, Intl.DateTimeFormatOptions> = {
  t: { hour: '2-digit', minute: '2-digit' },
  T: { hour: '2-digit', minute: '2-digit', second: '2-digit' },
  d: { day: '2-digit', month: '2-digit', year: 'numeric' },
  D: { day: 'numeric', month: 'long', year: 'numeric' },
  f: { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  F: { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  s: { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' },
  S: { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', second: '2-digit' },
};
const LOCALE = 'en-GB';
const RELATIVE: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** `<t:1795687891:f>` as the table reads it: the local time in TZ's zone, or "in 5 minutes" / "3 hours ago" from `now`. */
export function timestamp(unix: number, styleLetter: string, now: Date): string {
  const at = new Date(unix * 1000);
  if (Number.isNaN(at.getTime())) return `<t:${unix}:${styleLetter}>`;
  if (styleLetter === 'R') {
    const diff = at.getTime() - now.getTime();
    const [unit, ms] = RELATIVE.find(([, ms]) => Math.abs(diff) >= ms) ?? RELATIVE.at(-1)!;
    return new Intl.RelativeTimeFormat('en', { numeric: 'auto' }).format(Math.round(diff / ms), unit);
  }
  return new Intl.DateTimeFormat(LOCALE, DATE_STYLES[styleLetter] ?? DATE_STYLES.f).format(at);
}

/**
 * One line's inline Discord markdown, in one left-to-right pass (so a code span or an escape keeps
 * what it holds): code, escapes, timestamps, mentions, links `[text](url)` -> `text (url)`, bold,
 * underline, strikethrough, spoilers, italics (`*x*`, `_x_` between words only, as Discord reads
 * snake_case).
 */
const INLINE =
  /(`+)([^`][\s\S]*?)\1(?!`)|\\([!-/:-@[-`{-~])|<t:(-?\d{1,15})(?::([tTdDfFRsS]))?>|<@[!&]?([^>\s]+)>|<#([^>\s]+)>|\[([^\]\n]+)\]\(<?(https?:\/\/[^\s)>]+)>?\)|<(https?:\/\/[^\s>]+)>|\*\*(?=\S)([\s\S]+?)\*\*|__(?=\S)([\s\S]+?)__|~~(?=\S)([\s\S]+?)~~|\|\|([\s\S]+?)\|\||\*(?=[^\s*])([^*\n]+?)\*(?!\*)|(?<![\p{L}\p{N}_\\])_(?=[^\s_])([^_\n]+?)_(?![\p{L}\p{N}_])/gu;

function inline(text: string, o: Styler): string {
  let out = '';
  let at = 0;
  for (const g of text.matchAll(INLINE)) {
    out += o.text(text.slice(at, g.index));
    at = g.index + g[0].length;
    out += markup(g as unknown as (string | undefined)[], o);
  }
  return out + o.text(text.slice(at));
}

function markup(g: (string | undefined)[], o: Styler): string {
  const [all, , code, escaped, unix, tStyle, user, channel, linkText, linkUrl, bare, bold, under, strike, spoiler, star, underscore] = g;
  if (code !== undefined) return o.style('code', o.text(code));
  if (escaped !== undefined) return o.text(escaped);
  if (unix !== undefined) return o.time(Number(unix), tStyle ?? 'f');
  if (user !== undefined) return o.user(user);
  if (channel !== undefined) return o.text(`#${channel}`);
  if (linkText !== undefined) return o.link(inline(linkText, o), linkUrl!);
  if (bare !== undefined) return o.link(o.text(bare), bare);
  if (bold !== undefined) return o.style('bold', inline(bold, o));
  if (under !== undefined) return o.style('underline', inline(under, o));
  if (strike !== undefined) return o.style('strike', inline(strike, o));
  if (spoiler !== undefined) return inline(spoiler, o);
  const italic = star ?? underscore;
  return italic !== undefined ? o.style('italic', inline(italic, o)) : o.text(all!);
}

/**
 * Discord markdown as a terminal shows it: `**bold**`, `*italic*`, `__underline__`, `~~struck~~` as
 * ANSI styles when `color` (else the words alone, no asterisks), `` `code` `` and code blocks, `> quote`
 * and `>>> quote` under a bar, headers `#`, `-# subtext` dimmed, `[text](url)` as "text (url)",
 * `\*` as `*`, mentions `<@alice>` as `@alice` and `<#table>` as `#table`, and timestamps
 * `<t:N:f>` as the local time, `<t:N:R>` relative to `now`. Discord's markdown is a small subset
 * that keeps every line break (CommonMark folds them into paragraphs), so a few rules here rather
 * than a CommonMark library.
 */
export function terminal(text: string, opts: TerminalOptions = {}): string {
  return rendered(text, terminalStyler({ color: opts.color ?? false, now: opts.now ?? new Date() }));
}

/** Discord markdown rendered line by line with `o`: code fences, quotes, headers, subtext, then each line's inline markup. */
export function rendered(text: string, o: Styler): string {
  const out: string[] = [];
  let fence = false;
  let quoteRest = false;
  for (const line of text.split('\n')) {
    if (/^```/.test(line.trimStart())) {
      fence = !fence;
      // A fence's language word (```yaml) is not shown; text on the fence line after it is.
      const rest = line.trimStart().slice(3).replace(/^[\w+-]*$/, '');
      if (rest) out.push(o.style('code', o.text(rest.replace(/```$/, ''))));
      continue;
    }
    if (fence) {
      out.push(o.style('code', o.text(line)));
      continue;
    }
    let body = line;
    let bar: boolean = quoteRest;
    if (/^>>> /.test(body)) [body, bar, quoteRest] = [body.slice(4), true, true];
    else if (/^> /.test(body) || body === '>') [body, bar] = [body.slice(2), true];
    let shown: string;
    const header = /^(#{1,3}) (.*)$/.exec(body);
    if (/^-# /.test(body)) shown = o.style('dim', inline(body.slice(3), o));
    else if (header) shown = o.style('bold', inline(header[2]!, o));
    else shown = inline(body, o);
    out.push(bar ? o.quote(shown) : shown);
  }
  return out.join('\n');
}

/** Text as people read it at the table without styles: mentions, timestamps and markdown rendered plain (`umpire status`, `umpire report`). */
export const plain = (text: string, now?: Date): string => terminal(text, { color: false, ...(now ? { now } : {}) });

/** The JSON line of one message (`--json`); `files` are the paths its files were written to. */
export function jsonLine(m: Message<string>, files: string[] = [], line?: number): string {
  const to = m.to.kind;
  const o: Record<string, unknown> = { to };
  // The script's line it answers (issue 39); a post left over from an earlier run answers none of this one's.
  if (line !== undefined) o.line = line;
  if (m.to.kind !== 'dm') o.channel = m.to.channel;
  if (m.to.kind !== 'channel') o.user = m.to.user;
  if (m.title) o.title = m.title;
  o.text = m.text;
  if (m.outcome !== undefined) o.outcome = m.outcome;
  if (m.event !== undefined) o.event = m.event;
  if (m.buttons?.length) o.buttons = m.buttons.map((b) => b.label);
  if (files.length) o.files = files;
  if (m.error) o.error = m.text;
  if (m.need) o.need = m.need;
  return JSON.stringify(o);
}

/**
 * The human form: destination, then the title (bold) and text indented under it, its markdown,
 * mentions and timestamps rendered for a terminal, and where its files were written.
 */
export function textLines(m: Message<string>, files: string[] = [], opts: TerminalOptions = {}): string {
  const locale = opts.locale ?? FALLBACK;
  const where = m.to.kind === 'channel' ? `#${m.to.channel}` : word(say(m.to.kind === 'dm' ? 'table.to.dm' : 'table.to.reply', { user: m.to.user }), locale);
  const title = m.title ? style(opts.color ?? false, 'bold', terminal(m.title, opts)) : '';
  const body = [title, terminal(m.text, opts)].filter(Boolean).join('\n');
  const buttons = m.buttons?.length ? `\n${m.buttons.map((b) => `[${b.label}]`).join(' ')}` : '';
  const written = files.map((f) => `\n${word(say('table.writtenTo', { path: f }), locale)}`).join('');
  const mark = m.error ? '✗ ' : '';
  return `${where} › ${mark}${(body + buttons + written).replace(/\n/g, `\n${' '.repeat(where.length + 3)}`)}`;
}
