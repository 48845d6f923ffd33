import { describe, expect, it } from 'vitest';
import { word } from '../../src/i18n/text.ts';
import { RuleError } from '../../src/rules/errors.ts';
import { parseNumber, parsePairs } from '../../src/systems/brigade/commands/parse.ts';

/** A refusal's text, worded in `locale`. */
function refusal(run: () => unknown, locale: 'en' | 'fr' | 'de'): string {
  try {
    run();
  } catch (e) {
    if (e instanceof RuleError) return word(e.text, locale);
    throw e;
  }
  throw new Error('not refused');
}

describe('brigade: what a player typed, refused in the reader\'s language', () => {
  it('a pair without "=": English as before, French and German from the catalog', () => {
    const run = () => parsePairs('1/45th Foot 1.5', 'distance');
    expect(refusal(run, 'en')).toBe('"1/45th Foot 1.5" is not name=distance: write e.g. "1/45th Foot=1.5; 3rd Dragoons=4".');
    expect(refusal(run, 'fr')).toBe('« 1/45th Foot 1.5 » n’est pas nom=distance : écrivez par ex. "1/45th Foot=1.5; 3rd Dragoons=4".');
    expect(refusal(run, 'de')).toMatch(/^„1\/45th Foot 1\.5“ ist nicht Name=Entfernung/);
  });

  it('a distance that is not one', () => {
    expect(refusal(() => parseNumber('range', 'far'), 'en')).toBe('range must be a distance such as 3 or 1.5 (got "far").');
    expect(refusal(() => parseNumber('range', 'far'), 'fr')).toBe('range doit être une distance comme 3 ou 1.5 (reçu « far »).');
  });
});
