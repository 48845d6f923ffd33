import { beforeAll, describe, expect, it } from 'vitest';
import { assemble } from '../../src/assemble.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import { replay } from '../../src/battle/replay.ts';
import type { ShareLink } from '../../src/battle/state.ts';
import type { Message } from '../../src/messages.ts';
import { english } from '../../src/i18n/text.ts';
import { sealOf } from '../../src/store/hash.ts';
import { audienceOf, exportFor, postsFor } from '../../src/web/audience.ts';
import { BattleData } from '../../src/web/battle-data.ts';
import { logged } from '../support/spec.ts';

beforeAll(() => assemble());

const voter = (id: string, users: string[]) => ({ id, label: id, users, allowed: ['L', 'R'] });
const ballot = (ballotId: string, audience: 'channel' | 'gms'): BattleEvent => ({
  type: 'BallotOpened',
  data: { ballotId, kind: 'poll', title: ballotId, voters: [voter('k1', ['p1']), voter('k2', ['p2'])], input: { kind: 'choice' }, openedAt: '2026-01-01T00:00:00.000Z', audience, turn: 1 },
});
const vote = (ballotId: string, v: string, choice: string, by: string): BattleEvent => ({ type: 'VoteCast', data: { ballotId, voter: v, choice, by, onBehalf: false } });
const phase = (turn: number): BattleEvent => ({ type: 'PhaseAdvanced', data: { from: { turn: turn - 1, phase: 0 }, to: { turn, phase: 0 }, phaseId: 'p', phaseName: 'P', due: [] } });

/** North (k1, p1) and South (k2, p2), a GM who also plays for North. */
const SETUP: BattleEvent[] = [
  { type: 'BattleCreated', data: { battleId: 'b1', name: 'Views', system: 'percentile', channel: 'chan', gm: 'gm' } },
  { type: 'SideAdded', data: { sideId: 's1', name: 'North' } },
  { type: 'SideAdded', data: { sideId: 's2', name: 'South' } },
  { type: 'SideJoined', data: { sideId: 's1', user: 'p1' } },
  { type: 'SideJoined', data: { sideId: 's1', user: 'gm' } },
  { type: 'SideJoined', data: { sideId: 's2', user: 'p2' } },
  { type: 'CommandAdded', data: { commandId: 'k1', name: 'K1', sideId: 's1' } },
  { type: 'CommandAdded', data: { commandId: 'k2', name: 'K2', sideId: 's2' } },
];
const link = (view: ShareLink['view'], more: Partial<ShareLink> = {}): ShareLink => ({ id: 'l1', view, version: 1, revoked: false, ...more });

function audience(events: BattleEvent[], l: ShareLink) {
  const log = logged([...SETUP, ...events]);
  return { a: audienceOf(l, replay('b1', log), log), log, at: (i: number) => SETUP.length + i + 1 };
}

