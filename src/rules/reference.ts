import { z } from 'zod';
import { nearest } from '../nearest.ts';
import { literal, type Messages } from '../i18n/catalog.ts';
import { say, shipped, type Text } from '../i18n/text.ts';

/**
 * A rule system's reference (issue 39): every rule ID its code cites, one line on what the rule
 * says, and what the umpire does with it. One source for `/ref rule` and docs/rules/<system>.md
 * (test/rules/reference.test.ts writes the doc from it and holds its ids equal to those the code cites).
 */
export const RULE_USES = {
  applied: 'applied by the umpire',
  log: 'applied by the umpire from the log; a player may not claim or drop it',
  input: 'applied from what is given with the command: what the table shows (a measured range, a count, what a player or the GM saw)',
  gm: 'asked of the GM where it applies (the source gives no value, or leaves the reading to the GM)',
  house: 'a house rule: a GM sets it once per battle (/house set), else it is asked at each use',
  reference: 'reference only: shown (/ref), never applied',
} as const;
export type RuleUse = keyof typeof RULE_USES;

export const RuleRef = z.object({
  id: z.string().regex(/^[A-Z]+(-[A-Za-z0-9.]+)*$/, { error: 'a rule ID such as PCT-11.87' }),
  /** One line, in the project's own words, on what the rule says. */
  says: z.string().min(1).max(240),
  use: z.enum(Object.keys(RULE_USES) as [RuleUse, ...RuleUse[]]),
});
export type RuleRef = z.infer<typeof RuleRef>;

/** A system's reference file, checked when it loads: each id once, the error naming the file and the entry. */
export function loadReference(data: unknown, file: string): readonly RuleRef[] {
  const parsed = z.array(RuleRef).safeParse(data);
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((i) => `[${i.path.join('.')}] ${i.message}`).join('; ')}`);
  const seen = new Set<string>();
  for (const r of parsed.data) {
    if (seen.has(r.id)) throw new Error(`${file}: ${r.id} is listed twice`);
    seen.add(r.id);
  }
  return parsed.data;
}

/** One rule as /ref rule answers it and the doc lists it. */
export const ruleLine = (r: RuleRef): string => `${r.id}: ${r.says} — ${RULE_USES[r.use]}.`;

/** The catalog key of a rule's text: `<system>.rule.<RULE-ID>` (`medieval.rule.MED-AUTOKILL.1`). */
export const ruleKey = (system: string, id: string): string => `${system}.rule.${id}`;

/**
 * A system's rule texts as its English catalog has them, generated from its reference when it is
 * installed (src/assemble.ts): the reference stays the one English source; French and German are its
 * `i18n/rules.<language>.json`.
 */
export const ruleMessages = (system: string, refs: readonly RuleRef[]): Messages => Object.fromEntries(refs.map((r) => [ruleKey(system, r.id), literal(r.says)]));

/**
 * One rule as /ref rule answers it, worded in the reader's language: its text by its catalog key while
 * the catalog's English is the reference's (a test's own reference, or a system not installed, reads as written).
 */
export const ruleText = (system: string, r: RuleRef): Text => say(`slash.ref.line.${r.use}`, { id: r.id, says: shipped(ruleKey(system, r.id), r.says) });

/** The `n` listed ids nearest a typed one, nearest first (ties in the order listed). */
export const nearestIds = (ids: readonly string[], typed: string, n = 3): string[] => nearest(ids, typed, n);
