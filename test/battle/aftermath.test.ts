import { describe, expect, it } from 'vitest';
import { english } from '../../src/i18n/text.ts';
import type { Action } from '../../src/battle/actions.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import type { RuleSystem, UnitAftermath } from '../../src/battle/system.ts';
import { brigade } from '../../src/systems/brigade/plugin.ts';
import { charge } from '../../src/systems/charge/plugin.ts';
import { medieval } from '../../src/systems/medieval/plugin.ts';
import { percentile } from '../../src/systems/percentile/plugin.ts';
import { CHARGE_PHASES } from '../../src/systems/charge/sequence.ts';
import { play as playMedieval, sides, to as toMedieval, TUDOR_AND_ROYAL, unit } from '../support/medieval.ts';
import { scriptedStream } from '../support/scripted-dice.ts';
import { given, logged } from '../support/spec.ts';

/**
 * Each rule system's post-battle step (issue 29): from a battle's log, each unit's figures left, its
 * status for the campaign (fit, routed, destroyed; captured where a log records it) and a leader
 * fallen with it, every fact with its rule ID. Nothing the seeds do not give: no attrition, no recovery.
 */

const play = (events: BattleEvent[], action: Action, actor: string, ...dice: number[]) => given(events).when(action, actor, { dice: scriptedStream(...dice) }).events();
/** Plays actions in turn, each on the events so far. */
function run(events: BattleEvent[], ...steps: [Action, string, ...number[]][]): BattleEvent[] {
  let all = events;
  for (const [action, actor, ...dice] of steps) all = [...all, ...play(all, action, actor, ...dice)];
  return all;
}
/** What the system proposes for the unit named, at the end of `events`. */
function aftermath(system: RuleSystem, events: BattleEvent[], name: string): UnitAftermath {
  const s = given(events).state;
  const u = Object.values(s.units).find((x) => x.name === name);
  if (!u) throw new Error(`no unit ${name}`);
  if (!system.aftermath) throw new Error(`${system.id} has no aftermath`);
  // Its texts in English, as the tests read them.
  const a = system.aftermath(s, u, logged(events));
  return { ...a, why: a.why.map(english), ...(a.attrs ? { attrs: a.attrs.map((x) => ({ ...x, why: english(x.why) })) } : {}) };
}

