import { describe, expect, it } from 'vitest';
import { english } from '../../src/i18n/text.ts';
import type { Action } from '../../src/battle/actions.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import type { MedievalEvent } from '../../src/systems/medieval/battle/index.ts';
import { parseModifierList } from '../../src/systems/medieval/battle/parse.ts';
import type { MedievalOptions } from '../../src/systems/medieval/battle/state.ts';
import { MEDIEVAL_PHASES } from '../../src/systems/medieval/sequence.ts';
import { TUDOR_AND_ROYAL } from '../support/medieval.ts';
import { scriptedDice, scriptedStream } from '../support/scripted-dice.ts';
import { given } from '../support/spec.ts';

/**
 * Issue 26 in the medieval game, as the battle plays it: "each" counts bounded by the units the
 * battle holds (MED-MORALE-MOD.4, .8, .10), "under fire" derived from the log's fire (MED-MORALE-MOD.18,
 * .20, .22), and the values the seed leaves open set once per battle as house rules. Tudor (alice:
 * Archers, Knights, Skirmishers) against Royal (bob: Billmen, Ordnance, Handgunners).
 */
const created = (options?: MedievalOptions): BattleEvent => ({
  type: 'BattleCreated',
  data: { battleId: 'b1', name: 'Bosworth', system: 'medieval', channel: 'table', gm: 'gm', ...(options ? { options } : {}) },
});
const unit = (unitId: string, name: string, commandId: string, attrs: Record<string, string | number>): BattleEvent => ({ type: 'UnitAdded', data: { unitId, name, commandId, attrs } });
const setup = (options?: MedievalOptions): BattleEvent[] => [
  created(options),
  ...TUDOR_AND_ROYAL,
  unit('u1', 'Archers', 'c1', { arm: 'infantry', figures: 24, class: 'C', order: 'loose', formation: 'line', armour: 'light', weapon: 'longbow', melee_weapon: 'sword' }),
  unit('u2', 'Knights', 'c1', { arm: 'cavalry', figures: 12, class: 'A', order: 'close', formation: 'line', armour: 'extra heavy', melee_weapon: 'heavy lance' }),
  unit('u3', 'Skirmishers', 'c1', { arm: 'infantry', figures: 10, class: 'D', order: 'skirmish', formation: 'line', armour: 'light', weapon: 'javelin', melee_weapon: 'knife' }),
  unit('u4', 'Billmen', 'c2', { arm: 'infantry', figures: 24, class: 'C', order: 'close', formation: 'line', armour: 'medium', melee_weapon: 'pole-arm' }),
  unit('u5', 'Ordnance', 'c2', { arm: 'artillery', figures: 6, class: 'C', formation: 'deployed', armour: 'light', weapon: 'light field artillery', cannon: 3 }),
  unit('u6', 'Handgunners', 'c2', { arm: 'infantry', figures: 12, class: 'C', order: 'loose', formation: 'line', armour: 'light', weapon: 'handgonne', melee_weapon: 'sword' }),
];
const phaseIndex = (id: string) => MEDIEVAL_PHASES.findIndex((p) => p.id === id);
const to = (turn: number, n: number): BattleEvent => ({
  type: 'PhaseAdvanced',
  data: { from: { turn: 1, phase: 0 }, to: { turn, phase: phaseIndex(`MED-SEQ.${n}`) }, phaseId: `MED-SEQ.${n}`, phaseName: 'x', due: [] },
});
const sides = (turn: number, a: 's1' | 's2' = 's1'): BattleEvent => ({ type: 'MedievalSideChosen', data: { turn, sideId: a, as: 'A', a, b: a === 's1' ? 's2' : 's1' } });
const house = (key: string, value: unknown, rules: string[]): BattleEvent => ({ type: 'HouseRuleSet', data: { key, value, by: 'gm', rules } });
const play = (events: BattleEvent[], action: Action, actor: string, ...dice: number[]) => given(events).when(action, actor, { dice: scriptedStream(...dice) }).events();
const only = <T extends MedievalEvent['type']>(events: BattleEvent[], type: T) => {
  expect(events).toHaveLength(1);
  expect(events[0]!.type).toBe(type);
  return events[0] as Extract<MedievalEvent, { type: T }>;
};
const fire = (firer: string, target: string, more: Partial<Extract<Action, { type: 'MedievalFire' }>> = {}): Action => ({ type: 'MedievalFire', firer, target, band: 'short', ...more });
const morale = (u: string, modifiers = '', more: Partial<Extract<Action, { type: 'MedievalMoraleTest' }>> = {}): Action => ({
  type: 'MedievalMoraleTest',
  unit: u,
  reasons: [{ id: 'MED-MORALE-REASONS.7' }],
  modifiers: parseModifierList(modifiers, 'MED-MORALE-MOD'),
  ...more,
});
const tested = (events: BattleEvent[]) => only(events, 'MedievalMoraleTested').data.outcome;
const p15 = [...setup(), sides(1), to(1, 15)];

