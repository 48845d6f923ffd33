import { readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyLog } from '../../src/app/reports/verify.ts';
import { assemble } from '../../src/assemble.ts';
import { houseValueText } from '../../src/battle/house.ts';
import { english, word } from '../../src/i18n/text.ts';
import { replay } from '../../src/battle/replay.ts';
import { systems } from '../../src/systems/index.ts';
import { duel } from '../systems/duel/plugin.ts';
import { startTable } from '../support/table.ts';

/**
 * House rules per battle (issue 26), on the example system whose one open value is its die
 * (`strike.die`, DUEL-1): set once by a GM, an event in the log, cited in every outcome that uses
 * it, applied from the next action, and replayed as it stood at each moment.
 */
const SETUP = [
  '@gm /battle create name:Ring system:duel',
  '@gm /side add name:Red',
  '@gm /side add name:Blue',
  '@gm /command add name:R side:Red',
  '@gm /command add name:B side:Blue',
  '@gm /unit add name:Rufus command:R wounds_allowed:3',
  '@gm /unit add name:Bruno command:B wounds_allowed:3',
  '@alice /join side:Red',
];
const strike = '@alice /duel strike attacker:Rufus target:Bruno';
const strikes = (out: { to: string; text: string }[]) => out.filter((o) => o.to === 'channel' && o.text.startsWith('Rufus strikes Bruno')).map((o) => o.text);

describe('house rules', () => {
  beforeAll(() => assemble([...systems, duel]));
  afterAll(() => assemble());

  it('the GM is told at creation which values the system leaves open and how to set them', async () => {
    const out = await startTable().run(SETUP[0]!);
    expect(out.find((o) => o.to === 'channel')!.text).toContain('The duel rules leave 1 value open, asked of the GM at each use until set once as a house rule: strike.die (DUEL-1). Set them with /house set key: value: or /house upload file:; /house show says what each is.');
  });

  it('a set house rule applies from the next action, is cited in the working, and a change and an unset mid-battle replay to the same states; verify passes', async () => {
    const t = startTable();
    await t.run(SETUP);
    const before = strikes(await t.run(strike));
    const set = await t.run('@gm /house set key:strike.die value:10');
    expect(set.find((o) => o.to === 'channel')!.text).toMatch(/^House rule strike\.die \(DUEL-1\): 10, set by <@gm>; it applies from the next action\./);
    const event = set.find((o) => o.to === 'channel')!.event!;
    const during = strikes(await t.run(strike));
    await t.run('@gm /house set key:strike.die value:20');
    const changed = strikes(await t.run(strike));
    await t.run('@gm /house unset key:strike.die');
    const after = strikes(await t.run(strike));
    expect(before[0]).toMatch(/• d6: \d, needing 4\+\n/);
    expect(during[0]).toMatch(new RegExp(`• d10: \\d+, needing 4\\+ \\(die: d10, house rule set by <@gm> at event ${event}\\)`));
    expect(changed[0]).toMatch(/• d20: \d+, needing 4\+ \(die: d20, house rule set by <@gm> at event \d+\)/);
    expect(after[0]).toMatch(/• d6: \d, needing 4\+\n/);

    const [b] = await t.app.battles();
    const log = await t.app.log(b!.id);
    // Every state replays to what the umpire held then: the rules in force at each moment.
    expect(replay(b!.id, log, event)!.house['strike.die']).toEqual({ value: 10, by: 'gm', version: event });
    expect(replay(b!.id, log, event - 1)!.house).toEqual({});
    expect(replay(b!.id, log)).toEqual(await t.app.state(b!.id));
    expect(replay(b!.id, log).house).toEqual({});
    const verified = await verifyLog(t.store, b!.id, '01'.repeat(32));
    expect(verified.chain.ok).toBe(true);
    expect(verified.dice.status).toBe('checked');
    const shown = (await t.run('@gm /battle log last:8')).map((o) => o.text).join('\n');
    expect(shown).toContain('House rule strike.die (DUEL-1): 20, set by <@gm>');
    expect(shown).toContain('House rule strike.die (DUEL-1) unset by <@gm>: the value is open again');
  });

  it('refuses a player, an unknown key, a value out of range, and unsetting what is not set, each naming what was wrong; nothing is appended', async () => {
    const t = startTable();
    await t.run(SETUP);
    const [b] = await t.app.battles();
    const version = (await t.app.state(b!.id)).version;
    const out = await t.run(['@alice /house set key:strike.die value:10', '@gm /house set key:charge.die value:10', '@gm /house set key:strikе.die value:10', '@gm /house set key:strike.die value:ten', '@gm /house set key:strike.die value:100', '@gm /house unset key:strike.die']);
    expect(out.map((o) => o.error)).toEqual([
      'Only a GM of this battle may do that.',
      'The duel rules leave no value "charge.die" open. The house rules of this battle: strike.die (/house show).',
      // A key that only looks like one (a Cyrillic е) is not it.
      'The duel rules leave no value "strikе.die" open. The house rules of this battle: strike.die (/house show).',
      expect.stringMatching(/^strike\.die takes a die size, 2 to 20 \(DUEL-1\); "ten" is not: /),
      expect.stringMatching(/^strike\.die takes a die size, 2 to 20 \(DUEL-1\); 100 is not: /),
      'strike.die is not set in this battle; nothing to unset.',
    ]);
    expect((await t.app.state(b!.id)).version).toBe(version);
  });

  it('/house show lists each open value as set (by whom, at which event) or open, with its rule ID and the seed; export and upload carry them to another battle', async () => {
    const t = startTable();
    await t.run(SETUP);
    const open = (await t.run('@alice /house show'))[0]!.text;
    expect(open).toContain('The duel rules: 0 of 1 open values set as house rules.');
    expect(open).toContain("• strike.die (DUEL-1): open: asked of the GM where it is needed\n    The seed: A strike rolls a d6 (the example system is the tests' own). Takes a die size, 2 to 20.");
    await t.run('@gm /house set key:strike.die value:8');
    expect((await t.run('@alice /house show'))[0]!.text).toMatch(/• strike\.die \(DUEL-1\): 8 — house rule set by <@gm> at event \d+/);

    const exported = await t.run('@alice /house export');
    const file = (exported[0] as unknown as { files: string[] }).files[0]!;
    const yaml = readFileSync(file, 'utf8');
    expect(yaml).toContain("the group's choices where the seed leaves a value open, not the seed's");
    expect(yaml).toContain('strike.die: 8');

    // The table reads files below its folder only: the second battle's is the first's export folder.
    const dir = dirname(file);
    const other = startTable({ cwd: dir });
    const created = await other.run([SETUP[0]!.replace('Ring', 'Ring2'), `@gm /house upload file:${basename(file)}`]);
    expect(created.at(-1)!.text).toMatch(/^<@gm> set 1 house rule from house-rules-.*\.yaml; they apply from the next action\.\n• strike\.die \(DUEL-1\): 8$/);
    writeFileSync(join(dir, 'wrong.yaml'), 'strike.die: 30\nmass: ratio\n');
    const refused = await other.run('@gm /house upload file:wrong.yaml');
    expect(refused[0]!.error).toMatch(/^wrong\.yaml has 2 wrong house rules; none was set:\nstrike\.die takes a die size, 2 to 20 \(DUEL-1\); 30 is not: .*\nThe duel rules leave no value "mass" open/);
    const [b] = await other.app.battles();
    expect((await other.app.state(b!.id)).house['strike.die']!.value).toBe(8);
  });

  it('a key typed in capitals is the key', async () => {
    const t = startTable();
    await t.run(SETUP);
    expect((await t.run('@gm /house set key:Strike.DIE value:8')).find((o) => o.to === 'channel')!.text).toMatch(/^House rule strike\.die \(DUEL-1\): 8/);
  });

  it('a house rule set is undone like any other setup, and a system with no open value says so', async () => {
    const t = startTable();
    await t.run(SETUP);
    await t.run(['@gm /house set key:strike.die value:12', '@gm /battle undo']);
    const [b] = await t.app.battles();
    expect((await t.app.state(b!.id)).house).toEqual({});
    assemble([{ ...duel, house: undefined }]);
    const m = startTable();
    const out = await m.run(['@gm /battle create name:Ring system:duel', '@gm /house set key:die value:6', '@gm /house show']);
    expect(out.filter((o) => o.error).map((o) => o.error)).toEqual(['The duel rules leave no value open to a house rule.']);
    expect(out.at(-1)!.text).toBe('The duel rules leave no value open to a house rule.');
    assemble([...systems, duel]);
  });
});

