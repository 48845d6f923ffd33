import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { installMessages, literal, messages, parseMessage, t } from '../../src/i18n/catalog.ts';
import { LANGUAGES, localeOf, PSEUDO, TRANSLATED } from '../../src/i18n/locales.ts';
import { shipped, word } from '../../src/i18n/text.ts';

/**
 * Issue 43: the message catalog. Every language has English's keys, and each message English's
 * placeholders, of the same kinds; a key a language lacks reads in English, never as its name; the
 * pseudo-locale brackets every message and keeps its placeholders.
 */

/** A message's placeholders, as `name:kind` (argument, number, date, time, plural, select), sorted. */
function placeholders(els: readonly MessageFormatElement[], into = new Set<string>()): string[] {
  for (const el of els) {
    if (el.type === TYPE.literal || el.type === TYPE.pound) continue;
    into.add(`${el.value}:${TYPE[el.type]}`);
    if (el.type === TYPE.plural || el.type === TYPE.select) for (const o of Object.values(el.options)) placeholders(o.value, into);
    if (el.type === TYPE.tag) placeholders(el.children, into);
  }
  return [...into].sort();
}

/** Every `say('<key>'` the sources write, with where: a key English lacks would throw when worded. */
function keysSaid(): { key: string; at: string }[] {
  const out: { key: string; at: string }[] = [];
  for (const file of readdirSync('src', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'))) {
    const text = readFileSync(join('src', file), 'utf8');
    for (const m of text.matchAll(/\bsay\(\s*'([^']+)'/g)) out.push({ key: m[1]!, at: `src/${file}` });
  }
  return out;
}

describe('the catalogs (issue 43)', () => {
  it('every key the sources say has an English message', () => {
    const said = keysSaid();
    expect(said.length).toBeGreaterThan(0);
    const en = messages('en');
    expect(said.filter(({ key }) => !en.has(key)).map(({ key, at }) => `${at}: ${key}`)).toEqual([]);
  });

  it('every message of every language parses as ICU MessageFormat', () => {
    const bad: string[] = [];
    for (const l of LANGUAGES) {
      for (const [key, text] of messages(l)) {
        try {
          parseMessage(text);
        } catch (err) {
          bad.push(`${l} ${key}: ${(err as Error).message}`);
        }
      }
    }
    expect(bad).toEqual([]);
  });

  it.each(TRANSLATED)('%s has exactly English keys', (l) => {
    const en = [...messages('en').keys()];
    const own = new Set(messages(l).keys());
    expect({ missing: en.filter((k) => !own.has(k)), extra: [...own].filter((k) => !messages('en').has(k)) }).toEqual({ missing: [], extra: [] });
  });

  it.each(TRANSLATED)("each %s message has English's placeholders, of the same kinds", (l) => {
    const differ = [...messages(l)].filter(([key, text]) => messages('en').has(key) && placeholders(parseMessage(text)).join() !== placeholders(parseMessage(messages('en').get(key)!)).join());
    expect(differ.map(([key]) => key)).toEqual([]);
  });

  it('the placeholder comparison sees a renamed placeholder and a plural turned into a plain value', () => {
    expect(placeholders(parseMessage('{n, plural, one {# unit of {side}} other {# units}}'))).toEqual(['n:plural', 'side:argument']);
    expect(placeholders(parseMessage('{n} unités de {camp}'))).toEqual(['camp:argument', 'n:argument']);
    expect(placeholders(parseMessage('le {at, date, short} à {at, time, short}'))).toEqual(['at:date', 'at:time']);
  });
});

describe('t: a message in the reader\'s language (issue 43)', () => {
  afterEach(() => installMessages('test', {}));
  const fixture = () =>
    installMessages('test', {
      en: { 'test.losses': '{unit} lost {n, plural, one {# figure} other {# figures}} at {at, time, short}', 'test.only.english': "Oxford's Archers stand", 'test.kept': 'A test each phase (MED-MORALE.3, NIGHT-18.24.a): /morale test unit:' },
      fr: { 'test.losses': '{unit} a perdu {n, plural, one {# figurine} other {# figurines}} à {at, time, short}' },
      de: { 'test.losses': '{unit} verlor {n, plural, one {# Figur} other {# Figuren}} um {at, time, short}' },
    });
  const at = new Date(Date.UTC(2026, 0, 5, 14, 30));

  it('plurals and numbers by each language\'s rules; what a player named is put in as it is', () => {
    fixture();
    expect(t('en', 'test.losses' as never, { unit: 'Landsknecht Pikes', n: 1, at })).toMatch(/^Landsknecht Pikes lost 1 figure at /);
    expect(t('fr', 'test.losses' as never, { unit: 'Landsknecht Pikes', n: 1234, at })).toMatch(/^Landsknecht Pikes a perdu 1\u202f234 figurines à /);
    expect(t('de', 'test.losses' as never, { unit: 'Landsknecht Pikes', n: 0, at })).toMatch(/^Landsknecht Pikes verlor 0 Figuren um /);
  });

  it('a key French lacks reads in English, never as the key; a key English lacks is a bug and throws', () => {
    fixture();
    expect(t('fr', 'test.only.english' as never)).toBe("Oxford's Archers stand");
    expect(() => t('fr', 'test.nowhere' as never)).toThrow('no message test.nowhere in the English catalog');
  });

  it('the pseudo-locale: accented, bracketed, about 30% longer, its placeholders and plurals kept', () => {
    fixture();
    const out = t(PSEUDO, 'test.losses' as never, { unit: 'Landsknecht Pikes', n: 2, at });
    expect(out).toMatch(/^\[Landsknecht Pikes ļóóšţ~ 2 ƒííĝúúŕééš ááţ \d.+\]$/);
    const english = t(PSEUDO, 'test.only.english' as never);
    expect(english).toBe("[ÓÓẋƒóóŕð'š ÁÁŕçĥééŕš šţááñð~]");
    expect(english.length - 2).toBeGreaterThanOrEqual("Oxford's Archers stand".length * 1.25);
    // What is never translated is kept as written: rule IDs, a command's name, an option's.
    expect(t(PSEUDO, 'test.kept' as never)).toBe('[ÁÁ ţééšţ ééááçĥ þĥáášéé (MED-MORALE.3, NIGHT-18.24.a): /morale ţéšţ unit:]');
  });

  it('every message of the catalog is bracketed in the pseudo-locale, its placeholders as English has them', () => {
    for (const [key, text] of messages('en')) {
      const values = Object.fromEntries(placeholders(parseMessage(text)).map((p) => [p.split(':')[0]!, p.endsWith(':argument') || p.endsWith(':select') ? 'X' : 1]));
      const out = t(PSEUDO, key as never, values);
      expect(out, key).toMatch(/^\[[^]*\]$/);
    }
  });

  it("a text the rules' data carries is worded by its key while the catalog's English is that text; a house-ruled or unknown one is shown as written", () => {
    installMessages('test', { en: { 'test.pack.row': literal("Firing at the enemy's {flank}") }, fr: { 'test.pack.row': "Tir sur le '{flank}' de l'ennemi" } });
    const ours = shipped('test.pack.row', "Firing at the enemy's {flank}");
    expect(word(ours, 'fr')).toBe("Tir sur le {flank} de l'ennemi");
    expect(word(ours, 'en')).toBe("Firing at the enemy's {flank}");
    expect(shipped('test.pack.row', 'Firing at the flank')).toBe('Firing at the flank');
    expect(shipped('test.pack.nowhere', 'Firing')).toBe('Firing');
  });

  it('a plain text installed as a message reads back exactly, braces and apostrophes and all', () => {
    for (const s of ["It's {x} l'unité '' # a", "a '{b}' c", 'd{e}}', "don't"]) {
      installMessages('test', { en: { 'test.plain': literal(s) } });
      expect(t('en', 'test.plain' as never)).toBe(s);
    }
  });
});

describe("a reader's locale (issue 43)", () => {
  it('from Discord, BCP 47 or LANG: French and German by their language, en-XA the pseudo-locale, anything else English', () => {
    const cases: [string | undefined, string][] = [
      ['fr', 'fr'], ['de', 'de'], ['en-US', 'en'], ['en-GB', 'en'], ['es-ES', 'en'], ['pt-BR', 'en'], ['de-AT', 'de'],
      ['fr_FR.UTF-8', 'fr'], ['de_CH.utf8', 'de'], ['C', 'en'], ['', 'en'], [undefined, 'en'], ['en-XA', PSEUDO], ['en_XA', PSEUDO],
    ];
    expect(cases.map(([tag]) => localeOf(tag))).toEqual(cases.map(([, l]) => l));
  });
});
