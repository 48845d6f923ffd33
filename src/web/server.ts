import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { Logger } from 'pino';
import { opens } from '../battle/share.ts';
import type { BattleState, ShareLink } from '../battle/state.ts';
import type { BattleReport } from '../app/reports/battle-report.ts';
import { battleReport, renderReportSvg, reportText } from '../app/reports/report.ts';
import { isToken, OLD_TOKEN, shareUrl, tokenLink, type ShareKind } from '../app/messages/share.ts';
import type { Umpire } from '../app/service/umpire.ts';
import { RuleError } from '../rules/errors.ts';
import { say, TextError, type Text } from '../i18n/text.ts';
import { exportFor } from './audience.ts';
import { BattleCache, type BattleData } from './battle-data.ts';
import { pageScript, verifierScript } from './bundle.ts';
import { battlePage, errorPage, listPage, reportPage, statePage, timelinePages, type BattleView, type ListedBattle } from './pages.ts';
import { viewOf } from './views.ts';
import { askedLocale, pageLocale, withLang } from './lang.ts';
import type { Language, Locale } from '../i18n/locales.ts';

export interface WebOptions {
  app: Umpire;
  /** The address players open, for the links a list page gives (WEB_URL). */
  base: string;
  logger?: Logger;
}

/** A battle or campaign id and an event number as the links write them; anything else is not a page. */
const STREAM = /^[a-z0-9-]{1,40}$/;
const VERSION = /^[1-9][0-9]{0,8}$/;
/** A page's address is short; a longer one is not one of ours. */
const MAX_URL = 512;

const NOT_FOUND = say('web.error.noPage');
/** Said by the token's form and the page's kind alone, so it tells nothing of any battle or campaign. */
const OLD_LINK = (kind: ShareKind) => say('web.error.oldLink', { command: kind === 'b' ? '/battle' : '/campaign' });
const NOT_ANSWERED = say('web.error.notAnswered');

const HEADERS = {
  'content-security-policy': "default-src 'none'; script-src 'self'; style-src 'unsafe-inline'; img-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  // A page is reached by a secret link: no cache in between keeps it.
  'cache-control': 'no-store',
};

/** The language `?lang=` chose, if it names one of ours (else the page falls back, as without it). */
const asked = (req: FastifyRequest): Locale | undefined => askedLocale((req.query as { lang?: unknown } | undefined)?.lang);

/**
 * A page's address without its query, as the router read it (slashes doubled or trailing dropped:
 * `//b/…` would be another host's address): what its language switch links to.
 */
const pathOf = (req: FastifyRequest): string => req.url.split('?', 1)[0]!.replace(/\/{2,}/g, '/').replace(/(.)\/$/, '$1');

/**
 * The language of a page of `own`'s battle or campaign, `own` being its language: the address's,
 * else its own, else the browser's. An error page never takes a battle's language (a wrong token
 * must tell nothing of the battle): it is `own`-less.
 */
const localeFor = (req: FastifyRequest, own?: Language): Locale => pageLocale(asked(req), own, req.headers['accept-language']);

class PageError extends TextError {
  constructor(
    readonly status: 400 | 404,
    text: Text,
  ) {
    super(text);
  }
}

const notFound = () => new PageError(404, NOT_FOUND);

/** How many charts a server keeps drawn: a battle's views, across a few steps of its log. */
const CHARTS = 16;

/**
 * The read-only battle pages (issue 30), on Fastify: server-rendered HTML, each battle reached by a
 * share link's unguessable token, what it shows decided by the link's audience (audience.ts).
 */
