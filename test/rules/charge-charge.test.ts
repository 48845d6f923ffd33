import { describe, expect, it } from 'vitest';
import { RuleError } from '../../src/rules/errors.ts';
import { ChargeRulesPack, chargePack, checkContinue, resolveCharge, resolveRideDown, type ChargeHouse, type ChargeInput, type ChargeUnit } from '../../src/systems/charge/rules.ts';
import { loadPack } from '../../src/rules/pack.ts';
import { scriptedDice } from '../support/scripted-dice.ts';
import { english, wordWithin } from '../../src/i18n/text.ts';

/** The battle's house rule for Mass: the figures' ratio (CHG-ATT-MOD.8-11, CHG-DEF-MOD.4-7). */
const ratio: ChargeHouse = { mass: { value: 'ratio', note: 'house rule set by <@gm> at event 1' } };

/** A house-ruled copy of the pack: the charge die set to d10, checked by the schema as a loaded pack is. */
const pack10 = loadPack(ChargeRulesPack, { ...chargePack, charge: { ...chargePack.charge, die: 10 } }, 'test pack');

const inf = (id: string, more: Partial<ChargeUnit> = {}): ChargeUnit => ({ id, arm: 'infantry', figures: 12, ...more });
const cav = (id: string, more: Partial<ChargeUnit> = {}): ChargeUnit => ({ id, arm: 'heavy cavalry', figures: 12, ...more });
const charge = (over: Partial<ChargeInput> & { rolls: number[] }) => resolveCharge({ house: ratio, attacker: inf('A'), defender: inf('D'), table: 'open', pack: pack10, dice: scriptedDice(...over.rolls), ...over });

/** Two d20 rolls (the GM's die) whose difference is `diff`, -19..19. */
const rollsFor = (diff: number): [number, number] => (diff >= 0 ? [Math.min(20, diff + 1), Math.min(20, diff + 1) - diff] : [1, 1 - diff]);

