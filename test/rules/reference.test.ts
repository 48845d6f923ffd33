import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import ref from '../../commands/ref.ts';
import { RULE_USES, ruleLine, ruleText, type RuleRef } from '../../src/rules/reference.ts';
import { english, word } from '../../src/i18n/text.ts';
import { systems } from '../../src/systems/index.ts';

/**
 * Issue 39: each system's reference (src/systems/<id>/reference.json) lists exactly the rule IDs its
 * code cites, docs/rules/<id>.md is written from it (`npx vitest run test/rules/reference.test.ts --update`
 * rewrites a stale one), and /ref rule answers from it.
 */
// The reference's own translations (i18n/rules.<language>.json) cite no rule of the code: only the reference's lines do.
const files = (dir: string): string[] => readdirSync(dir, { withFileTypes: true }).flatMap((f) => (f.isDirectory() ? files(join(dir, f.name)) : /\.(ts|json)$/.test(f.name) && f.name !== 'reference.json' && !/^rules\.\w+\.json$/.test(f.name) ? [join(dir, f.name)] : []));
const SOURCES = files('src').map((f) => ({ f, text: readFileSync(f, 'utf8') }));

/** A system's prefixes, from the rule fields of its pack (MED, BRG, CHG, SKIRMISH...); those used bare may be cited bare. */
function prefixes(pack: unknown): { all: Set<string>; bare: Set<string> } {
  const all = new Set<string>();
  const bare = new Set<string>();
  const walk = (o: unknown): void => {
    if (Array.isArray(o)) return o.forEach(walk);
    if (!o || typeof o !== 'object') return;
    const rule = (o as { rule?: unknown }).rule;
    if (typeof rule === 'string' && /^[A-Z]+(-|$)/.test(rule)) {
      all.add(rule.split('-')[0]!);
      if (!rule.includes('-')) bare.add(rule);
    }
    Object.values(o).forEach(walk);
  };
  walk(pack);
  return { all, bare };
}

/** The IDs a text cites: a range (BRG-2.1-2.3) cites its two ends; a family (PCT-11.x) and a file name (FIRE-CHART.md) none. */
function cited(text: string, p: { all: Set<string>; bare: Set<string> }): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(new RegExp(`(?<![\\w.-])(?:${[...p.all].join('|')})(?:-[A-Za-z0-9][A-Za-z0-9.]*)*`, 'g'))) {
    const t = m[0].replace(/[.-]+$/, '');
    if (/\.md$|[.-]x$/.test(t) || (!t.includes('-') && !p.bare.has(t))) continue;
    const range = /^(.*?[-.])((?:\d+|[a-z])(?:\.(?:\d+|[a-z]))*)-((?:\d+|[a-z])(?:\.(?:\d+|[a-z]))*)$/.exec(t);
    const [head, from, to] = range ? [range[1]!, range[2]!.split('.'), range[3]!.split('.')] : ['', [], []];
    if (range && to.length <= from.length) out.push(head + from.join('.'), head + [...from.slice(0, from.length - to.length), ...to].join('.'));
    else out.push(t);
  }
  return out;
}

const byNumber = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

