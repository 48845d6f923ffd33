import { describe, expect, it } from 'vitest';
import { BrigadePack, brigadePack as pack } from '../../src/systems/brigade/rules.ts';
import { loadPack } from '../../src/rules/pack.ts';

describe('brigade pack, every value the source prints', () => {
  it.each([
    ['BRG-1.3 battalion to Brigadier', pack.outOfCommand.battalionToBrigadier, { in: 4, cm: 10 }],
    ['BRG-1.3 Brigadier to Sub General', pack.outOfCommand.brigadierToSubGeneral, { in: 12, cm: 30 }],
    ['BRG-3.1.1 close combat range', pack.closeCombat.range, { in: 2, cm: 5 }],
    ['BRG-3.2.2 infantry charge range', pack.charge.range.infantry, { in: 1, cm: 2.5 }],
    ['BRG-3.2.2 cavalry charge range', pack.charge.range.cavalry, { in: 2, cm: 5 }],
    ['BRG-3.3.4 cavalry retreat (no cm printed)', pack.retreat.distance.cavalry, { in: 12, cm: null }],
  ] as const)('%s', (_what, got, printed) => {
    expect(got).toMatchObject(printed);
  });

  it.each([
    ['army-commander', 1, 'BRG-1.2.1'],
    ['sub-general', 3, 'BRG-1.2.2'],
    ['brigade-commander', 3, 'BRG-1.2.2'],
  ] as const)('BRG-1.2 a fallen %s is replaced %i turn(s) later (%s)', (kind, turns, id) => {
    expect(pack.leaders.replacedAfterTurns.find((r) => r.kind === kind)).toMatchObject({ turns, id });
  });

  it.each([
    ['BRG-2.1 initiative', pack.initiative.die],
    ['BRG-3.2.5 break the bayonets', pack.breakBayonets.die],
    ['BRG-3.4.3.1 uncontrolled', pack.exploitation.uncontrolled.die],
    ['BRG-4.2 army morale', pack.armyMorale.die],
  ])('%s rolls 1D6', (_what, die) => expect(die).toBe(6));

  it('BRG-3.3.2 melee dice are 0, 1D3 or 1D6; BRG-3.3.4 one casualty on every unit', () => {
    expect(pack.melee.dice).toEqual({ '0': 0, '1D3': 3, '1D6': 6 });
    expect(pack.melee.casualtiesPerUnit).toBe(1);
  });

  it('BRG-3.4.1.1, BRG-3.4.1.2 infantry 1 exploitation move, cavalry 2', () => {
    expect(pack.exploitation.moves).toEqual({ infantry: 1, cavalry: 2 });
  });

  it('BRG-4.1 army morale every fourth turn', () => expect(pack.armyMorale.everyNthTurn).toBe(4));

  it('BRG-3.2.2 the actions of the Action Round; only skirmishers evade', () => {
    expect(pack.charge.actions).toEqual(['charge', 'change-formation', 'change-facing', 'evade', 'tap-out']);
    expect(pack.charge.evadeArms).toEqual(['skirmishers']);
    expect(pack.exploitation.actions).toEqual(['charge', 'consolidate', 'tap-out']);
  });

  it('values the source does not give are null, never made up', () => {
    expect([
      pack.initiative.onTie,
      pack.melee.onTie,
      pack.melee.averageRounding,
      pack.melee.unevenSplit,
      pack.retreat.distance.infantry,
      pack.breakBayonets.breaksOn,
      pack.exploitation.uncontrolled.uncontrolledOn,
      pack.armyMorale.table,
      pack.leaders.fallenLeaderTable,
      pack.outOfCommand.effects,
      pack.moraleTest.procedure,
    ]).toEqual(Array(11).fill(null));
  });

  it('keeps the setup keys as they were', () => {
    expect(pack.system).toBe('brigade');
    expect(pack.attributes.map((a) => a.name)).toEqual(['arm', 'morale', 'melee_dice', 'figures', 'formation', 'leader']);
  });

  it('a pack a GM broke is refused as it loads, naming the entry', () => {
    const broken = { ...pack, charge: { ...pack.charge, range: { ...pack.charge.range, cavalry: { in: 'two', cm: 5 } } } };
    expect(() => loadPack(BrigadePack, broken, 'a GM pack')).toThrow(/charge\.range\.cavalry\.in/);
  });

  it('a pack may not fill a gap the source leaves (a tie rule, an Army Morale Table): each battle holds those as house rules (house.ts)', () => {
    expect(BrigadePack.safeParse({ ...pack, initiative: { ...pack.initiative, onTie: 'roll-again' } }).success).toBe(false);
    expect(BrigadePack.safeParse({ ...pack, armyMorale: { ...pack.armyMorale, table: [{ formed: 4, broken: 2, number: 3 }] } }).success).toBe(false);
  });
});

describe('an install-wide pack cannot fill what the source leaves open (issue 26)', () => {
  it('BRG-2.1 a tie rule written into pack.json is refused, pointing to the battle\'s house rules', () => {
    const filled = { ...pack, initiative: { ...pack.initiative, onTie: 'roll-again' } };
    expect(() => loadPack(BrigadePack, filled, 'a GM pack')).toThrow(/a GM sets it per battle with \/house set[\s\S]*at initiative\.onTie/);
  });
});
