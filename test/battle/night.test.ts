import { english, say } from '../../src/i18n/text.ts';
import { describe, expect, it } from 'vitest';
import type { BattleEvent } from '../../src/battle/events.ts';
import { describeEvent } from '../../src/battle/describe.ts';
import { pct } from '../../src/systems/percentile/battle/state.ts';
import { given, NOW } from '../support/spec.ts';

const at = (turn: number, period: string, phase = 0) => ({ turn, phase, period });
const moveTo = (from: ReturnType<typeof at>, to: ReturnType<typeof at>): BattleEvent => ({ type: 'PhaseAdvanced', data: { from, to, phaseId: 'x', phaseName: 'x', due: [] } });
const setup: BattleEvent[] = [
  { type: 'BattleCreated', data: { battleId: 'b1', name: 'Ligny', system: 'percentile', channel: 'table', gm: 'gm' } },
  { type: 'SideAdded', data: { sideId: 's1', name: 'French' } },
  { type: 'SideAdded', data: { sideId: 's2', name: 'Prussians' } },
  { type: 'CommandAdded', data: { commandId: 'c1', name: 'III Corps', sideId: 's1' } },
  { type: 'CommandAdded', data: { commandId: 'c2', name: 'I Corps', sideId: 's2' } },
  { type: 'CommandAssigned', data: { commandId: 'c1', user: 'alice' } },
  { type: 'CommandAssigned', data: { commandId: 'c2', user: 'bob' } },
  { type: 'OrderChanged', data: { commandId: 'c1', order: 'ATTACK', rule: 'GM', reason: 'set' } },
  { type: 'OrderChanged', data: { commandId: 'c2', order: 'MARCH', rule: 'GM', reason: 'set' } },
];
const dusk = [...setup, moveTo(at(1, 'day'), at(2, 'dusk'))];
const nightVote = (voters: { id: string; label: string; users: string[]; allowed: string[]; why?: string }[]): BattleEvent => ({
  type: 'BallotOpened',
  // The title and the choices' words are phrases, worded for each reader (issue 43).
  data: { ballotId: 'v1', kind: 'night', title: say('percentile.night.voteTitle'), rule: 'NIGHT-18.11', words: { ACTIVE: say('percentile.night.choice.active'), PASSIVE: say('percentile.night.choice.passive') }, voters, input: { kind: 'choice' }, audience: 'channel', openedAt: NOW, turn: 2 },
});
const both = ['ACTIVE', 'PASSIVE'];
const opened = nightVote([
  { id: 'c1', label: 'III Corps', users: ['alice'], allowed: both },
  { id: 'c2', label: 'I Corps', users: ['bob'], allowed: both },
]);
const vote = (voter: string, choice: string, by: string): BattleEvent => ({ type: 'VoteCast', data: { ballotId: 'v1', voter, choice, by, onBehalf: false } });
const decided = (night: boolean, active: string[], passive: string[]): BattleEvent => ({ type: 'NightDecided', data: { ballotId: 'v1', night, active, passive, unvoted: [] } });
const afterVote = [...dusk, opened, vote('c1', 'ACTIVE', 'alice'), vote('c2', 'PASSIVE', 'bob'), { type: 'BallotRevealed', data: { ballotId: 'v1', reason: 'all voted', choices: [] } } as BattleEvent, decided(true, ['c1'], ['c2'])];
const night = [...afterVote, moveTo(at(2, 'dusk', 3), at(3, 'night'))];

