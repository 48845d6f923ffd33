import { mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import axe from 'axe-core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import type { Umpire } from '../../src/app/service/umpire.ts';
import type { LoggedEvent } from '../../src/battle/events.ts';
import { getRuleSystem } from '../../src/battle/registry.ts';
import type { ViewExport } from '../../src/web/verify-export.ts';
import { webServer } from '../../src/web/server.ts';
import { launchChromium } from '../support/browser.ts';
import { startTable, type Out } from '../support/table.ts';
import { secretsBattle } from '../support/secrets.ts';
import { linkOf } from '../support/web.ts';

/**
 * Issue 30 in a real browser: Debian's Chromium, headless, opens the battle pages a local table
 * shared, runs their scripts (the slider, the in-page verifier) and loads their chart. One browser
 * for the file, one page a test; screenshots of each system's pages go to SCREENSHOT_DIR, and of
 * every page kind at 375 px wide (`<name>-375.png`, issue 42).
 */

const SHOTS = process.env.SCREENSHOT_DIR || join(tmpdir(), 'umpire-screenshots');
/** A stack frame naming a source file: no page may show one. */
const STACK = /\bat\s[^<\n]*?[\\/][^\s<]*\.[cm]?[jt]sx?:\d+/;

/** One browser for the file, launched by the first test: without Chromium each test fails saying so (a failing hook would only skip them). */
let launched: Promise<Browser> | undefined;
const browser = () => (launched ??= launchChromium());

beforeAll(() => {
  mkdirSync(SHOTS, { recursive: true });
  console.log(`Browser test screenshots: ${SHOTS}`);
});

afterAll(async () => {
  await (await launched?.catch(() => undefined))?.close();
});

/** The pages of `app` on a free loopback port, closed with the test. */
async function serve(app: Umpire) {
  const web = webServer({ app, base: 'http://localhost:8080' });
  const origin = await web.listen({ port: 0, host: '127.0.0.1' });
  onTestFinished(() => web.close());
  /** A link as the table printed it, on this server. */
  const local = (printed: string) => origin + new URL(printed).pathname;
  return { origin, local };
}

/** A browser page for one test, recording the script errors and failed loads of everything it opens. */
async function newPage(o: { width?: number; bypassCSP?: boolean } = {}) {
  const page = await (await browser()).newPage({ viewport: { width: o.width ?? 1280, height: 900 }, bypassCSP: o.bypassCSP ?? false });
  onTestFinished(() => page.close());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`script error: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()} (${page.url()})`);
  });
  return { page, errors };
}

/** Opens `url`, expecting `status`; no page shows a stack trace. */
async function visit(page: Page, url: string, status = 200): Promise<string> {
  const res = await page.goto(url);
  expect(res?.status(), url).toBe(status);
  const html = await page.content();
  expect(html, url).not.toMatch(STACK);
  return html;
}

/** The in-page verifier's verdict, once it has one. */
async function verdict(page: Page) {
  const result = page.locator('#verify-result[data-status]');
  await result.waitFor();
  return { status: await result.getAttribute('data-status'), text: (await result.textContent()) ?? '' };
}

const timelineEntries = (page: Page) => page.locator('#timeline ol.timeline > li');
const heading = async (page: Page) => (await page.locator('#step h2').textContent()) ?? '';

/** Waits for the state page of event `n` (after a click, a key or the slider) and checks its heading. */
async function atEvent(page: Page, base: string, n: number) {
  await page.waitForURL(`${base}/at/${n}`);
  expect(await heading(page)).toMatch(new RegExp(`^Event ${n}: `));
  expect(await page.content()).not.toMatch(STACK);
}

/** A full-page screenshot with every timeline entry drawn (the page draws those off screen only as they scroll in: content-visibility). */
async function screenshot(page: Page, name: string) {
  await page.addStyleTag({ content: 'ol.timeline>li{content-visibility:visible}' });
  await page.screenshot({ path: join(SHOTS, `${name}.png`), fullPage: true });
}

