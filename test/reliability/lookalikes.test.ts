import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, textOf, type Harness } from '../support/bot-harness.ts';
import { startTable, type Out } from '../support/table.ts';
import { figureLine } from './figures.ts';

/**
 * Names and hostile input (issue 27), at the local table and in Discord as a user types them.
 * 1. Nine ways to type a unit's name that read the same: none may be accepted as a new unit, and
 *    none may find another unit than the one it reads as (UAX #15, UAX #44, UAX #9, UTS #39).
 * 2. A 1 MB line or option: no reply may repeat it whole, only a short excerpt with its length.
 */
const NAME = '61e de Ligne';
const VISTULE = 'Légion de la Vistule';
const LOOKALIKES: [string, string][] = [
  ['NFD', VISTULE.normalize('NFD')],
  ['zero-width space', '61e de Li\u200Bgne'],
  ['zero-width joiner', '61e d\u200De Ligne'],
  ['Cyrillic е', '61\u0435 de Ligne'],
  ['double space', '61e  de Ligne'],
  ['left-to-right mark', '\u200E61e de Ligne'],
  ['right-to-left override', '61e de \u202ELigne\u202C'],
  ['soft hyphen', '61e de Lig\u00ADne'],
  ['no-break space', '61e\u00A0de Ligne'],
];
const meant = (typed: string) => (typed.normalize('NFC').includes('Vistule') ? VISTULE : NAME);
const unitLine = (name: string) => `@gm /unit add name:"${name}" command:"IV Corps" arm:infantry figures:24 class:B order:close formation:line armour:medium melee_weapon:pike`;
const SETUP = ['@gm /battle create name:Wagram system:medieval', '@gm /side add name:French', '@gm /command add name:"IV Corps" side:French', unitLine(NAME), unitLine('62e de Ligne'), unitLine(VISTULE)];

describe('look-alike names (issue 27)', () => {
  it('none of nine look-alikes is accepted as a new unit, and each finds the unit it reads as, never another', async () => {
    const t = startTable();
    await t.run(SETUP);
    const before = Object.keys((await t.app.state('b1')).units).length;
    const accepted: string[] = [];
    const another: string[] = [];
    for (const [what, typed] of LOOKALIKES) {
      const added = await t.run(unitLine(typed));
      if (!added.every((m) => m.error)) accepted.push(what);
      const shown = await t.run(`@gm /unit show unit:"${typed}"`);
      if (shown[0]?.title !== meant(typed)) another.push(`${what}: ${shown[0]?.title ?? shown[0]?.text}`);
    }
    figureLine('look-alike names', `${LOOKALIKES.length} tried, accepted as new ${accepted.length}, found as another unit ${another.length}`);
    expect(accepted).toEqual([]);
    expect(another).toEqual([]);
    expect(Object.keys((await t.app.state('b1')).units)).toHaveLength(before);
  });
});

const MB = 1 << 20;
const A = 'a'.repeat(MB);
const SPACED = 'ab '.repeat(MB / 3);
/** A 1 MB line in every place a line takes input: command, subcommand, words, option names and values, user, channel, button. */
const HOSTILE = [
  `@gm /${A}`,
  `@gm ${A}`,
  `@gm /battle ${A}`,
  `@gm /battle status ${A}`,
  `@gm /roll ${A}`,
  `@gm /roll ${SPACED}`,
  `@gm /side add ${A}:1`,
  `@gm /side add name:x ${A}`,
  `@gm /side add name:"${SPACED}"`,
  `@gm /side add name:${A} name:${A}`,
  `@gm /unit show unit:${A}`,
  `@gm /join side:${A}`,
  `@gm /house set key:${A} value:${A}`,
  `@gm /oob import file:${A}`,
  `@gm !press ${A}`,
  `@${A} /battle status`,
  `#${A} @gm /battle create name:Elsewhere system:medieval`,
];

describe('a 1 MB line (issue 27)', () => {
  it('at the table: every reply repeats at most a short excerpt of it, with its length', async () => {
    const t = startTable();
    await t.run(SETUP);
    const before = (await t.app.state('b1')).version;
    const out: Out[] = [];
    for (const l of HOSTILE) out.push(...(await t.run(l)));
    if (process.env.SHOW) console.log(out.map((m) => m.text).join('\n'));
    const longest = Math.max(...out.map((m) => m.text.length));
    figureLine('1 MB line', `longest reply ${longest} characters (${HOSTILE.length} lines at the table)`);
    expect(out.filter((m) => !m.error).map((m) => m.text.slice(0, 200))).toEqual([]);
    expect(longest).toBeLessThan(4000);
    expect((await t.app.state('b1')).version).toBe(before);
    // The excerpt says what was typed and how long it was.
    expect(out[0]!.text).toBe(`There is no command /${'a'.repeat(40)}… (1,048,576 characters). Type /help for the commands you can use.`);
  }, 120_000);

  describe('in Discord', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness();
      await h.fake.slash({ user: h.fake.user('gm'), command: 'battle', sub: 'create', options: { name: 'Wagram', system: 'medieval' } });
    });
    afterAll(async () => {
      await h?.stop();
      await h?.fake.stop();
    });

    it('a 1 MB option value, in the channel and in a DM, is repeated at most as a short excerpt', async () => {
      const gm = h.fake.user('gm');
      const answers = [
        await h.fake.slash({ user: gm, command: 'side', sub: 'add', options: { name: A } }),
        await h.fake.slash({ user: gm, command: 'unit', sub: 'show', options: { unit: A } }),
        await h.fake.slash({ user: gm, command: 'ballot', sub: 'vote', options: { ballot: A, choice: 'YES' }, dm: true }),
        await h.fake.slash({ user: gm, command: 'ballot', sub: 'vote', options: { ballot: SPACED, choice: A }, dm: true }),
      ].map((i) => textOf(i.original));
      const longest = Math.max(...answers.map((a) => a.length));
      figureLine('1 MB line (Discord)', `longest reply ${longest} characters (${answers.length} options)`);
      expect(longest).toBeLessThan(4000);
      expect(answers[2]).toContain(`open ballot ${'a'.repeat(40)}… (1,048,576 characters).`);
    }, 60_000);
  });
});

describe('bidi controls in a refusal (issue 27, left from it)', () => {
  it('a refusal that repeats an input shows its bidi controls by code point, never passing them on to reorder the reply', async () => {
    const t = startTable();
    await t.run(SETUP);
    const typed = ['\u202Eenilg\u202C', 'x\u2067y\u2069', '\u200F61e'];
    const lines = typed.flatMap((v) => [`@gm /unit show unit:"${v}"`, `@gm /phase goto phase:"${v}"`, `@gm /battle log last:"${v}"`]);
    const out: Out[] = [];
    for (const l of lines) out.push(...(await t.run(l)));
    const passed = out.filter((m) => /\p{Bidi_Control}/u.test(m.text)).length;
    figureLine('bidi echoes', `${out.length} replies to inputs with bidi controls, bidi controls passed on ${passed}`);
    expect(out.every((m) => m.error)).toBe(true);
    expect(passed).toBe(0);
    expect(out[0]!.error).toContain('"<U+202E>enilg<U+202C>"');
  });
});
