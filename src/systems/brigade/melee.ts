import { refuse } from '../../rules/errors.ts';
import { either, say, type Text } from '../../i18n/text.ts';
import { distanceText, type Effect, type FallenLeaderRoll } from './effects.ts';
import { checkNotBoth, cite, HOUSE_KEYS, type HouseValue, type TieReading } from './house.ts';
import { ROUNDINGS, type Arm, type BrigadePack, type Distance, type MeleeDie, type Rounding } from './pack-schema.ts';
import { recorder, signed, type Dice, type Outcome } from '../../rules/outcome.ts';

/**
 * Melee, BRG-3.3.2 to BRG-3.3.5. Each side's strength = the average starting morale, with melee
 * modifiers, of its units + one die per unit (0, 1D3 or 1D6, the roster's `melee_dice`) +
 * supplementary modifiers (BRG-3.3.2); the higher strength wins (BRG-3.3.3). Every unit in the melee
 * takes 1 casualty, the loser's units share extra casualties equal to the difference evenly, and the
 * losers retreat (cavalry 12", infantry illegible in the source) with a retreat marker (BRG-3.3.4);
 * attached leaders roll for falling (BRG-3.3.5, a roll not in the source).
 *
 * What the source leaves open is an input, never guessed: the battle's house rule (`house`, cited in
 * the working) where one is set, else the GM's value:
 * - the melee and supplementary modifiers themselves (none are printed); a unit's melee modifiers
 *   are added to its morale before averaging, a side's `meleeModifiers` to the average: the source
 *   does not say which, so the GM gives them where they read it;
 * - rounding a fractional average (melee.rounding, or `rounding`; refused before any die is rolled
 *   when neither is given);
 * - equal strengths: no winner, no results, and the GM rules with `meleeResults`, unless melee.tie
 *   is "roll-again";
 * - an uneven split of the extra casualties: the side's `remainderOrder` (the GM's choice) takes
 *   the remainder one each, else it is left pending for the GM;
 * - the infantry retreat distance (retreat.infantry, or `infantryRetreat`), and any distance for
 *   other arms.
 * "All units in the melee" of the split is read as the loser's units. A 1D3 is rolled as a d3.
 */

/** A modifier the GM or players give: the source prints no melee or supplementary modifiers. */
export interface GivenModifier {
  text: string;
  value: number;
}

export interface MeleeUnit {
  unit: string;
  arm: Arm;
  /** Starting morale (the roster's `morale`). */
  morale: number;
  /** The roster's `melee_dice`. */
  meleeDie: MeleeDie;
  /** Melee modifiers of this unit, added to its morale before averaging (BRG-3.3.2). */
  modifiers?: readonly GivenModifier[];
  /** Leaders attached to it (BRG-3.3.5). */
  leaders?: readonly string[];
  /** Its strength left before the melee (the roster's figures less casualties), where the battle knows it: casualties that take the last of it destroy the unit (BRG-3.3.4). */
  left?: number;
}

export interface MeleeSide {
  side: string;
  units: readonly MeleeUnit[];
  /** Melee modifiers applied to the side's average (BRG-3.3.2). */
  meleeModifiers?: readonly GivenModifier[];
  /** Supplementary modifiers (BRG-3.3.2). */
  supplementary?: readonly GivenModifier[];
  /** The GM's order of this side's units to take an uneven remainder of extra casualties, one each (BRG-3.3.4). */
  remainderOrder?: readonly string[];
}

export interface SideStrength {
  side: string;
  units: { unit: string; morale: number; modifiers: GivenModifier[]; modified: number }[];
  /** The exact average of the modified morale. */
  average: number;
  /** The average as counted: rounded only when it is not whole. */
  counted: number;
  rounding: Rounding | null;
  /** The house rule that rounded it (melee.rounding); else a GM's ruling. */
  roundingBy?: string;
  meleeModifiers: GivenModifier[];
  dice: { unit: string; die: MeleeDie; roll: number | null }[];
  diceTotal: number;
  supplementary: GivenModifier[];
  strength: number;
}

