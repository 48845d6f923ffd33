import type { DecideContext } from '../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../battle/events.ts';
import { checkActsFor, checkGmRulings, findSide, findUnit, needDice, rulingLine, samePhase, sideName, unitSideId, type Ruling } from '../../battle/mechanics.ts';
import { isGm, type BattleState, type Unit } from '../../battle/state.ts';
import type { Advance, Role } from '../../battle/system.ts';
import type { TurnPosition } from '../../rules/sequence.ts';
import { refuse } from '../../rules/errors.ts';
import { aroundAdvance, applyNightEvent, decideNight, describeNightEvent, isNightEvent, NIGHT_ACTION_ROLE, NIGHT_EVENT_TYPES, type NightAction, type NightEvent, type NightState } from './night-battle.ts';
import {
  chargeDirection,
  COUNTERBATTERY_A_CLEARED_BY,
  COUNTERBATTERY_B_CLEARED_BY,
  mfpChangeFor,
  fireRefusal,
  mfpCritical,
  nightMoraleModifier,
  percentilePack as pack,
  resolveFire,
  type FireInput,
  type FireKind,
  type FireOutcome,
  type FirePhase,
  type FirerArm,
  type FiringClass,
  type Formation,
  type MfpChange,
  type NightMoraleCheck,
  type NightMoraleModifier,
  type Shot,
  type TargetArm,
} from './index.ts';
import { claimFire } from './fire-facts-battle.ts';
import { percentileSequence } from './sequence.ts';

/**
 * Percentage-dice fire combat (shared/rules/percentile-fire.md, PCT-11.x) and the night rules that
 * are not ballots (NIGHT-18.41, 18.42, 18.51, 18.61, 18.63) as the battle keeps them: fire attacks
 * with what the log knows, losses, markers, morale checks due, the sides' MFP levels. The rules are
 * pure functions in src/systems/percentile/; this module applies them to the battle's state.
 */

export const FIRE_KINDS: readonly FireKind[] = ['normal', 'opportunity', 'passby', 'final-shock', 'supportive'];
export const SHOTS: readonly Shot[] = ['roundshot', 'shot', 'shell', 'special'];
export const MORALE_STATES = ['good', 'disordered', 'routing'] as const;
export type MoraleState = (typeof MORALE_STATES)[number];
/** What a morale check is for: fire losses (PCT-11.72), or the checks NIGHT-18.61 reduces at night. */
export const MORALE_KINDS = ['fire-loss', 'rally', 'declare-charge', 'receive-charge', 'other'] as const;
export type MoraleKind = (typeof MORALE_KINDS)[number];
/** The Counterbattery requirements only the table can see (PCT-11.76, 11.77 b-e); a is read from the log. */
export const MARKER_MET = ['b', 'c', 'd', 'e'] as const;
export type MarkerMet = (typeof MARKER_MET)[number];

export interface CounterbatteryMarker {
  marker: 'A' | 'B';
  since: TurnPosition;
  placedBy: 'critical-hit' | 'gm';
  /** The battery whose fire placed it. */
  byId: string;
}

/** What the percentile rules track of a unit beyond its pack attributes. */
export interface PercentileUnitStatus {
  /** Figures lost so far. */
  losses: number;
  /** Cannon lost to artillery fire (PCT-11.74). */
  cannonLost?: number;
  /** Train material lost to artillery fire (PCT-11.74). */
  materialLost?: number;
  morale?: MoraleState;
  /** A morale check is due for fire losses (PCT-11.72), taken once the fire of phase `since` is complete (PCT-11.88). */
  moraleDue?: { since: TurnPosition; losses: number };
  markers?: CounterbatteryMarker[];
  /** Rounds fired, by shot (PCT-11.15.step2), and rounds lost to Counterbattery B (PCT-11.77.c). */
  rounds?: Partial<Record<Shot, number>>;
  roundsLost?: number;
  /** The NIGHT-18.42 direction of this turn's declared charge. */
  charge?: { turn: number; direction: string; degrees: number };
  /** A charge declared by day (PCT-11.23.3); at night `charge` records it with its direction. */
  declaredCharge?: { turn: number };
  /** Replaced a friendly unit in a declared Shock Combat zone this turn (PCT-11.86). */
  replaced?: { turn: number };
}

/** One fire attack of the current turn, for PCT-11.87, 11.25 and 11.28. */
export interface FireRecord {
  firerId: string;
  targetId: string;
  at: TurnPosition;
  artillery: boolean;
}

export interface PercentileState {
  units: Record<string, PercentileUnitStatus>;
  /** Each side's MFP level (PCT-11.73); 0 until a GM sets it (15.85, its starting level, is not in the sources). */
  mfp: Record<string, number>;
  /** Each side's MFP critical level as a GM set it (NIGHT-18.63); else the pack's `fire.mfp.criticalLevel`. */
  mfpCritical: Record<string, number>;
  /** The fire attacks of the current turn. */
  attacks: FireRecord[];
  /** Night combat (night-battle.ts). */
  night: NightState;
  /** Passby fire of this turn and the last, for PCT-11.85.d (kept apart from `attacks`, which hold one turn). */
  passby?: { firerId: string; targetId: string; turn: number }[];
}

export const initialPercentile = (): PercentileState => ({ units: {}, mfp: {}, mfpCritical: {}, attacks: [], night: {} });

export interface PercentileFireAction {
  type: 'PercentileFire';
  firer: string;
  target: string;
  /** Measured, inches. */
  range: number;
  kind: FireKind;
  count?: number;
  zone?: 'minimum' | 'maximum';
  row?: string;
  base?: number;
  modifiers?: { id: string; value?: number }[];
  shot?: Shot;
  firerPosition?: 'open' | 'building' | 'redoubt';
  targetPosition?: 'open' | 'building' | 'redoubt';
  enfiladed?: boolean;
  gapUnder1?: boolean;
  massedBattery?: boolean;
  screened?: boolean;
  officerAttached?: boolean;
  targetCharge?: 'charging' | 'declared-passed';
  artilleryOfficer?: boolean;
  /** GM rulings. */
  counterbattery?: 'A' | 'B';
  noOtherTarget?: boolean;
  doubleSupportive?: boolean;
}

export type PercentileAction =
  | NightAction
  | PercentileFireAction
  | { type: 'PercentileCounterbatteryMet'; unit: string; met: MarkerMet }
  | { type: 'PercentileSetMfp'; side: string; level: number; critical?: number }
  | { type: 'PercentileChargeDirection'; unit: string }
  | { type: 'PercentileDeclareCharge'; unit: string }
  | { type: 'PercentileUnitReplaced'; unit: string }
  | { type: 'PercentileMoraleCheck'; unit: string; kind: MoraleKind; percent: number; onPass?: MoraleState; onFail?: MoraleState }
  | { type: 'PercentileRuleLosses'; unit: string; lost: number; kind?: LossKind; reason: string; check?: boolean }
  | { type: 'PercentileSetMorale'; unit: string; state: MoraleState; reason?: string };

export const LOSS_KINDS = ['figures', 'cannon', 'train material'] as const;
export type LossKind = (typeof LOSS_KINDS)[number];

/** A side's MFP change as applied (PCT-11.73) and whether it reached the critical level (NIGHT-18.63). */
export interface MfpApplied {
  side: string;
  from: number;
  to: number;
  critical: number | null;
  reached: boolean;
}

/** The fire outcome as posted: the Fire Routine's plus what the battle supplied and applied. */
export interface PercentileFireOutcome extends FireOutcome {
  firer: string;
  target: string;
  kind: FireKind;
  range: number;
  /** The routine's dice with their purposes; a post replaces `dice` with the event's cursor range (announce.ts). */
  rolled: FireOutcome['dice'];
  derived: {
    turn: number;
    phase: FirePhase;
    phaseName: string;
    firer: { arm: string; class: string | null; formation: string; morale: MoraleState; strength: number; of: 'figures' | 'cannon' };
    target: { arm: string; formation: string; strength: number; of: 'figures' | 'cannon' | 'train material' };
    earlierAttacksThisPhase: number;
    firedInReciprocalPhases: boolean;
    batteriesOnTarget: number;
    night: { visibility: number | null } | null;
    /** The fire zone from weapon and measured range (PCT-11.32 - 11.37); absent in fire logged before it was derived. */
    zone?: { zone: 'minimum' | 'maximum' | null; rule: string; why: string; ruled: boolean };
    /** Rounds left before this fire where the roster gives `ammunition` (PCT-11.23.5). */
    ammunitionLeft?: number;
  };
  /** GM rulings against what the battle derived (mechanics.ts `claim`); absent when none. */
  rulings?: Ruling[];
  /** Steps the rules leave to the GM that this fire calls for (PCT-11.78, 11.79, 11.86). */
  gmSteps?: string[];
  applied: {
    losses: number;
    lossKind: FireOutcome['lossKind'];
    targetLeft: number;
    moraleCheckDue: boolean;
    mfp: MfpApplied | null;
    markersPlaced: ('A' | 'B')[];
    /** Markers the firer's fire at an enemy battery cleared (PCT-11.76.a, 11.77.a). */
    markersCleared: ('A' | 'B')[];
    rounds: { shot: Shot; fired: number } | null;
  };
}

