import { english, word } from '../../src/i18n/text.ts';
import { describe, expect, it } from 'vitest';
import {
  COUNTERBATTERY_A_CLEARED_BY,
  FIRE_PACK,
  FIRE_RULES,
  FirePack,
  NIGHT_CHARGE_TESTING_RADIUS,
  firePack,
  nightMoraleModifier,
  percentilePack,
  resolveFire,
  targetType,
  type FireInput,
  type FireOutcome,
  type FireResult,
  type FireRules,
} from '../../src/systems/percentile/index.ts';
import { scriptedDice } from '../support/scripted-dice.ts';

/** A refusal with its reason in English, as the tests read it. */
const inEnglish = (r: FireResult) => (r.status === 'refused' ? { ...r, reason: english(r.reason) } : r);

/** A daylight volley of 6 of 6 line infantry figures, class B, at 3" on a line, with `base` 30. */
function infantry(over: Partial<FireInput> = {}, firer: Partial<FireInput['firer']> = {}, target: Partial<FireInput['target']> = {}): FireInput {
  return {
    kind: 'normal',
    phase: 'reciprocal-infantry',
    earlierAttacksThisPhase: 0,
    firedInReciprocalPhases: false,
    batteriesOnTarget: 0,
    range: 3,
    count: 6,
    base: 30,
    ...over,
    firer: { arm: 'infantry', class: 'B', formation: 'line', morale: 'good', strength: 6, ranks: 2, ...firer },
    target: { arm: 'infantry', formation: 'line', strength: 8, ...target },
  };
}

/** A 6-cannon 6pdr battery firing roundshot at 8". */
function battery(over: Partial<FireInput> = {}, firer: Partial<FireInput['firer']> = {}, target: Partial<FireInput['target']> = {}): FireInput {
  return {
    kind: 'normal',
    phase: 'reciprocal-artillery',
    earlierAttacksThisPhase: 0,
    firedInReciprocalPhases: false,
    batteriesOnTarget: 0,
    range: 8,
    count: 6,
    base: 30,
    ...over,
    firer: { arm: 'artillery', class: 'B', formation: 'unlimbered', morale: 'good', strength: 6, gun: '6pdr', shot: 'roundshot', ...firer },
    target: { arm: 'infantry', formation: 'line', strength: 8, ...target },
  };
}

function resolved(r: FireResult): FireOutcome {
  if (r.status !== 'resolved') throw new Error(`expected a resolved attack, got ${JSON.stringify(r)}`);
  return r;
}

const withFire = (fire: Partial<FirePack>): FireRules => ({ ...FIRE_RULES, fire: FirePack.parse({ ...FIRE_PACK, ...fire }) });
/** A battle whose house rules chose, where the seed is open, the readings the pack once shipped (house-rules.ts). */
const HOUSE: FireRules = withFire({
  overHundred: { ...FIRE_PACK.overHundred, secondFigure: 'same-roll' },
  officerHit: { ...FIRE_PACK.officerHit, rolls: 'per-figure' },
  mfp: { ...FIRE_PACK.mfp, direction: 'up', batteryLoss: 'each-cannon' },
  modifiers: FIRE_PACK.modifiers.map((m) => (m.id === 'skirmish-screen' ? { ...m, value: '2/3' } : m)),
});
const withHouse = (fire: Partial<FirePack>): FireRules => ({ ...HOUSE, fire: FirePack.parse({ ...HOUSE.fire, ...fire }) });
/** The percent an attack reaches, rolling a sure miss (00). */
const percentOf = (input: FireInput, rules: FireRules = FIRE_RULES) => resolved(resolveFire(input, scriptedDice(100, 100, 100), rules)).percent;

