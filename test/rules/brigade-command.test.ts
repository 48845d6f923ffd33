import { describe, expect, it } from 'vitest';
import {
  activate,
  awaiting,
  brigadePack as pack,
  markOutOfCommand,
  nextActivation,
  placeTokens,
  rallyRetreating,
  replaceFallenLeaders,
  replacementTurn,
} from '../../src/systems/brigade/rules.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { english } from '../../src/i18n/text.ts';

describe('BRG-1 Command & Control', () => {
  it('BRG-1.1 retreating units auto-rally, no test, facing the direction of retreat', () => {
    const o = rallyRetreating([{ unit: '1/45th' }, { unit: '3rd Dragoons', formation: 'line' }]);
    expect(o.dice).toEqual([]);
    expect(o.effects).toEqual([
      { unit: '1/45th', effect: 'rally', rule: 'BRG-1.1', formation: null, facing: 'direction of retreat' },
      { unit: '3rd Dragoons', effect: 'rally', rule: 'BRG-1.1', formation: 'line', facing: 'direction of retreat' },
    ]);
    expect(english(o.steps.at(-1)!)).toMatch(/retreat marker.*GM rules/);
  });

  it('BRG-1.2.1 an army commander removed in turn T is replaced at the start of turn T+1', () => {
    expect(replacementTurn({ leader: 'Wellington', kind: 'army-commander', removedTurn: 3 }, pack)).toEqual({ turn: 4, rule: 'BRG-1.2.1' });
  });

  it.each(['sub-general', 'brigade-commander'] as const)('BRG-1.2.2 a %s removed in turn T is replaced at the start of turn T+3', (kind) => {
    expect(replacementTurn({ leader: 'Le Marchant', kind, removedTurn: 3 }, pack)).toEqual({ turn: 6, rule: 'BRG-1.2.2' });
  });

  it('BRG-1.2 at the start of a turn the leaders due are replaced and the others wait', () => {
    const o = replaceFallenLeaders({
      turn: 5,
      fallen: [
        { leader: 'Marmont', kind: 'army-commander', removedTurn: 4 },
        { leader: 'Arnauld', kind: 'brigade-commander', removedTurn: 3 },
        { leader: 'Clausel', kind: 'sub-general', removedTurn: 2 },
      ],
      pack,
    });
    expect(o.replaced.map((l) => [l.leader, l.rule])).toEqual([
      ['Marmont', 'BRG-1.2.1'],
      ['Clausel', 'BRG-1.2.2'],
    ]);
    expect(o.waiting).toEqual([{ leader: 'Arnauld', kind: 'brigade-commander', removedTurn: 3, dueTurn: 6, rule: 'BRG-1.2.2' }]);
  });

  it('BRG-1.2 an unknown kind of leader is refused', () => {
    expect(() => replacementTurn({ leader: 'X', kind: 'colonel' as 'sub-general', removedTurn: 1 }, pack)).toThrow(RuleError);
  });

  it.each([
    [{ value: 4, unit: 'in' }, false],
    [{ value: 4.1, unit: 'in' }, true],
    [{ value: 10, unit: 'cm' }, false],
    [{ value: 10.5, unit: 'cm' }, true],
  ] as const)('BRG-1.3 a battalion %o from its Brigadier is out of command: %s', (toBrigadier, out) => {
    const o = markOutOfCommand({ brigades: [{ brigade: 'Wallace', brigadierToSubGeneral: { value: 1, unit: 'in' }, battalions: [{ unit: '1/45th', toBrigadier }] }], pack });
    expect(o.effects.map((e) => e.unit)).toEqual(out ? ['1/45th'] : []);
  });

  it.each([
    [{ value: 12, unit: 'in' }, false],
    [{ value: 12.5, unit: 'in' }, true],
    [{ value: 30, unit: 'cm' }, false],
    [{ value: 31, unit: 'cm' }, true],
  ] as const)('BRG-1.3 a Brigadier %o from the Sub General puts every battalion out of command: %s', (brigadierToSubGeneral, out) => {
    const o = markOutOfCommand({
      brigades: [
        {
          brigade: 'Wallace',
          brigadierToSubGeneral,
          battalions: [
            { unit: '1/45th', toBrigadier: { value: 1, unit: 'in' } },
            { unit: '1/88th', toBrigadier: { value: 5, unit: 'in' } },
          ],
        },
      ],
      pack,
    });
    expect(o.effects.map((e) => e.unit)).toEqual(out ? ['1/45th', '1/88th'] : ['1/88th']);
    expect(o.effects.every((e) => e.rule === 'BRG-1.3' && e.effect === 'out-of-command')).toBe(true);
  });

  it('BRG-1.3 a negative distance is refused', () => {
    expect(() => markOutOfCommand({ brigades: [{ brigade: 'W', brigadierToSubGeneral: { value: -1, unit: 'in' }, battalions: [] }], pack })).toThrow(RuleError);
  });
});

