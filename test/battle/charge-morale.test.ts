import { english, wordWithin } from '../../src/i18n/text.ts';
import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/battle/actions.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import { describeChargeEvent, type ChargeEvent } from '../../src/systems/charge/battle/index.ts';
import { chg } from '../../src/systems/charge/battle/state.ts';
import { CHARGE_HOUSE } from '../../src/systems/charge/rules.ts';
import { CHARGE_PHASES } from '../../src/systems/charge/sequence.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { scriptedStream } from '../support/scripted-dice.ts';
import { given } from '../support/spec.ts';

/**
 * Morale tests with no GM (issue 40). The source calls for them ("Both sides check morale, and if
 * neither retreats, the melee continues", MEL-D10) but prints no morale rules: the die, the number
 * to reach, the modifiers and the results are the battle's house rules morale.die, morale.target,
 * morale.modifiers and morale.results, set once. What the modifiers read (losses, disorder, what the
 * unit did this turn) comes from the roster and the log. French (alice) against Austrian (bob).
 */
const unit = (unitId: string, name: string, commandId: string, attrs: Record<string, string | number>): BattleEvent => ({ type: 'UnitAdded', data: { unitId, name, commandId, attrs } });
const setup: BattleEvent[] = [
  { type: 'BattleCreated', data: { battleId: 'b1', name: 'Aspern', system: 'charge', channel: 'table', gm: 'gm' } },
  { type: 'SideAdded', data: { sideId: 's1', name: 'French' } },
  { type: 'SideAdded', data: { sideId: 's2', name: 'Austrian' } },
  { type: 'CommandAdded', data: { commandId: 'c1', name: 'Saint-Hilaire', sideId: 's1' } },
  { type: 'CommandAdded', data: { commandId: 'c2', name: 'Brady', sideId: 's2' } },
  { type: 'CommandAssigned', data: { commandId: 'c1', user: 'alice' } },
  { type: 'CommandAssigned', data: { commandId: 'c2', user: 'bob' } },
  unit('u1', 'Ligne', 'c1', { arm: 'infantry', figures: 24, class: 'line', move_class: 'average', formation: 'line', leader: 'brigade' }),
  unit('u2', 'Hussards', 'c1', { arm: 'light cavalry', figures: 12, class: 'elite', move_class: 'excellent', formation: 'line' }),
  unit('u3', 'Zach', 'c2', { arm: 'infantry', figures: 24, class: 'line', move_class: 'average', formation: 'square' }),
  unit('u4', 'Rosenberg', 'c2', { arm: 'light cavalry', figures: 12, class: 'line', move_class: 'average', formation: 'column' }),
];
/** A house rule as /house set logs it: the value as its schema reads it. */
const house = (key: string, value: unknown): BattleEvent => ({ type: 'HouseRuleSet', data: { key, value: CHARGE_HOUSE.find((r) => r.key === key)!.schema.parse(value), by: 'gm', rules: [] } });
const at = (id: string) => CHARGE_PHASES.findIndex((p) => p.id === id);
const to = (turn: number, id: string): BattleEvent => ({ type: 'PhaseAdvanced', data: { from: { turn: 1, phase: 0 }, to: { turn, phase: at(id) }, phaseId: id, phaseName: 'x', due: [] } });

