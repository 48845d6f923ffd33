import { z } from 'zod';
import { echoInput, mention, quoteInput } from '../messages.ts';
import { concat, joinedBy, lines, say, type Phrase, type Text } from '../i18n/text.ts';
import { refuse, RuleError } from '../rules/errors.ts';
import { issueText } from '../rules/issue-text.ts';
import type { HouseRule } from '../rules/house.ts';
import type { HouseAction } from './actions.ts';
import type { BattleState, HouseEntry } from './state.ts';

/**
 * House rules per battle: every value the seed leaves open, set once by a GM, kept as events in
 * the battle's log. An outcome that uses one says so in its working (`houseNote`); replay applies
 * each from the event that set it, so every outcome reads the rules in force at its moment.
 */

export type HouseEvent =
  | { type: 'HouseRuleSet'; data: { key: string; value: unknown; by: string; rules: readonly string[]; source?: string } }
  | { type: 'HouseRuleUnset'; data: { key: string; by: string; rules: readonly string[] } };

/** The value of a house rule in force, or undefined while the battle leaves it open. */
export const houseRule = (s: BattleState, key: string): HouseEntry | undefined => (Object.hasOwn(s.house, key) ? s.house[key] : undefined);

/** How an outcome's working names a house rule it used: "house rule set by @gm at event 12", a phrase kept as data. */
export const houseNote = (e: HouseEntry): Phrase => say('battle.house.note', { user: mention(e.by), version: String(e.version) });

/** A house rule in force as a system's pure rules read it: its value and how the working cites it; undefined while open. */
export function houseValue<T = unknown>(s: BattleState, key: string): { value: T; note: Text } | undefined {
  const e = houseRule(s, key);
  return e ? { value: e.value as T, note: houseNote(e) } : undefined;
}

/** Keys no value holds: they name what every JavaScript object has (`{"__proto__": …}` would reach them). */
const RESERVED = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * What is wrong with the keys of `given`, at any depth: a reserved key, two keys equal ignoring case,
 * or a key the schema did not keep in `kept` (one it does not take: zod drops it without a word).
 */
function wrongKey(given: unknown, kept: unknown, at = ''): Text | undefined {
  if (given === null || typeof given !== 'object') return undefined;
  const keys = Array.isArray(given) ? given.keys() : Object.keys(given);
  const lower = new Map<string, string>();
  for (const k of keys) {
    const name = `${at}${k}`;
    if (!Array.isArray(given)) {
      const key = String(k);
      if (RESERVED.has(key)) return say('battle.house.keyNeverTaken', { key: quoteInput(name) });
      const same = lower.get(key.toLowerCase());
      if (same !== undefined) return say('battle.house.keysDifferInCase', { a: quoteInput(`${at}${same}`), b: quoteInput(name) });
      lower.set(key.toLowerCase(), key);
      if (kept !== null && typeof kept === 'object' && !Array.isArray(kept) && !Object.hasOwn(kept, key)) return say('battle.house.noSuchKey', { key: quoteInput(name) });
    }
    const inner = wrongKey((given as Record<string, unknown>)[k], kept !== null && typeof kept === 'object' ? (kept as Record<string, unknown>)[k] : undefined, `${name}.`);
    if (inner) return inner;
  }
  return undefined;
}

/**
 * A value as typed or uploaded, checked strictly by the rule's schema: refusing with the key, what
 * it takes and the rule IDs, and of the value an excerpt at most (echoInput).
 */
function checked(rule: HouseRule, value: unknown): unknown {
  const parsed = rule.schema.safeParse(value);
  const cited = { key: rule.key, rules: rule.rules.join(', ') };
  const takes = rule.readings ? say('battle.house.takesOneOf', { ...cited, readings: Object.keys(rule.readings).join(', ') }) : say('battle.house.takes', { ...cited, expects: rule.expects });
  if (!parsed.success) {
    const given = value === undefined ? say('battle.house.nothing') : echoInput(JSON.stringify(value) ?? 'nothing');
    refuse(say('battle.house.notValid', { takes, given, why: parsed.error.issues[0] ? issueText(parsed.error.issues[0]) : say('battle.house.invalid') }));
  }
  const wrong = wrongKey(value, parsed.data);
  if (wrong) refuse(say('battle.house.wrong', { takes, wrong }));
  return parsed.data;
}

