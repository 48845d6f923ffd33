import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { shareToken } from '../../src/app/messages/share.ts';
import type { EventStore } from '../../src/store/types.ts';
import { BattleCache } from '../../src/web/battle-data.ts';
import { campaignTable } from '../campaign/support.ts';
import { startTable } from '../support/table.ts';
import { linkOf, pages } from '../support/web.ts';

/**
 * Issue 37, "a secret stays secret on every surface": a side's link opens the view of the side it
 * was made for, by that side's identity (the event that added it), whatever is undone or imported
 * after; a link whose side is gone is a wrong link. And a wrong token is refused before anything of
 * the battle (or campaign) is read: the same answer, at the same cost, whether it exists or not.
 */

afterEach(() => vi.restoreAllMocks());

/** An order of battle of two sides, in this order, each with a command of one unit. */
const oob = (...sides: string[]) =>
  `sides:\n${sides
    .map((s) => `  - name: ${s}\n    commands:\n      - name: ${s} Foot\n        units:\n          - { name: ${s} Archers, arm: infantry, figures: 24, class: C, order: loose, formation: line, armour: light, weapon: longbow, melee_weapon: sword }\n`)
    .join('')}`;

/** A table whose folder holds the two orders of battle: North then South, and swapped. */
function oobTable() {
  const cwd = mkdtempSync(join(tmpdir(), 'umpire-links-'));
  writeFileSync(join(cwd, 'north-south.yaml'), oob('North', 'South'));
  writeFileSync(join(cwd, 'south-north.yaml'), oob('South', 'North'));
  return startTable({ cwd });
}

/** What a browser is told: status, headers (but the date) and body. */
const answer = (res: LightMyRequestResponse) => {
  const { date: _, ...headers } = res.headers;
  return { status: res.statusCode, headers, body: res.body };
};

/** A token of the right form for `link` whose MAC is no link's. */
const forged = (link: string) => `${link}-${'A'.repeat(22)}`;

describe("issue 37: a side's link follows its side, not its id or name", () => {
  it('after an undo of the order of battle and a re-import with the sides swapped, the old side links are unknown links; a new share gives each side its own', async () => {
    const t = oobTable();
    await t.run(['@gm /battle create name:Ligny system:medieval', '@gm /oob import file:north-south.yaml', '@alice /join side:North', '@bob /join side:South']);
    const shared = await t.run('@gm /battle share');
    const north = linkOf(shared, (m) => m.to === 'dm' && m.user === 'alice');
    const south = linkOf(shared, (m) => m.to === 'dm' && m.user === 'bob');
    const { get } = pages(t.app);
    expect((await get(north)).body).toContain("North&#39;s view");

    // Undone back to before the sides (the share is passed over), then the sides again, swapped: s1 is South now.
    await t.run(['@gm /battle undo', '@gm /battle undo', '@gm /battle undo', '@gm /oob import file:south-north.yaml', '@alice /join side:North', '@bob /join side:South']);
    expect(Object.values((await t.app.state('b1')).sides).map((s) => `${s.id} ${s.name}`)).toEqual(['s1 South', 's2 North']);

    const unknown = answer(await get(`/b/b1/${forged('l2')}`));
    expect(unknown.status).toBe(404);
    for (const old of [north, south])
      for (const page of ['', '/export.json', '/at/1', '/report', '/channel', '/timeline/1']) {
        const res = await get(`${old}${page}`);
        expect(answer(res), `${old}${page}`).toEqual(unknown);
        expect(res.body).not.toMatch(/North|South/);
      }

    // The GM shares again: the public link stands, each side gets a link of its own.
    const again = await t.run('@gm /battle share');
    const south2 = linkOf(again, (m) => m.to === 'dm' && m.user === 'bob');
    const north2 = linkOf(again, (m) => m.to === 'dm' && m.user === 'alice');
    expect(new Set([south2, north2, north, south]).size).toBe(4);
    expect((await get(south2)).body).toContain("South&#39;s view");
    expect((await get(`${south2}/export.json`)).json<{ view: string }>().view).toBe('side:s1');
    expect((await get(north2)).body).toContain("North&#39;s view");
  });

  it("a side's link keeps opening while its side changes: players join, commands are added", async () => {
    const t = oobTable();
    await t.run(['@gm /battle create name:Ligny system:medieval', '@gm /oob import file:north-south.yaml', '@alice /join side:North']);
    const north = linkOf(await t.run('@gm /battle share'), (m) => m.to === 'dm' && m.user === 'alice');
    await t.run(['@carol /join side:North', '@gm /command add name:Reserve side:North', '@gm /side add name:East']);
    const { get } = pages(t.app);
    const res = await get(north);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain("North&#39;s view");
  });

  it("the link of a side undone is an unknown link, and stays one when a side is added under the same id", async () => {
    const t = oobTable();
    await t.run(['@gm /battle create name:Ligny system:medieval', '@gm /side add name:North', '@gm /side add name:East']);
    const shared = await t.run('@gm /battle share');
    const east = /East's view \(no players yet[^)]*\): http:\/\/localhost:8080(\S+)/.exec(shared.find((m) => m.to === 'reply')!.text)![1]!;
    const { get } = pages(t.app);
    expect((await get(east)).statusCode).toBe(200);

    await t.run('@gm /battle undo');
    const unknown = answer(await get(`/b/b1/${forged('l3')}`));
    expect(answer(await get(east))).toEqual(unknown);
    await t.run('@gm /side add name:West');
    expect((await t.app.state('b1')).sides.s2?.name).toBe('West');
    expect(answer(await get(east))).toEqual(unknown);
    expect(answer(await get(`${east}/export.json`))).toEqual(answer(await get(`/b/b1/${forged('l3')}/export.json`)));
  });
});

