import { say, type Phrase, type Text } from '../../i18n/text.ts';
import { packNote } from './pack-text.ts';
import { refuse, ValueNeeded } from '../../rules/errors.ts';

/**
 * Where a value the rules use came from: the chart as printed (the pack), the battle's house rule
 * (a GM set it once, house.ts), or a GM's option with the action. A value the OCR lost is null in
 * the pack: then the house rule holds, else the GM's option, else the action is refused, naming
 * the option a GM types and the house key that sets it for the battle. Nothing is guessed.
 */
export interface Sourced<T> {
  value: T;
  from: 'pack' | 'house' | 'gm';
  /** For a house rule, how the working cites it: "charge.die: d10, house rule set by <@gm> at event 12". */
  note?: Text;
}

/** A house rule's value as the battle holds it, with how the working names it ("house rule set by <@gm> at event 12"). */
export interface Noted<T> {
  value: T;
  note: Text;
}

export interface Missing {
  /** What the value is, with its rule ID, as a sentence begins with it: "The charge die (CHG-ROLL)". */
  what: Text;
  /** Why the chart does not give it: "the text that named it is lost in the source". */
  why: Text;
  /** The house rule that sets it for the battle: "charge.die". */
  house?: string;
  /** The part of that house rule's value, where it holds several: "line" of class-dice. */
  entry?: string;
  /** What a GM types with the action instead: `withAction('die:', 'charge')`; none where there is no option. */
  option?: Phrase;
  /** The readings a value takes, where it is one of a few: "down, nearest, up". */
  takes?: string;
}

/** The command a GM's option goes with, as `option` names it ("die: with the charge"). */
export type OptionOn = 'charge' | 'fire' | 'roll' | 'rideDown';

/** An option a GM types with an action: "die: with the charge" (`typed` as typed, "die:" or `rows:"CHG-OPEN.3=<result>"`). */
export const withAction = (typed: string, on: OptionOn): Phrase => say(`charge.sourced.with.${on}`, { option: typed });

/** The option's name as typed ("die:"), from its phrase. */
const optionName = (p: Phrase): string => `${String(p.values?.option ?? '').split(':')[0]}:`;

/** Part of a house rule's value (an entry of a map, a cell of a list), still citing the rule. */
export function part<T, K extends keyof T>(n: Noted<T> | undefined, k: K): Noted<NonNullable<T[K]>> | undefined {
  const v = n?.value[k];
  return n && v !== undefined && v !== null ? { value: v, note: n.note } : undefined;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const keyOf = (m: Missing) => `${m.house}${m.entry !== undefined ? `.${m.entry}` : ''}`;

/** The refusal for a value still open: the option a GM types, and the house key that sets it for the battle. */
export function openValue(m: Missing): Text {
  const set: Text | undefined = m.house
    ? say(m.entry !== undefined ? 'charge.sourced.setEntry' : 'charge.sourced.set', { key: m.house, takes: m.takes ? ` ${m.takes}` : '', ...(m.entry !== undefined ? { entry: m.entry } : {}) })
    : undefined;
  const how = m.option && set ? say('charge.sourced.how.both', { option: m.option, set }) : m.option ? say('charge.sourced.how.option', { option: m.option }) : say('charge.sourced.how.house', { set: set ?? '' });
  return say('charge.sourced.needed', { what: m.what, why: m.why, how });
}

/**
 * The value still open as the channel is told while an action waits for it on its drawn dice: its
 * house rule and option by name only, for `what` and an option's example may name what a die decided.
 */
export function needOf(m: Pick<Missing, 'house' | 'option' | 'takes'>): Text {
  const house = m.house ? (m.takes ? say('charge.sourced.need.houseTakes', { key: m.house, takes: m.takes }) : say('charge.sourced.need.house', { key: m.house })) : undefined;
  const given = m.option ? say('charge.sourced.need.option', { option: optionName(m.option) }) : undefined;
  if (house && given) return say('charge.sourced.need.both', { house, given });
  return house ?? given ?? say('charge.sourced.need.gm');
}

/** The refusal for a GM's option where the battle's house rule holds: how to change or open it. */
export const houseHolds = (what: Text, key: string, shown: Text, note: Text): Text => say('charge.sourced.houseHolds', { what, key, shown, note });

/** A house rule as a working cites it: "charge.die: d10, house rule set by <@gm> at event 12". */
export const cite = (key: string, shown: Text, note: Text): Text => say('charge.sourced.cite', { key, shown, note });

export function sourced<T>(printed: T | null, house: Noted<T> | undefined, gm: T | undefined, m: Missing, show: (v: T) => Text = String): Sourced<T> {
  if (printed !== null) {
    if (gm !== undefined && !same(gm, printed)) refuse(say('charge.sourced.printed', { what: m.what, printed: show(printed), gm: show(gm) }));
    return { value: printed, from: 'pack' };
  }
  if (house) {
    if (gm !== undefined && !same(gm, house.value)) refuse(houseHolds(m.what, m.house ?? '', show(house.value), house.note));
    return { value: house.value, from: 'house', note: cite(keyOf(m), show(house.value), house.note) };
  }
  if (gm === undefined) throw new ValueNeeded(openValue(m), needOf(m));
  return { value: gm, from: 'gm' };
}

/** Where a value came from, as a working says it: "from the pack", the house rule's note, "the GM's value". */
export const fromText = (s: Sourced<unknown>): Text => (s.from === 'pack' ? say('charge.from.pack') : s.from === 'house' ? (s.note ?? say('charge.from.house')) : say('charge.from.gm'));

/** " [reading uncertain: …]" after a chart's reading the OCR was unsure of (the pack's words, `charge.pack.uncertain.<id>`); '' when it was sure. */
export const uncertainText = (what: string | undefined, id: string): Text => (what ? say('charge.uncertain', { what: packNote('uncertain', id, what) }) : '');

/** Texts one after another, comma-separated ("a, b, c"); undefined when there are none. */
export const commas = (texts: readonly Text[]): Text | undefined => (texts.length ? texts.reduce((a, b) => say('charge.comma', { a, b })) : undefined);

export const cap = (s: string): string => (s ? `${s[0]!.toUpperCase()}${s.slice(1)}` : s);

/** A die a GM gives: a whole number of sides, 2 or more. */
export function checkDie(sides: number | undefined, what: Text): void {
  if (sides !== undefined && (!Number.isInteger(sides) || sides < 2)) refuse(say('charge.sourced.dieSides', { what, got: String(sides) }));
}
