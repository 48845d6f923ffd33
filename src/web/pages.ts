import { messages, parseMessage } from '../i18n/catalog.ts';
import { FALLBACK, intlLocale, LANGUAGES, languageOf, PSEUDO, type Locale } from '../i18n/locales.ts';
import { pseudo } from '../i18n/pseudo.ts';
import { say, word, type Arg, type Text } from '../i18n/text.ts';
import { attrsPhrase, describeEvent, positionPhrase, systemName, toldToChannel } from '../battle/describe.ts';
import type { LoggedEvent } from '../battle/events.ts';
import { getRuleSystem } from '../battle/registry.ts';
import { baseRequestId, foldAll } from '../battle/replay.ts';
import { initialState, type BattleState, type Bookmark } from '../battle/state.ts';
import type { Message } from '../messages.ts';
import type { Audience } from './audience.ts';
import { OWN_NAMES, withLang } from './lang.ts';
import { VERIFY_KEYS } from './verify-export.ts';
import { strengthName } from '../app/reports/words.ts';
import { esc, markdownHtml } from './markdown.ts';

/**
 * The battle pages' HTML (issue 30), rendered on the server: no framework, no build step, and only
 * two small scripts of our own (page.js: the slider and local times; verify.js: the check). Every
 * text from the log or a post goes through `esc` or `markdownHtml`.
 */

/**
 * Read on a phone (issue 42): at 375 px nothing is wider than the screen (long names and addresses
 * wrap, a table scrolls in its own box); every link and control shows where the keyboard is.
 */
const STYLE = `
body{font:15px/1.45 system-ui,sans-serif;margin:0;color:#1d2330;background:#f6f5f1;overflow-wrap:break-word}
header{background:#26304a;color:#fff;padding:.8em 1.2em}header h1{margin:0;font-size:1.35em}
header p{margin:.2em 0 0;color:#dfe3ee}nav.tabs{display:flex;flex-wrap:wrap;gap:.3em 1.2em;margin-top:.3em}nav.tabs a{color:#fff}
nav.lang{float:right;display:flex;gap:.2em .8em;flex-wrap:wrap;font-size:.9em}nav.lang a{color:#dfe3ee}nav.lang a[aria-current]{color:#fff;font-weight:600;text-decoration:none}
main{max-width:70em;margin:0 auto;padding:1em 1.2em}
section{background:#fff;border:1px solid #ddd8cc;border-radius:6px;padding:.6em 1em;margin:1em 0}
h2{font-size:1.1em;margin:.3em 0 .5em}
ol.timeline{list-style:none;padding:0;margin:0}
ol.timeline>li{border-top:1px solid #eee;padding:.45em 0;content-visibility:auto;contain-intrinsic-size:auto 3em}
.head{padding-left:3.5em;text-indent:-3.5em}.v{display:inline-block;min-width:3.5em;text-indent:0;font-variant-numeric:tabular-nums}
.meta,.by{color:#5a5f70;font-size:.85em}.by{margin-left:.3em}.voided{text-decoration:line-through;color:#5a5f70}.title{font-weight:600}
.post{margin:.35em 0 .2em 3.5em;padding:.35em .7em;border-left:3px solid #8aa0d0;background:#f3f6fc}
.post.dm{border-color:#b58ad0;background:#f8f2fc}.post h3{font-size:1em;margin:0 0 .2em}
.bookmark{background:#fff3c4;padding:0 .3em;border-radius:3px}nav.pages{margin:.4em 0;line-height:1.8}
.user{color:#3550a0}.quote{border-left:3px solid #ccc;padding-left:.5em}
.scroll{overflow-x:auto}#units td:last-child{min-width:14em}table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #eee;padding:.25em .5em;text-align:left}
.steps{display:flex;gap:.6em;align-items:center;flex-wrap:wrap}.steps input[type=range]{flex:1;min-width:10em}
#verify-result[data-status=ok]{color:#176b2c}#verify-result[data-status=failed]{color:#a31818;font-weight:bold}
img.chart{max-width:100%;height:auto}
a:focus-visible,button:focus-visible,input:focus-visible,[tabindex]:focus-visible{outline:3px solid #1d4ed8;outline-offset:2px}
header a:focus-visible{outline-color:#ffd54a}
@media (max-width:30em){main{padding:.5em}section{padding:.5em .6em}.post{margin-left:1em}.head{padding-left:2.5em;text-indent:-2.5em}.v{min-width:2.5em}}
`;

