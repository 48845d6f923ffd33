import { english } from '../../src/i18n/text.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Action } from '../../src/battle/actions.ts';
import { assemble } from '../../src/assemble.ts';
import { describeEvent } from '../../src/battle/describe.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import type { PercentileFireAction } from '../../src/systems/percentile/battle/fire.ts';
import { pct } from '../../src/systems/percentile/battle/state.ts';
import { systems } from '../../src/systems/index.ts';
import { duel } from '../systems/duel/plugin.ts';
import { scriptedStream } from '../support/scripted-dice.ts';
import { given } from '../support/spec.ts';
import { startTable } from '../support/table.ts';

/**
 * House rules per battle in the percentage-dice game (issue 26): every value the percentile seeds
 * leave open, asked of the GM at each use or read from the install-wide pack.json before, is set once
 * per battle by a GM; until then no reading applies and the GM is asked, naming what to type; every
 * outcome that uses one cites it. French (alice) against Allies (bob); turn 1 phase 0 is the
 * Reciprocal Artillery Fire Phase, phase 3 the Shock Combat Phase.
 */
const unit = (unitId: string, name: string, commandId: string, attrs: Record<string, string | number>): BattleEvent => ({ type: 'UnitAdded', data: { unitId, name, commandId, attrs } });
const setup: BattleEvent[] = [
  { type: 'BattleCreated', data: { battleId: 'b1', name: 'Quatre Bras', system: 'percentile', channel: 'table', gm: 'gm' } },
  { type: 'SideAdded', data: { sideId: 's1', name: 'French' } },
  { type: 'SideAdded', data: { sideId: 's2', name: 'Allies' } },
  { type: 'CommandAdded', data: { commandId: 'c1', name: 'Bachelu', sideId: 's1' } },
  { type: 'CommandAdded', data: { commandId: 'c2', name: 'Picton', sideId: 's2' } },
  { type: 'CommandAssigned', data: { commandId: 'c1', user: 'alice' } },
  { type: 'CommandAssigned', data: { commandId: 'c2', user: 'bob' } },
  unit('u1', 'Foot Battery', 'c1', { arm: 'artillery', figures: 6, class: 'B', formation: 'unlimbered', cannon: 8, gun: '6pdr' }),
  unit('u2', 'Horse Battery', 'c2', { arm: 'artillery', figures: 6, class: 'C', formation: 'unlimbered', cannon: 6, gun: '6pdr' }),
  unit('u4', '1/28th Foot', 'c2', { arm: 'infantry', figures: 20, class: 'A', formation: 'line', weapon: 'musket' }),
  unit('u5', 'Lanciers', 'c1', { arm: 'cavalry', figures: 12, class: 'A', formation: 'line', weapon: 'carbine' }),
];
/** `setup` with house rules set by the GM, in order: each is its own event (version = its place in the log). */
const house = (...rules: [string, unknown, string][]): BattleEvent[] => [...setup, ...rules.map(([key, value, rule]): BattleEvent => ({ type: 'HouseRuleSet', data: { key, value, by: 'gm', rules: [rule] } }))];
const version = (events: BattleEvent[], key: string) => events.findIndex((e) => e.type === 'HouseRuleSet' && e.data.key === key) + 1;
const cited = (events: BattleEvent[], key: string) => `house rule set by <@gm> at event ${version(events, key)}`;
const shock = (events: BattleEvent[]): BattleEvent[] => [...events, { type: 'PhaseAdvanced', data: { from: { turn: 1, phase: 0, period: 'day' }, to: { turn: 1, phase: 3, period: 'day' }, phaseId: 'x', phaseName: 'x', due: [] } }];

const shoot = (firer: string, target: string, more: Partial<PercentileFireAction> = {}): Action => ({ type: 'PercentileFire', firer, target, range: 8, kind: 'normal', count: 8, base: 40, ...more });
const play = (events: BattleEvent[], action: Action, actor: string, ...dice: number[]) => given(events).when(action, actor, { dice: scriptedStream(...dice) }).events();
const refusedWith = (events: BattleEvent[], action: Action, actor: string, why: RegExp) => given(events).when(action, actor, { dice: scriptedStream() }).refused(why);
const fired = (events: BattleEvent[]) => {
  const e = events.find((x) => x.type === 'PercentileFireResolved');
  if (!e || e.type !== 'PercentileFireResolved') throw new Error(`no fire resolved in ${events.map((x) => x.type).join(', ')}`);
  return e.data.outcome;
};
const text = (before: BattleEvent[], produced: BattleEvent[]) => english(describeEvent(produced[0]!, given(before).state));
const labels = (events: BattleEvent[]) => fired(events).steps.map((s) => english(s.label));

