import { say } from '../../i18n/text.ts';
import { refuse } from '../../rules/errors.ts';
import { COMMANDERS, type Commander, type MedievalPack } from './pack-schema.ts';
import { recorder, signed, type Dice, type Outcome } from '../../rules/outcome.ts';

/**
 * Initiative, MED-INIT: each side rolls one die and adds its Commander's modifier (Cautious +2,
 * Bold +4, Rash +4, Exceptional +6); the highest total chooses to be side A or B this turn
 * (MED-INIT.4, MED-SEQ.1); equal totals roll again (MED-INIT.5). The die is a d10 (MED-SEQ.1) or a
 * d6 (MED-INIT.1): the source disagrees, so `die` is the battle's (house rule initiative.die, or
 * the die agreed at creation), never a default. With more than two sides only those tied for the
 * highest roll again.
 */

export interface InitiativeSide {
  side: string;
  /** The most senior commander present (MED-INIT.3); none = no modifier. */
  commander?: Commander;
}

export interface InitiativeRoll {
  round: number;
  side: string;
  roll: number;
  modifier: number;
  total: number;
}

export interface InitiativeOutcome extends Outcome {
  rule: 'MED-INIT';
  die: number;
  rolls: InitiativeRoll[];
  /** Chooses to be side A or B this Game Turn. */
  winner: string;
  rounds: number;
}

const MAX_ROUNDS = 100;

/** `dieNote` says where the die came from (a house rule), for the working. */
export function rollInitiative(input: { sides: readonly InitiativeSide[]; dice: Dice; pack: MedievalPack; die: 6 | 10; dieNote?: string }): InitiativeOutcome {
  const { pack, die } = input;
  if (input.sides.length < 2) refuse(say('medieval.initiative.atLeastTwo'));
  if (new Set(input.sides.map((s) => s.side)).size !== input.sides.length) refuse(say('medieval.initiative.namedTwice'));
  for (const s of input.sides) if (s.commander !== undefined && !COMMANDERS.includes(s.commander)) refuse(say('medieval.initiative.badCommander', { commanders: COMMANDERS.join(', '), got: String(s.commander) }));
  const rec = recorder(input.dice);
  const rolls: InitiativeRoll[] = [];
  const steps: string[] = [`Each side rolls a d${die} and adds its commander's modifier (MED-INIT.1-2)${input.dieNote ? `; the die: ${input.dieNote}` : ''}.`];
  let contenders = [...input.sides];
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const these = contenders.map((s) => {
      const roll = rec.roll(die);
      const modifier = s.commander ? pack.initiative.commanders[s.commander] : 0;
      const r = { round, side: s.side, roll, modifier, total: roll + modifier };
      rolls.push(r);
      return { s, r };
    });
    steps.push(`${round > 1 ? `Re-roll ${round - 1}: ` : ''}${these.map(({ s, r }) => `${s.side} ${r.roll}${s.commander ? ` ${signed(r.modifier)} (${s.commander})` : ''} = ${r.total}`).join('; ')}.`);
    const best = Math.max(...these.map((t) => t.r.total));
    const top = these.filter((t) => t.r.total === best);
    if (top.length === 1) {
      const winner = top[0]!.s.side;
      steps.push(`${winner} has the highest total and chooses to be side A or B this Game Turn (MED-INIT.4).`);
      return { rule: 'MED-INIT', die, rolls, winner, rounds: round, dice: rec.rolled, steps };
    }
    steps.push(`${top.map((t) => t.s.side).join(' and ')} tie at ${best}: they roll again (MED-INIT.5).`);
    contenders = top.map((t) => t.s);
  }
  throw new Error(`initiative still tied after ${MAX_ROUNDS} rounds`);
}
