import { z } from 'zod';
import { both, joinedBy, say, type Text } from '../i18n/text.ts';
import { issueText, phraseError } from './issue-text.ts';

/** A rule system's id, as the registry (src/systems/index.ts) lists it: `medieval`, `percentile`. */
export type SystemId = string;

/** One unit attribute a rule system needs, as declared in its pack. */
export const AttributeSpec = z.object({
  name: z.string().regex(/^[a-z][a-z_]*$/),
  description: z.string(),
  type: z.enum(['int', 'enum', 'text']),
  /** Every unit needs it: /unit add and /oob import refuse a unit without it. */
  required: z.boolean().default(false),
  /**
   * Some units need it: those whose attribute named here has one of the values listed (any entry
   * suffices), e.g. `{ "arm": ["artillery"] }` for a battery's gun count. The pack says who needs
   * what, so the core never names an attribute.
   */
  requiredWhen: z.record(z.string(), z.array(z.string()).min(1)).optional(),
  /** The rule IDs that read it, cited when a unit lacks it: "MED-FIRE, MED-MELEE". */
  requiredBy: z.string().optional(),
  values: z.array(z.string()).optional(),
  min: z.number().int().optional(),
  max: z.number().int().optional(),
});
export type AttributeSpec = z.infer<typeof AttributeSpec>;

/** A pack's attributes: each `requiredWhen` names another of its enum attributes and values it has, so a typo stops the start. */
const Attributes = z
  .array(AttributeSpec)
  .min(1)
  .superRefine((all, ctx) => {
    all.forEach((a, i) => {
      for (const [name, values] of Object.entries(a.requiredWhen ?? {})) {
        const on = all.find((b) => b.name === name);
        if (!on || on.type !== 'enum' || name === a.name) {
          ctx.addIssue({ code: 'custom', path: [i, 'requiredWhen', name], message: `${a.name} is required by "${name}", which is not another enum attribute of this pack` });
          continue;
        }
        const unknown = values.filter((v) => !on.values?.includes(v));
        if (unknown.length) ctx.addIssue({ code: 'custom', path: [i, 'requiredWhen', name], message: `${unknown.join(', ')}: not values of ${name} (${on.values?.join(', ')})` });
      }
    });
  });

export type UnitAttrs = Record<string, string | number>;

/** What an int attribute takes, in the words of its messages. */
const wholeNumber = (a: AttributeSpec): Text => {
  const min = a.min ?? 0;
  return say(min >= 1 ? 'rules.attr.positiveWhole' : min === 0 ? 'rules.attr.wholeOrZero' : 'rules.attr.whole');
};

/** What an attribute takes, for a message: its values (as players type them), "a positive whole number" or "text". */
export const attributeTakes = (a: AttributeSpec): Text => (a.type === 'enum' ? (a.values ?? []).join(', ') : a.type === 'int' ? wholeNumber(a) : say('rules.attr.text'));

/** An attribute a unit lacks, and for one some units need, the value of the unit's that calls for it. */
export interface MissingAttribute {
  spec: AttributeSpec;
  because?: { attribute: string; value: string };
}

const present = (v: unknown): boolean => v !== undefined && v !== null;

/**
 * The attributes a unit lacks that the pack requires of it (`required`, or `requiredWhen` one of
 * its attributes has a listed value, compared as the enum parse does: any case, trimmed).
 */
export function missingAttributes(attributes: readonly AttributeSpec[], attrs: Readonly<Record<string, unknown>>): MissingAttribute[] {
  const out: MissingAttribute[] = [];
  for (const a of attributes) {
    if (present(attrs[a.name])) continue;
    if (a.required) {
      out.push({ spec: a });
      continue;
    }
    for (const [name, values] of Object.entries(a.requiredWhen ?? {})) {
      const v = attrs[name];
      if (!present(v)) continue;
      const hit = values.find((x) => x.toLowerCase() === String(v).trim().toLowerCase());
      if (hit !== undefined) {
        out.push({ spec: a, because: { attribute: name, value: hit } });
        break;
      }
    }
  }
  return out;
}

/** "armour (super heavy, ..., light; MED-FIRE, MED-MELEE) and cannon (a positive whole number, as its arm is artillery; MED-FIRE.1)". */
export const missingText = (missing: readonly MissingAttribute[]): Text =>
  both(
    missing.map(({ spec, because }) =>
      say('rules.attr.needs', {
        name: spec.name,
        takes: attributeTakes(spec),
        because: because ? 'yes' : 'no',
        attribute: because?.attribute ?? '',
        value: because?.value ?? '',
        cited: spec.requiredBy ? 'yes' : 'no',
        rules: spec.requiredBy ?? '',
      }),
    ),
  );

/** A unit's attributes checked against the pack: the values parsed, or what is wrong with them. */
export type CheckedAttrs = { ok: true; attrs: UnitAttrs } | { ok: false; unknown: string[]; invalid: Text[]; missing: MissingAttribute[] };

/** One schema per pack's attributes: building it is far dearer than checking with it, and an order of battle checks 10,000 units. */
const partialSchemas = new WeakMap<readonly AttributeSpec[], ReturnType<typeof unitSchema>>();
function partialSchema(attributes: readonly AttributeSpec[]): ReturnType<typeof unitSchema> {
  let schema = partialSchemas.get(attributes);
  if (!schema) partialSchemas.set(attributes, (schema = unitSchema(attributes, 'partial')));
  return schema;
}

