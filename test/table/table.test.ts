import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { asLogged, Umpire } from '../../src/app/service/umpire.ts';
import { replay } from '../../src/battle/replay.ts';
import type { BattleState } from '../../src/battle/state.ts';
import { startTable } from '../support/table.ts';

const table = () => startTable();

describe('the local table', () => {
  it('runs the short battle script: creation, import of 2 sides / 4 commands / 12 units, players, a full turn and an undo', async () => {
    const t = table();
    const states = new Map<number, BattleState>();
    for (const line of readFileSync('examples/short-battle.table', 'utf8').split('\n')) {
      await t.run(line);
      const b = (await t.app.battleIn('table'));
      if (b) states.set((await t.app.state(b.id)).version, (await t.app.state(b.id)));
    }
    const channel = t.out.filter((m) => m.to === 'channel');
    expect(channel[0]).toMatchObject({ title: 'Battle "Quatre Bras" (b1)', event: 1 });
    expect(channel[0]!.text).toMatch(/Dice commitment \(SHA-256 of the secret seed\): `[0-9a-f]{64}`/);
    expect(channel[1]).toMatchObject({ title: 'Order of battle imported', text: expect.stringContaining('2 new sides, 4 commands, 12 units') });
    const s = (await t.app.state('b1'));
    expect(Object.keys(s.sides)).toHaveLength(2);
    expect(Object.keys(s.commands)).toHaveLength(4);
    expect(Object.keys(s.units)).toHaveLength(12);
    expect(Object.values(s.commands).find((c) => c.name === "Piré's Cavalry Division")?.player).toBe('erin');
    // A player may look but not advance the turn.
    expect(t.out.find((m) => m.user === 'alice' && m.error)?.error).toBe('Only a GM of this battle may do that.');
    // The full turn: three phases, then turn 2; one step undone and taken again.
    const phases = channel.filter((m) => m.title?.startsWith('Turn')).map((m) => m.title);
    expect(phases).toEqual([
      'Turn 1 (day) — Reciprocal Infantry Fire Phase',
      'Turn 1 (day) — Movement Phase',
      'Turn 1 (day) — Shock Combat Phase',
      'Turn 2 (day) — Reciprocal Artillery Fire Phase',
      'Turn 2 (day) — Reciprocal Artillery Fire Phase',
    ]);
    expect(channel.find((m) => m.title === 'Undone')?.text).toMatch(/^undone: turn 2 \(day\), phase 1/);
    expect(s.position).toEqual({ turn: 2, phase: 0, period: 'day' });
    // umpire replay --to N reproduces the state at N, for every N the script passed through.
    const log = (await t.app.log('b1'));
    for (const [version, state] of states) expect(replay('b1', log, version)).toEqual(state);
  });

  it('refuses an order of battle with errors, naming each, and changes nothing', async () => {
    const t = table();
    await t.run('@gm /battle create name:Waterloo system:medieval');
    const before = (await t.app.state('b1')).version;
    const [reply] = await t.run('@gm /oob import file:test/fixtures/bad-oob.yaml');
    expect(reply!.error).toMatch(/bad-oob.yaml has 2 errors; nothing was imported/);
    expect(reply!.error).toMatch(/sides\[0\]\.commands\[0\]\.units\[1\]\.figures: expected a positive whole number/);
    expect(reply!.error).toMatch(/sides\[1\]\.commands\[0\]\.units\[0\]\.class: expected one of A, B, C, D, E, M \(got "Z"\)/);
    expect((await t.app.state('b1')).version).toBe(before);
  });

  it('answers every kind of bad input with a message and no change', async () => {
    const t = table();
    await t.run('@gm /battle create name:Waterloo system:medieval');
    const bad = await t.run(
      [
        '@gm /nosuch',
        '@gm /battle frobnicate',
        '@gm /side add',
        '@gm /side add name:X colour:red',
        '@gm /battle log last:zero',
        '@gm /oob import file:missing.yaml',
        '@gm /battle create name:Again system:medieval',
        '#elsewhere @gm /phase next',
        '#table @gm /unit add name:U command:Nobody arm:infantry figures:3 class:A',
      ].join('\n'),
    );
    expect(bad.map((m) => m.error)).toEqual([
      'There is no command /nosuch. Type /help for the commands you can use.',
      expect.stringMatching(/"\/battle frobnicate" is not a command. Did you mean \/battle create/),
      expect.stringMatching(/^\/side add: name is required\. Example: \/side add name:French/),
      expect.stringMatching(/^\/side add has no option "colour"\. Its options: name\./),
      expect.stringMatching(/last must be a whole number/),
      'Cannot read missing.yaml: no such file.',
      expect.stringMatching(/This channel already has battle "Waterloo" \(b1\)/),
      'There is no battle in this channel. A GM starts one with /battle create.',
      expect.stringMatching(/There is no command "Nobody"/),
    ]);
    expect((await t.app.state('b1')).version).toBe(1);
  });

  it('/help lists what the user may use now, with an example each', async () => {
    const t = table();
    const [none] = await t.run('@alice /help');
    expect(none!.text).toMatch(/\/battle create — .*\n {4}e\.g\. \/battle create name:"Ligny" system:percentile/);
    expect(none!.text).not.toMatch(/\/phase next/);
    await t.run('@gm /battle create name:Waterloo system:brigade');
    const [player] = await t.run('@alice /help');
    expect(player!.text).toMatch(/\/battle status/);
    expect(player!.text).not.toMatch(/\/phase next|\/battle create/);
    const [gm] = await t.run('@gm /help');
    expect(gm!.text).toMatch(/^GM: \/phase next · \/phase goto · \/turn next · \/battle undo$/m);
    const [all] = await t.run('@gm /help all:true');
    expect(all!.text).toMatch(/\/phase next — .*\n {4}e\.g\. \/phase next/);
  });

  it('/battle create takes the medieval options and shows them; other systems refuse them', async () => {
    const t = table();
    const [post] = await t.run('@gm /battle create name:Bosworth system:medieval autokill:true partdice:false initiative_die:6');
    expect(post!.text).toMatch(/options agreed: automatic kills on \(MED-AUTOKILL\), part dice off \(MED-PARTDICE\), initiative on a d6 \(MED-INIT\)/);
    const [status] = await t.run('@gm /battle status');
    expect(status!.text).toMatch(/Options agreed: automatic kills on/);
    const [refused] = await t.run('#other @gm /battle create name:Ligny system:percentile autokill:true');
    expect(refused!.error).toMatch(/autokill: this is an option of the medieval d10 rules only/);
  });

  it('a subcommand of another rule system is refused with a pointer, and /help leaves it out', async () => {
    const t = table();
    await t.run('@gm /battle create name:Wagram system:charge');
    const [help] = await t.run('@gm /help');
    expect(help!.text).toMatch(/\/initiative open/);
    await t.run('#med @gm /battle create name:Bosworth system:medieval');
    const [medHelp] = await t.run('#med @gm /help all:true');
    expect(medHelp!.text).not.toMatch(/\/initiative open|\/night |\/orders |\/fire percentile|\/mfp /);
    expect(medHelp!.text).toMatch(/\/fire medieval[\s\S]*\/melee[\s\S]*\/control/);
    const [refused] = await t.run('#med @gm /initiative open');
    expect(refused!.error).toMatch(/^\/initiative open is for charge battles; this one plays medieval\./);
    expect((await t.app.state('b2')).version).toBe(1);
  });

  it('says what is due on entering a phase (BRG-SEQ army morale every fourth turn)', async () => {
    const t = table();
    await t.run('@gm /battle create name:Brigades system:brigade');
    const posts = await t.run(Array(16).fill('@gm /phase next').join('\n'));
    const due = posts.filter((m) => m.to === 'channel' && /army morale check due/.test(m.text));
    expect(due.map((m) => m.title)).toEqual(['Turn 4 — Army Morale Phase']);
  });

  it('/roll outside a battle channel uses fresh randomness and says it is not verifiable', async () => {
    const [reply] = await table().run('#lobby @alice /roll 2d6');
    expect(reply!.text).toMatch(/^2d6: \[\d, \d\] = \d+\nNot verifiable/);
  });

  it('keeps the log after a restart: a second table on the same database continues the battle', async () => {
    const t = table();
    await t.run('@gm /battle create name:Waterloo system:charge\n@gm /side add name:French');
    const again = new Umpire(t.app.store);
    expect(Object.values((await again.state('b1')).sides).map((s) => s.name)).toEqual(['French']);
    expect(replay('b1', asLogged(await t.app.store.loadEntries('b1')))).toEqual(await again.state('b1'));
  });
});
