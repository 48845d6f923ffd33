import { describe, expect, it } from 'vitest';
import { sameText } from '../../src/battle/mechanics.ts';
import { lines, list, say, word } from '../../src/i18n/text.ts';
import { rulingLine } from '../../src/battle/mechanics.ts';
import { MEDIEVAL_HOUSE } from '../../src/systems/medieval/house.ts';
import { PERCENTILE_HOUSE } from '../../src/systems/percentile/house-rules.ts';
import { CHARGE_HOUSE } from '../../src/systems/charge/house.ts';
import { brigadeHouse } from '../../src/systems/brigade/house.ts';
import type { HouseRule } from '../../src/rules/house.ts';
import type { RuleError } from '../../src/rules/errors.ts';
import { checkHouseRule, houseText } from '../../src/battle/house.ts';
import type { BattleState } from '../../src/battle/state.ts';
import { TRANSLATED } from '../../src/i18n/locales.ts';

/**
 * Issue 43: a claim agrees with the battle where what it claims IS what the battle derived (the same
 * value as typed, or the same phrase: key and values), never by comparing English words; and a house
 * rule's texts (its seed, what it expects, its readings) are phrases worded per reader.
 */
describe('a claim compared by what it is (issue 43)', () => {
  it('the same string, or the same key with the same values, is the same claim', () => {
    expect(sameText('3', '3')).toBe(true);
    expect(sameText('3', '4')).toBe(false);
    expect(sameText(say('percentile.claim.zone', { zone: 'minimum' }), say('percentile.claim.zone', { zone: 'minimum' }))).toBe(true);
    expect(sameText(say('percentile.claim.zone', { zone: 'minimum' }), say('percentile.claim.zone', { zone: 'maximum' }))).toBe(false);
    expect(sameText(say('percentile.claim.zone', { zone: 'minimum' }), say('percentile.claim.zoneNotGiven', { refused: 'yes' }))).toBe(false);
    expect(sameText(say('percentile.claim.massedBattery'), say('percentile.claim.massedBattery'))).toBe(true);
    // A value missing on one side, a nested phrase, lines and lists.
    expect(sameText(say('percentile.claim.gunRow', { gun: '6pdr' }), say('percentile.claim.gunRow'))).toBe(false);
    expect(sameText(say('percentile.claim.notABattery', { arm: say('percentile.attrValue.arm.infantry') }), say('percentile.claim.notABattery', { arm: say('percentile.attrValue.arm.infantry') }))).toBe(true);
    expect(sameText(lines('a', say('percentile.claim.massedBattery')), lines('a', say('percentile.claim.massedBattery')))).toBe(true);
    expect(sameText(list(['a', 'b']), list(['a', 'b'], 'or'))).toBe(false);
    // A string is never the phrase whose English it reads as: the two are compared as what they are.
    expect(sameText('a massed battery', say('percentile.claim.massedBattery'))).toBe(false);
  });

  it("a GM's ruling line reads in each language, its values worded too", () => {
    const r = { what: say('percentile.claim.what', { what: 'target' }), ruled: say('percentile.claim.enfiladed', { enfiladed: 'yes' }), derived: say('percentile.claim.enfiladed', { enfiladed: 'no' }), by: 'gm' };
    expect(word(rulingLine(r), 'en')).toBe("GM's ruling: <@gm> ruled enfiladed for the target, where the battle derived not enfiladed.");
    expect(word(rulingLine(r), 'fr')).toBe('Décision du MJ : <@gm> a décidé prise en enfilade pour la cible, là où la bataille déduisait pas prise en enfilade.');
    expect(word(rulingLine(r), 'de')).toBe('Entscheidung des SL: <@gm> entschied flankiert für das Ziel, wo die Schlacht nicht flankiert ableitete.');
    // A ruling logged before phrases (strings) still shows as written.
    expect(word(rulingLine({ what: 'the target', ruled: 'enfiladed', derived: 'not enfiladed', by: 'gm' }), 'fr')).toBe('Décision du MJ : <@gm> a décidé enfiladed pour the target, là où la bataille déduisait not enfiladed.');
  });
});

