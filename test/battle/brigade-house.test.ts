import { describe, expect, it } from 'vitest';
import { verifyLog } from '../../src/app/reports/verify.ts';
import type { Action } from '../../src/battle/actions.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import { replay } from '../../src/battle/replay.ts';
import type { BrigadeEvent } from '../../src/systems/brigade/battle/index.ts';
import { brg } from '../../src/systems/brigade/battle/state.ts';
import { scriptedStream } from '../support/scripted-dice.ts';
import { given } from '../support/spec.ts';
import { startTable } from '../support/table.ts';
import { english } from '../../src/i18n/text.ts';

/**
 * House rules of the brigade game (src/systems/brigade/house.ts): each value the seed leaves open,
 * set once per battle by a GM, used from the next action and cited in the working; while it is
 * open the GM gives it at each use as before, or the action is refused naming the option and the
 * house key. Allies (alice) against French (bob); GM gm.
 */
const unit = (unitId: string, name: string, commandId: string, attrs: Record<string, string | number>): BattleEvent => ({ type: 'UnitAdded', data: { unitId, name, commandId, attrs } });
const at = (turn: number, phase: number) => ({ turn, phase });
const to = (turn: number, phase: number): BattleEvent => ({ type: 'PhaseAdvanced', data: { from: at(turn, Math.max(0, phase - 1)), to: at(turn, phase), phaseId: `BRG-${phase + 1}`, phaseName: 'x', due: [] } });
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
  unit('u1', '45th', 'c1', { arm: 'infantry', morale: 5, melee_dice: '1D6', figures: 8 }),
  unit('u2', '88th', 'c1', { arm: 'infantry', morale: 4, melee_dice: '1D6', figures: 8 }),
  unit('u3', 'Dragoons', 'c2', { arm: 'cavalry', morale: 5, melee_dice: '1D6', figures: 6 }),
  unit('u4', '15e', 'c3', { arm: 'infantry', morale: 4, melee_dice: '1D3', figures: 8 }),
  unit('u5', '66e', 'c3', { arm: 'infantry', morale: 4, melee_dice: '0', figures: 8 }),
];
/** A house rule set by the GM: the event /house set appends (its version is its place in the given log). */
const house = (key: string, value: unknown, rules: string[]): BattleEvent => ({ type: 'HouseRuleSet', data: { key, value, by: 'gm', rules } });
const play = (events: BattleEvent[], action: Action, actor: string, ...dice: number[]) => given(events).when(action, actor, { dice: scriptedStream(...dice) }).events();
const refused = (events: BattleEvent[], action: Action, actor: string, why: RegExp, ...dice: number[]) => given(events).when(action, actor, { dice: scriptedStream(...dice) }).refused(why);
const last = <T extends BrigadeEvent['type']>(events: BattleEvent[], type: T) => events.filter((e) => e.type === type).at(-1) as Extract<BrigadeEvent, { type: T }>;
const cited = (key: string, value: string, events: BattleEvent[]) => `(${key}: ${value}, house rule set by <@gm> at event ${events.findIndex((e) => e.type === 'HouseRuleSet' && e.data.key === key) + 1})`;

