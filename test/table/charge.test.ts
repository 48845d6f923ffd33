import { readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { ChargeBattleOutcome } from '../../src/systems/charge/battle/charge.ts';
import { chg } from '../../src/systems/charge/battle/state.ts';
import { CHARGE_HOUSE, type FireDisciplineOutcome, type FireOutcome, type MeleeOutcome, type MoraleOutcome, type SkirmishOutcome } from '../../src/systems/charge/rules.ts';
import { posted, startTable, type Out } from '../support/table.ts';

const results = (m: Out) => posted<object>(m).dice.rolls.map((r) => r.result);

describe('a charge, a melee and a volley at the table (examples/charge.table)', () => {
  it('plays the script: after the GM uploads the group\'s house rules, players play with no GM step; every die is in the outcomes, every house rule used is cited, the results are applied', async () => {
    const t = startTable();
    await t.run(readFileSync('examples/charge.table', 'utf8'));
    const channel = t.out.filter((m) => m.to === 'channel');
    const s = (await t.app.state('b1'));
    const unitId = (name: string) => Object.values(s.units).find((u) => u.name === name)!.id;

    // No refusal, and after the upload no GM acts but to move through the phases.
    expect(t.out.filter((m) => m.error).map((m) => m.error)).toEqual([]);
    const lines = readFileSync('examples/charge.table', 'utf8').split('\n').filter((l) => l.startsWith('@'));
    const afterUpload = lines.slice(lines.findIndex((l) => l.includes('/house upload')) + 1);
    expect(afterUpload.filter((l) => l.startsWith('@gm ')).map((l) => l.split(' ')[1])).toEqual(['/initiative', '/phase', '/phase', '/phase']);
    expect(Object.keys(s.house).sort()).toEqual(CHARGE_HOUSE.map((r) => r.key).sort());

    const by = (rule: string) => channel.filter((m) => (m.outcome as { rule?: string } | undefined)?.rule === rule);
    // CHG-ROLL: both charges, the die the house rule's, each side's die in the dice the event used.
    const charges = by('CHG-ROLL').map((m) => ({ m, o: posted<ChargeBattleOutcome>(m) }));
    expect(charges).toHaveLength(2);
    for (const { m, o } of charges) {
      expect(o.die).toMatchObject({ value: 10, from: 'house' });
      expect(m.text).toMatch(/charge\.die: d10, house rule set by <@gm> at event \d+/);
      expect(m.text).toMatch(/Mass\.\.\.: the figures' ratio, \d+ against \d+.*mass: ratio, house rule set by <@gm>/);
      expect(results(m)).toEqual([o.attacker.roll, o.defender.roll, ...(o.effects.defender.surrender ? [o.effects.defender.surrender.roll] : [])]);
      for (const x of [...o.attacker.modifiers, ...o.defender.modifiers]) expect(m.text).toContain(x.id);
    }
    const [infantry, cavalry] = charges.map((c) => c.o);
    expect(infantry!.attacker.modifiers.map((x) => [x.id, x.by])).toEqual([['CHG-ATT-MOD.19', 'table']]);
    expect(cavalry!.attacker.modifiers.map((x) => x.id)).toEqual(['CHG-ATT-MOD.13']);
    expect(cavalry!.defender.modifiers.map((x) => [x.id, x.note])).toEqual([['CHG-DEF-MOD.5', expect.stringMatching(/^mass: ratio, house rule/)]]);

    // MEL-D10: one round, both dice, steps and disorder applied.
    const [melee] = by('MEL-D10').map((m) => ({ m, o: posted<MeleeOutcome>(m) }));
    expect(results(melee!.m)).toEqual(melee!.o.rolls.map((r) => r.roll));
    expect(chg(s).units[unitId('Chevauleger-Regiment Rosenberg')]).toMatchObject({ disordered: true });

    // INIT-GRANDTAC, INIT-LOCAL, MOVE-ROLL: the players' rolls, the house rules cited.
    expect(channel.map((m) => m.text).join('\n')).toMatch(/Saint-Hilaire's Division contests the initiative against Brady's Division \(INIT-GRANDTAC\)/);
    expect(by('INIT-LOCAL')[0]!.text).toMatch(/INIT-LOCAL\.MOD2 Reacting a cavalry charge: -1.*\n.*local-initiative\.table: the table, house rule set by <@gm>/s);
    expect(by('MOVE-ROLL')[0]!.text).toMatch(/move\.table: the table, house rule set by <@gm>/);

    // FIRE-TABLE, FIRE-DISCIPLINE, SKIRMISH: the volley's band Effect from the pack; the Class Dice the house rule's.
    const [volley, musketry] = by('FIRE-TABLE');
    const v = posted<FireOutcome>(volley!);
    expect(v.range).toMatchObject({ block: 'B', band: 'long', distance: 12, effect: { value: -2, from: 'pack' } });
    expect(results(volley!)).toEqual([v.roll]);
    // FIRE-TABLE.GRID: no row typed; the row by house rule fire.row (a battery by its gun, a battalion by its
    // stands), the cell applied to the target by fire.cell, each cited.
    expect(v.rowFrom).toMatchObject({ value: '4', from: 'house' });
    expect(volley!.text).toMatch(/Row 4: Horse Battery 3\/5's gun is 3-6pdr horse \(fire\.row: by the firer's gun, house rule set by <@gm> at event \d+\) \(FIRE-TABLE\.GRID\)/);
    const m = posted<FireOutcome>(musketry!);
    expect(m).toMatchObject({ row: '8', rowFrom: { from: 'house' }, cell: { value: 9 }, effect: { figures: 9, disordered: true, morale: true } });
    expect(results(musketry!)).toEqual([m.roll]);
    expect(musketry!.text).toMatch(/Cell 9: IR 15 Zach loses 9 figures, 15 left; .*\(fire\.cell: removes figures, disorder at 3, morale at 2, house rule set by <@gm> at event \d+\) \(FIRE-TABLE\.GRID\)/);
    expect(musketry!.text).toContain('IR 15 Zach tests morale now: /morale charge unit:"IR 15 Zach".');

    // MEL-D10 "Both sides check morale": the melee post names the command; each test by the house rules morale.*,
    // its die in the event's dice, the modifiers from the log, the result applied.
    expect(melee!.m.text).toContain('Both check morale now: /morale charge unit:"16e Chasseurs à cheval" and /morale charge unit:"Chevauleger-Regiment Rosenberg" (MEL-D10).');
    const tests = channel.filter((x) => / tests morale \(MEL-D10, by the house rules\)/.test(x.text));
    expect(tests.map((x) => posted<MoraleOutcome>(x).unit)).toEqual(['16e Chasseurs à cheval', 'Chevauleger-Regiment Rosenberg', 'IR 15 Zach']);
    for (const x of tests) {
      const o = posted<MoraleOutcome>(x);
      expect(results(x)).toEqual(o.rolls);
      for (const key of ['morale.die', 'morale.target', 'morale.modifiers', 'morale.results']) expect(x.text).toMatch(new RegExp(`${key.replace('.', '\\.')}[:,] .*house rule set by <@gm> at event \\d+`));
    }
    expect(posted<MoraleOutcome>(tests[1]!).modifiers.map((x) => x.if)).toEqual(['disordered', 'lost-melee']);
    expect(posted<MoraleOutcome>(tests[2]!).modifiers.map((x) => x.if)).toEqual(['disordered', 'losses', 'fire-losses']);
    expect(posted<MoraleOutcome>(tests[2]!).result).toEqual(['routed']);
    expect(chg(s).units[unitId('IR 15 Zach')]).toMatchObject({ figuresLost: 9, disordered: true, routBroken: 'routed' });
    expect(posted<FireDisciplineOutcome>(by('FIRE-DISCIPLINE')[0]!).die).toEqual({ value: 10, from: 'pack' });
    expect(posted<SkirmishOutcome>(by('SKIRMISH')[0]!).die).toMatchObject({ value: 8, from: 'house' });

    // /unit show reads the log; /ref rates is the MOVE-RATES reference; the report reads figures and the melee.
    expect(t.out.find((m) => m.title === 'IR 57 Josef Colloredo')?.text).toMatch(/figures \d+ of 24/);
    expect(t.out.find((m) => m.title === 'Movement rates (MOVE-RATES)')?.text).toContain('3-6pdr horse: 30", 14", 12", 9" (2 AP), 7" (1 AP), 2"');
    expect(t.out.find((m) => m.title === 'Report of Aspern')?.text).toMatch(/Melees:\n• turn \d \(log event \d+\): 16e Chasseurs à cheval against Chevauleger-Regiment Rosenberg \(MEL-D10\)/);
  });

  it('the first post of a charge battle offers examples/house/charge.yaml and the one command that loads it', async () => {
    const t = startTable();
    const [, post] = await t.run('@gm /battle create name:Aspern system:charge');
    expect(post!.text).toContain('\nexamples/house/charge.yaml sets them all, one group\'s choices (none is the source\'s): load it with /house upload file:examples/house/charge.yaml, or any house-rules file your group keeps.');
    const [medieval] = (await t.run('#other @gm /battle create name:Stoke system:medieval')).filter((o) => o.to === 'channel');
    expect(medieval!.text).not.toContain('examples/house/');
  });

  it('FIRE-TABLE.GRID, MEL-D10 before the house rules: fire and morale are refused naming each key and the command that sets it; the log is unchanged', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Aspern system:charge', '@gm /oob import file:examples/oob/charge.yaml', '@gm /command assign command:"Saint-Hilaire\'s Division" user:davout', '@gm /command assign command:"Brady\'s Division" user:charles']);
    const version = (await t.app.state('b1')).version;
    const out = await t.run([
      '@davout /fire charge firer:"10e Léger" target:"IR 15 Zach"',
      '@davout /fire charge firer:"10e Léger" target:"IR 15 Zach" row:3',
      '@gm /house set key:fire.row value:"{by: table, counts: stands in range}"',
      '@davout /fire charge firer:"10e Léger" target:"IR 15 Zach" row:3',
      '@charles /morale charge unit:"IR 15 Zach"',
      '@gm /house set key:fire.cell value:"{removes: casualties}"',
      '@gm /house set key:morale.results value:"[{min: 0, max: null, result: pass}]"',
    ]);
    expect(out.filter((o) => o.to === 'reply').map((o) => o.error ?? o.text)).toEqual([
      expect.stringMatching(/^The FIRE-TABLE row \(FIRE-TABLE\.GRID\) is needed: .*A GM gives row: with the fire, or sets it for the battle with \/house set key:fire\.row value:\.$/),
      expect.stringMatching(/^row: this is a ruling of the GM/),
      expect.stringMatching(/^Done \(event \d+\): House rule fire\.row/),
      expect.stringMatching(/^What a FIRE-TABLE cell does to the target \(FIRE-TABLE\.GRID\) is needed: .*\/house set key:fire\.cell value:\.$/),
      expect.stringMatching(/^A morale test needs house rules morale\.die, morale\.target, morale\.modifiers, morale\.results: .*\/house set key:morale\.die value:, /),
      expect.stringMatching(/^fire\.cell takes what a cell does to the target, .*; .* is not: removes: one of figures, steps, nothing\.$/),
      expect.stringMatching(/^morale\.results takes .*; .* is not: 0: the last band must be open downward \(min null\)\.$/),
    ]);
    expect((await t.app.state('b1')).version).toBe(version + 1);
  });

  it('FIRE-TABLE.GRID, MEL-D10 the fire and morale house rules go out with /house export and come back with /house upload, unchanged', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Aspern system:charge', '@gm /house upload file:examples/house/charge.yaml']);
    const exported = await t.run('@gm /house export');
    const file = (exported[0] as unknown as { files: string[] }).files[0]!;
    const other = startTable({ cwd: dirname(file) });
    const out = await other.run(['@gm /battle create name:Essling system:charge', `@gm /house upload file:${basename(file)}`]);
    expect(out.filter((o) => o.error)).toEqual([]);
    const [a, b] = [(await t.app.state('b1')).house, (await other.app.state('b1')).house];
    for (const key of ['fire.row', 'fire.cell', 'morale.die', 'morale.target', 'morale.modifiers', 'morale.results']) expect(b[key]!.value).toEqual(a[key]!.value);
  });

  it('/help in a charge battle lists the charge commands and leaves out the other systems\'', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:Aspern system:charge']);
    const [help] = await t.run('@gm /help all:true');
    for (const c of ['/charge roll', '/charge continue', '/charge ride-down', '/charge melee', '/charge status', '/fire charge', '/fire discipline', '/morale charge', '/initiative local', '/initiative open', '/move roll', '/skirmish', '/ref rates']) expect(help!.text).toContain(`${c} — `);
    for (const c of ['/fire medieval', '/fire percentile', '/morale test', '/morale brigade', '/melee —', '/initiative roll', '/ref movement']) expect(help!.text).not.toContain(c);
    await t.run('#other @gm /battle create name:Stoke system:medieval');
    const [refused] = await t.run('#other @gm /charge roll attacker:A defender:B table:open');
    expect(refused!.error).toBe('/charge roll is for charge battles; this one plays medieval.');
  });
});