describe('pack fire data', () => {
  it('ships no Fire Chart and no value the source does not give', () => {
    expect(firePack).toEqual(FIRE_PACK);
    expect(percentilePack.fire.chart).toBeNull();
    const values = Object.fromEntries(FIRE_PACK.modifiers.map((m) => [m.id, m.value]));
    // PCT-11.46's "(1/3)" is open between two readings: a battle's house rule chooses (house-rules.ts).
    expect(values).toEqual({ 'artillery-officer': null, 'maximum-roundshot': null, 'skirmish-screen': null, indirect: null, night: '3/4' });
    expect(FIRE_PACK.modifiers.filter((m) => m.derivable).map((m) => m.id)).toEqual(['night']);
    expect(FIRE_PACK.criticalHit.table).toBeNull();
    expect(FIRE_PACK.officerHit).toMatchObject({ percentPerFigure: 5, rolls: null, randomOfficerHitChart: null });
    expect(FIRE_PACK.overHundred).toMatchObject({ secondFigure: null, aboveTwoHundred: 'gm' });
    expect(FIRE_PACK.mfp).toMatchObject({ perFigure: 1, perBatteryOrTrain: 5, direction: null, batteryLoss: null, criticalLevel: null });
    expect(FIRE_PACK.maxBatteriesOnTarget).toBe(2);
    // the attributes and night keys are untouched
    expect(percentilePack.night.fireFactor).toBe(0.75);
    expect(percentilePack.attributes.map((a) => a.name)).toContain('class');
  });

  it('a pack modifier with a value the source does not give asks for it (PCT-11.54)', () => {
    const r = resolveFire(battery({ modifiers: [{ id: 'indirect' }] }), scriptedDice(), FIRE_RULES);
    expect(r).toMatchObject({ status: 'needsGm', rule: 'PCT-11.54' });
    expect(percentOf(battery({ base: 60, modifiers: [{ id: 'indirect', value: 0.5 }] }))).toBe(30);
    expect(resolveFire(battery({ modifiers: [{ id: 'artillery-officer', value: 10 }] }), scriptedDice())).toMatchObject({ status: 'needsGm', rule: 'PCT-11.29' });
    expect(resolveFire(battery({ modifiers: [{ id: 'cover' }] }), scriptedDice())).toMatchObject({ status: 'refused' });
    expect(resolveFire(battery({ modifiers: [{ id: 'night' }] }), scriptedDice())).toMatchObject({ status: 'refused', rule: 'NIGHT-18.51' });
  });
});

describe('PCT-11.57 militia crews', () => {
  it('PCT-11.57 militia rated artillery crews cannot use indirect Fire; their direct fire is not touched', () => {
    const indirect = { modifiers: [{ id: 'indirect', value: 0.5 }] };
    expect(inEnglish(resolveFire(battery(indirect, { militia: true }), scriptedDice()))).toMatchObject({ status: 'refused', rule: 'PCT-11.57', reason: 'Militia rated artillery crews cannot use indirect Fire (PCT-11.57).' });
    expect(percentOf(battery({ base: 60 }, { militia: true }))).toBe(60);
    expect(percentOf(battery({ base: 60, ...indirect }))).toBe(30);
  });
});

describe('the Fire Routine', () => {
  it('PCT-11.16 infantry fire: base, rounding, d100 at most the percent hits, and every number is a step', () => {
    const dice = scriptedDice(30);
    const o = resolved(resolveFire(infantry(), dice, HOUSE));
    expect(o).toMatchObject({ rule: 'PCT-11.16', base: 30, percent: 30, roll: 30, hit: true, losses: 1, lossKind: 'figures', targetType: 'Linear', chartLine: '2 rank', firing: 6 });
    expect(o.dice).toEqual([{ sides: 100, result: 30, purpose: 'fire (PCT-11.16.step2)' }]);
    expect(o.steps.map((s) => s.rule)).toEqual(['PCT-11.61.b', 'PCT-11.16.step3', 'PCT-11.34', 'PCT-11.16.step7', 'PCT-11.16.step8', 'PCT-11.71', 'PCT-11.16.step9', 'PCT-11.16.step9', 'PCT-11.73']);
    expect(resolved(resolveFire(infantry(), scriptedDice(31)))).toMatchObject({ hit: false, losses: 0, moraleCheckDue: false, mfpChange: { points: 0 } });
  });

  it('PCT-11.15 artillery fire: all cannon must bear; the row is the gun and shot', () => {
    const o = resolved(resolveFire(battery(), scriptedDice(12)));
    expect(o).toMatchObject({ rule: 'PCT-11.15', chartLine: '6pdr roundshot', firing: 6, percent: 30, hit: true, losses: 1, lossKind: 'figures' });
    expect(o.dice[0]!.purpose).toBe('fire (PCT-11.15.step3)');
    expect(resolveFire(battery({ count: 5 }), scriptedDice())).toMatchObject({ status: 'refused', rule: 'PCT-11.15.step4' });
  });

  it('PCT-11.15.step10 / PCT-11.16.step9 a roll of 01 always hits', () => {
    expect(resolved(resolveFire(infantry({ base: 0 }), scriptedDice(1)))).toMatchObject({ percent: 0, roll: 1, hit: true, losses: 1 });
    expect(resolved(resolveFire(infantry({ base: 0 }), scriptedDice(2)))).toMatchObject({ hit: false, losses: 0 });
  });

  it('PCT-11.15.step8 / PCT-11.16.step7 base percent from the pack chart by row, count, class and Massed/Linear; asked for when there is none', () => {
    const rules = withFire({ chart: [{ row: '2 rank', cells: [{ count: 6, class: 'B', massed: 40, linear: 25 }] }] });
    expect(resolved(resolveFire(infantry({ base: undefined }), scriptedDice(100), rules))).toMatchObject({ base: 25, percent: 25 });
    expect(resolved(resolveFire(infantry({ base: undefined }, {}, { formation: 'column' }), scriptedDice(100), rules))).toMatchObject({ base: 40, targetType: 'Massed' });
    expect(resolveFire(infantry({ base: 30 }), scriptedDice(), rules)).toMatchObject({ status: 'refused', rule: 'PCT-11.16.step7' });
    const asked = resolveFire(infantry({ base: undefined }), scriptedDice());
    expect(asked).toMatchObject({ status: 'needsGm', rule: 'PCT-11.16.step7' });
    expect(asked.status === 'needsGm' && english(asked.question)).toContain('2 rank, 6 figures, class B, Linear');
  });

  it('PCT-11.15.step9 / PCT-11.16.step8 modifiers in pack order, the final fraction raised (10.2% -> 11%)', () => {
    const o = resolved(resolveFire(infantry({ base: 45, night: { visibility: 12 } }), scriptedDice(100)));
    expect(o.percent).toBe(34); // 45 x 3/4 = 33.75 -> 34
    const labels = o.steps.filter((s) => s.rule === 'NIGHT-18.51' || s.rule === 'PCT-11.16.step8');
    expect(labels.map((s) => [s.value, s.exact])).toEqual([
      [33.75, '135/4'],
      [34, undefined],
    ]);
    const rules = withFire({ modifiers: [...FIRE_PACK.modifiers, { id: 'house', label: 'House: +1.2', rule: 'HOUSE', kind: 'additive', value: 1.2, derivable: false }] });
    expect(percentOf(infantry({ base: 9, modifiers: [{ id: 'house' }] }), rules)).toBe(11); // 10.2 -> 11
  });
});