function doc(name: string, id: string, refs: readonly RuleRef[], where: Map<string, string[]>): string {
  return [
    `# ${name}: rule reference`,
    '',
    `Generated from \`src/systems/${id}/reference.json\` by \`test/rules/reference.test.ts\`; do not edit by hand. Each rule ID the code cites, what it says, and what the umpire does with it; \`/ref rule id:<ID>\` answers the same line.`,
    '',
    ...Object.entries(RULE_USES).map(([k, v]) => `- **${k}**: ${v}`),
    '',
    '| rule | what it says | the umpire | code |',
    '|---|---|---|---|',
    ...refs.map((r) => `| ${r.id} | ${r.says.replace(/\|/g, '\\|')} | ${r.use} | ${(where.get(r.id) ?? []).map((f) => `\`${f}\``).join(', ')} |`),
    '',
  ].join('\n');
}

describe('the rule reference of each system (issue 39)', () => {
  for (const x of systems) {
    it(`${x.id}: lists each rule ID the code cites, none missing and none stale, and docs/rules/${x.id}.md is written from it`, async () => {
      const p = prefixes(x.pack);
      const where = new Map<string, string[]>();
      for (const { f, text } of SOURCES) for (const id of new Set(cited(text, p))) where.set(id, [...(where.get(id) ?? []), f]);
      const listed = (x.reference ?? []).map((r) => r.id);
      expect(p.all.size).toBeGreaterThan(0);
      expect({ missing: [...where.keys()].filter((id) => !listed.includes(id)).sort(byNumber), stale: listed.filter((id) => !where.has(id)) }).toEqual({ missing: [], stale: [] });
      // Each line is a summary in words, not code or a comment copied from where the code cites it.
      expect((x.reference ?? []).filter((r) => /\$\{|\[object |=>|^(\/\/|\/\*|\{|[-*] |#)|\bconst\b|\brule: '/.test(r.says)).map((r) => r.id)).toEqual([]);
      await expect(doc(x.name, x.id, x.reference ?? [], where)).toMatchFileSnapshot(`../../docs/rules/${x.id}.md`);
    });
  }
});

describe('/ref rule', () => {
  const rule = ref(systems).subcommands.rule!;
  const ctx = { actor: 'u1', channel: 'c1' } as Parameters<NonNullable<typeof rule.query>>[1];
  it('answers a rule by its id, case-blind, with its line and what the umpire does with it (PCT-11.87)', async () => {
    const [m] = await rule.query!({ id: 'pct-11.87' }, ctx);
    const pct = systems.find((x) => x.id === 'percentile')!.reference!.find((r) => r.id === 'PCT-11.87')!;
    expect(english(m!.text)).toContain(ruleLine(pct));
    expect(english(m!.text)).toMatch(/2\/3/);
  });
  it('reads in the reader\'s language: MED-AUTOKILL.1 in French and German', async () => {
    const [m] = await rule.query!({ id: 'MED-AUTOKILL.1' }, ctx);
    expect(word(m!.text, 'fr')).toBe('MED-AUTOKILL.1 : Les pertes automatiques ne s’emploient que si les joueurs et l’arbitre en conviennent avant la partie, et seulement pour les dés de mêlée ; les dés échangés contre elles ne sont pas lancés. — appliquée par l’arbitre.');
    expect(word(m!.text, 'de')).toMatch(/^MED-AUTOKILL\.1: Automatische Verluste gelten nur, wenn Spieler und Schiedsrichter .* — vom Schiedsrichter angewandt\.$/);
    expect(english(m!.text)).toBe(ruleLine(systems.find((x) => x.id === 'medieval')!.reference!.find((r) => r.id === 'MED-AUTOKILL.1')!));
  });
  it("reads in English as the reference and the docs word it, each use's line", () => {
    const refs = systems.flatMap((x) => (x.reference ?? []).map((r) => [x.id, r] as const));
    expect(new Set(refs.map(([, r]) => r.use))).toEqual(new Set(Object.keys(RULE_USES)));
    expect(refs.filter(([id, r]) => english(ruleText(id, r)) !== ruleLine(r)).map(([, r]) => r.id)).toEqual([]);
  });
  it("a rule no catalog has (a test's own reference, or one of a system not installed) reads as written, in every language", () => {
    const own: RuleRef = { id: 'MED-AUTOKILL.1', says: 'A house line of our own', use: 'applied' };
    expect(word(ruleText('medieval', own), 'en')).toBe('MED-AUTOKILL.1: A house line of our own — applied by the umpire.');
    expect(word(ruleText('medieval', own), 'fr')).toBe('MED-AUTOKILL.1 : A house line of our own — appliquée par l’arbitre.');
    const elsewhere: RuleRef = { id: 'XYZ-1.2', says: 'Pikes stand', use: 'reference' };
    expect(word(ruleText('nowhere', elsewhere), 'de')).toBe('XYZ-1.2: Pikes stand — nur zum Nachschlagen: gezeigt (/ref), nie angewandt.');
  });
  it('refuses an unknown id, naming the nearest ids', async () => {
    await expect(async () => rule.query!({ id: 'PCT-11.877' }, ctx)).rejects.toThrow(/no rule PCT-11\.877 .*Nearest: .*\bPCT-11\.87,/);
  });
});
