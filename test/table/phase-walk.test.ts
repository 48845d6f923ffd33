import { describe, expect, it } from 'vitest';
import { complete } from '../../src/table/console.ts';
import { startTable, type Out } from '../support/table.ts';

/**
 * Issue 28: a GM walks the turn without knowing its table by heart. /phase goto walks forward to a
 * phase by name, stopping where something is owed; what a phase owes (a check the rules require, a
 * ballot still open) holds /phase next and /turn next until done or passed over by a GM, logged;
 * each banner says who acts and the commands of the phase, with this battle's units in the example.
 */

/** Stoke Field's set-up (examples/medieval-battle.table), the initiative rolled and sides chosen: the table's seed gives it to Yorkist, who takes B. */
const STOKE = [
  '@gm /battle create name:"Stoke Field" system:medieval partdice:true autokill:true',
  '@gm /house set key:initiative.die value:d10',
  '@gm /side add name:Tudor',
  '@gm /side add name:Yorkist',
  '@gm /command add name:"Oxford\'s Vanguard" side:Tudor',
  '@gm /command add name:"Lincoln\'s Army" side:Yorkist',
  '@gm /command assign command:"Oxford\'s Vanguard" user:alice',
  '@gm /command assign command:"Lincoln\'s Army" user:bob',
  '@gm /unit add name:"Oxford\'s Archers" command:"Oxford\'s Vanguard" arm:infantry figures:24 class:C order:loose formation:line armour:light weapon:longbow melee_weapon:sword',
  '@gm /unit add name:"Landsknecht Pikes" command:"Lincoln\'s Army" arm:infantry figures:30 class:M order:close formation:line armour:medium melee_weapon:pike',
  '@gm /initiative commander side:Tudor type:Cautious',
  '@gm /initiative commander side:Yorkist type:Rash',
];
const CHOSEN = ['@alice /initiative roll', '@bob /initiative choose as:B'];

const medieval = async (lines: string[] = CHOSEN, locale?: 'fr' | 'de') => {
  const t = startTable(locale ? { locale } : {});
  await t.run([...STOKE, ...lines]);
  return t;
};
const posts = (out: Out[]) => out.filter((m) => m.to === 'channel');

