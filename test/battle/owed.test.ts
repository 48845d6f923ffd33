import { english } from '../../src/i18n/text.ts';
import { describe, expect, it } from 'vitest';
import { owedNow } from '../../src/battle/advance.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import { given } from '../support/spec.ts';

/**
 * Issue 28: what a phase owes by its rules holds /phase next and /turn next until it is done or a
 * GM passes over it (DueWaived); each system says what its phases owe, read from the roster and log.
 */

const unit = (unitId: string, name: string, commandId: string, attrs: Record<string, string | number>): BattleEvent => ({ type: 'UnitAdded', data: { unitId, name, commandId, attrs } });
const moveTo = (from: { turn: number; phase: number; period?: string }, to: { turn: number; phase: number; period?: string }): BattleEvent => ({ type: 'PhaseAdvanced', data: { from, to, phaseId: 'x', phaseName: 'x', due: [] } });

const percentile: BattleEvent[] = [
  { type: 'BattleCreated', data: { battleId: 'b1', name: 'Quatre Bras', system: 'percentile', channel: 'table', gm: 'gm' } },
  { type: 'SideAdded', data: { sideId: 's1', name: 'French' } },
  { type: 'SideAdded', data: { sideId: 's2', name: 'Allies' } },
  { type: 'CommandAdded', data: { commandId: 'c1', name: 'Bachelu', sideId: 's1' } },
  { type: 'CommandAdded', data: { commandId: 'c2', name: 'Picton', sideId: 's2' } },
  unit('u1', '2e Léger', 'c1', { arm: 'infantry', figures: 24, class: 'B', formation: 'column', weapon: 'musket' }),
  unit('u2', '1/28th Foot', 'c2', { arm: 'infantry', figures: 20, class: 'A', formation: 'line', weapon: 'musket' }),
];
const day = (phase: number) => ({ turn: 1, phase, period: 'day' });
/** Fire losses ruled in the Reciprocal Infantry Fire Phase, calling for a morale check (PCT-11.72). */
const losses: BattleEvent = {
  type: 'PercentileLossesRuled',
  data: { unitId: 'u1', sideId: 's1', at: day(1), kind: 'figures', lost: 2, left: 22, reason: 'fire', moraleCheckDue: true, mfpChange: { rule: 'PCT-11.73', points: 0, direction: 'up', perFigure: 1, perBatteryOrTrain: 5, batteryLoss: 'each-cannon', text: '' }, mfp: null },
} as BattleEvent;

describe('percentile: what a phase owes', () => {
  it('PCT-11.72, 11.88: no check is owed while the fire of its phase goes on', () => {
    const s = given([...percentile, moveTo(day(0), day(1)), losses]).state;
    expect(owedNow(s)).toEqual([]);
  });
  it('PCT-11.72, 11.88: once the phase is over the check is owed, and holds the next phase until taken or passed over', () => {
    const events = [...percentile, moveTo(day(0), day(1)), losses, moveTo(day(1), day(2))];
    given(events).when({ type: 'AdvancePhase' }).refused(/Turn 1 \(day\), phase 3 \(Movement Phase\) is not done; it owes:\n• 2e Léger: a morale check for fire losses \(2 losses, PCT-11.72, 11.88\) — \/morale check unit:"2e Léger" kind:fire-loss/);
    const [waived, entered] = given(events).when({ type: 'AdvancePhase', skip: true }).events();
    expect(waived?.type === 'DueWaived' && waived.data.items.map((i) => ({ ...i, text: english(i.text) }))).toEqual([{ key: 'morale:u1@1.1', text: '2e Léger: a morale check for fire losses (2 losses, PCT-11.72, 11.88)' }]);
    expect(waived).toMatchObject({ type: 'DueWaived', data: { by: 'gm' } });
    expect(entered!.type).toBe('PhaseAdvanced');
    // Passed over once, it holds no more.
    given([...events, waived!, entered!]).when({ type: 'AdvancePhase' }).events();
  });
  it('NIGHT-18.31: a night turn without conditions says so, never "none moon, heavy clouds", and owes them', () => {
    const night = { turn: 3, phase: 0, period: 'night' };
    const [phase] = given([...percentile, moveTo(day(0), { turn: 2, phase: 4, period: 'dusk' })]).when({ type: 'AdvanceTurn', period: 'night' }).events();
    expect(phase!.type).toBe('PhaseAdvanced');
    const data = (phase as Extract<BattleEvent, { type: 'PhaseAdvanced' }>).data;
    expect(data.to).toEqual(night);
    expect(data.due.map(english).join('\n')).not.toMatch(/none moon|heavy clouds/);
    expect(data.due.map(english)).toContain('night turn: the night conditions are not set; a GM gives the moon and weather, which set the visibility (NIGHT-18.31): /night conditions');
    expect(data.owed?.map(english)).toEqual(['the night conditions: moon and weather give the visibility (NIGHT-18.31) — /night conditions moon:full weather:"limited clouds"']);
    given([...percentile, moveTo(day(0), night)]).when({ type: 'AdvancePhase' }).refused(/owes:\n• the night conditions/);
  });
});

