import { describe, expect, it } from 'vitest';
import { english } from '../../src/i18n/text.ts';
import type { Action } from '../../src/battle/actions.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import { campaignReport, campaignReportText } from '../../src/app/reports/campaign-report.ts';
import { proposeResult } from '../../src/campaign/aftermath.ts';
import { decideCampaign } from '../../src/campaign/decide.ts';
import type { ArmyRecord, CampaignEvent, LoggedCampaignEvent } from '../../src/campaign/events.ts';
import { replayCampaign } from '../../src/campaign/evolve.ts';
import { play, sides, to, TUDOR_AND_ROYAL, unit } from '../support/medieval.ts';
import { scriptedStream } from '../support/scripted-dice.ts';
import { given, logged } from '../support/spec.ts';
import { campaignTable, channel, errors, STOKE } from './support.ts';
import type { AttrChange } from '../../src/campaign/events.ts';

/** A result's changes with their reasons in English, as the tests read them. */
const inEnglish = (changes: AttrChange[] | undefined) => changes?.map((c) => ({ ...c, why: english(c.why) }));

/**
 * Issue 41: a unit's whole state goes out of a battle and into the next: every attribute the battle
 * changed, each with the log event it came from; only the statuses its rule system has; the
 * result line says what the battle's end says of an army; the report and `unit show` give the
 * confirmed numbers with what the log proposed beside a GM's ruling.
 */

const NOW = '2026-01-01T00:00:00.000Z';
const campaignLog = (events: CampaignEvent[]): LoggedCampaignEvent[] => events.map((event, i) => ({ battleId: 'c1', version: i + 1, event, actor: 'gm', at: NOW, requestId: null }));
const army = (armyId: string, name: string, system: 'medieval' | 'brigade', command: string, units: [string, string, Record<string, string | number>][]): ArmyRecord => ({
  armyId,
  name,
  system,
  commands: [{ name: command }],
  units: units.map(([unitId, n, attrs]) => ({ unitId, name: n, command, attrs, status: 'fit' })),
});
/** Given a campaign's events, when its battle's log ends as `battle` does, then the campaign's state after the proposal and its confirmation. */
function settle(events: CampaignEvent[], battle: BattleEvent[]) {
  const before = replayCampaign('c1', campaignLog(events));
  const proposal = proposeResult(before, before.battles['c1-b1']!, given(battle).state, logged(battle));
  const proposed = decideCampaign(before, { type: 'ProposeBattleResult', battle: 'c1-b1', through: { version: battle.length, hash: 'h' }, ...proposal }, { actor: 'umpire:system', now: NOW });
  const mid = [...events, ...proposed];
  const confirmed = decideCampaign(replayCampaign('c1', campaignLog(mid)), { type: 'ConfirmBattleResult', battle: 'c1-b1' }, { actor: 'gm', now: NOW });
  return { proposal, log: campaignLog([...mid, ...confirmed]), after: replayCampaign('c1', campaignLog([...mid, ...confirmed])) };
}

