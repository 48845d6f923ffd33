import { literal, messages, t, type MessageKey } from './catalog.ts';
import { FALLBACK, intlLocale, type Locale } from './locales.ts';

/**
 * What the bot says before it is worded (docs/languages.md): a message of the catalog and its
 * values (a phrase), lines of texts, or a text kept as it was written (what a player typed, a name,
 * a log's line from before phrases). Events and the outbox keep texts, never words, so a battle
 * played in French replays and reads in German; each reader's adapter words them in its locale.
 */
export type Text = string | Phrase | Lines;

/** A message of the catalog by key, its placeholders' values kept as data. */
export interface Phrase {
  /** `<area>.<name>` of src/i18n/<language>/<area>.json, or `<system>.<name>` of a rule system's catalog. */
  readonly key: string;
  readonly values?: Readonly<Record<string, Arg>>;
}

/** Texts one under another. */
export interface Lines {
  readonly lines: readonly Text[];
}

/** Texts listed by the reader's language: "a, b and c", "a, b et c", "a, b und c" (Intl.ListFormat). */
export interface List {
  readonly list: readonly Text[];
  /** `or` for alternatives ("a, b or c"); `and` by default. */
  readonly join?: 'and' | 'or';
}

/** A placeholder's value: a number (formatted, and its plural chosen, by the reader's locale), a text, or a list. */
export type Arg = number | Text | List;

/** The phrase `key` with `values`. */
export const say = (key: string, values?: Readonly<Record<string, Arg>>): Phrase => (values ? { key, values } : { key });

/** `texts` one under another; none left out. */
export const lines = (...texts: Text[]): Lines => ({ lines: texts });

/** A rule's working as posted: its head, then each step on a bullet line of its own. */
export const working = (head: Text, steps: readonly Text[]): Lines => ({ lines: [head, ...steps.map((step) => say('core.bullet', { step }))] });

/** `texts` listed with "and" (or "or") in the reader's language. */
export const list = (texts: readonly Text[], join: 'and' | 'or' = 'and'): List => (join === 'and' ? { list: texts } : { list: texts, join });

/**
 * A text the rules' data carries (a pack's label or reason, a rule's line), by its catalog key while
 * the catalog's English is this very text; a text changed since (a house-ruled pack, a test's pack)
 * or one no catalog has is shown as written.
 */
/** A catalog key's part from a name the data gives: `light cavalry` -> `lightCavalry`, `Mass-2` -> `Mass2`. */
export const camelKey = (s: string): string => s.replace(/[^A-Za-z0-9]+(.)/g, (_m, c: string) => c.toUpperCase());

export const shipped = (key: string, english: string): Text => (messages(FALLBACK).get(key) === literal(english) ? say(key) : english);

export const isPhrase = (x: unknown): x is Phrase => typeof x === 'object' && x !== null && typeof (x as Phrase).key === 'string';

const listFormats = new Map<string, Intl.ListFormat>();

function listed(l: List, locale: Locale): string {
  const id = `${intlLocale(locale)}:${l.join ?? 'and'}`;
  let f = listFormats.get(id);
  if (!f) listFormats.set(id, (f = new Intl.ListFormat(intlLocale(locale), { type: l.join === 'or' ? 'disjunction' : 'conjunction' })));
  return f.format(l.list.map((x) => word(x, locale)));
}

function arg(a: Arg, locale: Locale): string | number {
  if (typeof a === 'number') return a;
  if (typeof a === 'object' && 'list' in a) return listed(a, locale);
  return word(a, locale);
}

/** `text` in `locale`'s words; a key no catalog has throws (a bug, caught by the catalog tests). */
export function word(text: Text, locale: Locale): string {
  if (typeof text === 'string') return text;
  if ('lines' in text) return text.lines.map((l) => word(l, locale)).join('\n');
  if (!text.values) return t(locale, text.key as MessageKey);
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(text.values)) values[k] = arg(v, locale);
  return t(locale, text.key as MessageKey, values);
}

/**
 * "a, b or c": the last two joined by the reader's "or", the others by commas, as English has always
 * written it (Intl.ListFormat, which `list(texts, 'or')` uses, puts a comma before "or").
 */
export function either(texts: readonly Text[]): Text {
  if (texts.length < 2) return texts[0] ?? '';
  const head = texts.slice(1, -1).reduce<Text>((a, b) => say('core.join.comma', { a, b }), texts[0]!);
  return say('core.join.or', { a: head, b: texts.at(-1)! });
}

/** "a, b and c", as English always wrote it (no comma before "and"); each language its own "and". */
export function both(texts: readonly Text[]): Text {
  if (texts.length < 2) return texts[0] ?? '';
  const head = texts.slice(1, -1).reduce<Text>((a, b) => say('core.join.comma', { a, b }), texts[0]!);
  return say('core.join.and', { a: head, b: texts.at(-1)! });
}

/** Texts one after another, as `a + b`: the string itself where all are strings, else a phrase of each pair. */
export function concat(...texts: Text[]): Text {
  if (texts.every((x) => typeof x === 'string')) return texts.join('');
  return texts.reduce((a, b) => say('core.concat', { a, b }));
}

/** Texts joined by `separator` (punctuation, the same in every language), as `texts.join(separator)`. */
export const joinedBy = (texts: readonly Text[], separator: string): Text => concat(...texts.flatMap((x, i) => (i ? [separator, x] : [x])));

const only = (o: object, keys: readonly string[]) => Object.keys(o).every((k) => keys.includes(k));

/**
 * `value` (a structure of data: an outcome, an event's data) with every text in it worded in
 * `locale`: a phrase ({ key, values? }) or lines ({ lines }) becomes its words; strings, numbers and
 * whatever else are kept as they are. What the adapters show of a message's `outcome`.
 */
export function wordWithin(value: unknown, locale: Locale): unknown {
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) return value.map((v) => wordWithin(v, locale));
  if (isPhrase(value) && only(value, ['key', 'values'])) return word(value, locale);
  if ('lines' in value && Array.isArray(value.lines) && only(value, ['lines'])) return word(value as Lines, locale);
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, wordWithin(v, locale)]));
}

/** `text` with every string in it (texts kept as written, placeholders' values) as `f` gives it back. */
export function mapStrings(text: Text, f: (s: string) => string): Text {
  if (typeof text === 'string') return f(text);
  if ('lines' in text) return { lines: text.lines.map((l) => mapStrings(l, f)) };
  if (!text.values) return text;
  const values: Record<string, Arg> = {};
  for (const [k, v] of Object.entries(text.values)) {
    values[k] = typeof v === 'number' ? v : typeof v === 'object' && 'list' in v ? { ...v, list: v.list.map((x) => mapStrings(x, f)) } : mapStrings(v, f);
  }
  return { key: text.key, values };
}

/** The first line of `text`: a kept text's, the first of lines, or a phrase whole (most are one line). */
export function firstLine(text: Text): Text {
  if (typeof text === 'string') return text.split('\n', 1)[0]!;
  if ('lines' in text) return text.lines.length ? firstLine(text.lines[0]!) : '';
  return text;
}

/** `text` in English: for logs, errors' messages and the JSON a script reads. */
export const english = (text: Text): string => word(text, 'en');

/** An error whose `text` says it in its reader's language where it is shown; `message` is its English, for logs and tests. */
export class TextError extends Error {
  constructor(
    readonly text: Text,
    options?: ErrorOptions,
  ) {
    super(english(text), options);
  }
}
