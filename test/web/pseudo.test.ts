import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Umpire } from '../../src/app/service/umpire.ts';
import { webServer } from '../../src/web/server.ts';
import { launchChromium } from '../support/browser.ts';
import { startTable, type Out } from '../support/table.ts';
import { linkOf, linkPaths } from '../support/web.ts';

/**
 * Issue 43: every page kind in Chromium in the pseudo-locale (`?lang=en-XA`): English accented,
 * bracketed and 30% longer, so a word the catalog did not give shows outside the brackets. What a
 * reader sees (the page's text, its title, every aria-label and alt) is read, the bracketed stripped,
 * and what is left must be one of EXCEPTIONS: what the bot did not write, or what no language words.
 */

let launched: Promise<Browser> | undefined;
const browser = () => (launched ??= launchChromium());
afterAll(async () => {
  await (await launched?.catch(() => undefined))?.close();
});

async function serve(app: Umpire) {
  const web = webServer({ app, base: 'http://localhost:8080' });
  const origin = await web.listen({ port: 0, host: '127.0.0.1' });
  onTestFinished(() => web.close());
  return origin;
}

/** What a reader of `page` is shown, all of it: the body's visible text, the title, every aria-label and alt. */
const shown = (page: Page): Promise<string> =>
  page.evaluate(() => {
    const attrs = [...document.querySelectorAll('[aria-label], img[alt]')].map((el) => el.getAttribute('aria-label') ?? el.getAttribute('alt') ?? '');
    return [document.title, document.body.innerText, ...attrs].join('\n');
  });

/** `text` with every bracketed stretch blanked, innermost first (a message may hold another's words); its lines stay where they were. */
function unbracketed(text: string): string {
  let s = text;
  for (let before = ''; before !== s; ) {
    before = s;
    s = s.replace(/\[[^[\]]*\]/g, (m) => m.replace(/[^\n]/g, ' '));
  }
  return s;
}

/**
 * What may show outside the brackets, each with why. `names` are the battle's and campaign's own
 * (what players typed or the rosters hold); the rest are read the same in every language.
 */