export interface PageOptions {
  /** The language the page is worded in: its `<html lang>`. English by default. */
  locale?: Locale;
  title: string;
  heading: string;
  sub?: string;
  /** Links of the page's header: [text, href]. */
  tabs?: [string, string][];
  scripts?: string[];
  /** The page's own address, without its query: the language switch links to it in each language. */
  here?: string;
}

/**
 * The language switch (issue 43): a link to the page in each language, named in that language (so
 * a reader finds their own whatever the page's), the page's own marked current. `lang` only words
 * the page: the address keeps its link's token, and so its audience.
 */
function languageSwitch(locale: Locale, here: string): string {
  const links = LANGUAGES.map((l) => `<a href="${esc(withLang(here, l))}" lang="${l}" hreflang="${l}"${l === locale ? ' aria-current="true"' : ''}>${esc(OWN_NAMES[l])}</a>`);
  return `<nav class="lang" aria-label="${esc(word(say('web.lang.label'), locale))}">${links.join('')}</nav>`;
}

export function page(o: PageOptions, body: string): string {
  const tabs = o.tabs?.length ? `<nav class="tabs">${o.tabs.map(([t, h]) => `<a href="${esc(h)}">${esc(t)}</a>`).join('')}</nav>` : '';
  const scripts = (o.scripts ?? []).map((s) => `<script src="${esc(s)}" defer></script>`).join('');
  const locale = o.locale ?? FALLBACK;
  const switcher = o.here ? languageSwitch(locale, o.here) : '';
  return `<!doctype html><html lang="${esc(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="referrer" content="no-referrer"><title>${esc(o.title)}</title><style>${STYLE}</style>${scripts}</head><body><header>${switcher}<h1>${esc(o.heading)}</h1>${o.sub ? `<p>${esc(o.sub)}</p>` : ''}${tabs}</header><main>${body}</main></body></html>`;
}

/**
 * A message of the catalog as HTML in `locale`: its words and its values escaped, but for the values
 * `html` gives, put in as the HTML they are (a link, a name's span). Markup never goes in the catalog.
 */
export function htmlText(locale: Locale, key: string, values: Readonly<Record<string, Arg>> = {}, html: Readonly<Record<string, string>> = {}): string {
  const marks = Object.keys(html);
  const all: Record<string, Arg> = { ...values };
  marks.forEach((k, i) => (all[k] = `\uE000${i}\uE001`));
  return esc(word(say(key, all), locale)).replace(/\uE000(\d+)\uE001/g, (_, i: string) => html[marks[Number(i)]!]!);
}

const HEADINGS: Readonly<Record<number, string>> = { 400: 'web.error.badRequest', 404: 'web.error.notFound', 408: 'web.error.tooSlow', 431: 'web.error.tooLarge' };

/** A plain page for a refusal: a status and a sentence, nothing about any battle. */
export const errorPage = (status: number, text: Text, locale: Locale = FALLBACK): string =>
  page({ locale, title: `${status}`, heading: word(say(HEADINGS[status] ?? 'web.error.other'), locale) }, `<section><p>${esc(word(text, locale))}</p></section>`);

/** A post or DM in its box: its title, unless its entry's head reads it, and its text's markdown; a DM names who it went to. */
function postHtml(locale: Locale, m: Message<string>, titled = true, text = m.text, to: readonly string[] = m.to.kind === 'dm' ? [m.to.user] : []): string {
  const who = to.length ? `<span class="meta">${htmlText(locale, 'web.post.dmTo', {}, { users: to.map((u) => `<span class="user">@${esc(u)}</span>`).join(', ') })}</span>` : '';
  return `<div class="post${m.to.kind === 'dm' ? ' dm' : ''}">${who}${titled && m.title ? `<h3>${markdownHtml(m.title)}</h3>` : ''}<div>${markdownHtml(text)}</div></div>`;
}

