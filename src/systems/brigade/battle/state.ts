import { say, working, type Text } from '../../../i18n/text.ts';
import { setRulesUnit } from '../../../battle/draft.ts';
import { samePhase, sideName, unitSideId } from '../../../battle/mechanics.ts';
import type { BattleState, Command, Unit } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import type { Arm, Distance, InitiativeStep, LeaderKind, MeleeSide, TestResult, Tokens } from '../index.ts';
import { BRIGADE_PHASES } from '../sequence.ts';

/**
 * The brigade rules' own state of a battle (`BattleState.rules`), and what every procedure of the
 * wiring reads and changes of it: the phase, a unit's strength left, the tokens, initiative and
 * close combat of the phase under way.
 */

/** What the brigade rules track of a unit beyond its pack attributes. */
export interface BrigadeUnitStatus {
  /** Casualties taken so far (BRG-2.2 volleys, BRG-3.3.4 melee). */
  casualties: number;
  /** Retreating, with or without a retreat marker (BRG-3.2.3, BRG-3.3.4), until it rallies (BRG-1.1). */
  retreating?: { at: TurnPosition; rule: string; marker: boolean };
  /** Marked out of command in the turn's Command & Control phase (BRG-1.3). */
  outOfCommand?: { turn: number; why: Text };
  /** Its last morale test, as the GM gave its result: once per phase or sub-phase (BRG-2.2.2, BRG-3.2.3). */
  morale?: { at: TurnPosition; sub: string; result: TestResult };
}

export interface BrigadeLeader {
  name: string;
  kind: LeaderKind;
  sideId: string;
}

/** The tokens of the round under way, and the phase they belong to. */
export type PlacedTokens = Tokens & { at: TurnPosition };

export interface BrigadeState {
  units: Record<string, BrigadeUnitStatus>;
  /** Army commanders and Sub Generals as a GM declared them; a command's officer is its brigade commander (BRG-1.2). */
  leaders: Record<string, BrigadeLeader>;
  /** Fallen leaders waiting to be replaced (BRG-1.2). */
  fallen: { leader: string; kind: LeaderKind; sideId: string; removedTurn: number }[];
  tokens?: PlacedTokens;
  /** The last initiative round and what its winner (or a GM) declared. */
  initiative?: { at: TurnPosition; step: InitiativeStep; sideIds: string[]; winnerSideId: string | null; tied: boolean; declaredSideId?: string; used?: boolean };
  /** The formation (BRG-2.2) or unit (BRG-3.2.2, BRG-3.4.3) that activated and acts now. */
  active?: { at: TurnPosition; id: string; what: 'formation' | 'unit'; done?: boolean };
  /** The March and Volley round under way: its volleys (BRG-2.2). */
  volleys?: { at: TurnPosition; formationId: string; fired: { firerId: string; targetId: string; casualties: number }[] };
  /** This turn's Close Combat phase, as the log holds it (BRG-3.2 to BRG-3.4). */
  combat?: BrigadeCombat;
  /** Sides whose army withdrew from the battlefield (BRG-4.2, BRG-4.3). */
  withdrawn: string[];
  /** The turn of the last army morale check (BRG-4.1). */
  armyMoraleTurn?: number;
}

export interface BrigadeCombat {
  at: TurnPosition;
  /** Charges made: the charger, its target, whether the target failed morale and retreated. */
  charges: { unitId: string; targetId: string; targetRetreated: boolean; exploitation: boolean }[];
  /** Units that may fire defensively (BRG-3.2.4, BRG-3.4.5). */
  defensiveFire: string[];
  /**
   * Counter-charges recorded (BRG-3.4.1), each against an enemy charging in the same sub-phase;
   * `met` is the result of the first melee the counter-charger fought after it. Absent in a phase
   * with none, so that logs written before counter-charges could be recorded replay as they were.
   */
  counters?: { unitId: string; targetId: string; exploitation: boolean; met?: 'won' | 'lost' }[];
  /** Units' last melee result this phase. */
  melee: Record<string, 'won' | 'lost'>;
  /** A melee of equal strengths waiting for the GM (BRG-3.3.3). */
  tied?: { sides: [MeleeSide, MeleeSide]; infantryRetreat?: Distance };
  /** Extra casualties of an uneven split waiting for the GM, one each to units of these ids (BRG-3.3.4). */
  remainder?: { count: number; among: string[] };
  /** Exploitation under way: who may charge again (BRG-3.4.1), moves made. */
  exploiting?: string[];
  moves: Record<string, number>;
}

export const initialBrigade = (): BrigadeState => ({ units: {}, leaders: {}, fallen: [], withdrawn: [] });

/** The brigade rules' state of a battle that plays them (`BattleState.rules`). */
export const brg = (s: BattleState): BrigadeState => (s.rules as BrigadeState | undefined) ?? initialBrigade();

// ---------------------------------------------------------------------------------------------
// Phases and units.

