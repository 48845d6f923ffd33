import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/battle/actions.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import type { ChargeEvent } from '../../src/systems/charge/battle/index.ts';
import { CHARGE_PHASES } from '../../src/systems/charge/sequence.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { scriptedStream } from '../support/scripted-dice.ts';
import { heldThenResolved } from '../support/held.ts';
import { given } from '../support/spec.ts';
import { english } from '../../src/i18n/text.ts';

/**
 * The charge game's house rules (issue 26): every value the seed leaves open is set once per battle
 * by a GM (an event in the log), cited in the working of each outcome that uses it, and asked of the
 * GM by its option and its house key while it is open. French (alice) against Austrian (bob).
 */
const unit = (unitId: string, name: string, commandId: string, attrs: Record<string, string | number>): BattleEvent => ({ type: 'UnitAdded', data: { unitId, name, commandId, attrs } });
const setup: BattleEvent[] = [
  { type: 'BattleCreated', data: { battleId: 'b1', name: 'Aspern', system: 'charge', channel: 'table', gm: 'gm' } },
  { type: 'SideAdded', data: { sideId: 's1', name: 'French' } },
  { type: 'SideAdded', data: { sideId: 's2', name: 'Austrian' } },
  { type: 'CommandAdded', data: { commandId: 'c1', name: 'Saint-Hilaire', sideId: 's1' } },
  { type: 'CommandAdded', data: { commandId: 'c2', name: 'Brady', sideId: 's2' } },
  { type: 'CommandAdded', data: { commandId: 'c3', name: 'Lasalle', sideId: 's1' } },
  { type: 'CommandAssigned', data: { commandId: 'c1', user: 'alice' } },
  { type: 'CommandAssigned', data: { commandId: 'c2', user: 'bob' } },
  { type: 'SideJoined', data: { sideId: 's1', user: 'alice' } },
  { type: 'SideJoined', data: { sideId: 's2', user: 'bob' } },
  unit('u1', 'Ligne', 'c1', { arm: 'infantry', figures: 24, class: 'line', move_class: 'average', formation: 'column' }),
  unit('u6', 'Garde', 'c1', { arm: 'infantry', figures: 24, class: 'line', move_class: 'average', formation: 'column', leader: 'division' }),
  unit('u2', 'Hussards', 'c3', { arm: 'light cavalry', figures: 12, class: 'elite', move_class: 'excellent', formation: 'line' }),
  unit('u3', 'Zach', 'c2', { arm: 'infantry', figures: 24, class: 'line', move_class: 'average', formation: 'closed column', leader: 'division' }),
  unit('u5', 'Rosenberg', 'c2', { arm: 'light cavalry', figures: 12, class: 'line', move_class: 'average', formation: 'column' }),
];
const house = (key: string, value: unknown): BattleEvent => ({ type: 'HouseRuleSet', data: { key, value, by: 'gm', rules: [] } });
const at = (id: string) => CHARGE_PHASES.findIndex((p) => p.id === id);
const to = (id: string, turn = 1): BattleEvent => ({ type: 'PhaseAdvanced', data: { from: { turn: 1, phase: 0 }, to: { turn, phase: at(id) }, phaseId: id, phaseName: 'x', due: [] } });
/** Charges with the die set as a house rule (event `setup.length + 2`), the figures' ratio for Mass (the next). */
const charges = [...setup, to('CHG-ROLL'), house('charge.die', 10), house('mass', 'ratio')];
const dieEvent = setup.length + 2;

