import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/battle/actions.ts';
import { UMPIRE } from '../../src/battle/actions.ts';
import { changesVote, neverRevealedVotes } from '../../src/battle/ballots.ts';
import { describeEvent, toldToChannel } from '../../src/battle/describe.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import { scriptedStream } from '../support/scripted-dice.ts';
import { english, wordWithin, type Text } from '../../src/i18n/text.ts';
import { given, logged, NOW, worded } from '../support/spec.ts';

const setup: BattleEvent[] = [
  { type: 'BattleCreated', data: { battleId: 'b1', name: 'Ligny', system: 'percentile', channel: 'table', gm: 'gm' } },
  { type: 'SideAdded', data: { sideId: 's1', name: 'French' } },
  { type: 'SideAdded', data: { sideId: 's2', name: 'Prussians' } },
  { type: 'CommandAdded', data: { commandId: 'c1', name: 'III Corps', sideId: 's1' } },
  { type: 'CommandAdded', data: { commandId: 'c2', name: 'I Corps', sideId: 's2' } },
  { type: 'SideJoined', data: { sideId: 's1', user: 'alice' } },
  { type: 'CommandAssigned', data: { commandId: 'c1', user: 'alice' } },
  { type: 'SideJoined', data: { sideId: 's2', user: 'bob' } },
  { type: 'CommandAssigned', data: { commandId: 'c2', user: 'bob' } },
  { type: 'SideJoined', data: { sideId: 's1', user: 'carol' } },
];
const voters = [
  { id: 'c1', label: 'III Corps', users: ['alice'], allowed: ['YES', 'NO'] },
  { id: 'c2', label: 'I Corps', users: ['bob'], allowed: ['YES', 'NO'] },
];
const opened: BattleEvent = {
  type: 'BallotOpened',
  data: { ballotId: 'v1', kind: 'poll', title: 'Storm?', voters, input: { kind: 'choice' }, audience: 'channel', openedAt: NOW, deadline: '2026-01-01T13:00:00.000Z', turn: 1 },
};
const aliceYes: BattleEvent = { type: 'VoteCast', data: { ballotId: 'v1', voter: 'c1', choice: 'YES', by: 'alice', onBehalf: false } };
const cast = (choice: string, extra: Partial<Extract<Action, { type: 'CastVote' }>> = {}): Action => ({ type: 'CastVote', ballot: 'v1', choice, ...extra });

describe('opening a ballot', () => {
  it('opens a poll of every command, each cast by its player', () =>
    given(setup)
      .when({ type: 'OpenPoll', title: 'Storm?', options: ['YES', ' NO ', 'YES'], electorate: 'commands' })
      .then([{ type: 'BallotOpened', data: { ballotId: 'v1', kind: 'poll', title: 'Storm?', voters, input: { kind: 'choice' }, audience: 'channel', openedAt: NOW, turn: 1 } }]));
  it('opens a poll of the sides, cast by any of their players', () => {
    const [e] = given(setup).when({ type: 'OpenPoll', title: 'Truce?', options: ['YES', 'NO'], electorate: 'sides' }).events();
    expect(e).toMatchObject({ data: { voters: [{ id: 's1', users: ['alice', 'carol'] }, { id: 's2', users: ['bob'] }] } });
  });
  it('refuses fewer than two options', () => given(setup).when({ type: 'OpenPoll', title: 'Q', options: ['YES', 'YES'], electorate: 'commands' }).refused(/2 to 10 different options/));
  it('refuses a player opening a ballot', () => given(setup).when({ type: 'OpenPoll', title: 'Q', options: ['A', 'B'], electorate: 'commands' }, 'alice').refused(/Only a GM/));
});

