import { createRequire } from 'node:module';
import type * as Roller from '@dice-roller/rpg-dice-roller';
import type { DiceRoll } from '@dice-roller/rpg-dice-roller';
import { either, english, say, type Text } from '../i18n/text.ts';
import { DiceStream, hmacWords, newSeed, type DiceUsed } from './stream.ts';

/**
 * `/roll` expressions, evaluated by rpg-dice-roller (its notation: NdM, d%, dF, keep/drop, exploding,
 * compounding, penetrating, re-rolls, unique, target/success counting, critical marks, sorting,
 * groups `{...}`, arithmetic and math functions) with every die drawn from a DiceStream.
 *
 * How the randomness is hooked: the library rolls every die through one shared object,
 * `NumberGenerator.generator.integer(min, max)` (StandardDice/PercentileDice `rollOnce`, FudgeDice,
 * and every explosion / re-roll / unique re-roll, which call `rollOnce`). We wrap that method once:
 * while the generator's engine is one of our stream engines, `integer(min, max)` returns
 * `min - 1 + die(max - min + 1)` of our stream, so each library die IS one die(n) of the battle
 * stream and is recorded as `{ sides: n, result }`. With any other engine (Math.random by default,
 * or the min/max engines the library swaps in to compute `minTotal`/`maxTotal`) the wrapper calls
 * the library's own method. Our engine's `next()` throws, so a library path that asked for a raw
 * word instead of an integer would fail loudly rather than roll unrecorded.
 * (For the record, random-js's `integer(1, n)` over our words would give the same die(n) rule —
 * mask for powers of two, reject u >= n * floor(2^32 / n) otherwise — but the wrapper makes it ours
 * and lets us record each die.)
 */

/** At most this many dice in one roll, all groups together, before explosions and re-rolls. */
export const MAX_DICE = 1000;
/** The library refuses more than this many dice in one group (e.g. `1000d6`). */
export const MAX_DICE_PER_GROUP = 999;
/** At most this many sides on a die. */
export const MAX_SIDES = 10_000;
/** At most this many dice drawn by one roll, counting explosions and re-rolls; the roll is refused beyond. */
export const MAX_DRAWS = 10_000;
/** At most this many characters in an expression. */
export const MAX_EXPRESSION_LENGTH = 500;

export interface RollResult {
  expression: string;
  /** The library's rendering, e.g. `4d6kh3+2: [5, 3d, 4, 6]+2 = 17`. */
  output: string;
  total: number;
  /** Every die drawn, in order, and the cursor range used. */
  dice: DiceUsed;
  /** False for `evaluateRollFresh`: its seed was never committed, so nobody can check it. */
  verifiable: boolean;
}

/** A `/roll` the user can fix: bad syntax (with `position`, 0-based) or a refused size. `message` is `text` in English. */
export class RollError extends Error {
  override name = 'RollError';
  constructor(
    readonly text: Text,
    readonly expression: string,
    readonly kind: 'syntax' | 'limit' | 'invalid',
    readonly position: number | null = null,
  ) {
    super();
    Object.defineProperty(this, 'message', { get: () => english(this.text), configurable: true, enumerable: false });
  }
}

/** Roll `expression` on the battle's stream; the result re-derives from `result.dice`. */
export function evaluateRoll(expression: string, dice: DiceStream): RollResult {
  const text = expression.trim();
  check(text);
  const { value: roll, dice: used } = dice.take((stream) => rollOn(text, stream));
  return finish(text, roll, used, true);
}

/** Roll with a fresh random seed that is never committed nor kept: NOT verifiable, and says so. */
export function evaluateRollFresh(expression: string): RollResult {
  const text = expression.trim();
  check(text);
  const stream = new DiceStream(hmacWords(newSeed(), 'fresh', 0));
  const { value: roll, dice: used } = stream.take((s) => rollOn(text, s));
  return finish(text, roll, used, false);
}

