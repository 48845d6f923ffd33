import { z } from 'zod';
import { capitalize, mention } from '../messages.ts';
import { refuse } from '../rules/errors.ts';
import type { HouseRule } from '../rules/house.ts';
import type { BattleState, HouseEntry } from './state.ts';

/**
 * House rules per battle: every value the seed leaves open, set once by a GM, kept as events in
 * the battle's log. An outcome that uses one says so in its working (`houseNote`); replay applies
 * each from the event that set it, so every outcome reads the rules in force at its moment.
 */

export type HouseAction =
  /** `value` as the GM typed it (read as YAML: 10, [1, 2], ratio) or as an uploaded file held it. */
  | { type: 'SetHouseRule'; key: string; value: unknown }
  | { type: 'UnsetHouseRule'; key: string }
  /** A file of house rules: every key checked before any is set (all or nothing). */
  | { type: 'SetHouseRules'; source: string; rules: unknown };

export type HouseEvent =
  | { type: 'HouseRuleSet'; data: { key: string; value: unknown; by: string; rules: readonly string[]; source?: string } }
  | { type: 'HouseRuleUnset'; data: { key: string; by: string; rules: readonly string[] } };

/** The value of a house rule in force, or undefined while the battle leaves it open. */
export const houseRule = (s: BattleState, key: string): HouseEntry | undefined => (Object.hasOwn(s.house, key) ? s.house[key] : undefined);

/** How an outcome's working names a house rule it used: "house rule set by @gm at event 12". */
export const houseNote = (e: HouseEntry): string => `house rule set by ${mention(e.by)} at event ${e.version}`;

/** A house rule in force as a system's pure rules read it: its value and how the working cites it; undefined while open. */
export function houseValue<T = unknown>(s: BattleState, key: string): { value: T; note: string } | undefined {
  const e = houseRule(s, key);
  return e ? { value: e.value as T, note: houseNote(e) } : undefined;
}

/** A value as typed or uploaded, checked by the rule's schema; refusing with the key, what it takes and the rule IDs. */
function checked(rule: HouseRule, value: unknown): unknown {
  const parsed = rule.schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const takes = rule.readings ? `one of ${Object.keys(rule.readings).join(', ')}` : rule.expects;
  refuse(`${rule.key} takes ${takes} (${rule.rules.join(', ')}); ${JSON.stringify(value) ?? 'nothing'} is not: ${parsed.error.issues[0]?.message ?? 'not valid'}.`);
}

function find(rules: readonly HouseRule[], key: string, rulesName: string): HouseRule {
  const rule = rules.find((r) => r.key === key.trim().toLowerCase());
  if (rule) return rule;
  refuse(rules.length ? `${capitalize(rulesName)} leave no value "${key}" open. The house rules of this battle: ${rules.map((r) => r.key).join(', ')} (/house show).` : `${capitalize(rulesName)} leave no value open to a house rule.`);
}

/** The events of a house-rule action, for a battle whose system declares `rules`. */
export function decideHouse(s: BattleState, a: HouseAction, actor: string, rules: readonly HouseRule[], rulesName: string): HouseEvent[] {
  switch (a.type) {
    case 'SetHouseRule': {
      const rule = find(rules, a.key, rulesName);
      return [{ type: 'HouseRuleSet', data: { key: rule.key, value: checked(rule, a.value), by: actor, rules: rule.rules } }];
    }
    case 'UnsetHouseRule': {
      const rule = find(rules, a.key, rulesName);
      if (!houseRule(s, rule.key)) refuse(`${rule.key} is not set in this battle; nothing to unset.`);
      return [{ type: 'HouseRuleUnset', data: { key: rule.key, by: actor, rules: rule.rules } }];
    }
    case 'SetHouseRules': {
      const file = z.record(z.string(), z.unknown()).safeParse(a.rules);
      if (!file.success || !Object.keys(file.data).length) refuse(`${a.source} holds no house rules: it is a map of key: value, as /house export writes it.`);
      const wrong: string[] = [];
      const events: HouseEvent[] = [];
      for (const [key, value] of Object.entries(file.data)) {
        try {
          const rule = find(rules, key, rulesName);
          events.push({ type: 'HouseRuleSet', data: { key: rule.key, value: checked(rule, value), by: actor, rules: rule.rules, source: a.source } });
        } catch (err) {
          wrong.push((err as Error).message);
        }
      }
      if (wrong.length) refuse(`${a.source} has ${wrong.length} wrong house rule${wrong.length > 1 ? 's' : ''}; none was set:\n${wrong.slice(0, 15).join('\n')}`);
      return events;
    }
  }
}