/** The rolls umpire verify re-derives: every die of every event that records dice. */
const rollsOf = (log: readonly LoggedEvent[]) => log.reduce((n, e) => n + ((e.event.data as { dice?: { rolls: unknown[] } }).dice?.rolls.length ?? 0), 0);

const ok = (out: Out[]) => {
  expect(out.filter((m) => m.error).map((m) => m.error)).toEqual([]);
  return out;
};

/** The links a share printed: the public one from the channel, a side's from its players' DMs, the spectator's from the GM's reply. */
function links(out: Out[]) {
  const find = (m: Out | undefined, re: RegExp) => m?.text.match(re)?.[1];
  const publicUrl = find(
    out.find((m) => m.to === 'channel'),
    /Battle page \(public view[^)]*\): (\S+)/,
  );
  expect(publicUrl, 'the public link posted in the channel').toBeDefined();
  return {
    public: publicUrl!,
    dm: (user: string) => find(out.find((m) => m.to === 'dm' && m.user === user), /keep it to your side: (\S+)/)!,
    spectator: () => find(out.find((m) => m.to === 'reply'), /Spectator view, \d+ turns? behind: (\S+?);/)!,
  };
}

const SYSTEMS = [
  { system: 'percentile', script: 'examples/short-battle.table' },
  { system: 'brigade', script: 'examples/brigade.table' },
  { system: 'medieval', script: 'examples/medieval-battle.table' },
  { system: 'charge', script: 'examples/charge.table' },
];

describe('issue 30 in Chromium: each system\'s example battle, shared, in the browser', () => {
  it.each(SYSTEMS)('$system ($script): timeline, verification, bookmark, steps, slider, units and report', async ({ system, script }) => {
    const t = startTable();
    await t.run(readFileSync(script, 'utf8').split('\n'));
    const mid = Math.floor((await t.app.log('b1')).length / 2);
    const shared = ok(await t.run('@gm /battle share'));
    ok(await t.run(`@gm /battle bookmark event:${mid} title:"The middle of it"`));
    if (!(await t.app.state('b1')).ended) ok(await t.run('@gm /battle end'));
    const log = await t.app.log('b1');
    const state = await t.app.state('b1');
    expect(state.system).toBe(system);
    const rolls = rollsOf(log);
    expect(rolls, 'the example rolls dice').toBeGreaterThan(0);

    const { local } = await serve(t.app);
    const base = local(links(shared).public);
    const { page, errors } = await newPage();

    // The timeline: one entry an event, numbered as the log is; the check passes in the page.
    await visit(page, base);
    expect(await timelineEntries(page).count()).toBe(log.length);
    expect(await timelineEntries(page).evaluateAll((li) => li.map((x) => x.id))).toEqual(log.map((e) => `e${e.version}`));
    const v = await verdict(page);
    expect(v.status).toBe('ok');
    expect(v.text).toBe(`Chain verified: ${log.length} events; ${rolls} roll${rolls === 1 ? '' : 's'} re-derived from the published seed.`);
    await screenshot(page, `${system}-timeline`);

    // The bookmark opens its event's state page; Next, Previous, the slider and the arrow keys step from there.
    await page.locator('#bookmarks a', { hasText: 'The middle of it' }).click();
    await atEvent(page, base, mid);
    expect(await page.locator('#step .bookmark').textContent()).toBe('The middle of it');
    await page.locator('a[rel=next]').click();
    await atEvent(page, base, mid + 1);
    await page.locator('a[rel=prev]').click();
    await atEvent(page, base, mid);
    await page.locator('form.steps input[type=range]').fill(String(mid + 3));
    await atEvent(page, base, mid + 3);
    expect(await page.locator('form.steps output').textContent()).toBe(`${mid + 3} / ${log.length}`);
    await page.keyboard.press('ArrowRight');
    await atEvent(page, base, mid + 4);
    await page.keyboard.press('ArrowLeft');
    await atEvent(page, base, mid + 3);
    await screenshot(page, `${system}-state`);

    // The last event's page lists every unit of the battle.
    await page.locator('a[rel=last]').click();
    await atEvent(page, base, log.length);
    expect(await page.locator('a[rel=next]').count()).toBe(0);
    const units = await page.locator('#units tbody tr td:nth-child(3)').allTextContents();
    expect(units.sort()).toEqual(Object.values(state.units).map((u) => u.name).sort());
    await page.keyboard.press('Home');
    await atEvent(page, base, 1);
    expect(await page.locator('a[rel=prev]').count()).toBe(0);

    // The report, with its chart drawn: each of the four rule systems reports strength.
    expect(getRuleSystem(system).report).toBeDefined();
    await visit(page, `${base}/report`);
    expect(await page.locator('#report').textContent()).toContain('Units (');
    await page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img.chart');
      return img?.complete && img.naturalWidth > 0;
    });
    await screenshot(page, `${system}-report`);

    expect(errors).toEqual([]);
  });
});