/** Turn an error the library threw for `expression` into a RollError that points at the bad part. */
export function parseRollError(error: unknown, expression: string): RollError {
  if (error instanceof RollError) return error;
  if (isPegSyntaxError(error)) {
    const at = error.location.start.offset;
    const found = error.found === null ? say('dice.notation.theEnd') : say('dice.notation.quoted', { text: error.found });
    const expected = describeExpected(error.expected);
    const where = { at: String(at + 1), found, expression, caret: `${' '.repeat(at)}^` };
    return new RollError(expected ? say('dice.notation.cannotReadExpected', { ...where, expected }) : say('dice.notation.cannotRead', where), expression, 'syntax', at);
  }
  if (error instanceof RangeError && /qty must be between/.test(error.message)) {
    return new RollError(tooManyDiceMessage(expression), expression, 'limit');
  }
  if (error instanceof RangeError && /sides must be/.test(error.message)) {
    return new RollError(say('dice.notation.sidesRange', { max: String(MAX_SIDES) }), expression, 'limit');
  }
  const message = error instanceof Error ? error.message : String(error);
  return new RollError(say('dice.notation.cannotRoll', { expression, message }), expression, 'invalid');
}

// --- the library hook -------------------------------------------------------------------------

const STREAM_DIE = Symbol.for('umpire.dice.streamDie');

interface StreamEngine {
  next(): number;
  [STREAM_DIE]: (sides: number) => number;
}

type IntegerFn = (min: number, max: number) => number;

let library: typeof Roller | undefined;
let loading: Promise<void> | undefined;

/**
 * The dice library, loaded at the first roll rather than with the program: it builds the whole of
 * mathjs as it loads (about a second, 4.5 s on a busy machine), which a start need not wait for
 * (issue 28). A roll nobody loaded it for (evaluateRoll called directly, as tests and the bench do)
 * requires it then, so a roll stays a plain function call inside `decide`.
 */
function roller(): typeof Roller {
  if (!library) {
    library = createRequire(import.meta.url)('@dice-roller/rpg-dice-roller') as typeof Roller;
    installHook(library);
  }
  return library;
}

/**
 * Loads the dice library in the background (issue 38): the table once its prompt is up, the bot as
 * it connects; a /roll awaits the same load (Umpire), so the first pays at most what is left of it.
 * Its ES module build, through import(): its thousand files are read without holding the event
 * loop, which only its evaluation holds (about half of a require's time). Never rejects: a load that
 * failed leaves the roll to require the library, and to say why it cannot.
 */
export function loadDice(): Promise<void> {
  return (loading ??= import('@dice-roller/rpg-dice-roller').then(
    (m) => {
      if (library) return;
      library = m;
      installHook(m);
    },
    () => undefined,
  ));
}

/** Whether a roll now would find the library loaded. */
export const diceLoaded = (): boolean => library !== undefined;

function installHook({ NumberGenerator }: typeof Roller): void {
  const generator = NumberGenerator.generator;
  const current = generator.integer as IntegerFn & { [STREAM_DIE]?: true };
  if (current[STREAM_DIE]) return; // already wrapped (module evaluated twice, e.g. by a test runner)
  const libraryInteger = current;
  const wrapped = function (this: typeof generator, min: number, max: number): number {
    const engine = this.engine as Partial<StreamEngine> | undefined;
    const die = engine?.[STREAM_DIE];
    if (die === undefined) return libraryInteger.call(this, min, max);
    return min - 1 + die(max - min + 1);
  };
  Object.defineProperty(wrapped, STREAM_DIE, { value: true });
  generator.integer = wrapped;
}

/** The library drew a raw word instead of calling integer(): that die would not be die(n) nor recorded. */
class UnroutedDrawError extends Error {
  constructor() {
    super('rpg-dice-roller asked for a raw random word: only integer() is routed through the dice stream');
  }
}

/**
 * Expressions rolled before, each kept parsed in its DiceRoll: players roll the same few again and
 * again, and parsing costs more than rolling. A repeat re-rolls the kept DiceRoll (`roll()` rolls
 * its parsed terms anew, as its constructor did) and is read at once, before any other roll. Only
 * a roll that succeeded is kept (a refusal is worded anew each time), and only one that drew at
 * most KEPT_DRAWS dice, as a DiceRoll holds its last dice: 1,000 kept rolls hold at most 100,000.
 * The map is emptied when full.
 */
