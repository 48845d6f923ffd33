import { createRequire } from 'node:module';
import { english, say, type Text } from '../i18n/text.ts';
import { refuse } from '../rules/errors.ts';

/**
 * Names people give things in a battle (the battle, sides, commands, officers, units, leaders), and
 * the names that only look the same (issue 27). A name is stored normalised, so what reads the same
 * is the same text; a new name that merely looks like an existing one is refused by its UTS #39
 * skeleton; a look-alike finds a thing only when exactly one thing looks like it.
 * Logged names are never rewritten: both sides of every comparison are normalised here instead.
 */

/** unhomoglyph's table, loaded with the first name compared: the table and the bot start without it. */
let table: ((s: string) => string) | undefined;
const homoglyphs = () => (table ??= createRequire(import.meta.url)('unhomoglyph') as (s: string) => string);

/** Unseen characters: zero-width ones, joiners, soft hyphens, variation selectors (UAX #44 DI), bidi marks and overrides (UAX #9). */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/gu;
/** Controls left once white space (tab, new line) became spaces: a bell or a NUL names nothing. */
const CONTROL = /\p{Cc}/gu;

/**
 * A name as the battle stores it: NFKC (UAX #15: composed, compatibility forms such as a no-break
 * space or a full-width letter folded), invisible and bidi controls removed, white space runs one
 * space, trimmed. Idempotent. Letters of any script and accents stay: they are what a reader sees.
 */
export function normalizeName(raw: string): string {
  return raw
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(/\s+/gu, ' ')
    .replace(CONTROL, '')
    .replace(/ {2,}/g, ' ')
    .trim()
    .normalize('NFKC');
}

/**
 * The UTS #39 skeleton (section 4, internalSkeleton): NFD, Default_Ignorable code points removed,
 * each character replaced by its prototype from Unicode's confusables.txt, NFD again. Two strings
 * with one skeleton are confusable: a Cyrillic е and a Latin e, 1 and l, rn and m. Not for reading.
 */
export function skeleton(s: string): string {
  return homoglyphs()(s.normalize('NFD').replace(INVISIBLE, '')).normalize('NFD');
}

interface Keys {
  /** The normalised name in lower case: the same name (names are found in any case). */
  same: string;
  /** Skeletons as typed and in lower case: what looks the same (an I and an l only in capitals). */
  looks: readonly [string, string];
}

/** Keys by raw name, bounded: lookups compare a name with every name of a kind, many times a request. */
const cache = new Map<string, Keys>();
function keysOf(raw: string): Keys {
  let k = cache.get(raw);
  if (!k) {
    if (cache.size >= 20_000) cache.clear();
    const n = normalizeName(raw);
    k = { same: n.toLowerCase(), looks: [skeleton(n), skeleton(n.toLowerCase())] };
    cache.set(raw, k);
  }
  return k;
}

/** The same name once normalised, in any case. */
export const sameName = (a: string, b: string): boolean => keysOf(a).same === keysOf(b).same;

/** Looks like it: the same name, or one skeleton as typed or in lower case (UTS #39). */
export function looksLike(a: string, b: string): boolean {
  const x = keysOf(a);
  const y = keysOf(b);
  return x.same === y.same || x.looks[0] === y.looks[0] || x.looks[1] === y.looks[1];
}

/**
 * The one thing `ref` names: by its name as logged (in any case, as always), else by its normalised
 * name, else by a look-alike. A step that matches several things finds none: never a different one.
 */
export function findNamed<T>(things: readonly T[], ref: string, nameOf: (t: T) => string): T | undefined {
  const legacy = ref.trim().toLowerCase();
  const exact = things.find((t) => nameOf(t).trim().toLowerCase() === legacy);
  if (exact) return exact;
  for (const match of [sameName, looksLike]) {
    const found = things.filter((t) => match(nameOf(t), ref));
    if (found.length) return found.length === 1 ? found[0] : undefined;
  }
  return undefined;
}

/** The first of `names` that `name` is, or looks like: a new name must be neither. */
export const lookAlike = (names: Iterable<string>, name: string): string | undefined => {
  for (const n of names) if (looksLike(n, name)) return n;
  return undefined;
};

/** `U+0435 "е" reads as "e"`: the characters of `name` that only look like those of `existing`, up to three; '' when none. */
function lookAlikeCharacters(name: string, existing: string): Text {
  const theirs = new Set(normalizeName(existing));
  const odd = [...new Set(normalizeName(name))].filter((c) => !theirs.has(c) && !theirs.has(c.toLowerCase()) && !theirs.has(c.toUpperCase()));
  const shown = odd.slice(0, 3).map((c): Text => {
    const reads = skeleton(c);
    const code = `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} "${c}"`;
    return reads !== c.normalize('NFD') ? say('battle.names.readsAs', { code, reads }) : code;
  });
  if (!shown.length) return '';
  // Code points and the characters they read as, comma-separated as written; "…" when there are more.
  const [first, ...rest] = odd.length > 3 ? [...shown, '…'] : shown;
  return say('battle.names.characters', { list: rest.reduce<Text>((a, b) => say('battle.names.comma', { a, b }), first!) });
}

/**
 * Why a new name of a `kind` is refused next to an existing one it is (`there is already a unit
 * named "X"`) or only looks like (`"Y" looks like the unit "X" (U+0435 "е" reads as "e"); ...`):
 * a clause, without a capital or a full stop, for the caller to frame; with `sentence`, a sentence
 * of its own (capital and full stop). `kind`: battle, campaign, side, army, command, officer, unit,
 * leader (another reads as written, after "a").
 */
export function clashText(kind: string, name: string, existing: string, sentence = false): Text {
  if (sameName(name, existing)) return say(sentence ? 'battle.names.alreadySentence' : 'battle.names.already', { kind, existing });
  const characters = lookAlikeCharacters(name, existing);
  return say(sentence ? 'battle.names.looksLikeSentence' : 'battle.names.looksLike', { kind, name: normalizeName(name), existing, characters });
}

/** clashText's clause in English, for callers that still build English sentences (src/campaign). */
export const nameClash = (kind: string, name: string, existing: string): string => english(clashText(kind, name, existing));

/**
 * The names of one kind seen so far, for checking many new names at once (an order of battle) in
 * linear time: each key of a name points to it.
 */
export class NameIndex {
  private readonly byKey = new Map<string, string>();
  constructor(names: Iterable<string> = []) {
    for (const n of names) this.add(n);
  }
  /** The name already here that `name` is or looks like. */
  clash(name: string): string | undefined {
    const k = keysOf(name);
    return this.byKey.get(`=${k.same}`) ?? this.byKey.get(`0${k.looks[0]}`) ?? this.byKey.get(`1${k.looks[1]}`);
  }
  add(name: string): void {
    const k = keysOf(name);
    for (const key of [`=${k.same}`, `0${k.looks[0]}`, `1${k.looks[1]}`]) if (!this.byKey.has(key)) this.byKey.set(key, name);
  }
}

const MAX_NAME = 80;

/** A name as the battle (or campaign) stores it (NFKC, no invisible or bidi controls, single spaces), refused empty or too long. */
export function checkName(what: string, name: string): string {
  const n = normalizeName(name);
  if (!n) refuse(say('battle.names.needsName', { what }));
  if (n.length > MAX_NAME) refuse(say('battle.names.tooLong', { what, length: String(n.length), max: String(MAX_NAME) }));
  return n;
}
