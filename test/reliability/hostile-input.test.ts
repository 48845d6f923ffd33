import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commands } from '../../src/app/slash/registry.ts';
import type { OptionDef } from '../../src/app/slash/commands.ts';
import { startHarness, textOf, type Harness } from '../support/bot-harness.ts';
import { startTable } from '../support/table.ts';
import { figureLine, LINES, INTERACTIONS } from './figures.ts';

/**
 * Hostile input (issue 20): random and adversarial lines and slash options — Object.prototype keys,
 * unicode, huge numbers, NaN, negative counts, 100 kB strings, unknown subcommands — through the
 * table and the Discord handler. Nothing may crash, reject unhandled, answer "Something went wrong",
 * log an event naming `undefined` or NaN, or change the battle when it refuses.
 * `npm test` runs a few thousand lines; `npm run reliability` runs 100,000 (RELIABILITY_SCALE=full).
 */
const PROTO = Object.getOwnPropertyNames(Object.prototype);
const HUGE = ['1e309', '-1e309', 'NaN', 'Infinity', '-Infinity', '99999999999999999999', '-1', '-0', '0x10', '1.5', '2147483648', '-2147483649'];
const ODD = ['', ' ', '😀', '👨‍👩‍👧‍👦', 'e\u0301', '\u202Eevil', '\u200B', '\u0000', 'null', 'undefined', 'true', '@everyone', '<@1>', '"', "'", '\\', '${x}', '%s', 'x'.repeat(100_000)];
const NAMES = ['French', 'b1', 'v1', 'A', 'B', 'gm', 'alice', "Oxford's Archers", 'Household Knights', '4d6', '10000d10000', 'examples/oob/medieval.yaml', '/dev/zero', '../../etc/passwd'];
const VALUES = [...PROTO, ...HUGE, ...ODD, ...NAMES];
const users = ['gm', 'alice', 'bob', 'stranger'];

