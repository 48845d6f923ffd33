import { say, working, type Text } from '../../../i18n/text.ts';
import { setRulesUnit } from '../../../battle/draft.ts';
import { samePhase, sideName, unitSideId } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import type { Arm, ChargeResult, Continuation, RideDownChance } from '../rules.ts';
import type { Modifier } from '../initiative.ts';

/** What the charge rules track of a unit beyond its pack attributes. */
export interface ChargeUnitStatus {
  /** CHG-ATT-MOD.3, CHG-DEF-MOD.1: the source has no morale rules, so a GM records it (/charge status). */
  shaken?: boolean;
  /** From a charge result, a melee (MEL-D10: every participant), or a GM. */
  disordered?: boolean;
  /** Routed or broken by a charge result, or a GM (CHG-ATT-MOD.6, CHG-DEF-MOD.3). */
  routBroken?: 'routed' | 'broken';
  /** Figures that surrendered (CHG 11+, -12+) or a GM recorded lost. */
  figuresLost?: number;
  /** Casualty step losses from melee (MEL-D10, CHG-RIDEDOWN). */
  steps?: number;
  /** Casualties taken while closing, % of the unit, as a GM recorded them in a phase (CHG-ATT-MOD.7). */
  closing?: { at: TurnPosition; percent: number };
  /** What it did or suffered in the turn of `turn.at`, for a morale test's house modifiers (morale.modifiers). */
  turn?: TurnRecord;
}

/** A unit's turn as the log tells it: charges, melee rounds, fire; stale once another turn begins. */
export interface TurnRecord {
  at: TurnPosition;
  charged?: true;
  wasCharged?: true;
  /** Its last melee round this turn (MEL-D10, CHG-RIDEDOWN). */
  melee?: 'won' | 'lost' | 'tie';
  firedAt?: true;
  /** Figures or steps lost to fire this turn, as the house rule fire.cell counts them. */
  fireLosses?: number;
}

/** A unit's last charge, for what may follow it in the same phase. */
export interface LastCharge {
  at: TurnPosition;
  defenderId: string;
  table: 'open' | 'cover';
  difference: number;
  result: ChargeResult;
  continuation: Continuation;
  rideDown: RideDownChance;
  continued?: boolean;
  rodeDown?: boolean;
}

export interface ChargeState {
  units: Record<string, ChargeUnitStatus>;
  /** Each attacker's last charge, by unit id. */
  charges: Record<string, LastCharge>;
  /** The GM's modifiers to a Grand-Tac roll, by ballot id and side name (INIT-GRANDTAC); absent until a GM gives some. */
  grandTac?: Record<string, Record<string, Modifier[]>>;
}

export const initialCharge = (): ChargeState => ({ units: {}, charges: {} });

/** The charge rules' state of a battle that plays them (`BattleState.rules`). */
export const chg = (s: BattleState): ChargeState => (s.rules as ChargeState | undefined) ?? initialCharge();

// ---------------------------------------------------------------------------------------------
// Units: what the roster and the log know.

export const unitStatus = (s: BattleState, unitId: string): ChargeUnitStatus => chg(s).units[unitId] ?? {};
export const startFigures = (u: Unit) => Number(u.attrs.figures ?? 0);
export const figuresNow = (s: BattleState, u: Unit) => Math.max(0, startFigures(u) - (unitStatus(s, u.id).figuresLost ?? 0));
export const attr = <T extends string>(u: Unit, name: string): T | undefined => (u.attrs[name] === undefined ? undefined : (String(u.attrs[name]) as T));
export const armOf = (u: Unit): Arm => attr<Arm>(u, 'arm') ?? refuse(say('charge.battle.state.noArm', { unit: u.name }));
const sameTurn = (a: TurnPosition, b: TurnPosition): boolean => a.turn === b.turn && a.period === b.period;
/** What the log tells of the unit's current turn (nothing once another turn began). */
export const turnNow = (s: BattleState, u: Unit): Omit<TurnRecord, 'at'> => {
  const t = unitStatus(s, u.id).turn;
  return t && sameTurn(t.at, s.position) ? t : {};
};
/** Closing casualties a GM recorded for the unit in this phase (CHG-ATT-MOD.7); 0 when none. */
export const closingNow = (s: BattleState, u: Unit): number => {
  const c = unitStatus(s, u.id).closing;
  return c && samePhase(c.at, s.position) ? c.percent : 0;
};

/** Refuses a unit acting (`what`: charging, firing at, fighting) on itself or its own side. */
export function checkEnemies(s: BattleState, a: Unit, b: Unit, what: 'charge' | 'fire' | 'fight'): void {
  if (a.id === b.id) refuse(say('charge.battle.state.notItself', { unit: a.name, what }));
  if (unitSideId(s, a) === unitSideId(s, b)) refuse(say('charge.battle.state.sameSide', { unit: a.name, other: b.name, side: sideName(s, unitSideId(s, a)), what }));
}

/** The refusal of a unit with no figures left. */
export const noFigures = (u: Unit): never => refuse(say('charge.battle.state.noFigures', { unit: u.name }));

/** The options a GM alone may give (the values the source lost), by option name. */
export const given = (o: Record<string, unknown>): string[] => Object.entries(o).filter(([, v]) => v !== undefined).map(([k]) => k);

// ---------------------------------------------------------------------------------------------
// evolve: replaces, never mutates.

export function setUnit(d: BattleState, unitId: string, change: (st: ChargeUnitStatus) => ChargeUnitStatus): void {
  const c = chg(d);
  setRulesUnit(d, unitId, change(c.units[unitId] ?? {}));
}

/** Notes what a unit did or suffered at `at` in its turn's record, begun afresh in a new turn. */
export function noteTurn(d: BattleState, unitId: string, at: TurnPosition, change: (t: TurnRecord) => TurnRecord): void {
  setUnit(d, unitId, (st) => ({ ...st, turn: change(st.turn && sameTurn(st.turn.at, at) ? st.turn : { at }) }));
}

export function setCharge(d: BattleState, attackerId: string, change: (c: LastCharge) => LastCharge): void {
  const c = chg(d);
  const last = c.charges[attackerId];
  if (last) d.rules = { ...c, charges: { ...c.charges, [attackerId]: change(last) } };
}

/** A unit removed from the roster leaves the charge state too. */
export function forgetUnit(d: BattleState, unitId: string): void {
  const c = chg(d);
  if (!c.units[unitId] && !c.charges[unitId]) return;
  const { [unitId]: _u, ...units } = c.units;
  const { [unitId]: _c, ...charges } = c.charges;
  d.rules = { ...c, units, charges };
}

// ---------------------------------------------------------------------------------------------
// Words for the log and the views.

export const lines = (head: Text, steps: readonly Text[]) => working(head, steps);

/** Texts one after another, comma-separated ("a, b, c"): the rules' own. */
export { commas } from '../sourced.ts';
/** Counts in the right number: the one helper of every system (src/messages.ts). */
export { plural } from '../../../messages.ts';
