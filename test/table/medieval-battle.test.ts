import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { matchingLast } from '../../src/app/slash/complete.ts';
import type { MedievalFireOutcome } from '../../src/systems/medieval/battle/fire.ts';
import type { MedievalMeleeOutcome } from '../../src/systems/medieval/battle/melee.ts';
import { med } from '../../src/systems/medieval/battle/state.ts';
import type { ControlOutcome, InitiativeOutcome, MoraleOutcome } from '../../src/systems/medieval/index.ts';
import { posted, startTable, type Out } from '../support/table.ts';

const results = (m: Out) => posted<object>(m).dice.rolls.map((r) => r.result);
const modifierIds = (ms: { id: string }[]) => ms.map((x) => x.id);

describe('a small medieval battle at the table (examples/medieval-battle.table)', () => {
  it('two turns: initiative, weather, firing, melee, morale and control tests, every die and modifier in the outcomes', async () => {
    const t = startTable();
    await t.run(readFileSync('examples/medieval-battle.table', 'utf8'));
    const channel = t.out.filter((m) => m.to === 'channel');
    const s = (await t.app.state('b1'));
    const unitId = (name: string) => Object.values(s.units).find((u) => u.name === name)!.id;

    // Only the deliberate refusals.
    expect(t.out.filter((m) => m.error).map((m) => m.error)).toEqual([
      "In phase 11 side A fires (MED-SEQ.11); Schwartz's Handgunners is side B (Yorkist) this turn.",
      // MED-MELEE: the Melee Chart's E and M rows the seed lacks are the group's house rules (examples/house/medieval.yaml): no refusal (issue 40).
      'Landsknecht Pikes has taken its one Morale Test of this phase already (Fall back in good order); a unit makes only ONE test in a game phase, for all its reasons at once (MED-MORALE.3).',
      // The tests the log owes hold the phase until taken or passed over (issue 28); the GM then passes over them.
      expect.stringMatching(/^Turn 1, phase 15 \(Morale Tests \(both sides\)\) is not done; it owes:\n• Oxford's Archers: a Morale Test, for reason \.8 /),
      "Schwartz's Handgunners is Yorkist's; only its players or a GM may test it.",
    ]);

    const by = (rule: string) => channel.filter((m) => (m.outcome as { rule?: string } | undefined)?.rule === rule);
    // MED-INIT: both turns' rolls, each side's die and commander modifier, in the dice the event used.
    const inits = by('MED-INIT');
    expect(inits).toHaveLength(2);
    for (const m of inits) {
      const o = posted<InitiativeOutcome>(m);
      expect(results(m)).toEqual(o.rolls.map((r) => r.roll));
      expect(o.rolls.map((r) => [r.side, r.modifier])).toEqual([
        ['Tudor', 2],
        ['Yorkist', 4],
      ]);
    }

    // MED-FIRE: every die rolled is in the outcome, in order: kill dice, part die, its saving throw.
    const fires = by('MED-FIRE');
    expect(fires).toHaveLength(5);
    for (const m of fires) {
      const o = posted<MedievalFireOutcome>(m);
      const part = o.partDie ? [o.partDie.result, ...(o.partDie.save ? [o.partDie.save.result] : [])] : [];
      expect(results(m)).toEqual([...o.rolls.map((r) => r.result), ...part]);
      for (const id of modifierIds(o.modifiers)) expect(m.text).toContain(id);
      expect(m.text).toContain(`${o.target} loses ${o.applied.losses} figure`);
    }
    const [, handguns1, , archers2, handguns2] = fires.map((m) => posted<MedievalFireOutcome>(m));
    expect(modifierIds(handguns1!.modifiers)).toEqual(['MED-FIRE-MOD.4', 'MED-FIRE-MOD.21', 'MED-FIRE-MOD.15']);
    expect(archers2!.modifiers.filter((x) => x.derived).map((x) => x.id)).toEqual(['MED-FIRE-MOD.4', 'MED-FIRE-MOD.9', 'MED-FIRE-MOD.10']);
    expect(modifierIds(handguns2!.modifiers)).toEqual(['MED-FIRE-MOD.4', 'MED-FIRE-MOD.10']);
    expect(archers2!.range).toMatchObject({ row: 'MED-RANGE.2', rounded: 9, band: 'short' });

    // MED-MELEE: both sides' dice, attacker's first; automatic kills and part dice as agreed at creation.
    const melees = by('MED-MELEE');
    expect(melees).toHaveLength(4);
    for (const m of melees) {
      const o = posted<MedievalMeleeOutcome>(m);
      const dice = (x: MedievalMeleeOutcome['attacker']) => [...x.rolls.map((r) => r.result), ...(x.partDie ? [x.partDie.result, ...(x.partDie.save ? [x.partDie.save.result] : [])] : [])];
      expect(results(m)).toEqual([...dice(o.attacker), ...dice(o.defender)]);
      for (const id of [...modifierIds(o.attacker.modifiers), ...modifierIds(o.defender.modifiers)]) expect(m.text).toContain(id);
    }
    // Where the value came from: the house rule set once, or the GM's ruling at this melee, and whose.
    expect(melees[0]!.text).toMatch(/• The Knife, Cudgel, Farming Tools rows have no grade E \(MED-MELEE source note\); grade E reads the grade D row by house rule melee\.e-class \(house rule set by <@gm> at event \d+\): against extra heavy armour, 10\+ \(MED-MELEE\.R13\)\./);
    expect(melees[1]!.text).toMatch(/• The Sword, Spear or Pike rows have no grade M \(MED-MELEE source note\); grade M reads the grade C row by house rule melee\.m-class \(house rule set by <@gm> at event \d+\): against heavy armour, 8\+ \(MED-MELEE\.R10\)\./);
    // Turn 2: the knights fight on, not charging and not impetuous (a drawn round is no win): no modifier of theirs.
    expect(posted<MedievalMeleeOutcome>(melees[2]!).attacker.modifiers).toEqual([]);
    expect(posted<MedievalMeleeOutcome>(melees[0]!).defender.automaticKills).toBe(1);

    // MED-MORALE and MED-CONTROL: the factor die (and nothing else here), the factors, the result.
    for (const m of [...by('MED-MORALE'), ...by('MED-CONTROL')]) {
      const o = posted<MoraleOutcome | ControlOutcome>(m);
      expect(results(m)).toEqual([o.roll]);
      for (const id of modifierIds(o.modifiers)) expect(m.text).toContain(id);
    }
    expect(by('MED-MORALE')).toHaveLength(6);
    // MED-MORALE-REASONS.4: the knights drew their round (2 kills each), a test the log gives them, with no GM (issue 40).
    expect(by('MED-MORALE')[2]!.text).toMatch(/^Household Knights takes a Morale Test \(MED-MORALE\)[\s\S]*MED-MORALE-REASONS\.4 from the log: Household Knights drew its round of melee this turn \(killed 2, lost 2 against Irish Kerns/);
    // MED-MORALE-MOD.18: the pikes were under the archers' fire this turn, from the log, not typed.
    expect(posted<MoraleOutcome>(by('MED-MORALE')[1]!).modifiers).toContainEqual(expect.objectContaining({ id: 'MED-MORALE-MOD.18', derived: true, source: "Oxford's Archers fired on it, turn 1, phase 11" }));
    const [failed, passed] = by('MED-CONTROL').map((m) => posted<ControlOutcome>(m));
    expect([failed!.passed, failed!.reason.id, passed!.passed, passed!.reason.id]).toEqual([false, 'MED-CONTROL.1', true, 'MED-CONTROL.6']);

    // The state: losses are the kills applied, the impetuous billmen were shown so, then passed their retest.
    const lossesFrom = (name: string) =>
      fires.reduce((n, m) => n + (posted<MedievalFireOutcome>(m).target === name ? posted<MedievalFireOutcome>(m).applied.losses : 0), 0) +
      melees.reduce((n, m) => {
        const o = posted<MedievalMeleeOutcome>(m);
        return n + (o.defender.unit === name ? o.attacker.applied.losses : 0) + (o.attacker.unit === name ? o.defender.applied.losses : 0);
      }, 0);
    for (const name of ["Oxford's Archers", "Oxford's Billmen", 'Household Knights', "Schwartz's Handgunners", 'Landsknecht Pikes', 'Irish Kerns']) {
      expect(med(s).units[unitId(name)]?.losses ?? 0).toBe(lossesFrom(name));
    }
    expect(med(s).units[unitId('Landsknecht Pikes')]?.losses).toBeGreaterThan(0);
    expect(t.out.find((m) => m.title === "Oxford's Billmen")?.text).toMatch(/impetuous since turn 1, phase 16 .*\(MED-CONTROL.1\)/);
    // The phases go by the chart's printed numbers, which skip 14.
    // (A GM's waiver of what phase 15 owed opens phase 16's post.)
    expect(channel.flatMap((m) => m.text.split('\n').filter((x) => /^turn 1, phase 1[3-6]/.test(x))).map((x) => x.split(' [')[0])).toEqual([
      'turn 1, phase 13: Melee Calculations (both sides)',
      'turn 1, phase 15: Morale Tests (both sides)',
      'turn 1, phase 16: Control Tests (both sides)',
    ]);
    expect(channel.find((m) => m.title === 'Turn 2 — Compulsory Movement (both sides)')?.text).toMatch(/impetuous, must pursue or follow up \(MED-CONTROL-RESULT.2\): Oxford's Billmen/);
    expect(med(s).units[unitId("Oxford's Billmen")]?.impetuous).toBeUndefined();
    expect(med(s).sides).toEqual({ turn: 2, a: 's2', b: 's1' });
    expect(t.out.at(-1)!.text).toMatch(/Side A this turn: Yorkist; side B: Tudor \(MED-SEQ.1\)[\s\S]*Weather: fair, dry; wind light, from south-west \(since turn 1, MED-SEQ.2\)/);
  });

  it('/ref shows the pack\'s charts; the modifier and range syntax is checked before anything is logged', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Stoke system:medieval', '@gm /side add name:Tudor', '@gm /side add name:Yorkist']);
    const [movement, terrain, range, fireMods] = await t.run(['@alice /ref movement', '@alice /ref terrain', '@alice /ref range', '@alice /ref modifiers chart:fire']);
    expect(movement!.text).toContain('MED-MOVE.7 Heavy, Medium or Light Cavalry (Close-Combat Cavalry), class A/B/C/M: line 32 cm (12"), column 40 cm (16"), bonus +12 cm (4")');
    expect(movement!.text).toContain('MED-MOVE.11 Heavy Artillery: limbered 10 cm (4"), manhandled 6 cm (2"), limber/unlimber 1 Game Turn, road +6 cm (2")');
    expect(terrain!.text).toContain('MED-TERRAIN.3 Stream, Ford: 1 0.5 M.R., Disordered');
    expect(terrain!.text).toContain('MED-TERRAIN.12 Each cm moved counts as: 0.25 M.R. 4 cm; 0.5 M.R. 2 cm; 0.75 M.R. 4/3 cm');
    expect(range!.text).toContain('MED-RANGE.2 heavy crossbow, longbow: short to 25 cm (10"), medium to 50 cm (20"), long to 75 cm (30")');
    expect(fireMods!.text).toContain("MED-FIRE-MOD.12 Firing at Skirmishers or Deployed Artillery: +2 — derived by the umpire from the target's order, or its arm and formation; a player may not claim or drop it, a GM may rule (12 to add, -12 to drop)");
    expect(fireMods!.text).toContain('MED-FIRE-MOD.10 Firing at a moving target (this move or last): +1 — set from the command option, not given here');
    const [moraleMods] = await t.run('@alice /ref modifiers chart:morale');
    expect(moraleMods!.text).toContain("MED-MORALE-MOD.22 Under fire from Artillery: -1 — derived by the umpire from fire on the unit this Game Turn or last, by the firer's arm and order; a player may not claim or drop it, a GM may rule (22 to add, -22 to drop)");
    expect(moraleMods!.text).toContain('MED-MORALE-MOD.8 Each enemy unit Halted / Advancing, within 150yds: -1 each (give a count as idxN; at most the enemy units the battle holds)');
    expect(moraleMods!.text).toContain('MED-MORALE-MOD.26 A Commander figure is with the testing unit: ? (give it as id=+n, or a GM sets it once: house rule morale.commander-with)');
    const errors = await t.run([
      '@gm /fire medieval firer:A target:B range:twelve',
      '@gm /fire medieval firer:A target:B band:short modifiers:"12 smoke"',
      '@gm /morale test unit:A reasons:"4 x"',
      '@gm /control unit:A reason:"1 2"',
    ]);
    expect(errors.map((m) => m.error)).toEqual([
      'range must be a distance such as 14 or 7.5 (got "twelve").',
      '"smoke" is not a modifier: give MED-FIRE-MOD ids such as MED-FIRE-MOD.3, or their numbers, with x2 for a count, =+1 for a value and a leading - to drop a derived one (see /ref modifiers).',
      '"x" is not a reason: give MED-MORALE-REASONS ids such as MED-MORALE-REASONS.4, or their numbers.',
      'Give one reason for the Control Test (got MED-CONTROL.1, MED-CONTROL.2).',
    ]);
    expect((await t.app.state('b1')).version).toBe(3);
    // The modifiers option completes its last id, leaving out those already given.
    expect(matchingLast(['MED-FIRE-MOD.1', 'MED-FIRE-MOD.12', 'MED-FIRE-MOD.14'], 'MED-FIRE-MOD.12, MED-FIRE-MOD.1')).toEqual(['MED-FIRE-MOD.12, MED-FIRE-MOD.1', 'MED-FIRE-MOD.12, MED-FIRE-MOD.14']);
    await t.run('#other @gm /battle create name:Ligny system:percentile');
    const [refused] = await t.run('#other @gm /ref range');
    expect(refused!.error).toMatch(/^\/ref range is for medieval battles; this one plays percentile\./);
  });
});
