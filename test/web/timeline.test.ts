import { describe, expect, it } from 'vitest';
import { PER_PAGE } from '../../src/web/pages.ts';
import { startTable } from '../support/table.ts';
import { linkOf, pages } from '../support/web.ts';

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
    expect((await get(`${link}/timeline/1`)).body).toBe(first);
    const second = (await get(`${link}/timeline/2`)).body;
    expect(entries(second)).toEqual(Array.from({ length: 50 }, (_, i) => PER_PAGE + i + 1));
    // Its lines name things as the battle stood then, as on the first page.
    expect(second).toContain(`rolled #${PER_PAGE + 1 - setUp} (volley ${PER_PAGE + 1})`);

    expect((await get(`${link}/at/1020`)).body).toContain(`<a href="${link}/timeline/2#e1020">This event in the timeline</a>`);
    expect((await get(`${link}/timeline/3`)).statusCode).toBe(404);
    for (const bad of ['0', 'abc', '-1', '1.5']) expect((await get(`${link}/timeline/${bad}`)).statusCode).toBe(400);
  });
});
