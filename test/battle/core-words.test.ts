import { describe, expect, it } from 'vitest';
import { optionsText, rulesNamePhrase, rulesNameStart, systemName } from '../../src/battle/describe.ts';
import { english, word } from '../../src/i18n/text.ts';

// Issue 43: the core names a rule system, and words its options, through the systems' catalogs.
describe("the core's words for a rule system", () => {
  it("names a system's rules mid-sentence and at a sentence's start, per reader", () => {
    expect(english(rulesNamePhrase('medieval'))).toBe('the medieval d10 rules');
    expect(english(rulesNameStart('medieval'))).toBe('The medieval d10 rules');
    expect(word(rulesNameStart('medieval'), 'fr')).toBe('Les règles médiévales d10');
    expect(word(systemName('medieval'), 'de')).toBe('W10 Mittelalter / Renaissance');
    expect(rulesNameStart('nosuch')).toBe('nosuch');
  });

  it("words the options agreed at creation in the reader's language", () => {
    const o = { autokill: true, partDice: false, initiativeDie: 6 };
    expect(english(optionsText('medieval', o))).toBe('automatic kills on (MED-AUTOKILL), part dice off (MED-PARTDICE), initiative on a d6 (MED-INIT)');
    expect(word(optionsText('medieval', o), 'fr')).toBe('pertes automatiques activées (MED-AUTOKILL), dés partiels désactivés (MED-PARTDICE), initiative sur un d6 (MED-INIT)');
    expect(optionsText('medieval', {})).toBe('');
  });
});