describe('CHG-OPEN and CHG-COVER, every printed row', () => {
  const rows = (['open', 'cover'] as const).flatMap((table) =>
    chargePack.charge[table].rows.filter((r) => r.result !== null).flatMap((r) => {
      const ends = [r.max ?? r.min! + 8, r.min ?? r.max! - 7].filter((v, i, a) => a.indexOf(v) === i);
      return ends.map((diff) => [r.id, diff, r.result!, table] as const);
    }),
  );
  it('covers the 12 printed open rows and 12 printed cover rows at both ends', () => {
    expect(new Set(rows.map((r) => r[0])).size).toBe(24);
  });

  it.each(rows)('%s: a difference of %i reads %s', (id, diff, result, table) => {
    const [a, d] = rollsFor(diff);
    const surrender = result.endsWith('surrenders') ? [3] : [];
    const o = resolveCharge({ house: ratio, attacker: inf('A'), defender: inf('D'), table, gm: { die: 20 }, dice: scriptedDice(a, d, ...surrender), pack: chargePack });
    expect(o.difference).toBe(diff);
    expect(o.read).toMatchObject({ rule: table === 'open' ? 'CHG-OPEN' : 'CHG-COVER', id, result, from: 'pack' });
    expect(o.result).toBe(result);
    expect(o.effects).toEqual(expect.objectContaining({ attacker: expect.any(Object), defender: expect.any(Object) }));
  });

  it.each([
    ['open', 0, 'CHG-OPEN.7'],
    ['cover', 5, 'CHG-COVER.7'],
    ['cover', 1, 'CHG-COVER.11'],
    ['cover', 0, 'CHG-COVER.12'],
  ] as const)('CHG-%s a difference of %i falls on %s, a row the OCR lost: refused naming the row and how to give it', (table, diff, id) => {
    const [a, d] = rollsFor(diff);
    const run = () => resolveCharge({ house: ratio, attacker: inf('A'), defender: inf('D'), table, gm: { die: 20 }, dice: scriptedDice(a, d), pack: chargePack });
    expect(run).toThrow(RuleError);
    expect(run).toThrow(new RegExp(`${id.replace('.', '\\.')}.*rows:"${id.replace('.', '\\.')}=<result>" with the charge, or sets it for the battle with /house set key:charge\\.${table}\\.rows value:`));
    const house = resolveCharge({ house: { ...ratio, [`charge.${table}.rows`]: { value: { [String(diff)]: 'firefight' }, note: 'house rule set by <@gm> at event 2' } }, attacker: inf('A'), defender: inf('D'), table, gm: { die: 20 }, dice: scriptedDice(a, d), pack: chargePack });
    expect({ ...house.read, note: english(house.read.note!) }).toMatchObject({ id, result: 'firefight', from: 'house', note: `charge.${table}.rows.${diff}: firefight, house rule set by <@gm> at event 2` });
    const o = resolveCharge({ house: ratio, attacker: inf('A'), defender: inf('D'), table, gm: { die: 20, rows: { [id]: 'melee' } }, dice: scriptedDice(a, d), pack: chargePack });
    expect(o.read).toMatchObject({ id, result: 'melee', from: 'gm' });
  });

  it('CHG-OPEN a GM cannot overwrite a printed row with gm.rows', () => {
    expect(() => charge({ rolls: [5, 5], gm: { rows: { 'CHG-OPEN.6': 'melee' } } })).toThrow(/CHG-OPEN\.6 reads "firefight" as printed/);
  });

  it('CHG-OPEN 11+ the defender rolls 1d10 for the percentage that surrenders; the rest rout; the attacker may occupy', () => {
    const o = charge({ rolls: [10, 1, 4], attackerChoices: { chargingFlank: true } });
    expect(o.difference).toBe(15);
    expect(o.effects.defender).toEqual({ routs: true, surrender: { rule: 'CHG-OPEN/CHG-COVER 11+', roll: 4, percent: 40, percentPerPip: { value: 10, from: 'pack' } } });
    expect(o.effects.attacker).toEqual({ mayOccupy: true });
    expect(o.dice).toEqual([
      { sides: 10, result: 10 },
      { sides: 10, result: 1 },
      { sides: 10, result: 4 },
    ]);
  });

  it('CHG-COVER -12+ the attacker rolls for surrender, and "Attacker may occupy" is kept as printed (sic)', () => {
    const o = resolveCharge({ house: ratio, attacker: inf('A'), defender: inf('D'), table: 'cover', gm: { die: 20 }, dice: scriptedDice(1, 15, 7), pack: chargePack });
    expect(o.result).toBe('attacker-surrenders');
    expect(o.effects.attacker).toMatchObject({ routs: true, mayOccupy: true, surrender: { roll: 7, percent: 70 } });
    expect(o.steps.map(english).join('\n')).toMatch(/sic/);
  });
});

