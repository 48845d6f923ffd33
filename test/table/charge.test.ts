import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ChargeBattleOutcome } from '../../src/systems/charge/battle/charge.ts';
import { chg } from '../../src/systems/charge/battle/state.ts';
import type { FireDisciplineOutcome, FireOutcome, MeleeOutcome, RideDownOutcome, SkirmishOutcome } from '../../src/systems/charge/rules.ts';
import { posted, startTable, type Out } from '../support/table.ts';

const results = (m: Out) => posted<object>(m).dice.rolls.map((r) => r.result);

describe('a charge, a melee and a volley at the table (examples/charge.table)', () => {
  it('plays the script: the GM gives what the OCR lost, every die is in the outcomes, the results are applied', async () => {
    const t = startTable();
    await t.run(readFileSync('examples/charge.table', 'utf8'));
    const channel = t.out.filter((m) => m.to === 'channel');
    const s = (await t.app.state('b1'));
    const unitId = (name: string) => Object.values(s.units).find((u) => u.name === name)!.id;

    // Only the deliberate refusals: what the source lost, asked of a GM.
    expect(t.out.filter((m) => m.error).map((m) => m.error)).toEqual([
      'The movement die (MOVE-ROLL) is needed: the source does not name it. A GM sets movement.roll.die in the pack, or gives gm.die with the action.',
      'die: this is a ruling of the GM; ask a GM to give the values the source lost (CHG-ROLL).',
      'How many rows a firefight shifts outward (CHG-CAV) is needed: the source does not say. A GM sets charge.cavalry.outwardRows in the pack, or gives gm.cavalryOutwardRows with the action.',
    ]);

    const by = (rule: string) => channel.filter((m) => (m.outcome as { rule?: string } | undefined)?.rule === rule);
    // CHG-ROLL: both charges, the die the GM's, each side's die in the dice the event used.
    const charges = by('CHG-ROLL').map((m) => ({ m, o: posted<ChargeBattleOutcome>(m) }));
    expect(charges).toHaveLength(2);
    for (const { m, o } of charges) {
      expect(o.die).toEqual({ value: 10, from: 'gm' });
      expect(results(m)).toEqual([o.attacker.roll, o.defender.roll, ...(o.effects.defender.surrender ? [o.effects.defender.surrender.roll] : [])]);
      for (const x of [...o.attacker.modifiers, ...o.defender.modifiers]) expect(m.text).toContain(x.id);
    }
    const [infantry, cavalry] = charges.map((c) => c.o);
    expect(infantry!.attacker.modifiers.map((x) => [x.id, x.by])).toEqual([
      ['CHG-ATT-MOD.7', 'unit'],
      ['CHG-ATT-MOD.19', 'table'],
    ]);
    expect(cavalry!.attacker.modifiers.map((x) => x.id)).toEqual(['CHG-ATT-MOD.13']);
    expect(cavalry!.cavalryShift).toMatchObject({ rule: 'CHG-CAV', direction: 'outward', rows: { value: 1, from: 'gm' } });
    expect(cavalry!.rideDown.status).toBe('area-unknown');

    // CHG-RIDEDOWN and MEL-D10: one round each, both dice, steps and disorder applied.
    const [rideDown] = by('MEL-D10').filter((m) => (m.outcome as { rideDown?: unknown }).rideDown).map((m) => ({ m, o: posted<RideDownOutcome>(m) }));
    expect(rideDown!.o.rideDown).toMatchObject({ area: { value: { min: 1, max: 4 }, from: 'gm' }, infantryModifier: -8 });
    expect(results(rideDown!.m)).toEqual(rideDown!.o.rolls.map((r) => r.roll));
    const melees = by('MEL-D10').map((m) => posted<MeleeOutcome>(m));
    expect(melees).toHaveLength(2);
    const colloredo = chg(s).units[unitId('IR 57 Josef Colloredo')]!;
    expect(colloredo.disordered).toBe(true);
    const lost = melees[0]!.result.kind === 'winner' ? melees[0]!.result.losses.find((l) => l.unit === 'IR 57 Josef Colloredo')!.steps : 0;
    expect(colloredo.steps).toBe(lost);
    expect(melees[1]!.result).toMatchObject({ kind: 'tie', needsGm: true });
    expect(chg(s).units[unitId('Chevauleger-Regiment Rosenberg')]).toMatchObject({ disordered: true, steps: 1 });

    // FIRE-TABLE and FIRE-DISCIPLINE: the volley's band Effect from the pack; a natural 10 rolls again.
    const [volley] = by('FIRE-TABLE');
    const v = posted<FireOutcome>(volley!);
    expect(v.range).toMatchObject({ block: 'B', band: 'long', distance: 12, effect: { value: -2, from: 'pack' } });
    expect(results(volley!)).toEqual([v.roll]);
    const d = posted<FireDisciplineOutcome>(by('FIRE-DISCIPLINE')[0]!);
    expect(d.ap).toMatchObject({ natural: 10 });
    expect(posted<SkirmishOutcome>(by('SKIRMISH')[0]!).die).toEqual({ value: 10, from: 'gm' });

    // /unit show reads the log; /ref rates is the MOVE-RATES reference.
    expect(t.out.find((m) => m.title === 'IR 57 Josef Colloredo')?.text).toMatch(/casualty steps? lost in melee \(MEL-D10\)\ndisordered/);
    expect(t.out.find((m) => m.title === 'Movement rates (MOVE-RATES)')?.text).toContain('3-6pdr horse: 30", 14", 12", 9" (2 AP), 7" (1 AP), 2"');
  });

  it('/help in a charge battle lists the charge commands and leaves out the other systems\'', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Aspern system:charge']);
    const [help] = await t.run('@gm /help');
    for (const c of ['/charge roll', '/charge continue', '/charge ride-down', '/charge melee', '/charge status', '/fire charge', '/fire discipline', '/initiative local', '/initiative open', '/move roll', '/skirmish', '/ref rates']) expect(help!.text).toContain(`${c} — `);
    for (const c of ['/fire medieval', '/fire percentile', '/melee —', '/initiative roll', '/ref movement']) expect(help!.text).not.toContain(c);
    await t.run('#other @gm /battle create name:Stoke system:medieval');
    const [refused] = await t.run('#other @gm /charge roll attacker:A defender:B table:open');
    expect(refused!.error).toBe('/charge roll is for charge battles; this one plays medieval.');
  });
});
