import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { verifyDice } from '../../src/app/verify.ts';
import { copyStore, sourceChain, type CopiedFrom } from '../../src/store/copy.ts';
import { verifyChain } from '../../src/store/hash.ts';
import { openStore } from '../../src/store/open.ts';
import { freshLocation } from '../support/locations.ts';
import { startTable } from '../support/table.ts';
import { FULL, figureLine } from './figures.ts';

/**
 * Merging stores (issue 27): communities bring several servers' tables into one PostgreSQL store
 * with `umpire migrate-store`. Each source store holds its own b1, b2 (an example battle played
 * through, then a second one). Every battle arrives, the ones whose ids were taken renumbered, every
 * chain verified in the target, every die re-derived from the seed, every hash the battle had in its
 * source recomputable from the copy; a second run copies nothing again.
 */
const STORES = FULL ? 5 : 2;
const SCRIPTS = ['examples/short-battle.table', 'examples/medieval-battle.table', 'examples/brigade.table'];

describe('merging stores into one', () => {
  it(`${STORES} stores, each with its own b1 and b2, into one: nothing lost, every chain and die verified`, async () => {
    const target = process.env.TEST_DATABASE_URL ? await freshLocation('postgres', 'merge') : 'pglite:';
    const to = await openStore(target);
    const figures = { battles: 0, copied: 0, renumbered: 0, chainsBroken: 0, diceFailed: 0, sourceHashesLost: 0, copiedTwice: 0 };
    for (let i = 0; i < STORES; i++) {
      const t = startTable({ newSeed: () => Buffer.alloc(32, i + 1) });
      await t.run(readFileSync(SCRIPTS[i % SCRIPTS.length]!, 'utf8').split('\n'));
      // Ended, as a community ends its tables before merging them: two running battles in one channel could not both be.
      await t.run(['#table @gm /battle end', `#second${i} @gm /battle create name:"Second ${i}" system:charge`, `#second${i} @gm /roll 3d6 reason:merge`, `#second${i} @gm /battle end`]);
      const sources = await t.store.battles();
      figures.battles += sources.length;
      const copied = await copyStore(t.store, to);
      figures.copied += copied.filter((c) => !c.skipped).length;
      figures.copiedTwice += (await copyStore(t.store, to)).filter((c) => !c.skipped).length;
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
    await to.close();
    figureLine(
      `store merge (${STORES} stores into ${target.startsWith('pglite') ? 'PGlite' : 'a PostgreSQL server'})`,
      `${figures.battles} battles, in the target ${held}, renumbered ${figures.renumbered}, copied twice ${figures.copiedTwice}, chains broken ${figures.chainsBroken}, dice not re-derived ${figures.diceFailed}, source hashes not recomputable ${figures.sourceHashesLost}`,
    );
    expect(held).toBe(figures.battles);
    expect(figures.renumbered).toBe(figures.battles - 2);
    expect({ copiedTwice: figures.copiedTwice, chainsBroken: figures.chainsBroken, diceFailed: figures.diceFailed, sourceHashesLost: figures.sourceHashesLost }).toEqual({ copiedTwice: 0, chainsBroken: 0, diceFailed: 0, sourceHashesLost: 0 });
  }, 300_000);
});