describe('casting', () => {
  it("records the player's vote for their command", () => given([...setup, opened]).when(cast('yes'), 'alice').then([aliceYes]));
  it('lets the player change it until the ballot closes; the latest counts', () =>
    given([...setup, opened, aliceYes]).when(cast('NO'), 'alice').then([{ type: 'VoteCast', data: { ballotId: 'v1', voter: 'c1', choice: 'NO', by: 'alice', onBehalf: false } }]));
  it('answers the same choice twice clearly and changes nothing', () => given([...setup, opened, aliceYes]).when(cast('YES'), 'alice').refused(/already voted YES; nothing changed/));
  it('refuses a choice that is not offered', () => given([...setup, opened]).when(cast('MAYBE'), 'alice').refused(/may choose YES or NO.*"MAYBE" is not one of them/));
  it("reveals everything at once with the last vote (ballot closes when all voted)", () =>
    given([...setup, opened, aliceYes])
      .when(cast('NO'), 'bob')
      .then([
        { type: 'VoteCast', data: { ballotId: 'v1', voter: 'c2', choice: 'NO', by: 'bob', onBehalf: false } },
        {
          type: 'BallotRevealed',
          data: {
            ballotId: 'v1',
            reason: 'all voted',
            choices: [
              { voter: 'c1', label: 'III Corps', choice: 'YES', by: 'alice', onBehalf: false },
              { voter: 'c2', label: 'I Corps', choice: 'NO', by: 'bob', onBehalf: false },
            ],
          },
        },
      ]));
  it('lets a GM cast for an absent player only by the explicit action, which the reveal shows', () => {
    const events = given([...setup, opened, aliceYes]).when(cast('NO', { voter: 'I Corps', onBehalf: true }), 'gm').events();
    expect(events[0]).toEqual({ type: 'VoteCast', data: { ballotId: 'v1', voter: 'c2', choice: 'NO', by: 'gm', onBehalf: true } });
    expect(events[1]).toMatchObject({ type: 'BallotRevealed', data: { choices: [{}, { voter: 'c2', choice: 'NO', by: 'gm', onBehalf: true }] } });
  });
  it('refuses a stale vote after the reveal', () =>
    given([...setup, opened, { type: 'BallotRevealed', data: { ballotId: 'v1', reason: 'gm', choices: [] } }]).when(cast('NO'), 'alice').refused(/closed; its result has been revealed/));
});

describe('authorization (table-driven)', () => {
  const closedSetup = [...setup, opened];
  const cases: { who: string; action: Action; ok: boolean; why?: RegExp }[] = [
    { who: 'gm', action: cast('YES', { voter: 'III Corps' }), ok: false, why: /Only <@alice> may vote for III Corps/ },
    { who: 'alice', action: cast('YES'), ok: true },
    { who: 'bob', action: cast('YES', { voter: 'III Corps' }), ok: false, why: /Only <@alice> may vote for III Corps/ },
    { who: 'carol', action: cast('YES'), ok: false, why: /You have no vote in Storm\?/ },
    { who: 'stranger', action: cast('YES', { voter: 'c1' }), ok: false, why: /Only <@alice> may vote/ },
    { who: 'gm', action: cast('YES', { voter: 'III Corps', onBehalf: true }), ok: true },
    { who: 'alice', action: cast('YES', { voter: 'III Corps', onBehalf: true }), ok: false, why: /Only a GM may cast a vote on behalf/ },
    { who: 'bob', action: cast('YES', { voter: 'III Corps', onBehalf: true }), ok: false, why: /Only a GM may cast a vote on behalf/ },
    { who: 'stranger', action: cast('YES', { voter: 'III Corps', onBehalf: true }), ok: false, why: /Only a GM may cast a vote on behalf/ },
    { who: 'gm', action: { type: 'RevealBallot', ballot: 'v1' }, ok: true },
    { who: 'alice', action: { type: 'RevealBallot', ballot: 'v1' }, ok: false, why: /Only a GM/ },
    { who: 'bob', action: { type: 'RevealBallot', ballot: 'v1' }, ok: false, why: /Only a GM/ },
    { who: 'stranger', action: { type: 'RevealBallot', ballot: 'v1' }, ok: false, why: /Only a GM/ },
    { who: 'gm', action: { type: 'OpenPoll', title: 'Q', options: ['A', 'B'], electorate: 'sides' }, ok: true },
    { who: 'alice', action: { type: 'OpenPoll', title: 'Q', options: ['A', 'B'], electorate: 'sides' }, ok: false, why: /Only a GM/ },
    { who: 'stranger', action: { type: 'OpenPoll', title: 'Q', options: ['A', 'B'], electorate: 'sides' }, ok: false, why: /Only a GM/ },
    { who: 'gm', action: { type: 'CloseBallot', ballot: 'v1' }, ok: false, why: /Only the umpire/ },
    { who: 'alice', action: { type: 'RemindBallot', ballot: 'v1' }, ok: false, why: /Only the umpire/ },
  ];
  for (const c of cases) {
    it(`${c.action.type}${'onBehalf' in c.action && c.action.onBehalf ? ' (on behalf)' : ''} by ${c.who}: ${c.ok ? 'accepted' : 'refused'}`, () => {
      const when = given(closedSetup).when(c.action, c.who);
      if (c.ok) expect(when.events().length).toBeGreaterThan(0);
      else when.refused(c.why!);
    });
  }
});

