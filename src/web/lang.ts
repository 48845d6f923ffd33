import { FALLBACK, isLocale, LANGUAGES, localeOf, PSEUDO, type Language, type Locale } from '../i18n/locales.ts';

/**
 * The language of a page (issue 43): `?lang=` in its address, else its battle's or campaign's,
 * else the reader's browser's (Accept-Language), else English. `lang` is presentation only: it
 * changes the words, never what a link's audience may see.
 */

/** Each language by its own name, as its reader looks for it in the switch: the same in every page's language. */
export const OWN_NAMES: Readonly<Record<Language, string>> = { en: 'English', fr: 'Français', de: 'Deutsch' };

/**
 * The locale `?lang=` names (`en`, `fr`, `de`, or the pseudo-locale `en-XA`, any case); anything
 * else, two of them or none is no choice, and the page falls back as if it had none.
 */
export function askedLocale(raw: unknown): Locale | undefined {
  if (typeof raw !== 'string') return undefined;
  const l = raw.toLowerCase() === PSEUDO.toLowerCase() ? PSEUDO : raw.toLowerCase();
  return isLocale(l) ? l : undefined;
}

/**
 * The language a browser asks for first that we have (Accept-Language: `fr-CH, fr;q=0.9, en;q=0.8`),
 * by its quality then its order; none when it names none of ours (or nothing).
 */
export function acceptedLocale(header: string | undefined): Language | undefined {
  if (!header) return undefined;
  const asked = header
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.split(';').map((p) => p.trim());
      const q = params.find((p) => p.startsWith('q='));
      return { tag, q: q ? Number(q.slice(2)) : 1, i };
    })
    .filter((x) => x.tag && x.tag !== '*' && x.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i);
  for (const { tag } of asked) {
    const primary = tag.split(/[-_]/)[0]!.toLowerCase();
    if ((LANGUAGES as readonly string[]).includes(primary)) return localeOf(primary) as Language;
  }
  return undefined;
}

/** A page's locale: the address's choice, else its battle's (campaign's) language, else the browser's, else English. */
export const pageLocale = (asked: Locale | undefined, own: Language | undefined, header: string | undefined): Locale => asked ?? own ?? acceptedLocale(header) ?? FALLBACK;

/** `path` keeping the language the address chose: `?lang=` (or `&lang=`) before any fragment; as it is when none was chosen. */
export function withLang(path: string, lang: Locale | undefined): string {
  if (!lang) return path;
  const hash = path.indexOf('#');
  const [p, fragment] = hash < 0 ? [path, ''] : [path.slice(0, hash), path.slice(hash)];
  return `${p}${p.includes('?') ? '&' : '?'}lang=${encodeURIComponent(lang)}${fragment}`;
}