describe('PCT-11.85 supportive fire the rules leave open is a house rule', () => {
  const support = shoot('Lanciers', '1/28th Foot', { kind: 'supportive', range: 1, count: 12 });
  it('PCT-11.85 cavalry supportive fire: asked of the GM (double_supportive, or supportive.cavalry) until a house rule sets it', () =>
    refusedWith(shock(setup), support, 'gm', /cavalry supportive fire is doubled \(PCT-11\.85\).*double_supportive:true or double_supportive:false.*\/house set key:supportive\.cavalry value:doubled or normal/));
  it('PCT-11.85 supportive.cavalry doubled applies with no ruling at the fire, and the working cites it', () => {
    const events = house(['supportive.cavalry', 'doubled', 'PCT-11.85']);
    const produced = play(shock(events), support, 'alice', 99);
    expect(fired(produced).percent).toBe(80);
    expect(labels(produced)).toContain(`x2: cavalry supportive fire is doubled (${cited(events, 'supportive.cavalry')})`);
  });
  it('PCT-11.85 supportive.artillery-other normal: artillery supportive fire at a battery is not doubled, cited', () => {
    const events = house(['supportive.artillery-other', 'normal', 'PCT-11.85']);
    const produced = play(shock(events), shoot('Foot Battery', 'Horse Battery', { kind: 'supportive', range: 3 }), 'alice', 99);
    expect(fired(produced).percent).toBe(40);
    expect(labels(produced)).toContain(`Not doubled: artillery supportive fire at artillery is not doubled (${cited(events, 'supportive.artillery-other')})`);
  });
  it('PCT-11.85 a GM ruling at the fire against the house rule is refused, naming the house rule', () =>
    refusedWith(shock(house(['supportive.cavalry', 'doubled', 'PCT-11.85'])), { ...support, doubleSupportive: false } as Action, 'gm', /supportive\.cavalry is doubled in this battle \(house rule set by <@gm> at event \d+\).*\/house set/));
});

describe('PCT-11.46 the skirmish screen "(1/3)": open between two readings', () => {
  const screened = shoot('Foot Battery', '1/28th Foot', { base: 45, screened: true });
  it('PCT-11.46 no reading applies until chosen: the GM is asked, naming /house set key:skirmish-screen', () =>
    refusedWith(setup, screened, 'alice', /PCT-11\.46.*\/house set key:skirmish-screen value:by-a-third or to-a-third/));
  it('PCT-11.46 by-a-third: x2/3; to-a-third: x1/3; each cited', () => {
    const by = house(['skirmish-screen', 'by-a-third', 'PCT-11.46']);
    const to = house(['skirmish-screen', 'to-a-third', 'PCT-11.46']);
    expect(fired(play(by, screened, 'alice', 99)).percent).toBe(30);
    expect(fired(play(to, screened, 'alice', 99)).percent).toBe(15);
    expect(labels(play(to, screened, 'alice', 99)).join('\n')).toContain(`x1/3 (0.33) -> 15 (${cited(to, 'skirmish-screen')})`);
  });
});

describe('PCT-11.71 over 100%: the remainder and above 200%', () => {
  it('PCT-11.71 whether the remainder is tested on the fire roll or a new one is asked until over-100.remainder is chosen', () =>
    refusedWith(setup, shoot('Foot Battery', '1/28th Foot', { base: 140 }), 'alice', /PCT-11\.71.*\/house set key:over-100\.remainder value:same-roll or new-roll/));
  it('PCT-11.71 over-100.remainder new-roll rolls a second d100, cited', () => {
    const events = house(['over-100.remainder', 'new-roll', 'PCT-11.71']);
    const produced = play(events, shoot('Foot Battery', '1/28th Foot', { base: 140 }), 'alice', 90, 10);
    expect(fired(produced).losses).toBe(2);
    expect(labels(produced)).toContain(`Remainder 40%: d100 10 <= 40: another figure (a new roll, ${cited(events, 'over-100.remainder')})`);
  });
  it('PCT-11.71 above 200%: asked until over-200 is chosen; extend takes a figure per full 100%, cited', () => {
    const base = house(['over-100.remainder', 'same-roll', 'PCT-11.71']);
    refusedWith(base, shoot('Foot Battery', '1/28th Foot', { base: 250 }), 'alice', /\/house set key:over-200 value:extend or two-at-most/);
    const events = [...base, ...house(['over-200', 'extend', 'PCT-11.71']).slice(setup.length)];
    const produced = play(events, shoot('Foot Battery', '1/28th Foot', { base: 250 }), 'alice', 30);
    expect(fired(produced).losses).toBe(3);
    expect(labels(produced)[labels(produced).findIndex((l) => l.startsWith('Over 100%'))]).toContain(cited(events, 'over-200'));
  });
});