describe('issue 30 in Chromium: who sees what', () => {
  const SETUP = secretsBattle({ C1: 'alice', C3: 'bob' });
  // Nobody plays C2 or C4: the ballot stays open until the GM reveals it.
  const PROMPT = /<LeftFlankX\|RightFlankY>/g;

  it("before the reveal the channel's page shows no vote nor secret roll, each side's its own; after it, both; a spectator lags a turn", async () => {
    const t = startTable();
    await t.run(SETUP);
    const link = links(ok(await t.run('@gm /battle share spectator-lag:1')));
    ok(await t.run('@gm /ballot open question:"Which flank?" options:"LeftFlankX,RightFlankY"'));
    ok(await t.run(['@alice /ballot vote ballot:v1 choice:LeftFlankX', '@bob /ballot vote ballot:v1 choice:RightFlankY']));
    const rolled = ok(await t.run('@alice /roll 1d6 secret:true reason:"hidden"'));
    const result = rolled.find((m) => m.to === 'dm' && m.user === 'alice')!.text.match(/1d6: \[\d\] = \d/)![0];
    const { local } = await serve(t.app);
    const pub = local(link.public);
    const north = local(link.dm('alice'));
    const south = local(link.dm('bob'));
    const { page, errors } = await newPage();
    const text = async (url: string) => {
      await visit(page, url);
      return (await page.locator('main').textContent()) ?? '';
    };
    const exported = async (url: string) => {
      const res = await page.request.get(`${url}/export.json`);
      expect(res.status()).toBe(200);
      return (await res.json()) as ViewExport;
    };
    const log = await t.app.log('b1');
    const voteOf = (voter: string) => log.find((e) => e.event.type === 'VoteCast' && e.event.data.voter === voter)!.version;
    const roll = log.find((e) => e.event.type === 'DiceRolled')!.version;

    // The channel's view: neither choice, nor the secret die, in the page or its export.
    const publicHtml = await visit(page, pub);
    for (const choice of ['LeftFlankX', 'RightFlankY', result]) expect(publicHtml).not.toContain(choice);
    const publicExport = await exported(pub);
    // The ballot's own list of options is open; no other event carries a choice.
    expect(publicExport.events.flatMap((e) => ('data' in e && /LeftFlankX|RightFlankY/.test(e.data) ? [e.type] : []))).toEqual(['BallotOpened']);
    expect(publicExport.events.filter((e) => 'withheld' in e).map((e) => e.version)).toEqual([voteOf('c1'), voteOf('c3'), roll].sort((a, b) => a - b));
    // The timeline says which entries keep their contents back.
    expect(await page.locator('#timeline li:has(.withheld) .head > a.v').allTextContents()).toEqual([voteOf('c1'), voteOf('c3'), roll].sort((a, b) => a - b).map((x) => `${x}.`));
    // The seed is not published yet: the chain is checked, the withheld events named, the dice not.
    let v = await verdict(page);
    expect(v.status).toBe('skipped');
    expect(v.text).toBe(`Chain verified: ${log.length} events, 3 withheld from this view (sealed: secret until revealed); dice not checked: the seed is not published yet.`);
    await screenshot(page, 'views-public-before-reveal');

    // Each side's view, before the reveal: no vote, its own side's neither (a side's link is shared by
    // all its players, and a vote, or a change of it, is its voter's alone until then); a secret roll
    // is the roller's and the GMs' alone, its side's page included.
    const northText = (await text(north)).replace(PROMPT, '');
    expect(northText).not.toContain(result);
    for (const choice of ['LeftFlankX', 'RightFlankY']) expect(northText).not.toContain(choice);
    expect(await page.locator(`#e${voteOf('c3')}`).textContent()).not.toMatch(/LeftFlankX|RightFlankY/);
    v = await verdict(page);
    expect(v.text).toMatch(/^Chain verified: \d+ events, 3 withheld from this view/);
    const southText = (await text(south)).replace(PROMPT, '');
    for (const choice of ['LeftFlankX', 'RightFlankY']) expect(southText).not.toContain(choice);
    expect(southText).not.toContain(result);
    for (const url of [south, north]) expect((await exported(url)).events.find((e) => e.version === voteOf('c1'))).toEqual({ version: voteOf('c1'), seal: expect.stringMatching(/^[0-9a-f]{64}$/), hash: expect.stringMatching(/^[0-9a-f]{64}$/), withheld: true });

    // The reveal: the channel's page and the other side's show every choice, and the die.
    ok(await t.run(['@gm /ballot reveal ballot:v1', '@alice /reveal roll:1']));
    for (const url of [pub, south, north]) {
      const shown = await text(url);
      expect(shown).toMatch(/C1\W+LeftFlankX/);
      expect(shown).toMatch(/C3\W+RightFlankY/);
      expect(shown).toContain(result);
      v = await verdict(page);
      expect(v.text).toMatch(/^Chain verified: \d+ events; dice not checked/);
    }
    expect((await exported(pub)).events.filter((e) => 'withheld' in e)).toEqual([]);

    // A spectator a turn behind: the next turn's entries are not on its page yet.
    ok(await t.run('@gm /turn next'));
    const now = await t.app.log('b1');
    const turn2 = now.find((e) => e.event.type === 'PhaseAdvanced' && e.event.data.to.turn === 2)!.version;
    await visit(page, pub);
    expect(await timelineEntries(page).count()).toBe(now.length);
    await visit(page, local(link.spectator()));
    expect(await timelineEntries(page).count()).toBe(turn2 - 1);
    expect(turn2 - 1).toBeLessThan(now.length);
    v = await verdict(page);
    expect(v.text).toMatch(new RegExp(`^Chain verified: ${turn2 - 1} events[;,]`));
    await screenshot(page, 'views-spectator');
    await visit(page, `${local(link.spectator())}/at/${turn2}`, 404);

    // Once the battle ends, the channel's view re-derives every die.
    ok(await t.run('@gm /battle end'));
    await visit(page, pub);
    v = await verdict(page);
    expect(v.status).toBe('ok');
    expect(v.text).toMatch(/^Chain verified: \d+ events; [1-9]\d* rolls? re-derived from the published seed\.$/);

    expect(errors.filter((e) => !e.includes('404'))).toEqual([]);
  });
});