describe('brigade house rules, each where the seed is open', () => {
  const marching = [...setup, ...play(setup, { type: 'AdvancePhase' }, 'gm')];
  const roll: Action = { type: 'BrigadeRollInitiative' };

  it('BRG-2.1 initiative.tie roll-again: a tie is rolled again, the working says by which house rule', () => {
    const given = [...marching, house('initiative.tie', 'roll-again', ['BRG-2.1', 'BRG-3.2.1', 'BRG-3.4.2'])];
    const e = last(play(given, roll, 'alice', 4, 4, 5, 2), 'BrigadeInitiativeRolled');
    expect(e.data).toMatchObject({ winnerSideId: 's1', outcome: { tied: false, rounds: 2 } });
    expect(e.data.outcome.steps.map(english)).toContainEqual(`Tied at 4: both roll again ${cited('initiative.tie', 'roll-again', given)}.`);
  });

  it('BRG-2.1 initiative.tie gm-rules: no winner, a GM declares, cited; open, the refusal names /activate declare and the house key', () => {
    const given = [...marching, house('initiative.tie', 'gm-rules', ['BRG-2.1'])];
    const e = last(play(given, roll, 'alice', 3, 3), 'BrigadeInitiativeRolled');
    expect(e.data).toMatchObject({ winnerSideId: null, outcome: { tied: true } });
    expect(e.data.outcome.steps.map(english)).toContainEqual(`Tied at 3: no winner; a GM rules who declares ${cited('initiative.tie', 'gm-rules', given)}.`);
    const open = last(play(marching, roll, 'alice', 3, 3), 'BrigadeInitiativeRolled');
    expect(english(open.data.outcome.steps.at(-1)!)).toMatch(/the GM rules who declares \(\/activate declare\), or sets a tie rule for the battle \(\/house set key:initiative\.tie value:\)\.$/);
  });

  const combat = [...setup, to(1, 2)];
  /** Allies 5 and 4 average 4.5: a fractional average. */
  const melee = (more: Partial<Extract<Action, { type: 'BrigadeMelee' }>> = {}): Action => ({ type: 'BrigadeMelee', a: ['45th', '88th'], b: ['15e'], ...more });

  it('BRG-3.3.2 melee.rounding: the average is rounded by the house rule, cited; the GM\'s rounding is refused while it is in force; open, asked naming rounding: and the house key', () => {
    refused(combat, melee(), 'alice', /average starting morale is 4\.5; the source does not say how to round it: a GM gives rounding: down, up, nearest, or sets it for the battle with \/house set key:melee\.rounding value: \(BRG-3\.3\.2\)/);
    const given = [...combat, house('melee.rounding', 'up', ['BRG-3.3.2'])];
    const e = last(play(given, melee(), 'alice', 1, 1, 1), 'BrigadeMeleeResolved');
    expect(e.data.outcome.strengths[0]).toMatchObject({ average: 4.5, counted: 5, rounding: 'up' });
    expect(english(e.data.outcome.steps[0]!)).toBe(`Allies: starting morale 45th 5, 88th 4; average 4.5, rounded up to 5 ${cited('melee.rounding', 'up', given)} (BRG-3.3.2).`);
    refused(given, melee({ rounding: 'down' }), 'gm', /rounding cannot be given: this battle's house rule gives it \(melee\.rounding: up, house rule set by <@gm> at event \d+\); leave it out, or \/house unset key:melee\.rounding first \(BRG-3\.3\.2\)/);
  });

  it('BRG-3.3.3 melee.tie roll-again: equal strengths roll every melee die again until they differ; on_tie is refused while it is in force', () => {
    // Dragoons 5 + 1 = 6 against 15e 4 + 2 = 6; again: 5 + 6 = 11 against 4 + 1 = 5.
    const given = [...combat, house('melee.tie', 'roll-again', ['BRG-3.3.3'])];
    const e = last(play(given, { type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e'] }, 'alice', 1, 2, 6, 1), 'BrigadeMeleeResolved');
    expect(e.data.outcome).toMatchObject({ tied: false, winner: 'Allies', difference: 6 });
    expect(e.data.outcome.steps.map(english)).toContainEqual(`Equal melee strengths, 6 each: every melee die is rolled again ${cited('melee.tie', 'roll-again', given)}.`);
    refused(given, { type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e'], onTie: 'French' }, 'gm', /on_tie cannot be given: this battle's house rule gives it \(melee\.tie: roll-again, .*\/house unset key:melee\.tie first \(BRG-3\.3\.3\)/);
    const gmRules = [...combat, house('melee.tie', 'gm-rules', ['BRG-3.3.3'])];
    const tied = last(play(gmRules, { type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e'] }, 'alice', 1, 2), 'BrigadeMeleeResolved');
    expect(english(tied.data.outcome.steps.at(-1)!)).toBe(`Equal melee strengths, 6 each: no winner, and no casualties or retreats are applied until a GM names the loser (/brigade melee-tie) ${cited('melee.tie', 'gm-rules', gmRules)}.`);
  });

  it('BRG-3.3.4 retreat.infantry: losing infantry retreats the house distance, cited; open, the GM is asked naming infantry_retreat: and the house key', () => {
    // Dragoons 5 + 6 = 11 against 15e 4 + 1 = 5.
    const open = last(play(combat, { type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e'] }, 'alice', 6, 1), 'BrigadeMeleeResolved');
    expect(open.data.outcome.steps.map(english)).toContainEqual(expect.stringMatching(/the infantry retreat distance is illegible in the source: the GM gives the distance \(infantry_retreat:, or for the battle \/house set key:retreat\.infantry value:\)\.$/));
    const given = [...combat, house('retreat.infantry', 6, ['BRG-3.3.4'])];
    const e = last(play(given, { type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e'] }, 'alice', 6, 1), 'BrigadeMeleeResolved');
    expect(e.data.outcome.results?.effects).toContainEqual({ unit: '15e', effect: 'retreat', rule: 'BRG-3.3.4', distance: { in: 6, cm: null }, facing: 'direction of retreat', marker: true });
    expect(e.data.outcome.steps.map(english)).toContainEqual(`15e (infantry) retreats 6" at once ${cited('retreat.infantry', '6"', given)}, facing the direction of retreat, with a retreat marker (BRG-3.3.4).`);
    refused(given, { type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e'], infantryRetreat: 3 }, 'gm', /infantry_retreat cannot be given: this battle's house rule gives it \(retreat\.infantry: 6, /);
  });

  /** Dragoons activated in the Close Combat phase, both morale tests passed. */
  const dragoons = (more: BattleEvent[]) => {
    let all = [...combat, ...more];
    for (const [a, actor, ...dice] of [
      [{ type: 'BrigadePlaceCloseCombatTokens', units: [{ unit: 'Dragoons', distance: 1.5 }, { unit: '15e', distance: 1.5 }] }, 'alice'],
      [roll, 'alice', 6, 3],
      [{ type: 'BrigadeDeclareSide', side: 'Allies' }, 'alice'],
      [{ type: 'BrigadeActivate', unit: 'Dragoons' }, 'alice'],
      [{ type: 'BrigadeMoraleResult', unit: 'Dragoons', result: 'passed' }, 'gm'],
      [{ type: 'BrigadeMoraleResult', unit: '15e', result: 'passed' }, 'gm'],
    ] as [Action, string, ...number[]][]) all = [...all, ...play(all, a, actor, ...dice)];
    return all;
  };
  const chargeAction: Action = { type: 'BrigadeAct', unit: 'Dragoons', action: 'charge', target: '15e', distance: 1.5 };

  it('BRG-3.2.5 bayonets.breaks-on: the house faces read the 1D6, cited; the GM\'s faces refused while it is in force', () => {
    const given = dragoons([house('bayonets.breaks-on', [5, 6], ['BRG-3.2.5', 'BRG-3.4.6'])]);
    const b = last(play(given, chargeAction, 'alice', 6), 'BrigadeActed').data.outcome.bayonets[0]!;
    expect(b).toMatchObject({ roll: 6, broken: true, by: 'house' });
    expect(english(b.steps[1]!)).toBe(`Breaks on 5, 6 ${cited('bayonets.breaks-on', '5, 6', given)}: the bayonets are broken. The effect of failing is not in the source.`);
    refused(given, { ...chargeAction, breaksOn: [6] } as Action, 'gm', /breaks_on cannot be given: this battle's house rule gives it \(bayonets\.breaks-on: \[5,6\], house rule set by <@gm> at event \d+\)/, 6);
    const open = last(play(dragoons([]), chargeAction, 'alice', 6), 'BrigadeActed').data.outcome.bayonets[0]!;
    expect(english(open.steps[1]!)).toBe('The source gives neither the score needed nor the effect: the GM reads the roll (breaks_on:, or for the battle /house set key:bayonets.breaks-on value:).');
  });

  it('BRG-3.4.3.1 uncontrolled.on: the house faces read the cavalry\'s 1D6 in exploitation, cited', () => {
    const given = dragoons([house('uncontrolled.on', [1], ['BRG-3.4.3.1'])]);
    let all = [...given, ...play(given, chargeAction, 'alice', 2)];
    for (const [a, actor, ...dice] of [
      [{ type: 'BrigadeMelee', a: ['Dragoons'], b: ['15e'] }, 'alice', 6, 1],
      [{ type: 'BrigadeClearTokens' }, 'gm'],
      [{ type: 'BrigadeExploit', mutual: false }, 'alice'],
    ] as [Action, string, ...number[]][]) all = [...all, ...play(all, a, actor, ...dice)];
    const u = last(play(all, { type: 'BrigadeAct', unit: 'Dragoons', action: 'consolidate' }, 'alice', 1), 'BrigadeActed').data.outcome.uncontrolled!;
    expect(u).toMatchObject({ roll: 1, uncontrolled: true, by: 'house' });
    expect(english(u.steps[1]!)).toBe(`Uncontrolled on 1 ${cited('uncontrolled.on', '1', given)}: it becomes uncontrolled. The effect is not in the source.`);
  });

  it('BRG-4.2 army-morale.table: the number from the house table, cited; a pair it does not list is not enough to test; the GM\'s number refused while set', () => {
    const turn4 = [...setup, { type: 'PhaseAdvanced', data: { from: at(4, 2), to: at(4, 3), phaseId: 'BRG-4', phaseName: 'x', due: [] } } as BattleEvent];
    refused(turn4, { type: 'BrigadeArmyMorale', armies: [{ side: 'French', broken: 1 }] }, 'gm', /give French's number for 1 broken of 1 formed brigades \(table:"French=N"\), or none if that is not enough to test; or set the table for the battle with \/house set key:army-morale\.table value: \(BRG-4\.1, BRG-4\.2\)/);
    const given = [...turn4, house('army-morale.table', '1/1=3', ['BRG-4.1', 'BRG-4.2'])];
    const e = last(play(given, { type: 'BrigadeArmyMorale', armies: [{ side: 'French', broken: 1 }, { side: 'Allies', broken: 1 }] }, 'gm', 4), 'BrigadeArmyMoraleChecked');
    expect(e.data.outcome.armies.map((a) => [a.side, a.number, a.by, a.roll, a.result])).toEqual([
      ['French', 3, 'house', 4, 'withdraws'],
      ['Allies', null, 'house', null, 'no-test'],
    ]);
    const note = cited('army-morale.table', 'the table', given);
    expect(e.data.outcome.steps.map(english)).toContainEqual(`Allies: 1 broken of 2 formed brigades is not enough to test (no cell of the Army Morale Table ${note}, BRG-4.1).`);
    expect(e.data.outcome.steps.map(english)).toContainEqual(`French: 1 broken of 1 formed brigades, table number 3 ${note}; d6 4: higher than 3, the army withdraws from the battlefield (BRG-4.2).`);
    refused(given, { type: 'BrigadeArmyMorale', armies: [{ side: 'French', broken: 1, tableNumber: 4 }] }, 'gm', /French's table number cannot be given: this battle's house rule gives it \(army-morale\.table: the table, house rule set by <@gm> at event \d+\)/);
  });
});

describe('brigade house rules at the table', () => {
  const SETUP = [
    '@gm /battle create name:Salamanca system:brigade',
    '@gm /oob import file:examples/oob/brigade.yaml',
    '@gm /command assign command:"Le Marchant\'s Brigade" user:alice',
    '@gm /command assign command:"Curto\'s Light Cavalry" user:bob',
    '@gm /command assign command:"Arnauld\'s Brigade" user:bob',
    '@gm /phase next',
    '@gm /activate clear',
    '@gm /phase next',
  ];
  /** 3rd Dragoons (5) and 5th Dragoon Guards (6) average 5.5 against one French unit. */
  const melee = (against: string, more = '') => `@alice /brigade melee units_a:"3rd Dragoons, 5th Dragoon Guards" units_b:"${against}"${more}`;
  const gmMelee = (against: string, more = '') => melee(against, more).replace('@alice', '@gm');
  const worked = (out: { to: string; text: string }[]) => out.filter((o) => o.to === 'channel' && o.text.startsWith('melee (BRG-3.3)')).map((o) => o.text.split('\n')[1]);

  it('the GM is told at /battle create which values are open; /house show lists each with its rule IDs and the seed', async () => {
    const t = startTable();
    const out = await t.run(SETUP[0]!);
    expect(out.find((o) => o.to === 'channel')!.text).toContain('The four-phase brigade rules leave 7 values open, asked of the GM at each use until set once as a house rule: initiative.tie (BRG-2.1), melee.tie (BRG-3.3.3), melee.rounding (BRG-3.3.2), retreat.infantry (BRG-3.3.4), bayonets.breaks-on (BRG-3.2.5), uncontrolled.on (BRG-3.4.3.1), army-morale.table (BRG-4.1).');
    const shown = (await t.run('@alice /house show'))[0]!.text;
    expect(shown).toContain('The four-phase brigade rules: 0 of 7 open values set as house rules.');
    expect(shown).toContain('• initiative.tie (BRG-2.1, BRG-3.2.1, BRG-3.4.2): open: asked of the GM where it is needed\n    The seed: "Both players roll 1D6 and the winner declares which side must activate a formation." It gives no tie rule.\n    Readings:\n    roll-again: both players roll 1D6 again until one is higher');
  });

  it('bad values are refused naming the key, what it takes and the rule IDs; nothing is appended', async () => {
    const t = startTable();
    await t.run(SETUP.slice(0, 2));
    const [b] = await t.app.battles();
    const version = (await t.app.state(b!.id)).version;
    const out = await t.run(['@gm /house set key:melee.rounding value:sideways', '@gm /house set key:bayonets.breaks-on value:[7]', '@gm /house set key:bayonets.breaks-on value:"[5, 5]"', '@gm /house set key:army-morale.table value:"2/3=4"', '@gm /house set key:army-morale.table value:"2/1=4; two"', '@gm /house set key:retreat.infantry value:-3']);
    expect(out.map((o) => o.error)).toEqual([
      expect.stringMatching(/^melee\.rounding takes one of down, up, nearest \(BRG-3\.3\.2\); "sideways" is not: /),
      expect.stringMatching(/^bayonets\.breaks-on takes the faces of the 1D6 that break the bayonets, as a list: \[5, 6\] \(BRG-3\.2\.5, BRG-3\.4\.6\); \[7\] is not: /),
      expect.stringMatching(/^bayonets\.breaks-on takes .*; \[5,5\] is not: a face is listed twice/),
      expect.stringMatching(/^army-morale\.table takes the Army Morale Table as formed\/broken=number cells, .*\(BRG-4\.1, BRG-4\.2\); "2\/3=4" is not: broken is at most formed/),
      expect.stringMatching(/^army-morale\.table takes .*; "2\/1=4; two" is not: "two" is not formed\/broken=number, e\.g\. 4\/2=3/),
      expect.stringMatching(/^retreat\.infantry takes the infantry retreat in inches, a number above 0 \(BRG-3\.3\.4\); -3 is not: /),
    ]);
    expect((await t.app.state(b!.id)).version).toBe(version);
  });

  it('BRG-3.3.2 melee.rounding set, changed and unset mid-battle: each melee reads the rule in force, replays to the same states, and verify passes', async () => {
    const t = startTable();
    await t.run(SETUP);
    const before = worked(await t.run(gmMelee('3e Hussards', ' rounding:up')));
    const set = await t.run('@gm /house set key:melee.rounding value:down');
    const event = set.find((o) => o.to === 'channel')!.event!;
    const during = worked(await t.run(melee('22e Chasseurs à cheval')));
    await t.run('@gm /house set key:melee.rounding value:nearest');
    const changed = worked(await t.run(melee('26e Chasseurs à cheval')));
    await t.run('@gm /house unset key:melee.rounding');
    const refused = await t.run(melee('1/15e de Ligne'));
    const after = worked(await t.run(gmMelee('1/15e de Ligne', ' rounding:down')));
    expect(before[0]).toMatch(/average 5\.5, rounded up to 6 \(GM ruling; the source gives no rounding\) \(BRG-3\.3\.2\)\.$/);
    expect(during[0]).toMatch(new RegExp(`average 5\\.5, rounded down to 5 \\(melee\\.rounding: down, house rule set by <@gm> at event ${event}\\) \\(BRG-3\\.3\\.2\\)\\.$`));
    expect(changed[0]).toMatch(/average 5\.5, rounded nearest to 6 \(melee\.rounding: nearest, house rule set by <@gm> at event \d+\) \(BRG-3\.3\.2\)\.$/);
    expect(refused[0]!.error).toMatch(/average starting morale is 5\.5; the source does not say how to round it: a GM gives rounding: down, up, nearest, or sets it for the battle with \/house set key:melee\.rounding value:/);
    expect(after[0]).toMatch(/rounded down to 5 \(GM ruling; the source gives no rounding\)/);

    const [b] = await t.app.battles();
    const log = await t.app.log(b!.id);
    expect(replay(b!.id, log, event)!.house['melee.rounding']).toEqual({ value: 'down', by: 'gm', version: event });
    expect(replay(b!.id, log)).toEqual(await t.app.state(b!.id));
    expect(replay(b!.id, log).house).toEqual({});
    expect(Object.values(brg(replay(b!.id, log)).units).reduce((n, u) => n + u.casualties, 0)).toBeGreaterThan(0);
    const verified = await verifyLog(t.store, b!.id, '01'.repeat(32));
    expect(verified.chain.ok).toBe(true);
    expect(verified.dice.status).toBe('checked');
  });
});
