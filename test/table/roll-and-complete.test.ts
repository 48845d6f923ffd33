import { describe, expect, it } from 'vitest';
import { ApplicationCommandOptionType } from 'discord.js';
import { matching } from '../../src/app/slash/complete.ts';
import { findCommand } from '../../src/app/slash/registry.ts';
import { commandJson } from '../../src/discord/command-json.ts';
import { complete } from '../../src/table/console.ts';
import { startTable } from '../support/table.ts';

/** Issue 17: /roll 2d6 as dice bots have it, and completion of names with spaces typed without a quote. */
describe('/roll 2d6', () => {
  const battle = async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:X system:medieval', '@gm /side add name:Tudor']);
    return t;
  };

  it('at the table a bare expression is the roll; by name it is the same; the old /roll dice form is refused with the way to write it', async () => {
    const t = await battle();
    const [bare] = await t.run('@gm /roll 2d6+1 reason:"Piré\'s charge"');
    expect(bare!.text).toMatch(/^Done \(event \d+\): <@gm> rolled #1 \(Piré's charge\): 2d6\+1: \[\d, \d\]\+1 = \d+$/);
    const [named] = await t.run('@gm /roll expression:d%');
    expect(named!.text).toMatch(/rolled #2: d%: \[\d+\] = \d+/);
    const [spaced] = await t.run('@gm /roll 1d6 + 1d8 + 3');
    expect(spaced!.text).toMatch(/rolled #3: 1d6 ?\+ ?1d8 ?\+ ?3/);
    const [old] = await t.run('@gm /roll dice expression:2d6');
    expect(old!.error).toMatch(/is not a command\. Did you mean \/roll/);
    const [secret] = await t.run('@alice /roll 1d20 secret:true');
    expect(secret!.text).toMatch(/rolled in secret \(roll #4\)/);
    const dm = t.out.find((m) => m.to === 'dm' && m.user === 'alice')!;
    expect(dm.text).toContain('Reveal it with /reveal roll:4.');
    const [revealed] = await t.run('@alice /reveal roll:4');
    expect(revealed!.text).toMatch(/secret <@alice> rolled #4: 1d20: \[\d+\] = \d+/);
  });

  it('in Discord the expression is /roll\'s first option and required, so Discord asks for it as soon as /roll is chosen', () => {
    const json = commandJson(findCommand('roll')!);
    expect(json.options![0]).toMatchObject({ name: 'expression', type: ApplicationCommandOptionType.String, required: true });
    expect(json.options!.every((o) => o.type !== ApplicationCommandOptionType.Subcommand)).toBe(true);
    expect(commandJson(findCommand('reveal')!).options![0]).toMatchObject({ name: 'roll', type: ApplicationCommandOptionType.Integer, required: true });
  });
});

describe('completion of names with spaces', () => {
  it('at the table, a unit name typed without an opening quote completes to the quoted name', async () => {
    const t = startTable();
    await t.run(['@gm /battle create name:X system:percentile', '@gm /oob import file:examples/oob/percentile.yaml']);
    expect(await complete(t.table, '@gm /unit show unit:1/95th Ri')).toEqual([['unit:"1/95th Rifles"'], 'unit:1/95th Ri']);
    expect(await complete(t.table, '@gm /unit show unit:Bijleveld\'s Hor')).toEqual([['unit:"Bijleveld\'s Horse Battery"'], "unit:Bijleveld's Hor"]);
    // The quoted and the one-word forms still work.
    expect(await complete(t.table, '@gm /unit show unit:"1/95th')).toEqual([['unit:"1/95th Rifles"'], 'unit:"1/95th']);
    expect(await complete(t.table, '@gm /fire percentile firer:"Foot Battery 2/6" target:1/79th High')).toEqual([['target:"1/79th Highlanders"'], 'target:1/79th High']);
  });

  it('names match by their start, then anywhere, then word by word in any order', () => {
    const names = ['1/95th Rifles', '1/79th Highlanders', 'Rifle Brigade', "Bijleveld's Horse Battery"];
    expect(matching(names, 'rifle')).toEqual(['Rifle Brigade', '1/95th Rifles']);
    expect(matching(names, 'rifles 95')).toEqual(['1/95th Rifles']);
    expect(matching(names, '"horse bij')).toEqual(["Bijleveld's Horse Battery"]);
  });
});
