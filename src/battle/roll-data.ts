import type { DiceUsed } from '../dice/stream.ts';

/** A roll made with /roll as the state keeps it (a secret one until revealed), and the events of rolls; the mechanics are in rolls.ts. */
export interface RollRecord {
  number: number;
  roller: string;
  expression: string;
  reason?: string;
  secret: boolean;
  revealed: boolean;
  output: string;
  total: number;
}

export type RollEvent =
  | { type: 'DiceRolled'; data: { number: number; roller: string; expression: string; reason?: string; secret: boolean; output: string; total: number; dice: DiceUsed } }
  | { type: 'RollRevealed'; data: { number: number } }
  | { type: 'SeedRevealed'; data: { seed: string } };
