import { z } from 'zod';
import { attrWord, marginText } from './pack-text.ts';
import { refuse, ValueNeeded } from '../../rules/errors.ts';
import { concat, joinedBy, say, type Text } from '../../i18n/text.ts';
import { recorder, signed, type Dice, type Outcome } from '../../rules/outcome.ts';
import { findBand } from './bands.ts';
import { either, explained, oneOrMore, someOf } from './house-value.ts';
import { cite, type Noted } from './sourced.ts';
import { CHARGE_PHASES } from './sequence.ts';
import { ARMS, checkBands, CLASSES, FORMATIONS, type Arm, type Formation, type UnitClass } from './pack-schema.ts';

/**
 * A morale test. The source calls for one ("Both sides check morale, and if neither retreats, the
 * melee continues", MEL-D10) and has a Shaken state (CHG-ATT-MOD.3, CHG-DEF-MOD.1), but prints no
 * morale rules: the die, the number to reach, the modifiers and the results are the battle's house
 * rules morale.die, morale.target, morale.modifiers and morale.results, each a group's reading set
 * once. The modifiers are keyed on what the battle knows from its roster and log (losses, disorder,
 * what the unit did this turn), never on what a player says. Nothing here is a default.
 */

const int = z.number().int();
const sides = int.min(2, { message: 'a die has 2 to 100 sides' }).max(100, { message: 'a die has 2 to 100 sides' });

/** morale.die: one die (`10`), or several added (`{dice: 2, sides: 6}`). */
export const MoraleDie = either(
  (v) => typeof v === 'object' && v !== null,
  explained(z.strictObject({ dice: int.min(1, { message: '1 to 4' }).max(4, { message: '1 to 4' }), sides }, { error: (iss) => (iss.code === 'unrecognized_keys' ? 'it takes dice and sides, as {dice: 2, sides: 6}' : undefined) })),
  z.number({ error: () => 'a die size, 2 to 100, or {dice: 2, sides: 6}' }).pipe(sides),
);
export type MoraleDie = z.infer<typeof MoraleDie>;
export const diceOf = (d: MoraleDie): { dice: number; sides: number } => (typeof d === 'number' ? { dice: 1, sides: d } : d);
export const dieText = (d: MoraleDie): string => {
  const { dice, sides } = diceOf(d);
  return `${dice > 1 ? dice : ''}d${sides}`;
};

const targetNumber = z.number({ error: () => 'a whole number' }).int({ message: 'a whole number' }).min(-100).max(100);
/** morale.target: one number for every unit (`6`), or one a class (`{elite: 5, line: 6, conscript: 7}`). */
export const MoraleTarget = either((v) => typeof v === 'object' && v !== null, explained(someOf(CLASSES, targetNumber, 'a class')), targetNumber);
export type MoraleTarget = z.infer<typeof MoraleTarget>;

/** What a modifier may be keyed on: what the roster and the log tell of the testing unit. */
export const MORALE_FACTS = ['shaken', 'disordered', 'broken', 'routed', 'leader', 'losses', 'steps', 'charged', 'was-charged', 'melee', 'won-melee', 'lost-melee', 'fired-at', 'fire-losses', 'class', 'arm', 'formation', 'phase'] as const;
export type MoraleFact = (typeof MORALE_FACTS)[number];
const COUNTED: readonly MoraleFact[] = ['losses', 'steps', 'fire-losses'];
const NAMED: Partial<Record<MoraleFact, readonly string[]>> = { class: CLASSES, arm: ARMS, formation: FORMATIONS, phase: CHARGE_PHASES.map((p) => p.id) };

/** What each fact means, for the working and /house show. */
export const FACT_TEXT: Record<MoraleFact, string> = {
  shaken: 'shaken',
  disordered: 'disordered',
  broken: 'broken',
  routed: 'routed',
  leader: 'a leader attached',
  losses: 'its figures lost, % of its start',
  steps: 'casualty steps lost in melee',
  charged: 'charged this turn',
  'was-charged': 'was charged this turn',
  melee: 'fought a melee this turn',
  'won-melee': 'won its last melee round this turn',
  'lost-melee': 'lost its last melee round this turn',
  'fired-at': 'fired at this turn',
  'fire-losses': 'figures or steps lost to fire this turn',
  class: 'its class',
  arm: 'its arm',
  formation: 'its formation',
  phase: 'the phase the test is taken in',
};