describe('medieval: the battle changed a battery', () => {
  const ordnance = { arm: 'artillery', figures: 6, class: 'C', formation: 'deployed', armour: 'light', weapon: 'light field artillery', cannon: 3 };
  const archers = { arm: 'infantry', figures: 24, class: 'C', order: 'loose', formation: 'line', armour: 'light', weapon: 'longbow', melee_weapon: 'sword' };
  const campaign: CampaignEvent[] = [
    { type: 'CampaignCreated', data: { campaignId: 'c1', name: 'Roses', channel: 'campaign', gm: 'gm' } },
    { type: 'CampaignSideAdded', data: { sideId: 's1', name: 'Tudor' } },
    { type: 'CampaignSideAdded', data: { sideId: 's2', name: 'Royal' } },
    { type: 'ArmiesImported', data: { sideId: 's1', source: 't.yaml', armies: [army('a1', 'Tudor Army', 'medieval', 'Oxford', [['u1', 'Archers', archers]])] } },
    { type: 'ArmiesImported', data: { sideId: 's2', source: 'r.yaml', armies: [army('a2', 'Royal Army', 'medieval', 'Norfolk', [['u2', 'Ordnance', ordnance]])] } },
    { type: 'CampaignBattleStarted', data: { battleId: 'c1-b1', name: 'Bosworth', channel: 'bosworth', system: 'medieval', turn: 0, armies: ['a1', 'a2'], units: ['u1', 'u2'] } },
  ];
  const setup: BattleEvent[] = [
    { type: 'BattleCreated', data: { battleId: 'b1', name: 'Bosworth', system: 'medieval', channel: 'bosworth', gm: 'gm', campaign: 'c1' } },
    ...TUDOR_AND_ROYAL,
    unit('u1', 'Archers', 'c1', archers),
    unit('u2', 'Ordnance', 'c2', ordnance),
    sides(1, 's2'),
    to(1, 9),
  ];
  // Kill dice 4, 4, 4; gun 1 explodes, gun 2 misfires, gun 3 fires (as in medieval.test.ts, MED-RANGE.9).
  const fired = [...setup, ...play(setup, { type: 'MedievalFire', firer: 'Ordnance', target: 'Archers', band: 'short' } as Action, 'bob', 4, 4, 4, 1, 2, 1, 7, 5)];

  it('MED-RANGE.9 a gun exploded: the battery carries 2 guns, the change cites the fire event it came from, and the campaign holds it once confirmed', () => {
    const { proposal, after } = settle(campaign, fired);
    const r = proposal.units.find((u) => u.name === 'Ordnance')!;
    expect(inEnglish(r.changes)).toEqual([{ attr: 'cannon', from: 3, to: 2, why: '1 gun exploded (MED-RANGE.9)', version: fired.length }]);
    expect(r.after.attrs).toMatchObject({ cannon: 2, figures: 6 });
    expect(after.units.u2!.attrs.cannon).toBe(2);
    // Nothing else changed: the archers carry their attributes as they were, less the figure lost.
    expect(proposal.units.find((u) => u.name === 'Archers')!.changes).toBeUndefined();
  });

  it('MED-RANGE.9 a battery whose last gun exploded carries none, and the proposal says its rules field no such unit, for a GM to rule on', () => {
    const one = campaign.map((e) => (e.type === 'ArmiesImported' && e.data.sideId === 's2' ? { ...e, data: { ...e.data, armies: [army('a2', 'Royal Army', 'medieval', 'Norfolk', [['u2', 'Ordnance', { ...ordnance, cannon: 1 }]])] } } : e));
    const lone = setup.map((e) => (e.type === 'UnitAdded' && e.data.name === 'Ordnance' ? unit('u2', 'Ordnance', 'c2', { ...ordnance, cannon: 1 }) : e));
    // Kill die 4; the gun's saving throw 1, re-rolled 2: it explodes.
    const blown = [...lone, ...play(lone, { type: 'MedievalFire', firer: 'Ordnance', target: 'Archers', band: 'short' } as Action, 'bob', 4, 1, 2)];
    const r = settle(one, blown).proposal.units.find((u) => u.name === 'Ordnance')!;
    expect(inEnglish(r.changes)).toEqual([{ attr: 'cannon', from: 1, to: 0, why: '1 gun exploded (MED-RANGE.9)', version: blown.length }]);
    expect(english(r.why.at(-1)!)).toMatch(/^its rules field no unit with that \(cannon: .*\): a GM rules what becomes of it before its next battle/);
  });

  it("a GM's edit of a unit in the battle (/unit set formation) is carried with the edit's event; an undone edit is not", () => {
    const edited = [...fired, { type: 'UnitEdited', data: { unitId: 'u1', attrs: { formation: 'column' } } } as BattleEvent];
    expect(inEnglish(settle(campaign, edited).proposal.units.find((u) => u.name === 'Archers')!.changes)).toEqual([{ attr: 'formation', from: 'line', to: 'column', why: "a GM's edit in the battle", version: edited.length }]);
    const undone = [...edited, { type: 'ActionUndone', data: { voids: [edited.length], summary: 'edit' } } as BattleEvent];
    expect(settle(campaign, undone).proposal.units.find((u) => u.name === 'Archers')!.changes).toBeUndefined();
  });

  it('MED-SEQ.15 a battle ended before its Morale Tests is held: /battle end says which and whose, and with skip:true (logged) the proposal says the test was not taken', () => {
    given(fired).when({ type: 'EndBattle' }).refused(/^The battle's end would leave a test untaken:\n• Archers: a Morale Test, for reason \.8 .*\/battle end skip:true \(logged\)/s);
    const ended = given(fired).when({ type: 'EndBattle', skip: true }).events();
    expect(ended.map((e) => e.type)).toEqual(['DueWaived', 'BattleEnded']);
    const { proposal } = settle(campaign, [...fired, ...ended]);
    expect(proposal.units.find((u) => u.name === 'Archers')!.why.map(english)).toEqual(['lost 1 of 24 figures (MED-FIRE, MED-MELEE)', expect.stringMatching(/^owed at the end and not taken: a Morale Test, for reason \.8 \(it lost 1 figure to enemy fire this Game Turn\)/)]);
  });
});

describe('brigade: only the states the brigade game has, and the army that withdrew', () => {
  const infantry = { arm: 'infantry', morale: 4, melee_dice: '1D3', figures: 8 };
  const campaign: CampaignEvent[] = [
    { type: 'CampaignCreated', data: { campaignId: 'c1', name: 'Peninsula', channel: 'campaign', gm: 'gm' } },
    { type: 'CampaignSideAdded', data: { sideId: 's1', name: 'Allies' } },
    { type: 'CampaignSideAdded', data: { sideId: 's2', name: 'French' } },
    { type: 'ArmiesImported', data: { sideId: 's1', source: 'a.yaml', armies: [army('a1', "Wellington's Army", 'brigade', 'Le Marchant', [['u1', 'Dragoons', { arm: 'cavalry', morale: 5, melee_dice: '1D6', figures: 6 }]])] } },
    { type: 'ArmiesImported', data: { sideId: 's2', source: 'f.yaml', armies: [army('a2', 'Army of Portugal', 'brigade', 'Arnauld', [['u2', '15e', infantry], ['u3', '66e', { ...infantry, melee_dice: '0' }]])] } },
    { type: 'CampaignBattleStarted', data: { battleId: 'c1-b1', name: 'Salamanca', channel: 's', system: 'brigade', turn: 0, armies: ['a1', 'a2'], units: ['u1', 'u2', 'u3'] } },
  ];
  const setup: BattleEvent[] = [
    { type: 'BattleCreated', data: { battleId: 'b1', name: 'Salamanca', system: 'brigade', channel: 's', gm: 'gm', campaign: 'c1' } },
    { type: 'SideAdded', data: { sideId: 's1', name: 'Allies' } },
    { type: 'SideAdded', data: { sideId: 's2', name: 'French' } },
    { type: 'CommandAdded', data: { commandId: 'c1', name: 'Le Marchant', sideId: 's1' } },
    { type: 'CommandAdded', data: { commandId: 'c2', name: 'Arnauld', sideId: 's2' } },
    { type: 'CommandAssigned', data: { commandId: 'c1', user: 'alice' } },
    { type: 'CommandAssigned', data: { commandId: 'c2', user: 'bob' } },
    unit('u1', 'Dragoons', 'c1', { arm: 'cavalry', morale: 5, melee_dice: '1D6', figures: 6 }),
    unit('u2', '15e', 'c2', infantry),
    unit('u3', '66e', 'c2', { ...infantry, melee_dice: '0' }),
  ];
  const step = (events: BattleEvent[], action: Action, actor: string, ...dice: number[]) => [...events, ...given(events).when(action, actor, { dice: scriptedStream(...dice) }).events()];
  const at = (turn: number, phase: number) => ({ turn, phase });
  // Close Combat: the French lose by 3 and retreat, the remainder on the 66e (BRG-3.3.4); at turn 4's army morale the French fail and withdraw (BRG-4.2).
  const fought = step(step([...setup, { type: 'PhaseAdvanced', data: { from: at(1, 1), to: at(1, 2), phaseId: 'BRG-3', phaseName: 'x', due: [] } }], { type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e', '66e'] }, 'alice', 4, 2), { type: 'BrigadeAssignRemainder', units: ['66e'] }, 'gm');
  const withdrew = step([...fought, { type: 'PhaseAdvanced', data: { from: at(1, 2), to: at(4, 3), phaseId: 'BRG-4', phaseName: 'x', due: [] } }], { type: 'BrigadeArmyMorale', armies: [{ side: 'French', broken: 1, tableNumber: 3 }] }, 'gm', 4);

  it('BRG-3.3.4 a unit retreating at the end is carried fit, with its retreat said: the brigade game has no rout', () => {
    const r = settle(campaign, fought).proposal.units.find((u) => u.name === '66e')!;
    expect(r.after.status).toBe('fit');
    expect(english(r.why.at(-1)!)).toMatch(/^retreating at the end \(BRG-3\.3\.4\), carried fit: these rules have no rout/);
  });

  it('BRG-4.2 the result line says the army withdrew from the battlefield', () => {
    const { proposal, after } = settle(campaign, withdrew);
    expect(english(proposal.result)).toMatch(/French withdrew from the battlefield \(BRG-4\.2\)\.$/);
    expect(proposal.sides?.map(english)).toEqual(['French withdrew from the battlefield (BRG-4.2).']);
    // Confirmed, the line keeps it.
    expect(english(after.battles['c1-b1']!.result!.text)).toMatch(/French withdrew from the battlefield \(BRG-4\.2\)\.$/);
  });

  it('a GM may not rule a brigade unit routed, after a battle or between battles: the game has no such state; nothing is changed', () => {
    const s = replayCampaign('c1', campaignLog(campaign));
    const proposal = proposeResult(s, s.battles['c1-b1']!, given(fought).state, logged(fought));
    const proposed = replayCampaign('c1', campaignLog([...campaign, ...decideCampaign(s, { type: 'ProposeBattleResult', battle: 'c1-b1', through: { version: 1, hash: 'h' }, ...proposal }, { actor: 'umpire:system', now: NOW })]));
    const why = '66e cannot be routed: the four-phase brigade rules have no such state; their units are fit, destroyed or captured. Nothing was changed.';
    expect(() => decideCampaign(proposed, { type: 'AdjustBattleResult', battle: 'c1-b1', unit: '66e', status: 'routed', note: 'broke' }, { actor: 'gm', now: NOW })).toThrow(why);
    const free = replayCampaign('c1', campaignLog(campaign.slice(0, -1)));
    expect(() => decideCampaign(free, { type: 'SetUnitState', unit: '66e', status: 'routed', note: 'broke' }, { actor: 'gm', now: NOW })).toThrow(why);
  });
});

describe('what a unit is, and the report, after a GM ruled on a result', () => {
  it("/campaign unit show gives the figures beside the original strength, and each battle's confirmed state with what the log proposed beside the GM's ruling", async () => {
    const t = await campaignTable();
    await t.run([...STOKE, '#campaign @gm /campaign battle adjust battle:c1-b1 unit:"Landsknecht Pikes" figures:25 status:routed note:"Two more ran"']);
    const [waiting] = await t.run('#campaign @alice /campaign unit show unit:"Landsknecht Pikes"');
    expect(waiting!.text).toContain('Landsknecht Pikes (u5) of Lincoln\'s Army, Lincoln\'s Host: fit, 30 of its original 30 figures.');
    expect(waiting!.text).toContain("• Stoke Field (c1-b1): proposed 30 → 25 figures, routed, waiting for the GM's confirmation — lost 3 of 30 figures (MED-FIRE, MED-MELEE)");
    expect(waiting!.text).toContain("— GM's ruling (<@gm>): Two more ran; the log proposed 27 figures, fit");
    // A second ruling is set beside the log's proposal, not beside the first ruling.
    const again = await t.run('#campaign @gm /campaign battle adjust battle:c1-b1 unit:"Landsknecht Pikes" figures:25 status:routed note:"Two more ran, counted again"');
    expect(channel(again, 'campaign')[0]!.text).toContain('25 figures, routed, where the log proposed 27, fit — Two more ran, counted again');
    await t.run('#campaign @gm /campaign battle confirm battle:c1-b1');
    const [shown] = await t.run('#campaign @alice /campaign unit show unit:"Landsknecht Pikes"');
    expect(shown!.text.split('\n')[0]).toBe("Landsknecht Pikes (u5) of Lincoln's Army, Lincoln's Host: routed, 25 of its original 30 figures.");
    expect(shown!.text).toContain('• Stoke Field (c1-b1): confirmed 30 → 25 figures, routed — lost 3 of 30 figures');
    expect(shown!.text).toContain("— GM's ruling (<@gm>): Two more ran, counted again; the log proposed 27 figures, fit");
  });

  it('the report: the confirmed numbers in the battle line, a line per unit that changed with the ruling beside the proposal, and every GM ruling', async () => {
    const t = await campaignTable();
    await t.run([
      ...STOKE,
      '#campaign @gm /campaign battle adjust battle:c1-b1 unit:"Landsknecht Pikes" figures:25 note:"Two more ran"',
      '#campaign @gm /campaign battle confirm battle:c1-b1',
      '#campaign @gm /campaign unit set unit:"Irish Kerns" figures:16 note:"Four deserted"',
    ]);
    const r = campaignReport('c1', await t.app.campaigns.log('c1'), '');
    const text = english(campaignReportText(r));
    // The proposal said 62; the GM's ruling made it 60, and the line says what was carried.
    expect(text).toContain('• Stoke Field (c1-b1, turn 0, medieval): Tudor 60 → 58 figures; Yorkist 65 → 60 figures.');
    expect(text).toContain('  – Landsknecht Pikes: 30 → 25 figures, fit — lost 3 of 30 figures (MED-FIRE, MED-MELEE)');
    expect(text).toContain("GM's ruling (<@gm>): Two more ran; the log proposed 27 figures, fit");
    expect(text).toContain("  – Oxford's Archers: 24 → 22 figures, fit");
    // An unchanged unit has no line.
    expect(text).not.toContain('  – Household Knights');
    expect(text).toContain("**GM's rulings**\n• turn 0, ⚖️ Landsknecht Pikes: 30 → 25 figures, fit after Stoke Field, where the log proposed 27, fit — Two more ran (GM's ruling, <@gm>)\n• turn 0, ⚖️ Irish Kerns: 20 → 16 figures, fit — Four deserted (GM's ruling, <@gm>)");
  });

  it("the next battle fields the unit as the last left it: a GM's /unit set formation:column in Stoke Field, confirmed, is Newark's formation", async () => {
    const t = await campaignTable();
    await t.run([...STOKE.slice(0, -1), '#stoke @gm /unit set unit:"Oxford\'s Archers" formation:column', STOKE.at(-1)!]);
    const post = channel(await t.run('#campaign @gm /campaign battle confirm battle:c1-b1'), 'campaign')[0]!.text;
    expect(post).toMatch(/Oxford's Archers: 24 → 22 figures, fit — .*; formation line → column \(a GM's edit in the battle, event \d+ of the battle\)/);
    await t.run('#newark @gm /campaign battle start name:Newark system:medieval armies:"The King\'s Army, Lincoln\'s Army"');
    expect(Object.values((await t.app.state('c1-b2')).units).find((u) => u.name === "Oxford's Archers")!.attrs).toMatchObject({ formation: 'column', figures: 22 });
  });

  it('a battle started from carried figures says which units begin it below their original strength, and what its losses count from', async () => {
    const t = await campaignTable();
    await t.run('#campaign @gm /campaign unit set unit:"Oxford\'s Archers" figures:19 note:"Sickness in camp"');
    const out = await t.run(STOKE[0]!);
    expect(errors(out)).toEqual([]);
    expect(channel(out, 'campaign')[0]!.text).toContain("Below their original strength: Oxford's Archers 19 of 24; the battle counts a unit's losses from the figures it begins it with.");
  });
});