describe('PCT-11.15.step11 / 11.16.step10 the officer check', () => {
  const officer = shoot('Foot Battery', '1/28th Foot', { base: 40, officerAttached: true });
  it('PCT-11.16.step10 "5% per figure": one roll or one per figure is asked before the dice roll, until officer-hit.rolls is chosen', () =>
    refusedWith(setup, officer, 'alice', /\/house set key:officer-hit\.rolls value:per-figure or combined/));
  it('PCT-11.16.step10 officer-hit.rolls combined: one d100 at 5% x figures hit, cited', () => {
    const events = house(['officer-hit.rolls', 'combined', 'PCT-11.15.step11']);
    const produced = play(events, officer, 'alice', 10, 50);
    expect(fired(produced).officerChecks).toEqual([expect.objectContaining({ chance: 5, roll: 50 })]);
    expect(labels(produced)).toContain(`Officer check: d100 50 > 5: officer not hit (${cited(events, 'officer-hit.rolls')})`);
  });
});

describe('PCT-11.29, 11.32, 11.54 the chart modifiers the rules do not give', () => {
  it('PCT-11.29 the artillery officer modifier is asked of the GM, naming /house set key:modifier.artillery-officer', () =>
    refusedWith(setup, shoot('Foot Battery', '1/28th Foot', { modifiers: [{ id: 'artillery-officer' }] }), 'alice', /\/house set key:modifier\.artillery-officer value:/));
  it('PCT-11.29 modifier.artillery-officer +10 adds 10 points, cited; PCT-11.32 maximum-roundshot x1/2 applies without a value at the fire', () => {
    const events = house(['modifier.artillery-officer', 10, 'PCT-11.29'], ['modifier.maximum-roundshot', 'x1/2', 'PCT-11.32']);
    const produced = play(events, shoot('Foot Battery', '1/28th Foot', { modifiers: [{ id: 'artillery-officer' }, { id: 'maximum-roundshot' }] }), 'alice', 99);
    expect(fired(produced).percent).toBe(25);
    expect(labels(produced).join('\n')).toContain(`+10 -> 50 (${cited(events, 'modifier.artillery-officer')})`);
    expect(labels(produced).join('\n')).toContain(`x1/2 (0.5) -> 25 (${cited(events, 'modifier.maximum-roundshot')})`);
  });
  it('PCT-11.54 a value at the fire that differs from the house rule is refused, naming it', () =>
    refusedWith(house(['modifier.indirect', 'x1/2', 'PCT-11.54']), shoot('Foot Battery', '1/28th Foot', { modifiers: [{ id: 'indirect', value: 0.75 }] }), 'gm', /x1\/2 in this battle \(house rule set by <@gm> at event \d+\); \/house set changes it/));
});

describe('PCT-11.73 the MFP adjustment: direction and what a battery loss is', () => {
  it('PCT-11.73 with the direction open the loss moves no MFP level; the working says so and names /house set key:mfp.direction', () => {
    const produced = play(setup, shoot('Foot Battery', '1/28th Foot'), 'alice', 1);
    expect(fired(produced).applied.mfp).toBeNull();
    expect(text(setup, produced)).toContain('/house set key:mfp.direction value:up or down');
  });
  it('PCT-11.73 mfp.direction down and mfp.battery-loss whole-battery apply, cited in the working', () => {
    const events = house(['mfp.direction', 'down', 'PCT-11.73'], ['mfp.battery-loss', 'whole-battery', 'PCT-11.73']);
    const produced = play(events, shoot('Foot Battery', '1/28th Foot'), 'alice', 1);
    expect(fired(produced).applied.mfp).toMatchObject({ from: 0, to: -1 });
    expect(text(events, produced)).toContain(cited(events, 'mfp.direction'));
    expect(pct(given([...events, ...produced]).state).mfp).toEqual({ s2: -1 });
  });
});

