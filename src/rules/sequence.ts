import type { Text } from '../i18n/text.ts';

/**
 * Where a battle stands in its rule system's turn sequence.
 * `period` is used by systems whose turns differ by time of day (percentile: day, dusk, night,
 * interphase); others leave it undefined.
 */
export interface TurnPosition {
  turn: number;
  phase: number;
  period?: string;
}

/** What a phase is, and what falls due when the battle enters it. */
export interface PhaseInfo {
  /** Stable id within the system, e.g. `BRG-2`, `MED-SEQ.7`. */
  id: string;
  /** Its name as players read it (a phrase of the system's catalog); its id never changes. */
  name: Text;
  /** The phase's number as the rulebook prints it (usually its place in the turn, from 1). */
  number: number;
  /** Rule IDs (docs/rules/) that govern the phase. */
  rules: string[];
  /** Things the umpire reminds everyone of on entering the phase, e.g. "army morale check due". */
  due: Text[];
  /** Who acts in the phase as the rules say it ("side A", "both sides"); the banner names them. */
  acts?: Text;
  /** The slash commands the phase is for, as `command subcommand` paths (`fire medieval`, `morale test`). */
  commands: string[];
}

export interface Sequence {
  /** Where a new battle starts. */
  readonly start: TurnPosition;
  /** Periods a GM may choose for the next turn (empty when the system has none). */
  readonly periods: readonly string[];
  describe(pos: TurnPosition): PhaseInfo;
  /** The phase after `pos`; wraps into the next turn after the last phase. */
  nextPhase(pos: TurnPosition): TurnPosition;
  /** The first phase of the next turn; `period` picks the next turn's period where the system has them. */
  nextTurn(pos: TurnPosition, period?: string): TurnPosition;
}


/** One phase as a rule system's turn-sequence table declares it. */
export interface PhaseDef {
  id: string;
  /** Its name as players read it: a phrase of the system's catalog. */
  name: Text;
  rules: readonly string[];
  /** The phase's printed number where it is not its place in the turn (MED-SEQ prints no 14). */
  number?: number;
  /** What falls due on entering the phase on game turn `turn` (1-based). */
  due?: (turn: number) => Text[];
  /** Who acts in the phase ("side A", "both sides"). */
  acts?: Text;
  /** The slash commands the phase is for (`fire medieval`, `morale test`): its banner and /help show them. */
  commands?: readonly string[];
}

/** A turn sequence as data: the phases of a turn, per period where the system has periods. */
export interface PhaseTable {
  /** Periods a GM may choose for a turn, the starting one first; empty when the system has none. */
  periods: readonly string[];
  /** The phases of a turn in `period` (undefined for systems without periods). */
  phases(period: string | undefined): readonly PhaseDef[];
  /** The period of the next turn when the GM does not choose one; the same period if absent. */
  naturalNext?(period: string): string;
}

/** A `Sequence` walking a phase table: phase by phase, wrapping into turn + 1 after the last. */
export function tableSequence(table: PhaseTable): Sequence {
  const periods = Object.freeze([...table.periods]);
  const first = periods[0];

  const at = (turn: number, phase: number, period: string | undefined): TurnPosition =>
    period === undefined ? { turn, phase } : { turn, phase, period };

  const checkPeriod = (period: string): string => {
    if (!periods.includes(period)) throw new RangeError(`unknown period "${period}"; the periods are ${periods.join(', ')}`);
    return period;
  };
  // A position without a period (e.g. a fresh battle state) is in the starting period.
  const periodOf = (pos: TurnPosition): string | undefined => (first === undefined ? undefined : checkPeriod(pos.period ?? first));

  const phaseAt = (pos: TurnPosition): PhaseDef => {
    if (!Number.isInteger(pos.turn) || pos.turn < 1) throw new RangeError(`turn must be a whole number from 1 (got ${pos.turn})`);
    const list = table.phases(periodOf(pos));
    const def = Number.isInteger(pos.phase) ? list[pos.phase] : undefined;
    if (def === undefined) throw new RangeError(`phase ${pos.phase} does not exist; a turn${pos.period ? ` (${pos.period})` : ''} has phases 0 to ${list.length - 1}`);
    return def;
  };

  const sequence: Sequence = {
    start: Object.freeze(at(1, 0, first)),
    periods,
    describe(pos: TurnPosition): PhaseInfo {
      const def = phaseAt(pos);
      return {
        id: def.id,
        name: def.name,
        number: def.number ?? pos.phase + 1,
        rules: [...def.rules],
        due: def.due?.(pos.turn) ?? [],
        ...(def.acts ? { acts: def.acts } : {}),
        commands: [...(def.commands ?? [])],
      };
    },
    nextPhase(pos: TurnPosition): TurnPosition {
      phaseAt(pos);
      const period = periodOf(pos);
      return pos.phase + 1 < table.phases(period).length ? at(pos.turn, pos.phase + 1, period) : sequence.nextTurn(pos);
    },
    nextTurn(pos: TurnPosition, period?: string): TurnPosition {
      const current = periodOf(pos);
      // Systems without periods ignore a chosen one (the contract: "where the system has them").
      if (current === undefined) return at(pos.turn + 1, 0, undefined);
      const next = period ?? table.naturalNext?.(current) ?? current;
      return at(pos.turn + 1, 0, checkPeriod(next));
    },
  };
  return sequence;
}
