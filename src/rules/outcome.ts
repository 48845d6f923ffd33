import type { Text } from '../i18n/text.ts';
/** Dice and the outcome shape every rule system's resolvers return: the rule, every die in the order rolled, the working as lines. */

/** Anything that rolls an n-sided die, 1..n (the battle's DiceStream, or a test stub). */
export interface Dice {
  die(n: number): number;
}

export interface Rolled {
  sides: number;
  result: number;
}

/** What every resolver returns: the rule, every die in the order rolled, and the working as lines. */
export interface Outcome {
  rule: string;
  dice: Rolled[];
  steps: Text[];
}

/** Rolls through `dice` and keeps each die for the outcome. */
export function recorder(dice: Dice) {
  const rolled: Rolled[] = [];
  return {
    rolled,
    roll(sides: number): number {
      const result = dice.die(sides);
      rolled.push({ sides, result });
      return result;
    },
  };
}
export type Recorder = ReturnType<typeof recorder>;

export const signed = (n: number): string => (n >= 0 ? `+${n}` : `${n}`);
