import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { campaignTable, STOKE } from '../campaign/support.ts';
import { startTable } from '../support/table.ts';
import { linkOf, pages } from '../support/web.ts';
import { figureLine } from '../reliability/figures.ts';

/**
 * Issue 30, bad input and faults: a wrong, malformed, revoked or misplaced link, an odd event
 * number, a query string, an overlong or encoded path, a method the pages do not take: each gets
 * a plain page with a status and a sentence, the pages' security headers, no stack trace, no path
 * of the server's, and nothing of any battle.
 */

/** Markup typed into a text, numbered by where it was typed. */
const script = (n: number) => `<script>alert(${n})</script>`;
const shown = (n: number) => `&lt;script&gt;alert(${n})&lt;/script&gt;`;
/** The longest unit name the rules take (80 characters), and the longest text an option takes (1000). */
const UNIT = `${script(1)}${'x'.repeat(80 - script(1).length)}`;
const REASON = `${script(3)}${'y'.repeat(1000 - script(3).length)}`;

/** b1 in #table (its name, a unit, a bookmark and a roll's reason markup; every link made, South's revoked; turn 2), b2 in #other. */
async function battles() {
  const t = startTable();
  const { get, web } = pages(t.app);
  await t.run([
    `#table @gm /battle create name:"Faults ${script(0)}" system:percentile`,
    '#table @gm /side add name:North',
    '#table @gm /side add name:South',
    '#table @gm /command add name:C1 side:North',
    '#table @gm /command assign command:C1 user:p1',
    '#table @gm /command add name:C3 side:South',
    '#table @gm /command assign command:C3 user:p3',
    `#table @gm /unit add name:"${UNIT}" command:C1 arm:infantry figures:24 formation:line class:B weapon:musket`,
    `#table @gm /battle bookmark event:2 title:"${script(2)}"`,
    `#table @gm /roll 1d6 reason:"${REASON}"`,
  ]);
  const shared = await t.run('#table @gm /battle share spectator-lag:1');
  const other = await t.run(['#other @gm /battle create name:Elsewhere system:medieval', '#other @gm /battle share']);
  await t.run(['#table @gm /battle unshare link:l3', '#table @gm /turn next skip:true']);
  return {
    t,
    get,
    web,
    pub: linkOf(shared, (m) => m.to === 'channel'),
    north: linkOf(shared, (m) => m.to === 'dm' && m.user === 'p1'),
    south: linkOf(shared, (m) => m.to === 'dm' && m.user === 'p3'),
    spectator: linkOf(shared, (m) => m.to === 'reply'),
    elsewhere: linkOf(other, (m) => m.to === 'channel'),
  };
}

const token = (path: string) => path.split('/')[3]!;

/** The headers every answer carries, a page or a refusal. Soft: a test lists every answer that fails. */
function secured(res: LightMyRequestResponse, what: string) {
  expect.soft(res.headers['content-security-policy'], what).toMatch(/default-src 'none'/);
  expect.soft(res.headers['x-content-type-options'], what).toBe('nosniff');
  expect.soft(res.headers['referrer-policy'], what).toBe('no-referrer');
  expect.soft(res.headers['cache-control'], what).toBe('no-store');
}

/** Refusals checked, for the figure line (`npm run reliability`). */
let refusals = 0;
afterAll(() => figureLine('battle pages', `${refusals} bad addresses and methods each answered with a plain 400, 404 or 405 page and the four security headers; no stack trace, path, token or other battle's name in any (each an assertion of test/web/faults.test.ts)`));

/** A refusal: 400, 404 or 405, a plain HTML page, with nothing of the server's insides or of any battle. */
function plain(res: LightMyRequestResponse, what: string, secrets: readonly string[]) {
  refusals++;
  expect.soft([400, 404, 405], what).toContain(res.statusCode);
  expect.soft(res.headers['content-type'], what).toMatch(/^text\/html/);
  secured(res, what);
  const body = res.body;
  expect.soft(body, what).not.toMatch(/^\s*at .+:\d+:\d+\)?$/m);
  expect.soft(body, what).not.toMatch(/\bat \S+ \(.*:\d+:\d+\)/);
  for (const bad of ['/work/', 'node_modules', 'Error:', 'TypeError', 'FST_', ...secrets]) expect.soft(body, `${what} says "${bad}"`).not.toContain(bad);
}

