import { Writable } from 'node:stream';
import fc from 'fast-check';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { Umpire } from '../../src/app/service/umpire.ts';
import type { Ballot } from '../../src/battle/ballots.ts';
import type { CampaignEvent } from '../../src/campaign/events.ts';
import { REDACT } from '../../src/config/logger.ts';
import { Table } from '../../src/table/table.ts';
import { memoryStore } from '../store/fixtures.ts';
import { clock, HOUR } from '../campaign/support.ts';
import { startTable, type Out as TableOut } from '../support/table.ts';
import { secretsBattle } from '../support/secrets.ts';

interface Out {
  to: 'channel' | 'dm' | 'reply';
  user?: string;
  text: string;
  title?: string;
  buttons?: string[];
}

const SETUP = secretsBattle({ C1: 'p1', C2: 'p2', C3: 'p3' });
const users = ['gm', 'p1', 'p2', 'p3', 'stranger'];
const voters = ['C1', 'C2', 'C3', 'C4'];

/** One random step, as a line typed at the table; `k` numbers the polls so each has its own words. */
const step = fc.oneof(
  fc.constant({ kind: 'open' as const }),
  fc.record({ kind: fc.constant('cast' as const), user: fc.constantFrom(...users), voter: fc.constantFrom(...voters), option: fc.constantFrom('A', 'B', 'C', 'X') }),
  fc.record({ kind: fc.constant('press' as const), user: fc.constantFrom(...users), option: fc.constantFrom('A', 'B', 'C') }),
  fc.record({ kind: fc.constant('castFor' as const), voter: fc.constantFrom(...voters), option: fc.constantFrom('A', 'B', 'C') }),
  // Issue 37: a GM voids a vote (or tries to, where there is none).
  fc.record({ kind: fc.constant('void' as const), voter: fc.constantFrom(...voters) }),
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
                    : s.kind === 'void'
                      ? `@gm /ballot void ballot:v${k} command:${s.voter}`
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

/**
 * Issue 29: a campaign turn's orders are secret until the reveal (docs/architecture.md, Secrecy). Random turns
 * of orders sent (in the campaign's channel or a DM), changed, entered by a GM, asked about by
 * everyone, extended, paused, revealed by a GM or at the deadline.
 */
const CAMPAIGN_SETUP = [
  '#campaign @gm /campaign create name:"Lambert Simnel\'s Rising"',
  '#campaign @gm /campaign side name:Tudor',
  '#campaign @gm /campaign side name:Yorkist',
  '#campaign @alice /campaign join side:Tudor',
  '#campaign @bob /campaign join side:Yorkist',
  // carol is of alice's side but not the player of its army: its orders are not hers to see.
  '#campaign @carol /campaign join side:Tudor',
  '#campaign @alice /campaign army import file:examples/campaign/tudor.yaml',
  '#campaign @bob /campaign army import file:examples/campaign/york.yaml',
  '#campaign @gm /campaign turn open deadline:2d',
];
const campaignUsers = ['gm', 'alice', 'bob', 'carol', 'stranger'];
const ARMIES = ["The King's Army", "Lincoln's Army"];
const ASK = ['status', 'army show', `army show army:"${ARMIES[0]}"`, 'unit show unit:"Oxford\'s Archers"', 'report'];

const campaignStep = fc.oneof(
  { weight: 2, arbitrary: fc.constant({ kind: 'open' as const }) },
  // An army's own player sends (or changes) its orders; or anyone tries to.
  { weight: 6, arbitrary: fc.record({ kind: fc.constant('send' as const), army: fc.constantFrom(...ARMIES), dm: fc.boolean() }).map((x) => ({ ...x, user: x.army === ARMIES[0] ? 'alice' : 'bob' })) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('send' as const), user: fc.constantFrom(...campaignUsers), army: fc.constantFrom(...ARMIES), dm: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('enter' as const), army: fc.constantFrom(...ARMIES) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('ask' as const), user: fc.constantFrom(...campaignUsers), what: fc.constantFrom(...ASK) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('gm' as const), what: fc.constantFrom('turn extend by:1d', 'turn pause', 'turn resume') }) },
  // Time passes: to the reminder an hour before a 2d deadline, or past it.
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('time' as const), hours: fc.constantFrom(24, 47.5, 49) }) },
  { weight: 1, arbitrary: fc.constant({ kind: 'reveal' as const }) },
);