const parsed = new Map<string, DiceRoll>();
const PARSED_KEPT = 1000;
const KEPT_DRAWS = 100;

function rollOn(expression: string, stream: DiceStream): DiceRoll {
  let draws = 0;
  const engine: StreamEngine = {
    next() {
      throw new UnroutedDrawError();
    },
    [STREAM_DIE](sides: number) {
      draws += 1;
      if (draws > MAX_DRAWS) {
        throw new RollError(say('dice.notation.tooManyDraws', { max: String(MAX_DRAWS) }), expression, 'limit');
      }
      return stream.die(sides);
    },
  };
  const { NumberGenerator, DiceRoll } = roller();
  const generator = NumberGenerator.generator;
  const previous: unknown = generator.engine;
  generator.engine = engine;
  try {
    const kept = parsed.get(expression);
    const roll = kept ?? new DiceRoll(expression);
    if (kept) kept.roll();
    if (draws > KEPT_DRAWS) parsed.delete(expression);
    else if (!kept) {
      if (parsed.size >= PARSED_KEPT) parsed.clear();
      parsed.set(expression, roll);
    }
    return roll;
  } catch (error) {
    if (error instanceof UnroutedDrawError) throw error; // a bug, not the user's doing
    throw parseRollError(error, expression);
  } finally {
    generator.engine = previous;
  }
}

function finish(expression: string, roll: DiceRoll, used: DiceUsed, verifiable: boolean): RollResult {
  const total = roll.total;
  if (!Number.isFinite(total)) {
    throw new RollError(say('dice.notation.notFinite', { expression, total: String(total) }), expression, 'invalid');
  }
  return { expression, output: roll.output, total, dice: used, verifiable };
}

// --- checks before rolling -------------------------------------------------------------------

/** Refuse bad syntax and absurd sizes before a single die is drawn; an expression rolled before passed. */
function check(expression: string): void {
  if (!parsed.has(expression)) checkNow(expression);
}

function checkNow(expression: string): void {
  if (expression === '') throw new RollError(say('dice.notation.empty'), expression, 'invalid');
  if (expression.length > MAX_EXPRESSION_LENGTH) {
    throw new RollError(say('dice.notation.tooLong', { max: String(MAX_EXPRESSION_LENGTH) }), expression, 'limit');
  }
  // Literal "NdM" terms first, so "10000d10000" is told its limit rather than the library's wording.
  for (const match of expression.matchAll(/(?<![\w.)\]}])(\d+)d(\d+)/g)) {
    const qty = Number(match[1]);
    const sides = Number(match[2]);
    if (qty > MAX_DICE_PER_GROUP) {
      throw new RollError(say('dice.notation.groupTooMany', { term: match[0], qty: String(qty), max: String(MAX_DICE), perGroup: String(MAX_DICE_PER_GROUP) }), expression, 'limit', match.index);
    }
    if (sides > MAX_SIDES) {
      throw new RollError(say('dice.notation.tooManySides', { term: match[0], sides: String(sides), max: String(MAX_SIDES) }), expression, 'limit', (match.index ?? 0) + match[1]!.length);
    }
  }
  let parsed: unknown[];
  try {
    parsed = roller().Parser.parse(expression) as unknown[];
  } catch (error) {
    throw parseRollError(error, expression);
  }
  let total = 0;
  for (const die of diceOf(parsed)) {
    if (die.max - die.min + 1 > MAX_SIDES) {
      throw new RollError(say('dice.notation.tooManySides', { term: die.notation, sides: String(die.sides), max: String(MAX_SIDES) }), expression, 'limit');
    }
    total += die.qty;
    for (const modifier of die.modifiers?.values() ?? []) {
      const always = alwaysRepeats(modifier, die);
      if (always) {
        throw new RollError(say('dice.notation.neverStops', { term: die.notation, why: always }), expression, 'limit');
      }
    }
  }
  if (total > MAX_DICE) {
    throw new RollError(say('dice.notation.tooManyDice', { total: String(total), max: String(MAX_DICE) }), expression, 'limit');
  }
}

