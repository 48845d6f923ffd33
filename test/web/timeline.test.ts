import { english } from '../../src/i18n/text.ts';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeEvent, toldToChannel } from '../../src/battle/describe.ts';
import { baseRequestId, foldAll } from '../../src/battle/replay.ts';
import { initialState } from '../../src/battle/state.ts';
import { markdownHtml } from '../../src/web/markdown.ts';
import { PER_PAGE } from '../../src/web/pages.ts';
import { startTable } from '../support/table.ts';
import { linkOf, linkPaths, pages } from '../support/web.ts';

const entries = (html: string) => [...html.matchAll(/<li id="e(\d+)"/g)].map((m) => Number(m[1]));

describe("a long battle's timeline, a thousand events a page (issue 30)", () => {
  it('shows each event once across its pages, links them, opens an event in its page, and refuses a page it has not', async () => {
    const t = startTable();
    const shared = await t.run(['@gm /battle create name:Long system:medieval', '@gm /side add name:North', '@gm /battle share']);
    const link = linkOf(shared, (m) => m.to === 'channel');
    const setUp = await t.store.version('b1');
    for (let i = setUp + 1; i <= PER_PAGE + 50; i++) await t.app.handle('b1', { type: 'RollDice', expression: '1d6', secret: false, reason: `volley ${i}` }, 'gm');
    const { get } = pages(t.app);

    const first = (await get(link)).body;
    expect(entries(first)).toEqual(Array.from({ length: PER_PAGE }, (_, i) => i + 1));
    expect(first).toContain(`<a href="${link}/timeline/2">1001–1050</a>`);
    // The same page but for its language switch, which links to its own address.
    const unswitched = (html: string) => html.replace(/<nav class="lang"[\s\S]*?<\/nav>/, '');
    expect(unswitched((await get(`${link}/timeline/1`)).body)).toBe(unswitched(first));
    const second = (await get(`${link}/timeline/2`)).body;
    expect(entries(second)).toEqual(Array.from({ length: 50 }, (_, i) => PER_PAGE + i + 1));
    // Its lines name things as the battle stood then, as on the first page.
    expect(second).toContain(`rolled #${PER_PAGE + 1 - setUp} (volley ${PER_PAGE + 1})`);

    expect((await get(`${link}/at/1020`)).body).toContain(`<a href="${link}/timeline/2#e1020">This event in the timeline</a>`);
    expect((await get(`${link}/timeline/3`)).statusCode).toBe(404);
    for (const bad of ['0', 'abc', '-1', '1.5']) expect((await get(`${link}/timeline/${bad}`)).statusCode).toBe(400);
  });
});