export interface ChargeOutcome {
  rule: 'NIGHT-18.42';
  unit: string;
  die: number;
  roll: number;
  direction: 'left' | 'straight' | 'right';
  degrees: number;
  text: string;
}

export interface MoraleCheckOutcome {
  rules: string[];
  unit: string;
  kind: MoraleKind;
  /** The unit's chance from the GM's morale chart (15.0, not in our sources). */
  percent: number;
  night: NightMoraleModifier;
  /** The chance after the night modifier; pass at or under. */
  chance: number;
  roll: number;
  passed: boolean;
  before: MoraleState;
  after: MoraleState;
  /** The result's effect as the GM's chart gives it (on_pass / on_fail); null: left to the GM. */
  effectGiven: boolean;
  clearsDue: boolean;
}

export type PercentileEvent =
  | NightEvent
  | { type: 'PercentileFireResolved'; data: { firerId: string; targetId: string; targetSideId: string; at: TurnPosition; outcome: PercentileFireOutcome; dice: DiceUsed } }
  | { type: 'PercentileCounterbatteryCleared'; data: { unitId: string; marker: 'A' | 'B'; met: MarkerMet; rule: string; text: string; roundLost: boolean } }
  | { type: 'PercentileMfpSet'; data: { sideId: string; level: number; from: number; critical?: number } }
  | { type: 'PercentileChargeRolled'; data: { unitId: string; at: TurnPosition; outcome: ChargeOutcome; dice: DiceUsed } }
  | { type: 'PercentileChargeDeclared'; data: { unitId: string; at: TurnPosition } }
  | { type: 'PercentileUnitReplaced'; data: { unitId: string; at: TurnPosition } }
  | { type: 'PercentileMoraleChecked'; data: { unitId: string; at: TurnPosition; outcome: MoraleCheckOutcome; dice: DiceUsed } }
  | {
      type: 'PercentileLossesRuled';
      data: { unitId: string; sideId: string; at: TurnPosition; kind: LossKind; lost: number; left: number; reason: string; moraleCheckDue: boolean; mfpChange: MfpChange; mfp: MfpApplied | null };
    }
  | { type: 'PercentileMoraleSet'; data: { unitId: string; from: MoraleState; to: MoraleState; reason?: string } };

/** Who may take each percentile action; players act for their own side's units (checked in decide). */
export const PERCENTILE_ACTION_ROLE: Record<PercentileAction['type'], Role> = {
  ...NIGHT_ACTION_ROLE,
  PercentileFire: 'anyone',
  PercentileCounterbatteryMet: 'gm',
  PercentileSetMfp: 'gm',
  PercentileChargeDirection: 'anyone',
  PercentileDeclareCharge: 'anyone',
  PercentileUnitReplaced: 'anyone',
  PercentileMoraleCheck: 'anyone',
  PercentileRuleLosses: 'gm',
  PercentileSetMorale: 'gm',
};
export const PERCENTILE_EVENT_TYPES = [
  ...NIGHT_EVENT_TYPES,
  'PercentileFireResolved',
  'PercentileCounterbatteryCleared',
  'PercentileMfpSet',
  'PercentileChargeRolled',
  'PercentileChargeDeclared',
  'PercentileUnitReplaced',
  'PercentileMoraleChecked',
  'PercentileLossesRuled',
  'PercentileMoraleSet',
] as const satisfies readonly PercentileEvent['type'][];

/** The percentile rules' state of a battle that plays them (`BattleState.rules`). */
export const pct = (s: BattleState): PercentileState => s.rules as PercentileState;

// ---------------------------------------------------------------------------------------------
// Positions, units, sides.

const GUNS: readonly string[] = ['artillery', 'rockets', 'siege artillery'];
const MAX_MFP = 100000;
const MAX_CHART_NUMBER = 100000;
const isGuns = (u: Unit) => GUNS.includes(String(u.attrs.arm));

const phaseOf = (pos: TurnPosition): { id: string; name: string } => percentileSequence.describe(pos);
const firePhase = (pos: TurnPosition): FirePhase => {
  const id = phaseOf(pos).id;
  return id === 'reciprocal-artillery-fire' ? 'reciprocal-artillery' : id === 'reciprocal-infantry-fire' ? 'reciprocal-infantry' : 'other';
};
const before = (a: TurnPosition, b: TurnPosition) => a.turn < b.turn || (a.turn === b.turn && a.phase < b.phase);
const posText = (p: TurnPosition) => `turn ${p.turn}, ${phaseOf(p).name}`;

const status = (s: BattleState, unitId: string): PercentileUnitStatus => pct(s).units[unitId] ?? { losses: 0 };
const figures = (u: Unit) => Number(u.attrs.figures ?? 0);
const figuresNow = (s: BattleState, u: Unit) => Math.max(0, figures(u) - status(s, u.id).losses - (status(s, u.id).materialLost ?? 0));
const cannonNow = (s: BattleState, u: Unit) => (u.attrs.cannon === undefined ? null : Math.max(0, Number(u.attrs.cannon) - (status(s, u.id).cannonLost ?? 0)));
const mfpLevel = (s: BattleState, sideId: string) => pct(s).mfp[sideId] ?? 0;
const criticalOf = (s: BattleState, sideId: string): number | null => pct(s).mfpCritical[sideId] ?? pack.fire.mfp.criticalLevel;
const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** NIGHT-18.0: combat ends with the dusk turn (the vote phase follows it) and stops for the interphase. */
function checkCombatTime(s: BattleState) {
  if (s.position.period === 'interphase') refuse('All combat stops for the BATTLEDAY interphase (NIGHT-18.0); fire again from the first daylight turn.');
  if (phaseOf(s.position).id === 'active-passive-vote') refuse('Combat ended with the last daylight (dusk) turn; the night-combat vote is under way (NIGHT-18.0, 18.11).');
}

// ---------------------------------------------------------------------------------------------
// decide

export function decidePercentile(s: BattleState, action: PercentileAction, ctx: DecideContext): BattleEvent[] {
  switch (action.type) {
    case 'PercentileFire':
      return fire(s, action, ctx);
    case 'PercentileCounterbatteryMet':
      return counterbatteryMet(s, action.unit, action.met);
    case 'PercentileSetMfp':
      return setMfp(s, action, ctx);
    case 'PercentileChargeDirection':
      return charge(s, action.unit, ctx);
    case 'PercentileDeclareCharge':
      return declareCharge(s, action.unit, ctx);
    case 'PercentileUnitReplaced':
      return unitReplaced(s, action.unit, ctx);
    case 'PercentileMoraleCheck':
      return moraleCheck(s, action, ctx);
    case 'PercentileRuleLosses':
      return ruleLosses(s, action, ctx);
    case 'PercentileSetMorale':
      return setMorale(s, action);
    default:
      return decideNight(s, action, ctx);
  }
}

/** The attrs a fire attack needs, or a refusal naming the /unit set that gives them. */
function formationOf(u: Unit): Formation {
  if (u.attrs.formation === undefined) refuse(`${u.name} has no formation: set it with /unit set unit:"${u.name}" formation:... (PCT-11.61, 11.23.6).`);
  return String(u.attrs.formation) as Formation;
}
function cannonOf(s: BattleState, u: Unit): number {
  return cannonNow(s, u) ?? refuse(`${u.name} has no cannon count: set it with /unit set unit:"${u.name}" cannon:N (PCT-11.15.step6, 11.74).`);
}