/** Every die term, also inside groups. */
function* diceOf(expressions: unknown[]): Generator<InstanceType<typeof Roller.Dice.StandardDice>> {
  const { Dice, RollGroup } = roller();
  for (const item of expressions) {
    if (item instanceof Dice.StandardDice) yield item;
    else if (item instanceof RollGroup) for (const sub of item.expressions) yield* diceOf(sub);
    else if (Array.isArray(item)) yield* diceOf(item);
  }
}

/**
 * An explode or re-roll whose compare point matches every face, or more unique dice than faces,
 * would only stop at the library's cap of 1000 repeats per die.
 */
function alwaysRepeats(modifier: unknown, die: InstanceType<typeof Roller.Dice.StandardDice>): Text | null {
  const m = modifier as { name?: string; once?: boolean; comparePoint?: { isMatch(value: number): boolean } };
  if (m.name === 'unique' && !m.once && m.comparePoint === undefined && die.qty > die.max - die.min + 1) {
    return say('dice.notation.neverUnique');
  }
  const action = m.name === 'explode' ? 'explodes' : m.name === 're-roll' && !m.once ? 're-rolls' : null;
  if (action === null || m.comparePoint === undefined) return null; // default points (max / min) never match every face
  for (let face = die.min; face <= die.max; face++) {
    if (!m.comparePoint.isMatch(face)) return null;
  }
  return say('dice.notation.everyFace', { action });
}

function tooManyDiceMessage(expression: string): Text {
  return say('dice.notation.expressionTooMany', { expression, max: String(MAX_DICE), perGroup: String(MAX_DICE_PER_GROUP) });
}

// --- the library's syntax errors (peggy) -------------------------------------------------------

interface PegExpectation {
  type: string;
  text?: string;
  description?: string;
  parts?: (string | [string, string])[];
  inverted?: boolean;
}

interface PegSyntaxError {
  found: string | null;
  expected: PegExpectation[] | null;
  location: { start: { offset: number } };
}

function isPegSyntaxError(error: unknown): error is Error & PegSyntaxError {
  if (!(error instanceof Error) || error.name !== 'SyntaxError') return false;
  const location = (error as Partial<PegSyntaxError>).location;
  return typeof location?.start?.offset === 'number';
}

const MAX_EXPECTED_SHOWN = 6;

/**
 * "l, h or 1-9" from the parser's expectations: character classes first, then short tokens
 * (operators, modifiers), then the end, then math function names, the least likely fix.
 */
function describeExpected(expected: PegExpectation[] | null): Text {
  // By what it reads as in English, so two expectations that read alike are named once.
  const ranked = new Map<string, { text: Text; rank: number }>();
  const add = (text: Text, rank: number) => ranked.set(english(text), { text, rank });
  for (const item of expected ?? []) {
    if (item.type === 'class' && item.parts !== undefined) {
      const parts = item.parts.map((part) => (typeof part === 'string' ? part : `${part[0]}-${part[1]}`));
      const any = parts.slice(1).reduce<Text>((a, b) => say('core.join.or', { a, b }), parts[0] ?? '');
      add(item.inverted ? say('dice.notation.not', { what: any }) : any, 0);
    } else if (item.type === 'literal' && item.text !== undefined) {
      add(say('dice.notation.quoted', { text: item.text }), item.text.length <= 2 ? 1 : 3);
    } else if (item.type === 'end') {
      add(say('dice.notation.end'), 2);
    } else if (item.type === 'other' && item.description !== undefined && !item.description.includes('whitespace')) {
      // The grammar's own name for what it reads (the library's English).
      add(item.description, 3);
    }
  }
  const list = [...ranked.values()].sort((a, b) => a.rank - b.rank).map((x) => x.text);
  const shown = list.slice(0, MAX_EXPECTED_SHOWN);
  const more = list.length - shown.length;
  if (shown.length === 0) return '';
  if (more > 0) return say('dice.notation.orMore', { shown: shown.slice(1).reduce<Text>((a, b) => say('core.join.comma', { a, b }), shown[0]!), more });
  return either(shown);
}
