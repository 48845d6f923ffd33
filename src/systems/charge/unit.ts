import type { Arm, Formation, UnitClass } from './pack-schema.ts';

/**
 * What the umpire reads for itself, from the roster (arm, figures, formation, class) and the log
 * (shaken, disordered, rout, casualties). Never a player's choice: docs/architecture.md, Rules. What players
 * measure or see on the table is in each resolver's `...Choices` type instead.
 */
export interface ChargeUnit {
  id: string;
  arm: Arm;
  /** Castings, or the total of the units acting together: the Mass rows compare the two sides' figures. */
  figures: number;
  formation?: Formation;
  class?: UnitClass;
  shaken?: boolean;
  disordered?: boolean;
  /** Routed or broken (which, where the log says): CHG-ATT-MOD.6 (printed NA: it may not charge), CHG-DEF-MOD.3. */
  routBroken?: boolean | 'routed' | 'broken';
}

/** The charging unit, with what the log holds of its approach. */
export interface ChargingUnit extends ChargeUnit {
  /** Casualties taken while closing, as a percentage of the unit: CHG-ATT-MOD.7, -2 each full 10%. */
  closingLossPercent?: number;
  /** A leader is attached (the roster's `leader`): CHG-ATT-MOD.18. */
  leaderAttached?: boolean;
}

export const isCavalry = (arm: Arm): boolean => arm === 'light cavalry' || arm === 'heavy cavalry';
