import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkHouseRule } from '../../src/battle/house.ts';
import { english, word, type Text } from '../../src/i18n/text.ts';
import type { Locale } from '../../src/i18n/locales.ts';
import { RuleError } from '../../src/rules/errors.ts';
import type { HouseRule } from '../../src/rules/house.ts';
import { brigadeHouse } from '../../src/systems/brigade/house.ts';
import { CHARGE_HOUSE } from '../../src/systems/charge/rules.ts';
import { MEDIEVAL_HOUSE } from '../../src/systems/medieval/house.ts';
import { PERCENTILE_HOUSE } from '../../src/systems/percentile/house-rules.ts';
import { asPhrase, checkBands, type IssueWords } from '../../src/systems/charge/pack-schema.ts';
import { issueText } from '../../src/rules/issue-text.ts';
import { startTable } from '../support/table.ts';

/** The refusal of `value` for the house rule `key`, as a text to word per reader. */
function refusal(rules: readonly HouseRule[], key: string, value: unknown): Text {
  try {
    checkHouseRule(rules, key, value, 'the rules');
  } catch (err) {
    if (err instanceof RuleError) return err.text;
    throw err;
  }
  throw new Error(`${key} took ${JSON.stringify(value)}`);
}
/** What the refusal says is wrong: what follows "is not:" in the reader's language. */
const why = (text: Text, locale: Locale, after: string) => word(text, locale).split(after).at(-1);

describe('issue 43: a house value refused names why in the reader\'s language', () => {
  it('charge: morale.target with a misspelt class, fire.row with a gap and a wrong row', () => {
    const target = refusal(CHARGE_HOUSE, 'morale.target', { eltie: 3 });
    expect(english(target)).toMatch(/ is not: "eltie" is not a class; a class is one of elite, line, conscript\.$/);
    expect(why(target, 'fr', ' ne convient pas : ')).toBe('"eltie" : n’est pas une classe ; au choix : elite, line, conscript.');
    expect(why(target, 'de', ' passt nicht: ')).toBe('"eltie" ist keine Klasse; zur Wahl: elite, line, conscript.');
    const gap = refusal(CHARGE_HOUSE, 'fire.row', { by: 'die', die: 6, bands: [{ min: 4, max: 5, row: 1 }, { min: null, max: 3, row: 2 }] });
    expect(why(gap, 'fr', ' ne convient pas : ')).toBe('bands : la première tranche doit atteindre 6 (max: 6 ou null) : un d6 donne de 1 à 6.');
    const row = refusal(CHARGE_HOUSE, 'fire.row', { by: 'figures', bands: [{ min: 10, max: null, row: 'x' }] });
    expect(why(row, 'fr', ' ne convient pas : ')).toBe('bands.0.row : une ligne est Half ou de 1 à 9 (reçu "x").');
    expect(why(refusal(CHARGE_HOUSE, 'morale.modifiers', { if: 'shaken', value: -1 }), 'de', ' passt nicht: ')).toBe('eine Liste von Modifikatoren, etwa [{if: disordered, value: -1}]; [] für keinen.');
  });

  it('charge: a band of morale.results out of place, a missing key', () => {
    const results = refusal(CHARGE_HOUSE, 'morale.results', [{ min: 0, max: null, result: 'pass' }, { min: null, max: -2, result: 'routed' }]);
    expect(why(results, 'fr', ' ne convient pas : ')).toBe('1 : doit finir à -1, juste sous la tranche précédente (reçu -2).');
    expect(why(refusal(CHARGE_HOUSE, 'morale.die', { dice: 2 }), 'fr', ' ne convient pas : ')).toBe('sides : manquant.');
  });

  it('brigade: a face listed twice, an Army Morale Table cell with more broken than formed', () => {
    const faces = refusal(brigadeHouse, 'bayonets.breaks-on', [5, 5]);
    expect(english(faces)).toMatch(/; \[5,5\] is not: a face is listed twice\.$/);
    expect(why(faces, 'fr', ' ne convient pas : ')).toBe('une face figure deux fois.');
    expect(why(refusal(brigadeHouse, 'army-morale.table', '2/3=4'), 'de', ' passt nicht: ')).toBe('broken ist höchstens formed.');
  });

  it('what zod itself finds is worded by its code, in the reader\'s language too', () => {
    const rounding = refusal(brigadeHouse, 'melee.rounding', 'sideways');
    expect(english(rounding)).toMatch(/"sideways" is not: expected one of "down", "up", "nearest"\.$/);
    expect(why(rounding, 'fr', ' ne convient pas : ')).toBe('attendu : l’une des valeurs "down", "up", "nearest".');
    expect(why(refusal(MEDIEVAL_HOUSE, 'initiative.die', 'd8'), 'de', ' passt nicht: ')).toBe('erwartet: einer der Werte "d6", "d10".');
    expect(why(refusal(MEDIEVAL_HOUSE, 'morale.commander-with', 11), 'fr', ' ne convient pas : ')).toBe('attendu : au plus 10.');
    expect(why(refusal(PERCENTILE_HOUSE, 'supportive.cavalry', 'tripled'), 'fr', ' ne convient pas : ')).toBe('attendu : l’une des valeurs "doubled", "normal".');
  });

  it('/house set key:fire.row at a French table: the refusal reads in French', async () => {
    const t = startTable({ locale: 'fr' });
    await t.run('@gm /battle create name:Colline system:charge');
    const [reply] = await t.run('@gm /house set key:fire.row value:"{by: class, rows: {}}"');
    expect(reply!.text).toMatch(/ ne convient pas : rows : donnez au moins une classe\.$/);
  });

  it('charge: a pack as it loads is told in the English the catalog gives a house value', () => {
    const bands = (words: IssueWords) => z.array(z.object({ min: z.number().nullable(), max: z.number().nullable() })).superRefine((b, ctx) => checkBands(b, ctx, true, true, words));
    const inPack: IssueWords = (_phrase, english) => english;
    for (const value of [
      [{ min: 0, max: 3 }, { min: null, max: -1 }],
      [{ min: 3, max: null }, { min: 0, max: null }],
      [{ min: 3, max: null }, { min: null, max: 1 }],
      [{ min: 5, max: null }, { min: 2, max: 4 }],
      [{ min: 5, max: null }, { min: null, max: 4 }, { min: null, max: 1 }],
      [{ min: 5, max: null }, { min: 3, max: 1 }, { min: null, max: 2 }],
    ]) {
      const house = bands(asPhrase).safeParse(value).error!.issues.map((i) => english(issueText(i)));
      const pack = bands(inPack).safeParse(value).error!.issues.map((i) => i.message);
      expect(house.length).toBeGreaterThan(0);
      expect(house).toEqual(pack);
    }
  });
});