describe('issue 30: bad links and requests get a plain page', () => {
  it('a wrong, malformed, revoked or misplaced link, an odd event, a query, a long or encoded path: 400 or 404, nothing more', async () => {
    const { t, get, pub, north, south, spectator, elsewhere } = await battles();
    const b1 = token(pub);
    // Nothing of either battle in a refusal: names, ids' pages, tokens, units.
    const secrets = ['Faults', 'Elsewhere', 'North', 'South', 'alert', b1, token(north), token(south), token(spectator), token(elsewhere)];
    const through = (await get(`${spectator}/export.json`)).json<{ through: number }>().through;
    expect(through).toBeLessThan(await t.store.version('b1'));

    const refused: [string, 400 | 404][] = [
      // Right shape, wrong token (of a live link, of none); the first form's (issue 37); malformed tokens.
      [`/b/b1/l1-${'A'.repeat(22)}`, 404],
      [`/b/b1/l9-${'A'.repeat(22)}/export.json`, 404],
      [`/b/b1/${'A'.repeat(22)}`, 404],
      [`/b/b1/${b1.slice(3)}`, 404],
      [`/b/b1/l2-${b1.slice(3)}`, 404],
      [`/b/b1/l01-${b1.slice(3)}`, 404],
      ['/b/b1/short', 404],
      [`/b/b1/${b1}x`, 404],
      [`/b/b1/${b1.slice(0, 21)}!`, 404],
      [`/b/b1/${b1.slice(0, 21)}.`, 404],
      // Revoked (South's), and a battle's token on another battle, or on none.
      [south, 404],
      [`${south}/export.json`, 404],
      [`${south}/at/1`, 404],
      [`/b/b2/${b1}`, 404],
      [`/b/b1/${token(elsewhere)}`, 404],
      [`/b/b9/${b1}`, 404],
      [`/b/B1/${b1}`, 404],
      [`/c/b1/${b1}`, 404],
      // Events that are not numbers, or not of the view.
      [`${pub}/at/0`, 400],
      [`${pub}/at/-1`, 400],
      [`${pub}/at/abc`, 400],
      [`${pub}/at/1.5`, 400],
      [`${pub}/at/01`, 400],
      [`${pub}/at/99999999999`, 400],
      [`${pub}/at/999999999`, 404],
      [`${spectator}/at/${through + 1}`, 404],
      // A query string on a page that takes none; the slider's, wrong.
      [`${pub}?x=1`, 400],
      [`${pub}/export.json?v=1`, 400],
      [`${pub}/at/1?v=2`, 400],
      [`${pub}/channel?__proto__[a]=1`, 400],
      [`${pub}/at?v=abc`, 400],
      [`${pub}/at?v=1&x=2`, 400],
      [`${pub}/at?v=1&v=2`, 400],
      [`${pub}/at?__proto__[a]=1`, 400],
      [`${pub}/at?constructor[prototype][x]=1`, 400],
      [`${pub}/at?v=`, 400],
      [`${pub}/at?v=0`, 400],
      [`${pub}/at`, 400],
      [`/b/b1/l1-${'A'.repeat(22)}/at?v=1`, 404],
      // Too long to be ours, without a part longer than the router takes (below).
      [`/${'x'.repeat(600)}`, 400],
      [`${pub}/at/1?v=${'9'.repeat(600)}`, 400],
      // Encoded junk and paths out of the pages.
      ['/b/%00/..', 404],
      ['/b/b1/%2e%2e', 404],
      [`/b/b1/${b1}/%00`, 404],
      [`/b/b1/${b1}%2fexport.json`, 404],
      ['/b/../../etc/passwd', 404],
      [`/b/b1/${b1}/../../../etc/passwd`, 404],
      ['/..%2f..%2fetc%2fpasswd', 404],
      [`${pub}/..%2f..%2fpackage.json`, 404],
      ['/package.json', 404],
      ['/src/web/server.ts', 404],
      ['/b', 404],
      ['/b/b1', 404],
      ['/c/c1', 404],
    ];
    for (const [url, status] of refused) {
      const res = await get(url);
      plain(res, `GET ${url}`, secrets);
      expect.soft(res.statusCode, `GET ${url}`).toBe(status);
    }
    t.db.$client.close();
  });

  // Found by this suite: Fastify's router answers these itself, before the server's hooks, with
  // its own JSON (the path echoed, an FST_ code) and none of the pages' headers: a path part over
  // routerOptions.maxParamLength (64) gets 414, a malformed %-escape 400 (server.ts could hand
  // them to its error page with Fastify's `frameworkErrors` option).
  it("a path part too long for the router, or a malformed %-escape, gets the pages' plain 400 too", async () => {
    const { t, get, pub } = await battles();
    const secrets = ['Faults', token(pub)];
    for (const url of [`/b/b1/${'a'.repeat(600)}`, `/b/b1/${'a'.repeat(65)}`, `${pub}/at/${'9'.repeat(600)}`, '/b/b1/%E0%A4%A', '/%ff', `${pub}/at/%zz`]) {
      const res = await get(url);
      plain(res, `GET ${url}`, secrets);
      expect.soft(res.statusCode, `GET ${url}`).toBe(400);
    }
    t.db.$client.close();
  });

  it('the slider form goes to its event, at most the view\'s last', async () => {
    const { t, get, pub, spectator } = await battles();
    const res = await get(`${pub}/at?v=3`);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`${pub}/at/3`);
    secured(res, 'the redirect');
    const through = (await get(`${spectator}/export.json`)).json<{ through: number }>().through;
    expect((await get(`${spectator}/at?v=999`)).headers.location).toBe(`${spectator}/at/${through}`);
    t.db.$client.close();
  });

  it('HEAD is answered as GET without a body; POST, PUT, DELETE are not pages', async () => {
    const { t, web, pub, elsewhere } = await battles();
    const secrets = ['Faults', 'Elsewhere', token(pub), token(elsewhere)];
    const head = await web.inject({ method: 'HEAD', url: pub });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    secured(head, 'HEAD of a page');
    const badHead = await web.inject({ method: 'HEAD', url: `/b/b1/${'A'.repeat(22)}` });
    expect(badHead.statusCode).toBe(404);
    expect(badHead.body).toBe('');
    secured(badHead, 'HEAD of no page');
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'] as const) {
      for (const url of [pub, `${pub}/export.json`, `${pub}/at?v=1`, '/']) {
        const res = await web.inject({ method, url, payload: { v: 1 } });
        plain(res, `${method} ${url}`, secrets);
      }
    }
    const form = await web.inject({ method: 'POST', url: `${pub}/at`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'v=1' });
    plain(form, 'POST of the slider form', secrets);
    t.db.$client.close();
  });

  it('markup in a battle name, a unit name, a bookmark title or a roll\'s reason is shown as text on every page', async () => {
    const { t, get, pub } = await battles();
    const urls = [pub, `${pub}/report`, `${pub}/channel`, ...Array.from({ length: await t.store.version('b1') }, (_, i) => `${pub}/at/${i + 1}`)];
    for (const url of urls) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      secured(res, url);
      expect(res.body, url).not.toContain('<script>alert');
    }
    const timeline = (await get(pub)).body;
    expect(timeline).toContain(`<h1>Faults ${shown(0)} (b1)</h1>`);
    expect(timeline).toContain(`unit ${shown(1)}${'x'.repeat(80 - script(1).length)} added`);
    expect(timeline).toContain(`<span class="bookmark">${shown(2)}</span>`);
    expect(timeline).toContain(`(${shown(3)}${'y'.repeat(1000 - script(3).length)})`);
    const last = (await get(`${pub}/at/${await t.store.version('b1')}`)).body;
    expect(last).toContain(`<td>${shown(1)}${'x'.repeat(80 - script(1).length)}</td>`);
    const svg = await get(`${pub}/report.svg`);
    if (svg.statusCode === 200) expect(svg.body).not.toContain('<script');
    t.db.$client.close();
  });

  it('a 10,000-character unit name never reaches a page: the table refuses it, naming the limit', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Long system:percentile', '@gm /side add name:North', '@gm /command add name:C1 side:North']);
    const add = (name: string) => t.run(`@gm /unit add name:"${name}" command:C1 arm:infantry figures:24 formation:line class:B weapon:musket`);
    expect((await add('x'.repeat(10_000)))[0]!.error).toMatch(/^\/unit add: name is too long \(at most 1000 characters\)/);
    expect((await add('x'.repeat(1000)))[0]!.error).toBe('The unit name is too long (1000 characters; at most 80).');
    expect(await t.store.version('b1')).toBe(3);
    t.db.$client.close();
  });
});

