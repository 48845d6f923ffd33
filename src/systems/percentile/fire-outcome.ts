import type { Text } from '../../i18n/text.ts';
import type { Shot } from './fire-input.ts';

/**
 * What the Fire Routine (fire.ts) gives: a resolved attack with every step, die and rule ID, a
 * refusal with its rule, or a question for the GM with the working so far.
 */

export interface Step {
  label: Text;
  /** The number shown (or the chart line / target type read); a fraction also as `exact` ("80/3"). */
  value: number | string;
  exact?: string;
  rule: string;
}

export interface RolledDie {
  sides: number;
  result: number;
  purpose: string;
}

export interface OfficerCheck {
  rule: string;
  roll: number;
  /** Hit when the roll is at most this. */
  chance: number;
  hit: boolean;
  /** 01 or 00: the Random Officer Hit sequence (14.62) starts. */
  randomOfficerHit: boolean;
}

export interface CriticalHit {
  rule: 'PCT-11.75';
  roll: number;
  bonus: number;
  total: number;
  section: 'first' | 'second';
  /** Second-section roll, when the pack's table rolls again. */
  secondRoll?: { roll: number; total: number };
  /** The pack table's result; null when the pack has no table (the GM reads theirs). */
  result: { text: string; counterbattery?: 'A' | 'B' } | null;
  needsGm: boolean;
  text: Text;
}

export interface Marker {
  marker: 'counterbattery-A' | 'counterbattery-B';
  rule: 'PCT-11.76' | 'PCT-11.77';
  /** The battery that must answer it. */
  on: 'target';
  placedBy: 'critical-hit' | 'gm';
  /** Any one of these removes it (source text); B never turns into A. */
  /** Each way to remove it, a to e, in the reader's words (an older log's English as written). */
  clearedBy: readonly Text[];
}

export interface FireOutcome {
  status: 'resolved';
  rule: 'PCT-11.15' | 'PCT-11.16';
  steps: Step[];
  chartLine: string | null;
  targetType: 'Massed' | 'Linear';
  firing: number;
  base: number;
  percent: number;
  roll: number;
  hit: boolean;
  automaticLosses: number;
  /** Losses applied to the target (automatic ones included), capped at its strength. */
  losses: number;
  lossKind: 'figures' | 'cannon' | 'train material';
  officerChecks: OfficerCheck[];
  randomOfficerHit: { rule: string; needsGm: true; text: Text } | null;
  criticalHit: CriticalHit | null;
  markers: Marker[];
  /** `direction` or `batteryLoss` null: open in this battle, so no level moved (PCT-11.73). */
  mfpChange: { rule: 'PCT-11.73'; points: number; direction: 'up' | 'down' | null; perFigure: number; perBatteryOrTrain: number; batteryLoss: 'each-cannon' | 'whole-battery' | null; text: Text; open?: string[] };
  moraleCheckDue: boolean;
  ammunition: { rule: string; spent: 1; shot: Shot } | null;
  notes: Text[];
  dice: RolledDie[];
}

export type MfpChange = FireOutcome['mfpChange'];

export interface FireRefused {
  status: 'refused';
  rule: string;
  reason: Text;
}

export interface FireNeedsGm {
  status: 'needsGm';
  rule: string;
  question: Text;
  /** The house rule a GM may set instead of answering at each use (house-rules.ts). */
  house?: string;
  /** The working so far, for the GM to rule on. */
  steps: Step[];
}

export type FireResult = FireOutcome | FireRefused | FireNeedsGm;
