import { describe, expect, it } from 'vitest';
import { isPhrase, word, type Text } from '../../src/i18n/text.ts';
import type { RuleError } from '../../src/rules/errors.ts';
import { DERIVED_FROM, applyModifiers, medievalPack as pack, type MedievalPack } from '../../src/systems/medieval/index.ts';
import { packText, type PackTextKind } from '../../src/systems/medieval/words.ts';
import type { CompleteContext } from '../../src/app/slash/commands.ts';
import { findCommand } from '../../src/app/slash/registry.ts';
import { startTable } from '../support/table.ts';

/**
 * Issue 43: every text of the shipped medieval pack a reader sees has its key in the medieval
 * catalog (`medieval.pack.<kind>.<id>`), English as shipped, so shipped() words it as a phrase; the
 * keys are built from the rows' ids at run time, so the catalog test's `say('key'` check cannot see them.
 */
function shippedTexts(p: MedievalPack): [PackTextKind, string, string][] {
  const out: [PackTextKind, string, string][] = [];
  for (const chart of [p.fire, p.melee, p.control, p.morale]) {
    for (const m of chart.modifiers) {
      out.push(['modifier', m.id, m.text]);
      if (m.note) out.push(['modifierNote', m.id, m.note]);
    }
  }
  for (const r of [...p.control.reasons, ...p.morale.reasons]) out.push(['reason', r.id, r.text]);
  for (const r of [p.control.result.pass, p.control.result.fail, p.control.result.retest]) out.push(['result', r.id, r.text]);
  for (const [id, text] of Object.entries(p.morale.columns)) out.push(['column', id, text]);
  for (const [id, text] of Object.entries(p.morale.resultNames)) out.push(['resultName', id, text]);
  for (const e of p.morale.effects.text) out.push(['effect', e.id, e.text]);
  for (const g of p.fire.groups) out.push(['fireGroup', g.id, g.name]);
  for (const g of p.melee.groups) out.push(['meleeGroup', g.id, g.name]);
  p.terrain.columns.forEach((c, i) => out.push(['terrainColumn', String(i + 1), c]));
  for (const r of p.terrain.rows) {
    out.push(['terrain', r.id, r.feature]);
    r.cells.forEach((c, i) => c !== null && out.push(['terrainCell', `${r.id}.${i + 1}`, c]));
    if (r.note) out.push(['terrainNote', r.id, r.note]);
  }
  for (const f of p.terrain.footnotes) out.push(['footnote', f.id, f.text]);
  out.push(['bonusFor', 'movement', p.movement.bonusFor]);
  for (const t of p.movement.troops) {
    out.push(['troops', t.id, t.troopType]);
    if (t.note) out.push(['troopsNote', t.id, t.note]);
  }
  for (const a of p.movement.artillery) out.push(['artillery', a.id, a.type], ['artilleryTime', a.id, a.limberOrUnlimber]);
  return out;
}

describe('the medieval pack in the reader’s words (issue 43)', () => {
  it('every text the shipped pack shows has a catalog key: no row without one', () => {
    const texts = shippedTexts(pack);
    expect(texts.length).toBeGreaterThan(200);
    expect(texts.filter(([kind, id, text]) => !isPhrase(packText(kind, id, text))).map(([kind, id]) => `${kind} ${id}`)).toEqual([]);
  });

  it('a house-ruled text (or a test pack’s own) shows as written', () => {
    expect(packText('modifier', 'MED-FIRE-MOD.1', 'Firing Unit are Guards')).toBe('Firing Unit are Guards');
  });

  it('a refusal names the modifier in French, and where the umpire derives it from', () => {
    const row = pack.fire.modifiers.find((m) => m.id === 'MED-FIRE-MOD.12')!;
    expect(DERIVED_FROM.has(row.id)).toBe(true);
    let refusal: Text = '';
    try {
      applyModifiers(pack.fire.modifiers, [{ id: row.id }], [], 'MED-FIRE-MOD', { gm: false });
    } catch (e) {
      refusal = (e as RuleError).text;
    }
    expect(word(refusal, 'fr')).toContain('Tir sur des tirailleurs ou de l’artillerie en batterie');
    expect(word(refusal, 'fr')).toContain('d’après l’ordre de la cible');
    expect(word(refusal, 'de')).toContain('Feuer auf Plänkler oder abgeprotzte Artillerie');
  });

  it('/ref movement, terrain and modifiers read in French', async () => {
    const t = startTable({ locale: 'fr' });
    await t.run(['@gm /battle create name:Stoke system:medieval', '@gm /side add name:Tudor', '@gm /side add name:Yorkist']);
    const [movement, terrain, mods] = await t.run(['@alice /ref movement', '@alice /ref terrain', '@alice /ref modifiers chart:morale']);
    expect(movement!.title).toBe('Table de mouvement (MED-MOVE)');
    expect(movement!.text).toContain('MED-MOVE.11 Artillerie lourde : sur avant-train 10 cm (4"), à bras 6 cm (2"), atteler/mettre en batterie 1 tour de jeu, route +6 cm (2")');
    expect(terrain!.text).toContain('MED-TERRAIN.3 Ruisseau, gué : 1 0,5 V.M., désordonnée');
    expect(mods!.text).toContain('MED-MORALE-MOD.22 Sous le feu de l’artillerie : -1');
  });

  it('a completion labels reasons and modifiers in the reader\'s words', () => {
    const option = (command: string, sub: string, name: string) => findCommand(command)!.subcommands[sub]!.options[name]!;
    const ctx = (typed: string): CompleteContext => ({ app: undefined as never, state: undefined, actor: 'bob', typed, locale: 'fr' });
    const mods = option('morale', 'test', 'modifiers').completeLabelled!(ctx('MED-MORALE-MOD.24'));
    expect(mods[0]).toEqual({ value: 'MED-MORALE-MOD.24', label: 'MED-MORALE-MOD.24 — Une figurine de chef vue à 150 yards ou moins de l’unité' });
    expect(option('control', '', 'reason').completeLabelled!(ctx('6'))[0]!.label).toMatch(/^MED-CONTROL.6 — L’unité a déjà raté son test de contrôle/);
  });
});