const play = (events: BattleEvent[], action: Action, actor: string, ...dice: number[]) => given(events).when(action, actor, { dice: scriptedStream(...dice) }).events();
const one = <T extends ChargeEvent['type']>(events: BattleEvent[], type: T) => {
  const e = events.find((x) => x.type === type);
  expect(e, `no ${type} in ${events.map((x) => x.type).join(', ')}`).toBeDefined();
  return e as Extract<ChargeEvent, { type: T }>;
};
const refused = (events: BattleEvent[], action: Action, actor: string, why: RegExp, ...dice: number[]) => {
  const run = () => given(events).when(action, actor, { dice: scriptedStream(...dice) }).events();
  expect(run).toThrow(RuleError);
  expect(run).toThrow(why);
};
const roll = (attacker: string, defender: string, more: Partial<Extract<Action, { type: 'ChargeRoll' }>> = {}): Action => ({ type: 'ChargeRoll', attacker, defender, table: 'open', ...more });
const mods = (e: Extract<ChargeEvent, { type: 'ChargeResolved' }>, side: 'attacker' | 'defender') => e.data.outcome[side].modifiers.map((m) => m.id);

describe('CHG-ROLL the charge die is a house rule', () => {
  it('CHG-ROLL a die left open is refused naming the option a GM types and the house key; set, a player charges and the working cites it', () => {
    refused([...setup, to('CHG-ROLL'), house('mass', 'ratio')], roll('Ligne', 'Zach'), 'alice', /charge die \(CHG-ROLL\) is needed.*A GM gives die: with the charge, or sets it for the battle with \/house set key:charge\.die value:/, 5, 5);
    refused([...setup, to('CHG-ROLL'), house('mass', 'ratio')], roll('Ligne', 'Zach'), 'alice', /^(?!.*gm\.die)/, 5, 5);
    const e = one(play(charges, roll('Ligne', 'Zach'), 'alice', 6, 3), 'ChargeResolved');
    expect(e.data.outcome.die).toMatchObject({ value: 10, from: 'house' });
    expect(english(e.data.outcome.steps[0]!)).toContain(`charge.die: d10, house rule set by <@gm> at event ${dieEvent}`);
  });

  it('CHG-ROLL a GM\'s die where the house rule holds is refused, naming how to change or unset it', () => {
    refused(charges, roll('Ligne', 'Zach', { die: 6 }), 'gm', /house rule charge\.die.*\/house set key:charge\.die.*\/house unset key:charge\.die/, 5, 5);
  });
});

describe('CHG-ATT-MOD.8-11, CHG-DEF-MOD.4-7 Mass... is a house rule reading', () => {
  const open = [...setup, to('CHG-ROLL'), house('charge.die', 10)];

  it('CHG-ATT-MOD.8-11 Mass... is undefined in the seed: no reading applies until chosen; the charge is refused naming the readings', () => {
    refused(open, roll('Ligne', 'Rosenberg'), 'alice', /Mass\.\.\. \(CHG-ATT-MOD\.8-11, CHG-DEF-MOD\.4-7\).*mass:.*\/house set key:mass value:.*ratio.*none.*gm/, 5, 5);
  });

  it('CHG-ATT-MOD.9 the reading "ratio": 24 figures against 12 is Mass 2x, cited as the house rule', () => {
    const e = one(play([...open, house('mass', 'ratio')], roll('Ligne', 'Rosenberg'), 'alice', 5, 5), 'ChargeResolved');
    expect(mods(e, 'attacker')).toEqual(['CHG-ATT-MOD.9']);
    expect(e.data.outcome.steps.map(english).join('\n')).toContain(`CHG-ATT-MOD.9 Mass... 2x: +3 (from the roster and log), mass: ratio, house rule set by <@gm> at event ${dieEvent + 1}`);
  });

  it('CHG-DEF-MOD.4-7 the reading "none": no Mass row applies to either side', () => {
    const e = one(play([...open, house('mass', 'none')], roll('Rosenberg', 'Ligne'), 'bob', 5, 5), 'ChargeResolved');
    expect(mods(e, 'attacker')).toEqual(['CHG-ATT-MOD.15']);
    expect(mods(e, 'defender')).toEqual([]);
    expect(english(e.data.outcome.steps[1]!)).toMatch(/^Mass\.\.\.: no Mass row applies \(mass: none, house rule set by <@gm> at event \d+\)/);
  });

  it('CHG-DEF-MOD.5 the reading "gm": a GM gives the multiple with each charge; a player may not, and without it the charge is refused', () => {
    const gm = [...open, house('mass', 'gm')];
    refused(gm, roll('Ligne', 'Rosenberg'), 'gm', /Mass\.\.\. .*house rule mass.*gm.*a GM gives mass: with each charge/, 5, 5);
    refused(gm, roll('Ligne', 'Rosenberg', { mass: 'defender 2x' }), 'alice', /mass: this is a ruling of the GM/, 5, 5);
    const e = one(play(gm, roll('Ligne', 'Rosenberg', { mass: 'defender 2x' }), 'gm', 5, 5), 'ChargeResolved');
    expect(mods(e, 'attacker')).toEqual([]);
    expect(mods(e, 'defender')).toEqual(['CHG-DEF-MOD.5']);
  });
});