const MORALE: [string, unknown][] = [
  ['morale.die', 10],
  ['morale.target', { elite: 4, line: 5, conscript: 6 }],
  [
    'morale.modifiers',
    [
      { if: 'shaken', value: -2 },
      { if: 'disordered', value: -1 },
      { if: 'losses', per: 25, value: -1 },
      { if: 'steps', per: 2, value: -1 },
      { if: 'fire-losses', per: 3, value: -1 },
      { if: 'lost-melee', value: -2 },
      { if: 'won-melee', value: 1 },
      { if: 'charged', value: 1 },
      { if: 'was-charged', value: -1 },
      { if: 'leader', value: 1 },
      { if: 'formation', is: 'square', value: 1 },
      { if: 'arm', is: ['light cavalry', 'heavy cavalry'], value: 1 },
    ],
  ],
  [
    'morale.results',
    [
      { min: 0, max: null, result: 'pass' },
      { min: -2, max: -1, result: 'shaken' },
      { min: -4, max: -3, result: ['fall-back', 'disordered'] },
      { min: -6, max: -5, result: ['fall-back', 'broken'] },
      { min: null, max: -7, result: 'routed' },
    ],
  ],
];
const ruled = [...setup, to(1, 'MEL-D10'), ...MORALE.map(([k, v]) => house(k, v))];
const firstMorale = setup.length + 2;

const test = (u: string): Action => ({ type: 'ChargeMoraleTest', unit: u });
const play = (events: BattleEvent[], action: Action, actor: string, ...dice: number[]) => given(events).when(action, actor, { dice: scriptedStream(...dice) }).events();
const tested = (events: BattleEvent[], u: string, actor: string, ...dice: number[]) => {
  const out = play(events, test(u), actor, ...dice);
  expect(out.map((e) => e.type)).toEqual(['ChargeMoraleTested']);
  return out[0] as Extract<ChargeEvent, { type: 'ChargeMoraleTested' }>;
};
const refused = (events: BattleEvent[], action: Action, actor: string, why: RegExp, ...dice: number[]) => {
  const run = () => given(events).when(action, actor, { dice: scriptedStream(...dice) }).events();
  expect(run).toThrow(RuleError);
  expect(run).toThrow(why);
};
const mods = (e: Extract<ChargeEvent, { type: 'ChargeMoraleTested' }>) => e.data.outcome.modifiers.map((m) => [m.if, m.total]);
const status = (events: BattleEvent[], id: string) => chg(given(events).state).units[id] ?? {};
/** A melee round this turn: Hussards (8) beat Rosenberg (5); 3 steps each, both disordered (MEL-D10). */
const afterMelee = (events: BattleEvent[]) => [...events, ...play(events, { type: 'ChargeMelee', attacker: 'Hussards', defender: 'Rosenberg' }, 'alice', 8, 5)];

describe('MEL-D10 the morale house rules unset: each is asked by its key, and nothing is rolled', () => {
  it('MEL-D10 with none set, the test is refused naming the four keys and the command that sets each', () => {
    refused(
      [...setup, to(1, 'MEL-D10')],
      test('Rosenberg'),
      'bob',
      /^A morale test needs house rules morale\.die, morale\.target, morale\.modifiers, morale\.results: the source calls for morale checks \("Both sides check morale", MEL-D10\) but gives no morale rules\. A GM sets them for the battle with \/house set key:morale\.die value:, \/house set key:morale\.target value:, \/house set key:morale\.modifiers value:, \/house set key:morale\.results value:, or all at once with \/house upload file:\.$/,
      5,
    );
  });

  it.each(MORALE.map(([k]) => k))('MEL-D10 with only %s open, the test is refused naming it alone', (key) => {
    const events = [...setup, to(1, 'MEL-D10'), ...MORALE.filter(([k]) => k !== key).map(([k, v]) => house(k, v))];
    refused(events, test('Rosenberg'), 'bob', new RegExp(`^A morale test needs the house rule ${key.replace('.', '\\.')}: .* A GM sets it for the battle with /house set key:${key.replace('.', '\\.')} value: or all at once with /house upload file:\\.$`), 5);
  });

  it('MEL-D10 a target by class that leaves out the unit\'s class is refused before the die, naming morale.target', () => {
    refused([...ruled, house('morale.target', { elite: 4 })], test('Rosenberg'), 'bob', /house rule morale\.target \(house rule set by <@gm> at event \d+\) gives no number for the line class \(Rosenberg\); a GM adds it with \/house set key:morale\.target value:/, 5);
  });
});

