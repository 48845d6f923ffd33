import type { BattleState } from '../../battle/state.ts';
import { liveLinks, viewPhrase } from '../../battle/share.ts';
import { FALLBACK } from '../../i18n/locales.ts';
import { word } from '../../i18n/text.ts';
import { getRuleSystem, systemIds } from '../../battle/registry.ts';
import type { RuleSystem } from '../../battle/system.ts';
import type { AttributeSpec } from '../../rules/pack.ts';
import type { Choice, CompleteContext, OptionDef } from './commands.ts';

const MAX_CHOICES = 25; // Discord's limit for autocomplete answers

/**
 * The names that match what was typed, best first: those starting with it, then those containing
 * it, then those containing each of its words ("95th ri", "rifles 95"), quotes ignored.
 */
export function matching(names: Iterable<string>, typed: string): string[] {
  const t = typed.replace(/"/g, '').trim().toLowerCase();
  const words = t.split(/\s+/).filter(Boolean);
  const all = [...names];
  const starts = all.filter((n) => n.toLowerCase().startsWith(t));
  const contains = all.filter((n) => !n.toLowerCase().startsWith(t) && n.toLowerCase().includes(t));
  const eachWord = all.filter((n) => !n.toLowerCase().includes(t) && words.every((w) => n.toLowerCase().includes(w)));
  return [...starts, ...contains, ...eachWord].slice(0, MAX_CHOICES);
}

const from = (pick: (s: BattleState) => { name: string }[]) => (ctx: CompleteContext) =>
  ctx.state ? matching(pick(ctx.state).map((x) => x.name), ctx.typed) : [];

export const sideNames = from((s) => Object.values(s.sides));
export const commandNames = from((s) => Object.values(s.commands));
export const unitNames = from((s) => Object.values(s.units));
export const systemNames = (ctx: CompleteContext) => matching(systemIds(), ctx.typed);

/** The options attributeOptions made, each with the attribute it stands for. */
const attributeOf = new WeakMap<OptionDef, string>();

/**
 * Whether an option applies in a battle: an attribute option only where the battle's pack declares
 * the attribute. Discord shows a command's fixed options; the table offers only these.
 */
export function optionApplies(o: OptionDef, state: BattleState | undefined): boolean {
  const name = attributeOf.get(o);
  return name === undefined || state === undefined || getRuleSystem(state.system).pack.attributes.some((a) => a.name === name);
}

/**
 * Every unit attribute any rule system declares, as slash command options (a Discord command's
 * options are fixed, so /unit add offers the union and the battle's pack says which apply).
 */
export function attributeOptions(systems: readonly RuleSystem[]): Record<string, OptionDef> {
  const specs = new Map<string, AttributeSpec[]>();
  const usedBy = new Map<string, string[]>();
  for (const system of systems) {
    for (const a of system.pack.attributes) {
      specs.set(a.name, [...(specs.get(a.name) ?? []), a]);
      usedBy.set(a.name, [...(usedBy.get(a.name) ?? []), system.id]);
    }
  }
  const options: Record<string, OptionDef> = {};
  for (const [name, all] of [...specs].sort(([a], [b]) => a.localeCompare(b))) {
    const int = all.every((a) => a.type === 'int');
    const option: OptionDef = {
      kind: int ? 'integer' : 'string',
      description: (all.length === 1 ? `${all[0]!.description} (${usedBy.get(name)![0]})` : `Unit ${name.replace('_', ' ')} (${usedBy.get(name)!.join(', ')}); values by the battle's rule system`).slice(0, 100),
      complete: (ctx) => {
        const spec = ctx.state ? getRuleSystem(ctx.state.system).pack.attributes.find((a) => a.name === name) : undefined;
        return matching(spec?.values ?? [], ctx.typed);
      },
    };
    attributeOf.set(option, name);
    options[name] = option;
  }
  return options;
}

/** Completes the last word of a list typed with spaces or commas between (modifier or reason ids). */
export function matchingLast(names: Iterable<string>, typed: string): string[] {
  const cut = Math.max(typed.lastIndexOf(' '), typed.lastIndexOf(',')) + 1;
  const before = typed.slice(0, cut);
  const given = new Set(before.split(/[\s,]+/).filter(Boolean));
  return matching([...names].filter((n) => !given.has(n)), typed.slice(cut)).map((n) => before + n);
}

/** The longest label Discord shows for an autocomplete choice. */
export const MAX_LABEL = 100;

/** "MED-CONTROL.5 — The unit is (formed) A class cavalry, …": a value and its words, cut to fit a label. */
export function labelOf(value: string, words: string | undefined): string {
  const full = words ? `${value} — ${words}` : value;
  return full.length <= MAX_LABEL ? full : `${full.slice(0, MAX_LABEL - 1)}…`;
}

/** Codes with their words, matched as `matching` does on the codes; the label shows the words. */
export function matchingCodes(codes: readonly { id: string; text: string }[], typed: string): Choice[] {
  const words = new Map(codes.map((c) => [c.id, c.text]));
  return matching(words.keys(), typed).map((id) => ({ value: id, label: labelOf(id, words.get(id)) }));
}

/** The last code of a list, as `matchingLast` completes it; the label shows the last code's words. */
export function matchingLastCode(codes: readonly { id: string; text: string }[], typed: string): Choice[] {
  const words = new Map(codes.map((c) => [c.id, c.text]));
  return matchingLast(words.keys(), typed).map((value) => {
    const last = value.slice(Math.max(value.lastIndexOf(' '), value.lastIndexOf(',')) + 1);
    return { value, label: labelOf(value, words.get(last)) };
  });
}

/** An option's completion from labelled choices: `completeLabelled` for adapters that show labels, `complete` the values. */
export function labelled(fn: (ctx: CompleteContext) => Choice[]): Pick<OptionDef, 'complete' | 'completeLabelled'> {
  return { complete: (ctx) => fn(ctx).map((c) => c.value), completeLabelled: fn };
}

/** The battle's live share links, each with its view. */
export const linkIds = labelled((ctx) => (ctx.state ? matchingCodes(liveLinks(ctx.state).map((l) => ({ id: l.id, text: word(viewPhrase(ctx.state!, l), ctx.locale ?? FALLBACK) })), ctx.typed) : []));

/** The events a GM bookmarked, each with its title. */
export const bookmarkedEvents = labelled((ctx) => (ctx.state ? matchingCodes(Object.values(ctx.state.bookmarks).map((b) => ({ id: String(b.version), text: b.title })), ctx.typed) : []));