export interface MeleeResults {
  rule: 'BRG-3.3.4';
  winner: string;
  loser: string;
  difference: number;
  casualties: { unit: string; side: string; count: number }[];
  /** Casualties, retreats and GM questions, for the battle to apply. */
  effects: Effect[];
  /** Extra casualties not yet assigned: the split is uneven and no `remainderOrder` covers it. */
  pendingRemainder: { count: number; among: string[] } | null;
  fallenLeaderRolls: FallenLeaderRoll[];
  steps: Text[];
}

export interface MeleeOutcome extends Outcome {
  rule: 'BRG-3.3';
  strengths: [SideStrength, SideStrength];
  winner: string | null;
  loser: string | null;
  tied: boolean;
  difference: number;
  /** null when tied: the GM rules (`meleeResults`). */
  results: MeleeResults | null;
}

/** The battle's house rules a melee reads (house.ts), where set. */
export interface MeleeHouse {
  rounding?: HouseValue<Rounding>;
  tie?: HouseValue<TieReading>;
  infantryRetreat?: HouseValue<number>;
}

export interface MeleeInput {
  sides: readonly [MeleeSide, MeleeSide];
  /** The GM's rounding of a fractional average where no house rule gives it (BRG-3.3.2). */
  rounding?: Rounding;
  /** The GM's infantry retreat distance, illegible in the source, where no house rule gives it (BRG-3.3.4). */
  infantryRetreat?: Distance;
  house?: MeleeHouse;
  dice: Dice;
  pack: BrigadePack;
}

const MAX_ROUNDS = 100;

const sum = (ms: readonly GivenModifier[]) => ms.reduce((t, m) => t + m.value, 0);
const round = (x: number, r: Rounding) => (r === 'down' ? Math.floor(x) : r === 'up' ? Math.ceil(x) : Math.round(x));
const modText = (ms: readonly GivenModifier[]) => ms.map((m) => `${m.text} ${signed(m.value)}`).join(', ');
/** Texts one after another, comma-separated ("a, b, c"). */
const commas = (texts: readonly Text[]): Text => (texts.length ? texts.reduce((a, b) => say('brigade.melee.comma', { a, b })) : '');

function checkSide(s: MeleeSide) {
  if (s.units.length === 0) refuse(say('brigade.melee.noUnit', { side: s.side }));
  for (const u of s.units) {
    if (!Number.isInteger(u.morale)) refuse(say('brigade.melee.moraleWhole', { unit: u.unit, got: String(u.morale) }));
    if (!['0', '1D3', '1D6'].includes(u.meleeDie)) refuse(say('brigade.melee.meleeDie', { unit: u.unit, got: u.meleeDie }));
  }
  for (const m of [...(s.meleeModifiers ?? []), ...(s.supplementary ?? []), ...s.units.flatMap((u) => u.modifiers ?? [])]) {
    if (!Number.isInteger(m.value)) refuse(say('brigade.melee.modifierWhole', { text: m.text, got: String(m.value) }));
  }
}

/** The part of a side's strength known before the dice: the averaged morale with its modifiers. */
function averagePart(s: MeleeSide, input: MeleeInput) {
  const units = s.units.map((u) => {
    const modifiers = [...(u.modifiers ?? [])];
    return { unit: u.unit, morale: u.morale, modifiers, modified: u.morale + sum(modifiers) };
  });
  const average = units.reduce((t, u) => t + u.modified, 0) / units.length;
  const house = input.house?.rounding;
  let rounding: Rounding | null = null;
  let counted = average;
  if (!Number.isInteger(average)) {
    rounding = house?.value ?? input.rounding ?? null;
    if (rounding === null) {
      refuse(say('brigade.melee.howRound', { side: s.side, average: String(+average.toFixed(3)), roundings: ROUNDINGS.join(', '), key: HOUSE_KEYS.rounding }));
    }
    counted = round(average, rounding);
  }
  return { units, average, counted, rounding, ...(rounding && house ? { roundingBy: cite(house) } : {}) };
}