/** The boxes of posts: the same DM to several of a side's players is one box naming them all (issue 42). */
function boxesOf(locale: Locale, posts: readonly Message<string>[]): string {
  const boxes: { m: Message<string>; to: string[] }[] = [];
  const dms = new Map<string, string[]>();
  for (const m of posts) {
    if (m.to.kind !== 'dm') {
      boxes.push({ m, to: [] });
      continue;
    }
    const key = JSON.stringify([m.title ?? '', m.text]);
    const same = dms.get(key);
    if (same) same.push(m.to.user);
    else {
      const to = [m.to.user];
      dms.set(key, to);
      boxes.push({ m, to });
    }
  }
  return boxes.map((b) => postHtml(locale, b.m, true, b.m.text, b.to)).join('');
}

/** A channel post read as an entry's head: its title, or its first line; the rest goes in its box. */
function headOf(locale: Locale, m: Message<string>): { head: string; box: string } {
  if (m.title) return { head: m.title, box: postHtml(locale, m, false) };
  const [first = '', ...rest] = m.text.split('\n');
  return { head: first, box: rest.join('\n').trim() ? postHtml(locale, m, false, rest.join('\n')) : '' };
}

/** Whether the posts say an event's line: its first line is a post's title or one of its lines. */
const says = (posts: readonly Message<string>[], line: string): boolean => {
  const first = line.split('\n', 1)[0]!;
  return first !== '' && posts.some((m) => m.to.kind === 'channel' && (m.title === first || m.text.split('\n').includes(first)));
};

export interface BattleView {
  /** The page's own path: /b/<battle>/<token>. */
  base: string;
  audience: Audience;
  /** The battle now, as far as the view goes (its last version's state). */
  state: BattleState;
  events: readonly LoggedEvent[];
  posts: Map<number, Message<string>[]>;
  /** The language the page is worded in. */
  locale?: Locale;
  /** The language its address chose (`?lang=`), kept by every link of the page; none when the page took its default. */
  lang?: Locale;
  /** The page's own address, without its query: what the language switch links to. */
  here?: string;
}

const localeOf = (v: BattleView): Locale => v.locale ?? FALLBACK;
/** A link of the view's pages, keeping the language its address chose. */
const href = (v: BattleView, path: string): string => esc(withLang(path, v.lang));
/** A message of the catalog in the view's words, as text (escape it for HTML). */
const say_ = (v: BattleView, key: string, values?: Readonly<Record<string, Arg>>): string => word(say(key, values), localeOf(v));
const phaseName = (s: BattleState) => getRuleSystem(s.system).sequence.describe(s.position);
/** Where the battle stands: its turn and phase, as the reader's language words them, and the phase's name. */
const where = (s: BattleState): Text => {
  const p = phaseName(s);
  return say('web.where', { position: positionPhrase(s.position, p.number), phase: p.name });
};

function header(v: BattleView, title: string): PageOptions {
  const s = v.state;
  const now = s.ended ? say('web.battle.ended') : say('web.battle.now', { where: where(s) });
  return {
    locale: localeOf(v),
    title: say_(v, 'web.battle.title', { page: title, battle: s.name }),
    heading: `${s.name} (${s.id})`,
    sub: say_(v, 'web.battle.sub', { system: systemName(s.system), view: v.audience.label, now, through: String(v.audience.through) }),
    tabs: [
      [say_(v, 'web.tab.timeline'), withLang(`${v.base}#timeline`, v.lang)],
      [say_(v, 'web.tab.state'), withLang(`${v.base}/at/${v.audience.through}`, v.lang)],
      [say_(v, 'web.tab.report'), withLang(`${v.base}/report`, v.lang)],
      [say_(v, 'web.verify.heading'), withLang(`${v.base}#verify`, v.lang)],
      [say_(v, 'web.tab.channel'), withLang(`${v.base}/channel`, v.lang)],
    ],
    scripts: ['/page.js', '/verify.js'],
    ...(v.here ? { here: v.here } : {}),
  };
}

