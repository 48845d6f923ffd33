import type { Locale } from './i18n/locales.ts';
import { mapStrings, word, wordWithin, type Text } from './i18n/text.ts';

/**
 * The neutral message model: what the bot says, to whom, before any adapter renders it
 * (Discord embeds and components, or lines at the local table).
 * User mentions in `text` are written `<@userId>` and rendered by the adapter.
 */
export type Destination =
  | { kind: 'channel'; channel: string }
  | { kind: 'dm'; user: string }
  /** The invoking user's own answer (ephemeral in Discord). */
  | { kind: 'reply'; user: string; channel: string };

export interface Button<T extends Text = Text> {
  label: T;
  /** Versioned custom id, e.g. `v1:ballot:<ballotId>:<option>`; carries no authority. */
  customId: string;
}

/** A file that goes with a message: a battle report's chart (PNG). */
export interface MessageFile<T extends Text = Text> {
  name: string;
  data: Uint8Array;
  /** What it shows, for people who cannot see it (Discord's attachment description). */
  description?: T;
}

/**
 * A message as the app says it, its texts not yet worded (`Text`, src/i18n/text.ts); `Message<string>`
 * is one worded for a reader (`wordMessage`), as the adapters show it.
 */
export interface Message<T extends Text = Text> {
  to: Destination;
  /**
   * The language a channel post or DM is worded in, where the reader's is not known: its battle's or
   * campaign's (`/battle create language:`). A reply is worded in its reader's own.
   */
  locale?: Locale;
  /** Short heading (an embed's title in Discord). */
  title?: T;
  text: T;
  /** Structured outcome of a resolution, for `--json` and for embeds' fields: its texts are worded with the message's (`wordMessage`). */
  outcome?: unknown;
  /** The log version the message reports. */
  event?: number;
  buttons?: Button<T>[];
  /** Set on replies that refuse an action. */
  error?: boolean;
  /**
   * On a refusal for a value only a GM gives (ValueNeeded): what is needed, in words that name no
   * die. The table's --json carries it, so a script's GM stops are counted by code (issue 40).
   */
  need?: T;
  /**
   * A status that changes (a ballot's "who has voted"): a later channel post with the same key
   * replaces this one where the adapter can edit messages (Discord); the table prints each.
   */
  status?: string;
  /**
   * With `status`: keep this status post pinned in its channel (a campaign's board). Discord pins it
   * when it is first posted, and again if it was deleted and posted anew; never on an edit. The table
   * prints it as any status.
   */
  pin?: boolean;
  /**
   * Files sent with the message: only on replies to the invoking user, which are answered at once
   * (channel posts and DMs go through the outbox, which keeps text).
   */
  files?: MessageFile<T>[];
}

/** `m` worded in `locale`: every text of it, as a reader in that locale is shown it. */
export function wordMessage(m: Message, locale: Locale): Message<string> {
  const { title, text, buttons, need, files, outcome, ...rest } = m;
  return {
    ...rest,
    ...(outcome !== undefined ? { outcome: wordWithin(outcome, locale) } : {}),
    ...(title !== undefined ? { title: word(title, locale) } : {}),
    text: word(text, locale),
    ...(buttons ? { buttons: buttons.map((b) => ({ ...b, label: word(b.label, locale) })) } : {}),
    ...(need !== undefined ? { need: word(need, locale) } : {}),
    ...(files ? { files: files.map(({ description, ...f }) => ({ ...f, ...(description !== undefined ? { description: word(description, locale) } : {}) })) } : {}),
  };
}

export const mention = (user: string): string => `<@${user}>`;

/**
 * A count with its noun in the right number: `plural(1, 'figure')` is "1 figure", `plural(3,
 * 'casualty', 'casualties')` "3 casualties". The one helper for counts a user reads ("1 figures"
 * read wrong, issue 28).
 */
export const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * A time a user reads, written once as Discord's own timestamp syntax, `<t:1795687891:f> (<t:1795687891:R>)`:
 * Discord shows it in each reader's time zone, and "in 5 minutes" as it stays true; the table shows
 * the local time and the same relative words (src/table/render.ts). The log keeps ISO times; only
 * the text a message carries is written so. A time that is not one is left as it was given.
 */
