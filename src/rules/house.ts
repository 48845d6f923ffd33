import type { z } from 'zod';
import type { Text } from '../i18n/text.ts';

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
  /** What the seed says there, in its words, or that it says nothing: a phrase of the system's catalog (`<system>.house.<key>.seed`), worded per reader. */
  seed: Text;
  /** What a value is, in a few words: "a die size, 2 to 100" (`<system>.house.<key>.expects`). */
  expects: Text;
  /** Checks a value as typed (a YAML scalar or list) or uploaded: a part of the system's pack schema. */
  schema: z.ZodType;
  /** Where the seed is open between readings: each reading by name (what the GM types, never translated), with what it means (`<system>.house.<key>.reading.<name>`). The value is a name. */
  readings?: Readonly<Record<string, Text>>;
}
