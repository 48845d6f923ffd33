import { performance } from 'node:perf_hooks';
import { Umpire } from '../src/app/service/umpire.ts';
import type { EventStore } from '../src/store/types.ts';
import { Table } from '../src/table/table.ts';
import { PER_PAGE } from '../src/web/pages.ts';
import { webServer } from '../src/web/server.ts';
import { launchChromium } from '../test/support/browser.ts';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Issue 30: a battle of `n` events (rolls, each posted to the channel with its working) shared at
 * the table; then its public page's timeline (its first page of PER_PAGE events) as the server
 * renders it, the first time (the log read from the store and folded) and again (cached), its last
 * page, steps to random events of the state page, 100 "Next" steps from the first event and 100 to
 * the last (issue 38: a step costs the same anywhere in the log), and both pages loaded in Chromium.
 */
export async function timelineTimes(
  store: EventStore,
  n: number,
  steps = 200,
): Promise<{ first: number; again: number; bytes: number; lastPage: number; step50: number; step99: number; nextFirst: number; nextLast: number; browser: number; browserLast: number }> {
  const app = new Umpire(store, { newSeed: () => Buffer.alloc(32, 7) });
  let link = '';
  const table = new Table(app, { json: true, cwd: process.cwd(), print: (l) => (link ||= /\/b\/b1\/l[0-9]+-[\w-]{22}/.exec(l)?.[0] ?? '') });
  for (const l of ['@gm /battle create name:Bench system:medieval', '@gm /side add name:North', '@gm /side add name:South', '@gm /battle share']) await table.run(l);
  for (let i = (await store.version('b1')) + 1; i <= n; i++) await app.handle('b1', { type: 'RollDice', expression: '2d6+1', secret: false, reason: `volley ${i}` }, 'gm');
  if (!link) throw new Error('/battle share printed no link');
  const web = webServer({ app, base: 'http://localhost:8080' });
  const get = async (url: string) => {
    const t = performance.now();
    const r = await web.inject({ method: 'GET', url });
    if (r.statusCode !== 200) throw new Error(`${url}: ${r.statusCode}`);
    return { ms: performance.now() - t, bytes: r.body.length };
  };
  const first = await get(link);
  const again = await get(link);
  // The last page's lines name things as the battle stood: the whole log folded, its last thousand worded.
  const lastPage = await get(`${link}/timeline/${Math.ceil(n / PER_PAGE)}`);
  const times: number[] = [];
  let seed = 1;
  for (let i = 0; i < steps; i++) {
    seed = (seed * 48271) % 2147483647;
    times.push((await get(`${link}/at/${1 + (seed % n)}`)).ms);
  }
  /** 100 clicks on "Next ▶" from event `from`, each following the link the page before gave: milliseconds in all. */
  const next = async (from: number) => {
    const t = performance.now();
    let url = `${link}/at/${from}`;
    for (let i = 0; i < 100; i++) {
      const r = await web.inject({ method: 'GET', url });
      const to = /<a rel="next" href="([^"]+)"/.exec(r.body)?.[1];
      if (r.statusCode !== 200 || !to) throw new Error(`${url}: ${r.statusCode}, no Next`);
      url = to;
    }
    return performance.now() - t;
  };
  const nextFirst = await next(1);
  const nextLast = await next(n - 100);
  // The same page in Chromium: from the request to its load event, its scripts run.
  await web.listen({ port: 0, host: '127.0.0.1' });
  const { port } = web.server.address() as { port: number };
  const chromium = await launchChromium();
  /** From the request to the page loaded, its scripts run: the best of 3, each in a new tab as a reader opens a link. */
  const load = async (path: string) => {
    let best = Infinity;
    for (let i = 0; i < 3; i++) {
      const page = await chromium.newPage();
      await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'load' });
      best = Math.min(best, Number(await page.evaluate('performance.getEntriesByType("navigation")[0].loadEventEnd')));
      await page.close();
    }
    return best;
  };
  let browser: number;
  let browserLast: number;
  try {
    browser = await load(link);
    browserLast = await load(`${link}/timeline/${Math.ceil(n / PER_PAGE)}`);
  } finally {
    await chromium.close();
    await web.close();
  }
  times.sort((a, b) => a - b);
  return { first: first.ms, again: again.ms, bytes: first.bytes, lastPage: lastPage.ms, step50: percentile(times, 50), step99: percentile(times, 99), nextFirst, nextLast, browser, browserLast };
}
