import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { Umpire } from '../../src/app/service/umpire.ts';
import { verifyCampaign } from '../../src/app/reports/verify.ts';
import { Table } from '../../src/table/table.ts';
import { storeKinds } from '../store/stores.ts';

/**
 * The campaign is a stream in the same store as its battles, SQLite and PostgreSQL alike (issue 29):
 * examples/campaign.table plays on each, the losses carry over, and its chain verifies with the
 * battle it references.
 */
describe.each(storeKinds)('a campaign on $name', (kind) => {
  it('plays examples/campaign.table: the first battle\'s losses are the second battle\'s roster, and verify --campaign holds', async () => {
    const { store } = await kind.open();
    let tick = Date.parse('2026-01-01T12:00:00Z');
    const app = new Umpire(store, { newSeed: () => Buffer.alloc(32, 1), now: () => new Date((tick += 1000)) });
    const out: { text: string; error?: string }[] = [];
    const table = new Table(app, { json: true, cwd: process.cwd(), filesDir: mkdtempSync(join(tmpdir(), 'umpire-files-')), print: (l) => out.push(JSON.parse(l) as { text: string }) });
    for (const line of readFileSync('examples/campaign.table', 'utf8').split('\n')) await table.run(line);
    const newark = await app.state('c1-b2');
    const figures = Object.fromEntries(Object.values(newark.units).map((u) => [u.name, u.attrs.figures]));
    expect(figures).toMatchObject({ "Oxford's Archers": 22, 'Landsknecht Pikes': 27, 'Irish Kerns': 16 });
    expect((await store.campaigns()).map((c) => c.id)).toEqual(['c1']);
    expect((await store.battles()).map((b) => b.id)).toEqual(['c1-b1', 'c1-b2']);
    const v = await verifyCampaign(store, 'c1');
    expect(v.chain.ok).toBe(true);
    expect(v.battles.map((b) => [b.battleId, b.matches, b.log.chain.ok])).toEqual([['c1-b1', true, true]]);
  }, 60_000);
});
