import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from '../../src/store/db.ts';
import { openStore } from '../../src/store/open.ts';
import { pgMigrationsFolder } from '../../src/store/pg-open.ts';
import { PgEventStore } from '../../src/store/pg-store.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import type { EventStore } from '../../src/store/types.ts';
import { freshLocation } from '../support/locations.ts';
import { created, meta } from './fixtures.ts';

/** When drizzle-kit generated the claims' first migration: the store is taken back to just before it. */
const claimsFrom = (folder: string) =>
  (JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string; when: number }[] }).entries.find((e) => e.tag.endsWith('_channel_claims'))!.when;

/** Takes a store back to its schema before channel_claims: the table gone and its migrations unrecorded. */
async function beforeClaims(store: EventStore): Promise<void> {
  if (store instanceof SqliteEventStore) {
    store.db.$client.exec(`DROP TABLE channel_claims; DELETE FROM __drizzle_migrations WHERE created_at >= ${claimsFrom(migrationsFolder)}`);
  } else if (store instanceof PgEventStore) {
    await store.db.execute(sql.raw('DROP TABLE channel_claims'));
    await store.db.execute(sql.raw(`DELETE FROM __drizzle_migrations WHERE created_at >= ${claimsFrom(pgMigrationsFolder)}`));
  }
}

const locations = [
  { kind: 'SQLite', location: async () => join(mkdtempSync(join(tmpdir(), 'umpire-claims-')), 'umpire.db') },
  { kind: 'PGlite', location: async () => `pglite:${mkdtempSync(join(tmpdir(), 'umpire-claims-'))}` },
  ...(process.env.TEST_DATABASE_URL ? [{ kind: 'PostgreSQL', location: () => freshLocation('postgres', 'claims') }] : []),
];

describe.each(locations)('the migration to channel claims on $kind (issue 38)', ({ location }) => {
  it('given a store from before with two battles running in one channel, the older holds its claim, and the newer takes it when the older ends', async () => {
    const at = await location();
    let store = await openStore(at);
    await store.append('b1', 0, [created('b1', 'x1', 'Older')], meta('r1'), [], []);
    await store.append('b2', 0, [created('b2', 'x2', 'Alone')], meta('r2'), [], []);
    await store.append('b3', 0, [created('b3', 'x1', 'Newer')], { ...meta('r3'), unclaimed: true }, [], []);
    await store.append('b4', 0, [created('b4', 'x3', 'Over')], meta('r4'), [], []);
    await store.append('b4', 1, [{ type: 'BattleEnded', data: { by: 'u-gm' } }], meta('r5'), [], []);
    await beforeClaims(store);
    await store.close();

    store = await openStore(at);
    try {
      expect((await store.runningIn('x1'))?.id).toBe('b1');
      expect((await store.runningIn('x2'))?.id).toBe('b2');
      expect(await store.runningIn('x3')).toBeUndefined();
      await store.append('b1', 1, [{ type: 'BattleEnded', data: { by: 'u-gm' } }], meta('r6'), [], []);
      expect((await store.runningIn('x1'))?.id).toBe('b3');
    } finally {
      await store.close();
    }
  }, 60_000);
});
