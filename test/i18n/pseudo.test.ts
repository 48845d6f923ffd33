import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { LIMIT, render } from '../../src/discord/render.ts';
import { startTable, type Out } from '../support/table.ts';
import { houseValueText } from '../../src/battle/house.ts';
import { PSEUDO } from '../../src/i18n/locales.ts';
import { word } from '../../src/i18n/text.ts';

/**
 * Issue 43: every example script played in the pseudo-locale (en-XA: the catalog's English accented
 * and bracketed), French and German. A word a reader sees outside the brackets did not come from the
 * catalog: it was written where it is said. Inside them, a run of plain English words is a sentence
 * the bot wrote outside the catalog and passed in as a value. Both are held at none.
 */
const examples = readdirSync('examples').filter((f) => f.endsWith('.table')).sort();

/**
 * Words of three letters or more outside every bracket; mentions (`<@alice>`), timestamps, hex (a hash,
 * a seal) and rule IDs (MED-RANGE.9, NIGHT-18.24.a: never translated) left out.
 */
export function outside(text: string): string[] {
  let depth = 0;
  let out = '';
  for (const c of text.replace(/<@[^>\s]+>|<t:\d+(:[A-Za-z])?>|[0-9a-f]{8,}|\b[A-Z]{2,}(?:-[A-Z0-9]+)+(?:\.[A-Za-z0-9]+)*/g, ' ')) {
    if (c === '[') depth++;
    else if (c === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0) out += c;
  }
  return out.match(/[A-Za-z]{3,}/g) ?? [];
}

const shownTexts = (o: Out): string[] => [o.title ?? '', o.text, o.need ?? '', ...(o.buttons ?? [])];

/** The keys of an order of battle or a campaign's file whose values are names (a unit's, an officer's, a nation's). */
const NAME_KEYS = new Set(['name', 'officer', 'leader', 'nation']);

function namesIn(value: unknown, into: Set<string>): void {
  if (Array.isArray(value)) for (const v of value) namesIn(v, into);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (NAME_KEYS.has(k) && typeof v === 'string') into.add(v);
      else namesIn(v, into);
    }
  }
}

/**
 * What a script's players typed, which is shown as typed and never translated: its quoted option values
 * (a name, a reason, orders) and the names in the files it reads (`file:`). Longest first, so a name is
 * taken out whole before a shorter one inside it.
 */
export function typedIn(script: string[]): string[] {
  const typed = new Set<string>();
  for (const line of script) {
    for (const m of line.matchAll(/\w+:"([^"]+)"/g)) typed.add(m[1]!);
    for (const m of line.matchAll(/\bfile:(\S+)/g)) namesIn(parse(readFileSync(m[1]!, 'utf8')), typed);
  }
  return [...typed].sort((a, b) => b.length - a.length);
}

/**
 * English prose a message carries as a value, inside its brackets: runs of three or more words of
 * plain letters (the catalog's are accented), what the players typed, mentions, rule IDs and an example
 * command's quoted values (`title:"The Greys charge"`: what a user would type there) taken out. A name
 * or an identifier is one word or was typed; a run is a sentence the bot wrote outside the catalog.
 */