describe('issue 37: the share key, read before any battle, once a process', () => {
  it('a wrong token reads the key and no battle; a failed read is a plain 500 for every battle alike, and the next request reads it again', async () => {
    const t = startTable();
    await t.run('@gm /battle create name:Unshared system:medieval');
    const link = linkOf(await t.run(['#other @gm /battle create name:Shared system:medieval', '@gm /battle share']), (m) => m.to === 'channel');
    const { get } = pages(t.app);
    const read = vi.spyOn(t.store, 'shareKey');
    const battle = vi.spyOn(t.store, 'battle');
    expect((await get(`/b/b1/l1-${'A'.repeat(22)}`)).statusCode).toBe(404);
    expect((await get(`/b/b2/l1-${'A'.repeat(22)}`)).statusCode).toBe(404);
    expect(read).toHaveBeenCalledTimes(1);
    expect(battle).not.toHaveBeenCalled();

    const fresh = pages(t.app);
    read.mockRejectedValueOnce(new Error('disk I/O error')).mockRejectedValueOnce(new Error('disk I/O error'));
    const failed = [await fresh.get(`/b/b1/l1-${'A'.repeat(22)}`), await fresh.get(link)];
    for (const res of failed) {
      expect(res.statusCode).toBe(500);
      expect(res.body).toContain('Something went wrong on our side; nothing was changed.');
      expect(res.body).not.toContain('disk I/O');
    }
    expect(failed[1]!.body).toBe(failed[0]!.body);
    expect((await fresh.get(link)).statusCode).toBe(200);
    expect(battle).toHaveBeenCalledTimes(1);
  });
});

