import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Umpire } from '../../src/app/umpire.ts';
import type { Ballot } from '../../src/battle/ballots.ts';
import { Table } from '../../src/table/table.ts';
import { memoryStore } from '../store/fixtures.ts';

interface Out {
  to: 'channel' | 'dm' | 'reply';
  user?: string;
  text: string;
  title?: string;
  buttons?: string[];
}

const SETUP = [
  '@gm /battle create name:Secrets system:percentile',
  '@gm /side add name:North',
  '@gm /side add name:South',
  '@gm /command add name:C1 side:North',
  '@gm /command add name:C2 side:North',
  '@gm /command add name:C3 side:South',
  '@gm /command add name:C4 side:South',
  '@gm /command assign command:C1 user:p1',
  '@gm /command assign command:C2 user:p2',
  '@gm /command assign command:C3 user:p3',
];
const users = ['gm', 'p1', 'p2', 'p3', 'stranger'];
const voters = ['C1', 'C2', 'C3', 'C4'];

/** One random step, as a line typed at the table; `k` numbers the polls so each has its own words. */
const step = fc.oneof(
  fc.constant({ kind: 'open' as const }),
  fc.record({ kind: fc.constant('cast' as const), user: fc.constantFrom(...users), voter: fc.constantFrom(...voters), option: fc.constantFrom('A', 'B', 'C', 'X') }),
  fc.record({ kind: fc.constant('press' as const), user: fc.constantFrom(...users), option: fc.constantFrom('A', 'B', 'C') }),
  fc.record({ kind: fc.constant('castFor' as const), voter: fc.constantFrom(...voters), option: fc.constantFrom('A', 'B', 'C') }),
  fc.record({ kind: fc.constant('status' as const), user: fc.constantFrom(...users) }),
  fc.record({ kind: fc.constant('log' as const), user: fc.constantFrom(...users) }),
  fc.constant({ kind: 'reveal' as const }),
);

describe('ballot secrecy (property)', () => {
  it('no message to the channel, another player or the log shows a choice before its reveal; the reveal holds the last choice of every voter', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 30 }), async (steps) => {
        const { store, db } = memoryStore();
        const app = new Umpire(store, { newSeed: () => Buffer.alloc(32, 3) });
        let out: Out[] = [];
        const table = new Table(app, { json: true, cwd: process.cwd(), print: (l) => out.push(JSON.parse(l) as Out) });
        for (const l of SETUP) await table.run(l);
        let polls = 0;
        const token = (k: number, o: string) => `${o}${k}Q`;
        /** Model: the last accepted choice of every voter, per ballot id. */
        for (const s of steps) {
          const now = await app.state('b1');
          const open = Object.values(now.ballots).filter((b) => b.open);
          const current = open.at(-1);
          const k = current ? Number(current.id.slice(1)) : 0;
          const line =
            s.kind === 'open'
              ? `@gm /ballot open question:"Poll ${++polls}" options:"${['A', 'B', 'C'].map((o) => token(now.nextId.ballot, o)).join(',')}"`
              : s.kind === 'cast'
                ? `@${s.user} /ballot vote ballot:v${k} command:${s.voter} choice:${token(k, s.option)}`
                : s.kind === 'press'
                  ? `@${s.user} !press ${token(k, s.option)}`
                  : s.kind === 'castFor'
                    ? `@gm /ballot cast-for ballot:v${k} command:${s.voter} choice:${token(k, s.option)}`
                    : s.kind === 'status'
                      ? `@${s.user} /ballot status`
                      : s.kind === 'log'
                        ? `@${s.user} /battle log last:50`
                        : `@gm /ballot reveal ballot:v${k}`;
          out = [];
          await table.run(line);
          const state = (await app.state('b1'));
          for (const b of Object.values(state.ballots).filter((x) => x.open)) checkSecret(b, out, state.gms);
        }
        // Every revealed ballot holds exactly the last vote of each voter.
        for (const b of Object.values((await app.state('b1')).ballots).filter((x) => !x.open)) {
          const revealed = (await store.load('b1')).find((e) => e.type === 'BallotRevealed' && (e.data as { ballotId: string }).ballotId === b.id)!;
          const choices = (revealed.data as { choices: { voter: string; choice: string | null }[] }).choices;
          expect(Object.fromEntries(choices.map((c) => [c.voter, c.choice]))).toEqual(Object.fromEntries(b.voters.map((v) => [v.id, b.votes[v.id]?.choice ?? null])));
        }
        db.$client.close();
      }),
      { numRuns: 40, seed: 5150 },
    );
  });
});

/** Before the reveal, a choice may reach only the users voting for that voter (and a GM casting on their behalf). */
function checkSecret(b: Ballot, out: Out[], gms: string[]) {
  for (const [voterId, vote] of Object.entries(b.votes)) {
    const voter = b.voters.find((v) => v.id === voterId)!;
    const mayKnow = new Set([...voter.users, ...(vote.onBehalf ? gms : [])]);
    for (const m of out) {
      if (!m.text.includes(vote.choice)) continue;
      // A prompt lists every option; it says nothing of anybody's choice.
      if (m.buttons?.length || m.title?.startsWith(`Ballot ${b.id}:`) || m.title?.startsWith(`Reminder — ballot ${b.id}`)) continue;
      // Another voter's own receipt may name the same option for their own command.
      const own = m.to !== 'channel' && b.voters.some((v) => v.users.includes(m.user!) && b.votes[v.id]?.choice === vote.choice);
      if (m.to === 'channel' || (!mayKnow.has(m.user!) && !own)) {
        throw new Error(`choice ${vote.choice} of ${voter.label} leaked to ${m.to} ${m.user ?? ''}: ${m.text}`);
      }
    }
  }
}
