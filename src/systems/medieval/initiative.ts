import { list, say, type Text } from '../../i18n/text.ts';
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
export function rollInitiative(input: { sides: readonly InitiativeSide[]; dice: Dice; pack: MedievalPack; die: 6 | 10; dieNote?: Text }): InitiativeOutcome {
  const { pack, die } = input;
  if (input.sides.length < 2) refuse(say('medieval.initiative.atLeastTwo'));
  if (new Set(input.sides.map((s) => s.side)).size !== input.sides.length) refuse(say('medieval.initiative.namedTwice'));
  for (const s of input.sides) if (s.commander !== undefined && !COMMANDERS.includes(s.commander)) refuse(say('medieval.initiative.badCommander', { commanders: COMMANDERS.join(', '), got: String(s.commander) }));
  const rec = recorder(input.dice);
  const rolls: InitiativeRoll[] = [];
  const steps: Text[] = [say('medieval.initiative.stepEach', { die: String(die), hasNote: input.dieNote ? 'yes' : 'no', note: input.dieNote ?? '' })];
  let contenders = [...input.sides];
  for (let round = 1; round <= MAX_ROUNDS; round++) {
    const these = contenders.map((s) => {
      const roll = rec.roll(die);
      const modifier = s.commander ? pack.initiative.commanders[s.commander] : 0;
      const r = { round, side: s.side, roll, modifier, total: roll + modifier };
      rolls.push(r);
      return { s, r };
    });
    const each = these.map(({ s, r }): Text => say('medieval.initiative.roll', { side: s.side, roll: String(r.roll), hasCommander: s.commander ? 'yes' : 'no', modifier: signed(r.modifier), commander: s.commander ?? '', total: String(r.total) }));
    steps.push(say('medieval.initiative.stepRolls', { reroll: round - 1, rolls: each.reduce((a, b) => say('medieval.fire.both', { a, b })) }));
    const best = Math.max(...these.map((t) => t.r.total));
    const top = these.filter((t) => t.r.total === best);
    if (top.length === 1) {
      const winner = top[0]!.s.side;
      steps.push(say('medieval.initiative.stepWinner', { side: winner }));
      return { rule: 'MED-INIT', die, rolls, winner, rounds: round, dice: rec.rolled, steps };
    }
    steps.push(say('medieval.initiative.stepTie', { sides: list(top.map((t) => t.s.side)), best: String(best) }));
    contenders = top.map((t) => t.s);
  }
  throw new Error(`initiative still tied after ${MAX_ROUNDS} rounds`);
}