describe('the night-combat vote', () => {
  it('NIGHT-18.11 opens at dusk, one secret ACTIVE/PASSIVE vote per command', () => given(dusk).when({ type: 'OpenNightVote' }).then([opened]));
  it('NIGHT-18.11 is refused outside the dusk turn', () => given(setup).when({ type: 'OpenNightVote' }).refused(/end of the last daylight \(dusk\) turn \(NIGHT-18.11\)/));
  it('NIGHT-18.13 army demoralization forces PASSIVE and the prompt says why', () => {
    const [e] = given([...dusk, { type: 'ArmyDemoralizationSet', data: { sideId: 's2', on: true } }]).when({ type: 'OpenNightVote' }).events();
    expect(e).toMatchObject({ data: { voters: [{ id: 'c1', allowed: both }, { id: 'c2', allowed: ['PASSIVE'], why: say('percentile.night.stanceDemoralized') }] } });
  });
  it('NIGHT-18.13 an ACTIVE vote of a demoralized army is refused', () =>
    given([...dusk, nightVote([{ id: 'c2', label: 'I Corps', users: ['bob'], allowed: ['PASSIVE'], why: 'Army Demoralization (NIGHT-18.13).' }])])
      .when({ type: 'CastVote', ballot: 'v1', choice: 'ACTIVE' }, 'bob')
      .refused(/I Corps may choose PASSIVE.*NIGHT-18.13.*"ACTIVE" is not one of them/));
  it('NIGHT-18.85 a command that attacked at dawn must be PASSIVE the next night', () => {
    const [e] = given([...setup, { type: 'DawnAttacksAnnounced', data: { ballotId: 'v0', attackers: ['c1'] } }, moveTo(at(1, 'day'), at(2, 'dusk'))]).when({ type: 'OpenNightVote' }).events();
    expect(e).toMatchObject({ data: { voters: [{ id: 'c1', allowed: ['PASSIVE'], why: say('percentile.night.stanceAttackedAtDawn') }, { id: 'c2', allowed: both }] } });
  });
  it('NIGHT-18.12 one ACTIVE command is enough: night turns; NIGHT-18.22 a PASSIVE MARCH order is kept', () => {
    const events = given([...dusk, opened, vote('c1', 'ACTIVE', 'alice')]).when({ type: 'CastVote', ballot: 'v1', choice: 'PASSIVE' }, 'bob').events();
    expect(events.map((e) => e.type)).toEqual(['VoteCast', 'BallotRevealed', 'NightDecided']);
    expect(events[2]).toEqual(decided(true, ['c1'], ['c2']));
  });
  it('NIGHT-18.22 a PASSIVE command under another order needs MARCH, ENGAGE or RESERVE, picked by the GM', () => {
    const events = given([...dusk, opened, vote('c1', 'PASSIVE', 'alice')]).when({ type: 'CastVote', ballot: 'v1', choice: 'ACTIVE' }, 'bob').events();
    expect(events.at(-1)).toMatchObject({ type: 'OrderChangeDue', data: { commandId: 'c1', choices: ['MARCH', 'ENGAGE', 'RESERVE'] } });
    expect(english((events.at(-1) as Extract<BattleEvent, { type: 'OrderChangeDue' }>).data.reason)).toMatch(/NIGHT-18.22/);
  });
  it('NIGHT-18.11 no ACTIVE command: no night combat, the next turn is the interphase', () => {
    const noNight = [...dusk, opened, vote('c1', 'PASSIVE', 'alice'), vote('c2', 'PASSIVE', 'bob'), { type: 'BallotRevealed', data: { ballotId: 'v1', reason: 'all voted', choices: [] } } as BattleEvent, decided(false, [], ['c1', 'c2'])];
    const [e] = given([...noNight, moveTo(at(2, 'dusk'), at(2, 'dusk', 4))]).when({ type: 'AdvancePhase' }).events();
    expect(e).toMatchObject({ type: 'PhaseAdvanced', data: { to: { period: 'interphase' } } });
  });
  it('NIGHT-18.12 with an ACTIVE command the turn after dusk is a night turn, with the night banner', () => {
    const [e] = given([...afterVote, { type: 'NightConditionsSet', data: { moon: 'full', weather: 'limited clouds', visibility: 12, condition: 'Full moon', from: 'pack' } }])
      .when({ type: 'AdvanceTurn' })
      .events();
    expect(e).toMatchObject({ type: 'PhaseAdvanced', data: { to: { period: 'night', phase: 0 } } });
    const due = (e as Extract<BattleEvent, { type: 'PhaseAdvanced' }>).data.due.map(english).join('\n');
    expect(due).toMatch(/visibility 12" \(NIGHT-18.31\)/);
    expect(due).toMatch(/Fire x0.75; maximum range 12" \(NIGHT-18.51\)/);
    expect(due).toMatch(/Movement 50%.*\(NIGHT-18.41\)/);
    expect(due).toMatch(/1D6 for direction.*\(NIGHT-18.42\)/);
  });
  it('NIGHT-18.11 leaving dusk is refused while the vote is due or open', () => {
    given(dusk).when({ type: 'AdvanceTurn' }).refused(/night-combat vote is due before the night \(NIGHT-18.11\)/);
    // The open vote is owed (issue 28); passed over, the night still waits for it.
    given([...dusk, opened]).when({ type: 'AdvanceTurn' }).refused(/• ballot v1 "Night stance: ACTIVE or PASSIVE\?" \(NIGHT-18.11\) is still open, waiting for/);
    given([...dusk, opened]).when({ type: 'AdvanceTurn', skip: true }).refused(/vote \(v1\) is still open/);
  });
});

describe('orders at night', () => {
  // I Corps (bob) is PASSIVE under MARCH, III Corps (alice) ACTIVE under ATTACK.
  it("NIGHT-18.22 a PASSIVE command never goes under ATTACK, whoever sets it", () => {
    for (const who of ['bob', 'gm']) given(night).when({ type: 'SetOrder', command: 'I Corps', order: 'ATTACK' }, who).refused(/never go under an ATTACK order at night \(NIGHT-18.22\)/);
  });
  it('NIGHT-18.22 no MANEUVER or DEFEND until triggered', () => {
    given(night).when({ type: 'SetOrder', command: 'I Corps', order: 'MANEUVER' }, 'bob').refused(/cannot use a MANEUVER order until it is triggered/);
    given(night).when({ type: 'SetOrder', command: 'I Corps', order: 'DEFEND' }, 'bob').refused(/DEFEND only once triggered/);
  });
  it("NIGHT-18.22 a PASSIVE command's order is its player's: another player is refused, naming whose it is", () => {
    given(night).when({ type: 'SetOrder', command: 'I Corps', order: 'RESERVE' }, 'alice').refused(/^I Corps is <@bob>'s command: only its player or a GM sets its order \(NIGHT-18.22\)\.$/);
    given(night).when({ type: 'TriggerCommand', command: 'I Corps', reason: 'b' }, 'alice').refused(/^I Corps is <@bob>'s command: only its player or a GM declares that it is triggered \(NIGHT-18.24\)\.$/);
  });
  it('NIGHT-18.22 a player sets an order openly only where the night rules give it to him: orders are otherwise given in secret or by a GM', () => {
    given(night).when({ type: 'SetOrder', command: 'III Corps', order: 'MANEUVER' }, 'alice').refused(/III Corps is ACTIVE.*orders are given in secret \(\/orders open\) or set by a GM/);
    given(setup).when({ type: 'SetOrder', command: 'III Corps', order: 'DEFEND' }, 'alice').refused(/orders are given in secret \(\/orders open\) or set by a GM/);
  });
  it("NIGHT-18.24 the trigger is declared by the PASSIVE command's player; b and c (and d) are table facts, logged as his claim", () => {
    given(night)
      .when({ type: 'TriggerCommand', command: 'I Corps', reason: 'b' }, 'bob')
      .then([{ type: 'CommandTriggered', data: { commandId: 'c2', reason: 'b', text: expect.stringMatching(/Enemy unit movement/) as unknown as string, by: 'bob', claim: true } }]);
    const [e] = given(night).when({ type: 'TriggerCommand', command: 'I Corps', reason: 'c' }, 'bob').events();
    expect(english(describeEvent(e!, given(night).state))).toMatch(/^I Corps is triggered on <@bob>'s claim: Within the zone of a declared cavalry charge or countercharge\. \(NIGHT-18\.24\.c; the battle does not hold it, a GM may undo the claim\); normal order changes apply$/);
  });
  it('NIGHT-18.24 a PASSIVE command triggered may then go to DEFEND, set by its player', () => {
    given([...night, { type: 'CommandTriggered', data: { commandId: 'c2', reason: 'b', text: 'moved on', by: 'bob', claim: true } }])
      .when({ type: 'SetOrder', command: 'I Corps', order: 'DEFEND' }, 'bob')
      .then([{ type: 'OrderChanged', data: { commandId: 'c2', order: 'DEFEND', from: 'MARCH', rule: 'NIGHT-18.22', reason: say('percentile.orders.reason.byPlayer'), by: 'bob' } }]);
  });
  it('NIGHT-18.24 only PASSIVE commands are triggered, with one of the four reasons', () => {
    given(night).when({ type: 'TriggerCommand', command: 'III Corps', reason: 'a' }).refused(/Only a PASSIVE command is triggered/);
    given(night).when({ type: 'TriggerCommand', command: 'I Corps', reason: 'e' }).refused(/one of a \(.*\); b .*NIGHT-18.24/);
  });
  it('NIGHT-18.23 an ACTIVE command keeps its order; a GM changes it by the normal rules', () =>
    given(night)
      .when({ type: 'SetOrder', command: 'III Corps', order: 'MANEUVER' })
      .then([{ type: 'OrderChanged', data: { commandId: 'c1', order: 'MANEUVER', from: 'ATTACK', rule: 'NIGHT-18.23', reason: say('percentile.orders.reason.changed'), by: 'gm' } }]));
  it("NIGHT-18.22 a command turned PASSIVE takes MARCH, ENGAGE or RESERVE, its player's pick by its senior's order; a GM's pick is logged as his ruling", () => {
    const due: BattleEvent = { type: 'OrderChangeDue', data: { commandId: 'c1', choices: ['MARCH', 'ENGAGE', 'RESERVE'], reason: 'NIGHT-18.22' } };
    const turned = [...night, { type: 'MfpCriticalReached', data: { sideId: 's1', toPassive: ['c1'] } } as BattleEvent, due];
    given(turned).when({ type: 'SetOrder', command: 'III Corps', order: 'DEFEND' }, 'alice').refused(/must become MARCH, ENGAGE, RESERVE \(NIGHT-18.22\)/);
    given(turned).when({ type: 'SetOrder', command: 'III Corps', order: 'RESERVE' }, 'bob').refused(/III Corps is <@alice>'s command/);
    given(turned)
      .when({ type: 'SetOrder', command: 'III Corps', order: 'reserve' }, 'alice')
      .then([{ type: 'OrderChanged', data: { commandId: 'c1', order: 'RESERVE', from: 'ATTACK', rule: 'NIGHT-18.22', reason: say('percentile.orders.reason.passiveBySenior'), by: 'alice' } }]);
    const [gm] = given(turned).when({ type: 'SetOrder', command: 'III Corps', order: 'ENGAGE' }).events();
    expect(gm).toEqual({ type: 'OrderChanged', data: { commandId: 'c1', order: 'ENGAGE', from: 'ATTACK', rule: 'NIGHT-18.22', reason: say('percentile.orders.reason.passiveGmPick'), by: 'gm', gmRuling: true } });
    expect(english(describeEvent(gm!, given(turned).state))).toBe("III Corps: order ATTACK → ENGAGE (the GM's pick of the PASSIVE order; NIGHT-18.22) — GM's ruling");
  });
  it('secret orders are revealed as the next phase begins', () => {
    const ordersOpen: BattleEvent = {
      type: 'BallotOpened',
      data: { ballotId: 'v2', kind: 'orders', title: 'Orders for turn 1', voters: [{ id: 'c1', label: 'III Corps', users: ['alice'], allowed: ['DEFEND', 'ATTACK'] }], input: { kind: 'choice' }, audience: 'channel', openedAt: NOW, turn: 1 },
    };
    const events = given([...setup, ordersOpen, { type: 'VoteCast', data: { ballotId: 'v2', voter: 'c1', choice: 'DEFEND', by: 'alice', onBehalf: false } }]).when({ type: 'AdvancePhase' }).events();
    expect(events.map((e) => e.type)).toEqual(['BallotRevealed', 'OrderChanged', 'PhaseAdvanced']);
    expect(events[1]).toMatchObject({ data: { commandId: 'c1', order: 'DEFEND', from: 'ATTACK' } });
  });
});

describe('visibility, MFP, CMR', () => {
  it('NIGHT-18.31 full moon with limited clouds gives 12" visibility', () =>
    given(night).when({ type: 'SetNightConditions', moon: 'full', weather: 'limited clouds' }).then([{ type: 'NightConditionsSet', data: { moon: 'full', weather: 'limited clouds', visibility: 12, condition: 'Full moon night, limited clouds', from: 'pack' } }]));
  it('NIGHT-18.31 a dark night has no legible distance: the GM gives it', () => {
    given(night).when({ type: 'SetNightConditions', moon: 'none', weather: 'bad weather' }).refused(/the GM gives the visibility in inches/);
    expect(given(night).when({ type: 'SetNightConditions', moon: 'none', weather: 'bad weather', inches: 4 }).events()[0]).toMatchObject({ data: { visibility: 4, from: 'gm' } });
  });
  it('NIGHT-18.63 reaching the MFP critical level makes ACTIVE commands PASSIVE, orders to MARCH/ENGAGE/RESERVE', () => {
    const events = given(night).when({ type: 'ReachMfpCritical', side: 'French' }).events();
    expect(events).toEqual([
      { type: 'MfpCriticalReached', data: { sideId: 's1', toPassive: ['c1'] } },
      { type: 'OrderChangeDue', data: { commandId: 'c1', choices: ['MARCH', 'ENGAGE', 'RESERVE'], reason: expect.anything() } },
    ]);
    expect(english((events[1] as Extract<BattleEvent, { type: 'OrderChangeDue' }>).data.reason)).toMatch(/NIGHT-18.22/);
    expect(given([...night, events[0]!]).state.commands.c1?.stance).toBe('PASSIVE');
  });
  it('NIGHT-18.71 the night leaves each command its CMR penalty for the next battleday, shown in its status', () => {
    // The night's conditions were never set here: the GM passes over them (issue 28).
    const events = given(night).when({ type: 'AdvanceTurn', period: 'interphase', skip: true }).events();
    expect(events[0]!.type).toBe('DueWaived');
    expect(events[1]!.type).toBe('NightCmrRecorded');
    const notes = (events[1] as Extract<BattleEvent, { type: 'NightCmrRecorded' }>).data.notes.map((n) => ({ commandId: n.commandId, text: english(n.text) }));
    expect(notes).toMatchObject([{ commandId: 'c1', text: expect.stringMatching(/ACTIVE last night.*-1 CMR \(NIGHT-18.71\)/) }, { commandId: 'c2', text: expect.stringMatching(/PASSIVE last night: no CMR reduction/) }]);
    expect(english(pct(given([...night, ...events]).state).cmrNotes?.c1 ?? '')).toMatch(/-1 CMR/);
  });
});

describe('dawn attacks', () => {
  const interphase = [...night, moveTo(at(3, 'night'), at(4, 'interphase'))];
  it('NIGHT-18.82 notes are taken in secret for the GMs during the interphase; NIGHT-18.81 not by a command ACTIVE in the night', () => {
    const [e] = given(interphase).when({ type: 'OpenDawnBallot' }).events();
    expect(e).toMatchObject({ data: { kind: 'dawn', audience: 'gms', voters: [{ id: 'c1', allowed: ['NO'], why: say('percentile.night.dawnFoughtActive') }, { id: 'c2', allowed: ['DAWN ATTACK', 'NO'] }] } });
    given(night).when({ type: 'OpenDawnBallot' }).refused(/battleday interphase \(NIGHT-18.82\)/);
  });
  it('NIGHT-18.82 the GM announces at the first daylight turn; NIGHT-18.85 the attackers are marked for the next night', () => {
    const dawn: BattleEvent = {
      type: 'BallotOpened',
      data: { ballotId: 'v2', kind: 'dawn', title: 'Dawn attack', voters: [{ id: 'c2', label: 'I Corps', users: ['bob'], allowed: ['DAWN ATTACK', 'NO'] }], input: { kind: 'choice' }, audience: 'gms', openedAt: NOW, turn: 4 },
    };
    const events = given([...interphase, dawn, { type: 'VoteCast', data: { ballotId: 'v2', voter: 'c2', choice: 'DAWN ATTACK', by: 'bob', onBehalf: false } }]).when({ type: 'AdvanceTurn' }).events();
    expect(events.map((e) => e.type)).toEqual(['BallotRevealed', 'DawnAttacksAnnounced', 'PhaseAdvanced']);
    expect(events[1]).toEqual({ type: 'DawnAttacksAnnounced', data: { ballotId: 'v2', attackers: ['c2'] } });
    const after = given([...interphase, dawn, ...events]).state;
    expect(after.commands.c2?.attackedAtDawn).toBe(true);
    expect(pct(after).night).toEqual({});
  });
});