describe('who sees what on a battle page (issue 30; docs/architecture.md, Secrecy)', () => {
  it('withholds a vote from the channel until its ballot is revealed, and then shows it', () => {
    const before = audience([ballot('v1', 'channel'), vote('v1', 'k1', 'L', 'p1')], link('public'));
    expect([...before.a.withheld]).toEqual([before.at(1)]);
    const after = audience([ballot('v1', 'channel'), vote('v1', 'k1', 'L', 'p1'), { type: 'BallotRevealed', data: { ballotId: 'v1', reason: 'gm', choices: [] } }], link('public'));
    expect([...after.a.withheld]).toEqual([]);
  });

  it("withholds every vote from a side's view until the reveal, its own side's too: a side's link is shared by all its players, a vote is its voter's (issue 37)", () => {
    const events = [ballot('v1', 'channel'), vote('v1', 'k1', 'L', 'p1'), vote('v1', 'k2', 'R', 'p2')];
    for (const sideId of ['s1', 's2']) {
      const { a, at } = audience(events, link('side', { sideId }));
      expect([...a.withheld].sort()).toEqual([at(1), at(2)].sort());
    }
    const revealed = [...events, { type: 'BallotRevealed', data: { ballotId: 'v1', reason: 'gm', choices: [] } } as BattleEvent];
    expect([...audience(revealed, link('side', { sideId: 's1' })).a.withheld]).toEqual([]);
  });

  it("issue 37: a side's own votes are its own and its commands' since each was added, not those of another under the same id before an undo", () => {
    // The commands and their ballot undone, then each command's id taken again by the other side's new command.
    const events: BattleEvent[] = [
      ballot('v1', 'channel'),
      vote('v1', 'k1', 'L', 'p1'),
      vote('v1', 'k2', 'R', 'p2'),
      { type: 'ActionUndone', data: { voids: [9, 8, 7], summary: 'commands and poll' } },
      { type: 'CommandAdded', data: { commandId: 'k1', name: 'K1', sideId: 's2' } },
      { type: 'CommandAdded', data: { commandId: 'k2', name: 'K2', sideId: 's1' } },
    ];
    for (const [sideId, sideVersion] of [['s1', 2], ['s2', 3]] as const) {
      const { a, at } = audience(events, link('side', { sideId, sideVersion }));
      expect([...a.withheld].sort(), sideId).toEqual([at(1), at(2)].sort());
    }
  });

  it('keeps a ballot only the GMs see (NIGHT-18.82 dawn notes) out of every view, its reveal included', () => {
    const events = [ballot('v1', 'gms'), vote('v1', 'k1', 'L', 'p1'), { type: 'BallotRevealed', data: { ballotId: 'v1', reason: 'gm', choices: [] } } as BattleEvent];
    for (const l of [link('public'), link('side', { sideId: 's1' })]) {
      const { a, at } = audience(events, l);
      expect([...a.withheld].sort()).toEqual([at(1), at(2)].sort());
    }
  });

  it('withholds a secret roll until it is revealed', () => {
    const roll: BattleEvent = { type: 'DiceRolled', data: { number: 1, roller: 'p1', expression: '1d6', secret: true, output: '[4] = 4', total: 4, dice: { from: 0, to: 1, rolls: [{ sides: 6, result: 4 }] } } };
    const hidden = audience([roll], link('side', { sideId: 's1' }));
    expect([...hidden.a.withheld]).toEqual([hidden.at(0)]);
    expect([...audience([roll, { type: 'RollRevealed', data: { number: 1 } }], link('public')).a.withheld]).toEqual([]);
  });

  it("ends a spectator's view before the turn after the one it lags to; a turn entered and undone does not count", () => {
    const { a, at } = audience([phase(2), phase(3), { type: 'ActionUndone', data: { voids: [SETUP.length + 2], summary: 'turn 3' } }, phase(3), phase(4)], link('spectator', { lagTurns: 2 }));
    // Now turn 4: lagging 2 shows turn 2 whole, up to the event before turn 3 was entered for good.
    expect(a.through).toBe(at(3) - 1);
    expect(english(a.label)).toBe("a spectator's view, 2 turns behind");
  });

  it("gives a side's view the DMs of its players who are not GMs, and every view the channel's posts up to its last event", () => {
    const { a } = audience([], link('side', { sideId: 's1' }));
    const m = (to: Message['to'], text: string): Message => ({ to, text });
    const posts = postsFor(a, 'chan', [
      { version: 2, message: m({ kind: 'channel', channel: 'chan' }, 'posted') },
      { version: 2, message: m({ kind: 'channel', channel: 'elsewhere' }, 'other channel') },
      { version: 3, message: m({ kind: 'dm', user: 'p1' }, 'to p1') },
      { version: 3, message: m({ kind: 'dm', user: 'gm' }, 'to the GM') },
      { version: 3, message: m({ kind: 'dm', user: 'p2' }, 'to South') },
      { version: 99, message: m({ kind: 'channel', channel: 'chan' }, 'later') },
      { version: null, message: m({ kind: 'channel', channel: 'chan' }, 'unversioned') },
    ]);
    expect([...posts.entries()].map(([v, ms]) => [v, ms.map((x) => x.text)])).toEqual([
      [2, ['posted']],
      [3, ['to p1']],
    ]);
  });

  it("hides every link's token in the posts it shows: a lagging spectator is not handed the channel's live link", () => {
    const { a } = audience([], link('spectator', { lagTurns: 1 }));
    const posts = postsFor(a, 'chan', [{ version: 2, message: { to: { kind: 'channel', channel: 'chan' }, text: 'Battle page: http://localhost:8080/b/b1/cO-Ix-EsY3KcWCESEIgJKC and http://x/c/c1/AAAAAAAAAAAAAAAAAAAAAA.' } }]);
    expect(posts.get(2)![0]!.text).toBe('Battle page: http://localhost:8080/b/b1/(link not shown here) and http://x/c/c1/(link not shown here).');
    const french = postsFor(a, 'chan', [{ version: 2, message: { to: { kind: 'channel', channel: 'chan' }, text: 'http://x/b/b1/cO-Ix-EsY3KcWCESEIgJKC' } }], 'fr');
    expect(french.get(2)![0]!.text).toBe('http://x/b/b1/(lien non affiché ici)');
  });

  it('exports a withheld sealed event as its seal and hash alone (not its type, actor, time, salt or data), and nothing past the view', () => {
    const { a, log } = audience([ballot('v1', 'channel'), vote('v1', 'k1', 'L', 'p1')], link('public'));
    const salt = 's'.repeat(64);
    const rows = log.map((e) => ({ position: e.version, battle_id: 'b1', version: e.version, type: e.event.type, data: JSON.stringify(e.event.data), actor: e.actor, at: e.at, request_id: null, hash: 'h'.repeat(64), salt }));
    const x = exportFor({ ...a, through: log.length - 1 }, 'b1', rows);
    expect(x.events).toHaveLength(log.length - 1);
    expect(x.events[0]).toMatchObject({ version: 1, type: 'BattleCreated', salt });
    const all = exportFor(a, 'b1', rows);
    const last = rows.at(-1)!;
    expect(all.events.at(-1)).toEqual({ version: log.length, seal: sealOf(salt, last.type, last.actor, last.at, last.data), hash: 'h'.repeat(64), withheld: true });
    expect(JSON.stringify(all.events.at(-1))).not.toMatch(/VoteCast|"gm"|"choice"|sss/);
  });

  it('exports a withheld event written before sealing (no salt) with its version alone: its scheme-1 hash would check a guess', () => {
    const { a, log } = audience([ballot('v1', 'channel'), vote('v1', 'k1', 'L', 'p1')], link('public'));
    const rows = log.map((e) => ({ position: e.version, battle_id: 'b1', version: e.version, type: e.event.type, data: JSON.stringify(e.event.data), actor: e.actor, at: e.at, request_id: null, hash: 'h'.repeat(64), salt: null }));
    const all = exportFor(a, 'b1', rows);
    expect(all.events.at(-1)).toEqual({ version: log.length, withheld: true });
    expect(all.events[0]).not.toHaveProperty('salt');
  });
});

describe('the state at an event, from states kept along the log (issue 30)', () => {
  it('is what replay gives at every version, undos included', () => {
    const events: BattleEvent[] = [...SETUP];
    for (let i = 0; i < 150; i++) events.push({ type: 'CommandAdded', data: { commandId: `x${i}`, name: `X${i}`, sideId: 's1' } });
    events.push({ type: 'ActionUndone', data: { voids: [100, 101], summary: 'two commands' } });
    for (let i = 150; i < 200; i++) events.push({ type: 'CommandAdded', data: { commandId: `x${i}`, name: `X${i}`, sideId: 's2' } });
    const log = logged(events);
    const data = new BattleData('b1', log, [], []);
    for (const v of [0, 1, 63, 64, 65, 99, 100, 158, 159, 160, 200, log.length]) expect(data.stateAt(v)).toEqual(replay('b1', log, v));
    // Asked backwards after forwards: the kept states are not changed by a later fold.
    expect(data.stateAt(70)).toEqual(replay('b1', log, 70));
  });
});
