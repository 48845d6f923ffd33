import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CompleteContext } from '../../src/app/slash/commands.ts';
import { attributeOptions } from '../../src/app/slash/complete.ts';
import { getRuleSystem, systemIds } from '../../src/battle/registry.ts';
import type { SystemId } from '../../src/rules/pack.ts';
import { complete } from '../../src/table/console.ts';
import { given } from '../support/spec.ts';
import { startTable } from '../support/table.ts';

/** Issue 28: what the battle's rule system needs of a unit, asked for at the table as it is typed. */

const MEDIEVAL = ['arm:', 'armour:', 'cannon:', 'class:', 'figures:', 'formation:', 'melee_weapon:', 'order:', 'weapon:'];
/** Attributes of the other systems only (PCT-11.x, BRG-3.x, MOVE-ROLL): none belongs in a medieval battle. */
const FOREIGN = ['ammunition:', 'gun:', 'howitzers:', 'leader:', 'melee_dice:', 'morale:', 'move_class:', 'nation:', 'rating:'];

const medievalTable = async (cwd?: string) => {
  const t = startTable(cwd ? { cwd } : {});
  await t.run(['@gm /battle create name:Bosworth system:medieval', '@gm /side add name:Tudor', '@gm /command add name:"Oxford\'s Vanguard" side:Tudor']);
  return t;
};

describe('completion of /unit options offers only the battle’s system’s attributes', () => {
  it('MED unit attributes: in a medieval battle /unit add and /unit set offer the medieval attributes and no percentile, brigade or charge one', async () => {
    const t = await medievalTable();
    const [added] = await complete(t.table, '@gm /unit add ');
    expect(added).toEqual(['name:', 'command:', ...MEDIEVAL]);
    const [set] = await complete(t.table, '@gm /unit set ');
    expect(set).toEqual(['unit:', 'rename:', 'command:', ...MEDIEVAL]);
    for (const f of FOREIGN) expect(added).not.toContain(f);
    // Typed part of a name: rating (PCT-11.57) is not offered, armour (MED-FIRE) is.
    expect(await complete(t.table, '@gm /unit add ra')).toEqual([[], 'ra']);
    expect(await complete(t.table, '@gm /unit add ar')).toEqual([['arm:', 'armour:'], 'ar']);
    // Nor are another system's values: howitzers (PCT-11.50) has none in a medieval battle.
    expect(await complete(t.table, '@gm /unit add howitzers:')).toEqual([[], 'howitzers:']);
  });

  it('PCT-11.x: in a percentile battle the percentile attributes are offered and no medieval armour (MED-FIRE)', async () => {
    const t = startTable();
    await t.run('@gm /battle create name:"Quatre Bras" system:percentile');
    const [added] = await complete(t.table, '@gm /unit add ');
    expect(added).toContain('howitzers:');
    expect(added).not.toContain('armour:');
  });

  it('without a battle in the channel every attribute is offered (the system is not known yet)', async () => {
    const t = startTable();
    const [added] = await complete(t.table, '@gm /unit add ');
    expect(added).toEqual(expect.arrayContaining([...MEDIEVAL, ...FOREIGN]));
  });

  it("Discord's autocomplete of an attribute's values answers from the battle's pack: armour's grades in a medieval battle (MED-FIRE), none in a percentile one", () => {
    const state = (system: SystemId) => given([{ type: 'BattleCreated', data: { battleId: 'b1', name: 'X', system, channel: 't', gm: 'gm' } }]).state;
    const armour = attributeOptions(systemIds().map(getRuleSystem)).armour!;
    const ctx = (system: SystemId): CompleteContext => ({ app: undefined as never, actor: 'gm', typed: '', state: state(system) });
    expect(armour.complete!(ctx('medieval'))).toEqual(['super heavy', 'extra heavy', 'heavy', 'medium', 'light']);
    expect(armour.complete!(ctx('percentile'))).toEqual([]);
  });
});

describe('/unit add and /oob import at the table refuse a unit the rules cannot play (issue 28)', () => {
  it('MED-FIRE, MED-MELEE: /unit add without armour is refused with what it takes, and no unit is added', async () => {
    const t = await medievalTable();
    const before = (await t.app.state('b1')).version;
    const [reply] = await t.run('@gm /unit add name:"Oxford\'s Archers" command:"Oxford\'s Vanguard" arm:infantry figures:24 class:C order:loose formation:line weapon:longbow melee_weapon:sword');
    expect(reply!.error).toBe('"Oxford\'s Archers" needs armour (super heavy, extra heavy, heavy, medium, light; MED-FIRE, MED-MELEE) for the medieval d10 rules; nothing was changed.');
    expect((await t.app.state('b1')).version).toBe(before);
    expect(Object.keys((await t.app.state('b1')).units)).toEqual([]);
  });

  it('PCT-11.57: a percentile attribute given to /unit add in a medieval battle is refused by name', async () => {
    const t = await medievalTable();
    const [reply] = await t.run('@gm /unit add name:Archers command:"Oxford\'s Vanguard" arm:infantry figures:24 class:C order:loose formation:line armour:light melee_weapon:sword rating:militia');
    expect(reply!.error).toMatch(/^rating \(of the percentage-dice rules\) is not an attribute of the medieval d10 rules; its attributes are arm, figures, class, order, formation, armour, weapon, melee_weapon, cannon; nothing was changed\.$/);
  });

  it('MED-FIRE.1: an order of battle with one gun without its gun models imports nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'umpire-oob-'));
    const t = await medievalTable(dir);
    writeFileSync(
      join(dir, 'bosworth.yaml'),
      [
        'sides:',
        '  - name: Royal',
        '    commands:',
        "      - name: Norfolk's Vanguard",
        '        units:',
        "          - { name: Norfolk's Archers, arm: infantry, figures: 24, class: C, order: loose, formation: line, armour: light, weapon: longbow, melee_weapon: sword }",
        '          - { name: Royal Ordnance, arm: artillery, figures: 6, class: C, formation: deployed, armour: light, weapon: light field artillery }',
        '',
      ].join('\n'),
    );
    const before = (await t.app.state('b1')).version;
    const [reply] = await t.run('@gm /oob import file:bosworth.yaml');
    expect(reply!.error).toMatch(/bosworth\.yaml has 1 error; nothing was imported:\nsides\[0\]\.commands\[0\]\.units\[1\] \("Royal Ordnance"\) needs cannon \(a positive whole number, as its arm is artillery; MED-FIRE\.1\)$/);
    const after = await t.app.state('b1');
    expect(after.version).toBe(before);
    expect(Object.keys(after.units)).toEqual([]);
    expect(Object.values(after.commands).map((c) => c.name)).toEqual(["Oxford's Vanguard"]);
  });
});