describe('derived inputs', () => {
  it('PCT-11.61 Massed or Linear from the target formation and the measured options', () => {
    const t = (target: Partial<FireInput['target']>, over: Partial<FireInput> = {}) => targetType(infantry(over, {}, target));
    expect(t({ formation: 'line' })).toMatchObject({ type: 'Linear' });
    expect(t({ formation: 'column' })).toMatchObject({ type: 'Massed', rule: 'PCT-11.61.a.1' });
    expect(t({ formation: 'square' })).toMatchObject({ type: 'Massed', rule: 'PCT-11.61.a.2' });
    expect(t({ arm: 'artillery', formation: 'limbered' })).toMatchObject({ type: 'Massed', rule: 'PCT-11.61.a.3' });
    expect(t({ arm: 'train', formation: 'column' })).toMatchObject({ type: 'Massed', rule: 'PCT-11.61.a.4' });
    expect(t({ arm: 'artillery', formation: 'unlimbered', inSquare: true })).toMatchObject({ type: 'Massed', rule: 'PCT-11.61.a.5' });
    expect(t({ arm: 'artillery', formation: 'unlimbered', massedBattery: true })).toMatchObject({ type: 'Massed', rule: 'PCT-11.61.a.6' });
    expect(t({ enfiladed: true })).toMatchObject({ type: 'Massed', rule: 'PCT-11.61.a.7' });
    expect(t({ formation: 'skirmish', enfiladed: true })).toMatchObject({ type: 'Linear', rule: 'PCT-11.61.b.3' }); // 11.64: skirmishers cannot be enfiladed
    expect(t({ gapUnder1: true })).toMatchObject({ type: 'Massed', rule: 'PCT-11.61.a.8' });
    expect(t({ position: 'building' })).toMatchObject({ type: 'Massed', rule: 'PCT-11.61.a.9' });
    expect(t({}, { range: 1 })).toMatchObject({ type: 'Massed', rule: 'PCT-11.61.a.10' });
    expect(t({ arm: 'artillery', formation: 'unlimbered' })).toMatchObject({ type: 'Linear', rule: 'PCT-11.61.b.1' });
    expect(t({ arm: 'artillery', formation: 'unlimbered', crewed: false })).toMatchObject({ type: 'Linear', rule: 'PCT-11.61.b.2' });
    expect(targetType(battery({ range: 1 }))).toMatchObject({ type: 'Linear' }); // 11.66 is infantry/cavalry fire
  });

  it('PCT-11.24.a a square fires its figures /3 rounded up, limited by those that can fire (PCT-11.41.b); guns too (PCT-11.42.d)', () => {
    expect(resolved(resolveFire(infantry({ count: undefined }, { formation: 'square', strength: 10 }), scriptedDice(100)))).toMatchObject({ firing: 4, chartLine: 'square' });
    expect(resolved(resolveFire(infantry({ count: 3 }, { formation: 'square', strength: 10 }), scriptedDice(100)))).toMatchObject({ firing: 3 });
    expect(resolved(resolveFire(battery({ count: undefined }, { formation: 'square', strength: 4 }), scriptedDice(100)))).toMatchObject({ firing: 2 });
  });

  it('PCT-11.41.a at least half the unit, rounded up, fires', () => {
    expect(resolved(resolveFire(infantry({ count: 2 }, { strength: 7 }), scriptedDice(100)))).toMatchObject({ firing: 4 });
  });

  it('PCT-11.36 morale disordered infantry and units in buildings fire on the Morale Disordered line', () => {
    expect(resolved(resolveFire(infantry({}, { morale: 'disordered' }), scriptedDice(100)))).toMatchObject({ chartLine: 'morale disordered' });
    const b = resolved(resolveFire(infantry({ count: 2 }, { position: 'building', strength: 9 }), scriptedDice(100)));
    expect(b).toMatchObject({ chartLine: 'morale disordered', firing: 9 }); // PCT-11.24.b all figures
    expect(b.steps.find((s) => s.value === 'morale disordered')?.rule).toBe('PCT-11.36');
    expect(resolveFire(infantry({ row: '2 rank' }, { morale: 'disordered' }), scriptedDice())).toMatchObject({ status: 'refused', rule: 'PCT-11.36' });
  });
});