function bookmarksHtml(v: BattleView): string {
  const marks = Object.values(v.state.bookmarks).filter((b) => b.version <= v.audience.through).sort((a, b) => a.version - b.version);
  if (!marks.length) return '';
  return `<section id="bookmarks"><h2>${esc(say_(v, 'web.bookmarks.heading'))}</h2><ul>${marks.map((b) => `<li><a href="${href(v, `${v.base}/at/${b.version}`)}">${esc(b.title)}</a> <span class="meta">${esc(say_(v, 'web.event', { n: String(b.version) }))}</span></li>`).join('')}</ul></section>`;
}

const verifyTextsMade = new Map<Locale, string>();

/**
 * The verifier's messages in `locale`, parsed (as `t` reads them, the pseudo-locale's made from
 * English), as JSON for the page's script: the browser has no catalog, and words its verdict with these.
 */
export function verifyTexts(locale: Locale): string {
  let made = verifyTextsMade.get(locale);
  if (made) return made;
  const own = messages(languageOf(locale));
  const english = messages(FALLBACK);
  const parsed = (key: string) => {
    const ast = parseMessage(own.get(key) ?? english.get(key)!);
    return locale === PSEUDO ? pseudo(ast) : ast;
  };
  made = JSON.stringify(Object.fromEntries(VERIFY_KEYS.map((k) => [k, parsed(k)])));
  verifyTextsMade.set(locale, made);
  return made;
}

const verifyHtml = (v: BattleView) =>
  `<section id="verify" data-export="${esc(`${v.base}/export.json`)}" data-locale="${esc(intlLocale(localeOf(v)))}" data-texts="${esc(verifyTexts(localeOf(v)))}"><h2>${esc(say_(v, 'web.verify.heading'))}</h2><p>${htmlText(localeOf(v), 'web.verify.what', {}, { command: '<code>umpire verify</code>' })}</p><p><button id="verify-run" type="button">${esc(say_(v, 'web.verify.again'))}</button> <span id="verify-result">${esc(say_(v, 'web.verify.notYet'))}</span></p></section>`;

/** A timeline entry as a page shows it: the event, its line as the log words it, and what this view was sent with it. */
interface Entry {
  e: LoggedEvent;
  /** The log's own line, or '' where the channel was told nothing (a changed vote, issue 37). */
  line: string;
  posts: readonly Message<string>[];
  /** The earlier entry whose post tells this entry too, its command's first (issue 42): the line is not shown twice. */
  toldAt?: number;
}

/**
 * One timeline entry (issue 42: each thing shown once): a head of the event's number, what happened
 * and who did it when, then the boxes of what else this view was sent with it. What happened is the
 * channel's post where there is one (its title, or its first line), else the log's line; a post that
 * does not say its event's line leaves the line as the head. An entry withheld from the view shows
 * only what the view was sent with it: not its line, author or time.
 */
