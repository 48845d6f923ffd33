import { execFile } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/**
 * Issue 17: the README's shell blocks marked runnable (```sh runnable) run, in the order given, in an
 * empty directory that sees the project's files, each within a time limit; and what the README
 * points at exists, inside the repository (issue 39: a clone with nothing beside it is whole).
 * Issue 39 also keeps the README a newcomer's page: under 3,000 words, with the figures, suites and
 * operations in docs/, every page of which the README links; docs/ is held to the same checks.
 */
const README = readFileSync('README.md', 'utf8');
/** docs/*.md and docs/rules/*.md, each with its text. */
const DOCS = ['docs', 'docs/rules'].flatMap((d) => readdirSync(d).filter((f) => f.endsWith('.md')).map((f) => join(d, f)));
const PAGES = [{ path: 'README.md', text: README }, ...DOCS.map((path) => ({ path, text: readFileSync(path, 'utf8') }))];
const run = promisify(execFile);
const LIMIT_MS = 120_000;

/** The fenced blocks: their info string and body; a fence is a line of its own. */
function blocks(md: string): { info: string; body: string; line: number }[] {
  const out: { info: string; body: string; line: number }[] = [];
  const lines = md.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)```(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((l, j) => j > i && /^\s*```\s*$/.test(l));
    if (end < 0) throw new Error(`line ${i + 1}: a code fence that never closes`);
    out.push({ info: open[2]!.trim(), body: lines.slice(i + 1, end).join('\n'), line: i + 1 });
    i = end;
  }
  return out;
}

describe('README.md', () => {
  it('every code fence closes on a line of its own, and no heading is inside a block', () => {
    const all = blocks(README);
    expect(all.length).toBeGreaterThan(5);
    for (const b of all) expect(b.body, `block at line ${b.line}`).not.toMatch(/^#{2,3} /m);
    expect(README.split('\n').filter((l) => /```/.test(l) && !/^\s*```[\w -]*$/.test(l))).toEqual([]);
    expect(README).toMatch(/\n## Running the Discord bot\n/);
    for (const p of PAGES.slice(1)) {
      for (const b of blocks(p.text)) expect(b.body, `${p.path}: block at line ${b.line}`).not.toMatch(/^#{2,3} /m);
      // Only the README's runnable blocks are run: a page of docs/ has none.
      expect(blocks(p.text).filter((b) => /runnable/.test(b.info)), p.path).toEqual([]);
    }
  });

  it('is under 3,000 words (as `wc -w` counts), and links every page of docs/', () => {
    expect(README.split(/\s+/).filter(Boolean).length).toBeLessThan(3000);
    const links = new Set([...README.matchAll(/\]\(([^)#\s]+)(?:#[\w-]*)?\)/g)].map((m) => m[1]!));
    expect(DOCS.filter((d) => !d.startsWith('docs/rules/')).filter((d) => !links.has(d))).toEqual([]);
    expect(links.has('docs/rules/') || DOCS.filter((d) => d.startsWith('docs/rules/')).every((d) => links.has(d))).toBe(true);
  });

  it('every file and folder it names exists (and every one docs/ names)', () => {
    for (const p of PAGES.slice(1)) {
      const inDoc = [...p.text.matchAll(/`((?:docs|src|examples|commands|test|migrations|bench|\.ci)\/[\w./<>-]*|\.env\.example)`/g)].map((m) => m[1]!);
      expect(inDoc.filter((f) => !f.includes('<') && !existsSync(f)), p.path).toEqual([]);
    }
    const named = [...README.matchAll(/`((?:docs|src|examples|commands|test|migrations|bench|\.ci)\/[\w./<>-]*|\.env\.example)`/g)].map((m) => m[1]!);
    const missing = named.filter((p) => !p.includes('<') && !existsSync(p));
    expect(named.length).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('every relative link leads to a file of the repository, and nothing points outside it', () => {
    const links = [...README.matchAll(/\]\(([^)#\s]+)(?:#[\w-]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
    expect(links).toEqual(expect.arrayContaining(['docs/architecture.md', 'docs/rules/charge.md']));
    expect(links.filter((l) => !existsSync(l))).toEqual([]);
    expect(README.match(/\.\.\/[\w.]/g) ?? []).toEqual([]);
    // A page of docs/ links relative to itself, to a file of the repository and never above it.
    for (const p of PAGES.slice(1)) {
      const targets = [...p.text.matchAll(/\]\(([^)#\s]+)(?:#[\w-]*)?\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
      const resolved = targets.map((l) => relative(resolve('.'), resolve(dirname(p.path), l)));
      expect(resolved.filter((r) => r.startsWith('..') || !existsSync(r)), p.path).toEqual([]);
    }
  });

  it(
    'the runnable shell blocks run in order in an empty directory, each command succeeding',
    async () => {
      const runnable = blocks(README).filter((b) => /^sh\s+runnable\b/.test(b.info));
      expect(runnable.length).toBeGreaterThanOrEqual(3);
      const dir = mkdtempSync(join(tmpdir(), 'umpire-readme-'));
      for (const f of ['package.json', 'node_modules', 'bin', 'src', 'commands', 'migrations', 'tsconfig.json']) symlinkSync(resolve(f), join(dir, f));
      // Copied, not linked: the table reads no file whose real path is outside its working directory (a roster, a house-rules file).
      cpSync('examples', join(dir, 'examples'), { recursive: true });
      for (const b of runnable) {
        const { stdout } = await run('bash', ['-e', '-o', 'pipefail', '-c', b.body], { cwd: dir, timeout: LIMIT_MS, maxBuffer: 64 * 1024 * 1024, env: { ...process.env, LOG_LEVEL: 'warn' } });
        expect(stdout.length, `block at README.md:${b.line}`).toBeGreaterThan(0);
      }
      // What the blocks promise is there: each example its database, the report's chart.
      for (const f of ['demo.db', 'demo-json.db', 'stoke.db', 'quatre-bras.db', 'aspern.db', 'stoke-report.png', 'campaign.db', 'season.db']) expect(existsSync(join(dir, 'data', f)), f).toBe(true);
    },
    LIMIT_MS * 6,
  );
});
