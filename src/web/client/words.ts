import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import type { VerifyPhrase } from '../verify-export.ts';

/** The messages a page hands its script, parsed, in the page's language (pages.ts, verifyTexts): by key. */
export type PageTexts = Readonly<Record<string, MessageFormatElement[]>>;

/**
 * The words of phrases in the page's language, in the browser, which has no catalog: the messages
 * the page was given, formatted by `locale`'s Intl rules as the server's catalog formats them.
 */
export function wordsOf(texts: PageTexts, locale: string): (p: VerifyPhrase | string) => string {
  const made = new Map<string, IntlMessageFormat>();
  const word = (p: VerifyPhrase | string): string => {
    if (typeof p === 'string') return p;
    let f = made.get(p.key);
    if (!f) made.set(p.key, (f = new IntlMessageFormat(texts[p.key] ?? p.key, locale, undefined, { ignoreTag: true })));
    const values = Object.fromEntries(Object.entries(p.values ?? {}).map(([k, v]) => [k, typeof v === 'object' ? word(v) : v]));
    return String(f.format(values));
  };
  return word;
}