describe('CHG-ATT-MOD.6 Rout/Broken NA', () => {
  it('CHG-ATT-MOD.6 a routed or broken unit may not charge: refused, no value asked', () => {
    const broken = [...charges, { type: 'ChargeStatusSet', data: { unitId: 'u1', at: { turn: 1, phase: at('CHG-ROLL') }, change: { rout: 'broken' } } } as BattleEvent];
    refused(broken, roll('Ligne', 'Zach'), 'alice', /Ligne is broken: a routed or broken unit may not charge \(CHG-ATT-MOD\.6, printed NA\)/, 5, 5);
  });
});

describe('CHG-OPEN.1 surrendered figures are rounded by a house rule', () => {
  // Charging the rear (+8): 10 - 1 + 8 = 17, CHG-OPEN 11+; the d10 for surrender rolls 3: 30% of 24 figures is 7.2.
  const rear = roll('Ligne', 'Zach', { attackerChoices: { chargingRear: true } });

  it('CHG-OPEN.1 rounding left open, found after the dice: the charge is held with its 3 dice logged, the need naming no figure; the GM gives the rounding and it resolves on them', () => {
    const [e] = heldThenResolved(charges, rear, 'alice', { dice: [10, 1, 3], need: /^"the house rule surrender\.rounding \(down, nearest, up\), or surrender_rounding: from a GM on the same command"$/, hidden: /7\.2|30%|24/, resolved: { ...rear, surrenderRounding: 'up' } as Action });
    expect((e as Extract<ChargeEvent, { type: 'ChargeResolved' }>).data.outcome.applied.defender).toMatchObject({ figuresLost: 8, figuresLeft: 16 });
  });

  it.each([
    ['down', 7],
    ['nearest', 7],
    ['up', 8],
  ] as const)('CHG-OPEN.1 with surrender.rounding %s, 30 percent of 24 figures loses %i', (rounding, lost) => {
    const e = one(play([...charges, house('surrender.rounding', rounding)], rear, 'alice', 10, 1, 3), 'ChargeResolved');
    expect(e.data.outcome.applied.defender).toMatchObject({ figuresLost: lost, figuresLeft: 24 - lost });
  });
});