export function resolveMelee(input: MeleeInput): MeleeOutcome {
  const { pack } = input;
  const [a, b] = input.sides;
  if (a.side === b.side) refuse(say('brigade.melee.sideTwice', { side: a.side }));
  const all = [...a.units, ...b.units].map((u) => u.unit);
  const twice = all.find((u, i) => all.indexOf(u) !== i);
  if (twice !== undefined) refuse(say('brigade.melee.unitTwice', { unit: twice }));
  checkSide(a);
  checkSide(b);
  checkNotBoth(input.house?.rounding, input.rounding !== undefined, 'rounding', 'BRG-3.3.2');
  checkNotBoth(input.house?.infantryRetreat, input.infantryRetreat !== undefined, 'infantry_retreat', 'BRG-3.3.4');
  // Everything that can be refused is checked before the first die is rolled.
  const parts = [averagePart(a, input), averagePart(b, input)] as const;

  const rec = recorder(input.dice);
  const steps: Text[] = [];
  /** Each side's dice and strength: rolled once, and again while a house rule has a tie rolled again (BRG-3.3.3). */
  const rollStrengths = (first: boolean) =>
    input.sides.map((s, i) => {
      const p = parts[i]!;
      const meleeModifiers = [...(s.meleeModifiers ?? [])];
      const supplementary = [...(s.supplementary ?? [])];
      if (first) {
        const values = { side: s.side, morale: p.units.map((u) => `${u.unit} ${u.morale}${u.modifiers.length ? ` (${modText(u.modifiers)}) = ${u.modified}` : ''}`).join(', '), average: String(+p.average.toFixed(3)) };
        steps.push(p.rounding ? say('brigade.melee.moraleRounded', { ...values, rounding: p.rounding, counted: String(p.counted), by: p.roundingBy ?? say('brigade.melee.noRounding') }) : say('brigade.melee.morale', values));
        if (meleeModifiers.length) steps.push(say('brigade.melee.meleeModifiers', { side: s.side, modifiers: modText(meleeModifiers) }));
      }
      const dice = s.units.map((u) => {
        const sides = pack.melee.dice[u.meleeDie];
        return { unit: u.unit, die: u.meleeDie, roll: sides === 0 ? null : rec.roll(sides) };
      });
      const diceTotal = dice.reduce((t, d) => t + (d.roll ?? 0), 0);
      const strength = p.counted + sum(meleeModifiers) + diceTotal + sum(supplementary);
      steps.push(say('brigade.melee.dice', { side: s.side, dice: commas(dice.map((d) => (d.die === '0' ? say('brigade.melee.diceNone', { unit: d.unit }) : `${d.unit} ${d.die} ${d.roll}`))), total: String(diceTotal) }));
      if (supplementary.length) steps.push(say('brigade.melee.supplementary', { side: s.side, modifiers: modText(supplementary) }));
      steps.push(say('brigade.melee.strength', { side: s.side, sum: `${p.counted}${meleeModifiers.length ? ` ${signed(sum(meleeModifiers))}` : ''} + ${diceTotal}${supplementary.length ? ` ${signed(sum(supplementary))}` : ''}`, strength: String(strength) }));
      return { side: s.side, units: p.units, average: p.average, counted: p.counted, rounding: p.rounding, ...(p.roundingBy ? { roundingBy: p.roundingBy } : {}), meleeModifiers, dice, diceTotal, supplementary, strength };
    }) as [SideStrength, SideStrength];

  const tie = input.house?.tie;
  const anyDie = [...a.units, ...b.units].some((u) => pack.melee.dice[u.meleeDie] !== 0);
  let strengths = rollStrengths(true);
  for (let round = 1; strengths[0].strength === strengths[1].strength && tie?.value === 'roll-again' && anyDie; round++) {
    if (round >= MAX_ROUNDS) throw new Error(`melee still tied after ${MAX_ROUNDS} rolls`);
    steps.push(say('brigade.melee.tieRollAgain', { strength: String(strengths[0].strength), cite: cite(tie) }));
    strengths = rollStrengths(false);
  }
  const [sa, sb] = strengths;
  const difference = Math.abs(sa.strength - sb.strength);
  if (difference === 0) {
    const strength = String(sa.strength);
    steps.push(
      !tie
        ? say('brigade.melee.tieOpen', { strength, key: HOUSE_KEYS.meleeTie })
        : tie.value === 'gm-rules'
          ? say('brigade.melee.tieGm', { strength, cite: cite(tie) })
          : say('brigade.melee.tieNoDie', { strength, cite: cite(tie) }),
    );
    return { rule: 'BRG-3.3', strengths, winner: null, loser: null, tied: true, difference: 0, results: null, dice: rec.rolled, steps };
  }
  const winner = sa.strength > sb.strength ? a : b;
  const loser = winner === a ? b : a;
  steps.push(say('brigade.melee.wins', { side: winner.side, difference: String(difference) }));
  const results = meleeResults({ sides: input.sides, loser: loser.side, difference, ...(input.infantryRetreat ? { infantryRetreat: input.infantryRetreat } : {}), ...(input.house ? { house: input.house } : {}), pack });
  steps.push(...results.steps);
  return { rule: 'BRG-3.3', strengths, winner: winner.side, loser: loser.side, tied: false, difference, results, dice: rec.rolled, steps };
}