describe('PCT-ALGO step 6: doubling', () => {
  it('PCT-11.81 opportunity fire doubles the final modified base percent', () => {
    expect(percentOf(infantry({ kind: 'opportunity', phase: 'other', base: 45, night: { visibility: 12 } }))).toBe(68); // ceil(33.75) x 2
  });

  it('PCT-11.83 passby fire is doubled, except artillery at charging or charge-declared cavalry (PCT-11.83.exception.a)', () => {
    expect(percentOf(infantry({ kind: 'passby', phase: 'other' }, {}, { arm: 'cavalry', charging: true }))).toBe(60);
    expect(percentOf(battery({ kind: 'passby', phase: 'other' }, {}, { arm: 'infantry' }))).toBe(60);
    expect(percentOf(battery({ kind: 'passby', phase: 'other' }, {}, { arm: 'cavalry', charging: true }))).toBe(30);
    expect(percentOf(battery({ kind: 'passby', phase: 'other' }, {}, { arm: 'cavalry', declaredChargePassed: true }))).toBe(30);
  });

  it('PCT-11.84 final shock combat fire is always doubled', () => {
    expect(percentOf(battery({ kind: 'final-shock', phase: 'other', shockCombat: true }, {}, { arm: 'cavalry', charging: true }))).toBe(60);
  });

  it('PCT-11.85 supportive fire: infantry doubled; artillery doubled at infantry or non-charging cavalry, normal at charging cavalry; otherwise the GM rules', () => {
    const sup = { kind: 'supportive' as const, phase: 'other' as const, shockCombat: true };
    expect(percentOf(infantry(sup, {}, { arm: 'cavalry', charging: true }))).toBe(60);
    expect(percentOf(battery(sup, {}, { arm: 'infantry' }))).toBe(60);
    expect(percentOf(battery(sup, {}, { arm: 'cavalry' }))).toBe(60);
    expect(percentOf(battery(sup, {}, { arm: 'cavalry', charging: true }))).toBe(30);
    expect(percentOf(battery(sup, {}, { arm: 'cavalry', declaredChargePassed: true }))).toBe(30);
    const cav = resolveFire(infantry(sup, { arm: 'cavalry' }), scriptedDice());
    expect(cav).toMatchObject({ status: 'needsGm', rule: 'PCT-11.85' });
    expect(cav.status === 'needsGm' && english(cav.question)).toContain('cavalry supportive fire');
    expect(resolveFire(battery(sup, {}, { arm: 'artillery', formation: 'unlimbered' }), scriptedDice())).toMatchObject({ status: 'needsGm', rule: 'PCT-11.85' });
    expect(percentOf(infantry({ ...sup, gm: { doubleSupportive: true } }, { arm: 'cavalry' }))).toBe(60);
    expect(percentOf(infantry({ ...sup, gm: { doubleSupportive: false } }, { arm: 'cavalry' }))).toBe(30);
  });
});