describe('percentile: the aftermath of a battle', () => {
  const setup: BattleEvent[] = [
    { type: 'BattleCreated', data: { battleId: 'b1', name: 'Quatre Bras', system: 'percentile', channel: 'table', gm: 'gm' } },
    { type: 'SideAdded', data: { sideId: 's1', name: 'French' } },
    { type: 'SideAdded', data: { sideId: 's2', name: 'Allies' } },
    { type: 'CommandAdded', data: { commandId: 'c1', name: 'Bachelu', sideId: 's1' } },
    { type: 'CommandAdded', data: { commandId: 'c2', name: 'Picton', sideId: 's2' } },
    { type: 'CommandAssigned', data: { commandId: 'c1', user: 'alice' } },
    { type: 'CommandAssigned', data: { commandId: 'c2', user: 'bob' } },
    unit('u2', 'Horse Battery', 'c2', { arm: 'artillery', figures: 6, class: 'C', formation: 'unlimbered', cannon: 6, gun: '6pdr' }),
    unit('u3', '2e Léger', 'c1', { arm: 'infantry', figures: 24, class: 'B', formation: 'column', weapon: 'musket' }),
    unit('u4', '1/28th Foot', 'c2', { arm: 'infantry', figures: 20, class: 'A', formation: 'line', weapon: 'musket' }),
    unit('u6', 'Train', 'c2', { arm: 'train', figures: 4, formation: 'column' }),
    unit('u10', '95th Rifles', 'c2', { arm: 'infantry', figures: 16, class: 'A', formation: 'skirmish', weapon: 'rifle' }),
    ...(
      [
        ['officer-hit.rolls', 'per-figure', 'PCT-11.16.step10'],
        ['mfp.direction', 'up', 'PCT-11.73'],
        ['mfp.battery-loss', 'each-cannon', 'PCT-11.73'],
      ] as const
    ).map(([key, value, rule]): BattleEvent => ({ type: 'HouseRuleSet', data: { key, value, by: 'gm', rules: [rule] } })),
    { type: 'PhaseAdvanced', data: { from: { turn: 1, phase: 0 }, to: { turn: 1, phase: 1 }, phaseId: 'x', phaseName: 'x', due: [] } },
  ];
  // The 1/28th fire on the 2e Léger: d100 30 at 30% hits, one figure lost (PCT-11.16, 11.71).
  const shot = run(setup, [{ type: 'PercentileFire', firer: '1/28th Foot', target: '2e Léger', range: 2, kind: 'normal', count: 10, row: '2 rank', base: 30 }, 'bob', 30]);

  it('PCT-11.71 a unit that lost figures carries what it has left; PCT-11.72 a morale check due and not taken is said', () => {
    expect(aftermath(percentile, shot, '2e Léger')).toEqual({
      figures: 23,
      status: 'fit',
      why: ['lost 1 of 24 figures (PCT-11.71)', 'a morale check for its losses was due and not taken (PCT-11.72)'],
    });
  });

  it('PCT-11.23.4 a unit routing at the end is routed', () => {
    // The GM's chart gives 50%; d100 99 fails, and the chart's result is routing.
    const routed = run(shot, [{ type: 'PercentileMoraleCheck', unit: '2e Léger', kind: 'fire-loss', percent: 50, onFail: 'routing' }, 'gm', 99]);
    expect(aftermath(percentile, routed, '2e Léger')).toEqual({ figures: 23, status: 'routed', why: ['lost 1 of 24 figures (PCT-11.71)', 'routing at the end (PCT-11.23.4)'] });
  });

  it('PCT-11.23.4 a disordered unit is fit: only a rout counts as routed', () => {
    const disordered = run(setup, [{ type: 'PercentileSetMorale', unit: '1/28th Foot', state: 'disordered' }, 'gm']);
    expect(aftermath(percentile, disordered, '1/28th Foot')).toEqual({ figures: 20, status: 'fit', why: ['no losses', 'disordered at the end; only a rout counts as routed (PCT-11.23.4)'] });
  });

  it('PCT-11.78 a unit with no figures left is destroyed; PCT-11.74 a train\'s material lost counts off its figures, as the report counts them', () => {
    const gone = run(
      setup,
      [{ type: 'PercentileRuleLosses', unit: '95th Rifles', lost: 16, reason: 'shock combat' }, 'gm'],
      [{ type: 'PercentileRuleLosses', unit: 'Train', lost: 4, kind: 'train material', reason: 'fire above 200%' }, 'gm'],
    );
    expect(aftermath(percentile, gone, '95th Rifles')).toEqual({ figures: 0, status: 'destroyed', why: ['lost 16 of 16 figures (PCT-11.71)', 'destroyed: no figures left (PCT-11.78)'] });
    expect(aftermath(percentile, gone, 'Train')).toEqual({ figures: 0, status: 'destroyed', why: ['lost 4 train material, counted off its 4 figures (PCT-11.74)', 'destroyed: no figures left (PCT-11.78)'] });
  });

  it('PCT-11.74 a battery that lost cannon keeps its crew figures; the cannon lost are said, and it carries those left, from the event that lost them (issue 41)', () => {
    const hit = run(setup, [{ type: 'PercentileRuleLosses', unit: 'Horse Battery', lost: 2, kind: 'cannon', reason: 'fire above 200%', check: false }, 'gm']);
    const version = hit.findIndex((e) => e.type === 'PercentileLossesRuled') + 1;
    expect(aftermath(percentile, hit, 'Horse Battery')).toEqual({ figures: 6, status: 'fit', why: ['lost 2 of 6 cannon (PCT-11.74)'], attrs: [{ name: 'cannon', value: 4, why: 'lost 2 (PCT-11.74)', version }] });
  });

  it('PCT-11.79 a battery loses its howitzers first: it carries the howitzers left with its cannon, so the next battle does not give it back a howitzer lost (issue 41)', () => {
    const withHowitzers = setup.map((e) => (e.type === 'UnitAdded' && e.data.name === 'Horse Battery' ? unit('u2', 'Horse Battery', 'c2', { arm: 'artillery', figures: 6, class: 'C', formation: 'unlimbered', cannon: 6, gun: '6pdr', howitzers: 2 }) : e));
    const one = run(withHowitzers, [{ type: 'PercentileRuleLosses', unit: 'Horse Battery', lost: 1, kind: 'cannon', reason: 'counterbattery fire', check: false }, 'gm']);
    const version = one.findIndex((e) => e.type === 'PercentileLossesRuled') + 1;
    expect(aftermath(percentile, one, 'Horse Battery').attrs).toEqual([
      { name: 'cannon', value: 5, why: 'lost 1 (PCT-11.74)', version },
      { name: 'howitzers', value: 1, why: 'a battery loses its howitzers first (PCT-11.79)', version },
    ]);
    // More lost than it had howitzers: none left, never fewer than none.
    const three = run(withHowitzers, [{ type: 'PercentileRuleLosses', unit: 'Horse Battery', lost: 3, kind: 'cannon', reason: 'counterbattery fire', check: false }, 'gm']);
    expect(aftermath(percentile, three, 'Horse Battery').attrs!.find((a) => a.name === 'howitzers')!.value).toBe(0);
  });

  it('an untouched unit is fit with no losses; the log names no leader fallen (the officer hit of PCT-11.16.step10 is not kept)', () => {
    expect(aftermath(percentile, shot, '1/28th Foot')).toEqual({ figures: 20, status: 'fit', why: ['no losses'] });
  });
});

