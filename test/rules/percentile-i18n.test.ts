import { describe, expect, it } from 'vitest';
import { english, isPhrase, say, shipped, word } from '../../src/i18n/text.ts';
import type { BattleState } from '../../src/battle/state.ts';
import { allowedStances, chargeDirection, checkDawnAttack, FIRE_PACK, modifierLabel, NIGHT_PACK } from '../../src/systems/percentile/index.ts';
import { scriptedDice } from '../support/scripted-dice.ts';
import { startTable } from '../support/table.ts';
import { describeOrderChanged } from '../../src/systems/percentile/battle/orders.ts';

/** Issue 43: the percentile pack's texts a reader sees are worded by the catalog while the pack ships them. */
describe('percentile pack texts in the catalog', () => {
  it.each(FIRE_PACK.modifiers.map((m) => [m.id, m] as const))('the Fire Chart modifier %s is a phrase, English as the pack writes it', (_id, m) => {
    const label = modifierLabel(m);
    expect(isPhrase(label)).toBe(true);
    expect(english(label)).toBe(m.label);
    expect(word(label, 'fr')).not.toBe(m.label);
  });

  it('a house-ruled modifier label is shown as written', () => {
    expect(modifierLabel({ id: 'indirect', label: 'Our own indirect penalty' })).toBe('Our own indirect penalty');
  });

  it.each(NIGHT_PACK.chargeDirection.results.map((r) => [r.direction, r] as const))('the NIGHT-18.42 result %s is a phrase of the catalog', (direction, r) => {
    const text = shipped(`percentile.pack.chargeDirection.${direction}`, r.text);
    expect(isPhrase(text)).toBe(true);
    expect(english(text)).toBe(r.text);
  });

  it('a charge direction rolled reads in French', () => {
    const rolled = chargeDirection(scriptedDice(1));
    expect(word(rolled.text, 'fr')).toMatch(/22° à gauche/);
  });

  it("an order change's reason reads in the reader's language", () => {
    const s = { commands: { c1: { id: 'c1', name: 'III Corps' } } } as unknown as BattleState;
    const e = { type: 'OrderChanged' as const, data: { commandId: 'c1', order: 'ATTACK', from: 'DEFEND', rule: 'NIGHT-18.23', reason: say('percentile.orders.reason.changed') } };
    expect(english(describeOrderChanged(e, s))).toBe('III Corps: order DEFEND → ATTACK (order changed; NIGHT-18.23)');
    expect(word(describeOrderChanged(e, s), 'fr')).toBe('III Corps : ordre DEFEND → ATTACK (ordre changé ; NIGHT-18.23)');
    expect(word(describeOrderChanged(e, s), 'de')).toContain('Befehl geändert');
  });

  it('/ref modifiers reads in French: the chart lines, their labels and how each is set', async () => {
    const t = startTable({ locale: 'fr' });
    await t.run(['@gm /battle create name:QB system:percentile', '@gm /house set key:modifier.indirect value:x1/2']);
    const [fire] = await t.run('@gm /ref modifiers chart:fire');
    expect(fire!.title).toBe('Modificateurs : fire');
    expect(fire!.text).toContain('night Nuit : toute la puissance de feu réduite de 25 % (d’un quart) : x3/4 (NIGHT-18.51) — déduit par l’arbitre');
    expect(fire!.text).toContain('maximum-roundshot Zone de portée maximale du boulet : effet du tir réduit : ouvert (PCT-11.32) — donnez-le sous la forme maximum-roundshot=valeur, ou /house set key:modifier.maximum-roundshot value:(points de pourcentage');
    expect(fire!.text).toContain('artillerie seulement ; /house set key:skirmish-screen value:by-a-third ou to-a-third');
    const [morale] = await t.run('@gm /ref modifiers chart:morale');
    expect(morale!.text).toMatch(/^night Nuit : les tests de moral .* ouvert : 20 points ou un cinquième, \/house set key:night.morale value:points ou fifth \(NIGHT-18.61\)/);
  });

  it('the night stance and dawn attack restrictions read in French', () => {
    const both = allowedStances({ armyDemoralized: true, attackedAtDawn: true }).reason!;
    expect(english(both)).toBe('Army Demoralization is in effect, so only PASSIVE can be chosen (NIGHT-18.13). This command was ACTIVE in today’s dawn attack, so it must be PASSIVE tonight (NIGHT-18.85).');
    expect(word(both, 'fr')).toMatch(/^La démoralisation de l’armée .*\(NIGHT-18.13\)\. Ce commandement était ACTIVE .*\(NIGHT-18.85\)\.$/);
    const dawn = checkDawnAttack({ activeLastNight: true });
    expect(!dawn.ok && word(dawn.reason, 'de')).toMatch(/^Dieses Kommando kämpfte in der Nacht ACTIVE/);
  });
});