describe('successive fire and night', () => {
  it('PCT-11.87 successive fire is x2/3 per attack in the same phase: 90, 60, 40, 27', () => {
    // passby fire at 45% doubled: a final modified base percent of 90, attacking again and again in the phase
    const p = (k: number) => percentOf(infantry({ kind: 'passby', phase: 'other', base: 45, earlierAttacksThisPhase: k }));
    expect([0, 1, 2, 3].map(p)).toEqual([90, 60, 40, 27]);
    const o = resolved(resolveFire(infantry({ base: 90, earlierAttacksThisPhase: 3, kind: 'opportunity', phase: 'other' }), scriptedDice(100)));
    expect(o.percent).toBe(54); // 180 x 8/27 = 53.33 -> 54
    const s = o.steps.filter((x) => x.rule === 'PCT-11.87');
    expect(s.map((x) => [x.value, x.exact])).toEqual([
      [53.33, '160/3'],
      [54, undefined],
    ]);
  });

  it('NIGHT-18.51 night fire is reduced by a quarter and capped at the visibility range', () => {
    expect(percentOf(infantry({ base: 40, night: { visibility: 12 } }))).toBe(30);
    expect(resolveFire(battery({ range: 13, night: { visibility: 12 } }), scriptedDice())).toMatchObject({ status: 'refused', rule: 'NIGHT-18.51' });
    expect(resolveFire(battery({ range: 6, night: { visibility: null } }), scriptedDice())).toMatchObject({ status: 'needsGm', rule: 'NIGHT-18.51' });
  });
});