describe('brigade: what a phase owes', () => {
  const brigade: BattleEvent[] = [
    { type: 'BattleCreated', data: { battleId: 'b1', name: 'Salamanca', system: 'brigade', channel: 'table', gm: 'gm' } },
    { type: 'SideAdded', data: { sideId: 's1', name: 'Allies' } },
    { type: 'SideAdded', data: { sideId: 's2', name: 'French' } },
  ];
  it('BRG-4.1: the Army Morale Phase of every fourth turn owes the army morale check', () => {
    given([...brigade, moveTo({ turn: 4, phase: 2 }, { turn: 4, phase: 3 })]).when({ type: 'AdvancePhase' }).refused(/owes:\n• the army morale check: .*\(BRG-4.1\) — \/morale army/);
  });
  it('BRG-4.1: on other turns, with no army general fallen, it owes nothing', () => {
    expect(owedNow(given([...brigade, moveTo({ turn: 3, phase: 2 }, { turn: 3, phase: 3 })]).state)).toEqual([]);
  });
});

describe('ballots: an open ballot holds the phase', () => {
  it('a GM poll still waiting for votes holds /phase next and /turn next; revealed, it holds no more', () => {
    const opened: BattleEvent = {
      type: 'BallotOpened',
      data: { ballotId: 'v1', kind: 'poll', title: 'Storm the farm?', voters: [{ id: 's1', label: 'French', users: ['alice'], allowed: ['YES', 'NO'] }], input: { kind: 'choice' }, openedAt: '2026-01-01T00:00:00.000Z', audience: 'channel', turn: 1 },
    };
    given([...percentile, opened]).when({ type: 'AdvanceTurn' }).refused(/• ballot v1 "Storm the farm\?" is still open, waiting for French — \/ballot vote ballot:v1/);
    const revealed: BattleEvent = { type: 'BallotRevealed', data: { ballotId: 'v1', reason: 'gm', choices: [{ voter: 's1', label: 'French', choice: null }] } };
    expect(owedNow(given([...percentile, opened, revealed]).state)).toEqual([]);
  });
  it('secret orders still waiting for a vote hold /phase next as an open ballot does, naming who and the deadline; passed over, they are revealed as they stand (issue 40)', () => {
    const voters = [
      { id: 'c1', label: 'Bachelu', users: ['alice'], allowed: ['ATTACK', 'RESERVE'] },
      { id: 'c2', label: 'Picton', users: ['bob'], allowed: ['ATTACK', 'RESERVE'] },
    ];
    const orders: BattleEvent = { type: 'BallotOpened', data: { ballotId: 'v1', kind: 'orders', title: 'Orders for turn 1', voters, input: { kind: 'choice' }, openedAt: '2026-01-01T00:00:00.000Z', deadline: '2026-01-02T00:00:00.000Z', audience: 'channel', turn: 1 } };
    const voted: BattleEvent = { type: 'VoteCast', data: { ballotId: 'v1', voter: 'c1', choice: 'ATTACK', by: 'alice', onBehalf: false } };
    const events = [...percentile, orders, voted];
    given(events).when({ type: 'AdvancePhase' }).refused(/^Turn 1 \(day\), phase 1 \(.*\) is not done; it owes:\n• ballot v1 "Orders for turn 1" is still open, waiting for Picton; it closes by itself at its deadline, <t:1767312000:f> \(<t:1767312000:R>\) — \/ballot vote ballot:v1 \(a GM: \/ballot cast-for, or \/ballot reveal ballot:v1\)\nDo it first, or a GM passes over it with \/phase next skip:true \(logged\)\. Nothing was changed\.$/);
    given(events).when({ type: 'AdvanceTurn' }).refused(/ballot v1 "Orders for turn 1" is still open, waiting for Picton/);
    const passed = given(events).when({ type: 'AdvancePhase', skip: true }).events();
    expect(passed.map((e) => e.type)).toEqual(['DueWaived', 'BallotRevealed', 'OrderChanged', 'PhaseAdvanced']);
    expect(passed[1]).toMatchObject({ data: { reason: 'phase', choices: [{ voter: 'c1', choice: 'ATTACK' }, { voter: 'c2', choice: null }] } });
  });
  it('dawn notes, which the first daylight turn closes itself, hold nothing', () => {
    const dawn: BattleEvent = {
      type: 'BallotOpened',
      data: { ballotId: 'v1', kind: 'dawn', title: 'Dawn attack?', voters: [{ id: 'c1', label: 'Bachelu', users: ['alice'], allowed: ['YES', 'NO'] }], input: { kind: 'choice' }, openedAt: '2026-01-01T00:00:00.000Z', audience: 'channel', turn: 1 },
    };
    expect(owedNow(given([...percentile, dawn]).state)).toEqual([]);
  });
});
