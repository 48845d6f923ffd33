import { describe, expect, it } from 'vitest';
import { word } from '../../src/i18n/text.ts';
import { RuleError, ValueNeeded } from '../../src/rules/errors.ts';
import { chargePack, resolveCharge, resolveMorale, type ChargeHouse, type ChargeUnit } from '../../src/systems/charge/rules.ts';
import { scriptedDice } from '../support/scripted-dice.ts';

const inf = (id: string): ChargeUnit => ({ id, arm: 'infantry', figures: 12 });
const ratio: ChargeHouse = { mass: { value: 'ratio', note: 'house rule set by <@gm> at event 1' } };

/** What a refusal says, worded in `locale`. */
function refusal(run: () => unknown, locale: 'en' | 'fr' | 'de'): { text: string; need?: string } {
  try {
    run();
  } catch (e) {
    if (!(e instanceof RuleError)) throw e;
    return { text: word(e.text, locale), ...(e instanceof ValueNeeded ? { need: word(e.need, locale) } : {}) };
  }
  throw new Error('not refused');
}

describe('charge: a value the source lost, refused in the reader\'s language', () => {
  const lostDie = () => resolveCharge({ house: ratio, attacker: inf('A'), defender: inf('D'), table: 'open', dice: scriptedDice(5, 5), pack: chargePack });

  it('the charge die (CHG-ROLL): English as before, French and German worded from the catalog', () => {
    expect(refusal(lostDie, 'en')).toEqual({
      text: 'The charge die (CHG-ROLL) is needed: the text that named it is lost in the source. A GM gives die: with the charge, or sets it for the battle with /house set key:charge.die value:.',
      need: 'the house rule charge.die, or die: from a GM on the same command',
    });
    const fr = refusal(lostDie, 'fr');
    expect(fr.text).toMatch(/^Le dé de charge \(CHG-ROLL\) : valeur requise, le texte qui le nommait est perdu dans la source\. Un MJ donne die: avec la charge/);
    expect(fr.need).toBe('la règle maison charge.die, ou die: d’un MJ dans la même commande');
    expect(refusal(lostDie, 'de').text).toMatch(/^Der Angriffswürfel \(CHG-ROLL\) wird benötigt: /);
  });

  it('a morale test with its house rules open names them in French', () => {
    const run = () =>
      resolveMorale({
        facts: { unit: 'A', figures: 12, figuresLost: 0, steps: 0, shaken: false, disordered: false, leader: false, turn: { fireLosses: 0, charged: false, wasCharged: false, firedAt: false } },
        house: {},
        dice: scriptedDice(),
      } as unknown as Parameters<typeof resolveMorale>[0]);
    const fr = refusal(run, 'fr');
    expect(fr.text).toMatch(/^Un test de moral exige les règles maison morale\.die, morale\.target, morale\.modifiers, morale\.results : /);
    expect(fr.need).toBe('les règles maison morale.die, morale.target, morale.modifiers, morale.results');
  });
});
