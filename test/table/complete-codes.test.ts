import { describe, expect, it } from 'vitest';
import { complete } from '../../src/table/console.ts';
import { startTable } from '../support/table.ts';

/**
 * Issue 28: at the table, as in Discord, completing a reason code shows each code with its words,
 * and with the unit already typed offers only the codes that fit it (MED-CONTROL).
 */
describe('completing a code at the table (issue 28)', () => {
  const battle = async () => {
    const t = startTable();
    await t.run([
      '@gm /battle create name:Stoke system:medieval',
      '@gm /side add name:Tudor',
      '@gm /side add name:Yorkist',
      '@gm /command add name:Vanguard side:Tudor',
      '@gm /command assign command:Vanguard user:alice',
      '@gm /unit add name:"Oxford\'s Billmen" command:Vanguard arm:infantry figures:24 class:B order:close formation:line armour:heavy melee_weapon:pole-arm',
      '@gm /unit add name:"Household Knights" command:Vanguard arm:cavalry figures:12 class:A order:close formation:line armour:"extra heavy" melee_weapon:"heavy lance"',
    ]);
    return t;
  };

  it('MED-CONTROL: several codes are listed with their words; what is typed in is only what they share', async () => {
    const t = await battle();
    const [offered, typed] = await complete(t.table, '@alice /control reason:MED-CONTROL.');
    expect(typed).toBe('reason:MED-CONTROL.');
    expect(offered.length).toBeGreaterThan(1);
    expect(offered).toContainEqual(expect.stringMatching(/^reason:MED-CONTROL\.5 — The unit is \(formed\) A class cavalry/));
    for (const o of offered) expect(o).toMatch(/^reason:MED-CONTROL\.\d — \S/);
  });

  it('MED-CONTROL.5: with the unit typed, only the codes that fit it; one left is offered bare, to be typed in', async () => {
    const t = await battle();
    const [knights] = await complete(t.table, '@alice /control unit:"Household Knights" reason:MED-CONTROL.');
    expect(knights).toContainEqual(expect.stringMatching(/^reason:MED-CONTROL\.5 — /));
    const [billmen] = await complete(t.table, '@alice /control unit:"Oxford\'s Billmen" reason:MED-CONTROL.');
    expect(billmen.some((o) => o.startsWith('reason:MED-CONTROL.5'))).toBe(false);
    const [one] = await complete(t.table, '@alice /control unit:"Oxford\'s Billmen" reason:MED-CONTROL.8');
    expect(one).toEqual(['reason:MED-CONTROL.8']);
  });
});
