import { z } from 'zod';

/**
 * Pieces of the house values with a shape of their own (fire.row, fire.cell, morale.*): a refusal
 * says where in the value it went wrong ("bands.2.row: ...") and what would do, never zod's
 * "Invalid input" for a choice of shapes.
 */

/** The part of `v` at `path`, undefined where there is none. */
const at = (v: unknown, path: readonly PropertyKey[]): unknown => path.reduce<unknown>((x, k) => (x !== null && typeof x === 'object' ? (x as Record<PropertyKey, unknown>)[k] : undefined), v);

function parse<T>(schema: z.ZodType<T>, v: unknown, ctx: z.RefinementCtx): T {
  const r = schema.safeParse(v);
  if (r.success) return r.data;
  // A key it does not take first: a misspelt key also leaves the right one missing.
  const issues = [...r.error.issues].sort((a, b) => Number(b.code === 'unrecognized_keys') - Number(a.code === 'unrecognized_keys'));
  for (const i of issues) {
    const message = i.code === 'invalid_type' && i.path.length && at(v, i.path) === undefined ? 'missing' : i.message;
    ctx.addIssue({ code: 'custom', message: i.path.length ? `${i.path.join('.')}: ${message}` : message });
  }
  return z.NEVER;
}

/** `schema`, its refusal naming the path of what was wrong. */
export const explained = <T>(schema: z.ZodType<T>) => z.unknown().transform((v, ctx) => parse(schema, v, ctx));

/** Shape `a` where `isA` says the value takes it, else shape `b`; the refusal is that shape's own. */
export const either = <A, B>(isA: (v: unknown) => boolean, a: z.ZodType<A>, b: z.ZodType<B>) => z.unknown().transform((v, ctx): A | B => (isA(v) ? parse(a, v, ctx) : parse(b, v, ctx)));

/** A YAML mapping that has `key`. */
export const hasKey = (v: unknown, key: string): boolean => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, key);

/** A mapping of some of `keys` (at least one) to `value`; a key outside them is named with the ones it takes. */
export function someOf<const K extends readonly [string, ...string[]], V>(keys: K, value: z.ZodType<V>, what: string) {
  const shape = Object.fromEntries(keys.map((k) => [k, value.optional()])) as Record<K[number], z.ZodOptional<z.ZodType<V>>>;
  return z
    .strictObject(shape, { error: (iss) => (iss.code === 'unrecognized_keys' ? `${iss.keys.map((k) => `"${k}"`).join(', ')} ${iss.keys.length > 1 ? 'are' : 'is'} not ${what}; ${what} is one of ${keys.join(', ')}` : undefined) })
    .refine((m) => Object.keys(m).length > 0, { message: `give at least one ${what}` })
    .transform((m) => m as Partial<Record<K[number], V>>);
}

/** One name of `names`, or a list of them (at least one, none twice). */
export function oneOrMore<const N extends readonly [string, ...string[]]>(names: N, what: string) {
  const name = z.enum(names, { error: () => `one of ${names.join(', ')}` });
  return either(
    Array.isArray,
    z
      .array(name)
      .min(1, { message: `give at least one ${what}` })
      .refine((l) => new Set(l).size === l.length, { message: `a ${what} is listed twice` }),
    name.transform((n) => [n]),
  );
}
