import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { examplesIn } from '../support/examples.ts';
import { startTable, type Out } from '../support/table.ts';

/**
 * Issue 40, "Examples that fit the reader": the first thing a newcomer copies from /help or a
 * banner was refused, each example being built from the roster's first unit. Each case below is one
 * the issue names, played at the table: the example now shown, and the battle taking it.
 */

const posts = (out: Out[]) => out.filter((m) => m.to === 'channel');
const help = async (t: ReturnType<typeof startTable>, user: string) => (await t.run(`@${user} /help`)).find((m) => m.title === 'Commands you can use now')!.text;
/** Each line typed, as one user; what was refused. */
const refusals = async (t: ReturnType<typeof startTable>, user: string, lines: string[]) => (await t.run(lines.map((l) => `@${user} ${l}`))).filter((m) => m.error).map((m) => m.error);

/** Quatre Bras (examples/oob/percentile.yaml): alice and bob play the French, carol (5th Division) and dave the Anglo-Allied. */
const quatreBras = async () => {
  const t = startTable();
  await t.run(['@gm /battle create name:"Quatre Bras" system:percentile', '@gm /oob import file:examples/oob/percentile.yaml']);
  return t;
};

describe('percentile examples fit their reader and the phase (issue 40)', () => {
  it("PCT-11.15 @carol, of the Anglo-Allied side, is shown one of her own units firing at a French one, not a French firer; and it is taken", async () => {
    const t = await quatreBras();
    await t.run('@gm /phase next');
    const text = await help(t, 'carol');
    expect(text).toContain('Turn 1 (day), phase 2: Reciprocal Infantry Fire Phase');
    const [fire] = examplesIn(text).filter((e) => e.startsWith('/fire percentile'));
    // Her 5th Division's first battalion, within a musket's reach (PCT-11.34), at a unit of the enemy's.
    expect(fire).toBe('/fire percentile firer:"1/28th Foot" target:"2e Léger" range:3 count:4 base:30');
    expect(await refusals(t, 'carol', [fire!])).toEqual([]);
    // Alice, of the French, is shown her own.
    expect(examplesIn(await help(t, 'alice'))).toContain('/fire percentile firer:"2e Léger" target:"1/28th Foot" range:3 count:4 base:30');
  });

  it('PCT-11.22 in the Reciprocal Artillery Fire Phase the example fires a battery, never an infantry battalion; a player with no battery is told the command is not open to them now', async () => {
    const t = await quatreBras();
    const [banner] = posts(await t.run('@gm /turn next'));
    expect(banner!.title).toBe('Turn 2 (day) — Reciprocal Artillery Fire Phase');
    expect(banner!.text).toContain('• /fire percentile firer:"Foot Battery 2/6" target:"1/28th Foot" range:8 count:8 base:30');
    expect(banner!.text).not.toMatch(/firer:"(2e Léger|61e de Ligne|1\/28th Foot)"/);
    expect(examplesIn(await help(t, 'dave'))).toContain('/fire percentile firer:"Bijleveld\'s Horse Battery" target:"2e Léger" range:8 count:8 base:30');
    const carol = await help(t, 'carol');
    expect(examplesIn(carol).filter((e) => e.startsWith('/fire percentile'))).toEqual([]);
    expect(carol).toContain('Not open to you now: /fire percentile');
    expect(await refusals(t, 'alice', ['/fire percentile firer:"Foot Battery 2/6" target:"1/28th Foot" range:8 count:8 base:30'])).toEqual([]);
  });

  it("a refusal's Example: is built for the one refused: their own unit, as the phase takes it", async () => {
    const t = await quatreBras();
    await t.run('@gm /phase next');
    const [refused] = await refusals(t, 'carol', ['/fire percentile firer:"1/79th Highlanders"']);
    expect(refused).toMatch(/^\/fire percentile: target is required; range is required\. Example: \/fire percentile firer:"1\/28th Foot" target:"2e Léger" range:3 count:4 base:30$/);
  });
});

/** Stoke Field's set-up and turn 1 to the phase where its melee is fought (examples/medieval-battle.table, lines 1 to 50). */
const stokeScript = readFileSync('examples/medieval-battle.table', 'utf8').split('\n');
const stokeTo = async (line: string) => {
  const t = startTable();
  const at = stokeScript.indexOf(line);
  expect(at).toBeGreaterThan(0);
  const out = await t.run(stokeScript.slice(0, at + 1));
  return { t, out };
};