export function proseInside(text: string, typed: readonly string[]): string[] {
  const clean = typed.reduce((t, name) => t.replaceAll(name, ' '), text).replace(/<@[^>\s]+>|<t:\d+(:[A-Za-z])?>|[0-9a-f]{8,}|\b[A-Z]{2,}(?:-[A-Z0-9]+)+(?:\.[A-Za-z0-9]+)*|(?<![\w/])\/[a-z][a-z-]*(?: +[a-z][a-z-]*\b(?!:)){0,2}(?: +[a-z_]+:(?:"[^"]*"|\S*))*|\b[a-z][a-z_]*:(?=\S|$)|\S*[-_.]\S*[A-Za-z]\S*/g, ' ');
  const runs = clean.match(/(?:(?<![\p{L}])[A-Za-z]{2,}[,;:]?[ \t]+){2,}[A-Za-z]{2,}(?![\p{L}])/gu) ?? [];
  return runs.flatMap((r) => r.match(/[A-Za-z]{3,}/g) ?? []);
}

/** The words outside the catalog in `text`, what the players typed taken out first. */
export const untranslated = (text: string, typed: readonly string[]): string[] => outside(typed.reduce((t, name) => t.replaceAll(name, ' '), text));

const script = (name: string): string[] => readFileSync(`examples/${name}`, 'utf8').split('\n');

const table = (locale: 'en-XA' | 'fr' | 'de') => {
  let tick = Date.parse('2026-01-01T12:00:00Z');
  return startTable({ now: () => new Date((tick += 1000)), locale });
};

const play = (name: string, locale: 'en-XA' | 'fr' | 'de') => table(locale).run(script(name));

/**
 * An example played in the pseudo-locale, with what its GMs typed into house rules: each value set,
 * as the bot echoes it (the GM's own words and the value's own field names, never translated).
 */
async function playedWithHouse(name: string): Promise<{ out: Out[]; house: string[] }> {
  const t = table(PSEUDO);
  const out = await t.run(script(name));
  const house: string[] = [];
  for (const b of await t.store.battles()) {
    for (const e of await t.store.load(b.id)) if (e.type === 'HouseRuleSet') house.push(word(houseValueText((e.data as { value: unknown }).value), PSEUDO));
  }
  return { out, house };
}


describe('every example script in the pseudo-locale (issue 43)', () => {
  it('counts what the bot wrote, not what the players typed: quoted option values and the names in the files read', () => {
    const typed = typedIn(['/unit add name:"Oxford\'s Archers" arm:infantry', '/oob import file:examples/oob/percentile.yaml']);
    expect(typed).toEqual(expect.arrayContaining(["Oxford's Archers", 'Général de division Bachelu', '2e Léger', 'Netherlands']));
    expect(typed).not.toContain('infantry'); // a value the rules know is worded, so it is counted
    expect(untranslated("Oxford's Archers rallied under Général de division Bachelu", typed)).toEqual(['rallied', 'under']);
    expect(outside('lost 2 figures (MED-FIRE, NIGHT-18.24.a, MOVE-RATES.ART) [ŀóśţ]')).toEqual(['lost', 'figures']);
    // Inside the brackets: a sentence the bot wrote as a value counts, a name or a key alone does not.
    expect(proseInside("[Ţĥéé ŕéášóñ: lost figures to enemy fire] [Oxford's Archers] [ride-down.area.open] [brigade.yaml] [/fire medieval firer:x] [é.ĝ. /battle bookmark event:3 title:\"The Greys charge\"]", ["Oxford's Archers"])).toEqual(['lost', 'figures', 'enemy', 'fire']);
    // A command line is what a user types, its subcommand words and options with it; prose after it still counts.
    expect(proseInside('[ţýþéé /campaign battle start name:"Stoke Field" system:medieval to see how the units stand]', [])).toEqual(['see', 'how', 'the', 'units', 'stand']);
  });

  /** Every example played in the pseudo-locale, the words `found` finds in what it shows tallied; prints the total and the most frequent. */
  const tally = async (what: string, found: (text: string, typed: readonly string[]) => string[]): Promise<number> => {
    const words = new Map<string, number>();
    for (const name of examples) {
      const { out, house } = await playedWithHouse(name);
      const typed = [...typedIn(script(name)), ...house].sort((a, b) => b.length - a.length);
      for (const o of out) for (const w of shownTexts(o).flatMap((t) => found(t, typed))) words.set(w, (words.get(w) ?? 0) + 1);
    }
    const total = [...words.values()].reduce((x, y) => x + y, 0);
    console.log(`issue 43: ${total} ${what} over ${examples.length} example scripts; most often: ${[...words].sort((x, y) => y[1] - x[1]).slice(0, 12).map(([w, n]) => `${w} ${n}`).join(', ')}`);
    return total;
  };

  it('shows no word the catalog did not give', async () => {
    expect(await tally('words outside the catalog', untranslated)).toBe(0);
  });

  it('carries no English prose inside the brackets: no sentence the bot wrote outside the catalog, passed as a value', async () => {
    expect(await tally('words of English prose inside the brackets', proseInside)).toBe(0);
  });

  it("every message of every script, 30% longer in the pseudo-locale, still within Discord's limits: no title or button cut, and Discord's own checks pass", async () => {
    const over: string[] = [];
    let titles = 0;
    let labels = 0;
    for (const name of examples) {
      for (const o of await play(name, 'en-XA')) {
        titles += o.title ? 1 : 0;
        labels += o.buttons?.length ?? 0;
        if ((o.title ?? '').length > LIMIT.title) over.push(`${name}: a title of ${o.title!.length} characters`);
        for (const label of o.buttons ?? []) if (label.length > LIMIT.label) over.push(`${name}: a button label of ${label.length} characters`);
        // render() builds each part with discord.js's builders, whose checks throw on a limit broken.
        const parts = render({ to: { kind: 'channel', channel: 'c' }, text: o.text, ...(o.title ? { title: o.title } : {}), ...(o.buttons ? { buttons: o.buttons.map((label, i) => ({ label, customId: `b${i}` })) } : {}) });
        if (!parts.length) over.push(`${name}: a message rendered as nothing`);
      }
    }
    expect(over).toEqual([]);
    expect(titles).toBeGreaterThan(50); // the checks met real titles and buttons
    expect(labels).toBeGreaterThan(5);
  });

  /** How an action's reply opens in each language (app.done): the reader's locale reaches the wording. */
  const DONE = { fr: 'Fait (événement ', de: 'Erledigt (Ereignis ' };

  it.each(examples.flatMap((name) => [[name, 'fr'] as const, [name, 'de'] as const]))('examples/%s plays in %s, its replies worded in it', async (name, locale) => {
    const out = await play(name, locale);
    expect(out.length).toBeGreaterThan(10);
    const replies = out.filter((o) => o.to === 'reply' && !o.error);
    expect(replies.some((o) => o.text.startsWith(DONE[locale]))).toBe(true);
    expect(replies.some((o) => o.text.startsWith('Done (event '))).toBe(false);
  });
});
