import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { toLogged } from '../../src/app/umpire.ts';
import { verifyLog } from '../../src/app/verify.ts';
import { replay } from '../../src/battle/replay.ts';
import { openDatabase } from '../../src/store/db.ts';
import { SqliteEventStore } from '../../src/store/sqlite-store.ts';
import type { StoredEvent } from '../../src/store/types.ts';

/**
 * Logs recorded before the rule systems became plug-ins (main at bb0ee20): the example table
 * scripts, and a short brigade battle, played with the seed 01…01 and exported row by row. Each
 * `.state.json` holds the state the old code folded at every version, in the shape states have
 * now (a system's own state under `rules`, the night's with the percentile rules), as SHA-256 of
 * its canonical JSON, and the final state in full. Brigade and charge kept no state of their own
 * then, so only the rest of their state is compared.
 */
const DIR = 'test/fixtures/replay';
const SEED = '01'.repeat(32);

const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .filter(([, x]) => x !== undefined)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([k, x]) => [k, canonical(x)]),
        )
      : v;
const sha = (x: unknown) => createHash('sha256').update(JSON.stringify(x)).digest('hex');

interface Recorded {
  comparesRules: boolean;
  final: unknown;
  stateSha256ByVersion: string[];
}

function load(name: string) {
  const rows = readFileSync(`${DIR}/${name}.jsonl`, 'utf8').trim().split('\n').map((l) => JSON.parse(l) as StoredEvent);
  const db = openDatabase(':memory:');
  const insert = db.$client.prepare('INSERT INTO events (battle_id, version, type, data, actor, at, request_id, hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  for (const r of rows) insert.run(r.battleId, r.version, r.type, JSON.stringify(r.data), r.actor, r.at, r.requestId, r.hash);
  const battleId = rows[0]!.battleId;
  return { db, battleId, stored: new SqliteEventStore(db).load(battleId) };
}

const logs = readdirSync(DIR)
  .filter((f) => f.endsWith('.jsonl'))
  .map((f) => f.replace(/\.jsonl$/, ''));

describe('logs written before rule systems were plug-ins', () => {
  it('are all here (five example scripts and a brigade battle)', () => {
    expect(logs.sort()).toEqual(['brigade-b1', 'dusk-to-dawn-b1', 'fire-into-night-b1', 'grand-tactical-b1', 'medieval-battle-b1', 'short-battle-b1']);
  });

  it.each(logs)('%s replays to the same state at every version and still verifies', (name) => {
    const recorded = JSON.parse(readFileSync(`${DIR}/${name}.state.json`, 'utf8')) as Recorded;
    const { db, battleId, stored } = load(name);
    const events = stored.map(toLogged);
    const shape = (s: object) => {
      const { rules, ...core } = s as { rules?: unknown };
      return canonical(recorded.comparesRules ? { ...core, rules } : core);
    };
    expect(shape(replay(battleId, events))).toEqual(recorded.final);
    const byVersion = events.map((e) => sha(shape(replay(battleId, events, e.version))));
    const firstDiff = byVersion.findIndex((h, i) => h !== recorded.stateSha256ByVersion[i]);
    expect(firstDiff, `first version whose state differs: ${firstDiff + 1}`).toBe(-1);
    expect(byVersion).toHaveLength(recorded.stateSha256ByVersion.length);

    const { chain, dice } = verifyLog(db, battleId, stored, SEED);
    expect(chain).toMatchObject({ ok: true, count: stored.length });
    expect(dice.status).toBe('checked');
  });
});