/** BRG-3.3.4 retreat distance for an arm: the pack's (cavalry), the battle's house rule or the GM's (infantry); null where none is given. */
export function retreatDistance(arm: Arm, pack: BrigadePack, infantryRetreat?: Distance, house?: HouseValue<number>): { distance: Distance | null; by: 'pack' | 'gm' | 'house' | null } {
  if (arm === 'cavalry') {
    const d = pack.retreat.distance.cavalry;
    return d ? { distance: d, by: 'pack' } : { distance: null, by: null };
  }
  if (arm === 'infantry' && house) return { distance: { in: house.value, cm: null }, by: 'house' };
  if (arm === 'infantry' && infantryRetreat) return { distance: infantryRetreat, by: 'gm' };
  return { distance: null, by: null };
}

/**
 * BRG-3.3.4 and BRG-3.3.5 once a loser is known: from `resolveMelee`, or from the GM after equal
 * strengths (the source gives no tie rule, so the GM names the loser and the difference to apply).
 */
export function meleeResults(input: { sides: readonly [MeleeSide, MeleeSide]; loser: string; difference: number; infantryRetreat?: Distance; house?: MeleeHouse; pack: BrigadePack }): MeleeResults {
  const { pack, difference } = input;
  const loser = input.sides.find((s) => s.side === input.loser);
  const winner = input.sides.find((s) => s.side !== input.loser);
  if (!loser || !winner) refuse(say('brigade.melee.loserIs', { sides: either(input.sides.map((s) => s.side)), got: input.loser }));
  if (!Number.isInteger(difference) || difference < 0) refuse(say('brigade.melee.differenceWhole', { got: String(difference) }));
  const per = pack.melee.casualtiesPerUnit;
  const n = loser.units.length;
  const share = Math.floor(difference / n);
  const remainder = difference % n;
  const steps: Text[] = [say('brigade.melee.everyUnit', { n: per })];
  const extra = new Map(loser.units.map((u) => [u.unit, share]));
  let pendingRemainder: MeleeResults['pendingRemainder'] = null;
  const effects: Effect[] = [];
  // "Distributed evenly across all units in the melee" is read as the loser's units (brigade-phases.md).
  if (difference === 0) steps.push(say('brigade.melee.losesNone', { side: loser.side }));
  else if (n === 1) steps.push(say('brigade.melee.losesOne', { side: loser.side, n: difference, unit: loser.units[0]!.unit }));
  else if (remainder === 0) steps.push(say('brigade.melee.losesEven', { side: loser.side, n: difference, share: String(share), units: String(n) }));
  else {
    steps.push(say('brigade.melee.losesUneven', { side: loser.side, n: difference, units: n, share: String(share), remainder: String(remainder) }));
    const order = (loser.remainderOrder ?? []).filter((u, i, xs) => extra.has(u) && xs.indexOf(u) === i);
    if (order.length >= remainder) {
      for (const u of order.slice(0, remainder)) extra.set(u, share + 1);
      steps.push(say('brigade.melee.gmOrder', { units: order.slice(0, remainder).join(', ') }));
    } else {
      const among = loser.units.map((u) => u.unit);
      pendingRemainder = { count: remainder, among };
      effects.push({ unit: loser.side, effect: 'gm-ruling', rule: 'BRG-3.3.4', question: say('brigade.melee.question.remainder', { n: remainder, among: among.join(', ') }) });
      steps.push(say('brigade.melee.gmAssigns', { n: remainder, among: among.join(', ') }));
    }
  }
  const casualties = input.sides.flatMap((s) => s.units.map((u) => ({ unit: u.unit, side: s.side, count: per + (extra.get(u.unit) ?? 0) })));
  for (const c of casualties) {
    const x = extra.get(c.unit) ?? 0;
    effects.push({ unit: c.unit, effect: 'casualties', rule: 'BRG-3.3.4', count: c.count, why: x ? say('brigade.melee.why.inMeleeExtra', { per: String(per), extra: String(x) }) : say('brigade.melee.why.inMelee', { per: String(per) }) });
  }
  // A unit's figures are the casualties it can take (the roster's strength): one that has taken them all is gone.
  const destroyed = new Set<string>();
  for (const s of input.sides) {
    for (const u of s.units) {
      const count = casualties.find((c) => c.unit === u.unit)!.count;
      if (u.left === undefined || count < u.left) continue;
      destroyed.add(u.unit);
      const why = say('brigade.melee.why.destroyed', { n: count, left: String(u.left) });
      effects.push({ unit: u.unit, effect: 'destroyed', rule: 'BRG-3.3.4', why });
      steps.push(say(s === loser ? 'brigade.melee.destroyedLoser' : 'brigade.melee.destroyed', { unit: u.unit, n: count, left: String(u.left) }));
    }
  }
  for (const u of loser.units) {
    if (destroyed.has(u.unit)) continue;
    const house = input.house?.infantryRetreat;
    const r = retreatDistance(u.arm, pack, input.infantryRetreat, house);
    effects.push({ unit: u.unit, effect: 'retreat', rule: 'BRG-3.3.4', distance: r.distance, facing: 'direction of retreat', marker: true });
    const by = r.by === 'house' && house ? cite(house, `${house.value}"`) : r.by === 'gm' ? say('brigade.melee.gmDistance') : undefined;
    if (r.distance) steps.push(by ? say('brigade.melee.retreatsBy', { unit: u.unit, arm: u.arm, distance: distanceText(r.distance), by }) : say('brigade.melee.retreats', { unit: u.unit, arm: u.arm, distance: distanceText(r.distance) }));
    else {
      const infantry = u.arm === 'infantry';
      const question = infantry ? say('brigade.melee.question.retreatInfantry') : say('brigade.melee.question.retreatArm', { arm: u.arm });
      effects.push({ unit: u.unit, effect: 'gm-ruling', rule: 'BRG-3.3.4', question });
      steps.push(infantry ? say('brigade.melee.retreatOpenInfantry', { unit: u.unit, arm: u.arm, key: HOUSE_KEYS.infantryRetreat }) : say('brigade.melee.retreatOpen', { unit: u.unit, arm: u.arm }));
    }
  }
  const fallenLeaderRolls: FallenLeaderRoll[] = input.sides.flatMap((s) =>
    s.units.flatMap((u) => (u.leaders ?? []).map((leader) => ({ leader, unit: u.unit, rule: 'BRG-3.3.5' as const, why: say('brigade.melee.why.leader', { unit: u.unit }) }))),
  );
  for (const l of fallenLeaderRolls) steps.push(say('brigade.melee.fallenLeader', { leader: l.leader, unit: l.unit }));
  return { rule: 'BRG-3.3.4', winner: winner.side, loser: loser.side, difference, casualties, effects, pendingRemainder, fallenLeaderRolls, steps };
}

/**
 * BRG-3.3.4, an uneven split left pending (`MeleeResults.pendingRemainder`): the GM names the units
 * that take the remaining extra casualties, one each, as `remainderOrder` does at the melee. Exactly
 * as many distinct units of the loser's as there are casualties left; anything else is refused.
 */
export function assignRemainder(input: { pending: { count: number; among: readonly string[] }; units: readonly string[] }): { casualties: { unit: string; count: 1 }[]; steps: Text[] } {
  const { pending, units } = input;
  const stranger = units.find((u) => !pending.among.includes(u));
  if (stranger !== undefined) refuse(say('brigade.melee.notLoser', { unit: stranger, among: pending.among.join(', ') }));
  const twice = units.find((u, i) => units.indexOf(u) !== i);
  if (twice !== undefined) refuse(say('brigade.melee.extraTwice', { unit: twice }));
  if (units.length !== pending.count) refuse(say('brigade.melee.extraLeft', { n: pending.count, among: pending.among.join(', '), got: String(units.length) }));
  return {
    casualties: units.map((unit) => ({ unit, count: 1 as const })),
    steps: [say('brigade.melee.remainderRuling', { units: units.join(', '), n: units.length })],
  };
}
