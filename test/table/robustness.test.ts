import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { commands } from '../../src/app/slash/registry.ts';
import { startTable } from '../support/table.ts';

const words = ['', 'x', '0', '-1', '1e309', '99999999999999999999', 'true', 'ACTIVE', '@gm', '"two words"', 'French', 'b1', 'v1', '4d6', '10000d10000', 'examples/oob/medieval.yaml', 'README.md', '/etc/hostname', '\u0000', '😀'];
const users = ['gm', 'alice', 'stranger'];

/** A random line: a real command and subcommand with random option names and values, or noise. */
const line = fc.oneof(
  fc
    .record({
      user: fc.constantFrom(...users),
      cmd: fc.constantFrom(...commands()),
      sub: fc.nat(),
      opts: fc.array(fc.tuple(fc.nat(), fc.constantFrom(...words)), { maxLength: 4 }),
    })
    .map(({ user, cmd, sub, opts }) => {
      const subs = Object.keys(cmd.subcommands);
      const s = subs[sub % subs.length]!;
      const names = [...Object.keys(cmd.subcommands[s]!.options), 'bogus'];
      const o = opts.map(([i, v]) => `${names[i % names.length]}:${v.includes(' ') ? v : JSON.stringify(v)}`);
      return `@${user} /${cmd.name} ${s} ${o.join(' ')}`;
    }),
  fc.string({ maxLength: 40 }).map((s) => `@alice ${s}`),
  fc.constantFrom('@alice !press YES', '@gm !press ACTIVE', '@gm /', '@', '#', '#x @y', '@gm /battle gm', '@gm /turn next period:"night"'),
);

describe('robustness', () => {
  it('no line typed at the table crashes the umpire or gets an unexpected error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(line, { maxLength: 25 }), async (lines) => {
        const t = startTable();
        await t.run(['@gm /battle create name:Fuzz system:medieval', '@gm /oob import file:examples/oob/medieval.yaml', ...lines]);
        const bugs = t.out.filter((m) => /Something went wrong/.test(m.text));
        expect(bugs).toEqual([]);
        t.db.$client.close();
      }),
      { numRuns: 60, seed: 1815 },
    );
  });
});
