import { parse as parseYaml } from 'yaml';
import { RuleError } from '../rules/errors.ts';

/** A data file a GM hands in (an order of battle, house rules) nests a few levels; one nesting far deeper is not one, and parsing it costs. */
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

/** Reads a data file: JSON by its name, YAML otherwise (YAML also reads JSON). `what` says what it should be, for the refusal. */
export function parseDataFile(name: string, text: string, what: string): unknown {
  if (nesting(text, MAX_NESTING) > MAX_NESTING) throw new RuleError(`${name} could not be read: it nests lists or maps more than ${MAX_NESTING} deep; ${what}.`);
  try {
    return name.toLowerCase().endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch (err) {
    throw new RuleError(`${name} could not be read: ${(err as Error).message.split('\n')[0]}`);
  }
}
