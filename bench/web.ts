import { performance } from 'node:perf_hooks';
import { Umpire } from '../src/app/umpire.ts';
import type { EventStore } from '../src/store/types.ts';
import { Table } from '../src/table/table.ts';
import { webServer } from '../src/web/server.ts';

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

/**
 * Issue 30: a battle of `n` events (rolls, each posted to the channel with its working) shared at
 * the table; then its public page's timeline as the server renders it, the first time (the log read
 * from the store and folded) and again (cached), and steps to random events of the state page.
 */
export async function timelineTimes(store: EventStore, n: number, steps = 200): Promise<{ first: number; again: number; bytes: number; step50: number; step99: number }> {
  const app = new Umpire(store, { newSeed: () => Buffer.alloc(32, 7) });
  let link = '';
  const table = new Table(app, { json: true, cwd: process.cwd(), print: (l) => (link ||= /\/b\/b1\/[\w-]{22}/.exec(l)?.[0] ?? '') });
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
  const times: number[] = [];
  let seed = 1;
  for (let i = 0; i < steps; i++) {
    seed = (seed * 48271) % 2147483647;
    times.push((await get(`${link}/at/${1 + (seed % n)}`)).ms);
  }
  await web.close();
  times.sort((a, b) => a - b);
  return { first: first.ms, again: again.ms, bytes: first.bytes, step50: percentile(times, 50), step99: percentile(times, 99) };
}