describe('CHG-ROLL', () => {
  it('CHG-ROLL the die is lost in the source: with none in the pack or from the GM the charge is refused, naming both ways', () => {
    const run = () => resolveCharge({ house: ratio, attacker: inf('A'), defender: inf('D'), table: 'open', dice: scriptedDice(5, 5), pack: chargePack });
    expect(run).toThrow(RuleError);
    expect(run).toThrow(/charge die \(CHG-ROLL\) is needed.*A GM gives die: with the charge, or sets it for the battle with \/house set key:charge\.die value:/);
  });

  it("CHG-ROLL the outcome says whether the die came from the pack or the GM, and a GM cannot contradict the pack's", () => {
    expect(charge({ rolls: [6, 5] }).die).toEqual({ value: 10, from: 'pack' });
    expect(resolveCharge({ house: ratio, attacker: inf('A'), defender: inf('D'), table: 'open', gm: { die: 6 }, dice: scriptedDice(6, 1), pack: chargePack }).die).toEqual({ value: 6, from: 'gm' });
    expect(() => charge({ rolls: [5, 5], gm: { die: 6 } })).toThrow(/d10 as the chart prints it/);
  });

  it("CHG-ROLL the defender's modified roll is subtracted from the attacker's and read on the table named", () => {
    const dice = scriptedDice(7, 2);
    const o = resolveCharge({ house: ratio, attacker: inf('A'), defender: inf('D', { disordered: true }), table: 'cover', pack: pack10, dice });
    expect(dice.asked).toEqual([10, 10]);
    expect(o.attacker).toMatchObject({ roll: 7, total: 7 });
    expect(o.defender).toMatchObject({ roll: 2, total: -2 });
    expect(o.difference).toBe(9);
    expect(o.read).toMatchObject({ rule: 'CHG-COVER', id: 'CHG-COVER.3', result: 'defender-falls-back-broken' });
    expect(o.steps.map(english)).toContain('7 - -2 = +9, read on Charge in Cover (CHG-COVER).');
  });

  it('CHG-ROLL the table is named with the charge: the source gives no criterion', () => {
    expect(() => charge({ rolls: [5, 5], table: 'woods' as 'open' })).toThrow(/open \(CHG-OPEN\) or cover \(CHG-COVER\)/);
  });
});