describe("issue 30: a campaign's page", () => {
  it('lists its battles, each with its public page; a wrong or revoked token is a plain 404', async () => {
    const t = await campaignTable();
    await t.run(STOKE);
    const out = await t.run(['#stoke @gm /battle share', '#campaign @gm /campaign share']);
    const { get } = pages(t.app);
    const page = linkOf(out, (m) => m.channel === 'campaign');
    const stoke = linkOf(out, (m) => m.channel === 'stoke');
    const res = await get(page);
    expect(res.statusCode).toBe(200);
    secured(res, page);
    expect(res.body).toContain(`<a href="http://localhost:8080${stoke}">Stoke Field</a>`);

    const secrets = ['Stoke', 'Simnel', token(page), token(stoke)];
    for (const url of [`/c/c1/${'A'.repeat(22)}`, `/c/c1/l1-${'A'.repeat(22)}`, `/c/c1/${token(page).replace('l1-', 'l2-')}`, `/c/c2/${token(page)}`, `/c/c1/${token(stoke)}`, `/b/c1/${token(page)}`, `${page}/export.json`, `${page}?x=1`, '/c/c1/%2e%2e']) {
      plain(await get(url), `GET ${url}`, secrets);
    }
    await t.run('#campaign @gm /campaign unshare');
    plain(await get(page), 'a revoked campaign link', secrets);
    t.db.$client.close();
  });
});
