import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { verifyChain } from '../../../src/store/hash.ts';
import { openStore } from '../../../src/store/open.ts';
import { figureLine, FULL } from '../figures.ts';
import { freshLocation } from '../../support/locations.ts';
import { collected, jsonLines, tableProcess, tempDir, umpire, type TableRun } from './spawn.ts';

/**
 * One channel, one running battle (issue 38): in each round two processes at once, one starting a
 * campaign's battle in #x<r> (/campaign battle start), the other creating a battle there
 * (/battle create). Their ids differ (c<r>-b1, b<n>), so only the channel's claim can keep them
 * apart: one is created, the other refused ("This channel already has battle …"), never both; a
 * campaign battle refused is cancelled in its campaign. Two running battles in one channel 0 of N,
 * every answer either Done or a refusal, every chain verifying. On a SQLite file, and on a
 * PostgreSQL server when TEST_DATABASE_URL names one.
 */
const ROUNDS = FULL ? 20 : 5;

const kinds = [{ kind: 'SQLite', location: async () => join(tempDir('channel-race'), 'umpire.db') }, ...(process.env.TEST_DATABASE_URL ? [{ kind: 'PostgreSQL', location: () => freshLocation('postgres', 'channel_race') }] : [])];

/** Round r's campaign, in #camp<r>, run by @gm<r> (so /campaign battle start elsewhere finds it), its two armies imported. */
const campaign = (r: number) => [
  `#camp${r} @gm${r} /campaign create name:"Rising ${r}"`,
  `#camp${r} @gm${r} /campaign side name:Tudor`,
  `#camp${r} @gm${r} /campaign side name:Yorkist`,
  `#camp${r} @alice /campaign join side:Tudor`,
  `#camp${r} @bob /campaign join side:Yorkist`,
  `#camp${r} @alice /campaign army import file:examples/campaign/tudor.yaml`,
  `#camp${r} @bob /campaign army import file:examples/campaign/york.yaml`,
];


/**
 * Two table processes on `db`, each sent `lines[i]` only once both have answered a first command
 * (the store open, everything loaded), so the two commands reach the store as near at once as two
 * processes can.
 */
async function atOnce(db: string, lines: [string, string]): Promise<[TableRun, TableRun]> {
  const runs = lines.map((line) => {
    const child = umpire(['table', '--db', db, '--json']);
    const printed = collected(child, (out) => out.includes('\n'));
    child.stdin!.write('#warm @other /help\n');
    const done = printed.closed.then(({ code, signal }): TableRun => ({ lines: jsonLines(printed.out()).slice(1), stderr: printed.stderr(), code, signal }));
    return { child, ready: printed.ready, done, line };
  });
  await Promise.all(runs.map((r) => r.ready));
  for (const r of runs) r.child.stdin!.end(`${r.line}\n`);
  const [a, b] = await Promise.all(runs.map((r) => r.done));
  return [a!, b!];
}

describe.each(kinds)('racing creation in one channel on $kind', ({ kind, location }) => {
  it(`${ROUNDS} rounds of /campaign battle start against /battle create in one channel: one battle each`, async () => {
    const db = await location();
    const setup = await tableProcess(db, Array.from({ length: ROUNDS }, (_, r) => campaign(r)).flat()).done;
    expect(setup.lines.filter((l) => l.error !== undefined).map((l) => l.error)).toEqual([]);
    let bothDone = 0;
    let neither = 0;
    const unexpected: string[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      const [start, create] = await atOnce(db, [
        `#x${r} @gm${r} /campaign battle start name:"Field ${r}" system:medieval armies:"The King's Army, Lincoln's Army"`,
        `#x${r} @other /battle create name:"Other ${r}" system:medieval`,
      ]);
      const answers = [start, create].map((run) => run.lines.find((l) => l.to === 'reply' && l.error !== undefined)?.error);
      for (const e of answers) if (e !== undefined && !/This channel already has battle/.test(e)) unexpected.push(e);
      if (answers.every((e) => e === undefined)) bothDone++;
      if (answers.every((e) => e !== undefined)) neither++;
      expect([start.code, create.code]).toEqual([0, 0]);
    }
    const store = await openStore(db);
    try {
      const battles = await store.battles();
      const running = new Map<string, number>();
      for (const b of battles.filter((x) => !x.ended)) running.set(b.channel, (running.get(b.channel) ?? 0) + 1);
      const twoRunning = [...running.values()].filter((n) => n > 1).length;
      let broken = 0;
      for (const s of [...battles, ...(await store.campaigns())]) if (!verifyChain(await store.chain(s.id)).ok) broken++;
      // A campaign battle refused leaves no battle and a cancelled reservation, its units free.
      const reserved = (await Promise.all((await store.campaigns()).map((c) => store.load(c.id)))).flat().filter((e) => e.type === 'CampaignBattleStarted').length;
      const cancelled = (await Promise.all((await store.campaigns()).map((c) => store.load(c.id)))).flat().filter((e) => e.type === 'CampaignBattleCancelled').length;
      const campaignBattles = battles.filter((b) => /^c\d+-b\d+$/.test(b.id)).length;
      figureLine(
        `channel race (${ROUNDS} rounds, ${kind})`,
        `two running battles in one channel ${twoRunning} of ${ROUNDS}, both answered Done ${bothDone}, neither created ${neither}, campaign battles created ${campaignBattles} and cancelled ${cancelled} of ${reserved} reserved, chains broken ${broken}`,
      );
      expect(unexpected).toEqual([]);
      expect({ twoRunning, bothDone, neither, broken }).toEqual({ twoRunning: 0, bothDone: 0, neither: 0, broken: 0 });
      expect(battles.length).toBe(ROUNDS);
      expect(campaignBattles + cancelled).toBe(reserved);
    } finally {
      await store.close();
    }
  }, 600_000);
});