const quote = (v: string) => (v === '' || /[\s"'\\]/.test(v) ? JSON.stringify(v) : v);

/** A line: a real command with hostile subcommands, option names and values, or noise. */
const line = fc.oneof(
  { weight: 6, arbitrary: fc
    .record({
      user: fc.constantFrom(...users),
      cmd: fc.constantFrom(...commands()),
      sub: fc.oneof(fc.nat(), fc.constantFrom(...PROTO)),
      opts: fc.array(fc.tuple(fc.oneof(fc.nat(), fc.constantFrom(...PROTO)), fc.oneof(fc.constantFrom(...VALUES), fc.string({ maxLength: 12 }), fc.integer().map(String))), { maxLength: 4 }),
    })
    .map(({ user, cmd, sub, opts }) => {
      const subs = Object.keys(cmd.subcommands);
      const s = typeof sub === 'number' ? subs[sub % subs.length]! : sub;
      const known = Object.hasOwn(cmd.subcommands, s) ? Object.keys(cmd.subcommands[s]!.options) : [];
      const names = [...known, 'bogus'];
      const o = opts.map(([i, v]) => `${typeof i === 'number' ? names[i % names.length] : i}:${quote(v)}`);
      return `@${user} /${cmd.name} ${s} ${o.join(' ')}`;
    }) },
  { weight: 2, arbitrary: fc.tuple(fc.constantFrom(...users), fc.constantFrom(...PROTO, 'battle', 'x'), fc.constantFrom(...PROTO)).map(([u, c, s]) => `@${u} /${c} ${s}`) },
  { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((s) => `@alice ${s}`) },
  { weight: 1, arbitrary: fc.constantFrom('@alice !press YES', '@gm !press __proto__', '@gm /', '@', '#', '#x @y', '@gm /battle gm', '@__proto__ /help', '#constructor @gm /battle status') },
);

const SETUP = ['@gm /battle create name:Fuzz system:medieval', '@gm /oob import file:examples/oob/medieval.yaml', '@gm /join side:Tudor', '@bob /join side:Yorkist'];
const BAD = /\bundefined\b|\bNaN\b/;

/** Every Object.prototype key in every option of every subcommand, and as every subcommand: the cases that crashed. */
const prototypeLines = (user: string) =>
  commands().flatMap((c) => [
    ...PROTO.map((k) => `@${user} /${c.name} ${k}`),
    ...Object.entries(c.subcommands).flatMap(([sub, s]) => [
      ...PROTO.map((k) => `@${user} /${c.name} ${sub} ${k}:1`),
      ...Object.entries(s.options).flatMap(([name, o]) => (o.kind === 'string' ? PROTO.map((k) => `@${user} /${c.name} ${sub} ${name}:${k}`) : [])),
    ]),
  ]);

describe('hostile input (issue 20)', () => {
  it('Object.prototype keys as every subcommand, option name and string value, for a GM and a player: never a crash or "Something went wrong", never an event naming undefined', async () => {
    const t = startTable();
    await t.run(SETUP);
    const before = (await t.app.state('b1')).version;
    const lines = [...prototypeLines('gm'), ...prototypeLines('alice')];
    const out = await t.run(lines);
    figureLine('hostile input (Object.prototype keys)', `${lines.length} lines, "Something went wrong" ${out.filter((m) => /Something went wrong/.test(m.text)).length}`);
    expect(out.filter((m) => /Something went wrong/.test(m.text)).map((m) => m.text)).toEqual([]);
    // A side may be called "toString": as a name it is data, never a key. Nothing logged names undefined or NaN.
    expect((await t.store.load('b1', before)).filter((e) => BAD.test(JSON.stringify(e.data)))).toEqual([]);
  }, 120_000);

  it('through the table: no crash, unhandled rejection, "Something went wrong", event naming undefined or NaN, or state changed by a refusal', async () => {
    const figures = { lines: 0, crashes: 0, rejections: 0, wentWrong: 0, badEvents: 0, changedByRefusal: 0 };
    const samples: string[] = [];
    const onRejection = () => void figures.rejections++;
    process.on('unhandledRejection', onRejection);
    const perBattle = 40;
    try {
      await fc.assert(
        fc.asyncProperty(fc.array(line, { minLength: perBattle, maxLength: perBattle }), async (lines) => {
          const t = startTable();
          await t.run(SETUP);
          for (const l of lines) {
            const battle = (await t.app.battleIn('table'));
            const before = battle ? (await t.app.state(battle.id)).version : 0;
            let out;
            try {
              out = await t.run([l]);
            } catch {
              figures.crashes++;
              continue;
            }
            figures.lines++;
            if (out.some((m) => /Something went wrong/.test(m.text))) {
              figures.wentWrong++;
              samples.push(`${l} -> Something went wrong`);
            }
            const after = battle ? (await t.app.state(battle.id)).version : 0;
            if (battle && after > before) {
              const added = (await t.store.load(battle.id, before));
              // A name the user typed may be "undefined"; the umpire must never write one of its own.
              const bad = BAD.test(l) ? [] : added.filter((e) => BAD.test(JSON.stringify(e.data)));
              if (bad.length) {
                figures.badEvents++;
                samples.push(`${l} -> ${bad.map((e) => `${e.type} ${JSON.stringify(e.data)}`).join('; ').slice(0, 300)}`);
              }
            }
            if (out.length && out.every((m) => m.error) && after !== before) figures.changedByRefusal++;
          }
          t.db.$client.close();
        }),
        { numRuns: Math.max(1, Math.ceil(LINES / perBattle)), seed: 20, endOnFailure: true },
      );
    } finally {
      process.off('unhandledRejection', onRejection);
    }
    figureLine(
      'hostile input (table)',
      `${figures.lines} lines, crashes ${figures.crashes}, unhandled rejections ${figures.rejections}, "Something went wrong" ${figures.wentWrong}, events naming undefined or NaN ${figures.badEvents}, state changed by a refused input ${figures.changedByRefusal}`,
    );
    expect(samples).toEqual([]);
    expect(figures).toEqual({ lines: figures.lines, crashes: 0, rejections: 0, wentWrong: 0, badEvents: 0, changedByRefusal: 0 });
  }, 600_000);

  describe('through the Discord handler', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness();
      const gm = h.fake.user('gm');
      await h.fake.slash({ user: gm, command: 'battle', sub: 'create', options: { name: 'Fuzz', system: 'percentile' } });
    });
    afterAll(async () => {
      await h?.stop();
      await h?.fake.stop();
    });

    it('hostile values in every registered option: an answer every time, never "Something went wrong"', async () => {
      const subs = commands().flatMap((c) => Object.entries(c.subcommands).map(([sub, s]) => ({ command: c.name, sub, options: s.options as Record<string, OptionDef> })));
      const who = [h.fake.user('gm'), h.fake.user('alice'), h.fake.user('stranger')];
      let sent = 0;
      let wentWrong = 0;
      const value = (o: OptionDef, v: string): unknown => (o.kind === 'integer' ? Number.parseInt(v, 10) || -1 : o.kind === 'boolean' ? v.length % 2 === 0 : o.kind === 'user' ? '1' : v.slice(0, 6000));
      await fc.assert(
        fc.asyncProperty(fc.nat(), fc.nat(), fc.array(fc.constantFrom(...VALUES), { minLength: 1, maxLength: 3 }), async (si, ui, vs) => {
          const s = subs[si % subs.length]!;
          const names = Object.entries(s.options).filter(([, o]) => o.kind !== 'attachment');
          const options = Object.fromEntries(names.slice(0, vs.length).map(([n, o], i) => [n, value(o, vs[i]!)]));
          const i = await h.fake.slash({ user: who[ui % who.length]!, command: s.command, ...(s.sub ? { sub: s.sub } : {}), options });
          sent++;
          if (/Something went wrong/.test(textOf(i.original))) wentWrong++;
        }),
        { numRuns: INTERACTIONS, seed: 20 },
      );
      figureLine('hostile input (Discord)', `${sent} interactions, "Something went wrong" ${wentWrong}`);
      expect(wentWrong).toBe(0);
    }, 600_000);
  });
});