/**
 * The attributes given for a new unit (or, with `before`, an edit of one) against the pack, every
 * problem at once: names the pack does not declare, values it does not take, and what the unit would
 * lack. An edit is refused only what it makes missing, so a unit from an older log (before the
 * pack required an attribute) can still be edited, and is never left worse.
 */
export function checkUnitAttrs(attributes: readonly AttributeSpec[], raw: Readonly<Record<string, unknown>>, before?: Readonly<Record<string, unknown>>): CheckedAttrs {
  const sent = Object.fromEntries(Object.entries(raw).filter(([, v]) => present(v)));
  const names = new Set(attributes.map((a) => a.name));
  const unknown = Object.keys(sent).filter((k) => !names.has(k));
  const known = Object.fromEntries(Object.entries(sent).filter(([k]) => names.has(k)));
  const parsed = partialSchema(attributes).safeParse(known);
  const invalid = parsed.success ? [] : parsed.error.issues.map((i) => (i.path.length ? say('rules.issue.at', { path: i.path.join('.'), problem: issueText(i) }) : issueText(i)));
  const lacking = missingAttributes(attributes, { ...before, ...known });
  const already = before ? new Set(missingAttributes(attributes, before).map((m) => m.spec.name)) : new Set<string>();
  const missing = lacking.filter((m) => !already.has(m.spec.name));
  if (parsed.success && !unknown.length && !missing.length) return { ok: true, attrs: parsed.data as UnitAttrs };
  return { ok: false, unknown, invalid, missing };
}

/**
 * One sentence naming everything wrong with a unit's attributes (checkUnitAttrs), for a refusal:
 * another system's attribute by whose it is (`whose` names the rules that declare one), a value
 * out of the rules, each attribute the unit needs with what it takes and the rules that read it:
 * `"Oxford's Archers" needs armour (super heavy, ..., light; MED-FIRE, MED-MELEE) for the medieval d10 rules`.
 */
export function unitProblems(checked: Extract<CheckedAttrs, { ok: false }>, unit: string, rulesName: Text, attributes: readonly AttributeSpec[], whose: (name: string) => Text[]): Text {
  const out: Text[] = [];
  if (checked.unknown.length) {
    const named = checked.unknown.map((k) => (whose(k).length ? say('rules.attr.ofRules', { name: k, rules: both(whose(k)) }) : k));
    out.push(say('rules.attr.notAttributes', { n: checked.unknown.length, names: both(named), rulesName, attributes: attributes.map((a) => a.name).join(', ') }));
  }
  if (checked.invalid.length) out.push(say('rules.attr.doesNotFit', { unit, rulesName, problems: joinedBy(checked.invalid, '; ') }));
  if (checked.missing.length) out.push(say('rules.attr.unitNeeds', { unit, what: missingText(checked.missing), rulesName }));
  return joinedBy(out, '; ');
}

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
      const expected = phraseError(say('rules.attr.expected', { what: wholeNumber(a) }));
      let n = z.coerce.number({ error: expected }).int({ error: expected }).min(min, { error: expected });
      if (a.max !== undefined) n = n.max(a.max, { error: phraseError(say('rules.attr.expectedUpTo', { what: wholeNumber(a), max: String(a.max) })) });
      s = n;
    } else if (a.type === 'enum') {
      const values = a.values ?? [];
      const byLower = new Map(values.map((v) => [v.toLowerCase(), v]));
      s = z
        .string({ error: phraseError(say('rules.attr.expectedOneOf', { values: values.join(', ') })) })
        .transform((v, ctx) => {
          const hit = byLower.get(v.trim().toLowerCase());
          if (hit === undefined) {
            ctx.addIssue({ code: 'custom', message: phraseError(say('rules.attr.expectedOneOfGot', { values: values.join(', '), got: v })) });
            return z.NEVER;
          }
          return hit;
        });
    } else {
      const expected = phraseError(say('rules.attr.expectedText'));
      s = z.string({ error: expected }).trim().min(1, { error: expected });
    }
    shape[a.name] = s.optional();
  }
  const object = z.strictObject(shape, {
    error: (iss) =>
      iss.code === 'unrecognized_keys'
        ? phraseError(say('rules.attr.unknown', { names: iss.keys.map((k) => `"${k}"`).join(', '), attributes: attributes.map((a) => a.name).join(', ') }))
        : undefined,
  });
  if (mode === 'partial') return object;
  // A whole unit: each attribute it lacks (required, or required by another's value) is one issue.
  return object.superRefine((v, ctx) => {
    for (const m of missingAttributes(attributes, v)) {
      const what = m.spec.type === 'enum' ? say('rules.attr.oneOf', { values: attributeTakes(m.spec) }) : attributeTakes(m.spec);
      const because = { because: m.because ? 'yes' : 'no', attribute: m.because?.attribute ?? '', value: m.because?.value ?? '' };
      ctx.addIssue({ code: 'custom', path: [m.spec.name], message: phraseError(say('rules.attr.missing', { what, ...because })) });
    }
  });
}

/** A ruleset pack as far as setup needs it; each system's pack extends this with its charts. */
export const PackBase = z.object({
  system: z.string(),
  name: z.string(),
  source: z.string(),
  attributes: Attributes,
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