describe('issue 30 in Chromium: links that open nothing', () => {
  it('a revoked link, a wrong token and another battle\'s id give the 404 page; a query string a 400; none a stack trace', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Ligny system:medieval', '@gm /side add name:North', '@alice /join side:North', '@gm /side add name:South', '@bob /join side:South']);
    const link = links(ok(await t.run('@gm /battle share')));
    // A line's channel stays the table's until another names one.
    ok(await t.run(['#other @gm /battle create name:Wavre system:medieval', '@gm /battle share', '#table @gm /battle status']));
    const { local, origin } = await serve(t.app);
    const { page, errors } = await newPage();
    const pub = local(link.public);
    const north = local(link.dm('alice'));
    const token = new URL(pub).pathname.split('/')[3]!;
    const notFound = async (url: string, text = /No page here/) => {
      await visit(page, url, 404);
      expect(await page.locator('main').textContent()).toMatch(text);
      expect(await page.locator('h1').textContent()).toBe('Not found');
    };
    const badRequest = async (url: string) => {
      await visit(page, url, 400);
      expect(await page.locator('h1').textContent()).toBe('Bad request');
    };

    await visit(page, north);
    ok(await t.run('@gm /battle unshare link:l2'));
    await notFound(north);
    await notFound(`${north}/at/1`);
    await notFound(`${north}/export.json`);
    await visit(page, pub);

    const wrong = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    await notFound(`${origin}/b/b1/${wrong}`);
    await notFound(`${origin}/b/b2/${token}`);
    await notFound(`${origin}/b/b9/${token}`);
    await notFound(`${origin}/b/b1/short`);
    await notFound(`${pub}/at/999`, /This view goes to event \d+/);
    await notFound(`${origin}/nowhere`);

    await badRequest(`${pub}?x=1`);
    await badRequest(`${pub}/report?v=1`);
    await badRequest(`${pub}/at/abc`);
    await badRequest(`${pub}/at?v=2&x=1`);
    // The slider's form, without its script, still reaches its event.
    await visit(page, `${pub}/at?v=2`);
    expect(page.url()).toBe(`${pub}/at/2`);
    expect(errors.filter((e) => e.startsWith('script error'))).toEqual([]);
  });
});

