import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sub } from '../../src/app/slash/commands.ts';
import { commands, composeCommands } from '../../src/app/slash/registry.ts';
import { reply } from '../../src/app/slash/replies.ts';
import { assemble, coreCommands } from '../../src/assemble.ts';
import { installSystems } from '../../src/battle/registry.ts';
import { replay } from '../../src/battle/replay.ts';
import { applicationCommands } from '../../src/discord/command-json.ts';
import { systems } from '../../src/systems/index.ts';
import { startTable } from '../support/table.ts';
import { duel } from './duel/plugin.ts';

/**
 * Adding a rule system is its folder and one line in the registry (issue 25): the example system of
 * test/systems/duel/ is assembled with the four, and plays without a line of the core changed.
 */
describe('a fifth system plugs in through the registry alone', () => {
  beforeAll(() => assemble([...systems, duel]));
  afterAll(() => assemble());

  it('its command, its /fire subcommand and its /battle create option are in the deploy payload and nothing of the four moved', () => {
    const payload = applicationCommands();
    const names = payload.map((c) => c.name);
    expect(names.indexOf('duel')).toBe(names.indexOf('fire') + 1);
    const fire = payload.find((c) => c.name === 'fire')!;
    // Ranked 0 like most, it stands among them in the registry's order; brigade's is ranked after all.
    expect(fire.options!.map((o) => o.name)).toEqual(['medieval', 'percentile', 'counterbattery', 'charge', 'discipline', 'duel', 'brigade']);
    const create = (payload.find((c) => c.name === 'battle')!.options![0] as { name: string; options: { name: string; choices?: { value: string }[] }[] });
    expect(create.name).toBe('create');
    expect(create.options.find((o) => o.name === 'system')!.choices!.map((c) => c.value)).toEqual(['percentile', 'brigade', 'medieval', 'charge', 'duel']);
    expect(create.options.map((o) => o.name)).toContain('needed');
    // /campaign battle start offers the systems as /battle create does.
    const battles = payload.find((c) => c.name === 'campaign')!.options!.find((o) => o.name === 'battle') as { options: { name: string; options: { name: string; choices?: { value: string }[] }[] }[] };
    expect(battles.options.find((o) => o.name === 'start')!.options.find((o) => o.name === 'system')!.choices!.map((c) => c.value)).toEqual(['percentile', 'brigade', 'medieval', 'charge', 'duel']);
    const without = applicationCommands(composeCommands(coreCommands, systems));
    const moved = ['fire', 'battle', 'unit', 'campaign'];
    expect(payload.filter((c) => c.name !== 'duel' && !moved.includes(c.name))).toEqual(without.filter((c) => !moved.includes(c.name)));
  });

  it('plays at the table: a strike rolls the battle dice against the option agreed at creation, is logged, described and replayed', async () => {
    const t = startTable();
    const out = await t.run([
      '@gm /battle create name:Ring system:duel needed:5',
      '@gm /side add name:Red',
      '@gm /side add name:Blue',
      '@gm /command add name:R side:Red',
      '@gm /command add name:B side:Blue',
      '@gm /unit add name:Rufus command:R wounds_allowed:3',
      '@gm /unit add name:Bruno command:B wounds_allowed:3',
      '@alice /join side:Red',
      '@alice /duel strike attacker:Rufus target:Bruno',
      '@alice /fire duel attacker:Rufus target:Bruno',
      '@alice /help all:true',
    ]);
    expect(out.filter((o) => o.error)).toEqual([]);
    const strikes = out.filter((o) => o.to === 'channel' && /^Rufus strikes Bruno: a (hit|miss)\n• d6: \d, needing 5\+/.test(o.text));
    expect(strikes).toHaveLength(2);
    expect(out.find((o) => o.title === 'Commands you can use now')!.text).toMatch(/\/duel strike — Strike an enemy unit/);
    const [b] = await t.app.battles();
    const log = await t.app.log(b!.id);
    expect(log.filter((e) => e.event.type === 'DuelStruck')).toHaveLength(2);
    expect(replay(b!.id, log)).toEqual(await t.app.state(b!.id));
  });

  it("another system's battle refuses its subcommands, and its battle refuses theirs, each naming the one to use", async () => {
    const t = startTable();
    const out = await t.run(['@gm /battle create name:Towton system:medieval', '@gm /duel strike attacker:a target:b', '#ring @gm /battle create name:Ring system:duel', '#ring @gm /fire medieval firer:a target:b']);
    expect(out.filter((o) => o.error).map((o) => o.error)).toEqual(['/duel strike is for duel battles; this one plays medieval.', '/fire medieval is for medieval battles; this one plays duel. Use /fire duel.']);
  });
});