describe("a house rule's texts in the reader's language (issue 43)", () => {
  const texts = (r: HouseRule) => [r.seed, r.expects, ...Object.values(r.readings ?? {})];

  it.each([
    ['medieval', MEDIEVAL_HOUSE],
    ['percentile', PERCENTILE_HOUSE],
    ['charge', CHARGE_HOUSE],
    ['brigade', brigadeHouse],
  ] as const)('every %s house rule text is a phrase, worded in every language and translated', (_system, rules) => {
    for (const r of rules) {
      for (const x of texts(r)) {
        expect(typeof x, r.key).toBe('object');
        for (const l of TRANSLATED) expect(word(x, l), `${r.key} ${l}`).not.toBe(word(x, 'en'));
      }
    }
  });

  it('reads in French: the seed and a reading', () => {
    const initiative = MEDIEVAL_HOUSE.find((r) => r.key === 'initiative.die')!;
    expect(word(initiative.seed, 'en')).toBe('The Initiative paragraph says each side rolls one d6 (MED-INIT.1); the Game Turn Sequence Chart says one d10 (MED-SEQ.1). The source does not say which is meant.');
    expect(word(initiative.seed, 'fr')).toContain('La source ne dit pas lequel vaut.');
    expect(word(initiative.readings!.d10!, 'fr')).toBe('un d10 par camp, comme la table de séquence du tour de jeu (MED-SEQ.1)');
    // A weapon and a Firing Chart group the pack names read in French too (built before the catalog is installed).
    const musket = MEDIEVAL_HOUSE.find((r) => r.key === 'fire.musket')!;
    expect(word(musket.seed, 'fr')).toMatch(/^mousquet a des portées/);
    expect(word(musket.readings!.bow!, 'fr')).toBe('lit les lignes Arc long, arbalète légère, arc composite (MED-FIRE.R1 à MED-FIRE.R3)');
    expect(word(musket.readings!.bow!, 'en')).toBe('reads the Longbow, Light Crossbow, Composite Bow rows (MED-FIRE.R1 to MED-FIRE.R3)');
    const screen = PERCENTILE_HOUSE.find((r) => r.key === 'skirmish-screen')!;
    expect(word(screen.expects, 'en')).toBe('by-a-third or to-a-third');
    expect(word(screen.expects, 'fr')).toBe('by-a-third ou to-a-third');
    expect(word(screen.readings!['to-a-third']!, 'de')).toBe('auf ein Drittel verringert: x1/3');
  });

  it("/house set's refusal names what the rule takes in the reader's words", () => {
    const refusal = (() => {
      try {
        checkHouseRule(PERCENTILE_HOUSE, 'night.visibility.dark', -1, 'Percentile');
      } catch (err) {
        return (err as RuleError).text;
      }
      throw new Error('not refused');
    })();
    expect(word(refusal, 'en')).toMatch(/^night\.visibility\.dark takes inches, more than 0 \(NIGHT-18\.31\); -1 is not: /);
    expect(word(refusal, 'fr')).toMatch(/^night\.visibility\.dark accepte pouces, plus de 0 \(NIGHT-18\.31\) ; -1 ne convient pas : /);
  });

  it('/house show words the seed and each reading in the reader\'s language', () => {
    const open = { house: {} } as unknown as BattleState;
    const shown = houseText(open, MEDIEVAL_HOUSE.slice(0, 1), 'Medieval');
    expect(word(shown, 'en')).toContain('\n    The seed: The Initiative paragraph says each side rolls one d6 (MED-INIT.1);');
    expect(word(shown, 'en')).toContain('\n    Readings:\n    d6: one d6 a side, as the Initiative paragraph (MED-INIT.1)\n    d10: one d10 a side');
    expect(word(shown, 'fr')).toContain('\n    La source : Le paragraphe Initiative dit que chaque camp lance un d6 (MED-INIT.1) ;');
    expect(word(shown, 'fr')).toContain('\n    d6 : un d6 par camp, comme le paragraphe Initiative (MED-INIT.1)\n    d10 : un d10 par camp');
  });
});