export function webServer(o: WebOptions): FastifyInstance {
  const { app } = o;
  const store = app.store;
  const cache = new BattleCache(store);
  let key: Promise<string> | undefined;
  // Read once; a failed read is tried again at the next request rather than kept.
  const shareKey = () =>
    (key ??= store.shareKey().catch((err: unknown) => {
      key = undefined;
      throw err;
    }));
  /**
   * The report charts drawn lately, by the report they draw (a chart is nothing but its report):
   * vega takes about a second to draw one, and every reader of a battle's views asks for it again
   * after each step, most often for the same report (a vote or a roll leaves it as it was).
   */
  const charts = new Map<string, Promise<string>>();
  function chartOf(r: BattleReport, locale: Locale): Promise<string> {
    const at = `${locale}:${JSON.stringify(r)}`;
    let svg = charts.get(at);
    if (svg) charts.delete(at);
    else
      svg = renderReportSvg(r, locale).catch((err: unknown) => {
        if (charts.get(at) === svg) charts.delete(at);
        throw err;
      });
    charts.set(at, svg);
    if (charts.size > CHARTS) charts.delete(charts.keys().next().value!);
    return svg;
  }
  const web = Fastify({
    logger: false,
    routerOptions: { maxParamLength: 64, ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // An address the router cannot read (a bad % escape, a part too long for a token) gets our plain
    // page, not Fastify's JSON naming the path; these skip the hooks, so the headers are set here.
    frameworkErrors: (_err, _req, reply) => {
      void sendError(reply.headers(HEADERS), 400, say('web.error.notOurs'));
    },
    clientErrorHandler: refuseUnread,
  });

  web.addHook('onRequest', async (req) => {
    if (req.url.length > MAX_URL) throw new PageError(400, say('web.error.tooLong'));
    const q = req.url.indexOf('?');
    // Only the slider's `v` is ever asked for, and the page's language (`lang`, any page); any other query is not ours.
    if (q < 0) return;
    const slider = /^\/b\/[^/]+\/[^/]+\/at$/.test(req.url.slice(0, q).replace(/\/+$/, ''));
    const keys = [...new URLSearchParams(req.url.slice(q + 1)).keys()];
    if (!keys.every((k) => k === 'lang' || (slider && k === 'v'))) throw new PageError(400, say('web.error.noQuery'));
  });
  web.addHook('onSend', async (_req, reply) => {
    reply.headers(HEADERS);
  });
  web.setNotFoundHandler((req, reply) => sendError(reply, 404, NOT_FOUND, localeFor(req)));
  web.setErrorHandler((err, req, reply) => {
    const locale = localeFor(req);
    if (err instanceof PageError) return sendError(reply, err.status, err.text, locale);
    const status = (err as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) return sendError(reply, 400, NOT_ANSWERED, locale);
    o.logger?.error({ err, url: req.url.replace(/^(\/[bc]\/[^/?]*)\/[^/?]*/, '$1/<token>') }, 'a battle page failed');
    return sendError(reply, 500, say('web.error.ours'), locale);
  });

  const html = (reply: FastifyReply, body: string) => reply.type('text/html; charset=utf-8').send(body);

  /**
   * The link id a token names, checked against its stream before anything of the stream is read
   * (issue 37): a wrong token costs one HMAC and is the same 404 whether the stream exists, is
   * shared or not. Only the key is read, once a process.
   */
  async function checked(kind: ShareKind, stream: string, token: string): Promise<string> {
    if (OLD_TOKEN.test(token)) throw new PageError(404, OLD_LINK(kind));
    if (!STREAM.test(stream) || !isToken(token)) throw notFound();
    const id = tokenLink(await shareKey(), stream, token, kind);
    if (!id) throw notFound();
    return id;
  }

  /** The battle and the live link a request's token opens, or a 404 that says nothing of either. */
  async function open(req: FastifyRequest): Promise<{ data: BattleData; now: BattleState; link: ShareLink }> {
    const { battle, token } = req.params as { battle: string; token: string };
    const id = await checked('b', battle, token);
    if (!(await store.battle(battle))) throw notFound();
    const data = await cache.get(battle);
    const now = data.now;
    const link = Object.hasOwn(now.links, id) ? now.links[id] : undefined;
    // Revoked, or a side's whose side no longer stands (issue 37): the same 404 as a wrong token.
    if (!link || !opens(now, link)) throw notFound();
    return { data, now, link };
  }

  async function view(req: FastifyRequest): Promise<{ v: BattleView; data: BattleData }> {
    const { data, now, link } = await open(req);
    const { battle, token } = req.params as { battle: string; token: string };
    // The language words the page; the link alone decides what it shows.
    const lang = asked(req);
    const locale = localeFor(req, now.language);
    return { data, v: { base: `/b/${battle}/${token}`, ...viewOf(data, link, now, locale), events: data.events, locale, ...(lang ? { lang } : {}), here: pathOf(req) } };
  }

  function version(req: FastifyRequest, v: BattleView): number {
    const raw = (req.params as { version: string }).version;
    if (!VERSION.test(raw)) throw new PageError(400, say('web.error.eventNumber'));
    const n = Number(raw);
    if (n > v.audience.through) throw new PageError(404, say('web.error.viewEnds', { through: String(v.audience.through) }));
    return n;
  }

  web.get('/', (req, reply) => html(reply, listPage(say('web.home.title'), say('web.home.sub'), [], { locale: localeFor(req), here: '/', ...lang(req) })));
  // A browser asks for it unprompted: no icon, and no 404 in its console.
  web.get('/favicon.ico', (_req, reply) => reply.code(204).send());
  web.get('/verify.js', async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(await verifierScript()));
  web.get('/page.js', async (_req, reply) => reply.type('text/javascript; charset=utf-8').send(await pageScript()));

  web.get('/b/:battle/:token', async (req, reply) => html(reply, battlePage((await view(req)).v)));

  web.get('/b/:battle/:token/timeline/:page', async (req, reply) => {
    const { v } = await view(req);
    const raw = (req.params as { page: string }).page;
    if (!VERSION.test(raw)) throw new PageError(400, say('web.error.pageNumber'));
    const n = Number(raw);
    if (n > timelinePages(v)) throw new PageError(404, say('web.error.timelineEnds', { n: timelinePages(v) }));
    return html(reply, battlePage(v, n));
  });

  web.get('/b/:battle/:token/export.json', async (req, reply) => {
    const { v, data } = await view(req);
    return reply.type('application/json; charset=utf-8').send(JSON.stringify(exportFor(v.audience, data.battleId, data.rows)));
  });

  // The slider's form without its script: ?v=N goes to that event's page.
  web.get('/b/:battle/:token/at', async (req, reply) => {
    const { v } = await view(req);
    const raw = (req.query as { v?: unknown }).v;
    const others = Object.keys(req.query as object).filter((k) => k !== 'v' && k !== 'lang');
    if (typeof raw !== 'string' || !VERSION.test(raw) || others.length) throw new PageError(400, say('web.error.sliderNumber'));
    return reply.redirect(withLang(`${v.base}/at/${Math.min(Number(raw), v.audience.through)}`, v.lang));
  });

  web.get('/b/:battle/:token/at/:version', async (req, reply) => {
    const { v, data } = await view(req);
    const n = version(req, v);
    const { before, at } = data.around(n);
    return html(reply, statePage(v, at, data.events[n - 1], before));
  });

  web.get('/b/:battle/:token/report', async (req, reply) => {
    const { v, data } = await view(req);
    const r = report(data, v);
    return html(reply, reportPage(v, r ? reportText(r) : say('web.report.none'), Boolean(r?.strength)));
  });

  web.get('/b/:battle/:token/report.svg', async (req, reply) => {
    const { v, data } = await view(req);
    const r = report(data, v);
    if (!r?.strength) throw notFound();
    return reply.type('image/svg+xml; charset=utf-8').send(await chartOf(r, v.locale ?? 'en'));
  });

  web.get('/b/:battle/:token/channel', async (req, reply) => {
    const { v, data } = await view(req);
    const here = (await store.battles()).filter((b) => b.channel === data.now.channel);
    // A spectator's view lags on purpose: it lists no running battle's live page, its own included.
    const lagging = v.audience.link.view === 'spectator';
    const battles = (await listed(here)).map((b) => (lagging && !b.ended ? { id: b.id, name: b.name, system: b.system, ended: b.ended } : b));
    return html(reply, listPage(say('web.channel.title'), say('web.channel.sub', { battle: v.state.name }), battles, { ...(v.locale ? { locale: v.locale } : {}), ...lang(req), here: pathOf(req) }));
  });

  web.get('/c/:campaign/:token', async (req, reply) => {
    const { campaign, token } = req.params as { campaign: string; token: string };
    const id = await checked('c', campaign, token);
    if (!(await store.campaign(campaign))) throw notFound();
    const c = await app.campaigns.state(campaign);
    if (!Object.hasOwn(c.links, id) || c.links[id]!.revoked) throw notFound();
    const rows = await Promise.all(Object.values(c.battles).map((b) => store.battle(b.id)));
    const notes = new Map(Object.values(c.battles).map((b) => [b.id, say('web.campaign.note', { turn: String(b.turn), stage: b.stage })]));
    const battles = (await listed(rows.filter((r) => r !== undefined))).map((b) => ({ ...b, note: notes.get(b.id) ?? '' }));
    const page = { locale: localeFor(req, c.language), ...lang(req), here: pathOf(req) };
    return html(reply, listPage(say('web.campaign.title', { campaign: c.name }), say('web.campaign.sub', { id: c.id, turn: String(c.turns.length) }), battles, page));
  });

  /** The language the address chose, as a list page's options keep it. */
  const lang = (req: FastifyRequest): { lang?: Locale } => {
    const l = asked(req);
    return l ? { lang: l } : {};
  };

  /** Battles as a list shows them, each with its live public link's page, if any. */
  async function listed(rows: readonly { id: string; name: string; system: string; ended: boolean }[]): Promise<ListedBattle[]> {
    return Promise.all(
      rows.map(async (b) => {
        const d = await cache.get(b.id);
        const pub = Object.values(d.now.links).find((l) => l.view === 'public' && !l.revoked);
        return { id: b.id, name: b.name, system: b.system, ended: b.ended, ...(pub ? { url: shareUrl(o.base, await shareKey(), b.id, pub.id) } : {}) };
      }),
    );
  }

  return web;
}

/** The report of the view's turns: the log through its last event. */
function report(data: BattleData, v: BattleView) {
  try {
    return battleReport(data.battleId, data.events.filter((e) => e.version <= v.audience.through));
  } catch (err) {
    if (err instanceof RuleError) return undefined;
    throw err;
  }
}

/**
 * A request Node's HTTP parser refused before Fastify saw it (issue 38): an address or headers over
 * Node's 16 kB (a 100 kB address, a query of 10,000 parameters), a malformed request, one too slow
 * to arrive. Fastify's own answer is JSON without the pages' headers, and it closes the socket on the
 * bytes the client is still sending, which makes the kernel send a reset the client may read before
 * the answer: here the answer is the plain page with the headers, and the rest is read and dropped
 * until the client closes (DRAIN_BYTES or DRAIN_MS at most: past them a reset is the client's doing).
 */
function refuseUnread(err: Error & { code?: string }, socket: Socket): void {
  // Node's parser, fed what the client still sends, reports the same error again: answered once.
  if (err.code === 'ECONNRESET' || socket.destroyed || refused.has(socket)) return;
  refused.add(socket);
  if (!socket.writable) return void socket.destroy();
  const [status, text] =
    err.code === 'HPE_HEADER_OVERFLOW' ? [431, say('web.error.headersTooLarge')] : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, say('web.error.tooSlowToArrive')] : [400, NOT_ANSWERED];
  const body = errorPage(status, text);
  const head = Object.entries({ ...HEADERS, 'content-type': 'text/html; charset=utf-8', 'content-length': Buffer.byteLength(body), connection: 'close' }).map(([k, v]) => `${k}: ${v}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${head.join('')}\r\n${body}`);
  let read = 0;
  socket.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_BYTES) socket.destroy();
  });
  socket.setTimeout(DRAIN_MS, () => socket.destroy());
  socket.resume();
}

const refused = new WeakSet<Socket>();
/** What is read of a refused request after its answer, at most. */
const DRAIN_BYTES = 1 << 20;
const DRAIN_MS = 5000;

function sendError(reply: FastifyReply, status: number, text: Text, locale?: Locale) {
  return reply.code(status).type('text/html; charset=utf-8').send(errorPage(status, text, locale));
}