/** PCT-11.15 / 11.16 with everything the log knows; the Fire Routine itself is resolveFire. */
function fire(s: BattleState, a: PercentileFireAction, ctx: DecideContext): BattleEvent[] {
  const firer = findUnit(s, a.firer);
  const target = findUnit(s, a.target);
  checkActsFor(s, ctx.actor, firer, 'fire with it');
  checkCombatTime(s);
  if (firer.id === target.id) refuse(`${firer.name} cannot fire at itself.`);
  const firerSide = unitSideId(s, firer);
  const targetSide = unitSideId(s, target);
  if (firerSide === targetSide) refuse(`${firer.name} and ${target.name} are both ${sideName(s, firerSide)}'s; fire at an enemy unit.`);
  if (!(Number.isFinite(a.range) && a.range >= 0)) refuse(`range must be the measured distance in inches, 0 or more (got ${a.range}).`);
  if (!FIRE_KINDS.includes(a.kind)) refuse(`kind is one of ${FIRE_KINDS.join(', ')} (got "${a.kind}").`);
  // The routine keeps exact fractions of the numbers as written; 1e21 or 1e-7 are no chart values.
  for (const [what, v] of [['base', a.base], ...(a.modifiers ?? []).map((m) => [m.id, m.value] as const)] as const) {
    if (v !== undefined && !(Number.isFinite(v) && Math.abs(v) <= MAX_CHART_NUMBER && !/e/i.test(String(v)))) refuse(`${what} must be a number from -${MAX_CHART_NUMBER} to ${MAX_CHART_NUMBER}, as a chart prints it (got ${v}).`);
  }
  const gmOnly = [a.counterbattery !== undefined ? 'counterbattery' : '', a.noOtherTarget !== undefined ? 'no_other_target' : '', a.doubleSupportive !== undefined ? 'double_supportive' : ''].filter(Boolean);
  checkGmRulings(s, ctx.actor, gmOnly, 'PCT-11.28, 11.76, 11.85', 'fire it');
  if (a.counterbattery !== undefined && !(isGuns(target) || target.attrs.arm === 'train')) {
    refuse(`A Counterbattery marker goes on an artillery battery or train (PCT-11.76, 11.77); ${target.name} is ${String(target.attrs.arm)}.`);
  }

  const at = s.position;
  const phase = firePhase(at);
  const fst = status(s, firer.id);
  const artillery = isGuns(firer);
  const onGuns = artillery && (isGuns(target) || target.attrs.arm === 'train');
  const firerStrength = artillery ? cannonOf(s, firer) : figuresNow(s, firer);
  if (firerStrength === 0) refuse(`${firer.name} has no ${artillery ? 'cannon' : 'figures'} left to fire (PCT-11.27).`);
  // PCT-11.74: artillery fire on guns takes cannon; on a train its material; else figures.
  const targetOf: PercentileFireOutcome['derived']['target']['of'] = onGuns ? (target.attrs.arm === 'train' ? 'train material' : 'cannon') : 'figures';
  const targetStrength = targetOf === 'cannon' ? cannonOf(s, target) : figuresNow(s, target);
  if (targetStrength === 0) refuse(`${target.name} has no ${targetOf} left.`);
  const charging = declaredChargeThisTurn(s, firer.id);
  const targetCharging = declaredChargeThisTurn(s, target.id);
  // PCT-11.23.5: rounds issued less rounds fired and lost, where the roster gives them.
  const ammunitionLeft = firer.attrs.ammunition === undefined ? undefined : Math.max(0, Number(firer.attrs.ammunition) - Object.values(fst.rounds ?? {}).reduce((x, y) => x + y, 0) - (fst.roundsLost ?? 0));
  // PCT-11.79: a battery's howitzer is destroyed first, so cannon lost come off its howitzers.
  const howitzers = firer.attrs.howitzers === undefined ? null : Math.max(0, Number(firer.attrs.howitzers) - (fst.cannonLost ?? 0));
  const passbyOnTarget = (pct(s).passby ?? []).some((x) => x.firerId === firer.id && x.targetId === target.id && x.turn >= at.turn - 1);

  // From the log: this turn's attacks (PCT-11.87, 11.25, 11.28).
  const attacks = pct(s).attacks.filter((x) => x.at.turn === at.turn);
  const earlier = attacks.filter((x) => x.firerId === firer.id && samePhase(x.at, at)).length;
  const firedInReciprocal = attacks.some((x) => x.firerId === firer.id && firePhase(x.at) !== 'other');
  const batteries = new Set(attacks.filter((x) => x.targetId === target.id && x.artillery && x.firerId !== firer.id && samePhase(x.at, at)).map((x) => x.firerId)).size;
  const night = at.period === 'night' ? { visibility: pct(s).night.visibility ?? null } : undefined;

  const base: FireInput = {
    firer: {
      arm: firerArm(firer),
      ...(firer.attrs.class !== undefined ? { class: String(firer.attrs.class) as FiringClass } : {}),
      formation: formationOf(firer),
      morale: fst.morale ?? 'good',
      strength: firerStrength,
      ...(charging ? { charging: true } : {}),
      ...(artillery ? { crewed: figuresNow(s, firer) > 0 } : {}),
      ...(a.firerPosition ? { position: a.firerPosition } : {}),
      ...(a.artilleryOfficer ? { artilleryOfficer: true } : {}),
      ...(firer.attrs.gun !== undefined ? { gun: String(firer.attrs.gun) } : {}),
      ...(a.shot ? { shot: a.shot } : {}),
      ...(ammunitionLeft !== undefined ? { ammunition: ammunitionLeft } : {}),
      ...(howitzers !== null ? { howitzers } : {}),
      ...(firer.attrs.rating === 'militia' ? { militia: true } : {}),
    },
    target: {
      arm: targetArm(target),
      formation: formationOf(target),
      strength: targetStrength,
      figures: figuresNow(s, target),
      ...(isGuns(target) ? { crewed: figuresNow(s, target) > 0 } : {}),
      ...(a.targetPosition ? { position: a.targetPosition } : {}),
      ...(targetCharging ? { charging: true } : {}),
      ...(a.officerAttached ? { officerAttached: true } : {}),
      ...(a.screened ? { screened: true } : {}),
      ...(a.enfiladed ? { enfiladed: true } : {}),
      ...(a.gapUnder1 ? { gapUnder1: true } : {}),
      ...(a.massedBattery ? { massedBattery: true } : {}),
    },
    range: a.range,
    kind: a.kind,
    phase,
    earlierAttacksThisPhase: earlier,
    firedInReciprocalPhases: firedInReciprocal,
    batteriesOnTarget: batteries,
    shockCombat: phaseOf(at).id === 'shock-combat',
    ...(passbyOnTarget ? { passbyOnTarget: true } : {}),
    ...(status(s, firer.id).replaced?.turn === at.turn ? { replacement: true } : {}),
    ...(a.count !== undefined ? { count: a.count } : {}),
    ...(a.row ? { row: a.row } : {}),
    ...(a.base !== undefined ? { base: a.base } : {}),
    ...(a.modifiers?.length ? { modifiers: a.modifiers } : {}),
    ...(night ? { night } : {}),
    ...(a.counterbattery ? { counterbattery: a.counterbattery } : {}),
    ...(a.noOtherTarget !== undefined || a.doubleSupportive !== undefined
      ? { gm: { ...(a.noOtherTarget !== undefined ? { noOtherTarget: a.noOtherTarget } : {}), ...(a.doubleSupportive !== undefined ? { doubleSupportive: a.doubleSupportive } : {}) } }
      : {}),
  };
  // PCT-11.22 - 11.28: a unit that may not fire at all is refused before the range and the claims are read.
  const never = fireRefusal({ ...base, modifiers: [] }, pack);
  if (never) refuse(`${firer.name} may not fire at ${target.name}: ${withRule(never.reason, never.rule)}`);
  // What the battle knows is not the player's to claim; a GM's claim is a ruling (fire-facts-battle.ts).
  const { input, rulings, zone } = claimFire(s, ctx.actor, a, { input: base, weapon: firer.attrs.weapon === undefined ? undefined : String(firer.attrs.weapon), howitzers, targetCharging, night: night !== undefined, zones: pack.fire.zones });

  // Nothing is rolled for a refusal or a question (resolveFire), so the cursor only moves when resolved.
  const { value: result, dice: used } = needDice(ctx.dice).take((d) => resolveFire(input, d, pack));
  if (result.status === 'refused') refuse(`${firer.name} may not fire at ${target.name}: ${withRule(result.reason, result.rule)}`);
  if (result.status === 'needsGm') refuse(`${withRule(result.question, result.rule)} ${answeredBy(result.rule)}`);

  const mfp = mfpApplied(s, targetSide, result.mfpChange.points);
  const shot = input.firer.shot ?? 'roundshot';
  const gmSteps = fireGmSteps(target, targetOf, targetStrength, result.losses, figures(target));
  const outcome: PercentileFireOutcome = {
    ...result,
    firer: firer.name,
    target: target.name,
    kind: a.kind,
    range: a.range,
    rolled: result.dice,
    derived: {
      turn: at.turn,
      phase,
      phaseName: phaseOf(at).name,
      firer: { arm: input.firer.arm, class: input.firer.class ?? null, formation: input.firer.formation, morale: input.firer.morale, strength: firerStrength, of: artillery ? 'cannon' : 'figures' },
      target: { arm: input.target.arm, formation: input.target.formation, strength: targetStrength, of: targetOf },
      earlierAttacksThisPhase: earlier,
      firedInReciprocalPhases: firedInReciprocal,
      batteriesOnTarget: batteries,
      night: night ?? null,
      zone,
      ...(ammunitionLeft !== undefined ? { ammunitionLeft } : {}),
    },
    ...(rulings.length ? { rulings } : {}),
    ...(gmSteps.length ? { gmSteps } : {}),
    applied: {
      losses: result.losses,
      lossKind: result.lossKind,
      targetLeft: targetStrength - result.losses,
      moraleCheckDue: result.moraleCheckDue,
      mfp,
      markersPlaced: result.markers.map((m) => (m.marker === 'counterbattery-A' ? 'A' : 'B')),
      markersCleared: isGuns(target) ? (fst.markers ?? []).map((m) => m.marker) : [],
      // The roster's rounds are not a pack attribute (packs hold at most 10), so the umpire counts rounds fired.
      rounds: artillery ? { shot, fired: (fst.rounds?.[shot] ?? 0) + 1 } : null,
    },
  };
  const events: BattleEvent[] = [{ type: 'PercentileFireResolved', data: { firerId: firer.id, targetId: target.id, targetSideId: targetSide, at, outcome, dice: used } }];
  if (mfp) events.push(...mfpCriticalEvents(s, targetSide, mfp.to, ctx));
  return events;
}

