import { describe, expect, it } from 'vitest';
import type { BattleEvent } from '../../src/battle/events.ts';
import { getRuleSystem } from '../../src/battle/registry.ts';
import { checkOrderOfBattle } from '../../src/battle/oob.ts';
import { loadPack, PackBase, type SystemId } from '../../src/rules/pack.ts';
import { given } from '../support/spec.ts';

/**
 * Issue 28: /unit add and /oob import require what the battle's rule system reads from a unit (its
 * pack's `required` and `requiredWhen`), refused at once with every missing attribute, what each
 * takes and the rules that read it, instead of showing the gap mid-battle when the unit is fired on.
 */

const battle = (system: SystemId): BattleEvent[] => [
  { type: 'BattleCreated', data: { battleId: 'b1', name: 'Test', system, channel: 'table', gm: 'gm' } },
  { type: 'SideAdded', data: { sideId: 's1', name: 'Red' } },
  { type: 'CommandAdded', data: { commandId: 'c1', name: 'Van', sideId: 's1' } },
];
const add = (name: string, attrs: Record<string, unknown>) => ({ type: 'AddUnit' as const, name, command: 'Van', attrs });
const without = (attrs: Record<string, unknown>, name: string) => Object.fromEntries(Object.entries(attrs).filter(([k]) => k !== name));
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The refusal naming exactly these attributes as missing, in the pack's order, and nothing changed. */
const needs = (unit: string, names: string[], rules: string) =>
  new RegExp(`^"${esc(unit)}" needs ${names.map((n) => `${n} \\([^)]*\\)`).join('(, | and )')} for ${esc(rules)}; nothing was changed\\.$`);

/** A whole unit of each kind, and each attribute the rules need of it, with the rule IDs that read it. */
const CASES: { system: SystemId; unit: string; attrs: Record<string, unknown>; need: [string, string][] }[] = [
  {
    system: 'percentile',
    unit: '1/28th Foot',
    attrs: { arm: 'infantry', figures: 20, formation: 'line', weapon: 'musket' },
    need: [['arm', 'PCT-11.22 - 11.24, 11.74'], ['figures', 'PCT-11.27'], ['formation', 'PCT-11.23.6, 11.24.a, 11.34 - 11.37, 11.61'], ['weapon', 'PCT-11.32 - 11.37']],
  },
  {
    system: 'percentile',
    unit: 'Foot Battery 2/6',
    attrs: { arm: 'artillery', figures: 6, formation: 'unlimbered', cannon: 8 },
    need: [['cannon', 'PCT-11.15.step6, 11.74']],
  },
  {
    system: 'brigade',
    unit: '1/45th Foot',
    attrs: { arm: 'infantry', morale: 5, melee_dice: '1D6', figures: 8 },
    need: [['arm', 'BRG-3.2.2, BRG-3.4.1'], ['morale', 'BRG-3.3.2'], ['melee_dice', 'BRG-3.3.2'], ['figures', 'BRG-3.3.4']],
  },
  {
    system: 'medieval',
    unit: "Oxford's Archers",
    attrs: { arm: 'infantry', figures: 24, class: 'C', order: 'loose', formation: 'line', armour: 'light', weapon: 'longbow', melee_weapon: 'sword' },
    need: [['arm', 'MED-MOVE, MED-FIRE-MOD, MED-MELEE-MOD'], ['figures', 'MED-FIRE.1, MED-MELEE.1'], ['class', 'MED-FIRE-MOD.1 - .7, MED-MELEE'], ['order', 'MED-MOVE, MED-FIRE-MOD.12, .15'], ['formation', 'MED-FIRE-MOD.12, .13, .19, MED-MORALE-MOD.29'], ['armour', 'MED-FIRE, MED-MELEE'], ['melee_weapon', 'MED-MELEE']],
  },
  {
    system: 'medieval',
    unit: 'Royal Ordnance',
    attrs: { arm: 'artillery', figures: 6, class: 'C', formation: 'deployed', armour: 'light', weapon: 'light field artillery', cannon: 3 },
    need: [['formation', 'MED-FIRE-MOD.12, .13, .19, MED-MORALE-MOD.29'], ['weapon', 'MED-RANGE.6 - .8'], ['cannon', 'MED-FIRE.1']],
  },
  {
    system: 'charge',
    unit: '10e Léger',
    attrs: { arm: 'infantry', figures: 24, class: 'elite', move_class: 'excellent', formation: 'column' },
    need: [['arm', 'MOVE-RATES, CHG-ATT-MOD'], ['figures', 'FIRE-TABLE.NOTES'], ['class', 'INIT-LOCAL, SKIRMISH'], ['move_class', 'MOVE-ROLL'], ['formation', 'CHG-ATT-MOD, CHG-DEF-MOD']],
  },
  {
    system: 'charge',
    unit: 'Horse Battery 3/5',
    attrs: { arm: 'artillery', figures: 4, class: 'line', move_class: 'excellent', formation: 'limbered', gun: '3-6pdr horse' },
    need: [['gun', 'MOVE-RATES.ART']],
  },
];