function find(rules: readonly HouseRule[], key: string, rulesName: Text): HouseRule {
  const rule = rules.find((r) => r.key === key.trim().toLowerCase());
  if (rule) return rule;
  refuse(rules.length ? say('battle.house.noSuchRule', { rulesName, key: quoteInput(key), keys: rules.map((r) => r.key).join(', ') }) : say('battle.house.noneOpen', { rulesName }));
}

/** A house rule as set: its key as the system names it, its value checked by the rule's schema, its rule IDs; refused with what it takes. */
export function checkHouseRule(rules: readonly HouseRule[], key: string, value: unknown, rulesName: Text): { key: string; value: unknown; rules: readonly string[] } {
  const rule = find(rules, key, rulesName);
  return { key: rule.key, value: checked(rule, value), rules: rule.rules };
}

/** The events of a house-rule action, for a battle whose system declares `rules`. */
export function decideHouse(s: BattleState, a: HouseAction, actor: string, rules: readonly HouseRule[], rulesName: Text): HouseEvent[] {
  switch (a.type) {
    case 'SetHouseRule': {
      const r = checkHouseRule(rules, a.key, a.value, rulesName);
      return [{ type: 'HouseRuleSet', data: { key: r.key, value: r.value, by: actor, rules: r.rules } }];
    }
    case 'UnsetHouseRule': {
      const rule = find(rules, a.key, rulesName);
      if (!houseRule(s, rule.key)) refuse(say('battle.house.notSet', { key: rule.key }));
      return [{ type: 'HouseRuleUnset', data: { key: rule.key, by: actor, rules: rule.rules } }];
    }
    case 'SetHouseRules':
      return checkHouseFile(a.source, a.rules, rules, rulesName).map((r) => ({ type: 'HouseRuleSet', data: { key: r.key, value: r.value, by: actor, rules: r.rules, source: a.source } }));
  }
}

/** A file of house rules (/house upload), each checked, all or nothing: refused naming the first 15 wrong ones. */
export function checkHouseFile(source: string, given: unknown, rules: readonly HouseRule[], rulesName: Text): { key: string; value: unknown; rules: readonly string[] }[] {
  const file = z.record(z.string(), z.unknown()).safeParse(given);
  if (!file.success || !Object.keys(given as object).length) refuse(say('battle.house.noRules', { source }));
  // The file's own keys, before any is looked up: a reserved key (which the record would drop),
  // two naming one rule (`charge.die` and `CHARGE.DIE`: which would stand?).
  const named = new Map<string, string>();
  for (const k of Object.keys(given as object)) {
    if (RESERVED.has(k.trim())) refuse(say('battle.house.fileKeyNeverTaken', { source, key: quoteInput(k) }));
    const same = named.get(k.trim().toLowerCase());
    if (same !== undefined) refuse(say('battle.house.fileKeysOneRule', { source, a: quoteInput(same), b: quoteInput(k) }));
    named.set(k.trim().toLowerCase(), k);
  }
  const wrong: Text[] = [];
  let wrongs = 0;
  const set: { key: string; value: unknown; rules: readonly string[] }[] = [];
  for (const [key, value] of Object.entries(file.data)) {
    try {
      set.push(checkHouseRule(rules, key, value, rulesName));
    } catch (err) {
      // The first 15 are named; the rest counted (a file of 100,000 wrong keys is not answered key by key).
      if (++wrongs <= 15) wrong.push(err instanceof RuleError ? err.text : (err as Error).message);
    }
  }
  if (wrongs) refuse(lines(say('battle.house.fileWrong', { source, n: wrongs, count: String(wrongs) }), ...wrong));
  return set;
}