/** The roster's arm as the Fire Routine reads it: a headquarters base (PCT-11.23.1). */
function firerArm(u: Unit): FirerArm {
  const arm = String(u.attrs.arm);
  return (arm === 'headquarters' ? 'hq' : arm) as FirerArm;
}
/** A target's arm: regimental guns are hit through their crew figures, like a crew-only unit. */
function targetArm(u: Unit): TargetArm {
  const arm = String(u.attrs.arm);
  return (arm === 'headquarters' ? 'hq' : arm === 'regimental artillery' ? 'artillery crew' : arm) as TargetArm;
}

/** PCT-11.23.3: a charge declared this turn, by day (/unit charge) or at night with its direction (NIGHT-18.42). */
function declaredChargeThisTurn(s: BattleState, unitId: string): boolean {
  const st = status(s, unitId);
  return st.charge?.turn === s.position.turn || st.declaredCharge?.turn === s.position.turn;
}

/**
 * What the rules leave to the GM after a fire's losses: who in a shared square loses (PCT-11.78: the
 * battle keeps one unit per square) and the 50% conventions of PCT-11.79 (the light skirmish and
 * regimental artillery crew figures inside a battalion are not on the roster).
 */
function fireGmSteps(target: Unit, of: 'figures' | 'cannon' | 'train material', before: number, lost: number, all: number): string[] {
  if (lost === 0) return [];
  const out: string[] = [];
  if (target.attrs.formation === 'square' && of === 'figures') {
    out.push(`PCT-11.78: if other units share ${target.name}'s square, the unit with the highest current CMR suffers every loss until another equals it; a GM records losses that fall on another unit with /unit losses (and undoes this fire's if needed).`);
  }
  if (of === 'figures' && target.attrs.arm === 'infantry' && before * 2 > all && (before - lost) * 2 <= all) {
    out.push(`PCT-11.79: ${target.name} is down to 50% or less: by convention its light (voltigeur) skirmish figures within the battalion and any regimental artillery crew figure are removed; a GM records them with /unit losses.`);
  }
  if (of === 'cannon' && Number(target.attrs.howitzers ?? 0) > 0) out.push(`PCT-11.79: the howitzer is destroyed first: ${target.name}'s howitzers are counted down with its cannon.`);
  return out;
}

/** PCT-11.73: the side that loses figures, cannon or material adjusts its MFP level by `points`. */
function mfpApplied(s: BattleState, sideId: string, points: number): MfpApplied | null {
  if (points === 0) return null;
  const from = mfpLevel(s, sideId);
  const critical = criticalOf(s, sideId);
  const dir = pack.fire.mfp.direction;
  return { side: sideName(s, sideId), from, to: from + points, critical, reached: critical !== null && mfpCritical(from + points, critical, dir) && !mfpCritical(from, critical, dir) };
}

/**
 * Losses a GM rules where the umpire resolves nothing: fire above 200% (PCT-11.71 stops at 200%),
 * shock combat, anything else on the table. They count for the side's MFP like fire losses (PCT-11.73)
 * and, unless the GM says not, make a morale check due (PCT-11.72).
 */
function ruleLosses(s: BattleState, a: Extract<PercentileAction, { type: 'PercentileRuleLosses' }>, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  const kind = a.kind ?? 'figures';
  if (!LOSS_KINDS.includes(kind)) refuse(`kind is one of ${LOSS_KINDS.join(', ')} (got "${String(kind)}").`);
  if (!(Number.isInteger(a.lost) && a.lost >= 1)) refuse(`lost must be a whole number of ${kind}, 1 or more (got ${a.lost}).`);
  const reason = a.reason.trim();
  if (!reason || reason.length > 100) refuse('Give the reason for the losses in a few words (1 to 100 characters), e.g. "fire above 200%" or "shock combat".');
  if (kind === 'cannon' && !isGuns(u)) refuse(`${u.name} is ${String(u.attrs.arm)}; only a battery loses cannon (PCT-11.74).`);
  if (kind === 'train material' && u.attrs.arm !== 'train') refuse(`${u.name} is ${String(u.attrs.arm)}; only a train loses train material (PCT-11.74).`);
  const has = kind === 'cannon' ? cannonOf(s, u) : figuresNow(s, u);
  if (a.lost > has) refuse(`${u.name} has ${lossWord(has, kind)} left; it cannot lose ${a.lost}.`);
  const sideId = unitSideId(s, u);
  const mfpChange = mfpChangeFor(kind, a.lost, has, String(u.attrs.arm), pack.fire);
  const mfp = mfpApplied(s, sideId, mfpChange.points);
  const events: BattleEvent[] = [
    { type: 'PercentileLossesRuled', data: { unitId: u.id, sideId, at: s.position, kind, lost: a.lost, left: has - a.lost, reason, moraleCheckDue: a.check ?? true, mfpChange, mfp } },
  ];
  if (mfp) events.push(...mfpCriticalEvents(s, sideId, mfp.to, ctx));
  return events;
}

/** A GM records a unit's morale state where no check of ours decided it (a rally, shock combat, terrain). */
function setMorale(s: BattleState, a: Extract<PercentileAction, { type: 'PercentileSetMorale' }>): BattleEvent[] {
  const u = findUnit(s, a.unit);
  if (!MORALE_STATES.includes(a.state)) refuse(`state is one of ${MORALE_STATES.join(', ')} (got "${String(a.state)}").`);
  const from = status(s, u.id).morale ?? 'good';
  if (from === a.state) refuse(`${u.name} is ${from} already.`);
  const reason = a.reason?.trim();
  if (reason !== undefined && (!reason || reason.length > 100)) refuse('Give the reason in a few words (1 to 100 characters), or leave it out.');
  return [{ type: 'PercentileMoraleSet', data: { unitId: u.id, from, to: a.state, ...(reason ? { reason } : {}) } }];
}

const withRule = (text: string, rule: string) => (text.includes(rule.replace(/^[A-Z]+-/, '')) ? text : `${text} (${rule})`);

/** The option of /fire percentile that answers a question the Fire Routine put to the GM. */
function answeredBy(rule: string): string {
  if (/step[78]$/.test(rule)) return 'Give it with base: (the percent read from your Fire Chart).';
  if (rule === 'PCT-11.85') return 'A GM fires it with double_supportive:true or double_supportive:false.';
  if (rule === 'NIGHT-18.51') return 'The GM sets it with /night conditions.';
  if (rule === 'PCT-11.71') return 'The GM records the losses they rule with /unit losses unit: lost: reason:.';
  return 'Give its value in modifiers: as id=value (e.g. maximum-roundshot=0.5), or the GM enters it in a house-ruled pack (src/systems/percentile/FIRE-CHART.md).';
}

