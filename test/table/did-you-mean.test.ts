import { describe, expect, it } from 'vitest';
import { closeTo, distance } from '../../src/nearest.ts';
import { startTable } from '../support/table.ts';

/** The refusal a line gets at the table. */
async function refusal(t: ReturnType<typeof startTable>, line: string): Promise<string> {
  const out = await t.run(line);
  expect(out).toHaveLength(1);
  return out[0]!.error!;
}

describe('a mistyped name is answered with the nearest there is (issue 39)', () => {
  it('measures Levenshtein distance case-blind, takes letters swapped as a slip, and offers nothing far off', () => {
    expect(distance('fier', 'fire')).toBe(2);
    expect(distance('BATTLE', 'battel')).toBe(2);
    expect(closeTo(['ref', 'roll', 'reveal'], 'rfe')).toEqual(['ref']);
    expect(closeTo(['fire', 'move'], 'feri')).toEqual(['fire']);
    expect(closeTo(['fire', 'move', 'phase'], 'fier')).toEqual(['fire']);
    expect(closeTo(['fire', 'move', 'phase'], 'qqqq')).toEqual([]);
    expect(closeTo(['1/95th Rifles', '1/52nd Foot'], 'Rifles')).toEqual(['1/95th Rifles']);
  });

  it('commands, subcommands and options', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:X system:percentile', '@gm /oob import file:examples/oob/percentile.yaml']);
    expect(await refusal(t, '@gm /fier')).toBe('There is no command /fier. Did you mean /fire? Type /help for the commands you can use.');
    expect(await refusal(t, '@gm /battel status')).toMatch(/^There is no command \/battel\. Did you mean \/battle status\?/);
    expect(await refusal(t, '@gm /qqqq')).toBe('There is no command /qqqq. Type /help for the commands you can use.');
    expect(await refusal(t, '@gm /battle shre')).toBe('"/battle shre" is not a command. Did you mean /battle share?');
    // Nothing close: every subcommand, as before.
    expect(await refusal(t, '@gm /side zzzzzz')).toMatch(/^"\/side zzzzzz" is not a command\. Did you mean \/side add, /);
    expect(await refusal(t, '@gm /battle share spectator-lagg:2')).toBe('/battle share has no option "spectator-lagg". Did you mean spectator-lag? Its options: spectator-lag.');
  });

  it("a battle's units, sides and commands", async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:X system:percentile', '@gm /oob import file:examples/oob/percentile.yaml']);
    const version = (await t.app.state('b1')).version;
    expect(await refusal(t, '@gm /unit show unit:"1/95 Rifles"')).toBe('There is no unit "1/95 Rifles". Did you mean "1/95th Rifles"? Use /unit show to list the units.');
    expect(await refusal(t, '@gm /unit show unit:Zzz')).toBe('There is no unit "Zzz". Use /unit show to list the units.');
    expect(await refusal(t, '@gm /join side:Frnch')).toMatch(/^There is no side "Frnch"\. Did you mean "French"\? Sides: French, /);
    expect(await refusal(t, '@gm /command assign command:"Bachelu Division" user:@bob')).toMatch(/^There is no command "Bachelu Division"\. Did you mean "Bachelu's Division"\? Commands: /);
    // Nothing was recorded by any of them.
    expect((await t.app.state('b1')).version).toBe(version);
  });
});
