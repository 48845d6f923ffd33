import { describe, expect, it } from 'vitest';
import { acceptedLocale, askedLocale, withLang } from '../../src/web/lang.ts';
import { startTable } from '../support/table.ts';
import { linkOf, linkPaths, pages } from '../support/web.ts';

/**
 * Issue 43: a page in its view's language, switchable. The language of a page is `?lang=` in its
 * address, else its battle's (campaign's), else the browser's Accept-Language, else English; `lang`
 * words the page and never changes what its link's audience sees.
 */

const htmlLang = (html: string) => html.match(/<html lang="([^"]+)">/)?.[1];
const tabs = (html: string) => [...(html.match(/<nav class="tabs">([\s\S]*?)<\/nav>/)?.[1] ?? '').matchAll(/<a href="([^"]+)">([^<]+)<\/a>/g)].map((m) => [m[1]!, m[2]!]);
/** The language switch's links: [language, href, current]. */
const switcher = (html: string) =>
  [...(html.match(/<nav class="lang" aria-label="([^"]+)">([\s\S]*?)<\/nav>/)?.[2] ?? '').matchAll(/<a href="([^"]+)" lang="([^"]+)" hreflang="[^"]+"( aria-current="true")?>/g)].map((m) => [m[2]!, m[1]!, Boolean(m[3])]);