describe('INIT-GRANDTAC', () => {
  const opened = (more: Partial<Extract<Action, { type: 'OpenGrandTac' }>> = {}) => {
    const events = play(setup, { type: 'OpenGrandTac', ...more }, 'gm');
    return [...setup, ...events];
  };
  const vote = (events: BattleEvent[], ...dice: number[]) => {
    const first = play(events, { type: 'CastVote', ballot: 'v1', choice: '3' }, 'alice');
    return play([...events, ...first], { type: 'CastVote', ballot: 'v1', choice: '2' }, 'bob', ...dice);
  };

  it('INIT-GRANDTAC unmodified rolls totalling 17 or more end the turn: the battle moves to the next turn', () => {
    const events = vote(opened(), 9, 8);
    expect(one(events, 'GrandTacRolled').data.outcome.turnEnds).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: 'PhaseAdvanced', data: { from: { turn: 1, phase: 0 }, to: { turn: 2, phase: 0 } } });
  });

  it('INIT-GRANDTAC 16 does not end the turn', () => {
    expect(vote(opened(), 9, 7).map((e) => e.type)).not.toContain('PhaseAdvanced');
  });

  it('INIT-GRANDTAC a GM gives modifiers to the Grand-Tac roll when opening it; they apply at the reveal', () => {
    const events = vote(opened({ modifiers: { French: [{ label: 'army commander', value: 2 }] } }), 4, 5);
    const o = one(events, 'GrandTacRolled').data.outcome;
    expect(o.rolls[0]).toMatchObject({ side: 'French', roll: 4, total: 6, modifiers: [{ label: 'army commander', value: 2 }] });
    expect(o.result).toMatchObject({ kind: 'winner', side: 'French' });
    expect(() => play(setup, { type: 'OpenGrandTac', modifiers: { Prussian: [{ label: 'x', value: 1 }] } }, 'gm')).toThrow(/no side "Prussian"/);
  });

  it('INIT-GRANDTAC a Division-or-better commander contests the initiative during the turn, against the active division commander', () => {
    const contest: Action = { type: 'ContestInitiative', commander: 'Saint-Hilaire', against: 'Brady' };
    const e = one(play(setup, contest, 'alice', 3, 5), 'InitiativeContested');
    expect(e.data.outcome).toMatchObject({ kind: 'contest', rolls: [{ side: 'Saint-Hilaire', roll: 3 }, { side: 'Brady', roll: 5 }], result: { kind: 'winner', side: 'Brady' } });
    refused(setup, { type: 'ContestInitiative', commander: 'Lasalle', against: 'Brady' }, 'alice', /Lasalle has no Division-or-better commander.*leader/, 3, 5);
    refused(setup, contest, 'bob', /only its players or a GM/, 3, 5);
    const ends = play(setup, contest, 'alice', 10, 7);
    expect(ends.at(-1)).toMatchObject({ type: 'PhaseAdvanced', data: { to: { turn: 2, phase: 0 } } });
  });
});

describe('INIT-LOCAL', () => {
  const table = [
    { min: 7, max: null, elite: 'AA', line: 'AA', conscript: 'NA' },
    { min: 4, max: 6, elite: 'AA', line: 'NA', conscript: 'none' },
    { min: null, max: 3, elite: 'NA', line: 'none', conscript: 'none' },
  ];
  const ruled = [...setup, house('local-initiative.table', table), house('class-dice', { elite: 10, line: 8, conscript: 6 })];

  it('INIT-LOCAL the table is a house rule: open, the roll is refused naming it', () => {
    refused([...setup, house('class-dice', { line: 8 })], { type: 'ChargeLocalInitiative', unit: 'Ligne', purpose: 'movement' }, 'alice', /\/house set key:local-initiative\.table value:/, 5);
  });

  it('INIT-LOCAL the printed +1 (Division or better leader attached) and -1 (reacting to a cavalry charge) apply and show, with the house rules cited', () => {
    const e = one(play(ruled, { type: 'ChargeLocalInitiative', unit: 'Garde', purpose: 'form square', reactingToCavalryCharge: true }, 'alice', 6), 'ChargeLocalInitiativeRolled');
    expect(e.data.outcome.modifiers.map((m) => [m.id, m.total])).toEqual([
      ['INIT-LOCAL.MOD1', 1],
      ['INIT-LOCAL.MOD2', -1],
    ]);
    expect(e.data.outcome).toMatchObject({ roll: 6, total: 6, result: 'NA', die: { value: 8, from: 'house' } });
    const text = e.data.outcome.steps.map(english).join('\n');
    expect(text).toMatch(/INIT-LOCAL\.MOD1 Division or better leader attached: \+1/);
    expect(text).toMatch(/INIT-LOCAL\.MOD2 Reacting a cavalry charge: -1/);
    expect(text).toContain(`local-initiative.table: the table, house rule set by <@gm> at event ${setup.length + 1}`);
  });
});

