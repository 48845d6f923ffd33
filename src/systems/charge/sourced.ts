import { refuse } from '../../rules/errors.ts';

/**
 * Where a value the rules use came from: the pack (as shipped or as a GM house-ruled it) or the
 * GM's input with the action. A value the OCR lost is null in the pack; then the GM must give it,
 * and without it the resolver refuses naming the value and both ways to give it. Nothing is guessed.
 */
export interface Sourced<T> {
  value: T;
  from: 'pack' | 'gm';
}

export interface Missing {
  /** What the value is, with its rule ID: "the charge die (CHG-ROLL)". */
  what: string;
  /** Why it is not in the pack: "the OCR lost the text that named it". */
  why: string;
  /** The pack path a GM sets: "charge.die". */
  packPath: string;
  /** The action input that gives it: "gm.die". */
  input: string;
}

export function sourced<T>(packValue: T | null, gmValue: T | undefined, missing: Missing, show: (v: T) => string = String): Sourced<T> {
  if (packValue !== null) {
    if (gmValue !== undefined && gmValue !== packValue) refuse(`${cap(missing.what)} is ${show(packValue)} in the pack (${missing.packPath}); it cannot be given as ${show(gmValue)} with the action.`);
    return { value: packValue, from: 'pack' };
  }
  if (gmValue === undefined) refuse(`${cap(missing.what)} is needed: ${missing.why}. A GM sets ${missing.packPath} in the pack, or gives ${missing.input} with the action.`);
  return { value: gmValue, from: 'gm' };
}

export const fromWord = (s: Sourced<unknown>): string => (s.from === 'pack' ? 'from the pack' : "the GM's value");

export const cap = (s: string): string => (s ? `${s[0]!.toUpperCase()}${s.slice(1)}` : s);

/** A die a GM gives: a whole number of sides, 2 or more. */
export function checkDie(sides: number | undefined, what: string): void {
  if (sides !== undefined && (!Number.isInteger(sides) || sides < 2)) refuse(`${cap(what)} must be a die of 2 or more sides (got ${sides}).`);
}
