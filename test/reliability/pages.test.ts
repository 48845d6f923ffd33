import { Agent, request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { isDeepStrictEqual } from 'node:util';
import { afterAll, describe, expect, it, vi } from 'vitest';
import * as audience from '../../src/web/audience.ts';
import { webServer } from '../../src/web/server.ts';
import { startTable } from '../support/table.ts';
import { BASE, linkOf } from '../support/web.ts';
import { figureLine, FULL } from './figures.ts';

// The audience's two passes over the whole log, counted: a step must not make them (issue 38).
vi.mock('../../src/web/audience.ts', async (real) => {
  const m = await real<typeof audience>();
  return { ...m, audienceOf: vi.fn(m.audienceOf), postsFor: vi.fn(m.postsFor) };
});

/**
 * Issue 38, the pages' edges: a request too large for Node's parser (a 100 kB address, a query of
 * 10,000 parameters, 100 kB of headers) got Fastify's bare JSON 431, or a reset connection when the
 * client was still sending; and every page rebuilt its view over the whole log, so 100 steps through
 * a 10,000-event battle took 1.1 to 4.1 s. Asked through a real socket, as a browser would.
 * `npm test` plays 1,000 events, `npm run reliability` 10,000.
 */
const EVENTS = FULL ? 10_000 : 1_000;

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request by Node's client (a connection of its own unless an agent keeps one); a reset (or a socket closed unanswered) is the error it throws. */
function get(port: number, path: string, headers: Record<string, string> = {}, agent: Agent | false = false): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, headers, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * A request as raw bytes, for what Node's client will not send, and `more` sent once the answer
 * begins (a client still sending); the answer's status and headers, read to the end.
 */
function raw(port: number, bytes: string, more = ''): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (c: string) => {
      if (!text && more) socket.write(more);
      text += c;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', body = ''] = text.split('\r\n\r\n', 2);
      const [status, ...lines] = head.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      resolve({ status: Number(status?.split(' ')[1]), headers, body });
      socket.end();
    });
  });
}

let asked = 0;
let answered = 0;
let resets = 0;
let steps = 0;
afterAll(() =>
  figureLine(
    'pages',
    `${answered} of ${asked} oversized or malformed requests over a real socket answered with a plain 400/431 page and the four security headers, resets ${resets}; 100 steps on a ${EVENTS.toLocaleString('en')}-event battle in ${(steps / 1000).toFixed(2)} s (each an assertion of test/reliability/pages.test.ts)`,
  ),
);

async function battle() {
  const t = startTable();
  await t.run(['@gm /battle create name:Edges system:medieval', '@gm /side add name:North']);
  const link = linkOf(await t.run('@gm /battle share'), (m) => m.to === 'channel');
  for (let i = (await t.store.version('b1')) + 1; i <= EVENTS; i++) await t.app.handle('b1', { type: 'RollDice', expression: '2d6', secret: false, reason: `volley ${i}` }, 'gm');
  const web = webServer({ app: t.app, base: BASE });
  await web.listen({ port: 0, host: '127.0.0.1' });
  return { t, web, link, port: (web.server.address() as { port: number }).port };
}

describe('issue 38: the pages answer any request plainly, and a step costs the same anywhere in the log', () => {
  it('a request too large or malformed for the parser gets a plain 400 or 431 with the headers, never a reset', async () => {
    const { t, web, link, port } = await battle();
    const params = Array.from({ length: 10_000 }, (_, i) => `p${i}=${i}`).join('&');
    const requests: [string, () => Promise<Answer>, 400 | 431][] = [
      ['a 100 kB address', () => get(port, `/${'x'.repeat(100_000)}`), 431],
      // Still being sent long after the answer: read to its end, not closed on it (a reset).
      ['a 1 MB address', () => get(port, `/${'x'.repeat(1_000_000)}`), 431],
      ['a query of 10,000 parameters', () => get(port, `${link}/at?${params}`), 431],
      ['a query of 10,000 empty parameters', () => get(port, `${link}/at?${'v&'.repeat(10_000)}`), 431],
      ['a 100 kB header', () => get(port, link, { 'x-big': 'y'.repeat(100_000) }), 431],
      ['3,000 headers', () => get(port, link, Object.fromEntries(Array.from({ length: 3000 }, (_, i) => [`x-h${i}`, '1']))), 431],
      // Under Node's 16 kB: Fastify's, then the pages' own refusal.
      ['a 12 kB address', () => get(port, `${link}/at/${'9'.repeat(12_000)}`), 400],
      ['a query of 1,500 parameters', () => get(port, `${link}/at?${params.slice(0, params.indexOf('&p1500='))}`), 400],
      ['a 100 kB address, and 100 kB more sent after the answer', () => raw(port, `GET /${'x'.repeat(100_000)}`, 'x'.repeat(100_000)), 431],
      ['a header line without a colon', () => raw(port, 'GET / HTTP/1.1\r\nHost: x\r\nno colon here\r\n\r\n'), 400],
      ['a request line of junk', () => raw(port, 'HELLO\r\n\r\n'), 400],
    ];
    for (const [what, ask, status] of requests) {
      asked++;
      let res: Answer;
      try {
        res = await ask();
      } catch (err) {
        resets++;
        expect.soft((err as Error).message, `${what}: a reset`).toBe('an answer');
        continue;
      }
      const seen = {
        status: res.status,
        type: res.headers['content-type'],
        csp: /default-src 'none'/.test(String(res.headers['content-security-policy'])),
        nosniff: res.headers['x-content-type-options'],
        referrer: res.headers['referrer-policy'],
        cache: res.headers['cache-control'],
        heading: /^<!doctype html>.*<h1>(.*?)<\/h1>/s.exec(res.body)?.[1],
        tells: /Edges|FST_|Error/.test(res.body),
      };
      const plain = { status, type: 'text/html; charset=utf-8', csp: true, nosniff: 'nosniff', referrer: 'no-referrer', cache: 'no-store', heading: status === 431 ? 'Request too large' : 'Bad request', tells: false };
      expect.soft(seen, what).toEqual(plain);
      if (isDeepStrictEqual(seen, plain)) answered++;
    }
    // The process stands, and still answers.
    expect((await get(port, link)).status).toBe(200);
    await web.close();
    t.db.$client.close();
  });

  it('100 "Next" steps to the last event read the audience and posts once, not once a step', async () => {
    const { t, web, link, port } = await battle();
    vi.mocked(audience.audienceOf).mockClear();
    vi.mocked(audience.postsFor).mockClear();
    // One connection kept, as a browser keeps it between clicks.
    const browser = new Agent({ keepAlive: true, maxSockets: 1 });
    const start = performance.now();
    let path = `${link}/at/${EVENTS - 99}`;
    for (let i = 0; i < 100; i++) {
      const res = await get(port, path, {}, browser);
      expect(res.status, path).toBe(200);
      path = /<a rel="next" href="([^"]+)"/.exec(res.body)?.[1] ?? '';
    }
    steps = performance.now() - start;
    browser.destroy();
    expect(path).toBe('');
    expect(audience.audienceOf).toHaveBeenCalledTimes(1);
    expect(audience.postsFor).toHaveBeenCalledTimes(1);
    // A new event is a new version: its view is made again, once.
    await t.run('@gm /roll 1d6');
    expect((await get(port, `${link}/at/${EVENTS + 1}`)).status).toBe(200);
    expect((await get(port, `${link}/at/${EVENTS}`)).status).toBe(200);
    expect(audience.audienceOf).toHaveBeenCalledTimes(2);
    await web.close();
    t.db.$client.close();
  });
});