describe('medieval examples fit their reader and the phase (issue 40)', () => {
  it('MED-CONTROL the Control Tests banner gives a reason that fits the unit: never reason 5 (A class cavalry) for C class archers', async () => {
    const t = startTable();
    await t.run([
      '@gm /battle create name:"Stoke Field" system:medieval',
      '@gm /house set key:initiative.die value:d10',
      '@gm /side add name:Tudor',
      '@gm /side add name:Yorkist',
      '@gm /command add name:"Oxford\'s Vanguard" side:Tudor',
      '@gm /command add name:"Lincoln\'s Army" side:Yorkist',
      '@gm /command assign command:"Oxford\'s Vanguard" user:alice',
      '@gm /command assign command:"Lincoln\'s Army" user:bob',
      '@gm /unit add name:"Oxford\'s Archers" command:"Oxford\'s Vanguard" arm:infantry figures:24 class:C order:loose formation:line armour:light weapon:longbow melee_weapon:sword',
      '@gm /unit add name:"Household Knights" command:"Oxford\'s Vanguard" arm:cavalry figures:12 class:A order:close formation:line armour:"extra heavy" melee_weapon:"heavy lance"',
      '@gm /unit add name:"Landsknecht Pikes" command:"Lincoln\'s Army" arm:infantry figures:30 class:D order:close formation:line armour:medium melee_weapon:pike',
      '@alice /initiative roll',
      '@gm /initiative choose as:A',
    ]);
    const [banner] = posts(await t.run('@gm /phase goto phase:16'));
    expect(banner!.title).toBe('Turn 1 — Control Tests (both sides)');
    // The archers, C class infantry, have no reason the roster or the log gives; the knights are A class cavalry (MED-CONTROL.5).
    expect(banner!.text).toContain('• /control unit:"Household Knights" reason:5');
    expect(banner!.text).not.toContain('unit:"Oxford\'s Archers" reason:5');
    // Bob's pikes are D class: no enemy routs, so MED-CONTROL.4 does not fit them, nor anything else: no example for him.
    const bob = await help(t, 'bob');
    expect(examplesIn(bob)).toEqual([]);
    expect(bob).toContain('Not open to you now: /control');
    expect(await refusals(t, 'alice', ['/control unit:"Household Knights" reason:5'])).toEqual([]);
  });

  it('MED-SEQ.15 the Morale Tests banner names a unit that owes its test, one of those listed as owing it; each player is shown one of their own that owes it', async () => {
    const { t, out } = await stokeTo('@bob /melee attacker:"Landsknecht Pikes" defender:"Oxford\'s Billmen"');
    expect(posts(out).length).toBeGreaterThan(0);
    const [banner] = posts(await t.run('@gm /phase next'));
    expect(banner!.title).toBe('Turn 1 — Morale Tests (both sides)');
    const owing = [...banner!.text.matchAll(/^• owed before the phase ends: (.+?): a Morale Test/gm)].map((m) => m[1]);
    expect(owing).toEqual(["Oxford's Archers", "Oxford's Billmen", 'Household Knights', 'Landsknecht Pikes', 'Irish Kerns']);
    // Its reasons come from the log (MED-MORALE-REASONS.4, .8, .9): none is typed.
    expect(banner!.text).toContain('Commands of this phase, for example:\n• /morale test unit:"Oxford\'s Archers"');
    // Bob's handgunners owe no test: he is shown one of his units that does.
    const bob = examplesIn(await help(t, 'bob'));
    expect(bob[0]).toBe('/morale test unit:"Landsknecht Pikes"');
    expect(bob.join('\n')).not.toContain("Schwartz's Handgunners");
    expect(await refusals(t, 'bob', [bob[0]!])).toEqual([]);
  });
});

/** Aspern (examples/charge.table's roster and house rules), at its Charges phase; davout plays the French, charles the Austrians. */
const aspern = async () => {
  const t = startTable();
  await t.run([
    '@gm /battle create name:Aspern system:charge',
    '@gm /oob import file:examples/oob/charge.yaml',
    '@gm /command assign command:"Saint-Hilaire\'s Division" user:davout',
    '@gm /command assign command:"Lasalle\'s Light Cavalry" user:davout',
    '@gm /command assign command:"Brady\'s Division" user:charles',
    '@gm /command assign command:"Liechtenstein\'s Reserve Cavalry" user:charles',
    '@gm /house upload file:examples/house/charge.yaml',
    '@gm /phase next skip:true',
  ]);
  return t;
};

describe('charge examples fit their reader and the phase (issue 40)', () => {
  it('CHG-RIDEDOWN the Charges banner never asks an infantry unit to ride down: before a charge none is shown; once infantry loses a charge to cavalry, that cavalry and that infantry are', async () => {
    const t = await aspern();
    const [banner] = posts(await t.run('@gm /phase next'));
    expect(banner!.title).toBe('Turn 1 — Charges');
    expect(banner!.text).not.toMatch(/^• (GM: )?\/charge ride-down/m);
    expect(banner!.text).toContain('not open to anyone now: /charge continue · /charge ride-down');
    // The group reads the dotted line area wide enough for the hussars' charge to end in it (CHG-RIDEDOWN).
    await t.run('@gm /house set key:ride-down.area.open value:"{min: 1, max: 20}"');
    const [charged] = posts(await t.run('@davout /charge roll attacker:"8e Hussards" defender:"IR 57 Josef Colloredo" table:open'));
    expect(charged!.text).toContain('8e Hussards may ride down IR 57 Josef Colloredo');
    const davout = examplesIn(await help(t, 'davout'));
    expect(davout).toContain('/charge ride-down cavalry:"8e Hussards" infantry:"IR 57 Josef Colloredo"');
    expect(examplesIn(await help(t, 'charles')).join('\n')).not.toContain('/charge ride-down');
    expect(await refusals(t, 'davout', ['/charge ride-down cavalry:"8e Hussards" infantry:"IR 57 Josef Colloredo"'])).toEqual([]);
  });
});

describe("/ref rule's example is a rule of the battle's own system (issue 40)", () => {
  it.each([
    ['brigade', 'BRG-1'],
    ['medieval', 'MED-SEQ.1'],
    ['charge', 'INIT-GRANDTAC'],
    ['percentile', 'PCT-11.0'],
  ])('in a %s battle, /help all:true shows /ref rule id:%s (the rule its phase cites), and it answers', async (system, id) => {
    const t = startTable();
    await t.run(`@gm /battle create name:Ref system:${system}`);
    const all = (await t.run('@gm /help all:true')).find((m) => m.title === 'Commands you can use now')!.text;
    expect(all).toContain(`/ref rule — One rule by its id (PCT-11.87): what it says and what the umpire does with it\n    e.g. /ref rule id:${id}\n`);
    expect(await refusals(t, 'gm', [`/ref rule id:${id}`])).toEqual([]);
  });
});