/**
 * NIGHT-18.63 at night: a side at or past its critical level turns its ACTIVE commands PASSIVE. The
 * GM's /night mfp-critical does the same; its events are reused, not rebuilt.
 */
function mfpCriticalEvents(s: BattleState, sideId: string, level: number, ctx: DecideContext): BattleEvent[] {
  const critical = criticalOf(s, sideId);
  if (s.position.period !== 'night' || critical === null || !mfpCritical(level, critical, pack.fire.mfp.direction)) return [];
  if (!Object.values(s.commands).some((c) => c.sideId === sideId && c.stance === 'ACTIVE')) return [];
  return decideNight(s, { type: 'ReachMfpCritical', side: sideId }, ctx);
}

/** PCT-11.76, 11.77: a GM records a requirement the table met (b-e); a is read from the log when the battery fires. */
function counterbatteryMet(s: BattleState, ref: string, met: MarkerMet): BattleEvent[] {
  const u = findUnit(s, ref);
  if (!MARKER_MET.includes(met)) refuse(`met is b, c, d or e (PCT-11.76, 11.77); a is read from the log when the battery fires at enemy artillery.`);
  const markers = status(s, u.id).markers ?? [];
  if (!markers.length) refuse(`${u.name} has no Counterbattery marker.`);
  // One GM ruling clears the oldest marker; a battery with both answers for each in turn.
  const m = markers[0]!;
  const list = m.marker === 'A' ? COUNTERBATTERY_A_CLEARED_BY : COUNTERBATTERY_B_CLEARED_BY;
  const text = list[MARKER_MET.indexOf(met) + 1]!;
  return [{ type: 'PercentileCounterbatteryCleared', data: { unitId: u.id, marker: m.marker, met, rule: `${m.marker === 'A' ? 'PCT-11.76' : 'PCT-11.77'}.${met}`, text, roundLost: m.marker === 'B' && met === 'c' } }];
}

function setMfp(s: BattleState, a: Extract<PercentileAction, { type: 'PercentileSetMfp' }>, ctx: DecideContext): BattleEvent[] {
  const side = findSide(s, a.side);
  for (const [k, v] of [['level', a.level], ['critical', a.critical]] as const) {
    if (v !== undefined && !(Number.isInteger(v) && Math.abs(v) <= MAX_MFP)) refuse(`${k} must be a whole number from -${MAX_MFP} to ${MAX_MFP} (got ${v}).`);
  }
  const from = mfpLevel(s, side.id);
  if (from === a.level && (a.critical === undefined || a.critical === pct(s).mfpCritical[side.id])) refuse(`${side.name}'s MFP level is ${from} already${a.critical !== undefined ? `, critical ${a.critical}` : ''}.`);
  const event: BattleEvent = { type: 'PercentileMfpSet', data: { sideId: side.id, level: a.level, from, ...(a.critical !== undefined ? { critical: a.critical } : {}) } };
  const after: BattleState = { ...s, rules: { ...pct(s), mfpCritical: a.critical !== undefined ? { ...pct(s).mfpCritical, [side.id]: a.critical } : pct(s).mfpCritical } };
  return [event, ...mfpCriticalEvents(after, side.id, a.level, ctx)];
}

/**
 * PCT-11.23.3: cavalry declares a charge, in any period; it may not fire this turn. At night the
 * declaration rolls its direction (NIGHT-18.42), as /night charge does.
 */
function declareCharge(s: BattleState, ref: string, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, ref);
  if (s.position.period === 'night') return charge(s, ref, ctx);
  checkActsFor(s, ctx.actor, u, 'declare its charge');
  checkCombatTime(s);
  if (u.attrs.arm !== 'cavalry') refuse(`${u.name} is ${String(u.attrs.arm)}; only a cavalry unit declares a charge (PCT-11.23.3).`);
  const st = status(s, u.id);
  if (st.morale === 'routing') refuse(`${u.name} is routing and cannot declare a charge.`);
  if (declaredChargeThisTurn(s, u.id)) refuse(`${u.name} declared its charge this turn already.`);
  return [{ type: 'PercentileChargeDeclared', data: { unitId: u.id, at: s.position } }];
}

/** PCT-11.86: a unit that replaced a friendly unit in a declared Shock Combat zone (12.21) this turn. */
function unitReplaced(s: BattleState, ref: string, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, ref);
  checkActsFor(s, ctx.actor, u, 'record it');
  checkCombatTime(s);
  if (status(s, u.id).replaced?.turn === s.position.turn) refuse(`${u.name} is recorded as a replacement this turn already (PCT-11.86).`);
  return [{ type: 'PercentileUnitReplaced', data: { unitId: u.id, at: s.position } }];
}

/** NIGHT-18.42: one 1D6 per unit under a Declared Cavalry Charge, on night turns; the direction then holds. */
function charge(s: BattleState, ref: string, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, ref);
  checkActsFor(s, ctx.actor, u, 'declare its charge');
  if (u.attrs.arm !== 'cavalry') refuse(`${u.name} is ${String(u.attrs.arm)}; only a cavalry unit declares a charge (NIGHT-18.42).`);
  if (s.position.period !== 'night') refuse('The charge direction roll is a night rule: it applies on night turns (NIGHT-18.42).');
  const st = status(s, u.id);
  if (st.morale === 'routing') refuse(`${u.name} is routing and cannot declare a charge.`);
  if (st.charge?.turn === s.position.turn) refuse(`${u.name}'s charge direction this turn is fixed already: ${st.charge.direction}; a player cannot alter it (NIGHT-18.42).`);
  const { value: r, dice: used } = needDice(ctx.dice).take((d) => chargeDirection(d, pack.night));
  return [{ type: 'PercentileChargeRolled', data: { unitId: u.id, at: s.position, outcome: { ...r, unit: u.name }, dice: used } }];
}

const NIGHT_KIND: Record<MoraleKind, NightMoraleCheck> = { 'fire-loss': 'other', rally: 'rally-routing', 'declare-charge': 'declare-charge', 'receive-charge': 'receive-charge', other: 'other' };

/**
 * A morale check (15.0). The morale chart is not in our sources: the GM gives the unit's percent and,
 * where the result changes the unit's state, what a pass and a failure lead to (on_pass, on_fail).
 * The umpire applies NIGHT-18.61 (-20 points at night to rally and charge checks, squares exempt for
 * the charge checks), rolls d100 (pass at or under) and clears the fire-loss check due (PCT-11.72).
 */
function moraleCheck(s: BattleState, a: Extract<PercentileAction, { type: 'PercentileMoraleCheck' }>, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, 'test it');
  if (!MORALE_KINDS.includes(a.kind)) refuse(`kind is one of ${MORALE_KINDS.join(', ')} (got "${a.kind}").`);
  if (!(Number.isInteger(a.percent) && a.percent >= 0 && a.percent <= 100)) refuse(`percent is the unit's chance from your morale chart, a whole number from 0 to 100 (got ${a.percent}).`);
  for (const v of [a.onPass, a.onFail]) if (v !== undefined && !MORALE_STATES.includes(v)) refuse(`on_pass and on_fail are ${MORALE_STATES.join(', ')} (got "${v}").`);
  const st = status(s, u.id);
  const now = st.morale ?? 'good';
  if (a.kind === 'fire-loss') {
    const due = st.moraleDue ?? refuse(`${u.name} has no morale check due for fire losses (PCT-11.72).`);
    // PCT-11.88: every fire on the unit this phase comes first; a GM may rule it complete.
    if (samePhase(due.since, s.position) && !isGm(s, ctx.actor)) {
      refuse(`${u.name} was fired on this phase: its morale check waits until every fire on it is complete (PCT-11.88); take it once the phase advances, or a GM takes it now.`);
    }
  }
  if (a.kind === 'rally' && now !== 'routing') refuse(`${u.name} is ${now === 'good' ? 'in good order' : now}, not routing; a rally check (NIGHT-18.61) is for a routing unit: use kind:other.`);
  if (a.kind === 'declare-charge' && u.attrs.arm !== 'cavalry') refuse(`${u.name} is ${String(u.attrs.arm)}; only cavalry declares a charge (NIGHT-18.61).`);
  const nightMod = nightMoraleModifier({ kind: NIGHT_KIND[a.kind], square: u.attrs.formation === 'square', night: s.position.period === 'night' });
  const chance = Math.max(0, a.percent + nightMod.points);
  const { value: roll, dice: used } = needDice(ctx.dice).take((d) => d.die(100));
  const passed = roll <= chance;
  const given = passed ? a.onPass : a.onFail;
  const outcome: MoraleCheckOutcome = {
    rules: [...(a.kind === 'fire-loss' ? ['PCT-11.72', 'PCT-11.88'] : []), ...(nightMod.applies ? ['NIGHT-18.61'] : [])],
    unit: u.name,
    kind: a.kind,
    percent: a.percent,
    night: nightMod,
    chance,
    roll,
    passed,
    before: now,
    after: given ?? now,
    effectGiven: given !== undefined,
    clearsDue: a.kind === 'fire-loss',
  };
  return [{ type: 'PercentileMoraleChecked', data: { unitId: u.id, at: s.position, outcome, dice: used } }];
}