describe("issue 43: zod's own issues worded by their code, bounds as the schema sets them", () => {
  const why = (schema: z.ZodType, value: unknown, locale: Locale = 'en') => word(issueText(schema.safeParse(value).error!.issues[0]!), locale);

  it('an exclusive bound reads "more than", an inclusive one "at least"', () => {
    expect(why(z.number().positive(), 0)).toBe('expected more than 0');
    expect(why(z.number().min(1), 0)).toBe('expected at least 1');
    expect(why(z.number().lt(10), 10)).toBe('expected less than 10');
    expect(why(z.number().positive(), 0, 'fr')).toBe('attendu : plus de 0');
  });

  it('a pattern, a multiple and a union name what they expect', () => {
    expect(why(z.string().regex(/^[A-Z]{2}$/), 'x')).toBe('expected text matching /^[A-Z]{2}$/');
    expect(why(z.number().multipleOf(5), 7)).toBe('expected a multiple of 5');
    expect(why(z.union([z.number(), z.boolean()]), 'x', 'de')).toBe('keine der Formen, die dieser Wert annehmen kann');
  });
});

describe("issue 43: the systems' house files' own refusals in the reader's language", () => {
  it('charge: an empty table; brigade: a cell not formed/broken=number; percentile: a multiplier misspelt', () => {
    expect(english(refusal(CHARGE_HOUSE, 'charge.cover.rows', {}))).toMatch(/give at least one entry\.$/);
    expect(why(refusal(CHARGE_HOUSE, 'charge.cover.rows', {}), 'fr', ' ne convient pas : ')).toBe('donnez au moins une entrée.');
    expect(why(refusal(brigadeHouse, 'army-morale.table', '2/1'), 'de', ' passt nicht: ')).toBe('„2/1“ hat nicht die Form formiert/gebrochen=Zahl, z. B. 4/2=3.');
    const key = PERCENTILE_HOUSE.find((r) => r.key.startsWith('modifier.'))!.key;
    expect(english(refusal(PERCENTILE_HOUSE, key, 'x0'))).toMatch(/write a multiplier as x and a ratio/);
    expect(word(refusal(PERCENTILE_HOUSE, key, 'x0'), 'fr')).toContain('écrivez un multiplicateur comme x');
  });
});
