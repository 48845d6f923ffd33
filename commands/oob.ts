import { parse as parseYaml } from 'yaml';
import { defineCommand, sub } from '../src/app/commands.ts';
import { RuleError } from '../src/rules/errors.ts';

/** An order of battle nests five levels deep; a file nesting far deeper is no order of battle, and parsing it costs. */
const MAX_NESTING = 32;

/** The deepest run of [ and { outside quoted strings, stopping once past `limit`. */
function nesting(text: string, limit: number): number {
  let depth = 0;
  let deepest = 0;
  let quote: string | null = null;
  for (let i = 0; i < text.length && deepest <= limit; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '[' || c === '{') deepest = Math.max(deepest, ++depth);
    else if (c === ']' || c === '}') depth = Math.max(0, depth - 1);
  }
  return deepest;
}

/** Reads an order-of-battle file: JSON by its name, YAML otherwise (YAML also reads JSON). */
function parseOob(name: string, text: string): unknown {
  if (nesting(text, MAX_NESTING) > MAX_NESTING) throw new RuleError(`${name} could not be read: it nests lists or maps more than ${MAX_NESTING} deep; an order of battle nests five.`);
  try {
    return name.toLowerCase().endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new RuleError(`${name} could not be read: ${(err as Error).message.split('\n')[0]}`);
  }
}

export default defineCommand({
  name: 'oob',
  description: 'Orders of battle',
  rank: 60,
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
