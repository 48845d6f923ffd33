import type { Dice } from './initiative.ts';

/**
 * The outcome shape every charge-system resolver returns (the medieval one's, with provenance):
 * the rule, every die in the order rolled, and the working as lines. `Dice` is initiative.ts's.
 */

export interface Rolled {
  sides: number;
  result: number;
}

export interface Outcome {
  rule: string;
  dice: Rolled[];
  steps: string[];
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