export const phaseId = (pos: TurnPosition) => BRIGADE_PHASES[pos.phase]?.id ?? `phase ${pos.phase + 1}`;
/** A phase's name as a reader reads it (BRIGADE_PHASES' names, in the catalog); '?' for one the sequence lacks. */
const PHASE_NAMES: readonly Text[] = [say('brigade.state.phase1'), say('brigade.state.phase2'), say('brigade.state.phase3'), say('brigade.state.phase4')];
export const phaseText = (index: number): Text => PHASE_NAMES[index] ?? '?';

/** Refuses unless it is phase `id`: "<what> in the <phase> (<id>); now it is turn n, <phase> (<id>)." */
export function checkPhase(s: BattleState, id: string, what: Text) {
  if (phaseId(s.position) !== id) {
    refuse(say('brigade.state.wrongPhase', { what, phase: phaseText(BRIGADE_PHASES.findIndex((p) => p.id === id)), id, turn: String(s.position.turn), now: phaseText(s.position.phase), nowId: phaseId(s.position) }));
  }
}

export const status = (s: BattleState, unitId: string): BrigadeUnitStatus => brg(s).units[unitId] ?? { casualties: 0 };
export const strength = (u: Unit) => Number(u.attrs.figures ?? 0);
export const left = (s: BattleState, u: Unit) => Math.max(0, strength(u) - status(s, u.id).casualties);
/** No strength left: its casualties have taken all its figures, so it is destroyed and out of play (BRG-2.2, BRG-3.3.4). */
export const destroyed = (s: BattleState, u: Unit) => left(s, u) === 0;
/** The refusal for a destroyed unit named in an action. */
export const destroyedText = (s: BattleState, u: Unit): Text => say('brigade.state.destroyed', { unit: u.name, n: status(s, u.id).casualties, strength: strength(u) });
/** Refuses a destroyed unit (`u` named in an action). */
export function checkInPlay(s: BattleState, u: Unit): void {
  if (destroyed(s, u)) refuse(destroyedText(s, u));
}
export const armOf = (u: Unit): Arm => String(u.attrs.arm) as Arm;
export const leaderOf = (u: Unit): string[] => (u.attrs.leader !== undefined && String(u.attrs.leader).trim() ? [String(u.attrs.leader).trim()] : []);
export const unitsOf = (s: BattleState, c: Command) => Object.values(s.units).filter((u) => u.commandId === c.id);
export const sideOfUnit = (s: BattleState, u: Unit) => sideName(s, unitSideId(s, u));

// ---------------------------------------------------------------------------------------------
// What is under way in this phase: tokens, initiative, the active formation or unit, close combat.

/** The current tokens, only if they belong to this phase. */
export function tokensNow(s: BattleState): PlacedTokens | undefined {
  const t = brg(s).tokens;
  return t && samePhase(t.at, s.position) ? t : undefined;
}
export const combatNow = (s: BattleState): BrigadeCombat | undefined => {
  const c = brg(s).combat;
  return c && samePhase(c.at, s.position) ? c : undefined;
};
const emptyCombat = (at: TurnPosition): BrigadeCombat => ({ at, charges: [], defensiveFire: [], melee: {}, moves: {} });
/** "Once per phase or sub-phase" (BRG-2.2.2, BRG-3.2.3): in the Close Combat phase, charge and reaction and exploitation are apart. */
export const subPhase = (s: BattleState) => (phaseId(s.position) === 'BRG-3' ? (combatNow(s)?.exploiting ? 'BRG-3.4' : 'BRG-3.2') : phaseId(s.position));
export const initiativeStep = (_s: BattleState, t: Tokens): InitiativeStep => (t.placed === 'BRG-1.5' ? 'BRG-2.1' : t.placed === 'BRG-3.1.1' ? 'BRG-3.2.1' : 'BRG-3.4.2');
export const initiativeNow = (s: BattleState) => {
  const i = brg(s).initiative;
  return i && samePhase(i.at, s.position) ? i : undefined;
};
export const activeNow = (s: BattleState) => {
  const a = brg(s).active;
  return a && samePhase(a.at, s.position) ? a : undefined;
};

// ---------------------------------------------------------------------------------------------
// evolve: the state is replaced, never mutated.

export function setUnit(d: BattleState, unitId: string, change: (st: BrigadeUnitStatus) => BrigadeUnitStatus) {
  const st = brg(d).units[unitId] ?? { casualties: 0 };
  setRulesUnit(d, unitId, change(st));
}
export const setState = (d: BattleState, change: Partial<BrigadeState>) => {
  d.rules = { ...brg(d), ...change };
};
export const setCombat = (d: BattleState, at: TurnPosition, change: (c: BrigadeCombat) => BrigadeCombat) => {
  const c = brg(d).combat;
  setState(d, { combat: change(c && samePhase(c.at, at) ? c : emptyCombat(at)) });
};
export const addCasualties = (n: number) => (st: BrigadeUnitStatus) => (n ? { ...st, casualties: st.casualties + n } : st);

// ---------------------------------------------------------------------------------------------
// Words for the log and the views.

export const lines = (head: Text, steps: readonly Text[]) => working(head, steps);
export const unitName = (s: BattleState, id: string) => s.units[id]?.name ?? id;
