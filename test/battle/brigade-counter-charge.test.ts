import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/battle/actions.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import type { BrigadeEvent } from '../../src/systems/brigade/battle/index.ts';
import { scriptedStream } from '../support/scripted-dice.ts';
import { given } from '../support/spec.ts';
import { english } from '../../src/i18n/text.ts';

/**
 * Counter-charges (BRG-3.4.1): "Charging/counter charging units that won their melee ... may charge
 * again." The seed names counter-chargers only there; a counter-charge is recorded against an enemy
 * unit charging in the same sub-phase, before the melee it leads to, so that a counter-charger that
 * wins that melee is offered exploitation as a charger is. Allies (alice) against French (bob).
 */
const unit = (unitId: string, name: string, commandId: string, attrs: Record<string, string | number>): BattleEvent => ({ type: 'UnitAdded', data: { unitId, name, commandId, attrs } });
const at = (turn: number, phase: number) => ({ turn, phase });
const setup: BattleEvent[] = [
  { type: 'BattleCreated', data: { battleId: 'b1', name: 'Salamanca', system: 'brigade', channel: 'table', gm: 'gm' } },
  { type: 'SideAdded', data: { sideId: 's1', name: 'Allies' } },
  { type: 'SideAdded', data: { sideId: 's2', name: 'French' } },
  { type: 'CommandAdded', data: { commandId: 'c1', name: 'Wallace', sideId: 's1', officer: 'Wallace' } },
  { type: 'CommandAdded', data: { commandId: 'c2', name: 'Le Marchant', sideId: 's1', officer: 'Le Marchant' } },
  { type: 'CommandAdded', data: { commandId: 'c3', name: 'Arnauld', sideId: 's2', officer: 'Arnauld' } },
  { type: 'CommandAdded', data: { commandId: 'c4', name: 'Curto', sideId: 's2', officer: 'Curto' } },
  { type: 'CommandAssigned', data: { commandId: 'c1', user: 'alice' } },
  { type: 'CommandAssigned', data: { commandId: 'c2', user: 'alice' } },
  { type: 'CommandAssigned', data: { commandId: 'c3', user: 'bob' } },
  { type: 'CommandAssigned', data: { commandId: 'c4', user: 'bob' } },
  unit('u1', '45th', 'c1', { arm: 'infantry', morale: 5, melee_dice: '1D6', figures: 8 }),
  unit('u3', 'Dragoons', 'c2', { arm: 'cavalry', morale: 4, melee_dice: '1D6', figures: 6 }),
  unit('u4', '15e', 'c3', { arm: 'infantry', morale: 4, melee_dice: '1D6', figures: 8 }),
  unit('u6', 'Hussards', 'c4', { arm: 'cavalry', morale: 5, melee_dice: '1D6', figures: 6 }),
  { type: 'PhaseAdvanced', data: { from: at(1, 1), to: at(1, 2), phaseId: 'BRG-3', phaseName: 'Close Combat', due: [] } },
];

const play = (events: BattleEvent[], action: Action, actor: string, ...dice: number[]) => given(events).when(action, actor, { dice: scriptedStream(...dice) }).events();
function run(events: BattleEvent[], ...steps: [Action, string, ...number[]][]): BattleEvent[] {
  let all = events;
  for (const [action, actor, ...dice] of steps) all = [...all, ...play(all, action, actor, ...dice)];
  return all;
}
const refused = (events: BattleEvent[], action: Action, actor: string, why: RegExp) => given(events).when(action, actor, { dice: scriptedStream() }).refused(why);
const last = <T extends BrigadeEvent['type']>(events: BattleEvent[], type: T) => events.filter((e) => e.type === type).at(-1) as Extract<BrigadeEvent, { type: T }>;
const passed = (u: string): [Action, string] => [{ type: 'BrigadeMoraleResult', unit: u, result: 'passed' }, 'gm'];
const counter = (u: string, target: string): Action => ({ type: 'BrigadeCounterCharge', unit: u, target });
const exploit: Action = { type: 'BrigadeExploit', mutual: false };

/** Dragoons win the round 6-1, activate and charge 15e; both pass morale; the bayonet roll 2. */
const charged = run(
  setup,
  [{ type: 'BrigadePlaceCloseCombatTokens', units: [{ unit: 'Dragoons', distance: 1 }, { unit: '15e', distance: 1 }, { unit: 'Hussards', distance: 1.5 }] }, 'alice'],
  [{ type: 'BrigadeRollInitiative' }, 'alice', 6, 1],
  [{ type: 'BrigadeDeclareSide', side: 'Allies' }, 'alice'],
  [{ type: 'BrigadeActivate', unit: 'Dragoons' }, 'alice'],
  passed('Dragoons'),
  passed('15e'),
  [{ type: 'BrigadeAct', unit: 'Dragoons', action: 'charge', target: '15e', distance: 1 }, 'alice', 2],
);

