import { describe, expect, it } from 'vitest';
import { brigadePack as pack, declareActiveSide, rollInitiative } from '../../src/systems/brigade/rules.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { scriptedDice } from '../support/scripted-dice.ts';
import { english } from '../../src/i18n/text.ts';

const sides = ['British', 'French'] as const;

describe('BRG-2.1, BRG-3.2.1, BRG-3.4.2 initiative rounds', () => {
  it.each(['BRG-2.1', 'BRG-3.2.1', 'BRG-3.4.2'] as const)('%s both players roll 1D6 and the higher wins', (step) => {
    const dice = scriptedDice(2, 5);
    const o = rollInitiative({ step, sides, dice, pack });
    expect(dice.asked).toEqual([6, 6]);
    expect(o.rolls).toEqual([
      { round: 1, side: 'British', roll: 2 },
      { round: 1, side: 'French', roll: 5 },
    ]);
    expect([o.rule, o.winner, o.tied]).toEqual([step, 'French', false]);
    expect(o.dice).toEqual([
      { sides: 6, result: 2 },
      { sides: 6, result: 5 },
    ]);
  });

  it('BRG-2.1 the winner declares which side must activate a formation', () => {
    const o = rollInitiative({ step: 'BRG-2.1', sides, dice: scriptedDice(6, 1), pack });
    expect(english(o.declares)).toBe('which side must activate a formation');
    expect(english(o.steps.at(-1)!)).toBe('British wins and declares which side must activate a formation (BRG-2.1).');
  });

  it('BRG-2.1 a tie has no winner and is not re-rolled: the source gives no tie rule', () => {
    const dice = scriptedDice(4, 4, 6, 1);
    const o = rollInitiative({ step: 'BRG-2.1', sides, dice, pack });
    expect([o.winner, o.tied, o.rounds]).toEqual([null, true, 1]);
    expect(dice.asked).toEqual([6, 6]);
    expect(english(o.steps.at(-1)!)).toMatch(/no tie rule \(BRG-2\.1\).*no re-roll is assumed; the GM rules/);
  });

  it('BRG-2.1 the battle\'s house rule initiative.tie "roll-again" rolls again, and the working cites it', () => {
    const tie = { key: 'initiative.tie', value: 'roll-again' as const, note: 'house rule set by <@gm> at event 4' };
    const o = rollInitiative({ step: 'BRG-2.1', sides, dice: scriptedDice(3, 3, 1, 2), pack, tie });
    expect([o.winner, o.rounds, o.rolls.length]).toEqual(['French', 2, 4]);
    expect(o.steps.map(english)).toContain('Tied at 3: both roll again (initiative.tie: roll-again, house rule set by <@gm> at event 4).');
  });

  it('BRG-2.1 the same side cannot roll twice', () => {
    expect(() => rollInitiative({ step: 'BRG-2.1', sides: ['British', 'British'], dice: scriptedDice(1, 2), pack })).toThrow(RuleError);
  });
});

describe('BRG-2.1 the declaration', () => {
  const won = rollInitiative({ step: 'BRG-2.1', sides, dice: scriptedDice(5, 3), pack });
  const tied = rollInitiative({ step: 'BRG-3.2.1', sides, dice: scriptedDice(2, 2), pack });

  it('BRG-2.1 the winner may name either side, his own or the other', () => {
    expect(declareActiveSide({ initiative: won, declaredBy: 'British', side: 'French' }).side).toBe('French');
    expect(english(declareActiveSide({ initiative: won, declaredBy: 'British', side: 'British' }).steps[0]!)).toContain('(its own side)');
  });

  it('BRG-2.1 the loser may not declare', () => {
    expect(() => declareActiveSide({ initiative: won, declaredBy: 'French', side: 'French' })).toThrow(/British won the initiative, so British declares/);
  });

  it('BRG-3.2.1 after a tie only a GM ruling declares', () => {
    expect(() => declareActiveSide({ initiative: tied, declaredBy: 'British', side: 'British' })).toThrow(/tied.*no tie rule.*GM rules/);
    const d = declareActiveSide({ initiative: tied, declaredBy: 'GM', side: 'French', gmRuling: true });
    expect(d.side).toBe('French');
    expect(english(d.steps[0]!)).toMatch(/GM ruling on a tied initiative/);
  });

  it('BRG-2.1 a side that did not roll cannot be named', () => {
    expect(() => declareActiveSide({ initiative: won, declaredBy: 'British', side: 'Prussians' })).toThrow(RuleError);
  });
});