type Sent = Extract<CampaignEvent, { type: 'OrdersSent' }>['data'];
type Revealed = Extract<CampaignEvent, { type: 'OrdersRevealed' }>['data'];

describe('campaign orders secrecy (property)', () => {
  it('before the reveal no channel post, other user\'s DM or answer, or log line shows an army\'s orders; the reveal posts the last of each', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(campaignStep, { minLength: 1, maxLength: 30 }), async (steps) => {
        const logs: string[] = [];
        const logger = pino({ level: 'debug', redact: { paths: REDACT, censor: '[secret]' } }, new Writable({ write: (c, _e, done) => (logs.push(String(c)), done()) }));
        const c = clock();
        const t = startTable({ now: c.now, logger });
        await t.run(CAMPAIGN_SETUP);
        let n = 0;
        for (const s of steps) {
          const words = () => `ORD${++n}Z`;
          const before = new Set((await t.app.campaigns.state('c1')).turns.filter((x) => x.revealed).map((x) => x.number));
          let out: TableOut[];
          if (s.kind === 'time') {
            const start = t.out.length;
            c.advance(s.hours * HOUR);
            await t.table.tick();
            out = t.out.slice(start);
          } else {
            out = await t.run(
              s.kind === 'open'
                ? '#campaign @gm /campaign turn open deadline:2d'
                : s.kind === 'send'
                  ? `${s.dm ? `#dm-${s.user}` : '#campaign'} @${s.user} /campaign orders send army:"${s.army}" orders:"${words()}"`
                  : s.kind === 'enter'
                    ? `#campaign @gm /campaign orders enter army:"${s.army}" orders:"${words()}"`
                    : s.kind === 'ask'
                      ? `#campaign @${s.user} /campaign ${s.what}`
                      : s.kind === 'gm'
                        ? `#campaign @gm /campaign ${s.what}`
                        : '#campaign @gm /campaign turn reveal',
            );
          }
          await checkOrdersSecret(t.app, out, logs, before);
        }
        t.db.$client.close();
        runs++;
      }),
      { numRuns: 40, seed: 2929 },
    );
    expect(runs).toBe(40);
  }, 120_000);
});

/**
 * Every orders text the log holds: before its turn's reveal it reaches only its army's players (and
 * the GM who entered it); the channel never; nor the log (the table's umpire logs only faults, so this
 * guards against an action's text being logged; test/discord/campaign.test.ts reads the bot's log). A turn revealed in this step shows every
 * army's last orders (the last sent before it) in the campaign's channel.
 */
async function checkOrdersSecret(app: Umpire, out: TableOut[], logs: string[], revealedBefore: Set<number>) {
  const s = await app.campaigns.state('c1');
  const log = await app.campaigns.log('c1');
  const sent = log.filter((e) => e.event.type === 'OrdersSent').map((e) => e.event.data as Sent);
  const reveals = log.filter((e) => e.event.type === 'OrdersRevealed').map((e) => e.event.data as Revealed);
  for (const o of sent) {
    const turn = s.turns.find((x) => x.number === o.turn)!;
    const voters = turn.voters.find((v) => v.armyId === o.armyId)!.users;
    const mayKnow = new Set([...voters, ...(o.onBehalf ? [o.by] : [])]);
    const open = !!turn.revealed?.some((r) => r.armyId === o.armyId && r.text === o.text);
    for (const m of out) {
      if (!m.text.includes(o.text) || open) continue;
      if (m.to === 'channel' || !mayKnow.has(m.user!)) throw new Error(`orders ${o.text} of ${o.armyId} (turn ${o.turn}) leaked to ${m.to} ${m.user ?? m.channel ?? ''}: ${m.text}`);
    }
    if (!open && logs.some((l) => l.includes(o.text))) throw new Error(`orders ${o.text} of ${o.armyId} (turn ${o.turn}) are in the log output`);
  }
  for (const r of reveals.filter((x) => !revealedBefore.has(x.turn))) {
    const posted = out.filter((m) => m.to === 'channel' && m.channel === 'campaign').map((m) => m.text).join('\n');
    for (const o of r.orders) {
      expect(o.text).toBe(sent.filter((x) => x.turn === r.turn && x.armyId === o.armyId).at(-1)?.text ?? null);
      expect(posted).toContain(`**${o.army}**: ${o.text ?? '(no orders)'}`);
    }
  }
}
