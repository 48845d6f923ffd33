import { english } from '../../src/i18n/text.ts';
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
 * Fire with no GM (issue 40): the source prints the FIRE-TABLE.GRID rows and cells but does not say
 * how the row is chosen nor what a cell counts. The battle's house rules fire.row and fire.cell say,
 * once; then a player's /fire charge reads the row, rolls, and applies the cell to the target as
 * events, citing each house rule. Unset, each is asked by its key. French (alice) against Austrian (bob).
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
  unit('u1', 'Ligne', 'c1', { arm: 'infantry', figures: 24, class: 'line', move_class: 'average', formation: 'line' }),
  unit('u2', 'Hussards', 'c1', { arm: 'light cavalry', figures: 12, class: 'elite', move_class: 'excellent', formation: 'line' }),
  unit('u3', 'Battery', 'c1', { arm: 'artillery', figures: 4, class: 'line', move_class: 'average', formation: 'unlimbered', gun: '8-9pdr' }),
  unit('u4', 'Zach', 'c2', { arm: 'infantry', figures: 24, class: 'line', move_class: 'average', formation: 'closed column' }),
  unit('u5', 'Voltigeurs', 'c2', { arm: 'skirmishers', figures: 6, class: 'line', move_class: 'excellent', formation: 'general order' }),
];
/** A house rule as /house set logs it: the value as its schema reads it (a row typed 8 is "8"). */
const house = (key: string, value: unknown): BattleEvent => ({ type: 'HouseRuleSet', data: { key, value: CHARGE_HOUSE.find((r) => r.key === key)!.schema.parse(value), by: 'gm', rules: [] } });
const fireTurn: BattleEvent = { type: 'PhaseAdvanced', data: { from: { turn: 1, phase: 0 }, to: { turn: 1, phase: CHARGE_PHASES.findIndex((p) => p.id === 'FIRE-TABLE') }, phaseId: 'FIRE-TABLE', phaseName: 'Fire', due: [] } };

/** A row a stand of 3 castings, as the example group reads it; a battery's by its gun. */
const STANDS = {
  by: 'figures',
  bands: [
    { min: 27, max: null, row: 9 },
    { min: 24, max: 26, row: 8 },
    { min: 21, max: 23, row: 7 },
    { min: 18, max: 20, row: 6 },
    { min: 15, max: 17, row: 5 },
    { min: 12, max: 14, row: 4 },
    { min: 9, max: 11, row: 3 },
    { min: 6, max: 8, row: 2 },
    { min: 3, max: 5, row: 1 },
    { min: null, max: 2, row: 'Half' },
  ],
};
const CELL = { removes: 'figures', disorder: 3, morale: 2 };
const ROW_EVENT = setup.length + 2;
const CELL_EVENT = setup.length + 3;
/** The house rules loaded: the row by stands for infantry and skirmishers, by gun for artillery; a cell removes figures. */
const ruled = [...setup, fireTurn, house('fire.row', { infantry: STANDS, skirmishers: STANDS, artillery: { by: 'gun', rows: { '8-9pdr': 4 } } }), house('fire.cell', CELL)];

const fire = (firer: string, target: string, more: Partial<Extract<Action, { type: 'ChargeFire' }>> = {}): Action => ({ type: 'ChargeFire', firer, target, ...more });
const play = (events: BattleEvent[], action: Action, actor: string, ...dice: number[]) => given(events).when(action, actor, { dice: scriptedStream(...dice) }).events();
const fired = (events: BattleEvent[], action: Action, actor: string, ...dice: number[]) => {
  const out = play(events, action, actor, ...dice);
  expect(out.map((e) => e.type)).toEqual(['ChargeFireResolved']);
  return out[0] as Extract<ChargeEvent, { type: 'ChargeFireResolved' }>;
};
/** A refusal before any die: thrown, nothing held or appended. */
const refused = (events: BattleEvent[], action: Action, actor: string, why: RegExp, ...dice: number[]) => {
  const run = () => given(events).when(action, actor, { dice: scriptedStream(...dice) }).events();
  expect(run).toThrow(RuleError);
  expect(run).toThrow(why);
};
const status = (events: BattleEvent[], id: string) => chg(given(events).state).units[id] ?? {};

