import { describe, expect, it } from 'vitest';
import { isPhrase, word, type Text } from '../../src/i18n/text.ts';
import { chargePack } from '../../src/systems/charge/rules.ts';
import { localResultText, modifierLabel, packNote, resultText, sicText, slug, tableTitle } from '../../src/systems/charge/pack-text.ts';

/** Every text the shipped charge pack shows a reader, as the resolution words it (keys built from the rows' ids). */
function shown(): [string, Text][] {
  const p = chargePack;
  const c = p.charge;
  const out: [string, Text][] = [];
  for (const [id, r] of Object.entries(c.results)) {
    out.push([r.text, resultText(id, r.text)]);
    if (r.sic) out.push([r.sic, sicText(id, r.sic)]);
  }
  for (const t of ['open', 'cover'] as const) {
    out.push([c[t].title, tableTitle(t, c[t].title)]);
    for (const r of c[t].rows) {
      if (r.note) out.push([r.note, packNote('note', r.id, r.note)]);
      if (r.uncertain) out.push([r.uncertain, packNote('uncertain', r.id, r.uncertain)]);
    }
  }
  for (const m of [...c.attackerModifiers, ...c.defenderModifiers, ...p.localInitiative.modifiers]) {
    out.push([m.text, modifierLabel(m.id, m.text)]);
    if (m.note) out.push([m.note, packNote('note', m.id, m.note)]);
    if (m.uncertain) out.push([m.uncertain, packNote('uncertain', m.id, m.uncertain)]);
  }
  for (const r of p.fire.rows) {
    if (r.note) out.push([r.note, packNote('note', `fire.row.${r.row}`, r.note)]);
    if (r.uncertain) out.push([r.uncertain, packNote('uncertain', `fire.row.${r.row}`, r.uncertain)]);
  }
  for (const b of p.fire.blocks)
    for (const band of b.bands) {
      if (band.note) out.push([band.note, packNote('note', `fire.${b.id}.${slug(band.band)}`, band.note)]);
      if (band.uncertain) out.push([band.uncertain, packNote('uncertain', `fire.${b.id}.${slug(band.band)}`, band.uncertain)]);
    }
  out.push([p.fire.neNote, packNote('note', 'fire.ne', p.fire.neNote)]);
  for (const r of p.fireDiscipline.rows) {
    if (r.note) out.push([r.note, packNote('note', `discipline.${r.min}`, r.note)]);
    if (r.uncertain) out.push([r.uncertain, packNote('uncertain', `discipline.${r.min}`, r.uncertain)]);
  }
  for (const col of p.skirmish.columns) if (col.uncertain) out.push([col.uncertain, packNote('uncertain', `skirmish.${col.min}`, col.uncertain)]);
  out.push([p.skirmish.note, packNote('note', 'skirmish', p.skirmish.note)]);
  for (const r of p.movement.rates.footHorse) if (r.uncertain) out.push([r.uncertain, packNote('uncertain', `move.${slug(r.arm)}`, r.uncertain)]);
  for (const [id, text] of Object.entries(p.localInitiative.results)) out.push([text, localResultText(id, text)]);
  return out;
}

describe('the charge pack\'s texts go through the catalog', () => {
  it('every text of the shipped pack a reader sees has its key, whose English is the pack\'s very text', () => {
    const texts = shown();
    expect(texts.length).toBeGreaterThan(90);
    for (const [english, text] of texts) {
      expect(isPhrase(text), english).toBe(true);
      expect(word(text, 'en')).toBe(english);
      expect(word(text, 'fr')).not.toBe('');
    }
  });

  it('a house-ruled text is shown as written; the shipped one reads in French and German', () => {
    expect(resultText('defender-routs', 'The defender runs.')).toBe('The defender runs.');
    expect(word(resultText('defender-routs', 'Defender routs. Attacker may continue.'), 'fr')).toBe('Le défenseur est en déroute. L’attaquant peut poursuivre.');
    expect(word(modifierLabel('CHG-ATT-MOD.19', 'Charging Flank'), 'de')).toBe('Flankenangriff');
    expect(word(tableTitle('open', 'Charge in the Open'), 'fr')).toBe('Charge à découvert');
  });
});
