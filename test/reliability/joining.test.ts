import { describe, expect, it } from 'vitest';
import type { BattleEvent } from '../../src/battle/events.ts';
import { given } from '../support/spec.ts';
import { startTable } from '../support/table.ts';

const created: BattleEvent = { type: 'BattleCreated', data: { battleId: 'b1', name: 'Ligny', system: 'percentile', channel: 't', gm: 'gm' } };
const sides: BattleEvent[] = [
  { type: 'SideAdded', data: { sideId: 's1', name: 'French' } },
  { type: 'SideAdded', data: { sideId: 's2', name: 'Prussians' } },
];
const underWay: BattleEvent = { type: 'PhaseAdvanced', data: { from: { turn: 1, phase: 0, period: 'day' }, to: { turn: 1, phase: 1, period: 'day' }, phaseId: 'x', phaseName: 'x', due: [] } };

describe('joining a battle under way needs a GM (issue 20)', () => {
  it('before it starts anyone joins a side at once', () => given([created, ...sides]).when({ type: 'JoinSide', side: 'French' }, 'stranger').then([{ type: 'SideJoined', data: { sideId: 's1', user: 'stranger' } }]));

  it('once under way a /join is a request the GMs are told of; the newcomer plays for nobody until admitted', () => {
    given([created, ...sides, underWay]).when({ type: 'JoinSide', side: 'French' }, 'stranger').then([{ type: 'JoinRequested', data: { sideId: 's1', user: 'stranger' } }]);
    const asked: BattleEvent = { type: 'JoinRequested', data: { sideId: 's1', user: 'stranger' } };
    expect(given([created, ...sides, underWay, asked]).state.sides.s1!.players).toEqual([]);
    given([created, ...sides, underWay, asked]).when({ type: 'JoinSide', side: 'French' }, 'stranger').refused(/asked to join French already; a GM of the battle admits you with \/side admit/);
    given([created, ...sides, underWay, asked]).when({ type: 'AdmitPlayer', user: 'stranger', admit: true }, 'stranger').refused(/Only a GM/);
    given([created, ...sides, underWay, asked]).when({ type: 'AdmitPlayer', user: 'stranger', admit: true }, 'gm').then([{ type: 'SideJoined', data: { sideId: 's1', user: 'stranger' } }]);
    given([created, ...sides, underWay, asked]).when({ type: 'AdmitPlayer', user: 'stranger', admit: false }, 'gm').then([{ type: 'JoinRefused', data: { sideId: 's1', user: 'stranger', by: 'gm' } }]);
    given([created, ...sides, underWay]).when({ type: 'AdmitPlayer', user: 'nobody', admit: true }, 'gm').refused(/<@nobody> has not asked to join this battle/);
    const admitted = given([created, ...sides, underWay, asked, { type: 'SideJoined', data: { sideId: 's1', user: 'stranger' } }]).state;
    expect([admitted.sides.s1!.players, admitted.joinRequests]).toEqual([['stranger'], {}]);
  });

  it('at the table: a stranger who joins after the start cannot fire until a GM admits them', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Ligny system:percentile', '@gm /oob import file:examples/oob/percentile.yaml', '@gm /phase next', '@gm /phase next']);
    const [asked] = await t.run(['@mallory /join side:Anglo-Allied']);
    expect(asked!.text).toMatch(/asks to join Anglo-Allied/);
    expect(t.out.some((m) => m.to === 'dm' && m.user === 'gm' && /mallory> asks to join Anglo-Allied/.test(m.text))).toBe(true);
    const [fire] = await t.run(['@mallory /fire percentile firer:"Foot Battery 2/6" target:"1/28th Foot" range:8 count:8 base:30']);
    expect(fire!.error).toMatch(/Only a player of this battle may do that/);
    await t.run(['@gm /side admit user:@mallory']);
    expect((await t.app.state('b1')).sides.s2!.players).toContain('mallory');
  });
});

describe('a command handed to another player during a ballot (issue 20)', () => {
  it('its new holder gets the prompt and votes; the old holder no longer may', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Ligny system:percentile', '@gm /oob import file:examples/oob/percentile.yaml', '@gm /ballot open question:"Retreat?" options:"YES,NO"']);
    const [assigned, ...rest] = await t.run(['@gm /command assign command:"5th Division" user:@erin']);
    expect(assigned!.error).toBeUndefined();
    expect(rest.some((m) => m.to === 'dm' && m.user === 'erin' && /Retreat\? for 5th Division/.test(m.text))).toBe(true);
    const [old] = await t.run(['@carol /ballot vote ballot:v1 choice:YES command:"5th Division"']);
    expect(old!.error).toMatch(/Only <@erin> may vote for 5th Division/);
    const [voted] = await t.run(['@erin /ballot vote ballot:v1 choice:NO']);
    expect(voted!.error).toBeUndefined();
    expect((await t.app.state('b1')).ballots.v1!.votes['c3']).toMatchObject({ choice: 'NO', by: 'erin' });
  });
});
