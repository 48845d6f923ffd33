import { describe, expect, it } from 'vitest';
import { english, word, wordWithin } from '../../src/i18n/text.ts';
import { armyMoraleDue, brigadePack, markOutOfCommand } from '../../src/systems/brigade/rules.ts';
import { checkGrandTacPoints, resolveGrandTac } from '../../src/systems/charge/index.ts';
import { scriptedDice } from '../support/scripted-dice.ts';

describe('charge and brigade reasons read in the reader\'s language (issue 43)', () => {
  it('BRG-4.1 why army morale is or is not checked: English as before, French and German from the catalog', () => {
    const no = armyMoraleDue({ turn: 1, armyGeneralFell: false, pack: brigadePack }).why;
    expect(english(no)).toBe('turn 1 is not a fourth turn and no army general has fallen (BRG-4.1)');
    expect(word(no, 'fr')).toBe('le tour 1 n’est pas un quatrième tour et aucun général d’armée n’est tombé (BRG-4.1)');
    expect(word(no, 'de')).toBe('Zug 1 ist kein vierter Zug, und kein Armeegeneral ist gefallen (BRG-4.1)');
    const fell = armyMoraleDue({ turn: 2, armyGeneralFell: true, pack: brigadePack }).why;
    expect(word(fell, 'fr')).toBe('un général d’armée est tombé ce tour-ci (BRG-4.1)');
  });

  it('BRG-1.3 an out-of-command battalion\'s reason is a phrase', () => {
    const o = markOutOfCommand({ brigades: [{ brigade: 'Pack', brigadierToSubGeneral: { value: 14, unit: 'in' }, battalions: [{ unit: '1/42nd', toBrigadier: { value: 5, unit: 'in' } }] }], pack: brigadePack });
    const fx = o.effects[0]!;
    expect(fx.effect).toBe('out-of-command');
    expect(wordWithin(fx, 'en')).toMatchObject({ why: '5" from its Brigadier, more than 4" (10cm); its Brigadier is more than 12" (30cm) from the Sub General' });
    expect(wordWithin(fx, 'de')).toMatchObject({ why: '5" von seinem Brigadier, mehr als 4" (10cm); sein Brigadier ist mehr als 12" (30cm) vom Unterfeldherrn entfernt' });
  });

  it('INIT-GRANDTAC the points note and a refusal of points read in French', () => {
    const o = resolveGrandTac({ sides: [{ side: 'France', points: 3 }, { side: 'Autriche' }], dice: scriptedDice(2, 3) });
    expect(word(o.notes[0]!, 'fr')).toMatch(/^Points Grand-Tac répartis en secret avant les jets : France 3, Autriche aucun\. /);
    const c = checkGrandTacPoints(-1);
    expect(c.ok || word(c.reason, 'fr')).toBe('Les points Grand-Tac doivent être un nombre entier, 0 ou plus (reçu -1) (INIT-GRANDTAC).');
  });
});