export function applyHouseEvent(d: BattleState, e: HouseEvent, version: number): void {
  if (e.type === 'HouseRuleSet') d.house = { ...d.house, [e.data.key]: { value: e.data.value, by: e.data.by, version } };
  else d.house = Object.fromEntries(Object.entries(d.house).filter(([k]) => k !== e.data.key));
}

const flat = (x: unknown): boolean => x === null || typeof x !== 'object';

/** A value in words for the log and the channel: a table's rows as "0: melee, 5: firefight", a cell the seed lost as "open"; never JSON. */
export function houseValueText(v: unknown): Text {
  if (v === null || v === undefined) return say('battle.house.open');
  if (Array.isArray(v)) return v.length ? (v.every(flat) ? concat('[', joinedBy(v.map(houseValueText), ', '), ']') : joinedBy(v.map(houseValueText), '; ')) : say('battle.house.none');
  if (typeof v === 'object') {
    const entries = Object.entries(v);
    return entries.length ? joinedBy(entries.map(([k, x]) => concat(`${k}: `, flat(x) || (Array.isArray(x) && x.every(flat)) ? houseValueText(x) : concat('(', houseValueText(x), ')'))), ', ') : say('battle.house.none');
  }
  return String(v);
}

export function describeHouseEvent(e: HouseEvent): Text {
  const cited = { key: e.data.key, rules: e.data.rules.join(', '), user: mention(e.data.by) };
  if (e.type === 'HouseRuleSet') {
    const value = houseValueText(e.data.value);
    return e.data.source ? say('battle.house.setFrom', { ...cited, value, source: e.data.source }) : say('battle.house.set', { ...cited, value });
  }
  return say('battle.house.unset', cited);
}

/** A house rule as a line of a list: its key, rule IDs and value. */
export const houseLine = (key: string, rules: readonly string[], value: unknown): Text => say('battle.house.line', { key, rules: rules.join(', '), value: houseValueText(value) });

/**
 * What the channel is told of a file of house rules set (/house upload): one post naming who set how
 * many from which file, then each rule once, not a sentence per key (issue 39).
 */
export function houseUploadText(set: readonly Extract<HouseEvent, { type: 'HouseRuleSet' }>[]): Text[] {
  const { by, source } = set[0]!.data;
  return [say('battle.house.uploaded', { user: mention(by), n: set.length, source: source ?? '' }), ...set.map((e) => houseLine(e.data.key, e.data.rules, e.data.value))];
}

/** /house show: every value the system leaves open, set (by whom, at which event) or open, with its rule IDs and the seed's words. */
export function houseText(s: BattleState, rules: readonly HouseRule[], rulesName: Text): Text {
  if (!rules.length) return say('battle.house.noneOpen', { rulesName });
  const set = rules.filter((r) => houseRule(s, r.key)).length;
  return lines(
    say('battle.house.showHead', { rulesName, set: String(set), n: rules.length }),
    ...rules.map((r) => {
      const e = houseRule(s, r.key);
      const now = e ? say('battle.house.showSet', { value: houseValueText(e.value), note: houseNote(e) }) : say('battle.house.showOpen');
      // What it takes, in the system's own words (its readings, or what it expects).
      const takes: Text = r.readings ? concat(...Object.entries(r.readings).map(([name, text]) => say('battle.house.showReading', { name, text }))) : say('battle.house.showTakes', { expects: r.expects ?? '' });
      return say(r.readings ? 'battle.house.showRuleReadings' : 'battle.house.showRule', { key: r.key, rules: r.rules.join(', '), now, seed: r.seed, takes });
    }),
    say('battle.house.showHow'),
  );
}

/** What a GM is told at /battle create: the values the chosen system leaves open, how to set them, and a file that sets them all where the system has one. */
export function openValuesText(rules: readonly HouseRule[], rulesName: Text, file?: string): Text {
  const open = say('battle.house.openValues', { rulesName, n: rules.length, keys: rules.map((r) => `${r.key} (${r.rules[0]})`).join(', ') });
  return file ? lines(open, say('battle.house.openValuesFile', { file })) : open;
}