const Modifier = z
  .strictObject(
    {
      if: z.enum(MORALE_FACTS, { error: () => `one of ${MORALE_FACTS.join(', ')}` }),
      value: z.number({ error: () => 'a whole number, -20 to 20' }).int({ message: 'a whole number, -20 to 20' }).min(-20, { message: 'a whole number, -20 to 20' }).max(20, { message: 'a whole number, -20 to 20' }),
      per: int.min(1, { message: 'a whole number, 1 or more' }).optional(),
      is: z.union([z.string(), z.array(z.string()).min(1)], { error: () => 'one name or a list' }).optional(),
    },
    { error: (iss) => (iss.code === 'unrecognized_keys' ? `a modifier takes if, value, per (losses, steps, fire-losses) and is (class, arm, formation, phase), not ${iss.keys.map((k) => `"${k}"`).join(', ')}` : undefined) },
  )
  .superRefine((m, ctx) => {
    if (m.per !== undefined && !COUNTED.includes(m.if)) ctx.addIssue({ code: 'custom', path: ['per'], message: `counts only ${COUNTED.join(', ')}, not ${m.if}` });
    const named = NAMED[m.if];
    if (!named && m.is !== undefined) ctx.addIssue({ code: 'custom', path: ['is'], message: `names a class, arm, formation or phase; ${m.if} takes none` });
    if (named) {
      const is = m.is === undefined ? [] : Array.isArray(m.is) ? m.is : [m.is];
      if (!is.length) ctx.addIssue({ code: 'custom', path: ['is'], message: `if: ${m.if} needs one ${m.if} or a list (${named.join(', ')})` });
      const wrong = is.filter((x) => !named.includes(x));
      if (wrong.length) ctx.addIssue({ code: 'custom', path: ['is'], message: `${wrong.map((x) => `"${x}"`).join(', ')}: not ${m.if === 'arm' ? 'an' : 'a'} ${m.if}${m.if === 'phase' ? ' id' : ''}; ${named.join(', ')}` });
    }
  });
export type MoraleModifier = z.infer<typeof Modifier>;
/** morale.modifiers: a list (none is `[]`), each keyed on a fact of the log or roster. */
export const MoraleModifiers = explained(z.array(Modifier, { error: () => 'a list of modifiers, as [{if: disordered, value: -1}]; [] for none' }));

export const MORALE_RESULTS = ['pass', 'shaken', 'disordered', 'fall-back', 'broken', 'routed'] as const;
export type MoraleResult = (typeof MORALE_RESULTS)[number];
const RETREATS: readonly MoraleResult[] = ['fall-back', 'broken', 'routed'];

/**
 * morale.results: bands of the margin (the modified roll less the target), highest first, from
 * open upward to open downward, each one result or several. A test passed on a low roll is a band
 * of low margins: the bands say which way the die runs.
 */
export const MoraleResults = explained(
  z
    .array(z.strictObject({ min: int.nullable(), max: int.nullable(), result: oneOrMore(MORALE_RESULTS, 'result') }), { error: () => 'a list of bands of the margin, as [{min: 0, max: null, result: pass}, ...]' })
    .min(1, { message: 'give at least one band' })
    .superRefine((bands, ctx) => {
      checkBands(bands, ctx, true, true);
      bands.forEach((b, i) => {
        if (b.result.includes('pass') && b.result.length > 1) ctx.addIssue({ code: 'custom', path: [i, 'result'], message: 'pass goes alone' });
      });
    }),
);
export type MoraleResults = z.infer<typeof MoraleResults>;


/** What the roster and the log tell of a unit taking a morale test. */
export interface MoraleFacts {
  unit: string;
  arm: Arm;
  class?: UnitClass;
  formation?: Formation;
  /** The id of the phase the test is taken in (sequence.ts). */
  phase?: string;
  leader: boolean;
  shaken: boolean;
  disordered: boolean;
  routBroken?: 'routed' | 'broken';
  /** Its figures at the start, and lost since (surrender, fire). */
  figures: number;
  figuresLost: number;
  steps: number;
  /** What it did or suffered this turn. */
  turn: { charged: boolean; wasCharged: boolean; melee?: 'won' | 'lost' | 'tie'; firedAt: boolean; fireLosses: number };
}