describe('brigade: the aftermath of a battle', () => {
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
  // Close Combat: Allies 5 + d6 4 = 9 against French 4 + d3 2 = 6; the French lose by 3 and retreat, the remainder on the 66e (BRG-3.3.4).
  const fought = run([...setup, to(1, 2)], [{ type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e', '66e'] }, 'alice', 4, 2], [{ type: 'BrigadeAssignRemainder', units: ['66e'] }, 'gm']);

  it('BRG-3.3.4 the melee winner carries its casualties off its figures and is fit', () => {
    expect(aftermath(brigade, fought, 'Dragoons')).toEqual({ figures: 5, status: 'fit', why: ['lost 1 of 6 figures (BRG-2.2, BRG-3.3.4)'] });
  });

  it('BRG-3.3.4 a loser still retreating at the end is said and carried fit: the brigade rules have no rout (issue 41)', () => {
    expect(aftermath(brigade, fought, '66e')).toEqual({
      figures: 5,
      status: 'fit',
      why: ['lost 3 of 8 figures (BRG-2.2, BRG-3.3.4)', 'retreating at the end (BRG-3.3.4), carried fit: these rules have no rout, and a retreating unit rallies by itself at the next Command & Control phase (BRG-1.1)'],
    });
    expect(brigade.carriedStatuses).toEqual(['fit', 'destroyed', 'captured']);
  });

  it('BRG-3.3.4 a unit with no casualties left to take is destroyed; BRG-2.2.3 its attached leader fallen is named as the roster gives him, and it carries no leader from the event of his fall (issue 41)', () => {
    const marching = run(setup, [{ type: 'AdvancePhase' }, 'gm']);
    const volleyed = run(
      marching,
      [{ type: 'BrigadeRollInitiative' }, 'alice', 5, 2],
      [{ type: 'BrigadeDeclareSide', side: 'Allies' }, 'alice'],
      [{ type: 'BrigadeActivate', formation: 'Wallace' }, 'alice'],
      [{ type: 'BrigadeVolley', firer: '45th', target: '15e', casualties: 8 }, 'alice'],
      [{ type: 'BrigadeLeaderFell', leader: 'arnauld', rule: 'BRG-2.2.3' }, 'gm'],
    );
    expect(aftermath(brigade, volleyed, '15e')).toEqual({
      figures: 0,
      status: 'destroyed',
      why: ['lost 8 of 8 figures (BRG-2.2, BRG-3.3.4)', 'destroyed: no casualties left to take (BRG-3.3.4)', 'its leader Arnauld fell on turn 1 (BRG-2.2.3, BRG-3.3.5)'],
      leaderFallen: 'Arnauld',
      attrs: [{ name: 'leader', value: null, why: 'fell on turn 1 (BRG-2.2.3, BRG-3.3.5)', version: volleyed.findIndex((e) => e.type === 'BrigadeLeaderFallen') + 1 }],
    });
    // Wallace, the 45th's leader, did not fall.
    expect(aftermath(brigade, volleyed, '45th')).toEqual({ figures: 8, status: 'fit', why: ['no losses'] });
  });

  it('BRG-1.2.1 a fallen leader back in play before the end has not fallen for the campaign', () => {
    const given4 = [
      ...setup,
      { type: 'BrigadeLeaderSet', data: { name: 'Marmont', sideId: 's2', kind: 'army-commander' } } as BattleEvent,
      { type: 'UnitEdited', data: { unitId: 'u5', attrs: { leader: 'Marmont' } } } as BattleEvent,
      to(1, 3),
    ];
    const fell = run(given4, [{ type: 'BrigadeLeaderFell', leader: 'Marmont', rule: 'BRG-3.3.5' }, 'gm']);
    expect(aftermath(brigade, fell, '66e').leaderFallen).toBe('Marmont');
    // The army commander's fall owes an army morale check (BRG-4.1): the GM passes over it.
    const back = run(fell, [{ type: 'AdvancePhase', skip: true }, 'gm']);
    expect(aftermath(brigade, back, '66e')).toEqual({ figures: 8, status: 'fit', why: ['no losses'] });
  });

  it('BRG-4.2 an army that withdrew is said; its units keep the status their own state gives', () => {
    const turn4 = [...setup, { type: 'PhaseAdvanced', data: { from: at(4, 2), to: at(4, 3), phaseId: 'BRG-4', phaseName: 'x', due: [] } } as BattleEvent];
    const withdrew = run(turn4, [{ type: 'BrigadeArmyMorale', armies: [{ side: 'French', broken: 1, tableNumber: 3 }] }, 'gm', 4]);
    expect(aftermath(brigade, withdrew, '66e')).toEqual({ figures: 8, status: 'fit', why: ['no losses', 'its army withdrew from the battlefield (BRG-4.2)'] });
    expect(aftermath(brigade, withdrew, '88th')).toEqual({ figures: 8, status: 'fit', why: ['no losses'] });
    // The campaign's result line says it of the army (issue 41).
    expect(brigade.sideAftermath!(given(withdrew).state).map(english)).toEqual(['French withdrew from the battlefield (BRG-4.2).']);
  });

  it('BRG-4.3 both armies failing their test withdraw at the same time: the result line says so; none withdrew, it says nothing', () => {
    const turn4 = [...setup, { type: 'PhaseAdvanced', data: { from: at(4, 2), to: at(4, 3), phaseId: 'BRG-4', phaseName: 'x', due: [] } } as BattleEvent];
    const both = run(turn4, [{ type: 'BrigadeArmyMorale', armies: [{ side: 'French', broken: 1, tableNumber: 3 }, { side: 'Allies', broken: 1, tableNumber: 3 }] }, 'gm', 4, 5]);
    expect(brigade.sideAftermath!(given(both).state).map(english)).toEqual(['French and Allies both withdrew from the battlefield (BRG-4.2; both armies may withdraw at the same time, BRG-4.3).']);
    expect(brigade.sideAftermath!(given(setup).state).map(english)).toEqual([]);
  });
});

describe('medieval: the aftermath of a battle', () => {
  const setup: BattleEvent[] = [
    { type: 'BattleCreated', data: { battleId: 'b1', name: 'Bosworth', system: 'medieval', channel: 'table', gm: 'gm' } },
    ...TUDOR_AND_ROYAL,
    unit('u1', 'Archers', 'c1', { arm: 'infantry', figures: 24, class: 'C', order: 'loose', formation: 'line', armour: 'light', weapon: 'longbow', melee_weapon: 'sword' }),
    unit('u2', 'Knights', 'c1', { arm: 'cavalry', figures: 12, class: 'A', order: 'close', formation: 'line', armour: 'extra heavy', melee_weapon: 'heavy lance' }),
    unit('u4', 'Billmen', 'c2', { arm: 'infantry', figures: 24, class: 'C', order: 'close', formation: 'line', armour: 'medium', melee_weapon: 'pole-arm' }),
    unit('u5', 'Ordnance', 'c2', { arm: 'artillery', figures: 6, class: 'C', formation: 'deployed', armour: 'light', weapon: 'light field artillery', cannon: 3 }),
  ];
  const fire = (firer: string, target: string): Action => ({ type: 'MedievalFire', firer, target, band: 'short' });
  const t1p11 = [...setup, sides(1), toMedieval(1, 11)];
  // The Archers at the Billmen: kills 3 (as in medieval.test.ts, MED-FIRE).
  const shot = [...t1p11, ...playMedieval(t1p11, { ...fire('Archers', 'Billmen'), band: undefined, range: 14, measure: 'in' } as Action, 'alice', 6, 5, 9, 1, 10)];

  /** The Morale Test phase 15 would have owed for fire losses (MED-SEQ.15), said when the battle ended before it (issue 41). */
  const owed = (lost: number) =>
    `owed at the end and not taken: a Morale Test, for reason .8 (it lost ${lost} figure${lost > 1 ? 's' : ''} to enemy fire this Game Turn); reason .9 (it was under fire for the first time in the game this Game Turn) (MED-MORALE-REASONS)`;

  it('MED-FIRE a unit that lost figures carries what it has left and is fit; MED-SEQ.15 the Morale Test the end left untaken is said', () => {
    expect(aftermath(medieval, shot, 'Billmen')).toEqual({ figures: 21, status: 'fit', why: ['lost 3 of 24 figures (MED-FIRE, MED-MELEE)', owed(3)] });
  });

  it('MED-MORALE-EFFECTS.1 a unit routing at the end is routed; a disordered one is fit', () => {
    const routed = run(shot, [{ type: 'MedievalSetStatus', unit: 'Billmen', routing: true }, 'gm'], [{ type: 'MedievalSetStatus', unit: 'Knights', disordered: true }, 'gm']);
    expect(aftermath(medieval, routed, 'Billmen')).toEqual({ figures: 21, status: 'routed', why: ['lost 3 of 24 figures (MED-FIRE, MED-MELEE)', owed(3), 'routing at the end (MED-MORALE-EFFECTS.1)'] });
    expect(aftermath(medieval, routed, 'Knights')).toEqual({ figures: 12, status: 'fit', why: ['no losses', 'disordered at the end; only a rout counts as routed (MED-MORALE-EFFECTS.1)'] });
  });

  it('MED-FIRE a unit with no figures left is destroyed', () => {
    const weak = [...t1p11, { type: 'UnitEdited', data: { unitId: 'u4', attrs: { figures: 2 } } } as BattleEvent];
    const gone = [...weak, ...playMedieval(weak, fire('Archers', 'Billmen'), 'alice', 10, 10, 10, 10, 10)];
    expect(aftermath(medieval, gone, 'Billmen')).toEqual({ figures: 0, status: 'destroyed', why: ['lost 2 of 2 figures (MED-FIRE, MED-MELEE)', 'destroyed: no figures left (MED-FIRE, MED-MELEE)'] });
  });

  it('MED-RANGE.9 guns exploded and MED-MORALE-EFFECTS.1c guns abandoned are said, and the battery carries the guns left, from the fire that exploded one (issue 41); nothing is captured, the log records no capture', () => {
    const p9 = [...setup, sides(1, 's2'), toMedieval(1, 9)];
    // Kill dice 4, 4, 4; gun 1 explodes, gun 2 misfires, gun 3 fires (as in medieval.test.ts, MED-RANGE.9).
    const fired = [...p9, ...playMedieval(p9, fire('Ordnance', 'Archers'), 'bob', 4, 4, 4, 1, 2, 1, 7, 5)];
    const fled = run(fired, [{ type: 'MedievalSetStatus', unit: 'Ordnance', routing: true, gunsAbandoned: true }, 'gm']);
    expect(aftermath(medieval, fled, 'Ordnance')).toEqual({
      figures: 6,
      status: 'routed',
      why: ['lost 1 of 3 guns, exploded (MED-RANGE.9)', 'abandoned its guns (MED-MORALE-EFFECTS.1c, .2c)', 'routing at the end (MED-MORALE-EFFECTS.1)'],
      attrs: [{ name: 'cannon', value: 2, why: '1 gun exploded (MED-RANGE.9)', version: fired.length }],
    });
    expect(aftermath(medieval, fled, 'Archers')).toEqual({ figures: 23, status: 'fit', why: ['lost 1 of 24 figures (MED-FIRE, MED-MELEE)', owed(1)] });
  });

  it('an untouched unit is fit with no losses; the log names no leader fallen', () => {
    expect(aftermath(medieval, shot, 'Knights')).toEqual({ figures: 12, status: 'fit', why: ['no losses'] });
  });
});

describe('charge: the aftermath of a battle', () => {
  const setup: BattleEvent[] = [
    { type: 'BattleCreated', data: { battleId: 'b1', name: 'Aspern', system: 'charge', channel: 'table', gm: 'gm' } },
    { type: 'SideAdded', data: { sideId: 's1', name: 'French' } },
    { type: 'SideAdded', data: { sideId: 's2', name: 'Austrian' } },
    { type: 'CommandAdded', data: { commandId: 'c1', name: 'Saint-Hilaire', sideId: 's1' } },
    { type: 'CommandAdded', data: { commandId: 'c2', name: 'Brady', sideId: 's2' } },
    { type: 'CommandAssigned', data: { commandId: 'c1', user: 'alice' } },
    { type: 'CommandAssigned', data: { commandId: 'c2', user: 'bob' } },
    unit('u1', 'Ligne', 'c1', { arm: 'infantry', figures: 24, class: 'line', move_class: 'average', formation: 'column' }),
    unit('u2', 'Hussards', 'c1', { arm: 'light cavalry', figures: 12, class: 'elite', move_class: 'excellent', formation: 'line', leader: 'division' }),
    unit('u3', 'Zach', 'c2', { arm: 'infantry', figures: 24, class: 'line', move_class: 'average', formation: 'closed column' }),
    unit('u5', 'Rosenberg', 'c2', { arm: 'light cavalry', figures: 12, class: 'line', move_class: 'average', formation: 'column' }),
    { type: 'PhaseAdvanced', data: { from: { turn: 1, phase: 0 }, to: { turn: 1, phase: CHARGE_PHASES.findIndex((p) => p.id === 'CHG-ROLL') }, phaseId: 'CHG-ROLL', phaseName: 'x', due: [] } },
    { type: 'HouseRuleSet', data: { key: 'mass', value: 'ratio', by: 'gm', rules: [] } },
  ];
  // CHG-OPEN 11+: 30% of Zach surrenders (7.2, rounded down), the rest rout (as in charge.test.ts).
  const charged = run(setup, [{ type: 'ChargeRoll', attacker: 'Ligne', defender: 'Zach', table: 'open', die: 10, attackerChoices: { chargingRear: true }, surrenderRounding: 'down' }, 'gm', 10, 1, 3]);

  it('CHG-OPEN 11+ the figures that surrendered leave the unit; the rest routed, so it is routed', () => {
    expect(aftermath(charge, charged, 'Zach')).toEqual({
      figures: 17,
      status: 'routed',
      why: ['lost 7 of 24 figures (surrendered, CHG-OPEN / CHG-COVER 11+ and -12+, or as a GM recorded)', 'routed at the end (CHG-OPEN, CHG-COVER)'],
    });
  });

  it('CHG-ATT-MOD.6, CHG-DEF-MOD.3 a broken unit counts as routed: the rules treat rout and broken alike; shaken or disordered is fit', () => {
    const ruled = run(setup, [{ type: 'ChargeSetStatus', unit: 'Rosenberg', rout: 'broken' }, 'gm'], [{ type: 'ChargeSetStatus', unit: 'Hussards', shaken: true, disordered: true }, 'gm']);
    expect(aftermath(charge, ruled, 'Rosenberg')).toEqual({ figures: 12, status: 'routed', why: ['no losses', 'broken at the end: rout and broken are one state in the rules (CHG-ATT-MOD.6, CHG-DEF-MOD.3)'] });
    expect(aftermath(charge, ruled, 'Hussards')).toEqual({ figures: 12, status: 'fit', why: ['no losses', 'shaken and disordered at the end; only rout or broken counts as routed (CHG-DEF-MOD.3)'] });
  });

  it('MEL-D10 casualty steps are said but take no figures: the rules do not say what a step is in figures', () => {
    const stepped = run(setup, [{ type: 'ChargeSetStatus', unit: 'Hussards', steps: 3 }, 'gm']);
    expect(aftermath(charge, stepped, 'Hussards')).toEqual({ figures: 12, status: 'fit', why: ['took 3 casualty steps in melee (MEL-D10); the rules do not say how many figures a step is'] });
  });

  it('a unit with no figures left is destroyed', () => {
    const gone = run(setup, [{ type: 'ChargeSetStatus', unit: 'Rosenberg', figuresLost: 12 }, 'gm']);
    expect(aftermath(charge, gone, 'Rosenberg')).toEqual({
      figures: 0,
      status: 'destroyed',
      why: ['lost 12 of 12 figures (surrendered, CHG-OPEN / CHG-COVER 11+ and -12+, or as a GM recorded)', 'destroyed: no figures left (CHG-OPEN, CHG-COVER)'],
    });
  });

  it('an untouched unit is fit with no losses; the roster\'s leader is a rank and the log records no leader fallen', () => {
    expect(aftermath(charge, charged, 'Ligne')).toEqual({ figures: 24, status: 'fit', why: ['no losses'] });
    expect(aftermath(charge, charged, 'Hussards')).toEqual({ figures: 12, status: 'fit', why: ['no losses'] });
  });
});
