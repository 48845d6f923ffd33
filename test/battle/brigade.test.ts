import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/battle/actions.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import type { BrigadeEvent } from '../../src/systems/brigade/battle/index.ts';
import { brg } from '../../src/systems/brigade/battle/state.ts';
import * as brigadeViews from '../../src/systems/brigade/battle/views.ts';
import { scriptedStream } from '../support/scripted-dice.ts';
import { english, wordWithin } from '../../src/i18n/text.ts';
import { given, logged } from '../support/spec.ts';
import { battleReport } from '../../src/app/reports/report.ts';

/** A unit's lines for /unit show, in English. */
const brigadeUnitLines = (...a: Parameters<typeof brigadeViews.brigadeUnitLines>) => brigadeViews.brigadeUnitLines(...a).map(english);

/**
 * The brigade game as the battle applies it (src/systems/brigade/battle/), by BRG rule ID: given
 * events, when an action with scripted dice, then events, state or a refusal. Allies (alice) against
 * French (bob); GM gm.
 */
const unit = (unitId: string, name: string, commandId: string, attrs: Record<string, string | number>): BattleEvent => ({ type: 'UnitAdded', data: { unitId, name, commandId, attrs } });
const setup: BattleEvent[] = [
  { type: 'BattleCreated', data: { battleId: 'b1', name: 'Salamanca', system: 'brigade', channel: 'table', gm: 'gm' } },
  { type: 'SideAdded', data: { sideId: 's1', name: 'Allies' } },
  { type: 'SideAdded', data: { sideId: 's2', name: 'French' } },
  { type: 'CommandAdded', data: { commandId: 'c1', name: 'Wallace', sideId: 's1', officer: 'Wallace' } },
  { type: 'CommandAdded', data: { commandId: 'c2', name: 'Le Marchant', sideId: 's1', officer: 'Le Marchant' } },
  { type: 'CommandAdded', data: { commandId: 'c3', name: 'Arnauld', sideId: 's2', officer: 'Arnauld' } },
  { type: 'CommandAssigned', data: { commandId: 'c1', user: 'alice' } },
  { type: 'CommandAssigned', data: { commandId: 'c2', user: 'alice' } },
  { type: 'CommandAssigned', data: { commandId: 'c3', user: 'bob' } },
  unit('u1', '45th', 'c1', { arm: 'infantry', morale: 5, melee_dice: '1D6', figures: 8, leader: 'Wallace' }),
  unit('u2', '88th', 'c1', { arm: 'infantry', morale: 4, melee_dice: '1D6', figures: 8 }),
  unit('u3', 'Dragoons', 'c2', { arm: 'cavalry', morale: 5, melee_dice: '1D6', figures: 6 }),
  unit('u4', '15e', 'c3', { arm: 'infantry', morale: 4, melee_dice: '1D3', figures: 8, leader: 'Arnauld' }),
  unit('u5', '66e', 'c3', { arm: 'infantry', morale: 4, melee_dice: '0', figures: 8 }),
];
const at = (turn: number, phase: number) => ({ turn, phase });
const to = (turn: number, phase: number): BattleEvent => ({ type: 'PhaseAdvanced', data: { from: at(turn, Math.max(0, phase - 1)), to: at(turn, phase), phaseId: `BRG-${phase + 1}`, phaseName: 'x', due: [] } });

const play = (events: BattleEvent[], action: Action, actor: string, ...dice: number[]) => given(events).when(action, actor, { dice: scriptedStream(...dice) }).events();
/** Plays actions in turn, each on the events so far. */
function run(events: BattleEvent[], ...steps: [Action, string, ...number[]][]): BattleEvent[] {
  let all = events;
  for (const [action, actor, ...dice] of steps) all = [...all, ...play(all, action, actor, ...dice)];
  return all;
}
const refused = (events: BattleEvent[], action: Action, actor: string, why: RegExp, ...dice: number[]) => given(events).when(action, actor, { dice: scriptedStream(...dice) }).refused(why);
const last = <T extends BrigadeEvent['type']>(events: BattleEvent[], type: T) => events.filter((e) => e.type === type).at(-1) as Extract<BrigadeEvent, { type: T }>;
const state = (events: BattleEvent[]) => given(events).state;

/** Turn 1 in the March and Volley phase with the tokens of BRG-1.5 down. */
const marching = run(setup, [{ type: 'AdvancePhase' }, 'gm']);
const roll: Action = { type: 'BrigadeRollInitiative' };
const declare = (side: string): Action => ({ type: 'BrigadeDeclareSide', side });
const formation = (f: string): Action => ({ type: 'BrigadeActivate', formation: f });
/** Allies win the round 5-2 and activate Wallace. */
const wallace = run(marching, [roll, 'alice', 5, 2], [declare('Allies'), 'alice'], [formation('Wallace'), 'alice']);