describe('effects', () => {
  it('PCT-11.71 above 100%: one automatic loss and the remainder as a chance of another', () => {
    const at140 = { base: 70, kind: 'opportunity' as const, phase: 'other' as const };
    // Same roll or a new one is open: asked before any die is rolled until a house rule chooses.
    expect(resolveFire(infantry(at140), scriptedDice())).toMatchObject({ status: 'needsGm', rule: 'PCT-11.71', house: 'over-100.remainder' });
    expect(resolved(resolveFire(infantry(at140), scriptedDice(40), HOUSE))).toMatchObject({ percent: 140, automaticLosses: 1, losses: 2 });
    expect(resolved(resolveFire(infantry(at140), scriptedDice(41), HOUSE))).toMatchObject({ percent: 140, automaticLosses: 1, losses: 1, hit: true });
    const fresh = withHouse({ overHundred: { ...FIRE_PACK.overHundred, secondFigure: 'new-roll' } });
    const o = resolved(resolveFire(infantry(at140), scriptedDice(90, 12), fresh));
    expect(o).toMatchObject({ losses: 2, dice: [{ result: 90 }, { result: 12, purpose: 'PCT-11.71 remainder' }] });
    expect(resolveFire(infantry({ ...at140, base: 101 }), scriptedDice(), HOUSE)).toMatchObject({ status: 'needsGm', rule: 'PCT-11.71', house: 'over-200' });
    const extend = withHouse({ overHundred: { ...FIRE_PACK.overHundred, secondFigure: 'same-roll', aboveTwoHundred: 'extend' } });
    expect(resolved(resolveFire(infantry({ ...at140, base: 120 }), scriptedDice(41), extend))).toMatchObject({ percent: 240, automaticLosses: 2, losses: 2 });
    // The 140% example read on above 200%: one figure and a certain second, no more.
    const two = withHouse({ overHundred: { ...FIRE_PACK.overHundred, aboveTwoHundred: 'two-at-most' } });
    expect(resolved(resolveFire(infantry({ ...at140, base: 120 }), scriptedDice(99), two))).toMatchObject({ percent: 240, automaticLosses: 2, losses: 2 });
    expect(resolved(resolveFire(infantry({ ...at140, base: 70 }, {}, { strength: 1 }), scriptedDice(1), HOUSE))).toMatchObject({ losses: 1 });
  });

  it('PCT-11.72 a loss makes a morale check due; PCT-11.73 MFP moves 1 a figure, 5 a battery loss, the way a house rule says', () => {
    // Direction open: the loss moves no level and the text names what is open.
    const open = resolved(resolveFire(infantry(), scriptedDice(5))).mfpChange;
    expect({ ...open, text: english(open.text) }).toMatchObject({ points: 0, direction: null, text: expect.stringContaining('mfp.direction is open') });
    const o = resolved(resolveFire(infantry({ base: 70, kind: 'opportunity', phase: 'other' }), scriptedDice(5), HOUSE));
    expect(o).toMatchObject({ moraleCheckDue: true, mfpChange: { rule: 'PCT-11.73', points: 2, direction: 'up' } });
    expect(o.notes.map(english).join(' ')).toContain('PCT-11.88');
    const guns = resolved(resolveFire(battery({}, {}, { arm: 'artillery', formation: 'unlimbered', strength: 6 }), scriptedDice(5, 3), HOUSE));
    expect(guns).toMatchObject({ lossKind: 'cannon', losses: 1, mfpChange: { points: 5, batteryLoss: 'each-cannon' } });
    const down = withHouse({ mfp: { ...FIRE_PACK.mfp, direction: 'down', batteryLoss: 'whole-battery' } });
    expect(resolved(resolveFire(battery({}, {}, { arm: 'artillery', formation: 'unlimbered', strength: 6 }), scriptedDice(5, 3), down)).mfpChange.points).toBe(0);
    expect(resolved(resolveFire(battery({}, {}, { arm: 'artillery', formation: 'unlimbered', strength: 1 }), scriptedDice(5, 3), down)).mfpChange.points).toBe(-5);
  });

  it('PCT-11.74 artillery fire on guns or trains takes cannon or train material; small arms take crew figures', () => {
    expect(resolved(resolveFire(battery({}, {}, { arm: 'train', formation: 'column' }), scriptedDice(5, 2))).lossKind).toBe('train material');
    expect(resolved(resolveFire(infantry({}, {}, { arm: 'artillery', formation: 'unlimbered' }), scriptedDice(5))).lossKind).toBe('figures');
  });

  it('PCT-11.16.step10 a 5% officer check per figure hit when an officer is attached; 01/00 starts the random officer hit sequence', () => {
    const two = infantry({ base: 70, kind: 'opportunity', phase: 'other' }, {}, { officerAttached: true });
    // One roll per figure or one combined is open: asked before any die is rolled until a house rule chooses.
    expect(resolveFire(infantry({}, {}, { officerAttached: true }), scriptedDice())).toMatchObject({ status: 'needsGm', house: 'officer-hit.rolls' });
    const o = resolved(resolveFire(two, scriptedDice(10, 5, 6), HOUSE));
    expect(o.officerChecks).toEqual([
      { rule: 'PCT-11.16.step10', roll: 5, chance: 5, hit: true, randomOfficerHit: false },
      { rule: 'PCT-11.16.step10', roll: 6, chance: 5, hit: false, randomOfficerHit: false },
    ]);
    expect(o.randomOfficerHit).toBeNull();
    const seq = resolved(resolveFire(infantry({}, {}, { officerAttached: true }), scriptedDice(10, 100), HOUSE));
    expect(seq.officerChecks[0]).toMatchObject({ roll: 100, hit: false, randomOfficerHit: true });
    expect(seq.randomOfficerHit).toMatchObject({ needsGm: true });
    expect(english(seq.randomOfficerHit!.text)).toContain('GM rules');
    expect(resolved(resolveFire(infantry({}, {}, { officerAttached: true }), scriptedDice(50), HOUSE)).officerChecks).toEqual([]);
  });

  it('PCT-11.15.step11 artillery officer checks, one roll at 5% x figures when the house rule combines them', () => {
    const combined = withHouse({ officerHit: { ...FIRE_PACK.officerHit, rolls: 'combined' } });
    const o = resolved(resolveFire(battery({ base: 70, kind: 'opportunity', phase: 'other' }, {}, { officerAttached: true }), scriptedDice(3, 10), combined));
    expect(o.officerChecks).toEqual([{ rule: 'PCT-11.15.step11', roll: 10, chance: 10, hit: true, randomOfficerHit: false }]);
  });

  it('PCT-11.75 critical hit: 1D6, +1 for shell and rockets; the GM reads the table when the pack has none', () => {
    const onGuns = { arm: 'artillery' as const, formation: 'unlimbered' as const };
    const rs = resolved(resolveFire(battery({}, {}, onGuns), scriptedDice(5, 5)));
    expect(rs.criticalHit).toMatchObject({ rule: 'PCT-11.75', roll: 5, bonus: 0, total: 5, section: 'first', result: null, needsGm: true });
    const shell = resolved(resolveFire(battery({}, { shot: 'shell' }, onGuns), scriptedDice(5, 5)));
    expect(shell.criticalHit).toMatchObject({ roll: 5, bonus: 1, total: 6, section: 'second' });
    expect(shell.dice.map((d) => d.sides)).toEqual([100, 6]);
    expect(resolved(resolveFire(battery({}, { arm: 'rockets' }, onGuns), scriptedDice(5, 2))).criticalHit).toMatchObject({ bonus: 1, total: 3 });
    expect(resolved(resolveFire(battery(), scriptedDice(5))).criticalHit).toBeNull(); // not on guns
    expect(resolved(resolveFire(battery({}, {}, onGuns), scriptedDice(50))).criticalHit).toBeNull(); // no loss
  });

  it('PCT-11.75 with a pack table: first section, and a 6 reads the second; PCT-11.76 / 11.77 markers carry what clears them', () => {
    const table = {
      first: [
        { min: 1, max: 3, text: 'No further effect' },
        { min: 4, max: 5, text: 'Counterbattery A', counterbattery: 'A' as const },
      ],
      second: [
        { min: 1, max: 5, text: 'Counterbattery B', counterbattery: 'B' as const },
        { min: 6, max: 7, text: 'Caisson explodes' },
      ],
      secondRoll: true,
    };
    const rules = withFire({ criticalHit: { ...FIRE_PACK.criticalHit, table } });
    const onGuns = { arm: 'artillery' as const, formation: 'unlimbered' as const };
    const a = resolved(resolveFire(battery({}, {}, onGuns), scriptedDice(5, 4), rules));
    expect(a.criticalHit).toMatchObject({ section: 'first', result: { text: 'Counterbattery A' }, needsGm: false });
    expect(a.markers.map((m) => ({ ...m, clearedBy: m.clearedBy.map(english) }))).toEqual([{ marker: 'counterbattery-A', rule: 'PCT-11.76', on: 'target', placedBy: 'critical-hit', clearedBy: COUNTERBATTERY_A_CLEARED_BY }]);
    const b = resolved(resolveFire(battery({}, {}, onGuns), scriptedDice(5, 6, 2), rules));
    expect(b.criticalHit).toMatchObject({ section: 'second', secondRoll: { roll: 2, total: 2 }, result: { counterbattery: 'B' } });
    expect(b.markers.map((m) => [m.marker, m.rule])).toEqual([['counterbattery-B', 'PCT-11.77']]);
    const gm = resolved(resolveFire(battery({ counterbattery: 'B' }), scriptedDice(50)));
    expect(gm.markers).toMatchObject([{ marker: 'counterbattery-B', placedBy: 'gm' }]);
  });
});