describe('BRG-1.5, BRG-2.1.1, BRG-2.3 activate tokens', () => {
  const formations = [
    { id: 'wallace', side: 'British', name: "Wallace's Brigade" },
    { id: 'lemarchant', side: 'British', name: "Le Marchant's Brigade" },
    { id: 'arnauld', side: 'French', name: "Arnauld's Brigade" },
  ];

  it('BRG-1.5 a token goes behind every formation, once each', () => {
    const t = placeTokens('BRG-1.5', formations);
    expect([t.what, awaiting(t).length, t.activated]).toEqual(['formation', 3, []]);
    expect(() => placeTokens('BRG-1.5', [...formations, formations[0]!])).toThrow(/named twice/);
  });

  it('BRG-2.1.1 the active side removes the token of the formation it selects; BRG-2.1.2 all its units must act', () => {
    const { tokens, steps } = activate(placeTokens('BRG-1.5', formations), { side: 'British', id: 'wallace' });
    expect(tokens.activated).toEqual(['wallace']);
    expect(awaiting(tokens, 'British').map((h) => h.id)).toEqual(['lemarchant']);
    expect(steps.map(english)).toEqual(["British selects Wallace's Brigade and removes its activate token (BRG-2.1.1).", 'All units in the formation must act in this March and Volley round (BRG-2.1.2).']);
  });

  it('BRG-2.1.1 a formation that already activated is refused, naming those that may', () => {
    const once = activate(placeTokens('BRG-1.5', formations), { side: 'British', id: 'wallace' }).tokens;
    expect(() => activate(once, { side: 'British', id: 'wallace' })).toThrow("Wallace's Brigade has already activated and its token is gone (BRG-2.1.1); select one of Le Marchant's Brigade.");
  });

  it("BRG-2.1.1 the active side selects one of its own formations, not the other side's", () => {
    expect(() => activate(placeTokens('BRG-1.5', formations), { side: 'British', id: 'arnauld' })).toThrow(/Arnauld's Brigade is French's; British is the active side/);
    expect(() => activate(placeTokens('BRG-1.5', formations), { side: 'British', id: 'picton' })).toThrow(/holds no activate token/);
  });

  it('BRG-2.3 rounds repeat until all formations of both sides have activated; BRG-2.1 a side alone left is the only one that can be declared', () => {
    let t = placeTokens('BRG-1.5', formations);
    expect(nextActivation(t)).toMatchObject({ status: 'initiative', sides: ['British', 'French'] });
    t = activate(t, { side: 'French', id: 'arnauld' }).tokens;
    const one = nextActivation(t);
    expect(one).toMatchObject({ status: 'one-side', side: 'British' });
    expect(english(one.steps[0]!)).toBe('Only British has formations left to activate: it is the only side the winner could declare, so it activates with no initiative round (BRG-2.1, BRG-2.3).');
    t = activate(t, { side: 'British', id: 'wallace' }).tokens;
    t = activate(t, { side: 'British', id: 'lemarchant' }).tokens;
    expect(nextActivation(t)).toMatchObject({ status: 'done', rule: 'BRG-2.3' });
  });

  it('BRG-2.1 a side with no formation left is told so, and the GM rules', () => {
    let t = placeTokens('BRG-1.5', formations);
    t = activate(t, { side: 'French', id: 'arnauld' }).tokens;
    expect(() => activate(t, { side: 'French', id: 'arnauld' })).toThrow(/French has no formation left to activate: the source gives no rule for this, the GM rules/);
  });
});