describe('assembly refuses a system that claims what is taken', () => {
  afterAll(() => assemble());
  const variant = (slash: (typeof duel)['slash']) => ({ ...duel, slash });

  it('a subcommand added to a command nobody defines, or defined twice, or a command defined twice', () => {
    expect(() => composeCommands(coreCommands, [...systems, variant({ adds: { joust: duel.slash!.adds!.fire! } })])).toThrow('duel adds to /joust, which neither the core nor an installed system defines');
    expect(() => composeCommands(coreCommands, [...systems, variant({ adds: { unit: { show: duel.slash!.adds!.fire!.duel! } } })])).toThrow('/unit show is defined twice (again by duel)');
    expect(() => composeCommands(coreCommands, [...systems, variant({ commands: [{ ...duel.slash!.commands![0]!, name: 'weather' }] })])).toThrow('/weather is defined twice (again by duel)');
    expect(() => composeCommands(coreCommands, [...systems, variant({ create: { autokill: duel.slash!.create!.needed! } })])).toThrow('/battle create option autokill is added by two systems');
  });

  it('an id, an action or an event type two systems claim', () => {
    expect(() => installSystems([...systems, { ...duel, id: 'medieval' }])).toThrow('two rule systems have the id "medieval"');
    expect(() => installSystems([...systems, { ...duel, actions: { MedievalFire: 'anyone' } }])).toThrow('action "MedievalFire" is claimed by both medieval and duel');
    expect(() => installSystems([...systems, { ...duel, events: ['DuelStruck', 'BrigadeVolleyFired'] }])).toThrow(/event "BrigadeVolleyFired" is claimed by both brigade and duel/);
  });

  it('a subcommand another system already answers becomes one Discord sees, answered by each battle\'s own: options joined, choices merged', async () => {
    const modifiers = sub({
      description: 'The duel has no modifiers',
      who: 'anyone',
      example: '/ref modifiers chart:strike',
      options: { chart: { kind: 'string', description: 'strike', required: true, choices: ['strike'] } },
      query: (o, ctx) => [reply(ctx, `No modifiers to a ${o.chart}.`)],
    });
    assemble([...systems, variant({ commands: [duel.slash!.commands![0]!], adds: { ref: { modifiers } } })]);
    const ref = commands().find((c) => c.name === 'ref')!.subcommands.modifiers!;
    expect(ref.systems).toEqual(['percentile', 'medieval', 'duel']);
    expect(ref.options.chart).toMatchObject({ required: true, choices: ['fire', 'morale', 'melee', 'control', 'strike'] });
    const t = startTable();
    await t.run(['@gm /battle create name:Ring system:duel', '#towton @gm /battle create name:Towton system:medieval']);
    const answer = async (line: string) => (await t.run(line)).map((o) => o.error ?? o.text)[0];
    expect(await answer('#table @gm /ref modifiers chart:strike')).toBe('No modifiers to a strike.');
    expect(await answer('#table @gm /ref modifiers chart:fire')).toBe('/ref modifiers: chart must be one of strike. Example: /ref modifiers chart:strike');
    expect(await answer('#towton @gm /ref modifiers chart:strike')).toBe('/ref modifiers: chart must be one of fire, melee, control, morale. Example: /ref modifiers chart:fire');
    expect(await answer('#towton @gm /ref modifiers chart:melee')).toMatch(/^MED-MELEE-MOD\.1 /);
    expect(await answer('#table @gm /help all:true')).toContain('/ref modifiers — The duel has no modifiers\n    e.g. /ref modifiers chart:strike');
    expect(() => composeCommands(coreCommands, [...systems, variant({ adds: { ref: { modifiers: { ...modifiers, options: { chart: { kind: 'integer', description: 'n' } } } } } })])).toThrow('/ref modifiers: option chart is string for one system and integer for duel');
  });

  it('the program plays the four systems when nothing else is installed', () => {
    assemble();
    expect(commands().map((c) => c.name)).not.toContain('duel');
  });
});