describe('refusals', () => {
  it.each([
    ['PCT-11.23.1', infantry({}, { arm: 'hq' })],
    ['PCT-11.23.2', infantry({}, { arm: 'cavalry', morale: 'disordered' })],
    ['PCT-11.23.3', infantry({}, { arm: 'cavalry', charging: true })],
    ['PCT-11.23.4', infantry({}, { morale: 'routing' })],
    ['PCT-11.23.5', infantry({}, { ammunition: 0 })],
    ['PCT-11.23.6', battery({}, { formation: 'limbered' })],
    ['PCT-11.23.7', infantry({}, { arm: 'artillery crew' })],
    ['PCT-11.23.8', infantry({}, { arm: 'train' })],
  ])('%s units that may never fire are refused with the reason', (rule, input) => {
    const dice = scriptedDice();
    const r = resolveFire(input, dice);
    expect(r).toMatchObject({ status: 'refused', rule });
    expect(r.status === 'refused' && english(r.reason)).toContain(`(${rule})`);
    expect(dice.asked).toEqual([]);
  });

  it('PCT-11.25 a unit fires only once in the Reciprocal Fire Phases', () => {
    expect(resolveFire(infantry({ firedInReciprocalPhases: true }), scriptedDice())).toMatchObject({ status: 'refused', rule: 'PCT-11.25' });
    expect(resolved(resolveFire(infantry({ firedInReciprocalPhases: true, kind: 'opportunity', phase: 'other' }), scriptedDice(100))).status).toBe('resolved');
  });

  it('PCT-11.22 artillery in the Reciprocal Artillery Fire Phase, infantry and cavalry in the Reciprocal Infantry Fire Phase', () => {
    expect(resolveFire(infantry({ phase: 'reciprocal-artillery' }), scriptedDice())).toMatchObject({ status: 'refused', rule: 'PCT-11.22' });
    expect(resolveFire(battery({ phase: 'reciprocal-infantry' }), scriptedDice())).toMatchObject({ status: 'refused', rule: 'PCT-11.22' });
    expect(resolveFire(battery({ phase: 'other' }), scriptedDice())).toMatchObject({ status: 'refused', rule: 'PCT-11.22' });
  });

  it('PCT-11.28 at most two batteries on one target, unless no other target (GM override) or an artillery officer directs it', () => {
    expect(resolved(resolveFire(battery({ batteriesOnTarget: 1 }), scriptedDice(100))).status).toBe('resolved');
    expect(resolveFire(battery({ batteriesOnTarget: 2 }), scriptedDice())).toMatchObject({ status: 'refused', rule: 'PCT-11.28' });
    expect(resolved(resolveFire(battery({ batteriesOnTarget: 2, gm: { noOtherTarget: true } }), scriptedDice(100))).status).toBe('resolved');
    expect(resolved(resolveFire(battery({ batteriesOnTarget: 2 }, { artilleryOfficer: true }), scriptedDice(100))).status).toBe('resolved');
  });

  it('PCT-11.46 a skirmish screen reduces artillery fire (by a third or to a third, as a house rule reads "(1/3)") and takes no casualties', () => {
    expect(resolveFire(battery({ base: 45 }, {}, { screened: true }), scriptedDice())).toMatchObject({ status: 'needsGm', rule: 'PCT-11.46', house: 'skirmish-screen' });
    const o = resolved(resolveFire(battery({ base: 45 }, {}, { screened: true }), scriptedDice(100), HOUSE));
    expect(o.percent).toBe(30);
    expect(o.notes.map(english).join(' ')).toContain('no casualties');
    const to = withHouse({ modifiers: FIRE_PACK.modifiers.map((m) => (m.id === 'skirmish-screen' ? { ...m, value: '1/3' } : m)) });
    expect(percentOf(battery({ base: 45 }, {}, { screened: true }), to)).toBe(15);
  });

  it('PCT-11.89 siege artillery fires only normally, once, in the Reciprocal Artillery Fire Phase', () => {
    expect(resolveFire(battery({ kind: 'opportunity', phase: 'other' }, { arm: 'siege artillery' }), scriptedDice())).toMatchObject({ status: 'refused', rule: 'PCT-11.89' });
    expect(resolved(resolveFire(battery({}, { arm: 'siege artillery' }), scriptedDice(100))).status).toBe('resolved');
  });
});