describe('BRG-1 Command & Control', () => {
  it('BRG-1.5 leaving the phase places an activate token behind every formation, before the March and Volley phase', () => {
    const e = play(setup, { type: 'AdvancePhase' }, 'gm');
    expect(e.map((x) => x.type)).toEqual(['BrigadeTokensPlaced', 'PhaseAdvanced']);
    expect(last(e, 'BrigadeTokensPlaced').data.tokens).toMatchObject({ placed: 'BRG-1.5', what: 'formation', activated: [], holders: [{ id: 'c1', side: 'Allies' }, { id: 'c2', side: 'Allies' }, { id: 'c3', side: 'French' }] });
  });

  it('BRG-1.1 retreating units auto-rally at the start of the next turn; BRG-1.2.1 an army commander is back the next turn, BRG-1.2.2 a brigade commander the 3rd after', () => {
    const given4 = [
      ...setup,
      { type: 'BrigadeLeaderSet', data: { name: 'Marmont', sideId: 's2', kind: 'army-commander' } } as BattleEvent,
      to(1, 3),
      ...run([...setup, { type: 'BrigadeLeaderSet', data: { name: 'Marmont', sideId: 's2', kind: 'army-commander' } } as BattleEvent, to(1, 3)], [{ type: 'BrigadeLeaderFell', leader: 'Marmont', rule: 'BRG-2.2.3' }, 'gm'], [{ type: 'BrigadeLeaderFell', leader: 'Arnauld', rule: 'BRG-3.3.5' }, 'gm']).slice(setup.length + 2),
    ];
    // The army commander fell this turn, so the Army Morale Phase owes its check (BRG-4.1): the GM passes over it here.
    const e = play(given4, { type: 'AdvancePhase', skip: true }, 'gm');
    expect(e.map((x) => x.type)).toEqual(['DueWaived', 'BrigadeLeadersReplaced', 'PhaseAdvanced']);
    const o = last(e, 'BrigadeLeadersReplaced').data.outcome;
    expect(o.replaced.map((r) => [r.leader, r.rule])).toEqual([['Marmont', 'BRG-1.2.1']]);
    expect(o.waiting.map((r) => [r.leader, r.dueTurn])).toEqual([['Arnauld', 4]]);
    expect(brg(state([...given4, ...e])).fallen.map((f) => f.leader)).toEqual(['Arnauld']);
  });

  it('BRG-1.2 a leader the battle does not know is refused; a fallen leader is a GM input', () => {
    refused(setup, { type: 'BrigadeLeaderFell', leader: 'Nobody', rule: 'BRG-2.2.3' }, 'gm', /does not know Nobody.*\/brigade leader \(BRG-1\.2\)/);
    refused(setup, { type: 'BrigadeLeaderFell', leader: 'Arnauld', rule: 'BRG-2.2.3' }, 'alice', /Only a GM/);
    expect(last(play(setup, { type: 'BrigadeLeaderFell', leader: 'Arnauld', rule: 'BRG-3.3.5' }, 'gm'), 'BrigadeLeaderFallen').data).toMatchObject({ kind: 'brigade-commander', sideId: 's2', turn: 1 });
  });

  it('BRG-1.3 a battalion more than 4" from its Brigadier, or all when he is more than 12" from the Sub General, is out of command', () => {
    const e = play(setup, { type: 'BrigadeOutOfCommand', brigade: 'Wallace', toSubGeneral: 8, battalions: [{ unit: '45th', distance: 2 }, { unit: '88th', distance: 5 }] }, 'alice');
    expect(last(e, 'BrigadeOutOfCommandMarked').data.outcome.effects.map((x) => x.unit)).toEqual(['88th']);
    expect(brg(state([...setup, ...e])).units.u2?.outOfCommand?.turn).toBe(1);
    const far = play(setup, { type: 'BrigadeOutOfCommand', brigade: 'Wallace', toSubGeneral: 13, battalions: [{ unit: '45th', distance: 2 }, { unit: '88th', distance: 1 }] }, 'alice');
    expect(last(far, 'BrigadeOutOfCommandMarked').data.outcome.effects.map((x) => x.unit)).toEqual(['45th', '88th']);
    refused(setup, { type: 'BrigadeOutOfCommand', brigade: 'Wallace', toSubGeneral: 8, battalions: [{ unit: '45th', distance: 2 }] }, 'alice', /88th missing \(BRG-1\.3\)/);
    refused(setup, { type: 'BrigadeOutOfCommand', brigade: 'Arnauld', toSubGeneral: 8, battalions: [] }, 'alice', /Arnauld is French's/);
  });
});

describe('BRG-2 March and Volley', () => {
  it('BRG-2.1 both sides roll 1D6 on the battle dice; only the winner declares', () => {
    const e = play(marching, roll, 'bob', 2, 6);
    expect(last(e, 'BrigadeInitiativeRolled').data).toMatchObject({ winnerSideId: 's2', dice: { from: 0, to: 2, rolls: [{ sides: 6, result: 2 }, { sides: 6, result: 6 }] } });
    refused([...marching, ...e], declare('Allies'), 'alice', /French won the initiative, so its player declares/);
    expect(last(play([...marching, ...e], declare('Allies'), 'bob'), 'BrigadeSideDeclared').data).toMatchObject({ sideId: 's1', gmRuling: false });
  });

  it('BRG-2.1 a tie has no rule in the source: no winner, no re-roll; only a GM declares, logged as his ruling', () => {
    const tied = run(marching, [roll, 'alice', 4, 4]);
    expect(last(tied, 'BrigadeInitiativeRolled').data).toMatchObject({ winnerSideId: null, outcome: { tied: true } });
    refused(tied, declare('Allies'), 'alice', /tied and the source gives no tie rule \(BRG-2\.1\); a GM rules/);
    const declared = last(play(tied, declare('French'), 'gm'), 'BrigadeSideDeclared').data;
    expect(declared).toMatchObject({ sideId: 's2', gmRuling: true });
    expect(declared.steps.map(english)).toEqual([expect.stringMatching(/GM ruling on a tied initiative/)]);
  });

  it('BRG-2.1.1 the active side selects one of its own formations whose token is down; BRG-2.3 rounds repeat', () => {
    const declared = run(marching, [roll, 'alice', 5, 2], [declare('Allies'), 'alice']);
    refused(declared, formation('Arnauld'), 'alice', /Allies is the active side|Arnauld is French's/);
    refused(declared, formation('Wallace'), 'bob', /Allies is the active side: its player selects the formation/);
    expect(brg(state(wallace)).tokens?.activated).toEqual(['c1']);
    refused(wallace, roll, 'alice', /Wallace's March and Volley round is under way: end it with \/activate end-round/);
    const next = run(wallace, [{ type: 'BrigadeEndRound' }, 'alice'], [roll, 'alice', 6, 1], [declare('Allies'), 'alice']);
    refused(next, formation('Wallace'), 'alice', /Wallace has already activated and its token is gone \(BRG-2\.1\.1\); select one of Le Marchant/);
  });

  it('BRG-2.3 the phase is not left while a token is down; a GM may clear them, logged', () => {
    refused(wallace, { type: 'AdvancePhase' }, 'gm', /March and Volley round is under way/);
    const ended = run(wallace, [{ type: 'BrigadeEndRound' }, 'alice']);
    refused(ended, { type: 'AdvancePhase' }, 'gm', /Le Marchant, Arnauld still have their activate token: rounds repeat until every formation of both sides has activated \(BRG-2\.3\)/);
    const cleared = run(ended, [{ type: 'BrigadeClearTokens' }, 'gm']);
    expect(last(cleared, 'BrigadeTokensCleared').data.names).toEqual(['Le Marchant', 'Arnauld']);
    expect(play(cleared, { type: 'AdvancePhase' }, 'gm').map((x) => x.type)).toEqual(['PhaseAdvanced']);
  });

  it('BRG-2.1, BRG-2.3 with one side alone holding formations, that side is the only one the winner could declare: it activates with no roll and no GM', () => {
    const oneLeft = run(wallace, [{ type: 'BrigadeEndRound' }, 'alice'], [roll, 'bob', 1, 6], [declare('French'), 'bob'], [formation('Arnauld'), 'bob'], [{ type: 'BrigadeEndRound' }, 'bob']);
    refused(oneLeft, roll, 'alice', /Only Allies has formations left to activate.*no initiative round \(BRG-2\.1, BRG-2\.3\).*\/activate formation/);
    refused(oneLeft, formation('Le Marchant'), 'bob', /Allies is the active side: its player selects the formation/);
    refused(oneLeft, formation('Arnauld'), 'alice', /Arnauld is French's; Allies is the active side/);
    const e = play(oneLeft, formation('Le Marchant'), 'alice');
    expect(e.map((x) => x.type)).toEqual(['BrigadeActivated']);
    expect(last(e, 'BrigadeActivated').data).toMatchObject({ id: 'c2' });
    expect(last(e, 'BrigadeActivated').data.steps.map(english)).toMatchObject([expect.stringMatching(/^Only Allies has formations left to activate: it is the only side the winner could declare, so it activates with no initiative round \(BRG-2\.1, BRG-2\.3\)/), expect.stringMatching(/Allies selects Le Marchant/), expect.anything()]);
    refused(oneLeft, declare('French'), 'gm', /French has no formation left to activate \(BRG-2\.1\.1\)/);
    for (const who of ['alice', 'gm']) expect(last(play(oneLeft, declare('Allies'), who), 'BrigadeSideDeclared').data).toMatchObject({ sideId: 's1', gmRuling: false });
  });

  it("BRG-2.1 with one side alone left, its formation waits for the open formation's round to end first", () => {
    const open = run(marching, [roll, 'bob', 1, 6], [declare('French'), 'bob'], [formation('Arnauld'), 'bob']);
    refused(open, formation('Wallace'), 'alice', /Arnauld's March and Volley round is under way: end it with \/activate end-round/);
  });

  it('BRG-2.2 a unit of the activated formation fires; casualties given (no fire table) and applied; above strength refused', () => {
    refused(wallace, { type: 'BrigadeVolley', firer: 'Dragoons', target: '15e', casualties: 1 }, 'alice', /Dragoons is not of Wallace, the formation acting this round \(BRG-2\.2\)/);
    refused(wallace, { type: 'BrigadeVolley', firer: '45th', target: '88th', casualties: 1 }, 'alice', /both Allies's; fire at an enemy unit/);
    refused(wallace, { type: 'BrigadeVolley', firer: '45th', target: '15e', casualties: 9 }, 'alice', /15e has 8 of 8 left; it cannot take 9 casualties/);
    refused(wallace, { type: 'BrigadeVolley', firer: '45th', target: '15e', casualties: 1 }, 'bob', /45th is Allies's; only its players or a GM/);
    const fired = run(wallace, [{ type: 'BrigadeVolley', firer: '45th', target: '15e', casualties: 3 }, 'alice']);
    expect(brg(state(fired)).units.u4?.casualties).toBe(3);
  });

  it('BRG-2.2.1-2.2.3 the end of the round: morale tests for units hit, once per phase, and Fallen Leader rolls for attached leaders', () => {
    const fired = run(wallace, [{ type: 'BrigadeVolley', firer: '45th', target: '15e', casualties: 2 }, 'alice'], [{ type: 'BrigadeVolley', firer: '88th', target: '66e', casualties: 1 }, 'alice']);
    const tested = [...fired, ...play(fired, { type: 'BrigadeMoraleResult', unit: '66e', result: 'passed' }, 'gm')];
    const o = last(play(tested, { type: 'BrigadeEndRound' }, 'alice'), 'BrigadeRoundEnded').data.outcome;
    expect(o.moraleTests.map((m) => m.unit)).toEqual(['15e']);
    expect(o.excused).toEqual(['66e']);
    expect(o.fallenLeaderRolls).toEqual([expect.objectContaining({ leader: 'Arnauld', unit: '15e', rule: 'BRG-2.2.3' })]);
  });

  it('BRG-2.2.2 a unit tests morale once per phase, unless stampeding elephants; the result is a GM input', () => {
    const tested = run(wallace, [{ type: 'BrigadeMoraleResult', unit: '15e', result: 'passed' }, 'gm']);
    refused(tested, { type: 'BrigadeMoraleResult', unit: '15e', result: 'failed' }, 'gm', /has tested morale in this phase already \(passed\).*stampeding elephants \(BRG-2\.2\.2/);
    expect(play(tested, { type: 'BrigadeMoraleResult', unit: '15e', result: 'failed', elephants: true }, 'gm')).toHaveLength(1);
    refused(wallace, { type: 'BrigadeMoraleResult', unit: '15e', result: 'passed' }, 'bob', /Only a GM/);
  });
});

/** Turn 1, Close Combat phase; Dragoons and 15e within 2", Allies win the round and activate the Dragoons. */
const combat = [...setup, to(1, 2)];
const closing = run(combat, [{ type: 'BrigadePlaceCloseCombatTokens', units: [{ unit: 'Dragoons', distance: 1.5 }, { unit: '15e', distance: 1.5 }, { unit: '45th', distance: 3 }] }, 'alice']);
const dragoons = run(closing, [roll, 'alice', 6, 3], [declare('Allies'), 'alice'], [{ type: 'BrigadeActivate', unit: 'Dragoons' }, 'alice']);
const charge = (more: Partial<Extract<Action, { type: 'BrigadeAct' }>> = {}): Action => ({ type: 'BrigadeAct', unit: 'Dragoons', action: 'charge', target: '15e', distance: 1.5, ...more });

describe('BRG-3 Close Combat', () => {
  it('BRG-3.1.1 tokens go behind the units within 2" (5cm) of an enemy only', () => {
    expect(last(closing, 'BrigadeTokensPlaced').data.tokens.holders.map((h) => h.name)).toEqual(['Dragoons', '15e']);
  });

  it('BRG-3.2.1.1 only the selected unit acts; BRG-3.2.2 a charge within 1" infantry / 2" cavalry', () => {
    refused(closing, charge(), 'alice', /Dragoons is not the activated unit/);
    refused(dragoons, charge({ distance: 2.5 }), 'alice', /15e is 2.5" away, beyond Dragoons's charge range of 2" \(BRG-3\.2\.2\)/);
    refused(dragoons, charge({ target: '45th' }), 'alice', /both Allies's; charge an enemy unit/);
  });

  it('BRG-3.2.1 with one side alone holding unit tokens, its unit activates with no roll and no GM, once the last unit has acted', () => {
    refused(dragoons, { type: 'BrigadeActivate', unit: '15e' }, 'bob', /Dragoons has activated and has not acted: its Action Round first/);
    const tapped = run(dragoons, [{ type: 'BrigadeAct', unit: 'Dragoons', action: 'tap-out' }, 'alice']);
    refused(tapped, roll, 'bob', /Only French has units left to activate.*no initiative round \(BRG-3\.2\.1, BRG-3\.2\.6\).*\/activate unit/);
    const e = play(tapped, { type: 'BrigadeActivate', unit: '15e' }, 'bob');
    expect(last(e, 'BrigadeActivated').data).toMatchObject({ id: 'u4' });
    expect(last(e, 'BrigadeActivated').data.steps.map(english)).toMatchObject([expect.stringMatching(/^Only French has units left to activate: .* no initiative round \(BRG-3\.2\.1, BRG-3\.2\.6\)/), expect.anything()]);
  });

  it('BRG-3.2.3 the morale tests are the GM\'s: recorded, or given by a GM; a player may not give them', () => {
    refused(dragoons, charge({ chargerTest: 'passed', targetTest: 'passed' }), 'alice', /charger_morale, target_morale: these are rulings of the GM/);
  });

  it('BRG-3.2.3 a charge missing both morale results asks for both at once, once (issue 40)', () => {
    const both = "Dragoons's and 15e's morale test results are needed (15e, charged, tests if Dragoons passes): a GM gives them with /morale brigade unit:\"Dragoons\" result:passed|failed and /morale brigade unit:\"15e\" result:passed|failed, or both with this charge (charger_morale: target_morale:) (how a test is rolled is not in the source, BRG-3.2.3).";
    expect(() => play(dragoons, charge(), 'alice')).toThrow(both);
    // Given as the refusal says, the charge goes through at the next try.
    const tested = run(dragoons, [{ type: 'BrigadeMoraleResult', unit: 'Dragoons', result: 'passed' }, 'gm'], [{ type: 'BrigadeMoraleResult', unit: '15e', result: 'passed' }, 'gm']);
    expect(last(play(tested, charge(), 'alice', 5), 'BrigadeActed').data.outcome.morale.map((m) => m.unit)).toEqual(['Dragoons', '15e']);
    expect(last(play(dragoons, charge({ chargerTest: 'passed', targetTest: 'failed' }), 'gm'), 'BrigadeActed').data.outcome.morale.map((m) => m.by)).toEqual(['gm', 'gm']);
    // Only what is still missing is named: the charged unit's once the charger's is recorded; nothing of it once the charger failed.
    const chargerPassed = run(dragoons, [{ type: 'BrigadeMoraleResult', unit: 'Dragoons', result: 'passed' }, 'gm']);
    expect(() => play(chargerPassed, charge(), 'alice')).toThrow('15e\'s morale test result is needed: a GM gives it with /morale brigade unit:"15e" result:passed|failed (how a test is rolled is not in the source, BRG-3.2.3).');
    const chargerFailed = run(dragoons, [{ type: 'BrigadeMoraleResult', unit: 'Dragoons', result: 'failed' }, 'gm']);
    expect(last(play(chargerFailed, charge(), 'alice'), 'BrigadeActed').data.outcome.morale).toEqual([{ unit: 'Dragoons', result: 'failed', by: 'log' }]);
    refused(dragoons, charge({ targetTest: 'passed' }), 'gm', /^(?!.*15e's).*Dragoons's morale test result is needed/);
  });

  it('BRG-3.2.3-3.2.5 the charged unit that stays may fire defensively; cavalry charging infantry rolls 1D6 to break the bayonets', () => {
    const tested = run(dragoons, [{ type: 'BrigadeMoraleResult', unit: 'Dragoons', result: 'passed' }, 'gm'], [{ type: 'BrigadeMoraleResult', unit: '15e', result: 'passed' }, 'gm']);
    const e = last(play(tested, charge(), 'alice', 5), 'BrigadeActed');
    expect(e.data.outcome.morale).toEqual([
      { unit: 'Dragoons', result: 'passed', by: 'log' },
      { unit: '15e', result: 'passed', by: 'log' },
    ]);
    expect(e.data.effects.map((x) => x.effect)).toEqual(['may-defensive-fire', 'break-bayonets-roll']);
    expect(e.data.outcome.bayonets[0]).toMatchObject({ roll: 5, broken: null, rule: 'BRG-3.2.5' });
    expect(e.data.dice).toEqual({ from: 0, to: 1, rolls: [{ sides: 6, result: 5 }] });
    const after = [...tested, e];
    expect(play(after, { type: 'BrigadeVolley', firer: '15e', target: 'Dragoons', casualties: 1 }, 'bob')[0]).toMatchObject({ data: { defensive: true } });
    refused(after, { type: 'BrigadeVolley', firer: '45th', target: 'Dragoons', casualties: 1 }, 'alice', /45th may not fire now/);
  });

  it('BRG-3.2.3 a charged unit that fails retreats (distance the GM\'s); with the GM\'s faces BRG-3.2.5 reads the bayonet roll', () => {
    const e = last(play(dragoons, charge({ chargerTest: 'passed', targetTest: 'failed' }), 'gm'), 'BrigadeActed');
    expect(e.data.effects.map((x) => x.effect)).toEqual(['retreat', 'gm-ruling']);
    expect(brg(state([...dragoons, e])).units.u4?.retreating).toMatchObject({ rule: 'BRG-3.2.3' });
    const b = last(play(dragoons, charge({ chargerTest: 'passed', targetTest: 'passed', breaksOn: [5, 6] }), 'gm', 6), 'BrigadeActed');
    expect(b.data.outcome.bayonets[0]).toMatchObject({ roll: 6, broken: true, by: 'gm' });
  });

  const melee = (more: Partial<Extract<Action, { type: 'BrigadeMelee' }>> = {}): Action => ({ type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e', '66e'], ...more });

  it('BRG-3.3.2-3.3.4 strengths from the roster\'s morale and melee dice; 1 casualty each, the loser\'s extra split, losers retreat', () => {
    // Allies 5 + d6 4 = 9; French average 4 + d3 2 + no die = 6; French lose by 3: 1 + 1 each, the remainder the GM's.
    const e = last(play(combat, melee(), 'alice', 4, 2), 'BrigadeMeleeResolved');
    expect(e.data.outcome).toMatchObject({ winner: 'Allies', loser: 'French', difference: 3 });
    expect(e.data.outcome.results?.pendingRemainder).toEqual({ count: 1, among: ['15e', '66e'] });
    const s = brg(state([...combat, e]));
    expect([s.units.u3?.casualties, s.units.u4?.casualties, s.units.u5?.casualties]).toEqual([1, 2, 2]);
    expect(s.units.u4?.retreating).toMatchObject({ rule: 'BRG-3.3.4', marker: true });
    expect(s.units.u3?.retreating).toBeUndefined();
  });

  it('BRG-3.3.2 a melee die the unit does not have: refused to a player, a GM\'s ruling logged', () => {
    refused(combat, melee({ meleeDice: [{ unit: '15e', die: '1D6' }] }), 'bob', /15e's melee die: the battle knows it is 1D3 \(the roster, BRG-3\.3\.2\), not 1D6/);
    const e = last(play(combat, melee({ meleeDice: [{ unit: '15e', die: '1D6' }] }), 'gm', 4, 6), 'BrigadeMeleeResolved');
    expect(wordWithin(e.data.outcome.rulings, 'en')).toEqual([{ what: "15e's melee die", ruled: '1D6', derived: '1D3', by: 'gm' }]);
    refused(combat, melee({ a: ['Dragoons', '15e'] }), 'alice', /15e is French's, not Allies's/);
  });

  it('BRG-3.3.4 an uneven split waits for the GM: /brigade remainder gives the rest one each; until then no other melee and no next phase', () => {
    // As above: French lose by 3 over two units, 1 each and 1 left over.
    const fought = run(combat, [melee(), 'alice', 4, 2]);
    const waits = /uneven split waits for the GM: 1 extra casualty, one each to units of 15e, 66e \(\/brigade remainder, BRG-3\.3\.4\)/;
    refused(fought, { type: 'AdvancePhase' }, 'gm', waits);
    refused(fought, { type: 'BrigadeMelee', a: ['45th'], b: ['15e'] }, 'alice', waits, 1, 1);
    refused(fought, { type: 'BrigadeAssignRemainder', units: ['66e'] }, 'bob', /Only a GM/);
    refused(fought, { type: 'BrigadeAssignRemainder', units: ['Dragoons'] }, 'gm', /Dragoons is not one of the losing units of that melee: name 15e, 66e \(BRG-3\.3\.4\)/);
    refused(fought, { type: 'BrigadeAssignRemainder', units: ['15e', '66e'] }, 'gm', /1 extra casualty is left, one each: name 1 unit of 15e, 66e \(got 2\)/);
    const e = play(fought, { type: 'BrigadeAssignRemainder', units: ['66e'] }, 'gm');
    expect(e).toEqual([{ type: 'BrigadeRemainderAssigned', data: { at: at(1, 2), by: 'gm', unitIds: ['u5'], steps: expect.anything() } }]);
    expect(last(e, 'BrigadeRemainderAssigned').data.steps.map(english)).toEqual([expect.stringMatching(/GM ruling on the uneven split .*: 66e takes one more casualty\.$/), '66e: 5 of 8 left.']);
    const ruled = [...fought, ...e];
    const s = brg(state(ruled));
    expect([s.units.u4?.casualties, s.units.u5?.casualties]).toEqual([2, 3]);
    refused(ruled, { type: 'BrigadeAssignRemainder', units: ['15e'] }, 'gm', /No melee has extra casualties waiting to be assigned/);
    expect(play(ruled, { type: 'AdvancePhase' }, 'gm').map((x) => x.type)).toEqual(['PhaseAdvanced']);
  });

  it('BRG-3.3.1, BRG-3.3.6 melees are resolved one at a time, in any order, each applied as it is resolved', () => {
    // 88th 4 + d6 3 = 7 against 66e 4 (no die); then Dragoons 5 + d6 1 = 6 against 15e 4 + d3 3 = 7.
    const first = run(combat, [{ type: 'BrigadeMelee', a: ['88th'], b: ['66e'] }, 'alice', 3]);
    expect(last(first, 'BrigadeMeleeResolved').data.outcome).toMatchObject({ winner: 'Allies', difference: 3 });
    const second = run(first, [{ type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e'] }, 'bob', 1, 3]);
    expect(last(second, 'BrigadeMeleeResolved').data.outcome).toMatchObject({ winner: 'French', difference: 1 });
    const s = brg(state(second));
    expect([s.units.u2?.casualties, s.units.u5?.casualties, s.units.u3?.casualties, s.units.u4?.casualties]).toEqual([1, 4, 2, 1]);
    expect(s.combat?.melee).toEqual({ u2: 'won', u5: 'lost', u3: 'lost', u4: 'won' });
  });

  it('BRG-3.3.3 equal strengths: no winner until the GM names the loser; the phase waits', () => {
    // Allies 5 + 1 = 6; French 4 + 2 = 6.
    const tied = run(combat, [{ type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e'] }, 'alice', 1, 2]);
    expect(last(tied, 'BrigadeMeleeResolved').data.outcome).toMatchObject({ tied: true, results: null });
    refused(tied, { type: 'AdvancePhase' }, 'gm', /equal strengths waits for the GM/);
    refused(tied, { type: 'BrigadeMeleeTie', loser: 'French' }, 'bob', /Only a GM/);
    const ruled = run(tied, [{ type: 'BrigadeMeleeTie', loser: 'French' }, 'gm']);
    expect(brg(state(ruled)).units.u4).toMatchObject({ casualties: 1, retreating: { rule: 'BRG-3.3.4' } });
  });

  it('BRG-3.4.1 a charger that won its melee may charge again: cavalry twice; BRG-3.4.3.1 cavalry rolls for becoming uncontrolled', () => {
    const tested = run(dragoons, [{ type: 'BrigadeMoraleResult', unit: 'Dragoons', result: 'passed' }, 'gm'], [{ type: 'BrigadeMoraleResult', unit: '15e', result: 'passed' }, 'gm'], [charge(), 'alice', 2], [{ type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e'] }, 'alice', 6, 1]);
    refused(tested, { type: 'BrigadeExploit', mutual: false }, 'alice', /until every unit has activated \(BRG-3\.2\.6\): 15e still hold/);
    const cleared = run(tested, [{ type: 'BrigadeClearTokens' }, 'gm']);
    const x = run(cleared, [{ type: 'BrigadeExploit', mutual: false }, 'alice']);
    expect(last(x, 'BrigadeExploitationChecked').data.outcome.effects).toEqual([{ unit: 'Dragoons', effect: 'may-exploit', rule: 'BRG-3.4.1', moves: 2 }]);
    const moved = last(play(x, { type: 'BrigadeAct', unit: 'Dragoons', action: 'consolidate' }, 'alice', 3), 'BrigadeActed');
    expect(moved.data.outcome.uncontrolled).toMatchObject({ roll: 3, uncontrolled: null, rule: 'BRG-3.4.3.1' });
    refused(x, { type: 'BrigadeAct', unit: '45th', action: 'charge', target: '15e', distance: 1 }, 'alice', /45th may not charge again/);
  });
  it('BRG-3.4.3 an exploiting unit charges, consolidates or taps out, nothing else; BRG-3.4.8 its melee is resolved as any other, and cavalry that wins it may make its second move (BRG-3.4.1.2)', () => {
    const tested = run(dragoons, [{ type: 'BrigadeMoraleResult', unit: 'Dragoons', result: 'passed' }, 'gm'], [{ type: 'BrigadeMoraleResult', unit: '15e', result: 'passed' }, 'gm'], [charge(), 'alice', 2], [{ type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e'] }, 'alice', 6, 1]);
    const x = run(tested, [{ type: 'BrigadeClearTokens' }, 'gm'], [{ type: 'BrigadeExploit', mutual: false }, 'alice']);
    refused(x, { type: 'BrigadeAct', unit: 'Dragoons', action: 'change-formation' }, 'alice', /In exploitation a unit may charge, consolidate or do nothing \("tap out"\) \(BRG-3\.4\.3\); not change-formation/);
    // BRG-3.4.4: new morale tests in the exploitation sub-phase; the bayonet roll 4, then the control roll 3.
    const charged = run(
      x,
      [{ type: 'BrigadeMoraleResult', unit: 'Dragoons', result: 'passed' }, 'gm'],
      [{ type: 'BrigadeMoraleResult', unit: '66e', result: 'passed' }, 'gm'],
      [{ type: 'BrigadeAct', unit: 'Dragoons', action: 'charge', target: '66e', distance: 1.5 }, 'alice', 4, 3],
    );
    expect(last(charged, 'BrigadeActed').data.outcome).toMatchObject({ exploitation: true, bayonets: [{ rule: 'BRG-3.4.6', roll: 4 }], uncontrolled: { roll: 3 } });
    // Dragoons 5 + d6 6 = 11 against 66e 4: the exploitation melee (BRG-3.4.8) won by 7.
    const won = run(charged, [{ type: 'BrigadeMelee', a: ['Dragoons'], b: ['66e'] }, 'alice', 6]);
    expect(last(won, 'BrigadeMeleeResolved').data.outcome).toMatchObject({ winner: 'Allies', difference: 7 });
    // 1 + 7 casualties take all 8 of the 66e's strength: destroyed, it does not retreat (BRG-3.3.4).
    expect(brg(state(won)).units.u5).toEqual({ casualties: 8, morale: expect.anything() as unknown });
    const again = run(won, [{ type: 'BrigadeExploit', mutual: false }, 'alice']);
    expect(last(again, 'BrigadeExploitationChecked').data.outcome.effects).toEqual([{ unit: 'Dragoons', effect: 'may-exploit', rule: 'BRG-3.4.1', moves: 1 }]);
  });
});

describe('BRG-2.2, BRG-3.3.4 a unit with no strength left is destroyed (issue 40)', () => {
  // The roster's figures are the casualties a unit can take (BRG-3.3.4): 15e (8) has taken 7 from a volley.
  const worn: BattleEvent[] = [...setup, { type: 'BrigadeVolleyFired', data: { at: at(1, 1), firerId: 'u1', targetId: 'u4', casualties: 7, defensive: false, left: 1, steps: [] } }, to(1, 2)];
  const toTurn2 = (events: BattleEvent[]) => run(events, [{ type: 'AdvancePhase' }, 'gm'], [{ type: 'AdvancePhase' }, 'gm']).slice(events.length);

  it('BRG-3.3.4 a melee that takes the last of a unit\'s strength destroys it: out of play, it does not retreat, test or rally; one losing unit is named', () => {
    // Allies 5 + d6 4 = 9 against French 4 + d3 2 = 6: 15e takes 1 + 3 on the 1 it had left.
    const e = last(play(worn, { type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e'] }, 'alice', 4, 2), 'BrigadeMeleeResolved');
    const r = e.data.outcome.results!;
    expect(r.effects.filter((x) => x.unit === '15e').map((x) => x.effect)).toEqual(['casualties', 'destroyed']);
    expect(r.steps.map(english)).toContain('French loses: 3 extra casualties on its one unit, 15e (BRG-3.3.4).');
    expect(r.steps.map(english)).toContain('15e: 4 casualties on the 1 it had left, no strength left: destroyed and out of play; it does not retreat (BRG-3.3.4).');
    const fought = [...worn, e];
    const s = state(fought);
    expect(brg(s).units.u4).toEqual({ casualties: 11 });
    expect(brigadeUnitLines(s, s.units.u4!)).toEqual(['destroyed: no strength left (11 casualties on a strength of 8), out of play (BRG-3.3.4)', 'leader attached: Arnauld']);
    const gone = /15e has no strength left \(11 casualties on a strength of 8\): it is destroyed and out of play \(BRG-3\.3\.4\)/;
    refused(fought, { type: 'BrigadeMoraleResult', unit: '15e', result: 'passed' }, 'gm', gone);
    refused(fought, { type: 'BrigadeMelee', a: ['45th'], b: ['15e'] }, 'alice', gone, 1, 1);
    expect(toTurn2(fought).map((x) => x.type)).toEqual(['PhaseAdvanced', 'PhaseAdvanced']);
  });

  it('BRG-1.1, BRG-3.3.4 a log that marked a destroyed unit retreating: it is shown destroyed and not rallied', () => {
    // Written before issue 40: the loser's retreat applied to a unit left at 0 of 8 (Allies 5 + 1 against French 4 + 1: 15e takes 2 on the 1 it had).
    const e = last(play(worn, { type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e'] }, 'alice', 1, 1), 'BrigadeMeleeResolved');
    const r = e.data.outcome.results!;
    const old = { ...e, data: { ...e.data, outcome: { ...e.data.outcome, results: { ...r, effects: [...r.effects.filter((x) => x.effect !== 'destroyed'), { unit: '15e', effect: 'retreat', rule: 'BRG-3.3.4', distance: null, facing: 'direction of retreat', marker: true }] } } } } as BattleEvent;
    const fought = [...worn, old];
    const s = state(fought);
    expect(brg(s).units.u4).toMatchObject({ casualties: 9, retreating: { rule: 'BRG-3.3.4' } });
    expect(brigadeUnitLines(s, s.units.u4!).join('\n')).not.toMatch(/rallies|retreating/);
    expect(toTurn2(fought).map((x) => x.type)).not.toContain('BrigadeRallied');
  });

  it('BRG-2.2 a volley that takes the last of a unit\'s strength destroys it: no morale test at the end of the round, the Fallen Leader roll stays', () => {
    const fired = run(wallace, [{ type: 'BrigadeVolley', firer: '45th', target: '15e', casualties: 8 }, 'alice']);
    expect(last(fired, 'BrigadeVolleyFired').data.steps.map(english)).toContain('15e: no strength left: destroyed and out of play (BRG-2.2).');
    const o = last(play(fired, { type: 'BrigadeEndRound' }, 'alice'), 'BrigadeRoundEnded').data.outcome;
    expect(o.moraleTests).toEqual([]);
    expect(o.steps.map(english)).toContain('15e has no strength left: destroyed and out of play, no morale test (BRG-2.2).');
    expect(o.fallenLeaderRolls).toEqual([expect.objectContaining({ leader: 'Arnauld', unit: '15e', rule: 'BRG-2.2.3' })]);
    refused(fired, { type: 'BrigadeVolley', firer: '88th', target: '15e', casualties: 0 }, 'alice', /15e has no strength left \(8 casualties on a strength of 8\): it is destroyed/);
  });
});

describe('the battle report of a brigade battle (/battle report)', () => {
  it('BRG-3.3.4 reads strength as figures less casualties, a retreat, and the melee won by a side', () => {
    // Allies 5 + d6 4 = 9 against French 4 + d3 2 = 6 (as in BRG-3.3.2-3.3.4 above), the remainder the GM's.
    const fought = run(combat, [{ type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e', '66e'] }, 'alice', 4, 2], [{ type: 'BrigadeAssignRemainder', units: ['15e'] }, 'gm']);
    const r = battleReport('b1', logged(fought));
    expect(r.strength).toBe('figures');
    // At the turn's end (no `event`); good is the report's word for a unit not retreating (REPORT_STATUSES).
    expect(r.series.filter((p) => p.turn === 1 && p.event === undefined && ['Dragoons', '15e', '66e'].includes(p.unit)).map((p) => [p.unit, p.strength, p.morale])).toEqual([
      ['Dragoons', 5, 'good'],
      ['15e', 5, 'retreating'],
      ['66e', 6, 'retreating'],
    ]);
    expect(r.casualties).toEqual([
      { turn: 1, side: 'Allies', lost: 1 },
      { turn: 1, side: 'French', lost: 5 },
    ]);
    expect(r.melees.map((m) => ({ ...m, text: english(m.text) }))).toEqual([{ turn: 1, event: expect.any(Number), units: ['Dragoons', '15e', '66e'], text: 'Dragoons (Allies, 9) against 15e, 66e (French, 6): Allies won by 3 (BRG-3.3.3)', winner: 'Dragoons' }]);
  });
});

describe('BRG-4 Army Morale', () => {
  const morale = [...setup, to(1, 3)];
  const check = (armies: Extract<Action, { type: 'BrigadeArmyMorale' }>['armies']): Action => ({ type: 'BrigadeArmyMorale', armies });

  it('BRG-4.1 checked at the end of every fourth turn, or on the turn an army general fell (from the log)', () => {
    refused(morale, check([{ side: 'French', broken: 1, tableNumber: 3 }]), 'gm', /not checked now: turn 1 is not a fourth turn and no army general has fallen/);
    const fell = run([...setup, { type: 'BrigadeLeaderSet', data: { name: 'Marmont', sideId: 's2', kind: 'army-commander' } } as BattleEvent, to(1, 3)], [{ type: 'BrigadeLeaderFell', leader: 'Marmont', rule: 'BRG-2.2.3' }, 'gm']);
    expect(play(fell, check([{ side: 'French', broken: 1, tableNumber: 3 }]), 'gm', 2)).toHaveLength(1);
  });

  it('BRG-4.2 the GM gives the table number; a d6 above it withdraws; formed brigades from the roster; BRG-4.3 both may withdraw', () => {
    const turn4 = [...setup, { type: 'PhaseAdvanced', data: { from: at(4, 2), to: at(4, 3), phaseId: 'BRG-4', phaseName: 'x', due: [] } } as BattleEvent];
    refused(turn4, check([{ side: 'French', broken: 1 }]), 'gm', /Army Morale Table is not in the source: give French's number for 1 broken of 1 formed brigades/);
    const e = last(play(turn4, check([{ side: 'Allies', broken: 1, tableNumber: 2 }, { side: 'French', broken: 1, tableNumber: 3 }]), 'gm', 5, 4), 'BrigadeArmyMoraleChecked');
    expect(e.data.outcome.armies.map((a) => [a.side, a.formed, a.roll, a.result])).toEqual([
      ['Allies', 2, 5, 'withdraws'],
      ['French', 1, 4, 'withdraws'],
    ]);
    expect(brg(state([...turn4, e])).withdrawn).toEqual(['s1', 's2']);
    refused(turn4, check([{ side: 'Allies', broken: 1, tableNumber: 2, formed: 3 }]), 'alice', /Only a GM/);
  });
});