describe('house rules in the battle report', () => {
  beforeAll(() => assemble([...systems, duel]));
  afterAll(() => assemble());

  it('lists the house rules in force at the end of the range, each once, with its turn, log event and setter; one unset is not in force (issue 39)', async () => {
    const t = startTable();
    await t.run([...SETUP, '@gm /house set key:strike.die value:10', '@gm /phase next', '@gm /house set key:strike.die value:8']);
    const text = (await t.run('@alice /battle report'))[0]!.text;
    expect(text).toContain('The duel rules give the report no unit strength or morale to read.');
    expect(text).toMatch(/\n\nHouse rules in force \(1, set by a GM where the rules leave a value open\):\n• strike\.die \(DUEL-1\): 8 — set by <@gm> in turn 2 \(log event \d+\)$/);
    await t.run('@gm /house unset key:strike.die');
    expect((await t.run('@alice /battle report'))[0]!.text).not.toContain('House rules');
  });
});

describe('a house rule value in words', () => {
  it('reads a table, a list and a lost cell as prose, never JSON', () => {
    const words = (v: unknown) => english(houseValueText(v));
    expect(words({ 0: 'melee', 5: null })).toBe('0: melee, 5: open');
    expect(words([{ min: 7, max: null, elite: 'AA' }, { min: null, max: 3, elite: 'NA' }])).toBe('min: 7, max: open, elite: AA; min: open, max: 3, elite: NA');
    expect(words([1, 2, 3])).toBe('[1, 2, 3]');
    expect(words({ elite: { dice: '2d6' }, line: [], rows: [1.25, 1] })).toBe('elite: (dice: 2d6), line: none, rows: [1.25, 1]');
    expect(words(10)).toBe('10');
  });

  it('words "open" and "none" in the reader\'s language, and the data as stored (issue 43)', () => {
    expect(word(houseValueText({ 0: 'melee', 5: null, rows: [] }), 'fr')).toBe('0: melee, 5: ouverte, rows: aucune');
    expect(word(houseValueText({ 0: 'melee', 5: null, rows: [] }), 'de')).toBe('0: melee, 5: offen, rows: keine');
  });
});
