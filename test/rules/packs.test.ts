import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { getRuleSystem, systemIds } from '../../src/battle/registry.ts';
import { FirePack, percentilePack } from '../../src/systems/percentile/index.ts';
import { english } from '../../src/i18n/text.ts';
import { issueText } from '../../src/rules/issue-text.ts';
import { loadPack, unitSchema, type SystemId } from '../../src/rules/pack.ts';

interface ExampleOob {
  sides: { name: string; commands: { name: string; officer: string; player?: string; units: ({ name: string } & Record<string, unknown>)[] }[] }[];
}

const example = (id: SystemId): ExampleOob => parse(readFileSync(new URL(`../../examples/oob/${id}.yaml`, import.meta.url), 'utf8')) as ExampleOob;

const packs = systemIds().map((id) => [id, getRuleSystem(id).pack] as const);
const union = [...new Set(packs.flatMap(([, p]) => p.attributes.map((a) => a.name)))].sort();

describe('ruleset packs', () => {
  it('a pack a GM broke (a Fire Chart cell with a count in words) is refused as it loads, naming the file and the entry', () => {
    const broken = { ...percentilePack.fire, chart: [{ row: '2 rank', cells: [{ count: 'six', class: 'B', massed: 40, linear: 25 }] }] };
    expect(() => loadPack(FirePack, broken, 'the fire section of src/systems/percentile/pack.json')).toThrow(
      /^the fire section of src\/systems\/percentile\/pack\.json is not a valid rules pack:\n.*expected number.*\n.*at chart\[0\]\.cells\[0\]\.count/,
    );
    expect(loadPack(FirePack, percentilePack.fire, 'the shipped fire section')).toEqual(percentilePack.fire);
  });

  it.each(packs)("%s pack names its system, its printed source, and the project's rules reference for it", (id, pack) => {
    expect(pack.system).toBe(id);
    const reference = /\((docs\/rules\/[a-z0-9-]+\.md)\)/.exec(pack.source)?.[1];
    expect(reference, pack.source).toBe(`docs/rules/${id}.md`);
    expect(existsSync(reference!)).toBe(true);
  });

  it.each(packs)('%s declares at most 12 attributes, each once, each citing a rule ID', (_id, pack) => {
    const names = pack.attributes.map((a) => a.name);
    // 12: the percentile roster counts ammunition (PCT-11.23.5) and rates crews (PCT-11.57); the union below keeps the slash command bounded.
    expect(names.length).toBeLessThanOrEqual(12);
    expect(new Set(names).size).toBe(names.length);
    for (const a of pack.attributes) {
      expect(a.description, a.name).toMatch(/\b(BRG|MED|PCT|NIGHT|CHG|MEL|FIRE|MOVE|INIT|SKIRMISH)(-[A-Z0-9.]+)?/);
      expect(a.description.length, a.name).toBeLessThanOrEqual(100); // a Discord option description
      if (a.type === 'enum') expect(a.values?.length, a.name).toBeGreaterThan(0);
      if (a.type === 'enum') expect(a.values!.length, a.name).toBeLessThanOrEqual(25); // Discord autocomplete
    }
  });

  it.each(packs)('%s requires arm and makes figures, wherever it exists, a required int of at least 1', (_id, pack) => {
    expect(pack.attributes.find((a) => a.name === 'arm')).toMatchObject({ type: 'enum', required: true });
    const figures = pack.attributes.find((a) => a.name === 'figures');
    if (figures) expect(figures).toMatchObject({ type: 'int', required: true, min: 1 });
  });

  it('the union of attribute names fits one slash command, and a shared name keeps one kind (int or not)', () => {
    expect(union).toEqual([
      'ammunition',
      'arm',
      'armour',
      'cannon',
      'class',
      'figures',
      'formation',
      'gun',
      'howitzers',
      'leader',
      'melee_dice',
      'melee_weapon',
      'morale',
      'move_class',
      'nation',
      'order',
      'rating',
      'weapon',
    ]);
    expect(union.length).toBeLessThanOrEqual(20);
    for (const name of union) {
      const kinds = new Set(packs.flatMap(([, p]) => p.attributes.filter((a) => a.name === name).map((a) => a.type === 'int')));
      expect(kinds.size, name).toBe(1);
    }
  });

  it('MED-FIRE-MOD classes A-E and M; BRG-3.3.2 melee dice 0, 1D3, 1D6; PCT-11.16.step6 Firing Class A-C', () => {
    const values = (id: SystemId, name: string) => getRuleSystem(id).pack.attributes.find((a) => a.name === name)?.values;
    expect(values('medieval', 'class')).toEqual(['A', 'B', 'C', 'D', 'E', 'M']);
    expect(values('brigade', 'melee_dice')).toEqual(['0', '1D3', '1D6']);
    expect(values('percentile', 'class')).toEqual(['A', 'B', 'C']);
    expect(values('medieval', 'armour')).toEqual(['super heavy', 'extra heavy', 'heavy', 'medium', 'light']);
  });
});