describe('/unit add requires what the rules read from the unit (issue 28)', () => {
  describe.each(CASES)('$system: $unit', ({ system, unit, attrs, need }) => {
    const rules = getRuleSystem(system).rulesName;
    it('a whole unit is added', () => {
      const [e] = given(battle(system)).when(add(unit, attrs)).events();
      expect(e).toMatchObject({ type: 'UnitAdded', data: { name: unit, attrs } });
    });
    it.each(need)(`without %s (%s) it is refused, naming it, what it takes and the rules; nothing is added`, (name, ruleIds) => {
      const run = given(battle(system)).when(add(unit, without(attrs, name)));
      // Without arm, the attributes it calls for cannot be told: only arm is named.
      run.refused(needs(unit, [name], rules));
      run.refused(new RegExp(`${name} \\([^)]*${esc(ruleIds)}`));
    });
  });

  it('MED-FIRE, MED-MELEE: the message of the issue, for archers without armour, lists the grades and the rules', () =>
    given(battle('medieval'))
      .when(add("Oxford's Archers", without(CASES[3]!.attrs, 'armour')))
      .refused(/^"Oxford's Archers" needs armour \(super heavy, extra heavy, heavy, medium, light; MED-FIRE, MED-MELEE\) for the medieval d10 rules; nothing was changed\.$/));

  it('MED-MOVE, MED-FIRE, MED-MELEE: every missing attribute is listed in one refusal, a conditional one saying why', () =>
    given(battle('medieval'))
      .when(add('Billmen', { arm: 'infantry', figures: 24, class: 'C' }))
      .refused(
        /^"Billmen" needs order \(close, loose, skirmish, as its arm is infantry; MED-MOVE, MED-FIRE-MOD\.12, \.15\), formation \(line, .*, as its arm is infantry; .*\), armour \(super heavy, .*; MED-FIRE, MED-MELEE\) and melee_weapon \(two-handed sword, .*, as its arm is infantry; MED-MELEE\) for the medieval d10 rules; nothing was changed\.$/,
      ));

  it('MED-FIRE.1: a gun needs its gun models whatever its arm is called (weapon light field artillery), with a whole-number hint', () =>
    given(battle('medieval'))
      .when(add('Galloper', { arm: 'cavalry', figures: 6, class: 'B', order: 'close', formation: 'line', armour: 'light', melee_weapon: 'sword', weapon: 'light field artillery' }))
      .refused(/^"Galloper" needs cannon \(a positive whole number, as its weapon is light field artillery; MED-FIRE\.1\) for the medieval d10 rules; nothing was changed\.$/));

  it('MED-RANGE: missile troops are told by their weapon, so foot without one (billmen) and wagons need no missile weapon', () => {
    given(battle('medieval')).when(add('Billmen', without(CASES[3]!.attrs, 'weapon'))).events();
    given(battle('medieval')).when(add('Baggage', { arm: 'wagons', figures: 4, class: 'E', armour: 'light' })).events();
  });

  it('PCT-11.23.1, 11.23.8: a headquarters base or a train needs no weapon or cannon (they never fire)', () => {
    given(battle('percentile')).when(add('Ney HQ', { arm: 'headquarters', figures: 2, formation: 'line' })).events();
    given(battle('percentile')).when(add('Park', { arm: 'train', figures: 4, formation: 'column' })).events();
  });

  it('a bad value and a missing attribute are refused together', () =>
    given(battle('medieval'))
      .when(add('Knights', { arm: 'cavalry', figures: 0, class: 'A', order: 'close', formation: 'line', melee_weapon: 'heavy lance' }))
      .refused(/^"Knights" does not fit the medieval d10 rules: figures: expected a positive whole number; "Knights" needs armour \(.*\) for the medieval d10 rules; nothing was changed\.$/));

  it("another system's attribute is refused by name, saying whose it is and listing the battle's own", () => {
    given(battle('medieval'))
      .when(add('Archers', { ...CASES[3]!.attrs, rating: 'militia' }))
      .refused(/^rating \(of the percentage-dice rules\) is not an attribute of the medieval d10 rules; its attributes are arm, figures, class, order, formation, armour, weapon, melee_weapon, cannon; nothing was changed\.$/);
    given(battle('brigade'))
      .when(add('1/45th Foot', { ...CASES[2]!.attrs, class: 'B', move_class: 'average' }))
      .refused(/^class \(of the percentage-dice rules, the medieval d10 rules and the Napoleonic d10 charge rules\) and move_class \(of the Napoleonic d10 charge rules\) are not attributes of the four-phase brigade rules; its attributes are arm, morale, melee_dice, figures, formation, leader; nothing was changed\.$/);
  });
});

