import { english, wordWithin, type Text } from '../../src/i18n/text.ts';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/battle/actions.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import type { MedievalEvent } from '../../src/systems/medieval/battle/index.ts';
import { parseModifierList, parseReasonList } from '../../src/systems/medieval/battle/parse.ts';
import { med, type MedievalOptions } from '../../src/systems/medieval/battle/state.ts';
import * as views from '../../src/systems/medieval/battle/views.ts';
import * as advance from '../../src/systems/medieval/battle/advance.ts';
import type { BattleState } from '../../src/battle/state.ts';
import type { TurnPosition } from '../../src/rules/sequence.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { scriptedDice, scriptedStream } from '../support/scripted-dice.ts';
import { given } from '../support/spec.ts';
import { only, phaseIndex, play, sides, to, TUDOR_AND_ROYAL, unit } from '../support/medieval.ts';

/** A cell with its `why` (a phrase) in English, as the tests read it. */
const wordedWhy = <C extends object>(cell: C): C => ('why' in cell ? { ...cell, why: english(cell.why as Text) } : cell);
// The views' lines, who acts and what falls due, in English as the tests read them.
const medievalStatusLines = (s: BattleState) => views.medievalStatusLines(s).map(english);
const medievalUnitLines = (s: BattleState, id: string) => views.medievalUnitLines(s, id).map(english);
const medievalActing = (s: BattleState, pos: TurnPosition) => {
  const acts = advance.medievalActing(s, pos);
  return acts === undefined ? undefined : english(acts);
};
const dueOf = (e: BattleEvent | undefined) => (e?.type === 'PhaseAdvanced' ? e.data.due.map(english) : []);

/**
 * The medieval d10 rules as the battle applies them (src/battle/medieval.ts): given events, when an
 * action with scripted dice, then events, state, or a refusal. Tudor (alice) against Royal (bob).
 */
const created = (options?: MedievalOptions): BattleEvent => ({
  type: 'BattleCreated',
  data: { battleId: 'b1', name: 'Bosworth', system: 'medieval', channel: 'table', gm: 'gm', ...(options ? { options } : {}) },
});
const army: BattleEvent[] = [
  ...TUDOR_AND_ROYAL,
  unit('u1', 'Archers', 'c1', { arm: 'infantry', figures: 24, class: 'C', order: 'loose', formation: 'line', armour: 'light', weapon: 'longbow', melee_weapon: 'sword' }),
  unit('u2', 'Knights', 'c1', { arm: 'cavalry', figures: 12, class: 'A', order: 'close', formation: 'line', armour: 'extra heavy', melee_weapon: 'heavy lance' }),
  unit('u3', 'Skirmishers', 'c1', { arm: 'infantry', figures: 10, class: 'D', order: 'skirmish', formation: 'line', armour: 'light', weapon: 'javelin', melee_weapon: 'knife' }),
  unit('u4', 'Billmen', 'c2', { arm: 'infantry', figures: 24, class: 'C', order: 'close', formation: 'line', armour: 'medium', melee_weapon: 'pole-arm' }),
  unit('u5', 'Ordnance', 'c2', { arm: 'artillery', figures: 6, class: 'C', formation: 'deployed', armour: 'light', weapon: 'light field artillery', cannon: 3 }),
  unit('u6', 'Handgunners', 'c2', { arm: 'infantry', figures: 12, class: 'C', order: 'loose', formation: 'line', armour: 'light', weapon: 'handgonne', melee_weapon: 'sword' }),
];
const setup = (options?: MedievalOptions) => [created(options), ...army];

const fire = (firer: string, target: string, more: Partial<Extract<Action, { type: 'MedievalFire' }>> = {}): Action => ({ type: 'MedievalFire', firer, target, band: 'short', ...more });
const state = (events: BattleEvent[]) => given(events).state;