describe('BRG-3.4.1 counter-charges', () => {
  it('BRG-3.4.1 a counter-charger that won its melee may charge again (infantry: 1 exploitation move, BRG-3.4.1.1)', () => {
    const countered = run(charged, [counter('15e', 'Dragoons'), 'bob']);
    expect(last(countered, 'BrigadeCounterCharged').data).toMatchObject({ unitId: 'u4', targetId: 'u3', exploitation: false });
    expect(last(countered, 'BrigadeCounterCharged').data.steps.map(english)).toMatchObject([expect.stringMatching(/^15e counter-charges Dragoons, which charged in this sub-phase \(BRG-3\.4\.1\)\./), expect.stringMatching(/does not say who may counter-charge/)]);
    // Dragoons 4 + d6 1 = 5 against 15e 4 + d6 5 = 9: French win by 4.
    const fought = run(countered, [{ type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e'] }, 'bob', 1, 5], [{ type: 'BrigadeClearTokens' }, 'gm']);
    const x = last(run(fought, [exploit, 'bob']), 'BrigadeExploitationChecked').data.outcome;
    expect(x.exploiting).toEqual(['15e']);
    expect(x.effects).toEqual([{ unit: '15e', effect: 'may-exploit', rule: 'BRG-3.4.1', moves: 1 }]);
    expect(x.steps.map(english)).toContainEqual('15e counter-charged and won its melee: it may charge again, exploitation move 1 of 1 (BRG-3.4.1, BRG-3.4.1.1).');
  });

  it('BRG-3.4.1.2 a cavalry counter-charger that wins gets 2 exploitation moves, the second only while it keeps winning', () => {
    // Hussards counter-charge the Dragoons: Dragoons 4 + d6 1 = 5 against Hussards 5 + d6 6 = 11.
    const won = run(charged, [counter('Hussards', 'Dragoons'), 'bob'], [{ type: 'BrigadeMelee', a: ['Dragoons'], b: ['Hussards'] }, 'bob', 1, 6], [{ type: 'BrigadeClearTokens' }, 'gm']);
    const first = run(won, [exploit, 'bob']);
    expect(last(first, 'BrigadeExploitationChecked').data.outcome.effects).toEqual([{ unit: 'Hussards', effect: 'may-exploit', rule: 'BRG-3.4.1', moves: 2 }]);
    // The exploitation charge at the 45th (morale passed, bayonets 3, control 4), and its melee (BRG-3.4.8).
    const charging = run(first, passed('Hussards'), passed('45th'), [{ type: 'BrigadeAct', unit: 'Hussards', action: 'charge', target: '45th', distance: 1.5 }, 'bob', 3, 4]);
    // Hussards 5 + 6 = 11 against 45th 5 + 1 = 6: it keeps winning, one move left.
    const kept = run(charging, [{ type: 'BrigadeMelee', a: ['45th'], b: ['Hussards'] }, 'bob', 1, 6], [exploit, 'bob']);
    expect(last(kept, 'BrigadeExploitationChecked').data.outcome.effects).toEqual([{ unit: 'Hussards', effect: 'may-exploit', rule: 'BRG-3.4.1', moves: 1 }]);
    // Hussards 5 + 1 = 6 against 45th 5 + 6 = 11: it lost, no second move.
    const lost = run(charging, [{ type: 'BrigadeMelee', a: ['45th'], b: ['Hussards'] }, 'bob', 6, 1], [exploit, 'bob']);
    expect(last(lost, 'BrigadeExploitationChecked').data.outcome.exploiting).toEqual([]);
  });

  it('BRG-3.4.1 a counter-charge not followed by its melee, or recorded after it, offers nothing', () => {
    const idle = run(charged, [counter('Hussards', 'Dragoons'), 'bob'], [{ type: 'BrigadeClearTokens' }, 'gm'], [exploit, 'bob']);
    expect(last(idle, 'BrigadeExploitationChecked').data.outcome.steps.map(english)).toContainEqual('Hussards may not charge again: its counter-charge led to no melee (BRG-3.4.1).');
    const fought = run(charged, [{ type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e'] }, 'bob', 1, 5]);
    refused(fought, counter('15e', 'Dragoons'), 'bob', /15e's melee in this phase is resolved already: a counter-charge is recorded before the melee it leads to \(BRG-3\.4\.1\)/);
  });

  it('BRG-3.4.1 refused: no charge to meet, a friend, another player\'s unit, a charger, twice; nothing is appended', () => {
    refused(setup, counter('15e', 'Dragoons'), 'bob', /Dragoons has not charged in this sub-phase: a counter-charge meets an enemy charge \(BRG-3\.4\.1\)/);
    refused(charged, counter('45th', 'Dragoons'), 'alice', /45th and Dragoons are both Allies's; counter-charge an enemy unit/);
    refused(charged, counter('15e', 'Dragoons'), 'alice', /15e is French's; only its players or a GM may counter-charge with it/);
    refused(charged, counter('Dragoons', '15e'), 'alice', /15e has not charged in this sub-phase/);
    refused(run(charged, [counter('15e', 'Dragoons'), 'bob']), counter('15e', 'Dragoons'), 'bob', /15e has counter-charged Dragoons in this sub-phase already \(BRG-3\.4\.1\)/);
    refused([...setup.slice(0, -1)], counter('15e', 'Dragoons'), 'bob', /Counter-charges are recorded in the Close Combat/);
  });
});