// ---------------------------------------------------------------------------------------------
// What falls due, and the state.

/**
 * What the end of phase `from` does by itself, read from the log: the fire-loss morale checks fall due
 * (PCT-11.88); a Counterbattery A battery silent through its next Reciprocal Artillery Fire Phase is
 * cleared (PCT-11.76.c); a B battery that did not fire on enemy artillery in it loses one round and is
 * cleared (PCT-11.77.c; the other ways to clear it are on the table, recorded by a GM before).
 */
function phaseEnd(s: BattleState, from: TurnPosition) {
  const moraleDue: string[] = [];
  const silentA: string[] = [];
  const roundLostB: string[] = [];
  const raf = phaseOf(from).id === 'reciprocal-artillery-fire';
  for (const [id, st] of Object.entries(pct(s).units)) {
    if (!s.units[id]) continue;
    if (st.moraleDue && samePhase(st.moraleDue.since, from)) moraleDue.push(id);
    if (!raf) continue;
    const fired = pct(s).attacks.some((x) => x.firerId === id && samePhase(x.at, from));
    for (const m of st.markers ?? []) {
      if (!before(m.since, from)) continue;
      if (m.marker === 'A' && !fired) silentA.push(id);
      if (m.marker === 'B') roundLostB.push(id);
    }
  }
  return { moraleDue, silentA, roundLostB };
}

/** A move through the sequence: the night rules' turn, then what falls due on entering it (PhaseAdvanced's due list). */
export function percentileAdvance(s: BattleState, next: Advance, period: string | undefined, nextTurn: (period: string) => TurnPosition): Advance {
  const around = aroundAdvance(s, next.to, period, nextTurn);
  return { to: around.to, before: [...next.before, ...around.before], due: [...next.due, ...around.due, ...percentileDue(s, around.to)] };
}

function percentileDue(s: BattleState, to: TurnPosition): string[] {
  const name = (id: string) => s.units[id]?.name ?? id;
  const end = phaseEnd(s, s.position);
  const out: string[] = [];
  if (end.moraleDue.length) {
    const list = end.moraleDue.map((id) => `${name(id)} (${count(pct(s).units[id]!.moraleDue!.losses, 'loss', 'losses')})`);
    out.push(`morale checks due, every fire of the phase being complete (PCT-11.72, 11.88): ${list.join(', ')} — /morale check kind:fire-loss`);
  }
  for (const id of end.silentA) out.push(`Counterbattery A removed from ${name(id)}: it stayed silent in the Reciprocal Artillery Fire Phase (PCT-11.76.c)`);
  for (const id of end.roundLostB) out.push(`Counterbattery B removed from ${name(id)}: it did not fire on enemy artillery in the Reciprocal Artillery Fire Phase, so it loses one ammunition round (PCT-11.77.c)`);
  // NIGHT-18.21: the night set-up closes every screen, with no opportunity fire; the table does it, the GM records it.
  if (to.period === 'night' && s.position.period !== 'night') {
    const screens = Object.values(s.units).filter((u) => u.attrs.formation === 'skirmish').map((u) => u.name);
    if (screens.length) out.push(`Night set-up: close every skirmish screen to column or line (/unit set formation:), each may retire one move; no opportunity fire is given for this (NIGHT-18.21): ${screens.join(', ')}`);
  }
  if (phaseOf(to).id === 'reciprocal-artillery-fire') {
    for (const [id, st] of Object.entries(pct(s).units)) {
      const still = (st.markers ?? []).filter((m) => !(end.silentA.includes(id) && m.marker === 'A') && !(end.roundLostB.includes(id) && m.marker === 'B'));
      for (const m of still) if (s.units[id]) out.push(`${name(id)} is under Counterbattery ${m.marker}: its target hierarchy puts enemy artillery first (PCT-11.44.art.b, ${m.marker === 'A' ? '11.76' : '11.77'})`);
    }
  }
  return out;
}

function setUnit(d: BattleState, unitId: string, change: (st: PercentileUnitStatus) => PercentileUnitStatus) {
  const st = pct(d).units[unitId] ?? { losses: 0 };
  d.rules = { ...pct(d), units: { ...pct(d).units, [unitId]: change(st) } };
}

const withoutMarker = (st: PercentileUnitStatus, marker: 'A' | 'B'): PercentileUnitStatus => {
  const markers = (st.markers ?? []).filter((m) => m.marker !== marker);
  const { markers: _old, ...rest } = st;
  return markers.length ? { ...rest, markers } : rest;
};