/**
 * axe-core's audit of the page, every timeline entry drawn (off screen the page skips drawing them,
 * and axe could not judge their colours): its script is put in the page, so the page needs bypassCSP.
 * The serious and critical violations, each with where.
 */
async function audit(page: Page): Promise<string[]> {
  await page.addStyleTag({ content: 'ol.timeline>li{content-visibility:visible}' });
  await page.addScriptTag({ content: axe.source });
  const found = await page.evaluate(async () => {
    const r = await (window as unknown as { axe: typeof axe }).axe.run(document, { resultTypes: ['violations'] });
    return r.violations.map((v) => ({ id: v.id, impact: v.impact, help: v.help, at: v.nodes.slice(0, 3).map((n) => n.target.join(' ')) }));
  });
  return found.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.help}, at ${v.at.join('; ')}`);
}

/**
 * Tab from the top of the page: every link and control is reached, in the page's order, and shows a
 * focus ring (an outline at least 2 px wide) where it is. Returns how many there were.
 */
async function tabsThrough(page: Page, url: string): Promise<number> {
  const count = await page.evaluate(() => {
    const all = [...document.querySelectorAll('a[href], button:not([disabled]), input, select, textarea, [tabindex]:not([tabindex="-1"])')];
    all.forEach((el, i) => el.setAttribute('data-tab', String(i)));
    return all.length;
  });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  for (let i = 0; i < count; i++) {
    await page.keyboard.press('Tab');
    const at = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const style = el ? getComputedStyle(el) : undefined;
      return { tab: el?.getAttribute('data-tab'), what: el?.outerHTML.slice(0, 80), ring: style ? style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2 : false };
    });
    expect(at.tab, `${url}: Tab ${i + 1} reaches control ${i} (at ${at.what})`).toBe(String(i));
    expect(at.ring, `${url}: a focus ring on ${at.what}`).toBe(true);
  }
  return count;
}

/** At 375 px wide the page scrolls only down: nothing is wider than the screen. */
async function fitsPhone(page: Page, url: string) {
  const wide = await page.evaluate(() => ({
    width: document.documentElement.scrollWidth,
    // What sticks out, to say so when it fails.
    over: [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > 376 && !el.closest('.scroll')).slice(0, 3).map((el) => el.outerHTML.slice(0, 100)),
  }));
  expect(wide.width, `${url} is ${wide.width} px wide at 375: ${wide.over.join(' | ')}`).toBeLessThanOrEqual(375);
}

/** Each page kind: no serious or critical finding of axe-core; every control from the keyboard; at 375 px, no sideways scroll (screenshot saved). */
async function readable(url: string, shot: string, status = 200) {
  const { page, errors } = await newPage({ bypassCSP: true });
  /** Opened, its scripts done: the check's button is disabled while it runs. */
  const open = async () => {
    await visit(page, url, status);
    await page.waitForLoadState('load');
    if (await page.locator('#verify').count()) await verdict(page);
  };
  await open();
  expect(await audit(page), url).toEqual([]);
  await open();
  await tabsThrough(page, url);
  await page.setViewportSize({ width: 375, height: 800 });
  await open();
  await fitsPhone(page, url);
  await screenshot(page, `${shot}-375`);
  return { page, errors };
}

describe('issue 42 in Chromium: every page passes an accessibility audit, works from the keyboard and reads at 375 px', () => {
  it.each(SYSTEMS)('$system ($script): timeline, state, report and channel list', async ({ system, script }) => {
    const t = startTable();
    await t.run(readFileSync(script, 'utf8').split('\n'));
    const mid = Math.floor((await t.app.log('b1')).length / 2);
    const shared = ok(await t.run('@gm /battle share'));
    ok(await t.run(`@gm /battle bookmark event:${mid} title:"The middle of it"`));
    const { local } = await serve(t.app);
    const base = local(links(shared).public);

    const timeline = await readable(base, `${system}-timeline`);
    // Enter and Space press the check's button; Enter follows a link.
    const again = async (key: string) => {
      await verdict(timeline.page);
      await timeline.page.evaluate(() => document.getElementById('verify-result')!.removeAttribute('data-status'));
      await timeline.page.locator('#verify-run').focus();
      await timeline.page.keyboard.press(key);
      expect((await verdict(timeline.page)).text, key).toMatch(/^Chain verified/);
    };
    await again('Enter');
    await again('Space');
    await timeline.page.locator('nav.tabs a', { hasText: 'Report' }).focus();
    await timeline.page.keyboard.press('Enter');
    await timeline.page.waitForURL(`${base}/report`);
    expect(timeline.errors).toEqual([]);

    const state = await readable(`${base}/at/${mid}`, `${system}-state`);
    // The slider from the keyboard: focused by Tab, stepped by the arrow keys; Enter on a step's link.
    await state.page.locator('form.steps input[type=range]').focus();
    await state.page.keyboard.press('ArrowRight');
    await atEvent(state.page, base, mid + 1);
    await state.page.locator('a[rel=prev]').focus();
    await state.page.keyboard.press('Enter');
    await atEvent(state.page, base, mid);
    expect(state.errors).toEqual([]);

    const report = await readable(`${base}/report`, `${system}-report`);
    await report.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img.chart');
      return img?.complete && img.naturalWidth > 0;
    });
    await fitsPhone(report.page, `${base}/report`);
    expect(report.errors).toEqual([]);

    expect((await readable(`${base}/channel`, `${system}-channel`)).errors).toEqual([]);
  });

  it("a channel's view before a reveal, a side's view, the campaign's page, the front page and the refusals", async () => {
    const t = startTable();
    await t.run(secretsBattle({ C1: 'alice', C3: 'bob' }));
    const link = links(ok(await t.run('@gm /battle share')));
    ok(await t.run(['@gm /ballot open question:"Which flank?" options:"LeftFlankX,RightFlankY"', '@alice /ballot vote ballot:v1 choice:LeftFlankX', '@alice /roll 1d6 secret:true reason:"hidden"']));
    const { local, origin } = await serve(t.app);
    const pub = local(link.public);
    const before = await readable(pub, 'views-public-before-reveal');
    expect(await before.page.locator('#timeline .withheld').count()).toBe(2);
    await readable(local(link.dm('alice')), 'views-side');
    await readable(origin, 'front');
    await readable(`${origin}/b/b1/nowhere`, 'not-found', 404);
    await readable(`${pub}/at/abc`, 'bad-request', 400);

    const season = startTable({ now: () => new Date('2026-12-01T12:00Z') });
    await season.run(readFileSync('examples/season.table', 'utf8').split('\n'));
    for (const channel of ['castrejon', 'salamanca', 'garcia']) ok(await season.run(`#${channel} @gm /battle share`));
    const campaign = linkOf(ok(await season.run('#campaign @gm /campaign share')), (m) => m.to === 'channel');
    const served = await serve(season.app);
    await readable(served.origin + campaign, 'campaign');
  });
});
