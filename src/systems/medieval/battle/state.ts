import { joinedBy, say, working, type Phrase, type Text } from '../../../i18n/text.ts';
import { setRulesUnit } from '../../../battle/draft.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { refuse } from '../../../rules/errors.ts';
import type { Commander, FireKind, MoraleResult, TestingUnit, TroopClass } from '../index.ts';
import { MEDIEVAL_PHASES, phaseNameInline } from '../sequence.ts';

/**
 * The medieval rules' own state of a battle, the options agreed when it is created, and how every
 * procedure's wiring reads them: the phase it is in, sides A and B, a unit's figures and status.
 */

/** A morale result in force on a unit (MED-MORALE-EFFECTS), from the test taken `at`. */
export interface MoraleInForce {
  result: MoraleResult;
  name: Text;
  rules: string[];
  advance: 'free' | 'none' | 'half';
  mayFire: 'yes' | 'no' | 'half';
  at: TurnPosition;
  routsOnContact?: boolean;
}

/** What the medieval rules track of a unit beyond its pack attributes. */
export interface MedievalUnitStatus {
  /** Figures lost so far. */
  losses: number;
  disordered?: boolean;
  /** Routing (MED-MORALE-EFFECTS.1) until rallied (.2a, .4a) or a GM's /morale set. */
  routing?: boolean;
  /** Failed a control test (MED-CONTROL-RESULT.2): impetuous until it passes a retest in phase 16. */
  impetuous?: { since: TurnPosition; reason: string };
  /** The last morale test's result and effect; one test per unit per phase (MED-MORALE.3). */
  morale?: MoraleInForce;
  /** Artillery abandoned its guns (MED-MORALE-EFFECTS.1c, .2c). */
  gunsAbandoned?: boolean;
  /** Guns exploded (MED-RANGE.9): lost for good. */
  gunsLost?: number;
  /** Guns that misfired in `turn`: they can't re-fire until the next Game Turn (MED-RANGE.9). */
  misfired?: { turn: number; guns: number };
  /** The unbroken run of Game Turns in which the unit fired, to `turn` (MED-FIRE-MOD.8). */
  volleys?: { turn: number; run: number };
  /** Has fired its artillery or firearms already (MED-FIRE-MOD.21). */
  firedGunpowder?: boolean;
  /** Last fired on (MED-FIRE-MOD.9). */
  firedOn?: TurnPosition;
  /** Last fired on by each kind of firer, and by which unit (MED-MORALE-MOD.18, .20, .22). */
  underFire?: Partial<Record<FireKind, { at: TurnPosition; by: string }>>;
  /** Last fired (MED-SEQ.11: a unit fires once in a phase). */
  firedAt?: TurnPosition;
  /** Figures shot in one phase; those shot in phase 11 still fire in phase 12 (MED-SEQ.12). */
  shot?: { turn: number; phase: number; figures: number };
  /** First fired on in the game (MED-MORALE-REASONS.9). */
  firstFiredOn?: TurnPosition;
  /** Figures lost to enemy fire in `turn`, the last loss `at` (MED-MORALE-REASONS.8). */
  fireLosses?: { turn: number; figures: number; at: TurnPosition };
  /**
   * Its rounds of melee in `turn`: figures it killed and lost, the enemy units, the last round `at`
   * (MED-MORALE-REASONS.4, MED-CONTROL.1-2).
   */
  melee?: { turn: number; kills: number; losses: number; against: string[]; at: TurnPosition };
}

export interface MedievalState {
  units: Record<string, MedievalUnitStatus>;
  /** Each side's army commander (MED-CMDR.2), who rolls the initiative (MED-INIT.3). */
  commanders: Record<string, Commander>;
  /** This turn's initiative winner (MED-INIT.4). */
  initiative?: { turn: number; winner: string };
  /** Which side plays A and which B this turn (MED-SEQ.1). */
  sides?: { turn: number; a: string; b: string };
  /** As a GM recorded it (MED-SEQ.2; the weather rules are not in the source). */
  weather?: { turn: number; weather: string; windStrength: string; windDirection: string; rain?: Rain };
}