/** Any event's effect on the percentile state (its own events, phase changes, units removed); replaces, never mutates. */
export function applyPercentileEvent(d: BattleState, e: BattleEvent): void {
  applyNightEvent(d, e);
  switch (e.type) {
    case 'UnitRemoved': {
      if (!pct(d).units[e.data.unitId]) return;
      const { [e.data.unitId]: _gone, ...units } = pct(d).units;
      d.rules = { ...pct(d), units };
      return;
    }
    case 'PhaseAdvanced': {
      // `d` still holds this phase's attacks and statuses: the end of `from` is read from them.
      const end = phaseEnd(d, e.data.from);
      for (const id of end.silentA) setUnit(d, id, (st) => withoutMarker(st, 'A'));
      for (const id of end.roundLostB) setUnit(d, id, (st) => ({ ...withoutMarker(st, 'B'), roundsLost: (st.roundsLost ?? 0) + 1 }));
      if (e.data.to.turn !== e.data.from.turn) {
        d.rules = { ...pct(d), attacks: pct(d).attacks.filter((x) => x.at.turn === e.data.to.turn) };
        // PCT-11.85.d looks back one turn.
        if (pct(d).passby?.length) d.rules = { ...pct(d), passby: pct(d).passby!.filter((x) => x.turn >= e.data.to.turn - 1) };
      }
      return;
    }
    case 'PercentileFireResolved': {
      const { firerId, targetId, targetSideId, at, outcome } = e.data;
      const { applied } = outcome;
      setUnit(d, firerId, (st) => {
        let next = st;
        for (const m of applied.markersCleared) next = withoutMarker(next, m);
        return applied.rounds ? { ...next, rounds: { ...next.rounds, [applied.rounds.shot]: applied.rounds.fired } } : next;
      });
      setUnit(d, targetId, (st) => {
        const kind = applied.lossKind;
        const add = (n: number | undefined) => (n ?? 0) + applied.losses;
        let next: PercentileUnitStatus = kind === 'cannon' ? { ...st, cannonLost: add(st.cannonLost) } : kind === 'train material' ? { ...st, materialLost: add(st.materialLost) } : { ...st, losses: add(st.losses) };
        if (applied.moraleCheckDue) next = { ...next, moraleDue: { since: at, losses: (st.moraleDue?.losses ?? 0) + applied.losses } };
        for (const m of outcome.markers) {
          const marker = m.marker === 'counterbattery-A' ? 'A' : 'B';
          next = { ...next, markers: [...(withoutMarker(next, marker).markers ?? []), { marker, since: at, placedBy: m.placedBy, byId: firerId }] };
        }
        return next;
      });
      const attack: FireRecord = { firerId, targetId, at, artillery: GUNS.includes(outcome.derived.firer.arm) };
      d.rules = {
        ...pct(d),
        attacks: [...pct(d).attacks, attack],
        ...(outcome.kind === 'passby' ? { passby: [...(pct(d).passby ?? []), { firerId, targetId, turn: at.turn }] } : {}),
        ...(applied.mfp ? { mfp: { ...pct(d).mfp, [targetSideId]: applied.mfp.to } } : {}),
      };
      return;
    }
    case 'PercentileCounterbatteryCleared':
      setUnit(d, e.data.unitId, (st) => ({ ...withoutMarker(st, e.data.marker), ...(e.data.roundLost ? { roundsLost: (st.roundsLost ?? 0) + 1 } : {}) }));
      return;
    case 'PercentileLossesRuled': {
      const { unitId, sideId, at, kind, lost, moraleCheckDue, mfp } = e.data;
      setUnit(d, unitId, (st) => {
        const next: PercentileUnitStatus =
          kind === 'cannon' ? { ...st, cannonLost: (st.cannonLost ?? 0) + lost } : kind === 'train material' ? { ...st, materialLost: (st.materialLost ?? 0) + lost } : { ...st, losses: st.losses + lost };
        return moraleCheckDue ? { ...next, moraleDue: { since: at, losses: (st.moraleDue?.losses ?? 0) + lost } } : next;
      });
      if (mfp) d.rules = { ...pct(d), mfp: { ...pct(d).mfp, [sideId]: mfp.to } };
      return;
    }
    case 'PercentileMoraleSet':
      setUnit(d, e.data.unitId, (st) => {
        const { morale: _was, ...rest } = st;
        return e.data.to === 'good' ? rest : { ...rest, morale: e.data.to };
      });
      return;
    case 'PercentileMfpSet':
      d.rules = {
        ...pct(d),
        mfp: { ...pct(d).mfp, [e.data.sideId]: e.data.level },
        ...(e.data.critical !== undefined ? { mfpCritical: { ...pct(d).mfpCritical, [e.data.sideId]: e.data.critical } } : {}),
      };
      return;
    case 'PercentileChargeRolled':
      setUnit(d, e.data.unitId, (st) => ({ ...st, charge: { turn: e.data.at.turn, direction: e.data.outcome.direction, degrees: e.data.outcome.degrees } }));
      return;
    case 'PercentileChargeDeclared':
      setUnit(d, e.data.unitId, (st) => ({ ...st, declaredCharge: { turn: e.data.at.turn } }));
      return;
    case 'PercentileUnitReplaced':
      setUnit(d, e.data.unitId, (st) => ({ ...st, replaced: { turn: e.data.at.turn } }));
      return;
    case 'PercentileMoraleChecked': {
      const o = e.data.outcome;
      setUnit(d, e.data.unitId, (st) => {
        const { moraleDue: _taken, morale: _was, ...rest } = st;
        const base = o.clearsDue ? rest : { ...rest, ...(st.moraleDue ? { moraleDue: st.moraleDue } : {}) };
        return o.after === 'good' ? base : { ...base, morale: o.after };
      });
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Words for the log and the views.

const lines = (head: string, body: string[]) => [head, ...body.map((x) => `• ${x}`)].join('\n');
const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

export function describePercentileEvent(e: PercentileEvent, s: BattleState): string {
  if (isNightEvent(e)) return describeNightEvent(e, s);
  switch (e.type) {
    case 'PercentileFireResolved':
      return fireText(e.data.outcome);
    case 'PercentileCounterbatteryCleared':
      return `Counterbattery ${e.data.marker} removed from ${s.units[e.data.unitId]?.name ?? e.data.unitId}, as a GM recorded: ${e.data.text}${e.data.roundLost ? ' One ammunition round lost.' : ''}`;
    case 'PercentileMfpSet':
      return `${sideName(s, e.data.sideId)}'s MFP level ${e.data.from === e.data.level ? `stays ${e.data.level}` : `set by a GM: ${e.data.from} → ${e.data.level}`} (PCT-11.73, 15.85)${e.data.critical !== undefined ? `; its critical level is ${e.data.critical}, as a GM set it (NIGHT-18.63)` : ''}`;
    case 'PercentileChargeRolled': {
      const o = e.data.outcome;
      return [
        `${o.unit} declares a cavalry charge at night: its direction is rolled, ${o.direction} (NIGHT-18.42)`,
        `• Direction die: 1D${o.die} rolled ${o.roll}.`,
        `• NIGHT-18.42: ${o.text}`,
        '• The direction is fixed for this turn.',
      ].join('\n');
    }
    case 'PercentileChargeDeclared': {
      const name = s.units[e.data.unitId]?.name ?? e.data.unitId;
      return `${name} declares a cavalry charge (turn ${e.data.at.turn}): it may not fire this turn (PCT-11.23.3).`;
    }
    case 'PercentileUnitReplaced': {
      const name = s.units[e.data.unitId]?.name ?? e.data.unitId;
      return `${name} replaced a friendly unit in a declared Shock Combat zone (turn ${e.data.at.turn}): it cannot fire upon the declared shock attackers this turn (PCT-11.86).`;
    }
    case 'PercentileLossesRuled': {
      const { kind, lost, left, reason, moraleCheckDue, mfpChange, mfp } = e.data;
      const name = s.units[e.data.unitId]?.name ?? e.data.unitId;
      return lines(`${name} loses ${lossWord(lost, kind)}, as a GM ruled: ${reason}`, [
        `${name}: ${left} ${kind} left`,
        ...(moraleCheckDue ? [`${name}: morale check due (PCT-11.72)`] : []),
        ...(mfp ? [`${mfpChange.text} (PCT-11.73)`, `${mfp.side} MFP level ${mfp.from} → ${mfp.to}${mfp.critical !== null ? `, critical level ${mfp.critical}${mfp.reached ? ' reached (NIGHT-18.63)' : ''}` : ''}`] : []),
      ]);
    }
    case 'PercentileMoraleSet':
      return `${s.units[e.data.unitId]?.name ?? e.data.unitId}: morale ${e.data.from} → ${e.data.to}, as a GM recorded${e.data.reason ? `: ${e.data.reason}` : ''}`;
    case 'PercentileMoraleChecked': {
      const o = e.data.outcome;
      const night = o.night.reason.replace(/ \(NIGHT-18.61\)\.$/, '');
      const state = o.effectGiven ? (o.after === o.before ? `stays ${o.after}` : `${o.before} → ${o.after}`) : `stays ${o.before}; the effect of the result is read from the GM's morale chart (15.0)`;
      return lines(`${o.unit} takes a ${o.kind} morale check: ${o.passed ? 'passed' : 'failed'}`, [
        `Chance from the GM's morale chart (15.0): ${o.percent}%`,
        o.night.applies ? `${night}: ${signed(o.night.points)} → ${o.chance}% (NIGHT-18.61)` : `${night} (NIGHT-18.61)`,
        `d100 ${o.roll} ${o.passed ? `<= ${o.chance}: passed` : `> ${o.chance}: failed`}`,
        `${o.unit} ${state}`,
        ...(o.clearsDue ? ['The morale check due for fire losses is taken (PCT-11.72).'] : []),
      ]);
    }
  }
}

/** A step as a player checks it: the label, the value where the label does not end on it, the rule. */
function stepText(st: FireOutcome['steps'][number]): string {
  const shown = typeof st.value === 'string' ? st.label.includes(st.value) : new RegExp(`(^|-> |= |\\(|d100 |[+-])${st.value}(\\D|$)`).test(st.label);
  return `${st.label}${shown ? '' : ` = ${st.value}`} (${st.rule})`;
}

const lossWord = (n: number, kind: string) => (kind === 'figures' ? count(n, 'figure') : `${n} ${kind}`);

/** The full working of one fire attack, line by line, every number from the outcome. */
function fireText(o: PercentileFireOutcome): string {
  const dv = o.derived;
  const ap = o.applied;
  const m = pack.fire.mfp;
  const head = `${o.firer} fires at ${o.target} (${o.rule}, ${o.kind} fire, range ${o.range}", turn ${dv.turn}, ${dv.phaseName}): ${o.losses ? `${lossWord(o.losses, o.lossKind)} lost` : 'no loss'}`;
  const body = [
    `From the log: ${o.firer} ${dv.firer.arm}${dv.firer.class ? ` class ${dv.firer.class}` : ''}, ${dv.firer.formation}, morale ${dv.firer.morale}, ${lossWord(dv.firer.strength, dv.firer.of)} now; ${o.target} ${dv.target.arm}, ${dv.target.formation}, ${lossWord(dv.target.strength, dv.target.of)} now`,
    `From the log: ${dv.earlierAttacksThisPhase} earlier attack${dv.earlierAttacksThisPhase === 1 ? '' : 's'} by ${o.firer} this phase (PCT-11.87)${
      dv.phase !== 'other' ? `; fired in this turn's Reciprocal Fire Phases before: ${dv.firedInReciprocalPhases ? 'yes' : 'no'} (PCT-11.25)` : ''
    }${dv.firer.of === 'cannon' ? `; ${dv.batteriesOnTarget} other batter${dv.batteriesOnTarget === 1 ? 'y' : 'ies'} fired on ${o.target} this phase (PCT-11.28)` : ''}`,
    ...(dv.night ? [`Night turn: visibility ${dv.night.visibility}" is the maximum range (NIGHT-18.51)`] : []),
    ...(dv.zone ? [`${dv.zone.ruled ? "Fire zone by the GM's ruling" : 'Fire zone from the weapon and range'}: ${dv.zone.zone === null ? dv.zone.why : `${dv.zone.zone} (${dv.zone.why})`} (${dv.zone.rule})`] : []),
    ...(dv.ammunitionLeft !== undefined ? [`${o.firer}: ${dv.ammunitionLeft} rounds left before this fire (PCT-11.23.5)`] : []),
    ...(o.rulings ?? []).map(rulingLine),
    ...o.steps.map(stepText),
    ...(o.criticalHit ? [o.criticalHit.text] : []),
    ...(o.randomOfficerHit ? [o.randomOfficerHit.text] : []),
    `${o.target}: ${lossWord(ap.targetLeft, dv.target.of)} left${ap.losses ? ` (${lossWord(ap.losses, ap.lossKind)} lost, ${ap.lossKind === 'figures' ? o.rule : 'PCT-11.74'})` : ''}`,
    ...(ap.moraleCheckDue ? [`${o.target}: morale check due after this phase's fire (PCT-11.72, 11.88)`] : []),
    ...(ap.mfp
      ? [
          `${ap.mfp.side} MFP level ${ap.mfp.from} → ${ap.mfp.to}${ap.mfp.critical !== null ? `, critical level ${ap.mfp.critical}${ap.mfp.reached ? ' reached (NIGHT-18.63)' : ''}` : ''} — this pack's reading of PCT-11.73: ${m.perFigure} a figure, ${m.perBatteryOrTrain} ${m.batteryLoss === 'each-cannon' ? 'each cannon or train material loss' : 'a whole battery or train'}, the level counting ${m.direction} (15.85 is not in the sources)`,
        ]
      : []),
    ...ap.markersPlaced.map((x) => `Counterbattery ${x} on ${o.target} (${x === 'A' ? 'PCT-11.76' : 'PCT-11.77'}): /unit show lists what clears it`),
    ...ap.markersCleared.map((x) => `Counterbattery ${x} removed from ${o.firer}: it fired at an enemy battery (${x === 'A' ? 'PCT-11.76.a' : 'PCT-11.77.a'})`),
    ...(ap.rounds ? [`${o.firer}: ${ap.rounds.shot} rounds fired ${ap.rounds.fired} (PCT-11.15.step2)`] : []),
    ...o.notes.filter((n) => !(ap.moraleCheckDue && n.startsWith('Morale check due'))),
    ...(o.gmSteps ?? []),
  ];
  return lines(head, body);
}

const markerLines = (m: CounterbatteryMarker, name: (id: string) => string): string[] => [
  `Counterbattery ${m.marker} (${m.marker === 'A' ? 'PCT-11.76' : 'PCT-11.77'}) since ${posText(m.since)}, ${m.placedBy === 'gm' ? "the GM's ruling" : 'a critical hit'} on ${name(m.byId)}'s fire; removed by any one of:`,
  ...(m.marker === 'A' ? COUNTERBATTERY_A_CLEARED_BY : COUNTERBATTERY_B_CLEARED_BY).map((t) => `  ${t}`),
];

/** Lines for /unit show. */
export function percentileUnitLines(s: BattleState, unitId: string): string[] {
  const u = s.units[unitId];
  if (!u) return [];
  const st = status(s, u.id);
  const name = (id: string) => s.units[id]?.name ?? id;
  const out = [`figures ${figuresNow(s, u)} of ${figures(u)}${st.losses ? ` (${st.losses} lost)` : ''}`];
  if (u.attrs.cannon !== undefined) out.push(`cannon ${cannonNow(s, u)} of ${Number(u.attrs.cannon)}${st.cannonLost ? ` (${st.cannonLost} lost, PCT-11.74)` : ''}`);
  if (st.materialLost) out.push(`train material lost ${st.materialLost} (PCT-11.74)`);
  out.push(`morale ${st.morale ?? 'good'}`);
  if (st.moraleDue) {
    const lost = count(st.moraleDue.losses, 'loss', 'losses');
    out.push(
      samePhase(st.moraleDue.since, s.position)
        ? `morale check due after this phase's fire (PCT-11.72, 11.88): ${lost}`
        : `morale check due (PCT-11.72): ${lost}, fire complete since ${posText(st.moraleDue.since)}`,
    );
  }
  for (const m of st.markers ?? []) out.push(...markerLines(m, name));
  const rounds = Object.entries(st.rounds ?? {});
  if (rounds.length || st.roundsLost) {
    out.push(`ammunition: rounds fired ${rounds.map(([k, v]) => `${k} ${v}`).join(', ') || 'none'}${st.roundsLost ? `; ${st.roundsLost} lost (PCT-11.77.c)` : ''} (PCT-11.15.step2)`);
  }
  if (st.charge?.turn === s.position.turn) out.push(`declared charge this turn: ${st.charge.direction === 'straight' ? 'straight ahead' : `${st.charge.degrees}° ${st.charge.direction}`} (NIGHT-18.42)`);
  if (st.declaredCharge?.turn === s.position.turn) out.push('declared charge this turn: it may not fire (PCT-11.23.3)');
  if (st.replaced?.turn === s.position.turn) out.push('replaced a friendly unit in a declared Shock Combat zone this turn: no fire on the shock attackers (PCT-11.86)');
  if (u.attrs.ammunition !== undefined) {
    const left = Math.max(0, Number(u.attrs.ammunition) - rounds.reduce((x, [, v]) => x + v, 0) - (st.roundsLost ?? 0));
    out.push(`ammunition left: ${left} of ${Number(u.attrs.ammunition)} rounds (PCT-11.23.5)`);
  }
  return out;
}

/** /mfp show: each side's level and critical level, and this pack's reading of PCT-11.73. */
export function mfpText(s: BattleState): string {
  const m = pack.fire.mfp;
  const sides = Object.values(s.sides).map((x) => {
    const critical = criticalOf(s, x.id);
    const reached = critical !== null && mfpCritical(mfpLevel(s, x.id), critical, m.direction);
    return `${x.name}: MFP ${mfpLevel(s, x.id)}; critical level ${critical === null ? 'not set (/mfp set critical:)' : `${critical}${pct(s).mfpCritical[x.id] === undefined ? ' (pack)' : ''}${reached ? ', reached (NIGHT-18.63)' : ''}`}`;
  });
  return [
    ...(sides.length ? sides : ['No sides yet.']),
    `Losses move the level of the side that suffers them (PCT-11.73): ${m.perFigure} a figure, ${m.perBatteryOrTrain} ${m.batteryLoss === 'each-cannon' ? 'each cannon or train material loss' : 'a whole battery or train'}, counting ${m.direction} toward the critical level; this is the pack's reading, as 15.85 is not in the sources.`,
    'At night a side reaching its critical level turns its ACTIVE commands PASSIVE (NIGHT-18.63).',
  ].join('\n');
}

// ---------------------------------------------------------------------------------------------
// Input syntax shared by the slash commands.

/** A measured distance or percentage typed as text: 8, 7.5. */
export function parseDecimal(what: string, text: string): number {
  const t = text.trim();
  if (!/^\d{1,6}(\.\d{1,4})?$/.test(t)) refuse(`${what} must be a number such as 8 or 7.5, at most 6 digits and 4 decimals (got "${text}").`);
  return Number(t);
}

/** Fire Chart modifiers by pack id, separated by spaces or commas, with `=value` where the pack has none: `maximum-roundshot=0.5`. */
export function parseFireModifiers(text: string | undefined): { id: string; value?: number }[] {
  if (text === undefined) return [];
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((token) => {
      const m = /^([a-z][a-z0-9-]*)(?:=([+-]?\d{1,6}(?:\.\d{1,4})?))?$/i.exec(token) ?? refuse(`"${token}" is not a fire modifier: give pack ids such as ${namedModifiers().join(', ')}, with =value where the pack has none (maximum-roundshot=0.5).`);
      return { id: m[1]!.toLowerCase(), ...(m[2] !== undefined ? { value: Number(m[2]) } : {}) };
    });
}

/** The modifiers a player names (the umpire applies the derivable ones from the log). */
export const namedModifiers = (): string[] => pack.fire.modifiers.filter((m) => !m.derivable).map((m) => m.id);