describe('NIGHT-18.31, 18.61 the night values the seed leaves illegible or open', () => {
  const night: BattleEvent[] = [...setup, { type: 'PhaseAdvanced', data: { from: { turn: 1, phase: 0, period: 'day' }, to: { turn: 2, phase: 0, period: 'night' }, phaseId: 'x', phaseName: 'x', due: [] } }];
  it('NIGHT-18.31 the dark-night visibility set as night.visibility.dark is used by /night conditions and cited', () => {
    const events = [...night, { type: 'HouseRuleSet', data: { key: 'night.visibility.dark', value: 6, by: 'gm', rules: ['NIGHT-18.31'] } } as BattleEvent];
    const produced = given(events).when({ type: 'SetNightConditions', moon: 'none', weather: 'bad weather' }).events();
    expect(produced[0]).toMatchObject({ data: { visibility: 6, from: 'house' } });
    expect(english(describeEvent(produced[0]!, given(events).state))).toContain(`visibility 6" (NIGHT-18.31 gives no legible value; house rule set by <@gm> at event ${events.length})`);
    given(events).when({ type: 'SetNightConditions', moon: 'none', weather: 'bad weather', inches: 4 }).refused(/night\.visibility\.dark is 6" in this battle/);
  });
  it('NIGHT-18.31 unset, the GM is asked for inches: or the house rule', () =>
    given(night).when({ type: 'SetNightConditions', moon: 'none', weather: 'bad weather' }).refused(/inches:.*\/house set key:night\.visibility\.dark/));
  it('NIGHT-18.61 "-20%" as points or a fifth is asked at a night rally check until night.morale is chosen; fifth applies, cited', () => {
    const routing: BattleEvent = { type: 'PercentileMoraleSet', data: { unitId: 'u4', from: 'good', to: 'routing' } };
    const rally: Action = { type: 'PercentileMoraleCheck', unit: '1/28th Foot', kind: 'rally', percent: 50 };
    refusedWith([...night, routing], rally, 'bob', /\/house set key:night\.morale value:points or fifth/);
    const events = [...night, routing, { type: 'HouseRuleSet', data: { key: 'night.morale', value: 'fifth', by: 'gm', rules: ['NIGHT-18.61'] } } as BattleEvent];
    const produced = play(events, rally, 'bob', 40);
    expect(produced[0]).toMatchObject({ data: { outcome: { chance: 40 } } });
    expect(english(describeEvent(produced[0]!, given(events).state))).toContain(cited(events, 'night.morale'));
  });
});

describe('the GM-ruling line reads as a sentence', () => {
  it('PCT-11.64 a GM ruling the enfilade of a target that cannot be enfiladed', () => {
    const lone = [...setup, unit('u9', 'Lone Picket', 'c2', { arm: 'infantry', figures: 1, formation: 'line' })];
    const produced = play(lone, shoot('Foot Battery', 'Lone Picket', { enfiladed: true }), 'gm', 99);
    expect(text(lone, produced)).toContain("GM's ruling: <@gm> ruled enfiladed for the target, where the battle derived not enfiladed.");
  });
});

describe('/ref modifiers and /house in a percentile battle', () => {
  beforeAll(() => assemble([...systems, duel]));
  afterAll(() => assemble());
  it('/ref modifiers lists the percentile fire modifiers, marking those the log derives and those a house rule sets', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:QB system:percentile', '@gm /house set key:modifier.indirect value:x1/2']);
    const answer = async (line: string) => (await t.run(line)).map((o) => o.error ?? o.text)[0];
    const [fire, melee] = [await answer('@gm /ref modifiers chart:fire'), await answer('@gm /ref modifiers chart:melee')];
    expect(fire).toContain('night Night: all firepower reduced by 25% (down 1/4): x3/4 (NIGHT-18.51) — derived by the umpire from the turn\'s period; a player may not name it');
    expect(fire).toMatch(/indirect Indirect fire reduction: x1\/2 \(PCT-11\.54\) — house rule set by <@gm> at event \d+/);
    expect(fire).toContain('artillery-officer Attached artillery officer increases the fire effectiveness: open (PCT-11.29) — /house set key:modifier.artillery-officer');
    expect(melee).toBe('/ref modifiers: chart must be one of fire, morale. Example: /ref modifiers chart:fire');
    await t.run('@gm /house set key:night.morale value:fifth');
    expect(await answer('@gm /ref modifiers chart:morale')).toMatch(/: x4\/5 \(NIGHT-18\.61\) — derived by the umpire from the turn's period and the check's kind; house rule set by <@gm> at event \d+$/);
    expect((await t.run('@gm /help all:true'))[0]!.text).toContain('/ref modifiers');
  });
  it('/house show lists the open values of the percentage-dice rules; a wrong reading is refused naming the readings', async () => {
    const t = startTable();
    await t.run('@gm /battle create name:QB system:percentile');
    expect((await t.run('@gm /house set key:skirmish-screen value:half'))[0]!.error).toMatch(/^skirmish-screen takes one of by-a-third, to-a-third \(PCT-11\.46\); "half" is not/);
    expect((await t.run('@gm /house show'))[0]!.text).toContain('• supportive.cavalry (PCT-11.85): open: asked of the GM where it is needed');
  });
});