export const initialMedieval = (): MedievalState => ({ units: {}, commanders: {} });

/** Rain or snow as the weather brings it: light and heavy are MED-FIRE-MOD.18 and .20. */
export const RAIN = ['none', 'light', 'heavy'] as const;
export type Rain = (typeof RAIN)[number];

/**
 * Options the players agree on when the battle is created and that hold for all of it: automatic
 * kills (MED-AUTOKILL) and part dice (MED-PARTDICE), the initiative die (MED-INIT.1 d6 or MED-SEQ.1
 * d10; the seed gives both, so left out it is open until a GM sets house rule initiative.die).
 */
export type MedievalOptions = {
  autokill?: boolean;
  partDice?: boolean;
  initiativeDie?: 6 | 10;
};

export const MEDIEVAL_OPTIONS = {
  keys: ['autokill', 'partDice', 'initiativeDie'] satisfies (keyof MedievalOptions)[],
  check(o: Record<string, unknown>): Record<string, unknown> {
    if (o.initiativeDie !== undefined && o.initiativeDie !== 6 && o.initiativeDie !== 10) refuse(say('medieval.state.initiativeDie', { die: String(o.initiativeDie) }));
    for (const k of ['autokill', 'partDice']) if (o[k] !== undefined && typeof o[k] !== 'boolean') refuse(say('medieval.state.trueOrFalse', { key: k, got: String(o[k]) }));
    return o;
  },
  text(o: MedievalOptions): Text {
    const on = (b: boolean | undefined) => (b ? 'yes' : 'no');
    return joinedBy(
      [
        o.autokill !== undefined ? say('medieval.state.optionAutokill', { on: on(o.autokill) }) : '',
        o.partDice !== undefined ? say('medieval.state.optionPartDice', { on: on(o.partDice) }) : '',
        o.initiativeDie ? say('medieval.state.optionInitiativeDie', { die: String(o.initiativeDie) }) : '',
      ].filter(Boolean),
      ', ',
    );
  },
};

/** The medieval rules' state of a battle that plays them (`BattleState.rules`). */
export const med = (s: BattleState): MedievalState => s.rules as MedievalState;
/** The options agreed at creation, as MEDIEVAL_OPTIONS checked them. */
export const options = (s: BattleState): MedievalOptions => s.options as MedievalOptions;

// ---------------------------------------------------------------------------------------------
// The turn sequence: phases, sides A and B.

export const phaseDef = (pos: TurnPosition) => MEDIEVAL_PHASES[pos.phase];
export const phaseId = (pos: TurnPosition) => phaseDef(pos)?.id ?? `phase ${pos.phase + 1}`;
const phaseHas = (pos: TurnPosition, rule: string) => phaseDef(pos)?.rules.includes(rule) ?? false;
const phasesWith = (rule: string) =>
  MEDIEVAL_PHASES.filter((p) => p.rules.includes(rule))
    .map((p) => p.id.replace('MED-SEQ.', ''))
    .join(', ');

/** The side whose units fire in a phase: in 8 and 9 the side reacting to the other's charge (MED-SEQ.8-9, .11-12). */
export const FIRING_SIDE: Record<string, 'A' | 'B'> = { 'MED-SEQ.8': 'B', 'MED-SEQ.9': 'A', 'MED-SEQ.11': 'A', 'MED-SEQ.12': 'B' };

/** The side that fires in the current phase, once the turn's sides A and B are chosen (MED-SEQ.1); undefined in a phase without fire. */
export function firingSideId(s: BattleState): string | undefined {
  const letter = FIRING_SIDE[phaseId(s.position)];
  const chosen = med(s).sides;
  return letter && chosen?.turn === s.position.turn ? (letter === 'A' ? chosen.a : chosen.b) : undefined;
}