export function when(iso: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  const unix = Math.floor(ms / 1000);
  return `<t:${unix}:f> (<t:${unix}:R>)`;
}

/** A sentence starting with a name written in lower case ("the medieval d10 rules leave..."). */
export const capitalize = (s: string): string => s.charAt(0).toUpperCase() + s.slice(1);

/** The longest input a reply repeats whole: a name's length (80 characters); longer input is shown as an excerpt. */
export const ECHO_MAX = 80;
const EXCERPT = 40;

/** Characters as people count them (code points), without copying a long string into an array. */
function characters(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0xd800 || c > 0xdbff || i + 1 >= s.length) n++;
  }
  return n;
}

/**
 * Bidi controls (UAX #9): echoed as typed, one would reorder the words after it in the reply (a
 * refusal made to read as something else), so a reply shows each by its code point instead.
 */
const BIDI = /\p{Bidi_Control}/gu;
const shown = (s: string): string => s.replace(BIDI, (c) => `<U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}>`);

/** `aaaa… (1,048,576 characters)`: the first characters of a long input, never half a character. */
function excerpt(s: string, quote: boolean): string {
  const head = shown(Array.from(s.slice(0, EXCERPT * 2)).slice(0, EXCERPT).join(''));
  const q = quote ? '"' : '';
  return `${q}${head}…${q} (${characters(s).toLocaleString('en-US')} characters)`;
}

/**
 * A user's input as a reply repeats it: `"value"` whole up to ECHO_MAX characters, else
 * `"first 40 characters…" (1,048,576 characters)`, so a 1 MB line is never sent back whole.
 */
export function quoteInput(value: string): string {
  return characters(value) <= ECHO_MAX ? `"${value}"` : excerpt(value, true);
}

/** The most inputs of a list a reply repeats (unknown options): the rest are counted, never named. */
const ECHO_LIST = 5;

/** Inputs as a reply lists them: the first ECHO_LIST by quoteInput, then how many more (110,000 unknown options are not named). */
export function quoteInputs(values: readonly string[]): string {
  const named = values.slice(0, ECHO_LIST).map(quoteInput).join(', ');
  return values.length > ECHO_LIST ? `${named} and ${(values.length - ECHO_LIST).toLocaleString('en-US')} more` : named;
}

/** A user's input as a reply repeats it unquoted (a file's words, a value): whole up to ECHO_MAX characters, else an excerpt, as quoteInput. */
export function echoInput(value: string): string {
  return characters(value) <= ECHO_MAX ? shown(value) : excerpt(value, false);
}

/**
 * A refusal with every long input it repeats (an option's value, an unknown command or option, a
 * name, as given or trimmed) cut to an excerpt: the one place that caps what a refusal quotes,
 * whatever message quoted it. Inputs of ECHO_MAX characters or fewer are left whole, but for the
 * bidi controls in them, shown by code point.
 */
export function capEchoes(text: Text, inputs: Iterable<unknown>): Text {
  const long = new Set<string>();
  const bidi = new Set<string>();
  for (const v of inputs) {
    if (typeof v !== 'string') continue;
    for (const s of [v, v.trim()]) {
      if (s.length > ECHO_MAX && characters(s) > ECHO_MAX) long.add(s);
      else if (s.search(BIDI) >= 0) bidi.add(s);
    }
  }
  if (!long.size && !bidi.size) return text;
  // The longest first: a trimmed value is inside the value as given.
  const longest = [...long].sort((a, b) => b.length - a.length);
  const bidiLongest = [...bidi].sort((a, b) => b.length - a.length);
  return mapStrings(text, (s) => {
    let out = s;
    for (const v of longest) {
      if (!out.includes(v)) continue;
      out = out.split(`"${v}"`).join(excerpt(v, true)).split(v).join(excerpt(v, false));
    }
    for (const v of bidiLongest) out = out.split(v).join(shown(v));
    return out;
  });
}
