import { parse as parseYaml } from 'yaml';
import { defineCommand, sub } from '../src/app/commands.ts';
import { RuleError } from '../src/rules/errors.ts';

/** Reads an order-of-battle file: JSON by its name, YAML otherwise (YAML also reads JSON). */
function parseOob(name: string, text: string): unknown {
  try {
    return name.toLowerCase().endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new RuleError(`${name} could not be read: ${(err as Error).message.split('\n')[0]}`);
  }
}

export default defineCommand({
  name: 'oob',
  description: 'Orders of battle',
  subcommands: {
    import: sub({
      description: 'Import sides, commands and units from a YAML or JSON file (GM); all or nothing',
      who: 'gm',
      example: '/oob import file:examples/oob/percentile.yaml',
      options: { file: { kind: 'attachment', description: 'The order of battle (YAML or JSON)', required: true } },
      action: async (o, ctx) => {
        const file = await ctx.readFile(o.file);
        return { type: 'ImportOrderOfBattle', source: file.name, oob: parseOob(file.name, file.text) };
      },
    }),
  },
});
