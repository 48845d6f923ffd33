import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { verifyDice } from '../../../src/app/reports/verify.ts';
import { openDatabase } from '../../../src/store/db.ts';
import { verifyChain } from '../../../src/store/hash.ts';
import { SqliteEventStore } from '../../../src/store/sqlite-store.ts';
import { figureLine, FULL } from '../figures.ts';
import { tableProcess, tempDir } from './spawn.ts';

/**
 * Crash safety (issue 20): a real table process is killed with SIGKILL at random moments while it
 * appends (rolls, phases, undo, ballots, a 1,000-unit import), then started again on the same file,
 * two processes at a time.
 * Acknowledged events lost 0, partial requests 0, broken hash chains 0, verify failures 0, restart
 * failures 0. The kill times come from a fixed seed.
 */
const KILLS = FULL ? 200 : 10;

/** A 1,000-unit order of battle, in the working directory (data/ is ignored by git), as /oob import reads it. */
function bigOob(): string {
  const dir = join('data', 'reliability');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'oob-1000.json');
  const units = (s: number, c: number) => Array.from({ length: 50 }, (_, u) => ({ name: `U${s}-${c}-${u}`, arm: 'infantry', figures: 24, class: 'B', formation: 'line', weapon: 'musket' }));
  writeFileSync(file, JSON.stringify({ sides: [0, 1].map((s) => ({ name: `Side ${s}`, commands: Array.from({ length: 10 }, (_, c) => ({ name: `C${s}-${c}`, units: units(s, c) })) })) }));
  return file;
}

const script = (k: number, oob: string) => [
  `#k${k} @gm /battle create name:"Crash ${k}" system:percentile`,
  `#k${k} @gm /oob import file:${oob}`,
  ...Array.from({ length: 40 }, (_, i) => [`#k${k} @gm /roll expression:3d6 reason:r${i}`, `#k${k} @gm /phase next`, `#k${k} @gm /battle undo`, `#k${k} @gm /phase next`]).flat(),
  `#k${k} @gm /ballot open question:"Hold?" options:"YES,NO"`,
  `#k${k} @gm /ballot cast-for ballot:v1 command:C0-0 choice:YES`,
  `#k${k} @gm /ballot reveal ballot:v1`,
  `#k${k} @gm /battle end`,
];

describe('crash safety (issue 20)', () => {
  it(`SIGKILL at ${KILLS} random moments while appending: nothing acknowledged is lost, no request is half-written, every chain verifies`, async () => {
    const db = join(tempDir('crash'), 'umpire.db');
    const oob = bigOob();
    // Kill times from a fixed seed, until KILLS processes were killed (a run that ends first is a restart that worked).
    const delays = fc.sample(fc.integer({ min: 0, max: 1500 }), { numRuns: 3 * KILLS, seed: 1815 });
    const figures = { runs: 0, kills: 0, acknowledged: 0, lost: 0, partial: 0, broken: 0, verifyFailed: 0, restartFailed: 0 };
    // Two processes at a time, each on its own battle in the one file: a kill also lands while the
    // other process writes, and the suite takes half the time.
    const oneRun = async (k: number) => {
      figures.runs++;
      // The kill comes a random time after the process first answers: while it appends, not while it boots.
      const { child, done, answering } = tableProcess(db, script(k, oob));
      let timer: NodeJS.Timeout | undefined;
      void answering.then(() => (timer = setTimeout(() => child.kill('SIGKILL'), delays[k])));
      const run = await done;
      clearTimeout(timer);
      if (run.signal === 'SIGKILL') figures.kills++;
      else if (run.code !== 0) figures.restartFailed++;
      // What the killed process told its users was done: "Done (event N)" or "Done (event N-M)".
      const acked = run.lines.flatMap((l) => (l.to === 'reply' && !l.error && l.event !== undefined ? [l.event] : []));
      const store = new SqliteEventStore(openDatabase(db));
      const battle = (await store.battles()).find((b) => b.channel === `k${k}`);
      const events = battle ? (await store.load(battle.id)) : [];
      const versions = new Set(events.map((e) => e.version));
      figures.acknowledged += acked.length;
      figures.lost += acked.filter((v) => !versions.has(v)).length;
      if (battle) {
        // Every request's events are all there: its row in `requests` lists them, and no event's request is missing.
        const byRequest = new Map<string, number>();
        for (const e of events) if (e.requestId) byRequest.set(e.requestId.replace(/#\d+$/, ''), (byRequest.get(e.requestId.replace(/#\d+$/, '')) ?? 0) + 1);
        for (const [rid, n] of byRequest) if ((await store.findRequest(rid))?.versions.length !== n) figures.partial++;
        const chain = verifyChain(await store.chain(battle.id));
        if (!chain.ok) figures.broken++;
        const dice = verifyDice(battle.id, events, (await store.seed(battle.id)));
        if (dice.status !== 'checked') figures.verifyFailed++;
      }
      await store.close();
    };
    let next = 0;
    const lane = async () => {
      while (figures.kills < KILLS && next < delays.length) await oneRun(next++);
    };
    await Promise.all([lane(), lane()]);
    figureLine(
      'crash',
      `${figures.kills} SIGKILLs in ${figures.runs} runs, acknowledged events ${figures.acknowledged}, lost ${figures.lost}, partial requests ${figures.partial}, broken hash chains ${figures.broken}, verify failures ${figures.verifyFailed}, restart failures ${figures.restartFailed}`,
    );
    expect(figures).toMatchObject({ lost: 0, partial: 0, broken: 0, verifyFailed: 0, restartFailed: 0 });
    expect(figures.kills).toBeGreaterThanOrEqual(KILLS);
  }, 1_200_000);
});