export interface AppliedMoraleModifier {
  if: MoraleFact;
  value: number;
  count: number;
  total: number;
  why: Text;
}

export interface MoraleOutcome extends Outcome {
  rule: 'MEL-D10';
  unit: string;
  die: string;
  rolls: number[];
  natural: number;
  modifiers: AppliedMoraleModifier[];
  total: number;
  target: number;
  margin: number;
  band: Text;
  result: MoraleResult[];
  /** It falls back, breaks or routs: "if neither retreats, the melee continues" (MEL-D10). */
  retreats: boolean;
  /** The house rules used, as the working cites them, by key. */
  house: Record<string, Text>;
}

const KEYS = ['morale.die', 'morale.target', 'morale.modifiers', 'morale.results'] as const;

/** The refusal for morale rules still open: each key, with the command that sets it. */
export function moraleOpen(missing: readonly string[]): Text {
  return say('charge.morale.open', { n: missing.length, keys: missing.join(', '), commands: missing.map((k) => `/house set key:${k} value:`).join(', ') });
}

function applies(m: MoraleModifier, f: MoraleFacts): { count: number; why: Text } {
  const yes = (b: boolean, why: Text) => ({ count: b ? 1 : 0, why });
  const counted = (n: number, what: Text) => (m.per === undefined ? { count: n > 0 ? 1 : 0, why: what } : { count: Math.floor(n / m.per), why: say('charge.morale.why.each', { what, value: signed(m.value), per: String(m.per) }) });
  switch (m.if) {
    case 'shaken':
      return yes(f.shaken, say('charge.morale.why.shaken'));
    case 'disordered':
      return yes(f.disordered, say('charge.morale.why.disordered'));
    case 'broken':
      return yes(f.routBroken === 'broken', say('charge.morale.why.broken'));
    case 'routed':
      return yes(f.routBroken === 'routed', say('charge.morale.why.routed'));
    case 'leader':
      return yes(f.leader, say('charge.morale.why.leader'));
    case 'losses': {
      const pct = f.figures ? (f.figuresLost * 100) / f.figures : 0;
      const shown = say('charge.morale.why.losses', { lost: String(f.figuresLost), figures: String(f.figures), pct: String(Math.round(pct * 10) / 10) });
      return m.per === undefined ? { count: f.figuresLost > 0 ? 1 : 0, why: shown } : { count: Math.floor(pct / m.per), why: say('charge.morale.why.eachPercent', { what: shown, value: signed(m.value), per: String(m.per) }) };
    }
    case 'steps':
      return counted(f.steps, say('charge.morale.why.steps', { n: f.steps }));
    case 'fire-losses':
      return counted(f.turn.fireLosses, say('charge.morale.why.fireLosses', { n: String(f.turn.fireLosses) }));
    case 'charged':
      return yes(f.turn.charged, say('charge.morale.why.charged'));
    case 'was-charged':
      return yes(f.turn.wasCharged, say('charge.morale.why.wasCharged'));
    case 'melee':
      return yes(f.turn.melee !== undefined, say('charge.morale.why.melee'));
    case 'won-melee':
      return yes(f.turn.melee === 'won', say('charge.morale.why.wonMelee'));
    case 'lost-melee':
      return yes(f.turn.melee === 'lost', say('charge.morale.why.lostMelee'));
    case 'fired-at':
      return yes(f.turn.firedAt, say('charge.morale.why.firedAt'));
    case 'class':
    case 'arm':
    case 'formation':
    case 'phase': {
      const v = f[m.if];
      const is = Array.isArray(m.is) ? m.is : [m.is];
      return yes(v !== undefined && is.includes(v), say('charge.morale.why.attr', { attr: m.if, value: v ?? say('charge.morale.why.unknown') }));
    }
  }
}

