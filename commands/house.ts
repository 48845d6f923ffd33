import { defineCommand, sub } from '../src/app/slash/commands.ts';
import { matching } from '../src/app/slash/complete.ts';
import { parseDataFile, readDataText, yaml } from '../src/app/slash/data-file.ts';
import { reply } from '../src/app/slash/replies.ts';
import { houseRule, houseText } from '../src/battle/house.ts';
import { getRuleSystem } from '../src/battle/registry.ts';
import { rulesNameStart } from '../src/battle/describe.ts';
import { say, word } from '../src/i18n/text.ts';
import type { BattleState } from '../src/battle/state.ts';

const rulesOf = (s: BattleState) => getRuleSystem(s.system).house ?? [];
const keyNames = (ctx: { state?: BattleState; typed: string }) => (ctx.state ? matching(rulesOf(ctx.state).map((r) => r.key), ctx.typed) : []);
const key = { kind: 'string', description: 'The open value, by key (/house show lists them)', required: true, complete: keyNames } as const;
/** /house set's value: also the campaign's (/campaign house set). */
export const houseValueOpt = { kind: 'string', description: 'The value: a number, a reading\'s name, a list as [1, 2]', required: true } as const;

/**
 * A value as typed: read as YAML with a file's checks (readDataText: no alias inside its own anchor,
 * no key twice), so 10 is a number and [1, 2] a list; what it cannot read stays text, for the rule's schema to refuse.
 */
export function typed(value: string): unknown {
  try {
    return readDataText('value', value, say('app.dataFile.valueHint'));
  } catch {
    return value;
  }
}

/** House rules per battle: the values the rule system's seed leaves open, set once by a GM (src/battle/house.ts). */
export default defineCommand({
  name: 'house',
  description: 'House rules: the values the rules leave open, set once per battle by a GM',
  rank: 15,
  subcommands: {
    set: sub({
      description: 'Set an open value or reading for this battle (GM); it applies from the next action',
      who: 'gm',
      example: '/house set key:charge.die value:10',
      options: { key, value: houseValueOpt },
      action: (o) => ({ type: 'SetHouseRule', key: o.key, value: typed(o.value) }),
    }),
    unset: sub({
      description: 'Unset a house rule (GM): the value is open again, asked of the GM where needed',
      who: 'gm',
      example: '/house unset key:charge.die',
      options: { key },
      action: (o) => ({ type: 'UnsetHouseRule', key: o.key }),
    }),
    show: sub({
      description: 'Every value the rules leave open: set (by whom, when) or open, its rule IDs, the seed',
      who: 'anyone',
      example: '/house show',
      options: {},
      query: (_o, ctx) => {
        const system = getRuleSystem(ctx.state!.system);
        return [reply(ctx, houseText(ctx.state!, system.house ?? [], rulesNameStart(system.id)), say('slash.house.title'))];
      },
    }),
    upload: sub({
      description: 'Set house rules from a YAML or JSON file of key: value (GM); all or nothing',
      who: 'gm',
      example: '/house upload file:examples/house/charge.yaml',
      options: { file: { kind: 'attachment', description: 'The house rules (YAML or JSON), as /house export writes them', required: true } },
      action: async (o, ctx) => {
        const file = await ctx.readFile(o.file);
        return { type: 'SetHouseRules', source: file.name, rules: await parseDataFile(file.name, file.text, say('app.dataFile.houseHint')) };
      },
    }),
    export: sub({
      description: 'The house rules in force as a YAML file, to upload into another battle',
      who: 'anyone',
      example: '/house export',
      options: {},
      query: (_o, ctx) => {
        const s = ctx.state!;
        const set = rulesOf(s).filter((r) => houseRule(s, r.key));
        const text = set.length ? say('slash.house.exported', { n: set.length, battle: s.name, keys: set.map((r) => r.key).join(', ') }) : say('slash.house.noneSet', { battle: s.name });
        const file = [
          // A file is bytes: its head is worded once, in the battle's language.
          `# ${word(say('slash.house.fileHead', { battle: s.name, system: s.system }), s.language)}`,
          ...set.map((r) => `# ${r.key}: ${r.rules.join(', ')}`),
          set.length ? yaml().stringify(Object.fromEntries(set.map((r) => [r.key, houseRule(s, r.key)!.value]))) : '{}\n',
        ].join('\n');
        const m = reply(ctx, text, say('slash.house.title'));
        m.files = [{ name: `house-rules-${s.id}.yaml`, data: new TextEncoder().encode(file), description: say('slash.house.fileDescription', { battle: s.name }) }];
        return [m];
      },
    }),
  },
});