describe('FIRE-TABLE.GRID fire.row and fire.cell unset: each is asked by its key, and nothing changes', () => {
  it('FIRE-TABLE.GRID fire.row unset: a player\'s fire is refused naming the house rule and the GM\'s row: option; a player\'s row: is a GM ruling', () => {
    const open = [...setup, fireTurn, house('fire.cell', CELL)];
    refused(open, fire('Ligne', 'Zach'), 'alice', /^The FIRE-TABLE row \(FIRE-TABLE\.GRID\) is needed: the source prints the rows Half and 1-9 but does not say how the row is chosen\. A GM gives row: with the fire, or sets it for the battle with \/house set key:fire\.row value:\.$/, 5);
    refused(open, fire('Ligne', 'Zach', { row: '3' }), 'alice', /row: this is a ruling of the GM; ask a GM to give them, or set the house rule fire\.row for the battle \(FIRE-TABLE\)/, 5);
    const e = fired(open, fire('Ligne', 'Zach', { row: '3' }), 'gm', 5);
    expect(e.data.outcome).toMatchObject({ row: '3', rowFrom: { value: '3', from: 'gm' }, column: '6-4', cell: { value: 3, from: 'pack' } });
  });

  it('FIRE-TABLE.GRID fire.cell unset: refused before any die, naming /house set key:fire.cell', () => {
    refused([...setup, fireTurn, house('fire.row', STANDS)], fire('Ligne', 'Zach'), 'alice', /^What a FIRE-TABLE cell does to the target \(FIRE-TABLE\.GRID\) is needed: the source does not say what the cells count\. A GM sets it for the battle with \/house set key:fire\.cell value:\.$/, 5);
    // fire.row is asked first where both are open.
    refused([...setup, fireTurn], fire('Ligne', 'Zach'), 'alice', /house set key:fire\.row value:/, 5);
  });
});

