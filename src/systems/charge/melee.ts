import { say, type Text } from '../../i18n/text.ts';
import { refuse } from '../../rules/errors.ts';
import type { Dice } from '../../rules/outcome.ts';
import { checkGmModifiers, gmModifierText, sumGm, type GmModifier } from './modifiers.ts';
import { commas } from './sourced.ts';
import { recorder, type Outcome } from '../../rules/outcome.ts';
import type { ChargeRulesPack } from './pack-schema.ts';

/**
 * Melee, MEL-D10: "Both sides roll 1d10 and add modifiers. The high modified roll wins. The loser
 * takes casualty step losses equal to the difference of the modified die rolls. The winner takes
 * casualty step losses equal to the difference of the unmodified die rolls. Both sides check
 * morale, and if neither retreats, the melee continues. There is no pursuit allowed from a melee.
 * All participants of a melee are concidered at least disordered."
 * The source lists no melee modifiers, so every modifier is a labelled input (the GM's, or a rule's
 * such as CHG-RIDEDOWN); it gives no rule for equal modified rolls, so a tie goes to the GM. The
 * winner's "difference of the unmodified rolls" is read as its absolute value (the winner's own
 * roll may be the lower).
 */

export interface MeleeSide {
  /** Unit id. */
  id: string;
  modifiers?: readonly GmModifier[];
}

export interface MeleeInput {
  sides: readonly [MeleeSide, MeleeSide];
  dice: Dice;
  pack: ChargeRulesPack;
}

export interface MeleeRoll {
  unit: string;
  roll: number;
  modifiers: GmModifier[];
  total: number;
}

export type MeleeResult =
  | { kind: 'winner'; winner: string; loser: string; losses: { unit: string; steps: number; why: Text }[] }
  | { kind: 'tie'; needsGm: true; reason: Text };

export interface MeleeOutcome extends Outcome {
  rule: 'MEL-D10';
  rolls: [MeleeRoll, MeleeRoll];
  result: MeleeResult;
  /** MEL-D10: every participant is at least disordered, both check morale, no pursuit. */
  effects: { disordered: string[]; moraleCheck: string[]; pursuit: false; continuesIfNeitherRetreats: true };
}

export function meleeRound(input: MeleeInput): MeleeOutcome {
  const { sides, pack } = input;
  if (sides.length !== 2) refuse(say('charge.melee.sidesTwo', { n: String(sides.length) }));
  const [a, b] = sides;
  if (a.id === b.id) refuse(say('charge.melee.sameUnit', { unit: a.id }));
  for (const s of sides) checkGmModifiers(s.modifiers ?? [], 'MEL-D10');
  const rec = recorder(input.dice);
  const die = pack.melee.die;
  const roll = (s: MeleeSide): MeleeRoll => {
    const r = rec.roll(die);
    const modifiers = [...(s.modifiers ?? [])];
    return { unit: s.id, roll: r, modifiers, total: r + sumGm(modifiers) };
  };
  const rolls: [MeleeRoll, MeleeRoll] = [roll(a), roll(b)];
  const steps: Text[] = [];
  for (const r of rolls) {
    const values = { unit: r.unit, die: String(die), roll: String(r.roll), total: String(r.total) };
    steps.push(r.modifiers.length ? say('charge.melee.rollsModified', { ...values, modifiers: commas(r.modifiers.map(gmModifierText))! }) : say('charge.melee.rolls', values));
  }
  const [ra, rb] = rolls;
  let result: MeleeResult;
  if (ra.total === rb.total) {
    result = { kind: 'tie', needsGm: true, reason: say('charge.melee.tie', { total: String(ra.total) }) };
    steps.push(result.reason);
  } else {
    const [win, lose] = ra.total > rb.total ? [ra, rb] : [rb, ra];
    const loserSteps = win.total - lose.total;
    const winnerSteps = Math.abs(win.roll - lose.roll);
    result = {
      kind: 'winner',
      winner: win.unit,
      loser: lose.unit,
      losses: [
        { unit: lose.unit, steps: loserSteps, why: say('charge.melee.why.modified', { a: String(win.total), b: String(lose.total) }) },
        { unit: win.unit, steps: winnerSteps, why: say('charge.melee.why.unmodified', { a: String(win.roll), b: String(lose.roll) }) },
      ],
    };
    steps.push(say('charge.melee.wins', { winner: win.unit, total: String(win.total), against: String(lose.total) }));
    steps.push(say('charge.melee.losses', { loser: lose.unit, n: loserSteps, winner: win.unit, winnerSteps: String(winnerSteps), roll: String(win.roll), against: String(lose.roll) }));
  }
  steps.push(say('charge.melee.after'));
  const ids = [ra.unit, rb.unit];
  return { rule: 'MEL-D10', rolls, result, effects: { disordered: ids, moraleCheck: ids, pursuit: false, continuesIfNeitherRetreats: true }, dice: rec.rolled, steps };
}

/** One round of MEL-D10 (the battle calls it again while the melee continues). */
export const resolveMelee = meleeRound;