describe('deadlines and reminders (the umpire acting by itself)', () => {
  it('closes a ballot whose deadline passed, voters who did not vote shown as such', () =>
    given([...setup, opened, aliceYes])
      .when({ type: 'CloseBallot', ballot: 'v1' }, UMPIRE, { now: '2026-01-01T13:00:00.000Z' })
      .then([
        {
          type: 'BallotRevealed',
          data: {
            ballotId: 'v1',
            reason: 'deadline',
            choices: [
              { voter: 'c1', label: 'III Corps', choice: 'YES', by: 'alice', onBehalf: false },
              { voter: 'c2', label: 'I Corps', choice: null },
            ],
          },
        },
      ]));
  it('refuses to close before the deadline', () => given([...setup, opened]).when({ type: 'CloseBallot', ballot: 'v1' }, UMPIRE).refused(/deadline has not passed/));
  it('reminds those who have not voted, once', () => {
    given([...setup, opened, aliceYes]).when({ type: 'RemindBallot', ballot: 'v1' }, UMPIRE).then([{ type: 'BallotReminded', data: { ballotId: 'v1', waitingFor: ['c2'] } }]);
    given([...setup, opened, { type: 'BallotReminded', data: { ballotId: 'v1', waitingFor: ['c1', 'c2'] } }])
      .when({ type: 'RemindBallot', ballot: 'v1' }, UMPIRE)
      .refused(/needs no reminder/);
  });
  it('a vote is not undone by the GM: undo skips to the last undoable action', () =>
    given([...setup, opened, aliceYes]).when({ type: 'Undo' }).then([{ type: 'ActionUndone', data: { voids: [11], summary: worded('ballot v1 opened: Storm? — voters: III Corps, I Corps; closes <t:1767272400:f> (<t:1767272400:R>)') } }]));
});

describe('grand-tactical initiative (INIT-GRANDTAC)', () => {
  const charge: BattleEvent[] = [
    { type: 'BattleCreated', data: { battleId: 'b1', name: 'Wagram', system: 'charge', channel: 'table', gm: 'gm' } },
    { type: 'SideAdded', data: { sideId: 's1', name: 'French' } },
    { type: 'SideAdded', data: { sideId: 's2', name: 'Austrian' } },
    { type: 'SideJoined', data: { sideId: 's1', user: 'davout' } },
    { type: 'SideJoined', data: { sideId: 's2', user: 'charles' } },
  ];
  const points: BattleEvent = {
    type: 'BallotOpened',
    data: {
      ballotId: 'v1',
      kind: 'grandtac',
      title: 'Grand-Tac points for turn 1',
      rule: 'INIT-GRANDTAC',
      voters: [
        { id: 's1', label: 'French', users: ['davout'], allowed: [] },
        { id: 's2', label: 'Austrian', users: ['charles'], allowed: [] },
      ],
      input: { kind: 'number', min: 0, max: 999 },
      audience: 'channel',
      openedAt: NOW,
      turn: 1,
    },
  };
  it('INIT-GRANDTAC points are allotted in secret by each side, as a whole number', () => {
    expect(wordWithin(given(charge).when({ type: 'OpenGrandTac' }).events(), 'en')).toEqual([points]);
    given([...charge, points]).when({ type: 'CastVote', ballot: 'v1', choice: 'lots' }, 'davout').refused(/takes a whole number from 0 to 999 \(got "lots"\)/);
  });
  it('INIT-GRANDTAC is revealed with the roll: 1d10 each, the high roll wins', () => {
    const events = given([...charge, points, { type: 'VoteCast', data: { ballotId: 'v1', voter: 's1', choice: '3', by: 'davout', onBehalf: false } }])
      .when({ type: 'CastVote', ballot: 'v1', choice: '5' }, 'charles', { dice: scriptedStream(7, 4) })
      .events();
    expect(events.map((e) => e.type)).toEqual(['VoteCast', 'BallotRevealed', 'GrandTacRolled']);
    expect(events[2]).toMatchObject({
      data: { outcome: { rolls: [{ side: 'French', points: 3, roll: 7 }, { side: 'Austrian', points: 5, roll: 4 }], result: { kind: 'winner', side: 'French', by: 3 } }, dice: { from: 0, to: 2 } },
    });
  });
  it('INIT-GRANDTAC unmodified rolls of 17 or more end the turn', () => {
    const events = given([...charge, points]).when({ type: 'RevealBallot', ballot: 'v1' }, 'gm', { dice: scriptedStream(9, 8) }).events();
    expect(events[1]).toMatchObject({ data: { outcome: { unmodifiedSum: 17, turnEnds: true, result: { kind: 'turn-ends' } } } });
  });
  it('INIT-GRANDTAC belongs to the charge rules', () => given(setup).when({ type: 'OpenGrandTac' }).refused(/belongs to the Napoleonic d10 charge rules/));
});

