import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verifyCampaign, verifyDice } from '../../src/app/reports/verify.ts';
import { copyStore, sourceChain, type CopiedFrom } from '../../src/store/copy.ts';
import { sourceCampaignChain, type CampaignCopiedFrom } from '../../src/store/copy-campaign.ts';
import { verifyChain } from '../../src/store/hash.ts';
import { openStore } from '../../src/store/open.ts';
import { freshLocation } from '../support/locations.ts';
import { TWO_TURNS } from '../campaign/support.ts';
import { startTable } from '../support/table.ts';
import { FULL, figureLine } from './figures.ts';

/**
 * Merging stores (issue 27): communities bring several servers' tables into one PostgreSQL store
 * with `umpire migrate-store`. Each source store holds its own b1, b2 (an example battle played
 * through, then a second one). Every battle arrives, the ones whose ids were taken renumbered, every
 * chain verified in the target, every die re-derived from the seed, every hash the battle had in its
 * source recomputable from the copy; a second run copies nothing again. Each also holds its own
 * campaign c1 (test/cli/campaign.test.ts's: two turns, its battle c1-b1 between them, whose result
 * was proposed by hash and confirmed): every campaign arrives, renumbered whole with its battle where
 * c1 was taken, and `umpire verify --campaign` passes on each (its chain, and each battle checked
 * against the hash it recorded), every hash it had in its source recomputable from the copy.
 */
const STORES = FULL ? 5 : 2;
const SCRIPTS = ['examples/short-battle.table', 'examples/medieval-battle.table', 'examples/brigade.table'];
/** Store i's campaign, in channels of its own (two servers' channels never share an id). */
const campaign = (i: number) => TWO_TURNS.map((l) => l.replace(/^#(campaign|stoke) /, `#$1${i} `));

describe('merging stores into one', () => {
  it(`${STORES} stores, each with its own b1, b2 and campaign c1 with its battle c1-b1, into one: nothing lost, every chain, die and campaign verified`, async () => {
    const target = process.env.TEST_DATABASE_URL ? await freshLocation('postgres', 'merge') : 'pglite:';
    const to = await openStore(target);
    const figures = { battles: 0, copied: 0, renumbered: 0, chainsBroken: 0, diceFailed: 0, sourceHashesLost: 0, copiedTwice: 0, campaigns: 0, campaignsRenumbered: 0, campaignsFailed: 0 };
    let firstStore = 0;
    for (let i = 0; i < STORES; i++) {
      let seed = i + 1;
      const t = startTable({ newSeed: () => Buffer.alloc(32, seed) });
      await t.run(readFileSync(SCRIPTS[i % SCRIPTS.length]!, 'utf8').split('\n'));
      // Ended, as a community ends its tables before merging them: two running battles in one channel could not both be.
      await t.run(['#table @gm /battle end', `#second${i} @gm /battle create name:"Second ${i}" system:charge`, `#second${i} @gm /roll 3d6 reason:merge`, `#second${i} @gm /battle end`]);
      // The campaign's battle on the seed its script's rolls were written for.
      seed = 1;
      expect((await t.run(campaign(i))).filter((o) => o.error)).toEqual([]);
      const sources = await t.store.battles();
      figures.battles += sources.length;
      firstStore ||= sources.length;
      figures.campaigns += (await t.store.campaigns()).length;
      const copied = await copyStore(t.store, to);
      figures.copied += copied.filter((c) => !c.skipped).length;
      const again = await copyStore(t.store, to);
      figures.copiedTwice += [...again, ...again.campaigns].filter((c) => !c.skipped).length;
      for (const c of copied.campaigns) {
        if (c.id !== c.campaign.id) figures.campaignsRenumbered++;
        // `umpire verify --campaign`: its chain, and each battle it took a result from, by the hash it recorded.
        const v = await verifyCampaign(to, c.id);
        if (!v.chain.ok || !v.battles.length || v.battles.some((b) => !b.matches || !b.log.chain.ok || b.log.dice.status !== 'checked')) figures.campaignsFailed++;
        const from = ((await to.load(c.id))[0]!.data as { copiedFrom?: CampaignCopiedFrom }).copiedFrom;
        if (from) {
          const again = sourceCampaignChain((await to.chain(c.id)).rows, from);
          if (!again.ok || again.hashes.join() !== (await t.store.load(c.campaign.id)).map((e) => e.hash).join()) figures.sourceHashesLost++;
        }
      }
      for (const c of copied) {
        if (c.id !== c.battle.id) figures.renumbered++;
        const chain = await to.chain(c.id);
        if (!verifyChain(chain).ok) figures.chainsBroken++;
        const events = await to.load(c.id);
        const seed = await t.store.seed(c.battle.id);
        if (verifyDice(c.id, events, seed ?? undefined).status !== 'checked') figures.diceFailed++;
        const from = (events[0]!.data as { copiedFrom?: CopiedFrom }).copiedFrom;
        if (from) {
          const source = await t.store.load(c.battle.id);
          const again = sourceChain(chain.rows, from);
          if (!again.ok || again.hashes.join() !== source.map((e) => e.hash).join()) figures.sourceHashesLost++;
        }
      }
      t.db.$client.close();
    }
    const held = (await to.battles()).length;
    const campaignsHeld = (await to.campaigns()).length;
    await to.close();
    figureLine(
      `store merge (${STORES} stores into ${target.startsWith('pglite') ? 'PGlite' : 'a PostgreSQL server'})`,
      `${figures.battles} battles, in the target ${held}, renumbered ${figures.renumbered}; ${figures.campaigns} campaigns, in the target ${campaignsHeld}, renumbered ${figures.campaignsRenumbered}, failing verify --campaign ${figures.campaignsFailed}; copied twice ${figures.copiedTwice}, chains broken ${figures.chainsBroken}, dice not re-derived ${figures.diceFailed}, source hashes not recomputable ${figures.sourceHashesLost}`,
    );
    expect(held).toBe(figures.battles);
    expect(campaignsHeld).toBe(figures.campaigns);
    expect(figures.renumbered).toBe(figures.battles - firstStore);
    expect(figures.campaignsRenumbered).toBe(figures.campaigns - 1);
    expect({ copiedTwice: figures.copiedTwice, chainsBroken: figures.chainsBroken, diceFailed: figures.diceFailed, sourceHashesLost: figures.sourceHashesLost, campaignsFailed: figures.campaignsFailed }).toEqual({
      copiedTwice: 0,
      chainsBroken: 0,
      diceFailed: 0,
      sourceHashesLost: 0,
      campaignsFailed: 0,
    });
  }, 300_000);
});