describe('MED-INIT initiative and MED-SEQ.1 sides A and B', () => {
  // The seed leaves the initiative die open (MED-INIT.1 d6, MED-SEQ.1 d10): this battle's GM set it.
  const d10: BattleEvent = { type: 'HouseRuleSet', data: { key: 'initiative.die', value: 'd10', by: 'gm', rules: ['MED-INIT.1', 'MED-SEQ.1'] } };
  const turn1 = [...setup(), d10, { type: 'MedievalCommanderSet', data: { sideId: 's1', commander: 'Bold' } } as BattleEvent];

  it('MED-INIT.2 adds the army commander modifier; MED-INIT.5 ties roll again', () => {
    const e = only(play(turn1, { type: 'MedievalRollInitiative' }, 'alice', 4, 8, 5, 8), 'MedievalInitiativeRolled');
    expect(e.data).toMatchObject({ turn: 1, winnerSideId: 's1', outcome: { die: 10, rounds: 2, winner: 'Tudor' } });
    expect(e.data.outcome.rolls.map((r) => [r.side, r.roll, r.modifier, r.total])).toEqual([
      ['Tudor', 4, 4, 8],
      ['Royal', 8, 0, 8],
      ['Tudor', 5, 4, 9],
      ['Royal', 8, 0, 8],
    ]);
    expect(e.data.dice).toEqual({ from: 0, to: 4, rolls: [4, 8, 5, 8].map((result) => ({ sides: 10, result })) });
  });

  it('MED-INIT.1 the die is the battle option: a d6 when agreed', () => {
    const dice = scriptedDice(6, 1);
    given(setup({ initiativeDie: 6 })).when({ type: 'MedievalRollInitiative' }, 'gm', { dice: dice as never }).events();
    expect(dice.asked).toEqual([6, 6]);
  });

  it('MED-SEQ.1 initiative is rolled once, in phase 1, between two sides, on the battle dice', () => {
    const rolled = [...turn1, ...play(turn1, { type: 'MedievalRollInitiative' }, 'gm', 9, 1)];
    given(rolled).when({ type: 'MedievalRollInitiative' }, 'gm', { dice: scriptedStream(1, 1) }).refused(/Initiative for turn 1 has been rolled: Tudor won \(MED-INIT\)/);
    given([...turn1, to(1, 2)]).when({ type: 'MedievalRollInitiative' }, 'gm', { dice: scriptedStream(1, 1) }).refused(/Initiative is rolled in phase 1 \(MED-SEQ\); now it is turn 1, phase 2/);
    given([...turn1, { type: 'SideAdded', data: { sideId: 's3', name: 'Stanley' } }]).when({ type: 'MedievalRollInitiative' }, 'gm', { dice: scriptedStream(1, 1, 1) }).refused(/of two sides.*this battle has 3 sides/);
    given(turn1).when({ type: 'MedievalRollInitiative' }, 'gm').refused(/no dice stream/);
  });

  it('MED-SEQ.1 the winner chooses to be side A or B, and the phases say who is who', () => {
    const rolled = [...turn1, ...play(turn1, { type: 'MedievalRollInitiative' }, 'gm', 9, 1)];
    given(rolled).when({ type: 'MedievalChooseSide', as: 'B' }, 'alice').then([{ type: 'MedievalSideChosen', data: { turn: 1, sideId: 's1', as: 'B', a: 's2', b: 's1' } }]);
    given(rolled).when({ type: 'MedievalChooseSide', as: 'A' }, 'bob').refused(/Tudor won the initiative: its players \(or a GM\) choose A or B \(MED-INIT.4\)/);
    given(turn1).when({ type: 'MedievalChooseSide', as: 'A' }, 'alice').refused(/Initiative has not been rolled for turn 1/);
    const chosen = [...rolled, ...play(rolled, { type: 'MedievalChooseSide', as: 'B' }, 'gm')];
    given(chosen).when({ type: 'MedievalChooseSide', as: 'A' }, 'alice').refused(/Tudor has chosen already this turn: side A Royal, side B Tudor/);
    const [phase2] = given(chosen).when({ type: 'AdvancePhase' }).events();
    expect(phase2).toMatchObject({ data: { phaseId: 'MED-SEQ.2', to: { turn: 1, phase: 1 } } });
    // The banner names who acts (issue 28): phase 2 is side A's.
    expect(medievalActing(state(chosen), { turn: 1, phase: 1 })).toBe('side A, Royal (<@bob>)');
    expect(medievalStatusLines(state(chosen))).toEqual(['Side A this turn: Royal; side B: Tudor (MED-SEQ.1)', 'Army commanders: Tudor Bold (MED-CMDR)']);
  });

  it('MED-SEQ.1 a new turn asks for the initiative and the sides are to be chosen again', () => {
    const [turn2] = given([...turn1, sides(1), to(1, 16)]).when({ type: 'AdvancePhase' }).events();
    expect(turn2).toMatchObject({ data: { to: { turn: 2, phase: 0 } } });
    expect(dueOf(turn2)).toEqual(['initiative: /initiative roll, d10 each plus the commander\'s modifier (MED-INIT): Tudor Bold (+4); Royal no commander modifier']);
    expect(medievalActing(state([...turn1, sides(1), to(2, 3)]), { turn: 2, phase: 3 })).toBe('side A (not chosen yet for turn 2: /initiative roll)');
  });

  it('MED-CMDR.2 a commander type is one of the four', () => {
    given(setup()).when({ type: 'MedievalSetCommander', side: 'Royal', commander: 'Reckless' as never }).refused(/A commander is Cautious, Bold, Rash, Exceptional \(got "Reckless"\)/);
    given(turn1).when({ type: 'MedievalSetCommander', side: 'Tudor', commander: 'Bold' }).refused(/Tudor's commander is Bold already/);
    given(setup()).when({ type: 'MedievalSetCommander', side: 'Tudor', commander: 'Bold' }, 'alice').refused(/Only a GM/);
  });
});

describe('MED-SEQ.2 weather every twelfth turn', () => {
  it('MED-SEQ.2 on entering phase 2 of turn 12 the weather is due, and a GM records it', () => {
    const [e] = given([...setup(), sides(12), to(12, 1)]).when({ type: 'AdvancePhase' }).events();
    expect(dueOf(e)).toContain('the weather rules are not in the source: roll them as agreed and a GM records the result with /weather set');
    const rec: Action = { type: 'MedievalRecordWeather', weather: 'heavy rain', windStrength: 'strong', windDirection: 'the west' };
    const events = play([...setup(), to(12, 2)], rec, 'gm');
    expect(events).toEqual([{ type: 'MedievalWeatherRecorded', data: { turn: 12, weather: 'heavy rain', windStrength: 'strong', windDirection: 'the west' } }]);
    expect(medievalStatusLines(state([...setup(), to(12, 2), ...events]))).toContain('Weather: heavy rain; wind strong, from the west (since turn 12, MED-SEQ.2)');
  });

  it('MED-FIRE-MOD.18 and .20 rain or snow come from the weather a GM recorded; nothing else is read from its words', () => {
    const rain = (r?: 'none' | 'light' | 'heavy'): BattleEvent => ({ type: 'MedievalWeatherRecorded', data: { turn: 1, weather: 'drizzle', windStrength: 'light', windDirection: 'north', ...(r ? { rain: r } : {}) } });
    const fireIds = (weather: BattleEvent) =>
      only(play([...setup(), weather, sides(1), to(1, 11)], fire('Archers', 'Billmen'), 'alice', 1, 1, 1, 1, 1), 'MedievalFireResolved').data.outcome.modifiers.map((m) => [m.id, m.derived]);
    expect(fireIds(rain('light'))).toEqual([['MED-FIRE-MOD.4', true], ['MED-FIRE-MOD.18', true]]);
    expect(fireIds(rain('heavy'))).toEqual([['MED-FIRE-MOD.4', true], ['MED-FIRE-MOD.20', true]]);
    expect(fireIds(rain('none'))).toEqual([['MED-FIRE-MOD.4', true]]);
    expect(fireIds(rain())).toEqual([['MED-FIRE-MOD.4', true]]);
    const rec = play(setup(), { type: 'MedievalRecordWeather', weather: 'sleet', windStrength: 'strong', windDirection: 'east', rain: 'heavy' }, 'gm');
    expect(medievalStatusLines(state([...setup(), ...rec]))).toContain('Weather: sleet; wind strong, from east; heavy rain or snow: fire MED-FIRE-MOD.20 (since turn 1, MED-SEQ.2)');
    given(setup()).when({ type: 'MedievalRecordWeather', weather: 'sleet', windStrength: 'strong', windDirection: 'east', rain: 'lots' as 'heavy' }).refused(/Rain or snow is none, light or heavy \(got "lots"\)/);
  });

  it('MED-SEQ.2 the weather is refused between twelfth turns; turn 1 takes the scenario\'s', () => {
    const rec: Action = { type: 'MedievalRecordWeather', weather: 'fair', windStrength: 'light', windDirection: 'north' };
    given([...setup(), to(5, 2)]).when(rec).refused(/every twelfth Game Turn, in phase 2 \(MED-SEQ.2\): next in turn 12/);
    given([...setup(), to(12, 3)]).when(rec).refused(/next in turn 24/);
    expect(play([...setup(), to(1, 4)], rec, 'gm')).toHaveLength(1);
    given(setup()).when({ ...rec, weather: ' ' }).refused(/Give the weather in a few words/);
  });
});

describe('MED-FIRE firing in the battle', () => {
  const t1p11 = [...setup(), sides(1), to(1, 11)];

  it('MED-FIRE, MED-RANGE the band from the measured range and the weapon, kills applied to the target', () => {
    const e = only(play(t1p11, fire('Archers', 'Billmen', { band: undefined, range: 14, measure: 'in' }), 'alice', 6, 5, 9, 1, 10), 'MedievalFireResolved');
    const o = e.data.outcome;
    expect(o.range).toMatchObject({ row: 'MED-RANGE.2', rounded: 14, band: 'medium' });
    expect(o.cell).toEqual({ id: 'MED-FIRE.R2', band: 'medium', armour: 'medium', score: 6 });
    expect(o.modifiers.map((m) => [m.id, m.total, m.derived])).toEqual([['MED-FIRE-MOD.4', 0, true]]);
    expect([o.entitled, o.needed, o.kills]).toEqual([5, 6, 3]);
    expect(o.applied).toEqual({ losses: 3, figuresLeft: 21, gunsExploded: 0, gunsMisfired: 0 });
    expect(e.data.dice.rolls.map((r) => r.result)).toEqual([6, 5, 9, 1, 10]);
    const after = state([...t1p11, e]);
    expect(med(after).units.u4).toMatchObject({ losses: 3, firedOn: { turn: 1, phase: phaseIndex('MED-SEQ.11') } });
    expect(medievalUnitLines(after, 'u4')).toContain('figures 21 of 24 (3 lost)');
    // Issue 41: which original a test counts the losses from.
    expect(medievalUnitLines(after, 'u4')).toContain('tests count its losses from the 24 figures it began this battle with (MED-MORALE-MOD.33, MED-CONTROL-MOD.4)');
  });

  it('a fire stands with what it was resolved on: the phase and the units before it cannot be undone, what comes after can', () => {
    const e = only(play(t1p11, fire('Archers', 'Billmen'), 'alice', 6, 5, 9, 1, 10), 'MedievalFireResolved');
    given([...t1p11, e]).when({ type: 'Undo' }).refused(/nothing to undo.*last resolution on the dice/);
    given([...t1p11, e, to(1, 12)]).when({ type: 'Undo' }).then([{ type: 'ActionUndone', data: { voids: [t1p11.length + 2], summary: expect.toSatisfy((t: Parameters<typeof english>[0]) => english(t).includes('turn 1, phase 12')) } }]);
  });

  it('MED-RANGE rounds up in its own unit and refuses a range beyond long', () => {
    const o = only(play(t1p11, fire('Archers', 'Billmen', { band: undefined, range: 25.2, measure: 'cm' }), 'alice', 1, 1, 1, 1, 1), 'MedievalFireResolved').data.outcome;
    expect(o.range).toMatchObject({ rounded: 26, unit: 'cm', band: 'medium' });
    given(t1p11).when(fire('Archers', 'Billmen', { band: undefined, range: 31 }), 'alice', { dice: scriptedStream() }).refused(/longbow cannot reach 31": its longest range is 30" \(MED-RANGE.2\)/);
  });

  it('MED-FIRE kills never take a target below 0 figures', () => {
    const weak = [...t1p11, { type: 'UnitEdited', data: { unitId: 'u4', attrs: { figures: 2 } } } as BattleEvent];
    const o = only(play(weak, fire('Archers', 'Billmen'), 'alice', 10, 10, 10, 10, 10), 'MedievalFireResolved').data.outcome;
    expect([o.kills, o.applied.losses, o.applied.figuresLeft]).toEqual([5, 2, 0]);
  });

  it('MED-PARTDICE in firing when the battle agreed it', () => {
    const o = only(play([created({ partDice: true }), ...army, sides(1), to(1, 11)], fire('Archers', 'Billmen'), 'alice', 1, 1, 1, 1, 9, 5), 'MedievalFireResolved').data.outcome;
    expect(o.partDie).toEqual({ rule: 'MED-PARTDICE', figures: 4, result: 9, hit: true, save: { rule: 'MED-PARTDICE.5a', needed: 9, result: 5, saved: false }, kill: true });
  });

  it('MED-FIRE-MOD.8 bowmen firing their 4th consecutive volley, counted turn by turn; a turn without firing breaks the run', () => {
    let log = [...setup()];
    for (const turn of [1, 2, 3]) log = [...log, sides(turn), to(turn, 11), ...play([...log, sides(turn), to(turn, 11)], fire('Archers', 'Billmen'), 'alice', 1, 1, 1, 1, 1)];
    const fourth = only(play([...log, sides(4), to(4, 11)], fire('Archers', 'Billmen'), 'alice', 1, 1, 1, 1, 1), 'MedievalFireResolved');
    expect(fourth.data.volley).toBe(4);
    expect(fourth.data.outcome.modifiers).toContainEqual(expect.objectContaining({ id: 'MED-FIRE-MOD.8', total: 1, derived: true }));
    const afterBreak = only(play([...log, sides(5), to(5, 11)], fire('Archers', 'Billmen'), 'alice', 1, 1, 1, 1, 1), 'MedievalFireResolved');
    expect(afterBreak.data.volley).toBe(1);
    expect(afterBreak.data.outcome.modifiers.map((m) => m.id)).not.toContain('MED-FIRE-MOD.8');
  });

  it('MED-FIRE-MOD.9 a firer under fire this move or last; MED-SEQ.12 figures shot in phase 11 still fire in phase 12', () => {
    const shot = play(t1p11, fire('Archers', 'Handgunners'), 'alice', 10, 10, 1, 1, 1);
    const p12 = [...t1p11, ...shot, to(1, 12)];
    expect(med(state(p12)).units.u6?.losses).toBe(2);
    const back = only(play(p12, fire('Handgunners', 'Archers'), 'bob', 1, 1, 1), 'MedievalFireResolved');
    expect({ ...back.data.outcome.firing, why: english(back.data.outcome.firing.why) }).toEqual({ figures: 12, why: '12 figures firing (10 figures and the 2 shot in phase 11, who still fire (MED-SEQ.12))' });
    expect(back.data.outcome.modifiers.map((m) => m.id)).toEqual(['MED-FIRE-MOD.4', 'MED-FIRE-MOD.9', 'MED-FIRE-MOD.21', 'MED-FIRE-MOD.15']);
  });

  it('MED-FIRE-MOD.9 "this move or last" counts Game Turns: fired on in phase 12, still under fire at the next turn\'s phase 11, not the turn after', () => {
    const p12 = [...t1p11, ...play(t1p11, fire('Archers', 'Handgunners'), 'alice', 10, 10, 1, 1, 1), to(1, 12)];
    const back = play(p12, fire('Handgunners', 'Archers'), 'bob', 1, 1, 1);
    const t2p11 = [...p12, ...back, sides(2), to(2, 11)];
    const next = play(t2p11, fire('Archers', 'Handgunners'), 'alice', 1, 1, 1, 1, 1);
    expect(only(next, 'MedievalFireResolved').data.outcome.modifiers.map((m) => m.id)).toContain('MED-FIRE-MOD.9');
    const t3p11 = [...t2p11, ...next, sides(3), to(3, 11)];
    const after = only(play(t3p11, fire('Archers', 'Handgunners'), 'alice', 1, 1, 1, 1, 1), 'MedievalFireResolved');
    expect(after.data.outcome.modifiers.map((m) => m.id)).not.toContain('MED-FIRE-MOD.9');
  });

  it('MED-FIRE-MOD.10 a moving target as the player says (the log has no moves); MED-FIRE-MOD.21 only the first gunpowder shot', () => {
    const first = only(play([...setup(), sides(1, 's2'), to(1, 11)], fire('Handgunners', 'Archers', { targetMoving: true }), 'bob', 1, 1, 1), 'MedievalFireResolved');
    expect(first.data.outcome.modifiers.map((m) => [m.id, m.derived])).toEqual([
      ['MED-FIRE-MOD.4', true],
      ['MED-FIRE-MOD.10', true],
      ['MED-FIRE-MOD.21', true],
      ['MED-FIRE-MOD.15', true],
    ]);
    const second = only(play([...setup(), sides(1, 's2'), to(1, 11), first, to(1, 13), sides(2, 's2'), to(2, 11)], fire('Handgunners', 'Archers'), 'bob', 1, 1, 1), 'MedievalFireResolved');
    expect(second.data.outcome.modifiers.map((m) => m.id)).toEqual(['MED-FIRE-MOD.4', 'MED-FIRE-MOD.15']);
  });

  it('MED-FIRE-MOD.12, .13, .15, .19 come from the target\'s arm, order and formation on the roster', () => {
    const targetMods = (events: BattleEvent[], target: string) =>
      only(play(events, fire('Archers', target), 'alice', 1, 1, 1, 1, 1), 'MedievalFireResolved').data.outcome.modifiers.filter((m) => m.id !== 'MED-FIRE-MOD.4').map((m) => [m.id, m.derived]);
    const edited = (unitId: string, attrs: Record<string, string>): BattleEvent => ({ type: 'UnitEdited', data: { unitId, attrs } });
    expect(targetMods(t1p11, 'Ordnance')).toEqual([['MED-FIRE-MOD.12', true]]); // deployed artillery
    expect(targetMods(t1p11, 'Handgunners')).toEqual([['MED-FIRE-MOD.15', true]]); // loose-order foot
    expect(targetMods(t1p11, 'Billmen')).toEqual([]); // close-order line
    expect(targetMods([...t1p11, edited('u5', { formation: 'limbered' })], 'Ordnance')).toEqual([['MED-FIRE-MOD.13', true]]);
    expect(targetMods([...t1p11, edited('u4', { formation: 'column' })], 'Billmen')).toEqual([['MED-FIRE-MOD.19', true]]);
    expect(targetMods([...t1p11, edited('u4', { formation: 'schiltron' })], 'Billmen')).toEqual([['MED-FIRE-MOD.19', true]]);
    given(t1p11).when(fire('Archers', 'Handgunners', { modifiers: [{ id: 'MED-FIRE-MOD.15' }] }), 'alice', { dice: scriptedStream() }).refused(/MED-FIRE-MOD.15 .*the umpire already applies it from the log/);
  });

  it('MED-FIRE-MOD modifiers chosen by id, with counts, refused when unknown or derived', () => {
    const o = only(play(t1p11, fire('Archers', 'Billmen', { modifiers: parseModifierList('14 MED-FIRE-MOD.17', 'MED-FIRE-MOD') }), 'alice', 1, 1, 1, 1, 1), 'MedievalFireResolved').data.outcome;
    expect(o.modifiers.map((m) => m.id)).toEqual(['MED-FIRE-MOD.4', 'MED-FIRE-MOD.14', 'MED-FIRE-MOD.17']);
    given(t1p11).when(fire('Archers', 'Billmen', { modifiers: [{ id: 'MED-FIRE-MOD.4' }] }), 'alice', { dice: scriptedStream() }).refused(/MED-FIRE-MOD.4 .* is counted once; it was given twice \(the umpire already applies it from the log\)/);
    given(t1p11).when(fire('Archers', 'Billmen', { modifiers: [{ id: 'MED-FIRE-MOD.99' }] }), 'alice', { dice: scriptedStream() }).refused(/MED-FIRE-MOD.99 is not a MED-FIRE-MOD modifier/);
    expect(() => parseModifierList('12 smoke', 'MED-FIRE-MOD')).toThrow(/"smoke" is not a modifier/);
    expect(() => parseModifierList('MED-MELEE-MOD.3', 'MED-FIRE-MOD')).toThrow(/MED-MELEE-MOD.3 is not a MED-FIRE-MOD modifier/);
    expect(parseModifierList('4x2, 26=+2', 'MED-MORALE-MOD')).toEqual([
      { id: 'MED-MORALE-MOD.4', count: 2 },
      { id: 'MED-MORALE-MOD.26', value: 2 },
    ]);
  });

  it('MED-RANGE.9 artillery: one d10 per gun; a gun that explodes or misfires scores no kill; an exploded gun is lost, a misfired one cannot re-fire until next turn', () => {
    const p9 = [...setup(), sides(1, 's2'), to(1, 9)];
    // Kill dice 4, 4, 4 (all kill); saving throws: gun 1 rolls 1 then 2 (explodes), gun 2 rolls 1 then 7 (misfires), gun 3 rolls 5.
    const e = only(play(p9, fire('Ordnance', 'Archers'), 'bob', 4, 4, 4, 1, 2, 1, 7, 5), 'MedievalFireResolved');
    expect(e.data.outcome.artillery?.throws.map((t) => t.result)).toEqual(['explodes', 'misfire', 'ok']);
    expect(e.data.outcome.kills).toBe(1);
    expect(e.data.outcome.steps.map(english)).toContain('The kill dice of guns 1, 2 do not count: they did not fire (MED-RANGE.9). Kills: 1.');
    expect(e.data.outcome.applied).toMatchObject({ losses: 1, gunsExploded: 1, gunsMisfired: 1 });
    const after = [...p9, e, to(1, 11)];
    expect(med(state(after)).units.u5).toMatchObject({ gunsLost: 1, misfired: { turn: 1, guns: 1 }, firedGunpowder: true });
    expect(medievalUnitLines(state(after), 'u5')).toContain("guns 2 of 3 (1 exploded); 1 misfired, can't re-fire until turn 2 (MED-RANGE.9)");
    given(after).when(fire('Ordnance', 'Archers', { figures: 2 }), 'bob', { dice: scriptedStream() }).refused(/Ordnance has 1 gun that can fire \(3 models; 1 exploded; 1 misfired this turn and can't re-fire until next Game Turn\) \(MED-RANGE.9\); 2 asked/);
    const again = only(play(after, fire('Ordnance', 'Archers'), 'bob', 4, 9), 'MedievalFireResolved');
    expect(again.data.outcome.firing.figures).toBe(1);
    const nextTurn = only(play([...after, again, sides(2, 's2'), to(2, 11)], fire('Ordnance', 'Archers'), 'bob', 1, 1, 5, 5), 'MedievalFireResolved');
    expect(nextTurn.data.outcome.firing.figures).toBe(2);
  });

  it('MED-SEQ.11 a unit moves and fires once in its phase: a second fire in the same phase is refused', () => {
    const first = play(t1p11, fire('Archers', 'Handgunners'), 'alice', 1, 1, 1, 1, 1);
    given([...t1p11, ...first]).when(fire('Archers', 'Billmen'), 'alice', { dice: scriptedStream(1, 1, 1, 1, 1) }).refused(/Archers has fired in this phase already: a unit moves and fires once in its phase \(MED-SEQ.11, .12\)/);
  });

  it('refuses what the rules forbid, naming why, and changes nothing', () => {
    given(t1p11).when(fire('Knights', 'Billmen'), 'alice', { dice: scriptedStream() }).refused(/Knights has no missile weapon/);
    given(t1p11).when(fire('Archers', 'Knights'), 'alice', { dice: scriptedStream() }).refused(/Archers and Knights are both Tudor's; fire at an enemy unit/);
    given(t1p11).when(fire('Handgunners', 'Archers'), 'bob', { dice: scriptedStream() }).refused(/In phase 11 side A fires \(MED-SEQ.11\); Handgunners is side B \(Royal\) this turn/);
    given(t1p11).when(fire('Archers', 'Billmen'), 'bob', { dice: scriptedStream() }).refused(/Archers is Tudor's; only its players or a GM may fire with it/);
    given(t1p11).when(fire('Archers', 'Nobody'), 'alice', { dice: scriptedStream() }).refused(/There is no unit "Nobody"/);
    given(t1p11).when(fire('Archers', 'Billmen', { range: 12 }), 'alice', { dice: scriptedStream() }).refused(/measured range or the range band, not both/);
    given(t1p11).when(fire('Archers', 'Billmen', { band: undefined }), 'alice', { dice: scriptedStream() }).refused(/Give the range measured from Archers to Billmen/);
    given(t1p11).when(fire('Archers', 'Billmen'), 'alice').refused(/no dice stream/);
    given([...setup(), to(1, 11)]).when(fire('Archers', 'Billmen'), 'alice', { dice: scriptedStream() }).refused(/Sides A and B are not chosen for turn 1/);
    given([...setup(), sides(1), to(1, 13)]).when(fire('Archers', 'Billmen'), 'alice', { dice: scriptedStream() }).refused(/Units fire in phases 8, 9, 11, 12 \(MED-SEQ\); now it is turn 1, phase 13/);
    const routing = [...t1p11, { type: 'MedievalStatusSet', data: { unitId: 'u1', routing: true } } as BattleEvent];
    given(routing).when(fire('Archers', 'Billmen'), 'alice', { dice: scriptedStream() }).refused(/a routing unit may not fire its weapons \(MED-MORALE-EFFECTS.1b\)/);
  });

  it('refuses the medieval rules in a battle of another system', () => {
    const percentile: BattleEvent = { type: 'BattleCreated', data: { battleId: 'b1', name: 'Ligny', system: 'percentile', channel: 'table', gm: 'gm' } };
    given([percentile]).when(fire('A', 'B'), 'gm', { dice: scriptedStream() }).refused(/That belongs to the medieval d10 rules; this battle plays percentile/);
  });
});

describe('MED-MELEE in the battle', () => {
  const p13 = (options?: MedievalOptions) => [...setup(options), sides(1), to(1, 13)];
  const melee = (attacker: Partial<Extract<Action, { type: 'MedievalMelee' }>['attacker']>, defender: Partial<Extract<Action, { type: 'MedievalMelee' }>['defender']> = {}): Action => ({
    type: 'MedievalMelee',
    attacker: { unit: 'Knights', ...attacker },
    defender: { unit: 'Billmen', ...defender },
  });

  it('MED-MELEE both units strike at once; kills applied to both; MED-MELEE-MOD.1 charging as given', () => {
    // Knights (heavy lance, A) charging against medium armour: 3 -1 = 2+, 3 dice; Billmen (pole-arm, C) against extra heavy: 7+, 5 dice.
    const e = only(play(p13(), melee({ charging: true }), 'alice', 2, 1, 5, 7, 7, 6, 1, 10), 'MedievalMeleeResolved');
    const { attacker, defender } = e.data.outcome;
    expect([attacker.cell, attacker.needed, attacker.kills]).toEqual([{ id: 'MED-MELEE.R14', grade: 'A', armour: 'medium', score: 3 }, 2, 2]);
    expect(attacker.modifiers).toEqual([expect.objectContaining({ id: 'MED-MELEE-MOD.1', total: -1, derived: true })]);
    expect([defender.cell, defender.needed, defender.kills]).toEqual([{ id: 'MED-MELEE.R3', grade: 'C', armour: 'extra heavy', score: 7 }, 7, 3]);
    expect(e.data.outcome.dice.map((d) => d.result)).toEqual([2, 1, 5, 7, 7, 6, 1, 10]);
    const after = state([...p13(), e]);
    expect([med(after).units.u4?.losses, med(after).units.u2?.losses]).toEqual([2, 3]);
  });

  it('MED-MELEE the lance rows are for charging cavalry only: otherwise the score is the GM\'s to give', () => {
    given(p13()).when(melee({}), 'alice', { dice: scriptedStream() }).refused(/^The Charging cavalry using Heavy Lance row is for charging cavalry only: the score needed is the GM's\. A GM gives it before modifiers, 1 to 10, with attacker_score: \(MED-MELEE\)\.$/);
    given(p13()).when(melee({ score: 6 }), 'alice', { dice: scriptedStream() }).refused(/^attacker_score: the Charging cavalry using Heavy Lance row is for charging cavalry only, so the score needed is the GM's to give, not a player's\. Ask a GM to give attacker_score: \(MED-MELEE\)\.$/);
    const e = only(play(p13(), melee({ score: 6 }), 'gm', 1, 1, 1, 1, 1, 1, 1, 1), 'MedievalMeleeResolved');
    expect(wordedWhy(e.data.outcome.attacker.cell)).toEqual({ id: null, input: 6, why: 'the Charging cavalry using Heavy Lance row is for charging cavalry only', by: 'gm' });
  });

  it('MED-MELEE-MOD.3 an impetuous unit (failed control test) gets -1 from the log; MED-MELEE-MOD.4 pushed back as given', () => {
    const p16 = [...setup(), sides(1), to(1, 16)];
    const impetuous = [...p16, ...play(p16, { type: 'MedievalControlTest', unit: 'Knights', reason: 'MED-CONTROL.5' }, 'alice', 10), sides(2), to(2, 13)];
    const e = only(play(impetuous, melee({ charging: true, pushedBack: true }), 'alice', 1, 1, 1, 1, 1, 1, 1, 1), 'MedievalMeleeResolved');
    expect(e.data.outcome.attacker.modifiers.map((m) => [m.id, m.derived])).toEqual([
      ['MED-MELEE-MOD.1', true],
      ['MED-MELEE-MOD.3', true],
      ['MED-MELEE-MOD.4', true],
    ]);
  });

  it('MED-AUTOKILL when agreed: each 15 figures exchange a d10 for a kill; MED-PARTDICE never becomes one', () => {
    const e = only(play(p13({ autokill: true, partDice: true }), melee({ charging: true }), 'alice', 1, 1, 1, 1, 1, 1, 10, 4), 'MedievalMeleeResolved');
    const billmen = e.data.outcome.defender;
    // 24 figures: 5 d10 of which 1 a part die for 4; 1 automatic kill for the first 15 in place of an ordinary die.
    expect([billmen.entitled, billmen.automaticKills, billmen.rolls.length]).toEqual([5, 1, 3]);
    expect(billmen.partDie).toMatchObject({ figures: 4, result: 10, hit: true, save: { needed: 9, result: 4, saved: false }, kill: true });
    expect(billmen.kills).toBe(2);
  });

  it('MED-AUTOKILL and MED-PARTDICE are off unless the battle agreed them', () => {
    const e = only(play(p13(), melee({ charging: true }), 'alice', 1, 1, 1, 1, 1, 1, 1, 1), 'MedievalMeleeResolved');
    expect([e.data.outcome.defender.automaticKills, e.data.outcome.defender.partDie, e.data.outcome.defender.rolls.length]).toEqual([0, undefined, 5]);
  });

  it('refuses a melee out of phase 13, between friends, or by a stranger', () => {
    given([...setup(), sides(1), to(1, 11)]).when(melee({}), 'alice', { dice: scriptedStream() }).refused(/Melee is resolved in phase 13 \(MED-SEQ\)/);
    given(p13()).when(melee({}, { unit: 'Archers' }), 'alice', { dice: scriptedStream() }).refused(/Knights and Archers are both Tudor's/);
    given(p13()).when(melee({ charging: true }), 'carol', { dice: scriptedStream() }).refused(/Only the players of Knights or Billmen, or a GM/);
    given(p13()).when(melee({ charging: true, figures: 13 }), 'alice', { dice: scriptedStream() }).refused(/Knights has 12 figures; 13 cannot fight/);
  });
});

describe('MED-CONTROL in the battle', () => {
  const p16 = [...setup(), sides(1), to(1, 16)];
  const test = (unit: string, reason: string, more: Partial<Extract<Action, { type: 'MedievalControlTest' }>> = {}): Action => ({ type: 'MedievalControlTest', unit, reason, ...more });

  it('MED-CONTROL-RESULT.2 a failed unit is impetuous; MED-CONTROL-RESULT.3 it retests in phase 16 of a later turn', () => {
    // Knights: A class cavalry +2 (MED-CONTROL-MOD.3); d10 5 = +3: total 5, failed.
    const failed = only(play(p16, test('Knights', 'MED-CONTROL.5'), 'alice', 5), 'MedievalControlTested');
    expect(failed.data.outcome).toMatchObject({ roll: 5, factor: 3, total: 5, passed: false, impetuous: true, lossesTenths: 0 });
    const after = [...p16, failed];
    expect(med(state(after)).units.u2?.impetuous).toEqual({ since: { turn: 1, phase: phaseIndex('MED-SEQ.16') }, reason: 'MED-CONTROL.5' });
    expect(medievalUnitLines(state(after), 'u2')).toContain('impetuous since turn 1, phase 16 (Control Tests, both sides) (MED-CONTROL.5): retakes its Control Test in phase 16 (MED-CONTROL-RESULT.3)');
    given(after).when(test('Knights', 'MED-CONTROL.6'), 'alice', { dice: scriptedStream(1) }).refused(/failed its Control Test this turn; it may retake it in phase 16 of a later Game Turn \(MED-CONTROL-RESULT.3\)/);
    given(after).when(test('Knights', 'MED-CONTROL.3'), 'alice', { dice: scriptedStream(1) }).refused(/Knights is impetuous already .*reason MED-CONTROL.6/);
    const [phase16] = given([...after, to(2, 15)]).when({ type: 'AdvancePhase' }).events();
    expect(dueOf(phase16)).toEqual(['impetuous units may retake their Control Test, reason MED-CONTROL.6 (MED-CONTROL-RESULT.3): Knights']);
    const [phase3] = given([...after, to(2, 2)]).when({ type: 'AdvancePhase' }).events();
    expect(dueOf(phase3)).toEqual(['impetuous, must pursue or follow up (MED-CONTROL-RESULT.2): Knights']);
    const retest = only(play([...after, to(2, 16)], test('Knights', 'MED-CONTROL.6'), 'alice', 1), 'MedievalControlTested');
    expect(retest.data.outcome).toMatchObject({ total: 3, passed: true });
    expect(med(state([...after, to(2, 16), retest])).units.u2?.impetuous).toBeUndefined();
  });

  it('MED-CONTROL-MOD.4 losses in full fifths come from the unit; MED-CONTROL-MOD.32 a Rash commander re-classes .22', () => {
    const p12 = [...setup(), sides(1), to(1, 12)];
    const lost = [...p12, ...play(p12, fire('Handgunners', 'Knights'), 'bob', 10, 10, 10), to(1, 16)];
    const o = only(play(lost, test('Knights', 'MED-CONTROL.5', { modifiers: [{ id: 'MED-CONTROL-MOD.22' }], rashCommander: true }), 'alice', 1), 'MedievalControlTested').data.outcome;
    // 3 of 12 figures lost: 2 full tenths, 1 full fifth.
    expect(o.lossesTenths).toBe(2);
    expect(o.modifiers.map((m) => [m.id, m.total])).toEqual([
      ['MED-CONTROL-MOD.3', 2],
      ['MED-CONTROL-MOD.4', -1],
      ['MED-CONTROL-MOD.22', 0],
    ]);
  });

  it('MED-CONTROL.9 artillery, skirmishers, hedgehogs and stands of pike never test', () => {
    given(p16).when(test('Ordnance', 'MED-CONTROL.1'), 'bob', { dice: scriptedStream(1) }).refused(/Artillery units do not take a Control Test and never launch into an impetuous charge or pursuit \(MED-CONTROL.9\)/);
    given(p16).when(test('Skirmishers', 'MED-CONTROL.4'), 'alice', { dice: scriptedStream(1) }).refused(/Troops in skirmish order do not take a Control Test/);
    const hedgehog = [...p16, { type: 'UnitEdited', data: { unitId: 'u4', attrs: { formation: 'hedgehog' } } } as BattleEvent];
    given(hedgehog).when(test('Billmen', 'MED-CONTROL.1'), 'bob', { dice: scriptedStream(1) }).refused(/Infantry in a hedgehog do not take a Control Test/);
  });

  it('MED-CONTROL tests are taken in phase 16, for a reason of the list, by the unit\'s side', () => {
    given([...setup(), sides(1), to(1, 15)]).when(test('Knights', 'MED-CONTROL.5'), 'alice', { dice: scriptedStream(1) }).refused(/Control Tests are taken in phase 16 \(MED-SEQ\)/);
    given(p16).when(test('Knights', 'MED-CONTROL.9'), 'alice', { dice: scriptedStream(1) }).refused(/"MED-CONTROL.9" is not a reason for a control test/);
    given(p16).when(test('Knights', 'MED-CONTROL.6'), 'alice', { dice: scriptedStream(1) }).refused(/Knights is not impetuous: only a unit that failed its Control Test retakes it \(MED-CONTROL.6\)/);
    given(p16).when(test('Knights', 'MED-CONTROL.5'), 'bob', { dice: scriptedStream(1) }).refused(/Knights is Tudor's; only its players or a GM may test it/);
    expect(parseReasonList('MED-CONTROL.2', 'MED-CONTROL')).toEqual(['MED-CONTROL.2']);
    expect(() => parseReasonList('MED-MORALE-REASONS.2', 'MED-CONTROL')).toThrow(RuleError);
  });
});

describe('MED-MORALE in the battle', () => {
  const p15 = [...setup(), sides(1), to(1, 15)];
  const test = (unit: string, reasons: string[], more: Partial<Extract<Action, { type: 'MedievalMoraleTest' }>> = {}): Action => ({ type: 'MedievalMoraleTest', unit, reasons: reasons.map((id) => ({ id })), ...more });

  it('MED-MORALE.3 one test per unit per phase, for all its reasons at once', () => {
    const e = only(play(p15, test('Billmen', ['MED-MORALE-REASONS.7', 'MED-MORALE-REASONS.5']), 'bob', 9), 'MedievalMoraleTested');
    expect(e.data.outcome).toMatchObject({ reason: { id: 'MED-MORALE-REASONS.5' }, covers: ['MED-MORALE-REASONS.7'], roll: 9, factor: 5, total: 5, result: 'act-as-ordered' });
    const after = [...p15, e];
    given(after).when(test('Billmen', ['MED-MORALE-REASONS.7']), 'bob', { dice: scriptedStream(1) }).refused(/Billmen has taken its one Morale Test of this phase already \(Act as Ordered\).*\(MED-MORALE.3\)/);
    expect(play([...after, to(2, 10)], test('Billmen', ['MED-MORALE-REASONS.7']), 'gm', 5)).toHaveLength(1);
  });

  it('MED-MORALE-MOD.33 losses in tenths from the unit, counted from the figures it began the battle with and saying so (issue 41); .28 commander and .6 friends routing as given; .18 the archers\' fire', () => {
    const p11 = [...setup(), sides(1), to(1, 11)];
    // 5 of 24 figures shot: 2 full tenths.
    const lost = [...p11, ...play(p11, fire('Archers', 'Billmen'), 'alice', 10, 10, 10, 10, 10), to(1, 15)];
    const o = only(play(lost, test('Billmen', ['MED-MORALE-REASONS.8'], { commanderDead: true, friendsRouting: 2 }), 'bob', 10), 'MedievalMoraleTested').data.outcome;
    expect(wordWithin(o.derived, 'en')).toEqual({
      lossesTenths: 2,
      lossesOf: '5 of the 24 figures it began this battle with',
      commanderDead: true,
      friendsRoutingNearby: 2,
      impetuous: false,
      firedRecently: false,
      underFire: [{ kind: 'formed', by: 'Archers', when: 'turn 1, phase 11' }],
    });
    expect(english(o.modifiers.find((m) => m.id === 'MED-MORALE-MOD.33')!.source!)).toBe('5 of the 24 figures it began this battle with');
    expect(o.modifiers.map((m) => [m.id, m.total])).toEqual([
      ['MED-MORALE-MOD.5', 0],
      ['MED-MORALE-MOD.6', -2],
      ['MED-MORALE-MOD.28', -3],
      ['MED-MORALE-MOD.33', -4],
      ['MED-MORALE-MOD.18', -1],
    ]);
    expect([o.total, o.result]).toEqual([-5, 'rout']);
  });

  it('MED-MORALE-MOD.11 impetuous, .16 fired this or last turn, .27 loose order, .29 hedgehog and MED-CONTROL-MOD.25 disordered come from the log and the roster', () => {
    const derivedIds = (e: BattleEvent) => (e as Extract<MedievalEvent, { type: 'MedievalMoraleTested' | 'MedievalControlTested' }>).data.outcome.modifiers.filter((m) => m.derived).map((m) => m.id);
    // The archers fired in phase 11: in phase 15 and all next turn they have "fired this or last Game Turn".
    const p11 = [...setup(), sides(1), to(1, 11)];
    const fired = [...p11, ...play(p11, fire('Archers', 'Billmen'), 'alice', 1, 1, 1, 1, 1)];
    expect(derivedIds(only(play([...fired, to(1, 15)], test('Archers', ['MED-MORALE-REASONS.7']), 'alice', 5), 'MedievalMoraleTested'))).toEqual(['MED-MORALE-MOD.5', 'MED-MORALE-MOD.16', 'MED-MORALE-MOD.27']);
    expect(derivedIds(only(play([...fired, sides(2), to(2, 15)], test('Archers', ['MED-MORALE-REASONS.7']), 'alice', 5), 'MedievalMoraleTested'))).toContain('MED-MORALE-MOD.16');
    expect(derivedIds(only(play([...fired, sides(3), to(3, 15)], test('Archers', ['MED-MORALE-REASONS.7']), 'alice', 5), 'MedievalMoraleTested'))).not.toContain('MED-MORALE-MOD.16');
    // The knights failed a control test: impetuous.
    const p16 = [...setup(), sides(1), to(1, 16)];
    const impetuous = [...p16, ...play(p16, { type: 'MedievalControlTest', unit: 'Knights', reason: 'MED-CONTROL.5' }, 'alice', 10), sides(2), to(2, 15)];
    expect(derivedIds(only(play(impetuous, test('Knights', ['MED-MORALE-REASONS.7']), 'alice', 5), 'MedievalMoraleTested'))).toEqual(['MED-MORALE-MOD.1', 'MED-MORALE-MOD.11']);
    // Billmen formed in a hedgehog (close-order infantry: no .27).
    const hedgehog: BattleEvent = { type: 'UnitEdited', data: { unitId: 'u4', attrs: { formation: 'hedgehog' } } };
    expect(derivedIds(only(play([...p15, hedgehog], test('Billmen', ['MED-MORALE-REASONS.7']), 'bob', 5), 'MedievalMoraleTested'))).toEqual(['MED-MORALE-MOD.5', 'MED-MORALE-MOD.29']);
    // A GM recorded the knights disordered by terrain: their control test counts it.
    const disordered = [...p16, { type: 'MedievalStatusSet', data: { unitId: 'u2', disordered: true } } as BattleEvent];
    expect(derivedIds(only(play(disordered, { type: 'MedievalControlTest', unit: 'Knights', reason: 'MED-CONTROL.5' }, 'alice', 1), 'MedievalControlTested'))).toEqual(['MED-CONTROL-MOD.3', 'MED-CONTROL-MOD.25']);
  });

  it('MED-MORALE-EFFECTS.1 a rout is applied: routing, disordered, may not fire; MED-SEQ.3 says it moves', () => {
    // d10 1 = +1, C class +0, loose order -1 (MED-MORALE-MOD.27, from the roster), 5 friends routing -5.
    const e = only(play(p15, test('Archers', ['MED-MORALE-REASONS.7'], { friendsRouting: 2, commanderDead: true }), 'alice', 1), 'MedievalMoraleTested');
    expect([e.data.outcome.total, e.data.outcome.result]).toEqual([-5, 'rout']);
    const after = [...p15, e];
    expect(med(state(after)).units.u1).toMatchObject({ routing: true, disordered: true, morale: { result: 'rout', mayFire: 'no', advance: 'none' } });
    expect(medievalUnitLines(state(after), 'u1')).toEqual([
      'figures 24 of 24',
      'routing, disordered',
      'last Morale Test: Rout, turn 1, phase 15 (Morale Tests, both sides) — no advance, may not fire (MED-MORALE-EFFECTS.1a, MED-MORALE-EFFECTS.1b)',
    ]);
    const [phase3] = given([...after, to(2, 2)]).when({ type: 'AdvancePhase' }).events();
    expect(dueOf(phase3)).toEqual(['routing, moves back at its March Rate plus d10 (MED-MORALE-EFFECTS.1a): Archers']);
    given([...after, sides(2), to(2, 11)]).when(fire('Archers', 'Billmen'), 'alice', { dice: scriptedStream() }).refused(/MED-MORALE-EFFECTS.1b/);
    // MED-MORALE-EFFECTS.2a a later fall back in disorder rallies it.
    // d10 5 = +3, routing -4 (MED-MORALE-MOD.23) and loose order -1 (.27), both from the log: -2.
    const rallied = only(play([...after, to(2, 15)], test('Archers', ['MED-MORALE-REASONS.10'], { reasons: [{ id: 'MED-MORALE-REASONS.10', intent: 'rally' }] }), 'alice', 5), 'MedievalMoraleTested');
    expect(rallied.data.outcome.modifiers.map((m) => [m.id, m.total, m.derived])).toEqual([
      ['MED-MORALE-MOD.5', 0, true],
      ['MED-MORALE-MOD.23', -4, true],
      ['MED-MORALE-MOD.27', -1, true],
    ]);
    expect([rallied.data.outcome.total, rallied.data.outcome.result]).toEqual([-2, 'fall-back-disorder']);
    expect(med(state([...after, to(2, 15), rallied])).units.u1).toMatchObject({ routing: false, disordered: true });
  });

  it('MED-MORALE-EFFECTS.2c artillery falling back in disorder throws its own d10: 1-5 abandons the guns, which then cannot fire', () => {
    const e = only(play(p15, test('Ordnance', ['MED-MORALE-REASONS.7'], { friendsRouting: 2 }), 'bob', 1, 3), 'MedievalMoraleTested');
    expect(e.data.outcome.effect).toMatchObject({ result: 'fall-back-disorder', artilleryRoll: 3, abandonGuns: true });
    expect(e.data.dice.rolls).toEqual([
      { sides: 10, result: 1 },
      { sides: 10, result: 3 },
    ]);
    given([...p15, e, sides(2, 's2'), to(2, 11)]).when(fire('Ordnance', 'Archers'), 'bob', { dice: scriptedStream() }).refused(/Ordnance has abandoned its guns \(MED-MORALE-EFFECTS.1c, .2c\)/);
    const manned = play([...p15, e], { type: 'MedievalSetStatus', unit: 'Ordnance', gunsAbandoned: false }, 'gm');
    expect(med(state([...p15, e, ...manned])).units.u5?.gunsAbandoned).toBe(false);
  });

  it('MED-MORALE-EFFECTS.4a a charging unit (MED-MORALE-MOD.13 given) told No Advance halts disordered', () => {
    const p4 = [...setup(), sides(1), to(1, 4)];
    const e = only(play(p4, test('Knights', ['MED-MORALE-REASONS.1'], { modifiers: [{ id: 'MED-MORALE-MOD.13' }], friendsRouting: 2, commanderDead: true }), 'alice', 3), 'MedievalMoraleTested');
    // d10 3 = +2, A class +2, charging +2, 5 friends routing -5: +1, No Advance.
    expect([e.data.outcome.total, e.data.outcome.result, e.data.outcome.effect.rules]).toEqual([1, 'no-advance', ['MED-MORALE-EFFECTS.4a']]);
    expect(med(state([...p4, e])).units.u2).toMatchObject({ disordered: true, morale: { advance: 'none' } });
  });

  it('MED-SEQ.4-9 morale tests belong to the side the sequence names; none in phases without tests', () => {
    given([...setup(), sides(1), to(1, 5)]).when(test('Knights', ['MED-MORALE-REASONS.1']), 'alice', { dice: scriptedStream(1) }).refused(/In phase 5 side B's units test \(MED-SEQ.5\); Knights is side A this turn/);
    given([...setup(), sides(1), to(1, 13)]).when(test('Knights', ['MED-MORALE-REASONS.4']), 'alice', { dice: scriptedStream(1) }).refused(/Morale Tests are taken in phases 4, 5, 6, 7, 8, 9, 10, 15 \(MED-SEQ\)/);
    given(p15).when(test('Knights', ['MED-MORALE-REASONS.4'], { reasons: [{ id: 'MED-MORALE-REASONS.4', intent: 'evade' }] }), 'alice', { dice: scriptedStream(1) }).refused(/"evade" is what a unit means to do for MED-MORALE-REASONS.3; none of the reasons given takes it/);
    given(p15).when(test('Knights', ['MED-MORALE-REASONS.3']), 'alice', { dice: scriptedStream(1) }).refused(/MED-MORALE-REASONS.3 needs what the unit means to do: receive or evade/);
  });

  it('a GM records what the log cannot know (terrain disorder), and nothing twice', () => {
    const e = play(p15, { type: 'MedievalSetStatus', unit: 'Billmen', disordered: true }, 'gm');
    expect(e).toEqual([{ type: 'MedievalStatusSet', data: { unitId: 'u4', disordered: true } }]);
    given([...p15, ...e]).when({ type: 'MedievalSetStatus', unit: 'Billmen', disordered: true }).refused(/Nothing to change: Billmen is disordered already/);
    given(p15).when({ type: 'MedievalSetStatus', unit: 'Billmen', gunsAbandoned: true }).refused(/Billmen is not artillery/);
    given(p15).when({ type: 'MedievalSetStatus', unit: 'Billmen', disordered: true }, 'bob').refused(/Only a GM/);
  });
});

describe('MED-MELEE a gap the Melee Chart leaves is the GM\'s, or a house rule\'s set once (issue 40)', () => {
  // The Handgunners are mercenaries (M): the Sword, Spear or Pike rows have no grade M (MED-MELEE source note).
  const p13 = [...setup(), { type: 'UnitEdited', data: { unitId: 'u6', attrs: { class: 'M' } } } as BattleEvent, sides(1), to(1, 13)];
  const melee = (score?: number): Action => ({ type: 'MedievalMelee', attacker: { unit: 'Handgunners', ...(score !== undefined ? { score } : {}) }, defender: { unit: 'Archers' } });
  const ones = [1, 1, 1, 1, 1, 1, 1, 1];
  const mClass = (value: unknown): BattleEvent => ({ type: 'HouseRuleSet', data: { key: 'melee.m-class', value, by: 'gm', rules: ['MED-MELEE'] } });

  it('MED-MELEE no grade M row: the melee asks the GM for the score, naming the option and the house rule', () => {
    given(p13).when(melee(), 'bob', { dice: scriptedStream(...ones) }).refused(/^The Sword, Spear or Pike rows have no grade M \(MED-MELEE source note\): the score needed is the GM's\. A GM gives it before modifiers, 1 to 10, with attacker_score:, or sets house rule melee\.m-class once for the battle \(the grade whose rows M class units read; \/house show\) \(MED-MELEE\)\.$/);
  });

  it('MED-MELEE a player giving the score is refused, naming the option and who may give it; a GM\'s stands and the working names him', () => {
    given(p13).when(melee(8), 'bob', { dice: scriptedStream(...ones) }).refused(/^attacker_score: the Sword, Spear or Pike rows have no grade M \(MED-MELEE source note\), so the score needed is the GM's to give, not a player's\. Ask a GM to give attacker_score:, or to set house rule melee\.m-class once/);
    given(p13).when(melee(11), 'gm', { dice: scriptedStream(...ones) }).refused(/^attacker_score is the score needed before modifiers, 1 to 10 \(got 11\) \(MED-MELEE\)\.$/);
    const o = only(play(p13, melee(8), 'gm', ...ones), 'MedievalMeleeResolved').data.outcome.attacker;
    expect(wordedWhy(o.cell)).toEqual({ id: null, input: 8, why: 'the Sword, Spear or Pike rows have no grade M (MED-MELEE source note)', by: 'gm' });
    expect(o.steps.map(english)).toContain("GM's ruling (<@gm>): the Sword, Spear or Pike rows have no grade M (MED-MELEE source note); score needed 8+.");
  });

  it('MED-MELEE house rule melee.m-class, set once by a GM, answers the gap at every melee, cited in the working; a score given against it is refused', () => {
    given(p13).when({ type: 'SetHouseRule', key: 'melee.m-class', value: 'C' }, 'bob').refused(/GM/);
    given(p13).when({ type: 'SetHouseRule', key: 'melee.m-class', value: 'M' }, 'gm').refused(/^melee\.m-class takes one of A, B, C, D \(MED-MELEE\)/);
    const ruled = [...p13, mClass('C')];
    const o = only(play(ruled, melee(), 'bob', ...ones), 'MedievalMeleeResolved').data.outcome.attacker;
    expect(o.cell).toEqual({ id: 'MED-MELEE.R10', grade: 'C', armour: 'light', score: 6, house: { key: 'melee.m-class', grade: 'C', for: 'M', note: { key: 'battle.house.note', values: { user: '<@gm>', version: expect.stringMatching(/^\d+$/) as unknown as string } } } });
    expect(english(o.steps[0]!)).toMatch(/^The Sword, Spear or Pike rows have no grade M \(MED-MELEE source note\); grade M reads the grade C row by house rule melee\.m-class \(house rule set by <@gm> at event \d+\): against light armour, 6\+ \(MED-MELEE\.R10\)\.$/);
    given(ruled).when(melee(8), 'gm', { dice: scriptedStream(...ones) }).refused(/^attacker_score: grade M reads the Sword, Spear or Pike grade C row by house rule melee\.m-class .*; the score needed cannot be given/);
  });
});

describe('what the battle knows is not the player\'s to claim; rules as written (issue 16, medieval)', () => {
  const t1p11 = [...setup(), sides(1), to(1, 11)];
  const p13 = [...setup(), sides(1), to(1, 13)];
  const p15 = [...setup(), sides(1), to(1, 15)];
  const p16 = [...setup(), sides(1), to(1, 16)];
  const edited = (unitId: string, attrs: Record<string, string | number>): BattleEvent => ({ type: 'UnitEdited', data: { unitId, attrs } });
  const morale = (unit: string, more: Partial<Extract<Action, { type: 'MedievalMoraleTest' }>> = {}): Action => ({ type: 'MedievalMoraleTest', unit, reasons: [{ id: 'MED-MORALE-REASONS.7' }], ...more });
  const melee = (attacker: string, defender: string, a: object = {}): Action => ({ type: 'MedievalMelee', attacker: { unit: attacker, ...a }, defender: { unit: defender } });
  const fired = (events: BattleEvent[]) => only(events, 'MedievalFireResolved').data.outcome;

  it('MED-FIRE-MOD.4 a class row the roster contradicts is refused for a player, naming the row the battle applies', () => {
    // Archers are class C (MED-FIRE-MOD.4); the player claims A class (MED-FIRE-MOD.1).
    given(t1p11)
      .when(fire('Archers', 'Billmen', { modifiers: [{ id: 'MED-FIRE-MOD.1' }] }), 'alice', { dice: scriptedStream(1, 1, 1, 1, 1) })
      .refused(/MED-FIRE-MOD.1 \(Firing Unit are Guards.*\) is derived by the umpire from the unit's class, and does not apply here: it applies MED-FIRE-MOD.4 \(.*\)\. Only a GM may rule otherwise/);
  });

  it('MED-FIRE-MOD.19 a target formation the roster contradicts is refused for a player; a GM\'s claim is applied as a ruling and shown in the working', () => {
    given(t1p11).when(fire('Archers', 'Billmen', { modifiers: [{ id: 'MED-FIRE-MOD.19' }] }), 'alice', { dice: scriptedStream(1, 1, 1, 1, 1) }).refused(/MED-FIRE-MOD.19 .* is derived by the umpire from the target's formation, and does not apply here/);
    const o = fired(play(t1p11, fire('Archers', 'Billmen', { modifiers: [{ id: 'MED-FIRE-MOD.19' }] }), 'gm', 1, 1, 1, 1, 1));
    expect(o.modifiers.find((m) => m.id === 'MED-FIRE-MOD.19')).toMatchObject({ derived: false, ruling: true });
    expect(o.steps.some((l) => /^MED-FIRE-MOD.19 .*the GM's ruling; the umpire did not derive it/.test(english(l)))).toBe(true);
  });

  it('MED-FIRE-MOD.21 a one-time modifier claimed again is refused: the log shows the first gunpowder shot was fired', () => {
    const p11b = [...setup(), sides(1, 's2'), to(1, 11)];
    const first = play(p11b, fire('Handgunners', 'Archers'), 'bob', 1, 1, 1);
    const p11c = [...p11b, ...first, to(1, 13), sides(2, 's2'), to(2, 11)];
    given(p11c).when(fire('Handgunners', 'Archers', { modifiers: [{ id: 'MED-FIRE-MOD.21' }] }), 'bob', { dice: scriptedStream(1, 1, 1) }).refused(/MED-FIRE-MOD.21 .* is derived by the umpire from the firer's earlier gunpowder shots, and does not apply here/);
  });

  it('MED-FIRE-MOD.9 a derived modifier is dropped only by a GM\'s ruling (-9), shown in the working', () => {
    const shot = play(t1p11, fire('Archers', 'Handgunners'), 'alice', 10, 10, 1, 1, 1);
    const p12 = [...t1p11, ...shot, to(1, 12)];
    const drop = fire('Handgunners', 'Archers', { modifiers: parseModifierList('-9', 'MED-FIRE-MOD') });
    given(p12).when(drop, 'bob', { dice: scriptedStream(1, 1, 1) }).refused(/MED-FIRE-MOD.9 .* is derived by the umpire from fire on the firer this Game Turn or last; only a GM may rule that it does not apply/);
    const o = fired(play(p12, drop, 'gm', 1, 1, 1));
    expect(o.modifiers.map((m) => m.id)).not.toContain('MED-FIRE-MOD.9');
    expect(o.steps.map(english)).toContain("MED-FIRE-MOD.9 Firing Unit is itself under fire (this move or last): not applied, the GM's ruling (the umpire derived it).");
    given(t1p11).when(fire('Archers', 'Billmen', { modifiers: parseModifierList('-9', 'MED-FIRE-MOD') }), 'gm', { dice: scriptedStream(1, 1, 1, 1, 1) }).refused(/MED-FIRE-MOD.9 .* is not applied here, so there is nothing to drop/);
  });

  it('MED-FIRE-MOD.11 resting crossbows or firearms: refused for a longbow, applied for infantry handgunners', () => {
    given(t1p11).when(fire('Archers', 'Billmen', { modifiers: [{ id: 'MED-FIRE-MOD.11' }] }), 'alice', { dice: scriptedStream(1, 1, 1, 1, 1) }).refused(/MED-FIRE-MOD.11 .* is for crossbows and firearms; longbow is neither/);
    const p11b = [...setup(), sides(1, 's2'), to(1, 11)];
    const o = fired(play(p11b, fire('Handgunners', 'Archers', { modifiers: [{ id: 'MED-FIRE-MOD.11' }] }), 'bob', 1, 1, 1));
    expect(o.modifiers.find((m) => m.id === 'MED-FIRE-MOD.11')).toMatchObject({ value: -1, derived: false });
  });

  it('MED-MELEE-MOD.8 mounted infantry fighting on horseback get the mounted rows and their +1, from the roster', () => {
    const dragoons = [...p13, edited('u2', { arm: 'mounted infantry', melee_weapon: 'sword' })];
    const e = only(play(dragoons, melee('Knights', 'Billmen'), 'alice', ...Array(8).fill(1)), 'MedievalMeleeResolved');
    expect(e.data.outcome.attacker.modifiers.find((m) => m.id === 'MED-MELEE-MOD.8')).toMatchObject({ value: 1, derived: true });
    const foot = only(play(p13, melee('Archers', 'Billmen'), 'alice', ...Array(10).fill(1)), 'MedievalMeleeResolved');
    expect(foot.data.outcome.attacker.modifiers.map((m) => m.id)).not.toContain('MED-MELEE-MOD.8');
  });

  it('MED-MELEE-MOD.9 each supporting rank of pikes counts at most 3 (pikes deploy up to 4 ranks deep)', () => {
    given(p13).when(melee('Archers', 'Billmen', { modifiers: [{ id: 'MED-MELEE-MOD.9', count: 999 }] }), 'alice', { dice: scriptedStream(...Array(10).fill(1)) }).refused(/MED-MELEE-MOD.9 .*: at most 3 \(got 999\)/);
    given(p13).when(melee('Archers', 'Billmen', { modifiers: [{ id: 'MED-MELEE-MOD.9', count: 4 }] }), 'alice', { dice: scriptedStream(...Array(10).fill(1)) }).refused(/at most 3 \(got 4\)/);
    const e = only(play(p13, melee('Archers', 'Billmen', { modifiers: [{ id: 'MED-MELEE-MOD.9', count: 3 }] }), 'alice', ...Array(10).fill(1)), 'MedievalMeleeResolved');
    expect(e.data.outcome.attacker.modifiers.find((m) => m.id === 'MED-MELEE-MOD.9')).toMatchObject({ count: 3, total: 3 });
  });

  it('MED-MELEE-MOD.5 formed pikes, spears or halberds against infantry come from the roster', () => {
    const pikes = [...p13, edited('u4', { melee_weapon: 'pike' })];
    const e = only(play(pikes, melee('Archers', 'Billmen'), 'alice', ...Array(10).fill(1)), 'MedievalMeleeResolved');
    expect(e.data.outcome.attacker.modifiers.find((m) => m.id === 'MED-MELEE-MOD.5')).toMatchObject({ value: 1, derived: true });
    given(p13).when(melee('Archers', 'Billmen', { modifiers: [{ id: 'MED-MELEE-MOD.5' }] }), 'alice', { dice: scriptedStream(...Array(10).fill(1)) }).refused(/MED-MELEE-MOD.5 .* is derived by the umpire from the opponents' arm, order and weapon/);
  });

  it.each(['A', 'B', 'C'])('MED-MORALE-MOD.7 artillery gunners of class %s take -1, from the roster', (cls) => {
    const e = only(play([...p15, edited('u5', { class: cls })], morale('Ordnance'), 'bob', 5), 'MedievalMoraleTested');
    expect(e.data.outcome.modifiers.filter((m) => m.id === 'MED-MORALE-MOD.7')).toEqual([expect.objectContaining({ value: -1, count: 1, derived: true })]);
  });

  it('MED-MORALE-MOD.7 artillery gunners take -1 whatever their class (C artillery here), once', () => {
    const e = only(play(p15, morale('Ordnance'), 'bob', 5), 'MedievalMoraleTested');
    expect(e.data.outcome.modifiers.filter((m) => m.id === 'MED-MORALE-MOD.7')).toEqual([expect.objectContaining({ value: -1, count: 1, derived: true })]);
    const dClass = only(play([...p15, edited('u5', { class: 'D' })], morale('Ordnance'), 'bob', 5), 'MedievalMoraleTested');
    expect(dClass.data.outcome.modifiers.filter((m) => m.id === 'MED-MORALE-MOD.7')).toHaveLength(1);
  });

  it('MED-MORALE-MOD.25 a unit the log records as disordered takes -2 without the player naming it; not while routing', () => {
    const disordered: BattleEvent = { type: 'MedievalStatusSet', data: { unitId: 'u4', disordered: true } };
    const e = only(play([...p15, disordered], morale('Billmen'), 'bob', 5), 'MedievalMoraleTested');
    expect(e.data.outcome.modifiers.find((m) => m.id === 'MED-MORALE-MOD.25')).toMatchObject({ value: -2, derived: true });
    const routing: BattleEvent = { type: 'MedievalStatusSet', data: { unitId: 'u4', routing: true } };
    const r = only(play([...p15, disordered, routing], morale('Billmen'), 'bob', 5), 'MedievalMoraleTested');
    expect(r.data.outcome.modifiers.map((m) => m.id)).toEqual(expect.arrayContaining(['MED-MORALE-MOD.23']));
    expect(r.data.outcome.modifiers.map((m) => m.id)).not.toContain('MED-MORALE-MOD.25');
    given(p15).when(morale('Billmen', { modifiers: [{ id: 'MED-MORALE-MOD.25' }] }), 'bob', { dice: scriptedStream(5) }).refused(/MED-MORALE-MOD.25 .* is derived by the umpire from the unit disordered and not routing, and does not apply here/);
  });

  it('MED-MORALE-MOD.33 losses the log holds cannot be claimed again by a player', () => {
    given(p15).when(morale('Billmen', { modifiers: [{ id: 'MED-MORALE-MOD.33', count: 2 }] }), 'bob', { dice: scriptedStream(5) }).refused(/MED-MORALE-MOD.33 .* is derived by the umpire from the unit's losses, and does not apply here/);
  });

  it('MED-CONTROL-MOD.25 a player may not claim a disorder the log does not record; a GM may, as a ruling', () => {
    const test = (by: string) => given(p16).when({ type: 'MedievalControlTest', unit: 'Billmen', reason: 'MED-CONTROL.8', modifiers: [{ id: 'MED-CONTROL-MOD.25' }] }, by, { dice: scriptedStream(5) });
    test('bob').refused(/MED-CONTROL-MOD.25 .* is derived by the umpire from the unit disordered, and does not apply here/);
    const e = only(test('gm').events(), 'MedievalControlTested');
    expect(e.data.outcome.modifiers.find((m) => m.id === 'MED-CONTROL-MOD.25')).toMatchObject({ ruling: true });
  });

  it('MED-SEQ.1 the GM cannot leave phase 1 before initiative is rolled and sides A and B are chosen', () => {
    given(setup()).when({ type: 'AdvancePhase' }, 'gm').refused(/owes:\n• sides A and B for turn 1: each side rolls, the winner chooses \(MED-SEQ.1, MED-INIT\) — \/initiative roll$/m);
    // Passed over, it still may not go on: the turn's phases need its sides A and B.
    given(setup()).when({ type: 'AdvancePhase', skip: true }, 'gm').refused(/Sides A and B are not chosen for turn 1: \/initiative roll, then the winner's \/initiative choose \(MED-SEQ.1\)/);
    given(setup()).when({ type: 'AdvanceTurn', skip: true }, 'gm').refused(/Sides A and B are not chosen for turn 1/);
    const e = given([...setup(), sides(1)]).when({ type: 'AdvancePhase' }, 'gm').events();
    expect(e.map((x) => x.type)).toEqual(['PhaseAdvanced']);
  });

  it('MED-SEQ.8, .9, .11, .12 the phase banner says which side fires', () => {
    const [e] = given([...setup(), sides(1), to(1, 10)]).when({ type: 'AdvancePhase' }, 'gm').events();
    expect(dueOf(e)).toContain('firing: side A, Tudor, moves and fires in this phase (MED-SEQ.11)');
    const [r] = given([...setup(), sides(1), to(1, 7)]).when({ type: 'AdvancePhase' }, 'gm').events();
    expect(dueOf(r)).toContain("firing: side B, Royal, fires in this phase, reacting to side A's charges (MED-SEQ.8)");
  });
});
