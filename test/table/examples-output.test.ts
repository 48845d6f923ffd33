import { readdirSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startTable } from '../support/table.ts';

/**
 * What every example script prints, recorded before the rule systems moved into their folders
 * (issue 25): a move of code changes nothing a user sees. The dice seed and the clock are fixed.
 */
const examples = readdirSync('examples').filter((f) => f.endsWith('.table')).sort();

describe('every example script prints what it printed before the systems moved (issue 25)', () => {
  it.each(examples)('examples/%s', async (name) => {
    let tick = Date.parse('2026-01-01T12:00:00Z');
    const t = startTable({ now: () => new Date((tick += 1000)) });
    const out = await t.run(readFileSync(`examples/${name}`, 'utf8').split('\n'));
    expect(out.length).toBeGreaterThan(10);
    // A report's chart goes to a fresh temporary folder each run: its file name is what the example fixes.
    const fixed = out.map((o) => ('files' in o ? { ...o, files: (o.files as string[]).map((f) => basename(f)) } : o));
    // An event's hash binds its random salt (issue 37): what quotes one (a campaign's proposal, its chart's name) is told by its place.
    const sealed = (line: string) => line.replace(/hash [0-9a-f]{12}…/g, 'hash <sealed>…').replace(/(-c\d+)-[0-9a-f]{8}(-turn\d+\.png)/g, '$1-<sealed>$2');
    await expect(`${fixed.map((o) => sealed(JSON.stringify(o))).join('\n')}\n`).toMatchFileSnapshot(`__snapshots__/${name.replace(/\.table$/, '.jsonl')}`);
  });
});

describe('/help lists what it listed before the systems moved (issue 25)', () => {
  it.each(['percentile', 'brigade', 'medieval', 'charge'])('in a %s battle, to its GM and to a player; and with no battle', async (system) => {
    const t = startTable();
    const out = await t.run(['@alice /help', `@gm /battle create name:Help system:${system}`, '@gm /side add name:Blue', '@alice /join side:Blue', '@gm /help', '@alice /help']);
    const helps = out.filter((o) => o.title === 'Commands you can use now').map((o) => o.text);
    expect(helps).toHaveLength(3);
    await expect(`${helps.join('\n\n----\n\n')}\n`).toMatchFileSnapshot(`__snapshots__/help-${system}.txt`);
  });
});
