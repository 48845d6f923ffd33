import { z } from 'zod';
import { isPhrase, say, type Text } from '../../i18n/text.ts';
import { issueText, phraseError } from '../../rules/issue-text.ts';

/**
 * Pieces of the house values with a shape of their own (fire.row, fire.cell, morale.*): a refusal
 * says where in the value it went wrong ("bands.2.row: ...") and what would do, never zod's
 * "Invalid input" for a choice of shapes.
 */

/** The part of `v` at `path`, undefined where there is none. */
const at = (v: unknown, path: readonly PropertyKey[]): unknown => path.reduce<unknown>((x, k) => (x !== null && typeof x === 'object' ? (x as Record<PropertyKey, unknown>)[k] : undefined), v);

/** A refusal as a zod issue's message: a phrase rides in it (issueText reads it back); zod's own words as they are. */
const carried = (text: Text): string => (typeof text === 'string' ? text : phraseError(isPhrase(text) ? text : say('charge.houseValue.at', { path: '', problem: text })));

function parse<T>(schema: z.ZodType<T>, v: unknown, ctx: z.RefinementCtx): T {
  const r = schema.safeParse(v);
  if (r.success) return r.data;
  // A key it does not take first: a misspelt key also leaves the right one missing.
  const issues = [...r.error.issues].sort((a, b) => Number(b.code === 'unrecognized_keys') - Number(a.code === 'unrecognized_keys'));
  for (const i of issues) {
    const problem = i.code === 'invalid_type' && i.path.length && at(v, i.path) === undefined ? say('charge.houseValue.missing') : issueText(i);
    ctx.addIssue({ code: 'custom', message: carried(i.path.length ? say('charge.houseValue.at', { path: i.path.join('.'), problem }) : problem) });
  }
  return z.NEVER;
}

/** `schema`, its refusal naming the path of what was wrong. */
export const explained = <T>(schema: z.ZodType<T>) => z.unknown().transform((v, ctx) => parse(schema, v, ctx));

/** Shape `a` where `isA` says the value takes it, else shape `b`; the refusal is that shape's own. */
export const either = <A, B>(isA: (v: unknown) => boolean, a: z.ZodType<A>, b: z.ZodType<B>) => z.unknown().transform((v, ctx): A | B => (isA(v) ? parse(a, v, ctx) : parse(b, v, ctx)));

/** A YAML mapping that has `key`. */
export const hasKey = (v: unknown, key: string): boolean => v !== null && typeof v === 'object' && !Array.isArray(v) && Object.hasOwn(v, key);

/** What a mapping's keys name, as the catalog words it (`a class`, `an arm`). */
export type KeyKind = 'class' | 'arm' | 'formation' | 'gun' | 'band';

/** A mapping of some of `keys` (at least one) to `value`; a key outside them is named with the ones it takes. */
export function someOf<const K extends readonly [string, ...string[]], V>(keys: K, value: z.ZodType<V>, what: KeyKind) {
  const shape = Object.fromEntries(keys.map((k) => [k, value.optional()])) as Record<K[number], z.ZodOptional<z.ZodType<V>>>;
  return z
    .strictObject(shape, {
      error: (iss) => (iss.code === 'unrecognized_keys' ? phraseError(say('charge.houseValue.notOneOf', { keys: iss.keys.map((k) => `"${k}"`).join(', '), n: iss.keys.length, what, names: keys.join(', ') })) : undefined),
    })
    .refine((m) => Object.keys(m).length > 0, { message: phraseError(say('charge.houseValue.atLeastOneOf', { what })) })
    .transform((m) => m as Partial<Record<K[number], V>>);
}

/** One name of `names`, or a list of them (at least one, none twice): a band's result. */
export function oneOrMore<const N extends readonly [string, ...string[]]>(names: N) {
  const name = z.enum(names, { error: () => phraseError(say('charge.houseValue.oneOf', { names: names.join(', ') })) });
  return either(
    Array.isArray,
    z
      .array(name)
      .min(1, { message: phraseError(say('charge.houseValue.atLeastOneResult')) })
      .refine((l) => new Set(l).size === l.length, { message: phraseError(say('charge.houseValue.resultTwice')) }),
    name.transform((n) => [n]),
  );
}
