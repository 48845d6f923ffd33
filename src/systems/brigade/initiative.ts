import { refuse } from '../../rules/errors.ts';
import { list, say, type Text } from '../../i18n/text.ts';
import { cite, HOUSE_KEYS, type HouseValue, type TieReading } from './house.ts';
import type { BrigadePack } from './pack-schema.ts';
import { recorder, type Dice, type Outcome } from '../../rules/outcome.ts';

/**
 * The initiative rounds, BRG-2.1 (which side must activate a formation), BRG-3.2.1 and BRG-3.4.2
 * (which side activates a unit): both players roll 1D6 and the higher roll wins; the winner declares
 * which side, his own or the other, activates. The source gives no tie rule: unless the battle's
 * house rule `initiative.tie` is "roll-again", a tie is returned as tied, with no winner, and no
 * re-roll is assumed; the GM rules (`declareActiveSide` with `gmRuling`).
 */

export type InitiativeStep = 'BRG-2.1' | 'BRG-3.2.1' | 'BRG-3.4.2';

/** What the winner declares, as the outcome keeps it and as a refusal says it. */
const DECLARES_TEXT: Record<InitiativeStep, Text> = {
  'BRG-2.1': say('brigade.initiative.declaresFormation'),
  'BRG-3.2.1': say('brigade.initiative.declaresUnit'),
  'BRG-3.4.2': say('brigade.initiative.declaresExploiting'),
};

export interface InitiativeRoll {
  round: number;
  side: string;
  roll: number;
}

export interface InitiativeOutcome extends Outcome {
  rule: InitiativeStep;
  sides: [string, string];
  rolls: InitiativeRoll[];
  /** The higher roll; null when tied and no house rule has the players roll again. */
  winner: string | null;
  tied: boolean;
  rounds: number;
  /** What the winner declares. */
  declares: Text;
}

const MAX_ROUNDS = 100;

/** `tie`: the battle's house rule for a tie (initiative.tie), if one is set. */
export function rollInitiative(input: { step: InitiativeStep; sides: readonly [string, string]; dice: Dice; pack: BrigadePack; tie?: HouseValue<TieReading> }): InitiativeOutcome {
  const { step, pack } = input;
  const sides: [string, string] = [input.sides[0], input.sides[1]];
  if (sides[0] === sides[1]) refuse(say('brigade.initiative.namedTwice', { side: sides[0], rule: step }));
  const die = pack.initiative.die;
  const rec = recorder(input.dice);
  const rolls: InitiativeRoll[] = [];
  const steps: Text[] = [say('brigade.initiative.round', { step, die: String(die), declares: DECLARES_TEXT[step] })];
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const [a, b] = sides.map((side) => {
      const r = { round, side, roll: rec.roll(die) };
      rolls.push(r);
      return r;
    }) as [InitiativeRoll, InitiativeRoll];
    steps.push(say(round > 1 ? 'brigade.initiative.reroll' : 'brigade.initiative.rolls', { n: String(round - 1), a: a.side, aRoll: String(a.roll), b: b.side, bRoll: String(b.roll) }));
    if (a.roll !== b.roll) {
      const winner = a.roll > b.roll ? a.side : b.side;
      steps.push(say('brigade.initiative.wins', { winner, declares: DECLARES_TEXT[step], step }));
      return { rule: step, sides, rolls, winner, tied: false, rounds: round, declares: DECLARES_TEXT[step], dice: rec.rolled, steps };
    }
    const tie = input.tie;
    if (tie?.value !== 'roll-again') {
      steps.push(
        tie
          ? say('brigade.initiative.tiedGm', { roll: String(a.roll), cite: cite(tie) })
          : say('brigade.initiative.tiedNoRule', { roll: String(a.roll), step, key: HOUSE_KEYS.initiativeTie }),
      );
      return { rule: step, sides, rolls, winner: null, tied: true, rounds: round, declares: DECLARES_TEXT[step], dice: rec.rolled, steps };
    }
    steps.push(say('brigade.initiative.tiedAgain', { roll: String(a.roll), cite: cite(tie) }));
  }
  throw new Error(`initiative still tied after ${MAX_ROUNDS} rounds`);
}

/** After a tie only a GM declares; while no house rule says so, he may set one for the battle instead. */
export const tiedRefusal = (rule: InitiativeStep, tie?: HouseValue<TieReading>): Text =>
  tie ? say('brigade.initiative.tiedRefusalHouse', { cite: cite(tie) }) : say('brigade.initiative.tiedRefusal', { rule, key: HOUSE_KEYS.initiativeTie });

export interface Declaration {
  rule: InitiativeStep;
  /** The side that activates. */
  side: string;
  declaredBy: string;
  steps: Text[];
}

/**
 * The winner's declaration (BRG-2.1, BRG-3.2.1, BRG-3.4.2). Only the winner declares; after a tie the
 * source names no one, so only a GM ruling (`gmRuling`) may declare, and the steps say so.
 */
export function declareActiveSide(input: { initiative: InitiativeOutcome; declaredBy: string; side: string; gmRuling?: boolean }): Declaration {
  const { initiative: ini, side, declaredBy } = input;
  if (!ini.sides.includes(side)) refuse(say('brigade.initiative.didNotRoll', { side, sides: list(ini.sides, 'or'), rule: ini.rule }));
  if (input.gmRuling) {
    return { rule: ini.rule, side, declaredBy, steps: [ini.tied ? say('brigade.initiative.gmRulingTied', { side, rule: ini.rule }) : say('brigade.initiative.gmRuling', { side, rule: ini.rule })] };
  }
  if (ini.winner === null) refuse(tiedRefusal(ini.rule));
  if (declaredBy !== ini.winner) refuse(say('brigade.initiative.winnerDeclares', { winner: ini.winner, declares: DECLARES_TEXT[ini.rule] ?? ini.declares, rule: ini.rule }));
  return { rule: ini.rule, side, declaredBy, steps: [side === declaredBy ? say('brigade.initiative.declaresOwn', { by: declaredBy, side, rule: ini.rule }) : say('brigade.initiative.declaresOther', { by: declaredBy, side, rule: ini.rule })] };
}