export function applyHouseEvent(d: BattleState, e: HouseEvent, version: number): void {
  if (e.type === 'HouseRuleSet') d.house = { ...d.house, [e.data.key]: { value: e.data.value, by: e.data.by, version } };
  else d.house = Object.fromEntries(Object.entries(d.house).filter(([k]) => k !== e.data.key));
}

const flat = (x: unknown): boolean => x === null || typeof x !== 'object';

/** A value in words for the log and the channel: a table's rows as "0: melee, 5: firefight", a cell the seed lost as "open"; never JSON. */
export function houseValueText(v: unknown): string {
  if (v === null || v === undefined) return 'open';
  if (Array.isArray(v)) return v.length ? (v.every(flat) ? `[${v.map(houseValueText).join(', ')}]` : v.map(houseValueText).join('; ')) : 'none';
  if (typeof v === 'object') {
    const entries = Object.entries(v);
    return entries.length ? entries.map(([k, x]) => `${k}: ${flat(x) || (Array.isArray(x) && x.every(flat)) ? houseValueText(x) : `(${houseValueText(x)})`}`).join(', ') : 'none';
  }
  return String(v);
}

export function describeHouseEvent(e: HouseEvent): string {
  const cited = `(${e.data.rules.join(', ')})`;
  if (e.type === 'HouseRuleSet') return `House rule ${e.data.key} ${cited}: ${houseValueText(e.data.value)}, set by ${mention(e.data.by)}${e.data.source ? ` from ${e.data.source}` : ''}; it applies from the next action.`;
  return `House rule ${e.data.key} ${cited} unset by ${mention(e.data.by)}: the value is open again and asked of the GM where it is needed.`;
}

/** /house show: every value the system leaves open, set (by whom, at which event) or open, with its rule IDs and the seed's words. */
export function houseText(s: BattleState, rules: readonly HouseRule[], rulesName: string): string {
  if (!rules.length) return `${capitalize(rulesName)} leave no value open to a house rule.`;
  const set = rules.filter((r) => houseRule(s, r.key)).length;
  return [
    `${capitalize(rulesName)}: ${set} of ${rules.length} open values set as house rules.`,
    ...rules.map((r) => {
      const e = houseRule(s, r.key);
      const now = e ? `${houseValueText(e.value)} — ${houseNote(e)}` : 'open: asked of the GM where it is needed';
      const takes = r.readings ? Object.entries(r.readings).map(([name, text]) => `\n    ${name}: ${text}`).join('') : ` Takes ${r.expects}.`;
      return `• ${r.key} (${r.rules.join(', ')}): ${now}\n    The seed: ${r.seed}${r.readings ? '\n    Readings:' : ''}${takes}`;
    }),
    'Set one with /house set key: value:, or all at once with /house upload file: (as /house export writes them).',
  ].join('\n');
}

/** What a GM is told at /battle create: the values the chosen system leaves open, and how to set them. */
export const openValuesText = (rules: readonly HouseRule[], rulesName: string): string =>
  `${capitalize(rulesName)} leave ${rules.length} value${rules.length > 1 ? 's' : ''} open, asked of the GM at each use until set once as a house rule: ${rules.map((r) => `${r.key} (${r.rules[0]})`).join(', ')}. Set them with /house set key: value: or /house upload file:; /house show says what each is.`;