describe('CHG-ATT-MOD, every row', () => {
  const row = (key: string) => pack10.charge.attackerModifiers.find((m) => m.key === key)!;
  const cases: [string, Partial<ChargeInput>, number][] = [
    ['heavyVsLightCav', { attacker: cav('A'), defender: { id: 'D', arm: 'light cavalry', figures: 12 } }, 4],
    ['shaken', { attacker: inf('A', { shaken: true }) }, -2],
    ['disordered', { attacker: inf('A', { disordered: true }) }, -4],
    ['standingCav', { attackerChoices: { standingCav: true } }, -3],
    ['closingCasualties', { attacker: { ...inf('A'), closingLossPercent: 25 } }, -4],
    ['mass1.5', { attacker: inf('A', { figures: 18 }) }, 2],
    ['mass2', { attacker: inf('A', { figures: 24 }) }, 3],
    ['mass3', { attacker: inf('A', { figures: 36 }) }, 4],
    ['mass4', { attacker: inf('A', { figures: 48 }) }, 5],
    ['chargeDownhill', { attackerChoices: { chargeDownhill: true } }, 1],
    ['cavVsInfLine', { attacker: cav('A'), defender: inf('D', { formation: 'line' }) }, 6],
    ['cavVsGeneral', { attacker: cav('A'), defender: inf('D', { formation: 'general order' }) }, 7],
    ['cavVsInfColumn', { attacker: cav('A'), defender: inf('D', { formation: 'column' }) }, 4],
    ['cavVsClosedColumn', { attacker: cav('A'), defender: inf('D', { formation: 'closed column' }) }, -2],
    ['chargingFlank', { attackerChoices: { chargingFlank: true } }, 6],
    ['chargingRear', { attackerChoices: { chargingRear: true } }, 8],
  ];
  it.each(cases.map(([k, i, t]) => [k, t, i] as const))('CHG-ATT-MOD %s adds %i', (key, total, input) => {
    const o = charge({ rolls: [10, 1, 5], ...input });
    expect(o.attacker.modifiers).toEqual([expect.objectContaining({ id: row(key).id, key, total, valueFrom: 'pack', by: row(key).from })]);
    expect(o.attacker.total).toBe(10 + total);
  });

  it('CHG-ATT-MOD the umpire reads the roster and log rows; players give only the table rows (pack `from` agrees)', () => {
    const tableRows = pack10.charge.attackerModifiers.filter((m) => m.from === 'table').map((m) => m.key);
    expect(tableRows.sort()).toEqual(['chargeDownhill', 'chargingFlank', 'chargingRear', 'cwDifference', 'standingCav']);
  });

  it.each([
    ['cwDifference', 'CHG-ATT-MOD.2', { attackerChoices: { cwDifference: 2 } }, 2],
    ['cavVsSquare', 'CHG-ATT-MOD.16', { attacker: cav('A'), defender: inf('D', { formation: 'square' }) }, 1],
    ['leaderAttached', 'CHG-ATT-MOD.18', { attacker: { ...inf('A'), leaderAttached: true } }, 1],
  ] as const)('CHG-ATT-MOD %s (%s) has no value in the source: refused until a GM gives one, then marked as the GM\'s', (key, id, input, count) => {
    const run = () => charge({ rolls: [10, 1, 5], ...(input as Partial<ChargeInput>) });
    expect(run).toThrow(new RegExp(`${id.replace('.', '\\.')} .*the source gives none.*values:"${id.replace('.', '\\.')}=<value>" with the charge, or sets it for the battle with /house set key:charge\\.`));
    const o = charge({ rolls: [10, 1, 5], ...(input as Partial<ChargeInput>), gm: { values: { attacker: { [key]: -5 } } } });
    expect(o.attacker.modifiers).toEqual([expect.objectContaining({ id, value: -5, count, total: -5 * count, valueFrom: 'gm' })]);
  });

  it('CHG-ATT-MOD a GM cannot override a printed value', () => {
    expect(() => charge({ rolls: [10, 1], gm: { values: { attacker: { chargingRear: 2 } } } })).toThrow(/\+8 as the chart prints it/);
  });

  it('CHG-ATT-MOD.18 the battle\'s house rule gives the lost value, cited in the working', () => {
    const o = charge({ rolls: [10, 1], attacker: { ...inf('A'), leaderAttached: true }, house: { ...ratio, 'charge.leader-attached': { value: 1, note: 'house rule set by <@gm> at event 3' } } });
    expect(o.attacker.modifiers).toEqual([expect.objectContaining({ id: 'CHG-ATT-MOD.18', value: 1, valueFrom: 'house' })]);
    expect(o.steps.map(english).join('\n')).toContain('CHG-ATT-MOD.18 Leader attached: +1 (from the roster and log), charge.leader-attached: +1, house rule set by <@gm> at event 3');
  });

  it('CHG-ATT-MOD.6 a routed or broken unit may not charge (printed NA): refused, no value asked', () => {
    expect(() => charge({ rolls: [10, 1], attacker: inf('A', { routBroken: 'routed' }) })).toThrow(/A is routed: a routed or broken unit may not charge \(CHG-ATT-MOD\.6, printed NA\)/);
  });

  it('CHG-ATT-MOD.7 Closing Cas. counts each full 10%', () => {
    expect(charge({ rolls: [10, 1], attacker: { ...inf('A'), closingLossPercent: 9 } }).attacker.modifiers).toEqual([]);
    expect(charge({ rolls: [10, 1], attacker: { ...inf('A'), closingLossPercent: 30 } }).attacker.total).toBe(4);
  });
});

