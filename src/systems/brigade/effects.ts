import type { Text } from '../../i18n/text.ts';
import type { Distance } from './pack-schema.ts';

/**
 * What a resolution does to a unit or leader, for the battle to apply later: each effect names the
 * rule that gives it. Only effects the source names are here (it has retreats and rallies, no rout).
 */
export type Effect =
  /** BRG-1.1: the unit auto-rallies, in any formation, facing the direction of its retreat. */
  | { unit: string; effect: 'rally'; rule: 'BRG-1.1'; formation: string | null; facing: 'direction of retreat' }
  /** BRG-1.3: marked out of command (what that does is not in the source). */
  | { unit: string; effect: 'out-of-command'; rule: 'BRG-1.3'; why: Text }
  /** BRG-3.3.4: casualties taken in melee. */
  | { unit: string; effect: 'casualties'; rule: 'BRG-3.3.4'; count: number; why: Text }
  /**
   * BRG-3.2.3 (a charged unit failing its test) and BRG-3.3.4 (melee losers): retreat facing the
   * direction of retreat; `distance` null where the source gives none; `marker` = a retreat marker
   * is placed (BRG-3.3.4 says so; BRG-3.2.3 does not).
   */
  | { unit: string; effect: 'retreat'; rule: 'BRG-3.2.3' | 'BRG-3.3.4'; distance: Distance | null; facing: 'direction of retreat'; marker: boolean | null }
  /**
   * BRG-2.2, BRG-3.3.4: casualties took the last of the unit's strength (its roster figures, the
   * casualties it can take): it is destroyed and out of play; it does not retreat, rally or test.
   */
  | { unit: string; effect: 'destroyed'; rule: 'BRG-2.2' | 'BRG-3.3.4'; why: Text }
  /** BRG-3.2.4, BRG-3.4.5: a charged unit that passed morale and has not activated may fire. */
  | { unit: string; effect: 'may-defensive-fire'; rule: 'BRG-3.2.4' | 'BRG-3.4.5' }
  /** BRG-3.2.5, BRG-3.4.6: cavalry charging infantry must roll to break the bayonets. */
  | { unit: string; effect: 'break-bayonets-roll'; rule: 'BRG-3.2.5' | 'BRG-3.4.6'; against: string }
  /** BRG-3.4.1: may charge again (exploit). */
  | { unit: string; effect: 'may-exploit'; rule: 'BRG-3.4.1'; moves: number | null }
  /** BRG-2.2.1, BRG-3.2.3, BRG-3.4.4: must take a morale test. */
  | { unit: string; effect: 'morale-test'; rule: 'BRG-2.2.1' | 'BRG-3.2.3' | 'BRG-3.4.4'; why: Text }
  /** A step the source leaves open: the GM rules (`question` says what). */
  | { unit: string; effect: 'gm-ruling'; rule: string; question: Text };

/** A leader's roll on the Fallen Leader table (BRG-2.2.3, BRG-3.3.5); the table is not in the source. */
export interface FallenLeaderRoll {
  leader: string;
  unit: string;
  rule: 'BRG-2.2.3' | 'BRG-3.3.5';
  why: Text;
}

export const distanceText = (d: Distance): string => `${d.in}"${d.cm !== null ? ` (${d.cm}cm)` : ''}`;