describe('/phase goto (issue 28)', () => {
  it('MED-SEQ: from the initiative a medieval turn reaches side A\'s fire in two commands, the banner naming side A and an example with this battle\'s units', async () => {
    const t = await medieval();
    const out = await t.run('@gm /phase goto phase:"Normal Movement and Firing (side A)"');
    const [post, ...more] = posts(out);
    expect(more).toEqual([]);
    expect(post!.title).toBe('Turn 1 — Normal Movement and Firing (side A)');
    // Phases 2 to 10 passed, one line each; the phase entered in full.
    expect(post!.text.match(/^passed turn 1, phase \d+: /gm)).toHaveLength(9);
    expect(post!.text).toContain('turn 1, phase 11: Normal Movement and Firing (side A) [MED-SEQ.11]');
    expect(post!.text).toContain('Acts: side A, Tudor (<@alice>).');
    expect(post!.text).toContain('• /fire medieval firer:"Oxford\'s Archers" target:"Landsknecht Pikes"');
    const [fired] = posts(await t.run('@alice /fire medieval firer:"Oxford\'s Archers" target:"Landsknecht Pikes" range:18 unit:in'));
    expect(fired!.text).toMatch(/^Oxford's Archers fires at Landsknecht Pikes \(MED-FIRE\)/);
  });

  it("MED-SEQ.12: side B's banner gives an example with a unit of side B firing at side A's, not the roster's first unit", async () => {
    const t = await medieval();
    await t.run('@gm /unit add name:"Schwartz\'s Handgunners" command:"Lincoln\'s Army" arm:infantry figures:15 class:M order:loose formation:line armour:light weapon:handgonne melee_weapon:sword');
    const [post] = posts(await t.run('@gm /phase goto phase:12'));
    expect(post!.text).toContain('Acts: side B, Yorkist (<@bob>).');
    // Side B's missile troops, at their weapon's medium range (MED-RANGE.4: a handgonne's is 8"); the pikes have no missile weapon.
    expect(post!.text).toContain('• /fire medieval firer:"Schwartz\'s Handgunners" target:"Oxford\'s Archers" range:8 unit:in');
  });

  it('MED-SEQ.12: where side B has no unit that can fire, the banner gives no example that would be refused, and names /fire medieval as not open now', async () => {
    const t = await medieval();
    const [post] = posts(await t.run('@gm /phase goto phase:12'));
    expect(post!.text).not.toContain('• /fire medieval');
    expect(post!.text).toContain('not open to anyone now: /fire medieval');
  });

  it('MED-SEQ.1: before the turn\'s sides are chosen it goes nowhere, saying what phase 1 owes; the log is unchanged', async () => {
    const t = await medieval([]);
    const before = (await t.store.load('b1')).length;
    const [refused] = await t.run('@gm /phase goto phase:11');
    expect(refused!.error).toMatch(/^Turn 1, phase 1 \(Initiative \(both sides\)\) is not done; it owes:\n• sides A and B for turn 1: .* — \/initiative roll/);
    expect(refused!.error).toMatch(/a GM passes over it with \/phase next skip:true \(logged\)\. Nothing was changed\.$/);
    expect(await t.store.load('b1')).toHaveLength(before);
  });

  it('MED-MORALE-REASONS.8: it stops early in the Morale Tests phase that owes a test, and says so in the banner', async () => {
    const t = await medieval();
    await t.run(['@gm /phase goto phase:11', '@alice /fire medieval firer:"Oxford\'s Archers" target:"Landsknecht Pikes" range:18 unit:in']);
    const [post] = posts(await t.run('@gm /phase goto phase:"Control Tests"'));
    expect(post!.title).toBe('Turn 1 — Morale Tests (both sides)');
    expect(post!.text).toMatch(/owed before the phase ends: Landsknecht Pikes: a Morale Test, for reason \.8 .* — \/morale test unit:"Landsknecht Pikes"/);
  });

  it('MED-SEQ: fire out of its phase is refused naming the phases it has, and the goto that walks to the next of them', async () => {
    const t = await medieval();
    const [early] = await t.run('@alice /fire medieval firer:"Oxford\'s Archers" target:"Landsknecht Pikes" range:18 unit:in');
    expect(early!.error).toBe('Units fire in phases 8, 9, 11, 12 (MED-SEQ); now it is turn 1, phase 1 (Initiative, both sides). A GM walks there with /phase goto phase:8.');
  });

  it('refuses a phase the turn does not have, listing the phases; and the phase it is in', async () => {
    const t = await medieval();
    const [unknown] = await t.run('@gm /phase goto phase:Dinner');
    expect(unknown!.error).toMatch(/^There is no phase "Dinner" ahead in this battle's turn\. The phases are:\n1\. Initiative \(both sides\)\n/);
    expect(unknown!.error).toContain('15. Morale Tests (both sides)\n16. Control Tests (both sides)\nNothing was changed.');
    const [here] = await t.run('@gm /phase goto phase:1');
    expect(here!.error).toBe('The battle is in Turn 1, phase 1 (Initiative (both sides)) already. Nothing was changed.');
    const [player] = await t.run('@alice /phase goto phase:11');
    expect(player!.error).toMatch(/Only a GM/);
  });

  it('completes the phases ahead by name', async () => {
    const t = await medieval();
    const [names] = await complete(t.table, '@gm /phase goto phase:"Normal');
    expect(names).toEqual(['phase:"Normal Movement and Firing (side A)"', 'phase:"Normal Movement and Firing (side B)"']);
    // The opening quote need not be typed.
    expect((await complete(t.table, '@gm /phase goto phase:Normal'))[0]).toEqual(names);
  });

  it('offers the names in the reader\'s language (issue 43), and goes to the phase named so', async () => {
    const t = await medieval(CHOSEN, 'fr');
    const [names] = await complete(t.table, '@gm /phase goto phase:Mouvement normal');
    expect(names).toEqual(['phase:"Mouvement normal et tir (camp A)"', 'phase:"Mouvement normal et tir (camp B)"']);
    const [post] = posts(await t.run(`@gm /phase goto ${names![0]}`));
    expect(post!.text).toContain('Mouvement normal et tir (camp A) [MED-SEQ.11]');
    const de = await medieval(CHOSEN, 'de');
    expect((await complete(de.table, '@gm /phase goto phase:Normale Bewegung'))[0]).toEqual(['phase:"Normale Bewegung und Feuer (Seite A)"', 'phase:"Normale Bewegung und Feuer (Seite B)"']);
  });
});

describe('what a phase owes holds it (issue 28)', () => {
  it('MED-MORALE-REASONS.8: /phase next is held by a test owed after fire losses until it is taken', async () => {
    const t = await medieval();
    await t.run(['@gm /phase goto phase:11', '@alice /fire medieval firer:"Oxford\'s Archers" target:"Landsknecht Pikes" range:18 unit:in', '@gm /phase goto phase:15']);
    const [held] = await t.run('@gm /phase next');
    expect(held!.error).toMatch(/^Turn 1, phase 15 \(Morale Tests \(both sides\)\) is not done; it owes:\n• Landsknecht Pikes: a Morale Test, for reason \.8/);
    await t.run('@bob /morale test unit:"Landsknecht Pikes"');
    const [next] = posts(await t.run('@gm /phase next'));
    expect(next!.title).toBe('Turn 1 — Control Tests (both sides)');
  });

  it('a GM passes over what is owed with skip:true: the waiver is logged and announced, and the same work never holds again', async () => {
    const t = await medieval();
    await t.run(['@gm /phase goto phase:11', '@alice /fire medieval firer:"Oxford\'s Archers" target:"Landsknecht Pikes" range:18 unit:in', '@gm /phase goto phase:15']);
    const [post] = posts(await t.run('@gm /phase next skip:true'));
    expect(post!.text).toMatch(/^<@gm> passed over what the phase owed: Landsknecht Pikes: a Morale Test, for reason \.8/);
    expect(post!.title).toBe('Turn 1 — Control Tests (both sides)');
    const types = (await t.store.load('b1')).slice(-2).map((e) => e.type);
    expect(types).toEqual(['DueWaived', 'PhaseAdvanced']);
    const [log] = await t.run('@gm /battle log last:2');
    expect(log!.text).toContain('passed over what the phase owed');
  });

  it('INIT-GRANDTAC: the first phase owes the Grand-Tac initiative, and its ballot holds the phase while votes are missing', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Aspern system:charge', '@gm /side add name:French', '@gm /side add name:Austrians', '@gm /join side:French', '@alice /join side:French', '@bob /join side:Austrians']);
    const [unopened] = await t.run('@gm /phase next');
    expect(unopened!.error).toMatch(/owes:\n• the Grand-Tac initiative of turn 1: .*\(INIT-GRANDTAC\) — \/initiative open/);
    await t.run('@gm /initiative open');
    const [open] = await t.run('@gm /turn next');
    expect(open!.error).toMatch(/owes:\n• ballot \w+ "Grand-Tac points for turn 1" \(INIT-GRANDTAC\) is still open, waiting for French, Austrians/);
    expect(open!.error).toContain('/turn next skip:true');
  });
});

describe('/help in a battle (issue 28)', () => {
  it('lists the phase\'s commands with this battle\'s units, what is always at hand, and no other system\'s commands; all:true lists every one', async () => {
    const t = await medieval(['@alice /initiative roll', '@bob /initiative choose as:B', '@gm /phase goto phase:11']);
    const [help] = await t.run('@alice /help');
    expect(help!.text.split('\n').length).toBeLessThanOrEqual(12);
    expect(help!.text).toMatch(/^Turn 1, phase 11: Normal Movement and Firing \(side A\) \[MED-SEQ.11\]\nActs: side A, Tudor \(<@alice>\)\./);
    expect(help!.text).toContain('• /fire medieval firer:"Oxford\'s Archers"');
    expect(help!.text).toContain('Any time: /battle status · /battle log · /unit show · /roll');
    expect(help!.text).not.toMatch(/\/phase next|percentile|\/night/);
    const [gm] = await t.run('@gm /help');
    expect(gm!.text).toContain('GM: /phase next · /phase goto · /turn next · /battle undo');
    const [all] = await t.run('@alice /help all:true');
    expect(all!.text.split('\n').length).toBeGreaterThan(20);
    expect(all!.text).not.toMatch(/\/night|\/mfp/);
  });
});
