/**
 * The languages Umpire speaks, and how a reader's locale is found from what Discord or the shell
 * says (docs/languages.md). Imports nothing: every layer may import it, and the table never loads
 * discord.js.
 */

/** The languages with a catalog, English first: it is what every other falls back to. */
export const LANGUAGES = ['en', 'fr', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The languages translated from English: what the deploy payload localises. */
export const TRANSLATED = ['fr', 'de'] as const satisfies readonly Language[];

/**
 * The pseudo-locale: English accented, bracketed and about 30% longer, generated when read, never
 * stored. Text outside its brackets was not taken from the catalog.
 */
export const PSEUDO = 'en-XA';

export type Locale = Language | typeof PSEUDO;

export const FALLBACK: Language = 'en';

export const isLocale = (s: string): s is Locale => s === PSEUDO || (LANGUAGES as readonly string[]).includes(s);

/**
 * The locale of a language tag, whatever its spelling: Discord's (`fr`, `de`, `en-US`, `en-GB`,
 * `es-ES`), BCP 47 (`de-AT`) or POSIX `LANG` (`fr_FR.UTF-8`, `C`). A language we have by its primary
 * subtag; `en-XA` is the pseudo-locale; anything else, or nothing, is English.
 */
export function localeOf(tag: string | null | undefined): Locale {
  if (!tag) return FALLBACK;
  const normal = tag.split('.')[0]!.replace('_', '-');
  if (normal.toLowerCase() === PSEUDO.toLowerCase()) return PSEUDO;
  const primary = normal.split('-')[0]!.toLowerCase();
  return (LANGUAGES as readonly string[]).includes(primary) ? (primary as Language) : FALLBACK;
}

/** The language a locale is written in: the pseudo-locale's is English. */
export const languageOf = (l: Locale): Language => (l === PSEUDO ? FALLBACK : l);

/** The locale whose Intl rules (plurals, numbers, dates) a message is formatted by. */
export const intlLocale = (l: Locale): string => (l === PSEUDO ? FALLBACK : l);
