import { createHash } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { verifyChain } from '../../../src/store/hash.ts';
import { openStore } from '../../../src/store/open.ts';
import { figureLine } from '../figures.ts';
import { tableProcess, tempDir } from './spawn.ts';

/**
 * Racing creation (issue 27): several processes create battles at once on one store, each in
 * channels of its own. A battle id is picked before the append that claims it; a process that loses
 * the race for an id must try the next one, never answer "Battle bN already exists".
 * Failed creates 0, ids claimed twice 0, chains not verifying (or seeds not matching their posted
 * commitment) 0. On one SQLite file, and on one PostgreSQL server when TEST_DATABASE_URL names one.
 */
const CREATES = 15;
const SERVER = process.env.TEST_DATABASE_URL;

/** A schema of this run's own on the server, so each case starts from an empty store. */
const schemas: string[] = [];
async function serverStore(): Promise<string> {
  const schema = `umpire_race_${process.pid}_${schemas.length}_${Date.now().toString(36)}`;
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  await client.query(`CREATE SCHEMA ${schema}`);
  await client.end();
  schemas.push(schema);
  const u = new URL(SERVER!);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

afterAll(async () => {
  if (!SERVER || !schemas.length) return;
  const client = new pg.Client({ connectionString: SERVER });
  await client.connect();
  for (const s of schemas) await client.query(`DROP SCHEMA ${s} CASCADE`);
  await client.end();
});

const kinds = [{ kind: 'sqlite', location: async () => join(tempDir('creation-race'), 'umpire.db') }, ...(SERVER ? [{ kind: 'postgres', location: serverStore }] : [])];

describe.each(kinds)('racing battle creation on $kind', ({ kind, location }) => {
  it.each([2, 4])(`%i processes create ${CREATES} battles each at once: every one is created under an id of its own`, async (n) => {
    const db = await location();
    // The store is made (and migrated) once before the race.
    expect((await tableProcess(db, ['@gm /help']).done).code).toBe(0);
    const asked = n * CREATES;
    const runs = await Promise.all(
      Array.from({ length: n }, (_, p) => tableProcess(db, Array.from({ length: CREATES }, (_, i) => `#c${p}-${i} @gm${p} /battle create name:"Battle ${p}-${i}" system:medieval`)).done),
    );
    const lines = runs.flatMap((r) => r.lines);
    const failed = lines.filter((l) => l.to === 'reply' && l.error !== undefined);
    // Each creation's channel post names the id its process was told: one id told twice is a duplicate.
    const told = lines.filter((l) => l.to === 'channel').map((l) => /^Battle ".*" \((b\d+)\)$/.exec((l as { title?: string }).title ?? '')?.[1]).filter((id) => id !== undefined);
    const duplicates = told.length - new Set(told).size;

    const store = await openStore(db);
    try {
      const battles = await store.battles();
      let verified = 0;
      for (const b of battles) {
        const chain = await store.chain(b.id);
        const created = (await store.load(b.id))[0]?.data as { battleId?: string; seedHash?: string } | undefined;
        const seed = await store.seed(b.id);
        const commits = seed !== undefined && createHash('sha256').update(Buffer.from(seed, 'hex')).digest('hex') === created?.seedHash;
        if (verifyChain(chain).ok && created?.battleId === b.id && commits) verified++;
      }
      const figures = { asked, created: battles.length, failed: failed.length, duplicates, verified };
      figureLine(
        `creation race (${n} processes, ${kind})`,
        `${asked} asked, created ${figures.created}, failed ${figures.failed}, duplicate ids ${figures.duplicates}, chains verified ${figures.verified}`,
      );
      expect(failed.map((l) => l.error)).toEqual([]);
      expect(figures).toEqual({ asked, created: asked, failed: 0, duplicates: 0, verified: asked });
      expect(battles.map((b) => b.channel).sort()).toEqual(Array.from({ length: n }, (_, p) => Array.from({ length: CREATES }, (_, i) => `c${p}-${i}`)).flat().sort());
      expect(runs.every((r) => r.code === 0)).toBe(true);
    } finally {
      await store.close();
    }
  }, 300_000);
});