describe('MED-MORALE-MOD "each" counts are bounded by the units the battle holds', () => {
  it('MED-MORALE-MOD.4 each friendly unit halted / advancing: at most the testing side\'s other units with figures, not routing', () => {
    given(p15)
      .when(morale('Archers', '4x999'), 'alice', { dice: scriptedStream(5) })
      .refused(/^MED-MORALE-MOD\.4 \(Each friendly unit Halted \/ Advancing, within 150yds\): at most 2, the units of Tudor besides Archers with figures left and not routing \(Knights, Skirmishers\); 999 given\.$/);
    expect(tested(play(p15, morale('Archers', '4x2'), 'alice', 5)).modifiers.find((m) => m.id === 'MED-MORALE-MOD.4')).toMatchObject({ count: 2, total: 2 });
    const routing = [...p15, { type: 'MedievalStatusSet', data: { unitId: 'u2', routing: true } } as BattleEvent];
    given(routing).when(morale('Archers', '4x2'), 'alice', { dice: scriptedStream(5) }).refused(/MED-MORALE-MOD\.4 .*: at most 1, .*\(Skirmishers\); 2 given/);
    // A GM's count is bounded too: the battle holds no more units, whoever counts them.
    given(p15).when(morale('Archers', '4x3'), 'gm', { dice: scriptedStream(5) }).refused(/MED-MORALE-MOD\.4 .*: at most 2/);
  });

  it('MED-MORALE-MOD.8 and .10 each enemy unit: at most the enemy units with figures left, the two rows together', () => {
    given(p15).when(morale('Archers', '8x4'), 'alice', { dice: scriptedStream(5) }).refused(/^MED-MORALE-MOD\.8 \(Each enemy unit Halted \/ Advancing, within 150yds\): at most 3, the enemy units with figures left and not routing \(Billmen, Ordnance, Handgunners\); 4 given\.$/);
    given(p15).when(morale('Archers', '10x4'), 'alice', { dice: scriptedStream(5) }).refused(/^MED-MORALE-MOD\.10 \(Each enemy unit Routing \/ Falling Back, within 150yds\): at most 3, the enemy units with figures left \(Billmen, Ordnance, Handgunners\); 4 given\.$/);
    given(p15)
      .when(morale('Archers', '8x2 10x2'), 'alice', { dice: scriptedStream(5) })
      .refused(/MED-MORALE-MOD\.8 and MED-MORALE-MOD\.10 count 4 enemy units together; the enemy has 3 with figures left .*: a unit is halted \/ advancing or routing \/ falling back, not both\./);
    const o = tested(play(p15, morale('Archers', '8x2 10x1'), 'alice', 5));
    expect(o.modifiers.filter((m) => m.id === 'MED-MORALE-MOD.8' || m.id === 'MED-MORALE-MOD.10').map((m) => [m.id, m.total])).toEqual([
      ['MED-MORALE-MOD.8', -2],
      ['MED-MORALE-MOD.10', 1],
    ]);
  });

  it('MED-MORALE-MOD.6 friends routing (an option) and MED-CONTROL-MOD.14 to .20 are bounded the same way', () => {
    given(p15).when(morale('Archers', '', { friendsRouting: 3 }), 'alice', { dice: scriptedStream(5) }).refused(/MED-MORALE-MOD\.6 .*: at most 2, the units of Tudor besides Archers with figures left \(Knights, Skirmishers\); 3 given/);
    given(p15).when(morale('Archers', '4x2', { friendsRouting: 1 }), 'alice', { dice: scriptedStream(5) }).refused(/MED-MORALE-MOD\.4 and MED-MORALE-MOD\.6 count 3 friendly units together; Tudor has 2 besides Archers/);
    const p16 = [...setup(), sides(1), to(1, 16)];
    given(p16)
      .when({ type: 'MedievalControlTest', unit: 'Knights', reason: 'MED-CONTROL.5', modifiers: parseModifierList('16x9', 'MED-CONTROL-MOD') }, 'alice', { dice: scriptedStream(5) })
      .refused(/MED-CONTROL-MOD\.16 .*: at most 3, the enemy units with figures left and not routing/);
  });
});

