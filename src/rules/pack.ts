import { z } from 'zod';

/** A rule system's id, as the registry (src/systems/index.ts) lists it: `medieval`, `percentile`. */
export type SystemId = string;

/** One unit attribute a rule system needs, as declared in its pack. */
export const AttributeSpec = z.object({
  name: z.string().regex(/^[a-z][a-z_]*$/),
  description: z.string(),
  type: z.enum(['int', 'enum', 'text']),
  required: z.boolean().default(false),
  values: z.array(z.string()).optional(),
  min: z.number().int().optional(),
  max: z.number().int().optional(),
});
export type AttributeSpec = z.infer<typeof AttributeSpec>;

export type UnitAttrs = Record<string, string | number>;

/**
 * The zod schema of a unit's attributes, built from the pack's declarations so a house-ruled pack
 * changes what is accepted. Messages are written for players: "expected a positive whole number".
 */
export function unitSchema(attributes: readonly AttributeSpec[], mode: 'full' | 'partial' = 'full') {
  const shape: Record<string, z.ZodType> = {};
  for (const a of attributes) {
    let s: z.ZodType;
    if (a.type === 'int') {
      const min = a.min ?? 0;
      const what = min >= 1 ? 'a positive whole number' : min === 0 ? 'a whole number, 0 or more' : 'a whole number';
      let n = z.coerce
        .number({ error: `expected ${what}` })
        .int({ error: `expected ${what}` })
        .min(min, { error: `expected ${what}` });
      if (a.max !== undefined) n = n.max(a.max, { error: `expected ${what} up to ${a.max}` });
      s = n;
    } else if (a.type === 'enum') {
      const values = a.values ?? [];
      const byLower = new Map(values.map((v) => [v.toLowerCase(), v]));
      s = z
        .string({ error: `expected one of ${values.join(', ')}` })
        .transform((v, ctx) => {
          const hit = byLower.get(v.trim().toLowerCase());
          if (hit === undefined) {
            ctx.addIssue({ code: 'custom', message: `expected one of ${values.join(', ')} (got "${v}")` });
            return z.NEVER;
          }
          return hit;
        });
    } else {
      s = z.string({ error: 'expected text' }).trim().min(1, { error: 'expected text' });
    }
    shape[a.name] = a.required && mode === 'full' ? s : s.optional();
  }
  return z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? `unknown attribute ${iss.keys.map((k) => `"${k}"`).join(', ')}; this system's attributes are ${attributes.map((a) => a.name).join(', ')}`
        : undefined,
  });
}

/** A ruleset pack as far as setup needs it; each system's pack extends this with its charts. */
export const PackBase = z.object({
  system: z.string(),
  name: z.string(),
  source: z.string(),
  attributes: z.array(AttributeSpec).min(1),
});
export type PackBase = z.infer<typeof PackBase>;

/**
 * A pack (or a section of one) checked against its schema as it loads: a GM's edit that breaks it
 * stops the start with the file, and each wrong entry named by its path.
 */
export function loadPack<S extends z.ZodType>(schema: S, data: unknown, where: string): z.infer<S> {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new Error(`${where} is not a valid rules pack:\n${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