/** Every read of the store but its key's (EventStore), and every battle load, counted. */
function spyReads(store: EventStore) {
  const reads = ['load', 'loadEntries', 'chain', 'findRequest', 'version', 'battles', 'battle', 'runningIn', 'campaigns', 'campaign', 'campaignIn', 'posts', 'seed'] as const;
  const spies = [...reads.map((n) => vi.spyOn(store, n)), vi.spyOn(BattleCache.prototype, 'get')];
  return () => spies.reduce((n, s) => n + s.mock.calls.length, 0);
}

describe('issue 37: a wrong token is refused before anything of the battle is read', () => {

  it('of a big shared battle, a battle never shared and no battle: no read at all, and the same answer', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Ligny system:medieval', '@gm /side add name:North', '@gm /side add name:South', ...Array.from({ length: 300 }, (_, i) => `@gm /roll 1d6 reason:"roll ${i}"`)]);
    const shared = await t.run('@gm /battle share spectator-lag:1');
    const pub = linkOf(shared, (m) => m.to === 'channel');
    await t.run('#other @gm /battle create name:Wavre system:medieval');
    const { get } = pages(t.app);
    expect((await get(pub)).statusCode).toBe(200);
    const key = await t.store.shareKey();
    const real = pub.split('/')[3]!;

    const reads = spyReads(t.store);
    // Right form, wrong MAC: of live links, of none; the real token a character off, or another stream's.
    const tokens = [forged('l1'), forged('l2'), forged('l999999999'), `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`, shareToken(key, 'b1', 'l1', 'c'), shareToken(key, 'b3', 'l1')];
    for (const token of tokens)
      for (const page of ['', '/export.json', '/at/1', '/channel']) {
        const answers = [];
        for (const battle of ['b1', 'b2', 'b9']) answers.push(answer(await get(`/b/${battle}/${token}${page}`)));
        expect(answers[0]!.status, `${token}${page}`).toBe(404);
        expect(answers[1], `b2 ${token}${page}`).toEqual(answers[0]);
        expect(answers[2], `b9 ${token}${page}`).toEqual(answers[0]);
      }
    expect(reads()).toBe(0);
  });

  it("of a shared campaign, one never shared and no campaign: no read at all, and the same answer", async () => {
    const t = await campaignTable();
    const page = linkOf(await t.run('#campaign @gm /campaign share'), (m) => m.channel === 'campaign');
    await t.run('#other @gm /campaign create name:Other');
    const { get } = pages(t.app);
    expect((await get(page)).statusCode).toBe(200);
    const key = await t.store.shareKey();

    const reads = spyReads(t.store);
    const state = vi.spyOn(t.app.campaigns, 'state');
    const real = page.split('/')[3]!;
    // A forged MAC, a battle's token for c1, the real token a character off.
    for (const token of [forged('l1'), forged('l2'), shareToken(key, 'c1', 'l1'), `${real.slice(0, -1)}${real.endsWith('A') ? 'B' : 'A'}`]) {
      const answers = [];
      for (const campaign of ['c1', 'c2', 'c9']) answers.push(answer(await get(`/c/${campaign}/${token}`)));
      expect(answers[0]!.status).toBe(404);
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[2]).toEqual(answers[0]);
    }
    expect(reads() + state.mock.calls.length).toBe(0);
  });

  it('a link of the first form (no link id) no longer opens: it says so, by its form alone', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Ligny system:medieval', '@gm /battle share']);
    const { get } = pages(t.app);
    const reads = spyReads(t.store);
    const old = 'cO-Ix-EsY3KcWCESEIgJKC';
    const answers = await Promise.all(['/b/b1', '/b/b9', '/c/c1', '/c/c9'].map(async (p) => answer(await get(`${p}/${old}`))));
    expect(answers[0]!.status).toBe(404);
    expect(answers[0]!.body).toContain('links of this form, made before the battle pages changed them, no longer open. Ask the GM to make new ones: /battle unshare, then /battle share.');
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]!.body).toContain('Ask the GM to make new ones: /campaign unshare, then /campaign share.');
    expect(answers[3]).toEqual(answers[2]);
    expect(reads()).toBe(0);
  });
});