/** The battle's morale house rules in force (the charge game's ChargeHouse holds them). */
export interface MoraleHouse {
  'morale.die'?: Noted<MoraleDie>;
  'morale.target'?: Noted<MoraleTarget>;
  'morale.modifiers'?: Noted<MoraleModifier[]>;
  'morale.results'?: Noted<MoraleResults>;
}

export interface MoraleInput {
  facts: MoraleFacts;
  house: MoraleHouse;
  dice: Dice;
}

/** A morale test by the battle's house rules: the die, the unit's modifiers from the log, the target, the result band. */
export function resolveMorale(input: MoraleInput): MoraleOutcome {
  const { facts: f, house } = input;
  const missing = KEYS.filter((k) => !house[k]);
  if (missing.length) throw new ValueNeeded(moraleOpen(missing), say('charge.morale.need', { n: missing.length, keys: missing.join(', ') }));
  const die = house['morale.die']!;
  const target = house['morale.target']!;
  const mods = house['morale.modifiers']!;
  const results = house['morale.results']!;

  // Everything that can refuse is read before the dice (the core holds an action refused after a die).
  let need: number;
  if (typeof target.value === 'number') need = target.value;
  else {
    const byClass = target.value as Partial<Record<UnitClass, number>>;
    const t = f.class === undefined ? undefined : byClass[f.class];
    if (t === undefined) refuse(say('charge.morale.noTarget', { note: target.note, hasClass: f.class ? 'yes' : 'no', class: f.class ?? '', unit: f.unit }));
    need = t;
  }
  const applied: AppliedMoraleModifier[] = [];
  for (const m of mods.value) {
    const { count, why } = applies(m, f);
    if (count) applied.push({ if: m.if, value: m.value, count, total: m.value * count, why });
  }

  const rec = recorder(input.dice);
  const { dice, sides: n } = diceOf(die.value);
  const rolls = Array.from({ length: dice }, () => rec.roll(n));
  const natural = rolls.reduce((a, b) => a + b, 0);
  const sum = applied.reduce((a, m) => a + m.total, 0);
  const total = natural + sum;
  const margin = total - need;
  const found = findBand(results.value, margin)!;
  const result = found.band.result;
  const targetShown: Text = typeof target.value === 'number' ? `${need}` : concat(`${need} (`, attrWord('class', String(f.class), CLASSES), ')');
  const house_ = {
    'morale.die': cite('morale.die', dieText(die.value), die.note),
    'morale.target': cite('morale.target', targetShown, target.note),
    'morale.modifiers': say('charge.comma', { a: 'morale.modifiers', b: mods.note }),
    'morale.results': cite('morale.results', say('charge.morale.theBand', { band: marginText(found.band) }), results.note),
  };
  const steps: Text[] = [
    say(dice > 1 ? 'charge.morale.rollsSum' : 'charge.morale.rolls', { unit: f.unit, die: dieText(die.value), rolls: rolls.join(' + '), natural: String(natural), house: house_['morale.die'] }),
    ...(applied.length
      ? applied.map((m) =>
          m.count > 1
            ? say('charge.morale.modifierTimes', { total: signed(m.total), why: m.why, count: String(m.count), value: signed(m.value), house: house_['morale.modifiers'] })
            : say('charge.morale.modifier', { total: signed(m.total), why: m.why, house: house_['morale.modifiers'] }),
        )
      : [say('charge.morale.noModifier', { unit: f.unit, house: house_['morale.modifiers'] })]),
    say('charge.morale.modified', { total: String(total), target: targetShown, margin: signed(margin), house: house_['morale.target'] }),
    say('charge.morale.band', { margin: signed(margin), band: marginText(found.band), result: joinedBy(result.map((r) => say('charge.battle.morale.result', { result: r === 'fall-back' ? 'fallBack' : r })), ', '), house: house_['morale.results'] }),
  ];
  const retreats = result.some((r) => RETREATS.includes(r));
  if (retreats && f.turn.melee) steps.push(say('charge.morale.retreats', { unit: f.unit }));
  return { rule: 'MEL-D10', unit: f.unit, die: dieText(die.value), rolls, natural, modifiers: applied, total, target: need, margin, band: marginText(found.band), result, retreats, house: house_, dice: rec.rolled, steps };
}
