import { wordWithin } from '../../src/i18n/text.ts';
import { describe, expect, it } from 'vitest';
import { breakBayonets, brigadePack as pack, checkAction, placeCloseCombatTokens, resolveChargeReaction, nextActivation, activate } from '../../src/systems/brigade/rules.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { scriptedDice } from '../support/scripted-dice.ts';
import { english } from '../../src/i18n/text.ts';

describe('BRG-3.1.1 close combat tokens', () => {
  it.each([
    [{ value: 2, unit: 'in' }, true],
    [{ value: 2.1, unit: 'in' }, false],
    [{ value: 5, unit: 'cm' }, true],
    [{ value: 5.5, unit: 'cm' }, false],
  ] as const)('BRG-3.1.1 a unit %o from the nearest enemy gets a token: %s', (nearestEnemy, gets) => {
    const { tokens } = placeCloseCombatTokens([{ id: '1/45th', side: 'British', nearestEnemy }], pack);
    expect(tokens.holders.map((h) => h.id)).toEqual(gets ? ['1/45th'] : []);
    expect(tokens.what).toBe('unit');
  });

  it('BRG-3.2.1.1 the selected unit removes its token; BRG-3.2.6 the loop ends when all have activated', () => {
    let { tokens } = placeCloseCombatTokens(
      [
        { id: '3rd Dragoons', side: 'British', nearestEnemy: { value: 1, unit: 'in' } },
        { id: '1/15e', side: 'French', nearestEnemy: { value: 1, unit: 'in' } },
      ],
      pack,
    );
    const a = activate(tokens, { side: 'British', id: '3rd Dragoons' });
    expect(a.steps.map(english)).toEqual(['British selects 3rd Dragoons and removes its activate token (BRG-3.2.1.1).']);
    tokens = activate(a.tokens, { side: 'French', id: '1/15e' }).tokens;
    expect(nextActivation(tokens)).toMatchObject({ status: 'done', rule: 'BRG-3.2.6' });
  });
});