describe('MED-MORALE-MOD.18, .20, .22 under fire, from the log of who fired on whom', () => {
  // Turn 1 phase 11 (side A, Tudor): the archers (loose-order infantry) and the skirmishers fire at the billmen;
  // phase 12 (side B, Royal): the ordnance fires at the archers.
  const p11 = [...setup(), sides(1), to(1, 11)];
  const a = play(p11, fire('Archers', 'Billmen'), 'alice', 1, 1, 1, 1, 1);
  const b = play([...p11, ...a], fire('Skirmishers', 'Billmen'), 'alice', 1, 1);
  const p12 = [...p11, ...a, ...b, to(1, 12)];
  const c = play(p12, fire('Ordnance', 'Archers'), 'bob', 1, 1, 1, 5, 5, 5);
  const fired = [...p12, ...c];
  const derivedIds = (o: ReturnType<typeof tested>) => o.modifiers.filter((m) => m.derived).map((m) => m.id);

  it('MED-MORALE-MOD.18 and .20 non-skirmishing and skirmishing infantry fired on the unit; MED-MORALE-MOD.22 artillery; named in the working', () => {
    const billmen = tested(play([...fired, to(1, 15)], morale('Billmen'), 'bob', 5));
    expect(derivedIds(billmen)).toEqual(['MED-MORALE-MOD.5', 'MED-MORALE-MOD.18', 'MED-MORALE-MOD.20']);
    expect(billmen.steps.map(english)).toContain('MED-MORALE-MOD.18 Under fire from non-skirmishing Infantry or Cavalry: -1 (from the log: Archers fired on it, turn 1, phase 11)');
    expect(billmen.steps.map(english)).toContain('MED-MORALE-MOD.20 Under fire from Skirmishing Infantry or Cavalry: -1 (from the log: Skirmishers fired on it, turn 1, phase 11)');
    const archers = tested(play([...fired, to(1, 15)], morale('Archers'), 'alice', 5));
    expect(derivedIds(archers)).toContain('MED-MORALE-MOD.22');
    expect(archers.steps.map(english)).toContain('MED-MORALE-MOD.22 Under fire from Artillery: -1 (from the log: Ordnance fired on it, turn 1, phase 12)');
  });

  it('MED-MORALE-MOD.18 "under fire" is this Game Turn or last, as MED-FIRE-MOD.9 reads the same words', () => {
    expect(derivedIds(tested(play([...fired, sides(2, 's2'), to(2, 4)], morale('Billmen'), 'bob', 5)))).toContain('MED-MORALE-MOD.18');
    expect(derivedIds(tested(play([...fired, sides(3), to(3, 15)], morale('Billmen'), 'bob', 5)))).not.toContain('MED-MORALE-MOD.18');
  });

  it('MED-MORALE-MOD.22 a player\'s claim the log contradicts is refused naming what it derived; a GM\'s stands as a ruling in the working', () => {
    const t15 = [...fired, to(1, 15)];
    given(t15).when(morale('Billmen', '22'), 'bob', { dice: scriptedStream(5) }).refused(/^MED-MORALE-MOD\.22 \(Under fire from Artillery\) is derived by the umpire from fire on the unit this Game Turn or last, by the firer's arm and order, and does not apply here\. Only a GM may rule otherwise/);
    given(t15).when(morale('Billmen', '-18'), 'bob', { dice: scriptedStream(5) }).refused(/MED-MORALE-MOD\.18 .* only a GM may rule that it does not apply/);
    given(t15).when(morale('Billmen', '18'), 'bob', { dice: scriptedStream(5) }).refused(/MED-MORALE-MOD\.18 .* is counted once; it was given twice \(the umpire already applies it from the log\)/);
    const ruled = tested(play(t15, morale('Billmen', '22 -18'), 'gm', 5));
    expect(ruled.modifiers.find((m) => m.id === 'MED-MORALE-MOD.22')).toMatchObject({ derived: false, ruling: true });
    expect(ruled.modifiers.map((m) => m.id)).not.toContain('MED-MORALE-MOD.18');
    expect(ruled.steps.map(english)).toContain("MED-MORALE-MOD.18 Under fire from non-skirmishing Infantry or Cavalry: not applied, the GM's ruling (the umpire derived it).");
  });
});

describe('the values the medieval seed leaves open are house rules of the battle', () => {
  const turn1 = [...setup(), { type: 'MedievalCommanderSet', data: { sideId: 's1', commander: 'Bold' } } as BattleEvent];

  it('MED-INIT.1 the initiative die is house rule initiative.die, d6 or d10, cited in the working; refused while open', () => {
    given(turn1)
      .when({ type: 'MedievalRollInitiative' }, 'alice', { dice: scriptedStream(5, 1) })
      .refused(/The seed gives the initiative die as one d6 \(MED-INIT\.1\) and one d10 \(MED-SEQ\.1\): a GM sets which, once for the battle, with \/house set key:initiative\.die value:d6 \(or d10\)\./);
    const set = given(turn1).when({ type: 'SetHouseRule', key: 'initiative.die', value: 'd6' }, 'gm').events();
    expect(set).toEqual([{ type: 'HouseRuleSet', data: { key: 'initiative.die', value: 'd6', by: 'gm', rules: ['MED-INIT.1', 'MED-SEQ.1'] } }]);
    given(turn1).when({ type: 'SetHouseRule', key: 'initiative.die', value: 'd8' }, 'gm').refused(/^initiative\.die takes one of d6, d10 \(MED-INIT\.1, MED-SEQ\.1\)/);
    const dice = scriptedDice(6, 1);
    const rolled = only(given([...turn1, ...set]).when({ type: 'MedievalRollInitiative' }, 'alice', { dice: dice as never }).events(), 'MedievalInitiativeRolled');
    expect(dice.asked).toEqual([6, 6]);
    expect(english(rolled.data.outcome.steps[0]!)).toBe(`Each side rolls a d6 and adds its commander's modifier (MED-INIT.1-2); the die: house rule set by <@gm> at event ${turn1.length + 1}.`);
    // Phase 1's banner says the die is open rather than name one.
    const [turn2] = given([...turn1, sides(1), to(1, 16)]).when({ type: 'AdvancePhase' }).events();
    expect(turn2?.type === 'PhaseAdvanced' && turn2.data.due.map(english)).toEqual(["initiative: /initiative roll, a die each (d6 or d10: open until a GM sets house rule initiative.die) plus the commander's modifier (MED-INIT): Tudor Bold (+4); Royal no commander modifier"]);
    // A battle that agreed the die at its creation keeps it.
    const d10 = scriptedDice(6, 1);
    given([...setup({ initiativeDie: 10 })]).when({ type: 'MedievalRollInitiative' }, 'alice', { dice: d10 as never }).events();
    expect(d10.asked).toEqual([10, 10]);
  });

  it('MED-MORALE-MOD.26 the lost "+?" of a commander with the unit is house rule morale.commander-with, applied at each use and cited', () => {
    given(p15).when(morale('Archers', '26'), 'alice', { dice: scriptedStream(5) }).refused(/MED-MORALE-MOD\.26 .*the source does not give its value .*give it as a whole number \(26=\+n\), or a GM sets it once with \/house set key:morale\.commander-with/);
    const set = [...p15, house('morale.commander-with', 2, ['MED-MORALE-MOD.26'])];
    const o = tested(play(set, morale('Archers', '26'), 'alice', 5));
    expect(o.modifiers.find((m) => m.id === 'MED-MORALE-MOD.26')).toMatchObject({ value: 2, total: 2 });
    expect(o.steps.map(english)).toContain(`MED-MORALE-MOD.26 A Commander figure is with the testing unit: +2 (house rule set by <@gm> at event ${set.length})`);
    given(set).when(morale('Archers', '26=+3'), 'alice', { dice: scriptedStream(5) }).refused(/MED-MORALE-MOD\.26 .* is \+2 by house rule morale\.commander-with \(house rule set by <@gm> at event \d+\); a GM changes it with \/house set/);
  });

  it('MED-FIRE musket, caliver and pistol have no Firing Chart row: house rule fire.<weapon> names the row they read', () => {
    const p11 = [...setup(), sides(1, 's2'), to(1, 11), { type: 'UnitEdited', data: { unitId: 'u6', attrs: { weapon: 'musket' } } } as BattleEvent];
    given(p11).when(fire('Handgunners', 'Archers'), 'bob', { dice: scriptedStream(1, 1, 1) }).refused(/^musket has ranges \(MED-RANGE\.1\) but no row on the Firing Chart \(MED-FIRE source note\): the score needed is the GM's\. A GM gives it before modifiers, 1 to 10, with score:, or sets the row it reads once for the battle with \/house set key:fire\.musket/);
    // A gap the seed leaves is the GM's (issue 40): a player's score is refused, naming the option and who gives it; a GM's is logged as his ruling.
    given(p11).when(fire('Handgunners', 'Archers', { score: 6 }), 'bob', { dice: scriptedStream(1, 1, 1) }).refused(/^score: musket has ranges \(MED-RANGE\.1\) but no row on the Firing Chart \(MED-FIRE source note\), so the score needed is the GM's to give, not a player's\. Ask a GM to give score:, or to set the row it reads once/);
    const ruled = only(play(p11, fire('Handgunners', 'Archers', { score: 6 }), 'gm', 1, 1, 1), 'MedievalFireResolved').data.outcome;
    expect(ruled.cell).toEqual({ id: null, input: 6, by: 'gm' });
    expect(english(ruled.steps[0]!)).toBe("GM's ruling (<@gm>): musket has no Firing Chart row (MED-FIRE source note); score needed 6+.");
    const set = [...p11, house('fire.musket', 'bow', ['MED-FIRE'])];
    const o = only(play(set, fire('Handgunners', 'Archers'), 'bob', 1, 1, 1), 'MedievalFireResolved').data.outcome;
    expect(o.cell).toEqual({ id: 'MED-FIRE.R1', band: 'short', armour: 'light', score: 4 });
    expect(english(o.steps[0]!)).toBe(`musket has no Firing Chart row (MED-FIRE); it reads the Longbow, Light Crossbow, Composite Bow row by house rule fire.musket (house rule set by <@gm> at event ${set.length}): short range against light armour, 4+ (MED-FIRE.R1).`);
    given(set).when(fire('Handgunners', 'Archers', { score: 6 }), 'bob', { dice: scriptedStream(1, 1, 1) }).refused(/musket reads the Longbow, Light Crossbow, Composite Bow row by house rule fire\.musket .*; the score needed cannot be given/);
    given(p11).when({ type: 'SetHouseRule', key: 'fire.musket', value: 'cannon' }, 'gm').refused(/^fire\.musket takes one of bow, crossbow-firearm, javelin-sling \(MED-FIRE\)/);
  });
});
