import type { z } from 'zod';

/**
 * A value or reading the seed leaves open (damaged, silent, or open between readings), which a GM
 * sets once per battle as a house rule (/house set) instead of at every use. The rule system
 * declares each; nothing here is a default: until set, the value is asked of the GM or refused.
 */
export interface HouseRule {
  /** What the GM types: `charge.die`, `mass`. */
  key: string;
  /** The rule IDs (docs/rules/) it stands in. */
  rules: readonly string[];
  /** What the seed says there, in its words, or that it says nothing. */
  seed: string;
  /** What a value is, in a few words: "a die size, 2 to 100". */
  expects: string;
  /** Checks a value as typed (a YAML scalar or list) or uploaded: a part of the system's pack schema. */
  schema: z.ZodType;
  /** Where the seed is open between readings: each reading by name, with what it means. The value is a name. */
  readings?: Readonly<Record<string, string>>;
}
