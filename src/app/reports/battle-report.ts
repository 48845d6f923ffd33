import type { Text } from '../../i18n/text.ts';
import type { MeleeReport, ReportStatus } from '../../battle/system.ts';

/**
 * A battle report: the log read through the rule system's report hooks (RuleSystem.report) over a
 * range of turns. Each unit's strength and morale at the start of the range, at each event that
 * changed them and at the end of each turn; casualties by side and turn (every loss each unit took
 * in the turn); the melees resolved.
 * Made by report.ts; declared apart from it, as the chart (report-chart.ts, which report.ts loads
 * on the first report) reads it too, and an import of report.ts from there closed a circle.
 */
export interface BattleReport {
  /**
   * `hash`: the hash of the battle's first event (its creation, which commits to its secret seed):
   * it differs between any two battles, even two b1 of two databases of one name.
   */
  battle: { id: string; name: string; system: string; commitment: string };
  /** The battle's sides in the order they were set up (then "no side" if a unit has none): the chart's order. */
  sides: string[];
  /** The turns reported, first and last (the last the battle has reached at most). */
  turns: { from: number; to: number };
  /** What strength counts ("figures"); undefined when the rule system says nothing of its units. */
  strength?: string;
  /**
   * Losses the rule system counts apart from strength ("casualty steps", ReportHooks.apart): each
   * point's `apart` and each casualty row's `apart` count them.
   */
  apart?: string;
  /**
   * Each unit's points in order: at turn `from - 1` (the start of the range), at each event of a turn
   * that changed its strength, morale or losses counted apart (`event`: that log event), and at the
   * end of each turn (no `event`). A unit that joined later starts at its roster's strength.
   */
  series: { turn: number; event?: number; unit: string; side: string; strength: number; morale: ReportStatus; apart?: number }[];
  /** Each side's losses in each turn: every fall of a unit's strength (and of its count apart), event by event. */
  casualties: { turn: number; side: string; lost: number; apart?: number }[];
  melees: (MeleeReport & { turn: number; event: number })[];
  /**
   * The house rules in force at the end of the range, each once (the last value set, none unset
   * since), with the turn and log event that set it and by whom (issue 39); `text` its key, rule IDs and value.
   */
  houseRules: { key: string; turn: number; event: number; by: string; source?: string; text: Text }[];
}
