import { describe, expect, it } from 'vitest';
import { attrsPhrase, systemName, rulesNamePhrase } from '../../src/battle/describe.ts';
import { getRuleSystem, systemIds } from '../../src/battle/registry.ts';
import { english, word } from '../../src/i18n/text.ts';

/**
 * Issue 43: a unit's attributes and a rule system's names through the catalog. English reads as it
 * always did (each name and closed value as the pack spells it); French and German word the rule
 * system's words and keep what was typed, numbers and codes.
 */
describe("a unit's attributes and a rule system's names, worded by the catalog", () => {
  it.each(systemIds())('%s: every attribute and every worded value of its pack reads in English as the pack spells it, in every language', (id) => {
    const { pack } = getRuleSystem(id);
    for (const a of pack.attributes) {
      for (const value of a.type === 'enum' ? (a.values ?? []) : [a.type === 'int' ? 3 : 'Typed 6pdr']) {
        const attrs = { [a.name]: value };
        expect(english(attrsPhrase(id, attrs))).toBe(`${a.name} ${value}`);
        expect(english(attrsPhrase(id, attrs, true))).toBe(`${a.name}: ${value}`);
        for (const locale of ['fr', 'de', 'en-XA'] as const) expect(word(attrsPhrase(id, attrs), locale)).not.toBe('');
      }
    }
  });

  it.each(systemIds())("%s: its name and how a sentence names its rules are its catalog's, English as the plugin's", (id) => {
    const system = getRuleSystem(id);
    expect(english(systemName(id))).toBe(system.name);
    expect(english(rulesNamePhrase(id))).toBe(system.rulesName);
    expect(word(systemName(id), 'fr')).not.toBe(system.name);
    expect(word(systemName(id), 'de')).not.toBe(system.name);
  });

  it('words names and closed values, and keeps numbers, codes, typed values and what the pack does not declare', () => {
    const attrs = { arm: 'infantry', figures: 24, class: 'B', order: 'close', armour: 'extra heavy', melee_weapon: 'pole-arm', retired: 'yes' };
    expect(english(attrsPhrase('medieval', attrs))).toBe('arm infantry, figures 24, class B, order close, armour extra heavy, melee_weapon pole-arm, retired yes');
    expect(word(attrsPhrase('medieval', attrs), 'fr')).toBe('arme infanterie, figurines 24, classe B, ordre serré, armure extra-lourde, arme de mêlée arme d’hast, retired yes');
    expect(word(attrsPhrase('medieval', attrs, true), 'de')).toBe('Waffengattung: Infanterie, Figuren: 24, Klasse: B, Ordnung: geschlossen, Rüstung: extraschwer, Nahkampfwaffe: Stangenwaffe, retired: yes');
    expect(word(attrsPhrase('percentile', { gun: '6pdr', nation: 'British' }), 'fr')).toBe('calibre 6pdr, nation British');
    expect(english(attrsPhrase('medieval', {}))).toBe('');
  });
});