describe('BRG-3.2.2 Action Round', () => {
  it.each([
    ['infantry', { value: 1, unit: 'in' }, true],
    ['infantry', { value: 1.5, unit: 'in' }, false],
    ['infantry', { value: 2.5, unit: 'cm' }, true],
    ['infantry', { value: 3, unit: 'cm' }, false],
    ['cavalry', { value: 2, unit: 'in' }, true],
    ['cavalry', { value: 2.5, unit: 'in' }, false],
    ['cavalry', { value: 5, unit: 'cm' }, true],
    ['cavalry', { value: 6, unit: 'cm' }, false],
  ] as const)('BRG-3.2.2 %s charging a target %o away: in range %s', (arm, distance, ok) => {
    const run = () => checkAction({ unit: 'u', arm, action: 'charge', target: 't', distance, pack });
    if (ok) expect(run().action).toBe('charge');
    else expect(run).toThrow(/beyond u's charge range/);
  });

  it('BRG-3.2.2 only skirmishers may evade', () => {
    expect(english(checkAction({ unit: '5/60th', arm: 'skirmishers', action: 'evade', pack }).steps[0]!)).toBe('5/60th evades (BRG-3.2.2).');
    expect(() => checkAction({ unit: '1/45th', arm: 'infantry', action: 'evade', pack })).toThrow('Only skirmishers may evade; 1/45th is infantry (BRG-3.2.2).');
  });

  it('BRG-3.2.2 a charge range the source does not give (elephants) is the GM’s', () => {
    expect(() => checkAction({ unit: 'e', arm: 'elephants', action: 'charge', target: 't', distance: { value: 1, unit: 'in' }, pack })).toThrow(/infantry and cavalry only; a GM gives the range for elephants/);
    const o = checkAction({ unit: 'e', arm: 'elephants', action: 'charge', target: 't', distance: { value: 1, unit: 'in' }, gmRange: { value: 3, unit: 'in' }, pack });
    expect(english(o.steps[0]!)).toMatch(/GM ruling/);
  });

  it('BRG-3.2.2 an action that is not in the list is refused', () => {
    expect(() => checkAction({ unit: 'u', arm: 'infantry', action: 'pursue' as 'charge', pack })).toThrow(RuleError);
  });
});

describe('BRG-3.2.3 to BRG-3.2.5 charge and reaction', () => {
  const charger = { unit: '3rd Dragoons', arm: 'cavalry' as const, test: 'passed' as const };

  it('BRG-3.2.3 a charger that passes makes each charged unit test: a pass stays, a fail retreats', () => {
    const o = resolveChargeReaction({
      charger,
      charged: [
        { unit: '1/15e', arm: 'infantry', test: 'passed', activated: true },
        { unit: '2/15e', arm: 'infantry', test: 'failed', activated: false },
      ],
    });
    expect([o.stay, o.retreat]).toEqual([['1/15e'], ['2/15e']]);
    expect(wordWithin(o.effects, 'en')).toContainEqual({ unit: '2/15e', effect: 'retreat', rule: 'BRG-3.2.3', distance: null, facing: 'direction of retreat', marker: null });
    expect(wordWithin(o.effects, 'en')).toContainEqual({ unit: '2/15e', effect: 'gm-ruling', rule: 'BRG-3.2.3', question: 'how far it retreats (not in the source)' });
  });

  it('BRG-3.2.3 a charger that fails: the charged do not test, and the GM rules what it does', () => {
    const o = resolveChargeReaction({ charger: { ...charger, test: 'failed' }, charged: [{ unit: '1/15e', arm: 'infantry', activated: false }] });
    expect(wordWithin(o.effects, 'en')).toEqual([{ unit: '3rd Dragoons', effect: 'gm-ruling', rule: 'BRG-3.2.3', question: 'what a charger that fails its morale test does (not in the source)' }]);
    expect([o.stay, o.retreat]).toEqual([[], []]);
  });

  it('BRG-3.2.3 a charged unit’s result is needed: the source does not say how it is rolled', () => {
    expect(() => resolveChargeReaction({ charger, charged: [{ unit: '1/15e', arm: 'infantry', activated: false }] })).toThrow(/Give 1\/15e's morale test result/);
  });

  it('BRG-3.2.4 charged units that passed and have not activated may fire defensively', () => {
    const o = resolveChargeReaction({
      charger: { unit: '1/45th', arm: 'infantry', test: 'passed' },
      charged: [
        { unit: '1/15e', arm: 'infantry', test: 'passed', activated: false },
        { unit: '2/15e', arm: 'infantry', test: 'passed', activated: true },
        { unit: '1/66e', arm: 'infantry', test: 'failed', activated: false },
      ],
    });
    expect(o.effects.filter((e) => e.effect === 'may-defensive-fire')).toEqual([{ unit: '1/15e', effect: 'may-defensive-fire', rule: 'BRG-3.2.4' }]);
    expect(o.effects.some((e) => e.effect === 'break-bayonets-roll')).toBe(false);
  });

  it('BRG-3.2.5 cavalry charging infantry that stays must roll to break the bayonets; not against cavalry', () => {
    const o = resolveChargeReaction({
      charger,
      charged: [
        { unit: '1/15e', arm: 'infantry', test: 'passed', activated: true },
        { unit: '3e Hussards', arm: 'cavalry', test: 'passed', activated: true },
      ],
    });
    expect(wordWithin(o.effects, 'en')).toEqual([{ unit: '3rd Dragoons', effect: 'break-bayonets-roll', rule: 'BRG-3.2.5', against: '1/15e' }]);
  });

  it('BRG-3.2.5 the 1D6 is rolled; with no score in the source the GM reads it', () => {
    const dice = scriptedDice(4);
    const o = breakBayonets({ cavalry: '3rd Dragoons', infantry: '1/15e', dice, pack });
    expect(dice.asked).toEqual([6]);
    expect([o.roll, o.broken, o.by]).toEqual([4, null, null]);
    expect(english(o.steps.at(-1)!)).toMatch(/GM reads the roll/);
  });

  it.each([
    [4, true],
    [3, false],
  ])('BRG-3.2.5 with the GM’s faces 4-6, a %i breaks the bayonets: %s', (roll, broken) => {
    const o = breakBayonets({ cavalry: 'c', infantry: 'i', breaksOn: [4, 5, 6], dice: scriptedDice(roll), pack });
    expect([o.broken, o.by]).toEqual([broken, 'gm']);
  });

  it('BRG-3.2.5 the battle\'s house rule gives the faces and is cited; the GM\'s faces are refused beside it', () => {
    const house = { key: 'bayonets.breaks-on', value: [5, 6], note: 'house rule set by <@gm> at event 3' };
    const o = breakBayonets({ cavalry: 'c', infantry: 'i', house, dice: scriptedDice(5), pack });
    expect(o).toMatchObject({ broken: true, by: 'house' });
    expect(english(o.steps[1]!)).toContain('(bayonets.breaks-on: 5, 6, house rule set by <@gm> at event 3)');
    expect(() => breakBayonets({ cavalry: 'c', infantry: 'i', breaksOn: [6], house, dice: scriptedDice(5), pack })).toThrow(/breaks_on cannot be given: this battle's house rule gives it/);
  });
});