function entryHtml(v: BattleView, x: Entry, voided: boolean, mark: Bookmark | undefined): string {
  const { e, line, posts } = x;
  const bookmark = mark ? `<span class="bookmark">${esc(mark.title)}</span> ` : '';
  const number = `<a class="v" href="${href(v, `${v.base}/at/${e.version}`)}">${e.version}.</a>`;
  if (v.audience.withheld.has(e.version))
    return `<li id="e${e.version}"><div class="head">${number}${bookmark}<span class="meta withheld">${esc(say_(v, 'web.entry.sealed'))}</span></div>${boxesOf(localeOf(v), posts)}</li>`;
  const post = posts.find((m) => m.to.kind === 'channel');
  let head: string;
  let boxes: string;
  if (x.toldAt !== undefined) {
    head = `<span class="meta">${htmlText(localeOf(v), 'web.entry.toldAt', {}, { event: `<a href="#e${x.toldAt}">${esc(say_(v, 'web.event', { n: String(x.toldAt) }))}</a>` })}</span>`;
    boxes = '';
  } else if (post && (!line || says(posts, line))) {
    const read = headOf(localeOf(v), post);
    head = `<span class="what${post.title ? ' title' : ''}${voided ? ' voided' : ''}">${markdownHtml(read.head)}</span>`;
    boxes = read.box + boxesOf(localeOf(v), posts.filter((m) => m !== post));
  } else {
    head = line ? `<span class="what${voided ? ' voided' : ''}">${markdownHtml(line)}</span>` : `<span class="meta">${esc(say_(v, 'web.entry.notPosted'))}</span>`;
    boxes = boxesOf(localeOf(v), posts);
  }
  const by = `<span class="by">@${esc(e.actor)}, <time datetime="${esc(e.at)}">${esc(e.at)}</time></span>`;
  return `<li id="e${e.version}"><div class="head">${number}${bookmark}${head}${voided ? ` <span class="meta">${esc(say_(v, 'web.entry.undone'))}</span>` : ''} ${by}</div>${boxes}</li>`;
}

/**
 * The entries of a page of the timeline. A post sent for several events (an order of battle's
 * import, a share's links, a phase walk, a house file) carries the last one's number (issue 42):
 * it is shown with the first event of its request (the events one command wrote), and each other
 * event of the request points to it, so nothing is read twice, even where the post words the
 * events' lines its own way. Events of no request (a log from before requests were kept) are
 * matched by the post saying their lines.
 */
function entries(v: BattleView, shown: readonly { e: LoggedEvent; line: string }[]): Entry[] {
  const list: Entry[] = shown.map(({ e, line }) => ({ e, line, posts: v.posts.get(e.version) ?? [] }));
  const request = (x: Entry) => baseRequestId(x.e.requestId);
  for (let i = 0; i < list.length; i++) {
    const { posts } = list[i]!;
    if (!posts.length || v.audience.withheld.has(list[i]!.e.version)) continue;
    const own = request(list[i]!);
    // The run of events before it that were sent nothing of their own (none sealed from this view).
    let from = i;
    while (from > 0 && !list[from - 1]!.posts.length && list[from - 1]!.line && !v.audience.withheld.has(list[from - 1]!.e.version) && (own === null || request(list[from - 1]!) === own)) from--;
    const run = list.slice(from, i + 1);
    // The run is the request's own events; events of no request are those the post says.
    const said = own !== null ? run : run.filter((x) => says(posts, x.line));
    const first = said[0];
    if (!first || first === list[i]) continue;
    first.posts = posts;
    list[i]!.posts = [];
    for (const x of said.slice(1)) x.toldAt = first.e.version;
  }
  return list;
}

/**
 * The log's own line for an event, naming things as the battle stood just `before` it (read it then:
 * a fold moves that state on); one it cannot word (a type a later version added) is named. None for
 * an event withheld from the view, nor for a changed vote, as it had no post (issue 37).
 */
function lineOf(v: BattleView, e: LoggedEvent, before: BattleState): string {
  if (v.audience.withheld.has(e.version) || !toldToChannel(e.event, before)) return '';
  try {
    return word(describeEvent(e.event, before), v.locale ?? FALLBACK);
  } catch {
    return e.event.type;
  }
}

/** Timeline entries a page: a battle of thousands of events is read a thousand at a time, each page shown at once. */
export const PER_PAGE = 1000;

/** How many timeline pages the view has (one at least, even for an empty log). */
export const timelinePages = (v: BattleView): number => Math.max(1, Math.ceil(v.audience.through / PER_PAGE));