const EXAMPLES = ['short-battle', 'brigade', 'medieval-battle', 'charge', 'fire-into-night', 'dusk-to-dawn', 'grand-tactical'];
const ENTRY = /<li id="e(\d+)">([\s\S]*?)<\/li>/g;
const TEXT: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };
/** The lines a reader sees in some HTML: one a `<br>`, heading or box, tags dropped. */
const linesOf = (html: string): string[] =>
  html
    .replace(/<br>|<\/?(div|h3)[^>]*>/g, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&(amp|lt|gt|quot|#39);/g, (c) => TEXT[c]!)
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

describe('the timeline says each thing once (issue 42)', () => {
  it.each(EXAMPLES)('examples/%s.table: an event with a post shows the post, one without its line; each entry names its actor and time once', async (script) => {
    const t = startTable();
    await t.run(readFileSync(`examples/${script}.table`, 'utf8').split('\n'));
    const shared = await t.run('@gm /battle share');
    const log = await t.app.log('b1');
    const { get } = pages(t.app);
    // The channel's view, and each side's (with its players' DMs).
    const views = [...new Set(linkPaths(shared))];
    expect(views.length).toBeGreaterThan(1);
    for (const view of views) {
      const html = (await get(view)).body;
      const shown = [...html.matchAll(ENTRY)];
      expect(shown.map((m) => Number(m[1])), view).toEqual(log.map((e) => e.version));
      const lines = new Map<string, number>();
      for (const [, n, body] of shown) {
        const e = log[Number(n) - 1]!;
        const sealed = body!.includes('class="meta withheld"');
        // One actor and one time, the event's, after what happened: no entry opens with them alone.
        const by = [...body!.matchAll(/<span class="by">@([^,<]+), <time datetime="([^"]+)">/g)];
        expect(by.map((m) => [m[1], m[2]]), `${view} #${n}`).toEqual(sealed ? [] : [[e.actor, e.at]]);
        const head = body!.match(/^<div class="head">([\s\S]*?)<\/div>/)![1]!;
        expect(linesOf(head.replace(/<span class="by">[\s\S]*$/, '').replace(/^<a class="v"[^>]*>\d+\.<\/a>/, '')).length, `${view} #${n} says what happened before who and when`).toBeGreaterThan(0);
        // Nothing twice within an entry: its head is not read again below it (a titled post's line),
        // nor one box twice (the same DM to each of a side's players).
        const said = linesOf(body!.replace(/<span class="by">[\s\S]*?<\/span>/, '').replace(/^<div class="head"><a class="v"[^>]*>\d+\.<\/a>/, ''));
        const boxes = [...body!.matchAll(/<div class="post[^"]*">([\s\S]*?)<\/div><\/div>/g)].map((m) => m[1]!.replace(/<span class="meta">DM to .*?<\/span><\/span>/, ''));
        expect(boxes.filter((b, i) => boxes.indexOf(b) !== i), `${view} #${n}`).toEqual([]);
        expect(linesOf(boxes.join('<br>')).filter((l) => linesOf(head).includes(l)), `${view} #${n}`).toEqual([]);
        for (const l of said) lines.set(l, (lines.get(l) ?? 0) + 1);
      }
      // Each event's line is read as often as events say it: once an event, never again in a post.
      const told = new Map<string, number>();
      foldAll(initialState('b1'), log, (e, before) => {
        if (!toldToChannel(e.event, before)) return;
        const first = linesOf(markdownHtml(english(describeEvent(e.event, before)).split('\n', 1)[0]!))[0]!;
        told.set(first, (told.get(first) ?? 0) + 1);
      });
      const twice = [...told].filter(([l, n]) => (lines.get(l) ?? 0) > n).map(([l, n]) => `${l} (${lines.get(l)} times, ${n} events)`);
      expect(twice, view).toEqual([]);
    }
  });

  // A phase walk's post lists the phases passed, a house file's its rules, each in its own words:
  // the events of that one command point to the post rather than say their lines beside it.
  it('examples/medieval-battle.table: a post sent for a command of several events is read once, at its first event; the others point to it', async () => {
    const t = startTable();
    await t.run(readFileSync('examples/medieval-battle.table', 'utf8').split('\n'));
    const shared = await t.run('@gm /battle share');
    const html = (await pages(t.app).get(linkOf(shared, (m) => m.to === 'channel'))).body;
    const body = new Map([...html.matchAll(ENTRY)].map((m) => [Number(m[1]), m[2]!]));
    const posted = new Set((await t.store.posts('b1')).filter((p) => p.message.to.kind === 'channel').map((p) => p.version));
    const requests = new Map<string, number[]>();
    for (const e of await t.app.log('b1')) {
      const r = baseRequestId(e.requestId);
      if (r) requests.set(r, [...(requests.get(r) ?? []), e.version]);
    }
    const several = [...requests.values()].filter((vs) => vs.length > 1 && posted.has(vs.at(-1)!) && vs.slice(0, -1).every((v) => !posted.has(v)));
    // The house file's rules and the two phase walks at least.
    expect(several.length).toBeGreaterThanOrEqual(3);
    for (const [first, ...rest] of several) {
      expect(body.get(first!), `event ${first}`).not.toContain('Told in the post');
      for (const v of rest) expect(body.get(v), `event ${v}`).toContain(`Told in the post of <a href="#e${first}">event ${first}</a>`);
    }
  });
});