describe('unitSchema built from a pack', () => {
  const schema = unitSchema(getRuleSystem('percentile').pack.attributes);

  it('rejects figures: 0 with "expected a positive whole number"', () => {
    const r = schema.safeParse({ arm: 'infantry', figures: 0, formation: 'line', weapon: 'musket' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => english(issueText(i)))).toEqual(['expected a positive whole number']);
  });

  it('rejects an attribute the system does not have, naming the ones it has', () => {
    const r = schema.safeParse({ arm: 'infantry', figures: 20, armour: 'heavy' });
    expect(r.success).toBe(false);
    expect(english(issueText(r.error!.issues[0]!))).toMatch(/^unknown attribute "armour"; this system's attributes are arm, figures, /);
  });

  it('rejects an enum value outside the rules and accepts any letter case', () => {
    const medieval = unitSchema(getRuleSystem('medieval').pack.attributes);
    expect(english(issueText(medieval.safeParse({ arm: 'infantry', figures: 20, class: 'F' }).error!.issues[0]!))).toMatch(/^expected one of A, B, C, D, E, M/);
    const whole = { order: 'loose', formation: 'line', armour: 'light', melee_weapon: 'sword' };
    expect(medieval.parse({ arm: 'Infantry', figures: '20', class: 'm', weapon: 'Longbow', ...whole })).toEqual({ arm: 'infantry', figures: 20, class: 'M', weapon: 'longbow', ...whole });
  });

  it('requires what the pack requires', () => {
    const brigade = unitSchema(getRuleSystem('brigade').pack.attributes);
    expect(brigade.safeParse({ arm: 'cavalry' }).success).toBe(false);
    expect(brigade.safeParse({ arm: 'cavalry', morale: 4 }).success).toBe(false);
    expect(brigade.safeParse({ arm: 'cavalry', morale: 4, figures: 6 }).success).toBe(false);
    expect(brigade.safeParse({ arm: 'cavalry', morale: 4, figures: 6, melee_dice: '1D6' }).success).toBe(true);
  });
});

describe('example orders of battle (examples/oob)', () => {
  it.each(systemIds())('%s: two sides, two commands each, three units a command, every unit valid against the pack', (id) => {
    const oob = example(id);
    const schema = unitSchema(getRuleSystem(id).pack.attributes);
    expect(oob.sides).toHaveLength(2);
    const commands = oob.sides.flatMap((s) => s.commands);
    expect(oob.sides.map((s) => s.commands.length)).toEqual([2, 2]);
    expect(commands.map((c) => c.units.length)).toEqual([3, 3, 3, 3]);
    for (const c of commands) expect(c.officer, c.name).toBeTruthy();
    const names = commands.flatMap((c) => c.units.map((u) => u.name));
    expect(new Set(names).size).toBe(12);
    for (const c of commands) {
      for (const { name, ...attrs } of c.units) {
        const r = schema.safeParse(attrs);
        expect(r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${english(issueText(i))}`), `${id}: ${name}`).toEqual([]);
      }
    }
  });

  it('the percentile example gives each command its own table player: alice, bob, carol, dave', () => {
    expect(example('percentile').sides.flatMap((s) => s.commands.map((c) => c.player))).toEqual(['alice', 'bob', 'carol', 'dave']);
  });

  it('player is optional: some examples leave it off', () => {
    const without = systemIds().filter((id) => example(id).sides.some((s) => s.commands.some((c) => c.player === undefined)));
    expect(without).toEqual(expect.arrayContaining(['brigade', 'charge']));
  });
});