describe('FIRE-TABLE.GRID with the house rules loaded, a player fires with no GM', () => {
  it('FIRE-TABLE.GRID fire.row by figures: 24 figures read row 8; the cell removes figures, disorders and calls a morale test (fire.cell); all applied and cited', () => {
    const e = fired(ruled, fire('Ligne', 'Zach'), 'alice', 5);
    const o = e.data.outcome;
    expect(o).toMatchObject({ roll: 5, total: 5, column: '6-4', row: '8', rowFrom: { value: '8', from: 'house' }, cell: { value: 8, from: 'pack' }, effect: { figures: 8, steps: 0, disordered: true, morale: true } });
    expect(e.data.dice.rolls).toEqual([{ sides: 10, result: 5 }]);
    expect(o.steps.map(english)).toContain(`Row 8: Ligne has 24 figures, the band 24 to 26 (fire.row: by the firer's figures, house rule set by <@gm> at event ${ROW_EVENT}) (FIRE-TABLE.GRID).`);
    expect(o.steps.map(english)).toContain(`Cell 8: Zach loses 8 figures, 16 left; 8 is 3 or more: Zach is disordered; 8 is 2 or more: Zach tests morale (fire.cell: removes figures, disorder at 3, morale at 2, house rule set by <@gm> at event ${CELL_EVENT}) (FIRE-TABLE.GRID).`);
    expect(status([...ruled, e], 'u4')).toMatchObject({ figuresLost: 8, disordered: true, turn: { firedAt: true, fireLosses: 8 } });
    const text = describeChargeEvent(e, given(ruled).state);
    expect(english(text).split('\n')[0]).toBe('Ligne fires at Zach (FIRE-TABLE): row 8, column 6-4: 8; Zach: 8 figures lost, disordered, tests morale');
    expect(english(text)).toContain('Zach tests morale now: /morale charge unit:"Zach".');
    expect(english(text)).not.toContain('the GM applies it');
  });

  it('FIRE-TABLE.GRID a cell below the thresholds removes its figures only; a cell larger than the target removes what it has', () => {
    const low = fired(ruled, fire('Ligne', 'Zach'), 'alice', 1);
    expect(low.data.outcome).toMatchObject({ column: '1', cell: { value: 7 } });
    const half = fired([...ruled, house('fire.row', { infantry: { by: 'arm', rows: { infantry: 'half' } } })], fire('Ligne', 'Zach'), 'alice', 8);
    expect(half.data.outcome).toMatchObject({ row: 'Half', cell: { value: 0 }, effect: { figures: 0, disordered: false, morale: false } });
    const all = fired(ruled, fire('Ligne', 'Voltigeurs'), 'alice', 10);
    expect(all.data.outcome.effect).toMatchObject({ figures: 6 });
    expect(all.data.outcome.steps.map(english).join('\n')).toContain('Voltigeurs loses 6 figures (all it had), 0 left');
    refused([...ruled, all], fire('Ligne', 'Voltigeurs'), 'alice', /Voltigeurs has no figures left to fire at/, 5);
  });

  it('FIRE-TABLE.GRID fire.row one reading an arm: a battery by its gun; an arm the rule leaves out is refused naming fire.row', () => {
    const e = fired(ruled, fire('Battery', 'Zach', { block: 'B', band: 'long', distance: 12 }), 'alice', 9);
    expect(e.data.outcome).toMatchObject({ row: '4', total: 7, column: '9-7', cell: { value: 5 }, effect: { figures: 5 } });
    expect(e.data.outcome.steps.map(english).join('\n')).toContain("Row 4: Battery's gun is 8-9pdr (fire.row: by the firer's gun");
    refused(ruled, fire('Hussards', 'Zach'), 'alice', /house rule fire\.row \(house rule set by <@gm> at event \d+\) gives no reading for light cavalry, only for infantry, artillery, skirmishers; a GM adds one with \/house set key:fire\.row value:/, 5);
  });

  it('FIRE-TABLE.GRID fire.row by a die: the row is rolled first on the battle\'s dice; a row given is refused', () => {
    const dieRow = [...ruled, house('fire.row', { by: 'die', die: 6, bands: [{ min: 4, max: null, row: 5 }, { min: null, max: 3, row: 'Half' }] })];
    const e = fired(dieRow, fire('Ligne', 'Zach'), 'alice', 5, 7);
    expect(e.data.dice.rolls).toEqual([
      { sides: 6, result: 5 },
      { sides: 10, result: 7 },
    ]);
    expect(e.data.outcome).toMatchObject({ row: '5', roll: 7, column: '9-7', cell: { value: 6 } });
    expect(e.data.outcome.steps.map(english).join('\n')).toContain('Row 5: d6 5, the band 4+ (fire.row: rolled on a d6');
    refused(dieRow, fire('Ligne', 'Zach', { row: '5' }), 'gm', /The FIRE-TABLE row of Ligne is rolled on a d6 by this battle's house rule fire\.row/, 5, 7);
  });

  it('FIRE-TABLE.GRID fire.row counted on the table: the firing player gives the row; without it the fire is refused naming what to count', () => {
    const counted = [...ruled, house('fire.row', { by: 'table', counts: 'stands in range and arc' })];
    const e = fired(counted, fire('Hussards', 'Zach', { row: '3' }), 'alice', 5);
    expect(e.data.outcome).toMatchObject({ row: '3', rowFrom: { from: 'house' }, cell: { value: 3 } });
    expect(e.data.outcome.steps.map(english).join('\n')).toContain('Row 3: stands in range and arc, counted on the table (fire.row: counted on the table: stands in range and arc');
    refused(counted, fire('Hussards', 'Zach'), 'alice', /reads the row on the table: stands in range and arc\. Give it with the fire, row:Half or 1-9/, 5);
  });

  it('FIRE-TABLE.GRID fire.row by the range band: the fire names its band, or is refused', () => {
    const banded = [...ruled, house('fire.row', { by: 'band', rows: { long: 4, extreme: 'Half' } })];
    expect(fired(banded, fire('Battery', 'Zach', { block: 'B', band: 'long' }), 'alice', 9).data.outcome.row).toBe('4');
    refused(banded, fire('Battery', 'Zach'), 'alice', /reads the row from the range band: give block: and band: with the fire/, 9);
    refused(banded, fire('Battery', 'Zach', { block: 'B', band: 'short ball' }), 'alice', /gives no row for the band short ball, only for long, extreme/, 9);
  });

  it('FIRE-TABLE.GRID a row given against the house rule is refused, naming how to change or unset it; the same row stands', () => {
    refused(ruled, fire('Ligne', 'Zach', { row: '3' }), 'gm', /The FIRE-TABLE row of Ligne is row 8 \(Ligne has 24 figures, the band 24 to 26\) by this battle's house rule fire\.row .*\/house set key:fire\.row value: or opens it again with \/house unset key:fire\.row/, 5);
    expect(fired(ruled, fire('Ligne', 'Zach', { row: '8' }), 'alice', 5).data.outcome.row).toBe('8');
  });

  it('FIRE-TABLE.GRID fire.cell removes steps, or nothing: the thresholds apply to the cell alike', () => {
    const steps = fired([...ruled, house('fire.cell', { removes: 'steps', morale: 1 })], fire('Ligne', 'Zach'), 'alice', 5);
    expect(steps.data.outcome.effect).toMatchObject({ figures: 0, steps: 8, disordered: false, morale: true });
    expect(status([...ruled, steps], 'u4')).toMatchObject({ steps: 8, turn: { fireLosses: 8 } });
    expect(status([...ruled, steps], 'u4').figuresLost).toBeUndefined();
    const nothing = fired([...ruled, house('fire.cell', { removes: 'nothing', disorder: 8 })], fire('Ligne', 'Zach'), 'alice', 5);
    expect(nothing.data.outcome.effect).toMatchObject({ figures: 0, steps: 0, disordered: true, morale: false });
    expect(nothing.data.outcome.steps.map(english).join('\n')).toContain('Cell 8: it removes nothing; 8 is 8 or more: Zach is disordered');
  });

  it('FIRE-TABLE.GRID a fire logged before fire.cell (no effect in its outcome) replays as it did: the GM applied it', () => {
    const e = fired(ruled, fire('Ligne', 'Zach'), 'alice', 5);
    const { effect: _effect, rowFrom: _rowFrom, ...outcome } = e.data.outcome;
    const old = { ...e, data: { ...e.data, outcome } } as BattleEvent;
    expect(status([...ruled, old], 'u4')).toEqual({ turn: { at: { turn: 1, phase: CHARGE_PHASES.findIndex((p) => p.id === 'FIRE-TABLE') }, firedAt: true } });
    expect(english(describeChargeEvent(old as ChargeEvent, given(ruled).state))).toContain('The source does not say what the cell counts: the GM applies it (/charge status).');
  });
});

describe('FIRE-TABLE.GRID bad values of fire.row and fire.cell are refused, naming what was wrong', () => {
  const set = (key: string, value: unknown) => ({ type: 'SetHouseRule', key, value }) as Action;
  it.each([
    ['fire.row', { by: 'dice' }, /^fire\.row takes a reading of the row: .*\(FIRE-TABLE\.GRID\); .* is not: by: one of table, figures, die, arm, class, formation, gun, band\.$/],
    ['fire.row', { by: 'figures', bands: [{ min: 10, max: null, row: 3 }] }, /is not: bands: the last band must reach down to 1 \(min: 1 or null\): every unit that fires has 1 figure or more\.$/],
    ['fire.row', { by: 'figures', bands: [{ min: 10, max: null, row: 12 }, { min: null, max: 9, row: 1 }] }, /is not: bands\.0\.row: a row is Half or 1 to 9 \(got 12\)\.$/],
    ['fire.row', { by: 'figures', bands: [{ min: 5, max: null, row: 3 }, { min: null, max: 3, row: 1 }] }, /is not: bands\.1: must end at 4, just below the band before it \(got 3\)\.$/],
    ['fire.row', { by: 'die', die: 6, bands: [{ min: 4, max: 5, row: 1 }, { min: null, max: 3, row: 2 }] }, /is not: bands: the first band must reach 6 \(max: 6 or null\): a d6 rolls 1 to 6\.$/],
    ['fire.row', { by: 'table' }, /is not: counts: /],
    ['fire.row', { cavalry: { by: 'arm', rows: { infantry: 3 } } }, /is not: "cavalry" is not an arm; an arm is one of infantry, light cavalry, heavy cavalry, artillery, skirmishers\.$/],
    ['fire.row', { by: 'gun', rows: { '6pdr': 3 } }, /is not: rows: "6pdr" is not a gun; a gun is one of 12pdr heavy, 8-9pdr, 3-4pdr, 3-6pdr horse\.$/],
    ['fire.row', { by: 'class', rows: {} }, /is not: rows: give at least one a class\.$/],
    ['fire.cell', { removes: 'men' }, /^fire\.cell takes what a cell does to the target, .*\(FIRE-TABLE\.GRID\); .* is not: removes: one of figures, steps, nothing\.$/],
    ['fire.cell', { removes: 'figures', disorder: -1 }, /is not: disorder: a cell value, a whole number 0 or more\.$/],
    ['fire.cell', { removes: 'figures', rout: 5 }, /is not: it takes removes, disorder and morale, not "rout"\.$/],
    ['fire.cell', 'figures', /is not: /],
  ])('FIRE-TABLE.GRID %s %j is refused', (key, value, why) => {
    given(setup).when(set(key, value), 'gm').refused(why);
  });
});