describe('a changed vote (issue 37)', () => {
  const aliceNo: BattleEvent = { type: 'VoteCast', data: { ballotId: 'v1', voter: 'c1', choice: 'NO', by: 'alice', onBehalf: false } };
  it('is told to nobody but its voter: the log others read has no line of it', () => {
    const s = given([...setup, opened, aliceYes]).state;
    expect(changesVote(s, aliceNo)).toBe(true);
    expect(toldToChannel(aliceNo, s)).toBe(false);
    expect(english(describeEvent(aliceNo, s))).toBe('<@alice> changed the vote of III Corps in Storm? (nobody else is told)');
    // The first vote is told, as ever (secret until revealed).
    const first = given([...setup, opened]).state;
    expect(toldToChannel(aliceYes, first)).toBe(true);
    expect(english(describeEvent(aliceYes, first))).toBe('<@alice> voted for III Corps in Storm? (secret until revealed)');
  });
  it('never reveals the choice changed away from: neverRevealedVotes names its version, and the reveal holds the last', () => {
    const log = logged([...setup, opened, aliceYes, aliceNo]);
    expect(neverRevealedVotes(log)).toEqual(new Set([12]));
    expect(neverRevealedVotes(log, 12)).toEqual(new Set());
    const events = given([...setup, opened, aliceYes, aliceNo]).when(cast('YES'), 'bob').events();
    expect(events[1]).toMatchObject({ type: 'BallotRevealed', data: { choices: [{ voter: 'c1', choice: 'NO' }, { voter: 'c2', choice: 'YES' }] } });
  });
});

describe('voiding a vote (issue 37)', () => {
  const voided: BattleEvent = { type: 'VoteVoided', data: { ballotId: 'v1', voter: 'c1', by: 'gm', reason: 'cast for the wrong command' } };
  const voidIt = (voter = 'III Corps', reason?: string): Action => ({ type: 'VoidVote', ballot: 'v1', voter, ...(reason !== undefined ? { reason } : {}) });
  it('a GM voids a vote, with a reason or without', () => {
    given([...setup, opened, aliceYes]).when(voidIt('III Corps', '  cast for  the wrong command ')).then([voided]);
    given([...setup, opened, aliceYes]).when(voidIt('c1')).then([{ type: 'VoteVoided', data: { ballotId: 'v1', voter: 'c1', by: 'gm' } }]);
  });
  it('a voided vote no longer counts: the ballot waits for its voter again, and the last vote in reveals without it', () => {
    const after = given([...setup, opened, aliceYes, voided]);
    expect(after.state.ballots.v1!.votes).toEqual({});
    given([...setup, opened, aliceYes, voided]).when(cast('NO'), 'bob').then([{ type: 'VoteCast', data: { ballotId: 'v1', voter: 'c2', choice: 'NO', by: 'bob', onBehalf: false } }]);
    const events = given([...setup, opened, aliceYes, voided, { type: 'VoteCast', data: { ballotId: 'v1', voter: 'c2', choice: 'NO', by: 'bob', onBehalf: false } }]).when(cast('NO'), 'alice').events();
    expect(events[1]).toMatchObject({ type: 'BallotRevealed', data: { reason: 'all voted', choices: [{ voter: 'c1', choice: 'NO' }, { voter: 'c2', choice: 'NO' }] } });
    expect(neverRevealedVotes(logged([...setup, opened, aliceYes, voided]))).toEqual(new Set([12]));
  });
  it("the channel's line names the voter and the GM, never the choice", () => {
    const line = english(describeEvent(voided, given([...setup, opened, aliceYes]).state));
    expect(line).toBe('<@gm> (GM) voided the vote of III Corps in Storm?: cast for the wrong command; it no longer counts, and III Corps votes again');
    expect(line).not.toContain('YES');
  });
  it('refuses a player, a voter who has not voted, a ballot that does not exist or is revealed, a stranger to the ballot, a long reason', () => {
    for (const who of ['alice', 'bob', 'stranger']) given([...setup, opened, aliceYes]).when(voidIt(), who).refused(/Only a GM of this battle/);
    given([...setup, opened, aliceYes]).when(voidIt('I Corps')).refused(/^I Corps has not voted in Storm\?; there is no vote to void\.$/);
    given([...setup, opened, aliceYes]).when({ type: 'VoidVote', ballot: 'v9', voter: 'c1' }).refused(/There is no ballot "v9"\. Open ballots: v1 \(Storm\?\)\./);
    given([...setup, opened, aliceYes]).when(voidIt('IV Corps')).refused(/IV Corps does not vote in Storm\?/);
    given([...setup, opened, aliceYes]).when(voidIt('III Corps', 'x'.repeat(201))).refused(/at most 200 characters; that one has 201/);
    given([...setup, opened, aliceYes, { type: 'BallotRevealed', data: { ballotId: 'v1', reason: 'gm', choices: [] } }]).when(voidIt()).refused(/Storm\? has been revealed; its votes stand\./);
  });
  it('is not undone: an undo passes over it to the last undoable action', () =>
    given([...setup, opened, aliceYes, voided]).when({ type: 'Undo' }).then([{ type: 'ActionUndone', data: { voids: [11], summary: expect.toSatisfy((t: Text) => english(t).startsWith('ballot v1 opened')) as unknown as string } }]));
});