describe('MEL-D10 with the morale house rules set, the unit\'s player tests and the result is applied', () => {
  it('MEL-D10 after a lost melee: disorder, steps and the lost round from the log modify the roll; fall back broken is applied; the working cites every house rule', () => {
    const melee = afterMelee(ruled);
    const e = tested(melee, 'Rosenberg', 'bob', 4);
    const o = e.data.outcome;
    expect(e.data.dice.rolls).toEqual([{ sides: 10, result: 4 }]);
    expect(mods(e)).toEqual([
      ['disordered', -1],
      ['steps', -1],
      ['lost-melee', -2],
      ['arm', 1],
    ]);
    expect(wordWithin(o, 'en')).toMatchObject({ rule: 'MEL-D10', unit: 'Rosenberg', rolls: [4], natural: 4, total: 1, target: 5, margin: -4, band: '-4 to -3', result: ['fall-back', 'disordered'], retreats: true });
    expect(o.steps.map(english)).toEqual([
      `Rosenberg rolls d10: 4 (morale.die: d10, house rule set by <@gm> at event ${firstMorale}).`,
      `-1: disordered, from the roster and log (morale.modifiers, house rule set by <@gm> at event ${firstMorale + 2}).`,
      `-1: 3 casualty steps lost in melee, -1 each full 2, from the roster and log (morale.modifiers, house rule set by <@gm> at event ${firstMorale + 2}).`,
      `-2: lost its melee this turn, from the roster and log (morale.modifiers, house rule set by <@gm> at event ${firstMorale + 2}).`,
      `+1: arm light cavalry, from the roster and log (morale.modifiers, house rule set by <@gm> at event ${firstMorale + 2}).`,
      `Modified roll 1 against 5 (line): margin -4 (morale.target: 5 (line), house rule set by <@gm> at event ${firstMorale + 1}).`,
      `Margin -4 is the band -4 to -3: fall-back, disordered (morale.results: the band -4 to -3, house rule set by <@gm> at event ${firstMorale + 3}) (MEL-D10).`,
      'Rosenberg retreats: its melee does not continue (MEL-D10).',
    ]);
    const text = describeChargeEvent(e, given(melee).state);
    expect(english(text).split('\n')[0]).toBe('Rosenberg tests morale (MEL-D10, by the house rules): fall-back, disordered');
    expect(english(text)).toContain('Rosenberg falls back: move it back on the table.');
    expect(status([...melee, e], 'u4')).toMatchObject({ disordered: true, steps: 3 });
    expect(status([...melee, e], 'u4').routBroken).toBeUndefined();

    const won = tested(melee, 'Hussards', 'alice', 6);
    expect(mods(won)).toEqual([
      ['disordered', -1],
      ['steps', -1],
      ['won-melee', 1],
      ['arm', 1],
    ]);
    expect(won.data.outcome).toMatchObject({ total: 6, target: 4, margin: 2, result: ['pass'], retreats: false });
  });

  it('MEL-D10 the melee post names the morale command for both units', () => {
    const [m] = play(ruled, { type: 'ChargeMelee', attacker: 'Hussards', defender: 'Rosenberg' }, 'alice', 8, 5);
    expect(english(describeChargeEvent(m as ChargeEvent, given(ruled).state))).toContain('Both check morale now: /morale charge unit:"Hussards" and /morale charge unit:"Rosenberg" (MEL-D10).');
  });

  it('MEL-D10 what the unit did this turn counts this turn only: next turn the lost melee no longer modifies, its steps still do', () => {
    const next = [...afterMelee(ruled), to(2, 'MEL-D10')];
    expect(mods(tested(next, 'Rosenberg', 'bob', 4))).toEqual([
      ['disordered', -1],
      ['steps', -1],
      ['arm', 1],
    ]);
  });

  it('MEL-D10 fire and charges of this turn, losses, leader and formation from the roster and log', () => {
    const fire = [...ruled, house('fire.row', { by: 'figures', bands: [{ min: 24, max: null, row: 8 }, { min: null, max: 23, row: 1 }] }), house('fire.cell', { removes: 'figures' })];
    const shot = [...fire, ...play(fire, { type: 'ChargeFire', firer: 'Ligne', target: 'Zach' }, 'alice', 1)];
    // Row 8, column 1: 7 figures of 24 (29%): -1 a full 25%, -2 for 7 lost to fire this turn (each full 3); a square +1.
    const e = tested(shot, 'Zach', 'bob', 9);
    expect(mods(e)).toEqual([
      ['losses', -1],
      ['fire-losses', -2],
      ['formation', 1],
    ]);
    expect(e.data.outcome.steps.map(english).join('\n')).toContain('-1: 7 of 24 figures lost (29.2%), -1 each full 25%');
    expect(e.data.outcome).toMatchObject({ total: 7, margin: 2, result: ['pass'] });

    const charge = [...ruled, house('charge.die', 10), house('mass', 'none'), house('charge.leader-attached', 1)];
    const charged = [...charge, ...play(charge, { type: 'ChargeRoll', attacker: 'Ligne', defender: 'Zach', table: 'open' }, 'alice', 5, 5)];
    expect(mods(tested(charged, 'Ligne', 'alice', 5))).toEqual([
      ['charged', 1],
      ['leader', 1],
    ]);
    expect(mods(tested(charged, 'Zach', 'bob', 5))).toEqual([
      ['was-charged', -1],
      ['formation', 1],
    ]);
  });

  it('MEL-D10 a modifier keyed on the phase the test is taken in', () => {
    const phased = [...ruled, house('morale.modifiers', [{ if: 'phase', is: ['FIRE-TABLE', 'MEL-D10'], value: -1 }])];
    expect(mods(tested(phased, 'Ligne', 'alice', 5))).toEqual([['phase', -1]]);
    expect(mods(tested([...phased, to(2, 'MOVE-ROLL')], 'Ligne', 'alice', 5))).toEqual([]);
  });

  it('MEL-D10 the results applied: shaken and routed; a routed unit is not lessened to broken; several dice add up', () => {
    const shaken = tested(ruled, 'Ligne', 'alice', 3);
    expect(shaken.data.outcome).toMatchObject({ total: 4, margin: -1, result: ['shaken'] });
    expect(status([...ruled, shaken], 'u1')).toMatchObject({ shaken: true });
    const routed: BattleEvent = { type: 'ChargeStatusSet', data: { unitId: 'u3', at: { turn: 1, phase: at('MEL-D10') }, change: { rout: 'routed' } } };
    const high = [...ruled, house('morale.target', 8), routed];
    const broke = tested(high, 'Zach', 'bob', 1);
    expect(broke.data.outcome.result).toEqual(['fall-back', 'broken']);
    expect(status([...high, broke], 'u3')).toMatchObject({ routBroken: 'routed' });
    const twoDice = tested([...ruled, house('morale.die', { dice: 2, sides: 6 }), house('morale.target', 8)], 'Ligne', 'alice', 3, 4);
    expect(twoDice.data.dice.rolls).toEqual([
      { sides: 6, result: 3 },
      { sides: 6, result: 4 },
    ]);
    expect(twoDice.data.outcome).toMatchObject({ die: '2d6', natural: 7, total: 8, target: 8, margin: 0, result: ['pass'] });
    expect(english(twoDice.data.outcome.steps[0]!)).toMatch(/^Ligne rolls 2d6: 3 \+ 4 = 7 \(morale\.die: 2d6, house rule/);
  });

  it('MEL-D10 only the unit\'s players or a GM test its morale', () => {
    refused(ruled, test('Rosenberg'), 'alice', /Rosenberg is Austrian's; only its players or a GM may test its morale/, 5);
    expect(tested(ruled, 'Rosenberg', 'gm', 5).data.outcome.result).toEqual(['pass']);
  });
});

describe('MEL-D10 bad values of the morale house rules are refused, naming what was wrong', () => {
  const set = (key: string, value: unknown) => ({ type: 'SetHouseRule', key, value }) as Action;
  it.each([
    ['morale.die', 1, /^morale\.die takes the die of a morale test, .*\(MEL-D10\); 1 is not: a die has 2 to 100 sides\.$/],
    ['morale.die', { dice: 5, sides: 6 }, /is not: dice: 1 to 4\.$/],
    ['morale.die', { dice: 2 }, /is not: sides: missing\.$/],
    ['morale.die', { count: 2, sides: 6 }, /is not: it takes dice and sides, as \{dice: 2, sides: 6\}\.$/],
    ['morale.target', { eltie: 3 }, /^morale\.target takes .*; .* is not: "eltie" is not a class; a class is one of elite, line, conscript\.$/],
    ['morale.target', 'six', /is not: a whole number\.$/],
    ['morale.modifiers', [{ if: 'tired', value: -1 }], /^morale\.modifiers takes .*; .* is not: 0\.if: one of shaken, disordered, broken, routed, leader, losses, /],
    ['morale.modifiers', [{ if: 'shaken', value: -1, per: 2 }], /is not: 0\.per: counts only losses, steps, fire-losses, not shaken\.$/],
    ['morale.modifiers', [{ if: 'class', value: 1 }], /is not: 0\.is: if: class needs one class or a list \(elite, line, conscript\)\.$/],
    ['morale.modifiers', [{ if: 'class', is: 'guard', value: 1 }], /is not: 0\.is: "guard": not a class; elite, line, conscript\.$/],
    ['morale.modifiers', [{ if: 'disordered', is: 'line', value: 1 }], /is not: 0\.is: names a class, arm, formation or phase; disordered takes none\.$/],
    ['morale.modifiers', [{ if: 'phase', is: 'melee', value: 1 }], /is not: 0\.is: "melee": not a phase id; INIT-GRANDTAC, MOVE-ROLL, CHG-ROLL, FIRE-TABLE, MEL-D10\.$/],
    ['morale.modifiers', [{ if: 'disordered', value: 1.5 }], /is not: 0\.value: a whole number, -20 to 20\.$/],
    ['morale.modifiers', { if: 'shaken', value: -1 }, /is not: a list of modifiers, as \[\{if: disordered, value: -1\}\]; \[\] for none\.$/],
    ['morale.results', [{ min: 0, max: null, result: 'pass' }, { min: null, max: -2, result: 'routed' }], /^morale\.results takes .*; .* is not: 1: must end at -1, just below the band before it \(got -2\)\.$/],
    ['morale.results', [{ min: 0, max: null, result: ['pass', 'shaken'] }, { min: null, max: -1, result: 'routed' }], /is not: 0\.result: pass goes alone\.$/],
    ['morale.results', [{ min: 0, max: null, result: 'flee' }, { min: null, max: -1, result: 'routed' }], /is not: 0\.result: one of pass, shaken, disordered, fall-back, broken, routed\.$/],
    ['morale.results', [{ min: 0, max: 3, result: 'pass' }, { min: null, max: -1, result: 'routed' }], /is not: 0: the first band must be open upward \(max null\)\.$/],
  ])('MEL-D10 %s %j is refused', (key, value, why) => {
    given(setup).when(set(key, value), 'gm').refused(why);
  });

  it('MEL-D10 no modifier at all is a value: morale.modifiers []', () => {
    const e = tested([...ruled, house('morale.modifiers', [])], 'Ligne', 'alice', 5);
    expect(e.data.outcome.modifiers).toEqual([]);
    expect(english(e.data.outcome.steps[1]!)).toMatch(/^No modifier applies to Ligne \(morale\.modifiers, house rule set by <@gm> at event \d+\)\.$/);
  });
});