describe('house rules at the table: set, changed and unset mid-battle; the battle report', () => {
  const SETUP = [
    '@gm /battle create name:Aspern system:charge',
    '@gm /oob import file:examples/oob/charge.yaml',
    '@gm /command assign command:"Saint-Hilaire\'s Division" user:davout',
    '@gm /command assign command:"Lasalle\'s Light Cavalry" user:davout',
    '@gm /command assign command:"Brady\'s Division" user:charles',
    '@gm /command assign command:"Liechtenstein\'s Reserve Cavalry" user:charles',
    '@gm /house set key:mass value:none',
    '@gm /house set key:charge.open.rows value:"{0: firefight}"',
    '@gm /house set key:charge.cover.rows value:"{5: firefight, 4: firefight, 3: firefight, 2: firefight, 1: firefight, 0: firefight}"',
    '@gm /house set key:surrender.rounding value:down',
    '@gm /phase next',
    '@gm /phase next',
  ];
  const charge = '@davout /charge roll attacker:"3e de Ligne" defender:"IR 15 Zach" table:cover';
  const chargeText = (out: { to: string; text: string; error?: string }[]) => out.find((o) => o.to === 'channel' && o.text.startsWith('3e de Ligne charges'))?.text ?? out.map((o) => o.error ?? o.text).join('\n');

  it('a house rule set, changed and unset mid-battle replays to the same states at every version; verify passes', async () => {
    const { startTable } = await import('../support/table.ts');
    const { replay } = await import('../../src/battle/replay.ts');
    const { verifyLog } = await import('../../src/app/reports/verify.ts');
    const t = startTable();
    await t.run(SETUP);
    const set = await t.run('@gm /house set key:charge.die value:10');
    const v10 = set.find((o) => o.to === 'channel')!.event!;
    expect(chargeText(await t.run(charge))).toContain(`d10 each (CHG-ROLL, charge.die: d10, house rule set by <@gm> at event ${v10})`);
    const changed = await t.run('@gm /house set key:charge.die value:6');
    const v6 = changed.find((o) => o.to === 'channel')!.event!;
    expect(chargeText(await t.run(charge))).toContain(`d6 each (CHG-ROLL, charge.die: d6, house rule set by <@gm> at event ${v6})`);
    await t.run('@gm /house unset key:charge.die');
    const open = await t.run(charge);
    expect(open[0]!.error).toMatch(/A GM gives die: with the charge, or sets it for the battle with \/house set key:charge\.die value:/);

    const [b] = await t.app.battles();
    const log = await t.app.log(b!.id);
    expect(replay(b!.id, log)).toEqual(await t.app.state(b!.id));
    expect(replay(b!.id, log, v10).house['charge.die']).toMatchObject({ value: 10, version: v10 });
    expect(replay(b!.id, log, v6).house['charge.die']).toMatchObject({ value: 6, version: v6 });
    expect(replay(b!.id, log).house['charge.die']).toBeUndefined();
    for (const e of log) expect(replay(b!.id, log, e.version).version).toBe(e.version);
    const verified = await verifyLog(t.store, b!.id, '01'.repeat(32));
    expect(verified.chain.ok).toBe(true);
    expect(verified.dice.status).toBe('checked');
  });

  it('MEL-D10 a charge battle\'s report reads figures and morale, and lists the melee resolved', async () => {
    const { startTable } = await import('../support/table.ts');
    const t = startTable();
    await t.run([...SETUP, '@gm /phase next', '@gm /phase next', '@davout /charge melee attacker:"16e Chasseurs à cheval" defender:"Chevauleger-Regiment Rosenberg"']);
    const text = (await t.run('@davout /battle report'))[0]!.text;
    expect(text).not.toContain('give the report no unit strength');
    expect(text).not.toContain('No melee was resolved');
    expect(text).toMatch(/Units \(figures at the start and at the end of turn 1/);
    expect(text).toMatch(/• 3e de Ligne \(French\): 24 → 24 figures; good/);
    expect(text).toMatch(/Melees:\n• turn 1 \(log event \d+\): 16e Chasseurs à cheval against Chevauleger-Regiment Rosenberg \(MEL-D10\)/);
  });
});
