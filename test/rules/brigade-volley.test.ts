import { wordWithin } from '../../src/i18n/text.ts';
import { describe, expect, it } from 'vitest';
import { closeVolleyRound } from '../../src/systems/brigade/rules.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { english } from '../../src/i18n/text.ts';

describe('BRG-2.2 March and Volley round', () => {
  it('BRG-2.2.1 units hit by the formation’s fire test morale at the end of the round', () => {
    const o = closeVolleyRound({
      formation: 'Wallace',
      volleys: [
        { firer: '1/45th', target: '1/15e', casualties: 1 },
        { firer: '1/88th', target: '1/15e', casualties: 2 },
        { firer: '5/60th', target: '2/15e', casualties: 0 },
      ],
    });
    expect(o.casualties).toEqual([{ unit: '1/15e', count: 3 }]);
    expect(wordWithin(o.moraleTests, 'en')).toEqual([{ unit: '1/15e', effect: 'morale-test', rule: 'BRG-2.2.1', why: "3 casualties from Wallace's fire" }]);
    expect(o.dice).toEqual([]);
  });

  it('BRG-2.2.2 a unit that has tested this phase does not test again', () => {
    const o = closeVolleyRound({ formation: 'Wallace', volleys: [{ firer: '1/45th', target: '1/15e', casualties: 1 }], targets: [{ unit: '1/15e', testedThisPhase: true }] });
    expect(wordWithin(o.moraleTests, 'en')).toEqual([]);
    expect(o.excused).toEqual(['1/15e']);
  });

  it('BRG-2.2.2 unless it is affected by stampeding elephants', () => {
    const o = closeVolleyRound({ formation: 'Wallace', volleys: [{ firer: '1/45th', target: '1/15e', casualties: 1 }], targets: [{ unit: '1/15e', testedThisPhase: true, stampedingElephants: true }] });
    expect(o.moraleTests.map((t) => t.unit)).toEqual(['1/15e']);
    expect(o.excused).toEqual([]);
  });

  it('BRG-2.2.3 leaders attached to a unit with at least 1 casualty from shooting roll on the Fallen Leader table', () => {
    const o = closeVolleyRound({
      formation: 'Wallace',
      volleys: [
        { firer: '1/45th', target: '1/15e', casualties: 1 },
        { firer: '1/88th', target: '2/15e', casualties: 0 },
      ],
      targets: [
        { unit: '1/15e', leaders: ['Arnauld'], testedThisPhase: true },
        { unit: '2/15e', leaders: ['Ferey'] },
      ],
    });
    expect(wordWithin(o.fallenLeaderRolls, 'en')).toEqual([{ leader: 'Arnauld', unit: '1/15e', rule: 'BRG-2.2.3', why: 'attached to 1/15e, which lost 1 to shooting' }]);
    expect(o.steps.map(english).join('\n')).toMatch(/Fallen Leader table \(BRG-2\.2\.3; the table is not in the source/);
  });

  it('BRG-2.2 casualties are whole numbers, as given (the source has no fire table)', () => {
    expect(() => closeVolleyRound({ formation: 'W', volleys: [{ firer: 'a', target: 'b', casualties: 1.5 }] })).toThrow(RuleError);
    expect(() => closeVolleyRound({ formation: 'W', volleys: [{ firer: 'a', target: 'b', casualties: -1 }] })).toThrow(RuleError);
  });
});