/** The battle's page: bookmarks, the check, and one page of the timeline, one entry an event. */
export function battlePage(v: BattleView, n = 1): string {
  const voided = new Set<number>();
  const shown = v.events.filter((e) => e.version <= v.audience.through);
  for (const e of shown) if (e.event.type === 'ActionUndone') for (const x of e.event.data.voids) voided.add(x);
  const first = (n - 1) * PER_PAGE + 1;
  const last = Math.min(n * PER_PAGE, v.audience.through);
  const rows: { e: LoggedEvent; line: string }[] = [];
  const marks = v.state.bookmarks;
  // Each line names things as the battle stood just before its event: folded from the start (fast), worded for this page only.
  foldAll(initialState(v.state.id), shown.slice(0, last), (e, before) => {
    if (e.version >= first) rows.push({ e, line: lineOf(v, e, before) });
  });
  const items = entries(v, rows).map((x) => entryHtml(v, x, voided.has(x.e.version), marks[x.e.version]));
  const pages = timelinePages(v);
  const nav =
    pages > 1
      ? `<nav class="pages">${esc(say_(v, 'web.timeline.pages'))} ${Array.from({ length: pages }, (_, i) => {
          const range = `${i * PER_PAGE + 1}–${Math.min((i + 1) * PER_PAGE, v.audience.through)}`;
          return i + 1 === n ? `<strong>${range}</strong>` : `<a href="${href(v, `${v.base}/timeline/${i + 1}`)}">${range}</a>`;
        }).join(' · ')}</nav>`
      : '';
  const timeline = `<section id="timeline"><h2>${esc(pages > 1 ? say_(v, 'web.timeline.headingOf', { first: String(first), last: String(last) }) : say_(v, 'web.tab.timeline'))}</h2>${nav}<ol class="timeline" start="${first}">${items.join('')}</ol>${nav}</section>`;
  return page(header(v, say_(v, 'web.tab.timeline')), bookmarksHtml(v) + verifyHtml(v) + timeline);
}

/** The battle at one event: where it stood, that event, its units, and the steps to the others. */
export function statePage(v: BattleView, at: BattleState, event: LoggedEvent | undefined, before: BattleState): string {
  const last = v.audience.through;
  const n = at.version;
  const step = (label: string, to: number, rel: string) => (to >= 1 && to <= last && to !== n ? `<a rel="${rel}" href="${href(v, `${v.base}/at/${to}`)}">${label}</a>` : `<span class="meta">${label}</span>`);
  const label = (key: string) => esc(say_(v, key));
  const steps = `<form class="steps" method="get" action="${esc(`${v.base}/at`)}">${step(label('web.step.first'), 1, 'first')}${step(label('web.step.previous'), n - 1, 'prev')}<input type="range" name="v" min="1" max="${last}" value="${n}" aria-label="${label('web.step.slider')}">${v.lang ? `<input type="hidden" name="lang" value="${esc(v.lang)}">` : ''}<output>${n} / ${last}</output><noscript><button>${label('web.step.go')}</button></noscript>${step(label('web.step.next'), n + 1, 'next')}${step(label('web.step.last'), last, 'last')}</form>`;
  // A bookmark is made after the event it marks: the view's state has it, the state at the event not yet.
  const marked = v.state.bookmarks[n];
  const mark = marked ? `<p><span class="bookmark">${esc(marked.title)}</span></p>` : '';
  const happened = event ? `<ol class="timeline" start="${n}">${entries(v, [{ e: event, line: lineOf(v, event, before) }]).map((x) => entryHtml(v, x, false, undefined)).join('')}</ol>` : '';
  const inTimeline = `<p><a href="${href(v, `${v.base}/timeline/${Math.max(1, Math.ceil(n / PER_PAGE))}#e${n}`)}">${esc(say_(v, 'web.step.inTimeline'))}</a></p>`;
  const named = say_(v, 'web.eventTitle', { n: String(n) });
  const body = `<section id="step"><h2>${esc(say_(v, 'web.step.heading', { event: named, where: where(at) }))}</h2>${steps}${mark}${happened}${inTimeline}</section>${unitsHtml(v, at)}`;
  return page({ ...header(v, named), title: say_(v, 'web.battle.title', { page: named, battle: v.state.name }) }, body);
}