describe('/unit set keeps a unit whole (issue 28)', () => {
  const archers: BattleEvent = { type: 'UnitAdded', data: { unitId: 'u1', name: "Oxford's Archers", commandId: 'c1', attrs: CASES[3]!.attrs as Record<string, string | number> } };

  it('MED-FIRE.1: making archers artillery without gun models is refused, naming cannon', () =>
    given([...battle('medieval'), archers])
      .when({ type: 'EditUnit', unit: "Oxford's Archers", attrs: { arm: 'artillery' } })
      .refused(/^"Oxford's Archers" needs cannon \(a positive whole number, as its arm is artillery; MED-FIRE\.1\) for the medieval d10 rules; nothing was changed\.$/));

  it('MED-FIRE, MED-MELEE: a required attribute cannot be taken away (an empty value is no grade)', () =>
    given([...battle('medieval'), archers])
      .when({ type: 'EditUnit', unit: "Oxford's Archers", attrs: { armour: '' } })
      .refused(/^"Oxford's Archers" does not fit the medieval d10 rules: armour: expected one of super heavy, extra heavy, heavy, medium, light \(got ""\); nothing was changed\.$/));

  it('the same edit with what it needs is accepted', () =>
    given([...battle('medieval'), archers])
      .when({ type: 'EditUnit', unit: "Oxford's Archers", attrs: { arm: 'artillery', weapon: 'light field artillery', cannon: 2 } })
      .then([{ type: 'UnitEdited', data: { unitId: 'u1', attrs: { arm: 'artillery', weapon: 'light field artillery', cannon: 2 } } }]));

  it('battles already in the log replay unchanged: a unit added before armour was required is kept, and can still be edited', () => {
    const old: BattleEvent = { type: 'UnitAdded', data: { unitId: 'u1', name: 'Old Bowmen', commandId: 'c1', attrs: { arm: 'infantry', figures: 24, class: 'C' } } };
    const g = given([...battle('medieval'), old]);
    expect(g.state.units.u1).toEqual({ id: 'u1', name: 'Old Bowmen', commandId: 'c1', attrs: { arm: 'infantry', figures: 24, class: 'C' } });
    g.when({ type: 'EditUnit', unit: 'Old Bowmen', attrs: { figures: 20 } }).then([{ type: 'UnitEdited', data: { unitId: 'u1', attrs: { figures: 20 } } }]);
    // ...but an edit that makes it need something more names that.
    g.when({ type: 'EditUnit', unit: 'Old Bowmen', attrs: { arm: 'artillery' } }).refused(/^"Old Bowmen" needs weapon \(.*\) and cannon \(.*\) for the medieval d10 rules; nothing was changed\.$/);
  });
});

describe('/oob import is all or nothing (issue 28)', () => {
  const unit = (name: string, attrs: Record<string, unknown>) => ({ name, ...attrs });
  const file = (units: Record<string, unknown>[]) => ({ sides: [{ name: 'Tudor', commands: [{ name: "Oxford's Vanguard", units }] }] });
  const archers = CASES[3]!.attrs;

  it('MED-FIRE, MED-MELEE: one unit without armour among good ones imports nothing, naming the unit and what it needs', () =>
    given(battle('medieval'))
      .when({ type: 'ImportOrderOfBattle', source: 'bosworth.yaml', oob: file([unit('A1', archers), unit("Oxford's Billmen", without(archers, 'armour')), unit('A3', archers)]) })
      .refused(/^bosworth\.yaml has 1 error; nothing was imported:\nsides\[0\]\.commands\[0\]\.units\[1\] \("Oxford's Billmen"\) needs armour \(super heavy, extra heavy, heavy, medium, light; MED-FIRE, MED-MELEE\)$/));

  it('each bad unit gets one line, listing all it lacks; the list is bounded like every OOB error list', () => {
    const bad = Array.from({ length: 20 }, (_, i) => unit(`B${i}`, { arm: 'infantry', figures: 5, class: 'C' }));
    given(battle('medieval'))
      .when({ type: 'ImportOrderOfBattle', source: 'f.yaml', oob: file(bad) })
      .refused(/^f\.yaml has 20 errors; nothing was imported:\nsides\[0\]\.commands\[0\]\.units\[0\] \("B0"\) needs order \(.*\), formation \(.*\), armour \(.*\) and melee_weapon \(.*\)\n(.*\n){14}…and 5 more$/);
  });

  it('the check is the same function /oob import runs before any event: a whole file passes', () => {
    const checked = checkOrderOfBattle(file([unit('A1', archers)]), getRuleSystem('medieval').pack.attributes);
    expect(checked.ok).toBe(true);
  });
});

describe('the pack says who needs what, and is checked as it loads', () => {
  const base = { system: 'x', name: 'X', source: 'The rules of x' };
  it('a requiredWhen naming an attribute the pack lacks, or a value it does not take, stops the load naming the entry', () => {
    const attributes = [
      { name: 'arm', description: 'arm', type: 'enum', required: true, values: ['foot', 'guns'] },
      { name: 'cannon', description: 'guns', type: 'int', requiredWhen: { arm: ['gun'] } },
      { name: 'gun', description: 'gun', type: 'text', requiredWhen: { kind: ['guns'] } },
    ];
    expect(() => loadPack(PackBase, { ...base, attributes }, 'x/pack.json')).toThrow(/gun: not values of arm \(foot, guns\)[\s\S]*attributes\[1\]\.requiredWhen\.arm[\s\S]*gun is required by "kind", which is not another enum attribute of this pack/);
  });
});