/** Every link of a page's own (`/b/…`, `/c/…` or a battle's address), the switch's left out. */
const ownLinks = (html: string) =>
  [...html.replace(/<nav class="lang"[\s\S]*?<\/nav>/, '').matchAll(/href="([^"#][^"]*)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')).filter((h) => /\/[bc]\//.test(h) && !/\.(svg|json)$/.test(h));

/** A French battle, shared: its public link and North's (a side's) link. */
async function frenchBattle() {
  const t = startTable();
  const shared = await t.run([
    '@gm /battle create name:Bataille system:percentile language:fr',
    '@gm /side add name:North',
    '@gm /side add name:South',
    '@gm /command add name:C1 side:North',
    '@gm /command add name:C3 side:South',
    '@gm /command assign command:C1 user:alice',
    '@gm /command assign command:C3 user:bob',
    '@gm /battle share',
  ]);
  await t.run(['@gm /ballot open question:"Where?" options:"LeftX,RightY"', '@alice /ballot vote ballot:v1 command:C1 choice:LeftX']);
  const pub = linkOf(shared, (m) => m.to === 'channel');
  const north = linkOf(shared, (m) => m.to === 'dm' && m.user === 'alice');
  return { t, pub, north, get: pages(t.app).get, inject: pages(t.app).web };
}

describe('the language of a page (issue 43)', () => {
  it("given a battle created in French, when its page is opened with no lang, then it is in French: <html lang>, tabs and switch", async () => {
    const { pub, get } = await frenchBattle();
    const html = (await get(pub)).body;
    expect(htmlLang(html)).toBe('fr');
    expect(tabs(html).map(([, text]) => text)).toContain('Chronologie');
    // The switch names each language in its own words, links the same address, and marks the page's.
    expect(switcher(html)).toEqual([
      ['en', `${pub}?lang=en`, false],
      ['fr', `${pub}?lang=fr`, true],
      ['de', `${pub}?lang=de`, false],
    ]);
    expect(html).toContain('<nav class="lang" aria-label="Langue">');
    // The page's default language is not written into its links.
    expect(ownLinks(html).filter((h) => h.includes('lang='))).toEqual([]);
  });

  it("given the French battle, when the address says ?lang=de, then the address wins, and every link of the page keeps lang=de", async () => {
    const { pub, get } = await frenchBattle();
    for (const path of ['', '/report', '/at/3', '/channel']) {
      const html = (await get(`${pub}${path}?lang=de`)).body;
      expect(htmlLang(html), path).toBe('de');
      expect(html, path).toContain('<nav class="lang" aria-label="Sprache">');
      const links = ownLinks(html);
      expect(links.length, path).toBeGreaterThan(0);
      expect(links.filter((h) => !/[?&]lang=de(#|$)/.test(h)), path).toEqual([]);
    }
    expect(tabs((await get(`${pub}?lang=de`)).body).map(([, text]) => text)).toContain('Zeitleiste');
    // The slider's form carries the language, and its answer keeps it.
    expect((await get(`${pub}/at/3?lang=de`)).body).toContain('<input type="hidden" name="lang" value="de">');
    const slid = await get(`${pub}/at?v=2&lang=de`);
    expect(slid.statusCode).toBe(302);
    expect(slid.headers.location).toBe(`${pub}/at/2?lang=de`);
  });

  it("given an English battle, when the browser asks for French, then the battle's language wins; a page of no battle follows the browser", async () => {
    const t = startTable();
    const shared = await t.run(['@gm /battle create name:Plain system:percentile', '@gm /battle share']);
    const { web } = pages(t.app);
    const get = (url: string, lang: string) => web.inject({ method: 'GET', url, headers: { 'accept-language': lang } });
    const pub = linkOf(shared, (m) => m.to === 'channel');
    expect(htmlLang((await get(pub, 'fr-CH, fr;q=0.9')).body)).toBe('en');
    expect(htmlLang((await get('/', 'es, de;q=0.8, fr;q=0.5')).body)).toBe('de');
    expect((await get('/', 'es, de;q=0.8, fr;q=0.5')).body).toContain('Umpires Schlachtseiten');
    expect(htmlLang((await get('/', 'es, pt')).body)).toBe('en');
    expect(htmlLang((await get('/?lang=fr', 'de')).body)).toBe('fr');
  });

  it('given a wrong token for a French battle, when it is opened, then the 404 is in the browser\'s language, never the battle\'s: it tells nothing of the battle', async () => {
    const { pub, inject } = await frenchBattle();
    const wrong = pub.replace(/.{4}$/, 'AAAA');
    const res = await inject.inject({ method: 'GET', url: wrong, headers: { 'accept-language': 'de' } });
    expect(res.statusCode).toBe(404);
    expect(htmlLang(res.body)).toBe('de');
    expect(res.body).toContain('Nicht gefunden');
    const plain = await inject.inject({ method: 'GET', url: wrong });
    expect(htmlLang(plain.body)).toBe('en');
  });

  it('given an unknown, repeated or empty lang, when the page is opened, then it falls back (no error page)', async () => {
    const { pub, get } = await frenchBattle();
    for (const q of ['?lang=es', '?lang=', '?lang=fr&lang=de', '?lang=%00', '?lang=EN']) {
      const res = await get(`${pub}${q}`);
      expect(res.statusCode, q).toBe(200);
      expect(htmlLang(res.body), q).toBe(q === '?lang=EN' ? 'en' : 'fr');
    }
    // The pseudo-locale is a language the address may ask for; another query is still not ours.
    expect(htmlLang((await get(`${pub}?lang=en-XA`)).body)).toBe('en-XA');
    expect((await get(`${pub}?lang=fr&x=1`)).statusCode).toBe(400);
  });

  it("given a side's link, when its page is switched to another language, then it shows the same entries, sealed the same, and the same export", async () => {
    const { pub, north, get } = await frenchBattle();
    const shape = (html: string) => [...html.matchAll(/<li id="e(\d+)"><div class="head">(?:<a[^>]*>\d+\.<\/a>)(<span class="meta withheld">)?/g)].map((m) => `${m[1]}${m[2] ? ' sealed' : ''}`);
    for (const link of [pub, north]) {
      const base = (await get(link)).body;
      expect(shape(base).some((x) => x.endsWith('sealed')), link).toBe(true);
      for (const lang of ['en', 'de', 'en-XA']) {
        const switched = (await get(`${link}?lang=${lang}`)).body;
        expect(shape(switched), `${link} ${lang}`).toEqual(shape(base));
        // The vote stays secret in every language; the side's DMs are its own in every language.
        expect(switched).not.toContain('LeftX</');
        expect(switched.includes('class="post dm"'), `${link} ${lang}`).toBe(base.includes('class="post dm"'));
      }
      expect((await get(`${link}/export.json?lang=de`)).body).toBe((await get(`${link}/export.json`)).body);
    }
    // An address with its slashes doubled is the same page; its switch links the page's own address, on this host.
    expect(switcher((await get(`/${north}//`)).body).map(([, href]) => href)).toEqual(['en', 'fr', 'de'].map((l) => `${north}?lang=${l}`));
    // The switch links the page's own address: the link's token, so its audience, is kept.
    for (const [, href] of switcher((await get(north)).body)) expect((href as string).split('?')[0]).toBe(north);
  });

  it("given a campaign created in German, when its page is opened, then it is in German, and ?lang=en switches it", async () => {
    const t = startTable();
    const out = await t.run(['#campaign @gm /campaign create name:Feldzug language:de', '#campaign @gm /campaign share']);
    const link = linkPaths(out).find((p) => p.startsWith('/c/'))!;
    const { get } = pages(t.app);
    const html = (await get(link)).body;
    expect(htmlLang(html)).toBe('de');
    expect(html).toContain('Feldzug: ihre Schlachten');
    expect(switcher(html).map(([l, , current]) => `${l}${current ? '*' : ''}`)).toEqual(['en', 'fr', 'de*']);
    expect(htmlLang((await get(`${link}?lang=en`)).body)).toBe('en');
  });
});

describe('reading a lang (issue 43)', () => {
  it('the address names one of ours, in any case, or none', () => {
    expect([askedLocale('fr'), askedLocale('DE'), askedLocale('en-xa'), askedLocale('es'), askedLocale(['fr']), askedLocale(undefined)]).toEqual(['fr', 'de', 'en-XA', undefined, undefined, undefined]);
  });
  it("the browser's first language we have, by quality then order", () => {
    expect(acceptedLocale('fr-CH, fr;q=0.9, en;q=0.8, de;q=0.7, *;q=0.5')).toBe('fr');
    expect(acceptedLocale('en;q=0.5, de')).toBe('de');
    expect(acceptedLocale('es, *')).toBeUndefined();
    expect(acceptedLocale('fr;q=0, de;q=0.1')).toBe('de');
    expect(acceptedLocale(undefined)).toBeUndefined();
  });
  it('a link keeps the chosen language before its fragment', () => {
    expect(withLang('/b/b1/t/timeline/2#e1020', 'fr')).toBe('/b/b1/t/timeline/2?lang=fr#e1020');
    expect(withLang('/b/b1/t/at?v=2', 'de')).toBe('/b/b1/t/at?v=2&lang=de');
    expect(withLang('/b/b1/t', undefined)).toBe('/b/b1/t');
  });
});
