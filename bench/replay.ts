import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { toLogged } from '../src/app/umpire.ts';
import type { BattleEvent } from '../src/battle/events.ts';
import { replay } from '../src/battle/replay.ts';
import { openDatabase } from '../src/store/db.ts';
import { SqliteEventStore } from '../src/store/sqlite-store.ts';

const BATTLE = 'bench';

/**
 * A 100,000-event battle shaped like a long one: an order of battle of 200 units, then turns of
 * phase changes and unit edits (losses). Appended in batches so building it takes seconds.
 */
function battleEvents(n: number): BattleEvent[] {
  const events: BattleEvent[] = [
    { type: 'BattleCreated', data: { battleId: BATTLE, name: 'Bench', system: 'medieval', channel: 'bench', gm: 'gm' } },
    { type: 'SideAdded', data: { sideId: 's1', name: 'A' } },
    { type: 'CommandAdded', data: { commandId: 'c1', name: 'C', sideId: 's1' } },
  ];
  for (let u = 1; u <= 200; u++) events.push({ type: 'UnitAdded', data: { unitId: `u${u}`, name: `Unit ${u}`, commandId: 'c1', attrs: { arm: 'infantry', figures: 24, class: 'C' } } });
  let phase = 0;
  let turn = 1;
  while (events.length < n) {
    if (events.length % 5 === 0) {
      const from = { turn, phase };
      phase = (phase + 1) % 15;
      if (phase === 0) turn++;
      events.push({ type: 'PhaseAdvanced', data: { from, to: { turn, phase }, phaseId: `MED-SEQ.${phase + 1}`, phaseName: 'Phase', due: [] } });
    } else {
      events.push({ type: 'UnitEdited', data: { unitId: `u${(events.length % 200) + 1}`, attrs: { figures: 24 - (events.length % 20) } } });
    }
  }
  return events;
}

export interface ReplayBench {
  n: number;
  replayPerSec: number;
  rawSelectPerSec: number;
}

/** Replay (load + fold) of the whole battle against raw `SELECT` + `JSON.parse` of the same rows. */
export async function benchReplay(n = 100_000): Promise<ReplayBench> {
  const dir = mkdtempSync(join(tmpdir(), 'umpire-replay-'));
  try {
    const db = openDatabase(join(dir, 'bench.db'));
    const store = new SqliteEventStore(db);
    const events = battleEvents(n);
    for (let i = 0; i < events.length; i += 1000) {
      await store.append(BATTLE, i, events.slice(i, i + 1000), { actor: 'gm', at: new Date().toISOString(), requestId: `r${i}` }, [], []);
    }
    const select = db.$client.prepare('SELECT * FROM events WHERE battle_id = ? ORDER BY version');
    const time = (f: () => void) => {
      let bestMs = Infinity;
      for (let i = 0; i < 3; i++) {
        const t = performance.now();
        f();
        bestMs = Math.min(bestMs, performance.now() - t);
      }
      return bestMs;
    };
    let replayMs = Infinity;
    for (let i = 0; i < 3; i++) {
      const t = performance.now();
      const s = replay(BATTLE, (await store.load(BATTLE)).map(toLogged));
      if (s.version !== n) throw new Error(`replay reached ${s.version}`);
      replayMs = Math.min(replayMs, performance.now() - t);
    }
    const rawMs = time(() => {
      const rows = (select.all(BATTLE) as { data: string }[]).map((r) => JSON.parse(r.data) as unknown);
      if (rows.length !== n) throw new Error('select lost rows');
    });
    await store.close();
    return { n, replayPerSec: Math.round((n / replayMs) * 1000), rawSelectPerSec: Math.round((n / rawMs) * 1000) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