describe('CHG-DEF-MOD, every row', () => {
  const row = (key: string) => pack10.charge.defenderModifiers.find((m) => m.key === key)!;
  const cases: [string, Partial<ChargeInput>, number][] = [
    ['shaken', { defender: inf('D', { shaken: true }) }, -2],
    ['disordered', { defender: inf('D', { disordered: true }) }, -4],
    ['routBroken', { defender: inf('D', { routBroken: true }) }, -9],
    ['mass1.5', { defender: inf('D', { figures: 18 }) }, 2],
    ['mass2', { defender: inf('D', { figures: 24 }) }, 3],
    ['mass3', { defender: inf('D', { figures: 36 }) }, 4],
    ['mass4', { defender: inf('D', { figures: 60 }) }, 5],
    ['secureFlanks', { defenderChoices: { secureFlanks: 2 } }, 2],
    ['generalOrder', { defender: inf('D', { formation: 'general order' }) }, -2],
    ['lightCover', { defenderChoices: { cover: 'light' } }, 1],
    ['mediumCover', { defenderChoices: { cover: 'medium' } }, 3],
    ['heavyCover', { defenderChoices: { cover: 'heavy' } }, 5],
  ];
  it.each(cases.map(([k, i, t]) => [k, t, i] as const))('CHG-DEF-MOD %s adds %i', (key, total, input) => {
    const o = charge({ rolls: [10, 1, 5], ...input });
    expect(o.defender.modifiers).toEqual([expect.objectContaining({ id: row(key).id, key, total, by: row(key).from })]);
    expect(o.defender.total).toBe(1 + total);
  });

  it('CHG-DEF-MOD uncertain readings are kept and shown in the working', () => {
    const o = charge({ rolls: [10, 1], defenderChoices: { cover: 'heavy' } });
    expect(o.defender.modifiers[0]).toMatchObject({ uncertain: "printed '55'" });
    expect(o.steps.map(english).join('\n')).toMatch(/In Heavy Cover: \+5 \(on the table\) \[reading uncertain/);
  });

  it('CHG-DEF-MOD.8 secure flanks are 0 to 2', () => {
    expect(() => charge({ rolls: [10, 1], defenderChoices: { secureFlanks: 3 } })).toThrow(/0, 1 or 2/);
  });
});

describe('CHG-CAV', () => {
  it('CHG-CAV a firefight between cavalry units becomes melee', () => {
    const o = charge({ rolls: [6, 5], attacker: cav('A'), defender: cav('D') });
    expect(o.read).toMatchObject({ id: 'CHG-OPEN.6', result: 'firefight' });
    expect(o.cavalryShift).toEqual({ rule: 'CHG-CAV', direction: 'inward', to: { result: 'melee' } });
    expect(o.result).toBe('melee');
    expect(o.effects).toEqual({ attacker: { melee: true }, defender: { melee: true } });
  });

  it('CHG-CAV with infantry involved the firefight shifts outward, by a number the source does not give: refused until set', () => {
    const fire = (gm = {}) => charge({ rolls: [2, 5], attacker: cav('A'), defender: inf('D', { formation: 'column' }), gm });
    expect(fire).toThrow(/How many rows a firefight shifts outward \(CHG-CAV\) is needed.*outward_rows: with the charge.*\/house set key:cavalry\.outward-rows value:/);
    const o = fire({ cavalryOutwardRows: 1 });
    expect(o.difference).toBe(1);
    expect(o.read.result).toBe('firefight');
    expect(o.cavalryShift).toMatchObject({ direction: 'outward', rows: { value: 1, from: 'gm' }, to: { id: 'CHG-OPEN.5', result: 'defender-recoils-2' } });
    expect(o.result).toBe('defender-recoils-2');
  });

  it('CHG-CAV a negative firefight shifts outward down the table', () => {
    const o = charge({ rolls: [1, 2], attacker: inf('A'), defender: cav('D'), gm: { cavalryOutwardRows: 1 } });
    expect(o.difference).toBe(-1);
    expect(o.cavalryShift?.to).toMatchObject({ id: 'CHG-OPEN.9', result: 'attacker-halts-3' });
  });

  it('CHG-CAV infantry against infantry keeps the firefight', () => {
    const o = charge({ rolls: [6, 5] });
    expect(o.result).toBe('firefight');
    expect(o.cavalryShift).toBeUndefined();
  });
});

describe('CHG-CONTINUE', () => {
  it('CHG-CONTINUE a result that occupies the target position allows it, less than 4" for infantry, 6" for cavalry', () => {
    const o = charge({ rolls: [10, 5] });
    expect(o.result).toBe('defender-recoils-disordered');
    expect(o.continuation).toMatchObject({ allowed: true, lessThan: 4 });
    expect(checkContinue({ result: o.result, arm: 'infantry', distance: 3.9, pack: pack10 }).lessThan).toBe(4);
    expect(() => checkContinue({ result: o.result, arm: 'infantry', distance: 4, pack: pack10 })).toThrow(/less than 4"/);
    expect(checkContinue({ result: o.result, arm: 'light cavalry', distance: 5.5, pack: pack10 }).lessThan).toBe(6);
    expect(() => checkContinue({ result: o.result, arm: 'heavy cavalry', distance: 6, pack: pack10 })).toThrow(/less than 6"/);
  });

  it('CHG-CONTINUE "Defender routs. Attacker may continue" allows it; a halt does not', () => {
    expect(charge({ rolls: [10, 1] }).continuation.allowed).toBe(true);
    const halted = charge({ rolls: [2, 5] });
    expect(halted.result).toBe('attacker-halts-3');
    expect(halted.continuation.allowed).toBe(false);
    expect(() => checkContinue({ result: halted.result, arm: 'infantry', distance: 1, pack: pack10 })).toThrow(RuleError);
  });
});

describe('CHG-RIDEDOWN', () => {
  const lost = () => charge({ rolls: [10, 3], attacker: cav('A'), defender: inf('D', { formation: 'closed column' }) });

  it('CHG-RIDEDOWN infantry losing to cavalry may be ridden down only in the dotted line area, which is illegible: the outcome says so', () => {
    const o = lost();
    expect(o.difference).toBe(5);
    expect(o.rideDown).toMatchObject({ status: 'area-unknown', cavalry: 'A', infantry: 'D' });
    expect(english(o.rideDown.text)).toMatch(/\/house set key:ride-down\.area\.open value:/);
  });

  it('CHG-RIDEDOWN resolving it without the area is refused; with the GM\'s area one melee round is fought, the infantry at -8', () => {
    const o = lost();
    const base = { chance: o.rideDown, difference: o.difference, table: 'open' as const, cavalry: { id: 'A' }, infantry: { id: 'D' }, pack: pack10 };
    expect(() => resolveRideDown({ ...base, dice: scriptedDice(5, 5) })).toThrow(/dotted line area of CHG-OPEN.*area: with the ride down.*\/house set key:ride-down\.area\.open value:/);
    expect(() => resolveRideDown({ ...base, gm: { area: { min: 7, max: 10 } }, dice: scriptedDice(5, 5) })).toThrow(/outside the dotted line area/);
    const r = resolveRideDown({ ...base, gm: { area: { min: 5, max: 10 } }, dice: scriptedDice(4, 9) });
    expect(r.rideDown).toEqual({ rule: 'CHG-RIDEDOWN', area: { value: { min: 5, max: 10 }, from: 'gm' }, infantryModifier: -8 });
    expect(wordWithin(r.rolls[1], 'en')).toMatchObject({ unit: 'D', roll: 9, total: 1, modifiers: [{ label: 'Ride Down: infantry melee modifier', value: -8, rule: 'CHG-RIDEDOWN' }] });
    expect(r.result).toMatchObject({ kind: 'winner', winner: 'A', loser: 'D' });
  });

  it('CHG-RIDEDOWN a house-ruled area in the pack places the result; no ride down for cavalry against cavalry', () => {
    const housePack = loadPack(ChargeRulesPack, { ...pack10, charge: { ...pack10.charge, rideDown: { ...pack10.charge.rideDown, area: { open: { min: 5, max: 8 }, cover: null } } } }, 'house');
    const o = resolveCharge({ house: ratio, attacker: cav('A'), defender: inf('D', { formation: 'closed column' }), table: 'open', dice: scriptedDice(10, 3), pack: housePack });
    expect(o.rideDown).toMatchObject({ status: 'possible', area: { value: { min: 5, max: 8 }, from: 'pack' } });
    expect(charge({ rolls: [10, 3], attacker: cav('A'), defender: cav('D') }).rideDown.status).toBe('not-applicable');
  });
});