function exceptions(names: readonly string[]): [RegExp, string][] {
  const escaped = names.map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).sort((a, b) => b.length - a.length);
  return [
    [/\b\d{4}-\d\d-\d\d[T ][\d:.]+Z?( UTC)?/g, "a time, as the log records it (the page's script writes it in the reader's own zone)"],
    [/\b[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d\d\s?[AP]M\b/g, "a time in the reader's zone, written by the browser's Intl in the page's language (the pseudo-locale's is English's)"],
    [new RegExp(escaped.join('|'), 'g'), 'names of battles, campaigns, sides, commands and units, and what players typed: never translated'],
    [/\b(English|Français|Deutsch)\b/g, "the language switch names each language in its own words, so a reader finds theirs whatever the page's"],
    [/@[\w-]+|<@[\w-]+>/g, 'a user, as a mention'],
    [/\b[0-9a-f]{64}\b/g, 'a hash: the dice commitment'],
    [/\b[A-Z]+(-[A-Z]+)*-[0-9][0-9.]*[a-z]?\b|\b[A-Z]{2,}(-[A-Z]+)+\b/g, 'rule IDs (MED-FIRE.3): never translated'],
    [/\/[a-z]+( [a-z-]+)*( [a-z_-]+:)*/g, 'slash commands and their options: their names are the same in every language'],
    [/\bumpire verify\b/g, 'a command of the command line, as typed'],
    [/\b\d*d\d+([+-]\d+)?\b|d%/g, 'dice expressions'],
    [/\b[bc]\d+(-b\d+)?\b|\bl\d+\b/g, 'battle, campaign and link ids'],
    [/[\d.,:;%#–·/()«»"'?!+=×<>*[\]~…-]+/g, 'numbers and punctuation'],
  ];
}

/**
 * Lines other areas of issue 43 still write in English, each matched whole, with where it comes
 * from: the pages show them as those areas give them (a post, a log line, the report). Each goes
 * when its area's words move into the catalog; nothing else may show outside the brackets.
 */
const PENDING: [RegExp, string][] = [];

/** The lines of `text` with words outside brackets that no exception allows: each line, then those words. */
function unworded(text: string, names: readonly string[]): string[] {
  const lines = text.split('\n');
  let rest = unbracketed(text);
  for (const [re] of exceptions(names)) rest = rest.replace(re, (m) => m.replace(/[^\n]/g, ' '));
  return rest.split('\n').flatMap((l, i) => {
    const line = lines[i]!.trim();
    if (!l.trim() || PENDING.some(([re]) => re.test(line))) return [];
    return [`${line.slice(0, 160)}  <<${l.trim().split(/\s+/).join(' ')}>>`];
  });
}

/** Plain (unaccented) words of three letters or more inside brackets, names and exceptions aside: values a message was given in English. */
function englishInside(text: string, names: readonly string[]): string[] {
  let s = text;
  // All but the last exception (punctuation, brackets included).
  for (const [re] of exceptions(names).slice(0, -1)) s = s.replace(re, ' ');
  const inside = [...s.matchAll(/\[([^[\]]*)\]/g)].map((m) => m[1]!).join(' ');
  return [...new Set(inside.match(/(?<![\w\u00C0-\u024F])[A-Za-z]{3,}(?![\w\u00C0-\u024F])/g) ?? [])];
}

const ok = (out: Out[]) => {
  expect(out.filter((m) => m.error).map((m) => m.error)).toEqual([]);
  return out;
};

/** Two example battles: the percentage-dice one by its public link, the medieval one by a side's (its DMs, its sealed entries). */
const BATTLES = [
  { script: 'examples/short-battle.table', view: 'the public view', link: (out: Out[]) => linkOf(out, (m) => m.to === 'channel') },
  { script: 'examples/medieval-battle.table', view: "Tudor's view", link: (out: Out[]) => linkOf(out, (m) => m.to === 'dm' && m.user === 'alice') },
];

describe('issue 43 in Chromium: every page kind in the pseudo-locale', () => {
  it.each(BATTLES)("$script, $view: no page shows a word outside the pseudo-locale's brackets but names, numbers, rule IDs and what players typed", async ({ script, link }) => {
    const t = startTable();
    await t.run(readFileSync(script, 'utf8').split('\n'));
    const shared = ok(await t.run('@gm /battle share'));
    ok(await t.run('@gm /battle bookmark event:5 title:"The opening"'));
    if (!(await t.app.state('b1')).ended) ok(await t.run('@gm /battle end'));
    const campaign = ok(await t.run(['#campaign @gm /campaign create name:"Hundred Days"', '#campaign @gm /campaign share']));
    const s = await t.app.state('b1');
    // What players typed: the battle's names, and the words of its script's quoted values (reasons, titles, weather).
    const typed = [...readFileSync(script, 'utf8').matchAll(/:"([^"]+)"/g)].map((m) => m[1]!).filter((x) => /[A-Za-z]{3}/.test(x));
    const names = [s.name, ...Object.values(s.sides).map((x) => x.name), ...Object.values(s.commands).map((x) => x.name), ...Object.values(s.units).map((x) => x.name), 'The opening', 'Hundred Days', ...typed];

    const origin = await serve(t.app);
    const pub = link(shared);
    const camp = linkPaths(campaign).find((p) => p.startsWith('/c/'))!;
    const page = await (await browser()).newPage({ viewport: { width: 1280, height: 900 } });
    onTestFinished(() => page.close());

    /** Each page's lines with words outside the brackets: none but EXCEPTIONS and PENDING. */
    const found: Record<string, string[]> = {};
    const inside: Record<string, string> = {};
    const visit = async (path: string, status = 200, ready?: () => Promise<unknown>) => {
      const res = await page.goto(`${origin}${path}${path.includes('?') ? '&' : '?'}lang=en-XA`);
      expect(res?.status(), path).toBe(status);
      expect(await page.getAttribute('html', 'lang'), path).toBe('en-XA');
      await ready?.();
      const text = await shown(page);
      const words = unworded(text, names);
      if (words.length) found[path] = [...new Set(words)];
      for (const w of englishInside(text, names)) inside[w] ??= path;
    };
    // The timeline, read once its verifier has said its verdict; an event's step; the report; the lists; the home page; an error page.
    await visit(pub, 200, () => page.locator('#verify-result[data-status=ok]').waitFor());
    await visit(`${pub}/at/5`);
    await visit(`${pub}/at/${s.version}`);
    await visit(`${pub}/report`);
    await visit(`${pub}/channel`);
    await visit(camp);
    await visit('/');
    await visit(`${pub.slice(0, -4)}AAAA`, 404);
    // Not asserted: a value in English inside a message hides in its brackets (a rule system's or
    // phase's name, a report's unit of strength); said here for the areas that give those values.
    const leaked = Object.keys(inside);
    if (leaked.length) console.log(`English inside the brackets (values, not failures), ${leaked.length} words: ${leaked.slice(0, 40).join(' ')}${leaked.length > 40 ? ' …' : ''}`);
    expect(found).toEqual({});
  });
});

describe('issue 43 in Chromium: the language switch', () => {
  it('given a battle page, when a keyboard reader tabs to the switch and presses Enter on Français, then the same view opens in French, its links keeping lang=fr', async () => {
    const t = startTable();
    const shared = ok(await t.run(['@gm /battle create name:Ligny system:percentile', '@gm /side add name:North', '@gm /battle share']));
    const origin = await serve(t.app);
    const pub = linkOf(shared, (m) => m.to === 'channel');
    const last = await t.store.version('b1');
    const page = await (await browser()).newPage({ viewport: { width: 375, height: 800 } });
    onTestFinished(() => page.close());
    await page.goto(`${origin}${pub}`);
    // The switch comes first in the page: a labelled navigation of links, the page's own marked.
    const nav = page.getByRole('navigation', { name: 'Language' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['English', 'Français', 'Deutsch']);
    expect(await nav.locator('[aria-current]').textContent()).toBe('English');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Français');
    await page.keyboard.press('Enter');
    await page.waitForURL(`${origin}${pub}?lang=fr`);
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.getByRole('navigation', { name: 'Langue' }).locator('[aria-current]').textContent()).toBe('Français');
    // The same view: its token kept; the tabs keep the language.
    expect(await page.locator('nav.tabs a').evaluateAll((as) => as.map((a) => a.getAttribute('href')))).toEqual(
      [`${pub}?lang=fr#timeline`, `${pub}/at/${last}?lang=fr`, `${pub}/report?lang=fr`, `${pub}?lang=fr#verify`, `${pub}/channel?lang=fr`],
    );
  });
});
