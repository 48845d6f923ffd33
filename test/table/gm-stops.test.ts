import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { annotations, gmStops, STANDARD_TURNS, type GmStop } from '../../bench/gm-stops.ts';

/**
 * Issue 40: the GM steps in only where the rules leave a gap. Every example script (each system's
 * standard turn among them, its house-rules file uploaded) is played on its tests' seed; each GM stop
 * (a refusal for a value only a GM gives, an action held for a GM, an outcome left to the GM, a GM's
 * ruling) stands under a `# GM step (RULE-ID): ...` line naming the seed's gap, a rule the system's
 * reference marks gm or house; no such line stands over a line that is no stop.
 */
const scripts = readdirSync('examples').filter((f) => f.endsWith('.table')).sort();
const use = (system: string, id: string) => (JSON.parse(readFileSync(`src/systems/${system}/reference.json`, 'utf8')) as { id: string; use: string }[]).find((r) => r.id === id)?.use;

const played: [string, GmStop[]][] = [];
for (const script of scripts) played.push([script, await gmStops(`examples/${script}`)]);

describe.each(played)('examples/%s: every GM stop is a gap of the seed, named above its line (issue 40)', (script, stops) => {
  const notes = annotations(readFileSync(`examples/${script}`, 'utf8'));

  it('has a GM step annotation over each stop', () => {
    expect(stops.filter((s) => !notes.some((n) => n.line === s.line)).map((s) => `line ${s.line} (${s.why}): ${s.typed}`)).toEqual([]);
  });

  it('has no GM step annotation over a line that is no stop', () => {
    expect(notes.filter((n) => !stops.some((s) => s.line === n.line)).map((n) => `line ${n.line}: ${n.rule}`)).toEqual([]);
  });

  it('cites, at each stop, a rule the seed leaves open (gm or house in the reference)', () => {
    const cited = stops.flatMap((s) => notes.filter((n) => n.line === s.line).map((n) => ({ ...n, system: s.system })));
    expect(cited.filter((n) => !['gm', 'house'].includes(use(n.system, n.rule) ?? '')).map((n) => `line ${n.line}: ${n.rule} is ${use(n.system, n.rule) ?? 'not in the reference'} in ${n.system}`)).toEqual([]);
  });
});

describe('the standard turns (issue 40)', () => {
  it('are one a rule system, each uploading its example house rules', () => {
    for (const [system, script] of Object.entries(STANDARD_TURNS)) expect(readFileSync(script, 'utf8')).toContain(`/house upload file:examples/house/${system}.yaml`);
  });

  it('a house rule needed is never asked at a stop of a standard turn: the house file gives it', () => {
    const asked = played.filter(([f]) => Object.values(STANDARD_TURNS).includes(`examples/${f}` as never)).flatMap(([f, stops]) => stops.filter((s) => /house rule/.test(s.why)).map((s) => `${f}:${s.line} ${s.why}`));
    expect(asked).toEqual([]);
  });
});

describe('README "Where the GM still steps in" (issue 40)', () => {
  it("lists, per system, the rules and counts the standard turns' GM step annotations give", async () => {
    const section = /### Where the GM still steps in\n([\s\S]*?)\n## /.exec(readFileSync('README.md', 'utf8'))![1]!.replace(/\n {2,}/g, ' ');
    const listed = Object.fromEntries([...section.matchAll(/^- (\w+): (.*)$/gm)].map((m) => [m[1]!, [...m[2]!.matchAll(/([A-Z][A-Z0-9.-]*[A-Za-z0-9]) x(\d+)/g)].map((r) => `${r[1]} x${r[2]}`).sort()]));
    const counted = Object.fromEntries(
      Object.entries(STANDARD_TURNS).map(([system, script]) => {
        const n = new Map<string, number>();
        for (const a of annotations(readFileSync(script, 'utf8'))) n.set(a.rule, (n.get(a.rule) ?? 0) + 1);
        return [system, [...n].map(([r, c]) => `${r} x${c}`).sort()];
      }),
    );
    expect(listed).toEqual(counted);
  });
});