describe('NIGHT-18.61', () => {
  it('NIGHT-18.61 night morale checks to rally routers or for a declared cavalry charge are -20%, squares exempt', () => {
    // 20 points or a fifth is open: nothing applies until the battle's house rule night.morale chooses.
    expect(nightMoraleModifier({ kind: 'rally-routing', night: true }, null)).toMatchObject({ rule: 'NIGHT-18.61', applies: true, open: true, points: 0, factor: 1 });
    expect(nightMoraleModifier({ kind: 'rally-routing', night: true }, 'points')).toMatchObject({ rule: 'NIGHT-18.61', applies: true, points: -20 });
    expect(nightMoraleModifier({ kind: 'declare-charge', night: true }, 'points')).toMatchObject({ applies: true, points: -20 });
    expect(nightMoraleModifier({ kind: 'receive-charge', night: true, square: true }, null)).toMatchObject({ applies: false, points: 0 });
    expect(nightMoraleModifier({ kind: 'other', night: true }, null)).toMatchObject({ applies: false });
    expect(nightMoraleModifier({ kind: 'rally-routing', night: false }, null)).toMatchObject({ applies: false });
    expect(nightMoraleModifier({ kind: 'rally-routing', night: true }, 'fifth')).toMatchObject({ applies: true, points: 0, factor: 0.8 });
    expect(NIGHT_CHARGE_TESTING_RADIUS).toBe(8);
    expect(english(nightMoraleModifier({ kind: 'rally-routing', night: true }, 'fifth', 'house rule').reason)).toBe('Night: morale check to rally a routing unit reduced by a fifth, x0.8 (NIGHT-18.61; house rule).');
    expect(word(nightMoraleModifier({ kind: 'declare-charge', night: true }, 'points').reason, 'fr')).toBe('Nuit : test de moral pour déclarer une charge de cavalerie -20 % (NIGHT-18.61).');
    expect(word(nightMoraleModifier({ kind: 'rally-routing', night: false }, null).reason, 'de')).toBe('Kein Nachtzug: keine nächtliche Moralminderung (NIGHT-18.61).');
  });
});