/** A or B for a side this turn, refusing when the initiative winner has not chosen (MED-SEQ.1). */
export function letterOf(s: BattleState, sideId: string): 'A' | 'B' {
  const chosen = med(s).sides;
  if (chosen?.turn !== s.position.turn) refuse(say('medieval.state.sidesNotChosen', { turn: String(s.position.turn) }));
  return chosen.a === sideId ? 'A' : 'B';
}

/** "turn 1, phase 16 (Control Tests, both sides)": the printed phase number (the chart has no 14) and the phase's name as the chart prints it. */
export const phaseAt = (pos: TurnPosition): Phrase =>
  say('medieval.state.phaseAt', { turn: String(pos.turn), phase: phaseId(pos).replace('MED-SEQ.', ''), name: phaseNameInline(phaseId(pos)) });

/** Refuses an action outside the phases that give `rule`; `what` is what happens in them (control: "Control Tests are taken"). */
export function checkPhase(s: BattleState, rule: string, what: 'control' | 'fire' | 'melee' | 'initiative' | 'morale') {
  if (phaseHas(s.position, rule)) return;
  // The next phase for it, this turn or the next: where a GM's /phase goto takes the battle.
  const numbers = phasesWith(rule).split(', ').map(Number);
  const next = numbers.find((n) => n > Number(phaseId(s.position).replace('MED-SEQ.', ''))) ?? numbers[0];
  refuse(say('medieval.state.wrongPhase', { what, n: numbers.length, phases: phasesWith(rule), now: phaseAt(s.position), next: String(next) }));
}

// ---------------------------------------------------------------------------------------------
// Units.

export const unitStatus = (s: BattleState, unitId: string): MedievalUnitStatus => med(s).units[unitId] ?? { losses: 0 };
export const startFigures = (u: Unit) => Number(u.attrs.figures ?? 0);
export const figuresNow = (s: BattleState, u: Unit) => Math.max(0, startFigures(u) - unitStatus(s, u.id).losses);
/**
 * Full tenths of the original figure-strength lost (MED-MORALE-MOD.33, MED-CONTROL-MOD.4), counted
 * from the figures the unit began this battle with: a campaign's unit may begin it below its
 * roster's strength, and the battle knows only its own roster.
 */
export const lossesTenths = (s: BattleState, u: Unit) => (startFigures(u) > 0 ? Math.floor((unitStatus(s, u.id).losses * 10) / startFigures(u)) : 0);
/** The original the losses count from, in words, for the working of a test. */
export const lossesOf = (s: BattleState, u: Unit): Text => say('medieval.state.lossesOf', { losses: String(unitStatus(s, u.id).losses), start: startFigures(u) });

export function testingUnit(s: BattleState, u: Unit): TestingUnit {
  const st = unitStatus(s, u.id);
  const a = u.attrs;
  return {
    arm: String(a.arm),
    ...(a.class !== undefined ? { class: String(a.class) as TroopClass } : {}),
    ...(a.order !== undefined ? { order: String(a.order) } : {}),
    ...(a.formation !== undefined ? { formation: String(a.formation) } : {}),
    ...(st.disordered ? { disordered: true } : {}),
    ...(st.routing ? { routing: true } : {}),
  };
}

/** Replaces a unit's status with `change` of it: the draft shares the old one with the published state. */
export function setUnit(d: BattleState, unitId: string, change: (st: MedievalUnitStatus) => MedievalUnitStatus) {
  const st = med(d).units[unitId] ?? { losses: 0 };
  setRulesUnit(d, unitId, change(st));
}

export const addLosses = (st: MedievalUnitStatus, n: number): MedievalUnitStatus => (n ? { ...st, losses: st.losses + n } : st);

/** A unit removed from the battle (the core's UnitRemoved) takes its status with it. */
export function forgetUnit(d: BattleState, unitId: string): void {
  if (!med(d).units[unitId]) return;
  const { [unitId]: _gone, ...units } = med(d).units;
  d.rules = { ...med(d), units };
}

// ---------------------------------------------------------------------------------------------
// Words for the log.

/** An event's headline and its steps as bullets. */
export const lines = (head: Text, steps: readonly Text[]) => working(head, steps);