/** Every unit by side and command: strength (now of its start), morale as the rules word it, its attributes. */
function unitsHtml(v: BattleView, s: BattleState): string {
  const t = (key: string, values?: Readonly<Record<string, Arg>>) => esc(say_(v, key, values));
  const report = getRuleSystem(s.system).report;
  const rows: string[] = [];
  for (const side of Object.values(s.sides)) {
    for (const c of Object.values(s.commands).filter((x) => x.sideId === side.id)) {
      for (const u of Object.values(s.units).filter((x) => x.commandId === c.id)) {
        const standing = report?.unit(s, u);
        rows.push(
          `<tr><td>${esc(side.name)}</td><td>${esc(c.name)}</td><td>${esc(u.name)}</td><td>${standing ? t('web.units.strength', { strength: String(standing.strength), start: String(standing.start), what: strengthName(report!.strength) }) : ''}</td><td>${standing ? t('web.units.morale', { status: standing.morale }) : ''}</td><td class="meta">${esc(word(attrsPhrase(s.system, u.attrs), localeOf(v)))}</td></tr>`,
        );
      }
    }
  }
  if (!rows.length) return `<section id="units"><h2>${t('web.units.heading')}</h2><p>${t('web.units.none')}</p></section>`;
  const th = ['side', 'command', 'unit', 'strength', 'morale', 'recorded'].map((c) => `<th>${t(`web.units.column.${c}`)}</th>`).join('');
  return `<section id="units"><h2>${t('web.units.heading')}</h2><div class="scroll" tabindex="0" role="region" aria-label="${t('web.units.region')}"><table><thead><tr>${th}</tr></thead><tbody>${rows.join('')}</tbody></table></div></section>`;
}

/** The battle report of the view's turns, with its charts when the rules report strength. */
export function reportPage(v: BattleView, text: Text, chart: boolean): string {
  // On a phone the chart shrinks to the page's width; the chart itself opens whole, to zoom.
  const svg = esc(`${v.base}/report.svg`);
  const img = chart ? `<p><img class="chart" src="${svg}" alt="${esc(say_(v, 'web.report.chartAlt'))}" width="1200" height="800"><br><a href="${svg}">${esc(say_(v, 'web.report.fullSize'))}</a></p>` : '';
  const report = say_(v, 'web.tab.report');
  return page(header(v, report), `<section id="report"><h2>${esc(report)}</h2><div>${markdownHtml(word(text, localeOf(v)))}</div>${img}</section>`);
}

export interface ListedBattle {
  id: string;
  name: string;
  system: string;
  ended: boolean;
  /** Its public page, if a live link has one. */
  url?: string;
  note?: Text;
}

export interface ListOptions {
  locale?: Locale;
  /** The language the address chose: the battles' links keep it. */
  lang?: Locale;
  /** The page's own address, for its language switch. */
  here?: string;
}

/** A list of battles (a channel's, a campaign's), each linked to its public page when it has one. */
export function listPage(title: Text, sub: Text, battles: readonly ListedBattle[], o: ListOptions = {}): string {
  const locale = o.locale ?? FALLBACK;
  const t = (key: string) => esc(word(say(key), locale));
  const items = battles.map(
    (b) =>
      `<li>${b.url ? `<a href="${esc(withLang(b.url, o.lang))}">${esc(b.name)}</a>` : esc(b.name)} <span class="meta">(${esc(b.id)}) · ${esc(word(systemName(b.system), locale))} · ${t(b.ended ? 'web.battle.ended' : 'web.list.running')}${b.url ? '' : ` · ${t('web.list.noPage')}`}${b.note ? ` · ${esc(word(b.note, locale))}` : ''}</span></li>`,
  );
  const heading = word(title, locale);
  return page({ locale, title: heading, heading, sub: word(sub, locale), ...(o.here ? { here: o.here } : {}) }, `<section><h2>${t('web.list.heading')}</h2>${items.length ? `<ul>${items.join('')}</ul>` : `<p>${t('web.list.none')}</p>`}</section>`);
}
