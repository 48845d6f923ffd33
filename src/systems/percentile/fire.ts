import { FIRE_PACK, type ChartLine, type FirePack, type FiringClass } from './fire-pack.ts';
import { add, ceil, fraction, isWhole, mul, pow, show, toNumber, type Fraction } from './fraction.ts';
import type { Dice } from '../../rules/outcome.ts';
import { NIGHT_PACK, type NightPack } from './night.ts';

/**
 * The Fire Routine of section 11.0 (shared/rules/percentile-fire.md, PCT-ALGO), for artillery
 * (PCT-11.15) and infantry/cavalry (PCT-11.16), with the night reduction of NIGHT-18.51. Pure: the
 * battle passes in what it knows from the log (night, formations, earlier attacks this phase,
 * batteries that already fired on the target) and what players measured (range, figures bearing,
 * enfilade, gaps); the outcome carries every number with its rule ID and the dice rolled.
 *
 * Order, as the routine reads: base percent (chart or `base`) -> each chart modifier in pack order
 * -> round up (11.15.step9) -> doubling (11.81-11.85) -> x2/3 per earlier attack this phase (11.87)
 * -> round up ("the final fractional is always raised") -> d100. Nothing is rolled when the attack
 * is refused or a GM ruling is needed, so the dice cursor only moves for a resolved attack.
 */

export type FirerArm = 'infantry' | 'cavalry' | 'artillery' | 'rockets' | 'siege artillery' | 'train' | 'hq' | 'artillery crew' | 'regimental artillery';
export type TargetArm = 'infantry' | 'cavalry' | 'artillery' | 'rockets' | 'siege artillery' | 'train' | 'hq' | 'artillery crew';
export type Formation = 'line' | 'column' | 'square' | 'skirmish' | 'limbered' | 'unlimbered';
export type FireKind = 'normal' | 'opportunity' | 'passby' | 'final-shock' | 'supportive';
export type FirePhase = 'reciprocal-artillery' | 'reciprocal-infantry' | 'other';
export type Shot = 'roundshot' | 'shot' | 'shell' | 'special';

export interface FireInput {
  firer: {
    arm: FirerArm;
    class?: FiringClass;
    formation: Formation;
    morale: 'good' | 'disordered' | 'routing';
    /** Current figures (infantry/cavalry) or cannon (artillery) (PCT-11.27). */
    strength: number;
    /** Cavalry in charge movement or with a declared charge (PCT-11.23.3). */
    charging?: boolean;
    /** Rounds left where the roster tracks them; 0 = none (PCT-11.23.5). */
    ammunition?: number;
    /** Artillery: crewed (PCT-11.22); default true. */
    crewed?: boolean;
    /** Inside a Class I-III building or a redoubt (PCT-11.24.b, c; 11.36). */
    position?: 'open' | 'building' | 'redoubt';
    /** An attached artillery officer waives the two-battery limit (PCT-11.29, 11.44.art.d). */
    artilleryOfficer?: boolean;
    /** Infantry line: the 2 rank or 3 rank chart line (PCT-11.34). */
    ranks?: 2 | 3;
    /** Artillery: poundage ("6pdr") and shot, the chart row (PCT-11.15.step2, step5); default roundshot. */
    gun?: string;
    shot?: Shot;
    /** Artillery: howitzers or mortars left in the battery; 0 = none may fire indirectly (PCT-11.50, 11.53, 11.79). */
    howitzers?: number;
    /** Artillery: a militia rated crew, which never fires indirectly (PCT-11.57). */
    militia?: boolean;
  };
  target: {
    arm: TargetArm;
    formation: Formation;
    /** Current figures, or cannon for a battery, or train material (losses cannot exceed it). */
    strength: number;
    position?: 'open' | 'building' | 'redoubt';
    crewed?: boolean;
    /** Cavalry in charge movement or with a declared charge (PCT-11.83.exception.a, 11.85). */
    charging?: boolean;
    /** Cavalry that declared its charge and passed its morale check (PCT-11.83.exception.a). */
    declaredChargePassed?: boolean;
    /** An enemy officer is attached (PCT-11.15.step11, 11.16.step10). */
    officerAttached?: boolean;
    /** Screened by an open order skirmisher formation (PCT-11.46). */
    screened?: boolean;
    /** Measured on the table (PCT-11.61): enfiladed (11.64), under 1" gap (11.65), massed battery 17+ cannon (11.63). */
    enfiladed?: boolean;
    gapUnder1?: boolean;
    massedBattery?: boolean;
    /** Artillery placed within a square (PCT-11.61.a.5, 11.62). */
    inSquare?: boolean;
    /** Figures, where `strength` counts cannon: a single-figure unit cannot be enfiladed (PCT-11.64). */
    figures?: number;
  };
  /** Figures (or cannon) that can bear, measured (PCT-11.41, 11.42); may be omitted for squares and buildings. */
  count?: number;
  /** Range in inches, measured. */
  range: number;
  /** Infantry/cavalry: the Maximum Range Fire Zone uses the Maximum Range/Disordered line (PCT-11.34, 11.35); the battle derives it (zones.ts). */
  zone?: 'minimum' | 'maximum';
  /** The target is within the firer's Minimum Range Fire Zone, as derived (zones.ts); out-of-phase fire needs it (PCT-11.0, 11.22). */
  inMinimumZone?: boolean;
  /** The battle is in the Shock Combat Phase: final shock and supportive fire happen only there (PCT-11.84, 11.85). */
  shockCombat?: boolean;
  /** From the log: the firer gave this target passby fire in the current or previous turn (PCT-11.85.d). */
  passbyOnTarget?: boolean;
  /** From the log: the firer replaced a friendly unit in a declared Shock Combat zone this turn (PCT-11.86). */
  replacement?: boolean;
  /** Chart row, when the derived one is not wanted (artillery: "<gun> <shot>"). */
  row?: string;
  /** The base percent read from the GM's chart, when the pack has none (PCT-11.15.step8, 11.16.step7). */
  base?: number;
  /** Chart modifiers named by the player, by pack id; `value` where the pack has none. */
  modifiers?: readonly { id: string; value?: number }[];
  kind: FireKind;
  phase: FirePhase;
  /** From the log: this unit's fire attacks earlier in the same phase (PCT-11.87). */
  earlierAttacksThisPhase: number;
  /** From the log: the unit already fired in these Reciprocal Fire Phases (PCT-11.25). */
  firedInReciprocalPhases: boolean;
  /** From the log: other batteries that already fired on this target (PCT-11.28). */
  batteriesOnTarget: number;
  /** A night turn: visibility in inches, null until the GM sets it (NIGHT-18.51). */
  night?: { visibility: number | null };
  /** Counterbattery marker the GM rules this attack places (what places them is not in the source). */
  counterbattery?: 'A' | 'B';
  gm?: {
    /** No other possible target within range: a third battery may fire (PCT-11.28). */
    noOtherTarget?: boolean;
    /** The GM's ruling where the source does not say whether supportive fire is doubled (PCT-11.85). */
    doubleSupportive?: boolean;
    /** A GM ruled against what the battle derived (mechanics.ts `claim`): the chart row, enfilade, indirect fire. */
    row?: boolean;
    enfilade?: boolean;
    indirect?: boolean;
    massedBattery?: boolean;
    /** Derivable modifiers (night) the GM ruled in where the battle derived them out. */
    modifiers?: readonly string[];
  };
}

export interface Step {
  label: string;
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
  text: string;
}

export interface Marker {
  marker: 'counterbattery-A' | 'counterbattery-B';
  rule: 'PCT-11.76' | 'PCT-11.77';
  /** The battery that must answer it. */
  on: 'target';
  placedBy: 'critical-hit' | 'gm';
  /** Any one of these removes it (source text); B never turns into A. */
  clearedBy: readonly string[];
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
  randomOfficerHit: { rule: string; needsGm: true; text: string } | null;
  criticalHit: CriticalHit | null;
  markers: Marker[];
  mfpChange: { rule: 'PCT-11.73'; points: number; direction: 'up' | 'down'; perFigure: number; perBatteryOrTrain: number; batteryLoss: 'each-cannon' | 'whole-battery'; text: string };
  moraleCheckDue: boolean;
  ammunition: { rule: string; spent: 1; shot: Shot } | null;
  notes: string[];
  dice: RolledDie[];
}

export type MfpChange = FireOutcome['mfpChange'];

/**
 * PCT-11.73: the MFP points `losses` of `lossKind` cost a side, by the pack's reading of 15.85 (per
 * figure, per battery or train loss, each cannon or a whole battery, the level counting up or down).
 * `strength` is the unit's before the losses, for a whole battery lost.
 */
export function mfpChangeFor(lossKind: FireOutcome['lossKind'], losses: number, strength: number, arm: string, fp: FirePack): MfpChange {
  const m = fp.mfp;
  const perLoss = lossKind === 'figures' ? m.perFigure : m.perBatteryOrTrain;
  const units = lossKind === 'figures' || m.batteryLoss === 'each-cannon' ? losses : losses > 0 && losses >= strength ? 1 : 0;
  const points = perLoss * units === 0 ? 0 : perLoss * units * (m.direction === 'up' ? 1 : -1);
  const mfpText =
    lossKind === 'figures'
      ? `${losses} figure${losses === 1 ? '' : 's'} x ${m.perFigure}`
      : m.batteryLoss === 'each-cannon'
        ? `${losses} ${lossKind} loss${losses === 1 ? '' : 'es'} x ${m.perBatteryOrTrain} (each counted as a battery/train loss, this pack's reading)`
        : `${units} whole ${arm === 'train' ? 'train' : 'battery'} lost x ${m.perBatteryOrTrain} (this pack's reading)`;
  return { rule: 'PCT-11.73', points, direction: m.direction, perFigure: m.perFigure, perBatteryOrTrain: m.perBatteryOrTrain, batteryLoss: m.batteryLoss, text: `MFP ${points >= 0 ? '+' : ''}${points}: ${mfpText}, level counting ${m.direction}` };
}

export interface FireRefused {
  status: 'refused';
  rule: string;
  reason: string;
}

export interface FireNeedsGm {
  status: 'needsGm';
  rule: string;
  question: string;
  /** The working so far, for the GM to rule on. */
  steps: Step[];
}

export type FireResult = FireOutcome | FireRefused | FireNeedsGm;

/** The two keys of the percentile pack the routine reads. */
export interface FireRules {
  fire: FirePack;
  night: NightPack;
}
export const FIRE_RULES: FireRules = { fire: FIRE_PACK, night: NIGHT_PACK };

export const COUNTERBATTERY_A_CLEARED_BY = [
  'Remain unlimbered and Fire attack at any enemy artillery battery when the artillery battery conducts its next Fire attack (PCT-11.76.a).',
  'Change facing (pivoting) while remaining in position to engage enemy artillery on the next Reciprocal Artillery Fire Phase (PCT-11.76.b).',
  'Remain silent on the next Reciprocal Artillery Fire Phase (PCT-11.76.c).',
  'If moved from position, limber up and move a full move towards the rear area, remaining limbered (PCT-11.76.d).',
  'Limbered artillery batteries or train units retire one full move to the rear area or remain limbered in place (PCT-11.76.e).',
] as const;

export const COUNTERBATTERY_B_CLEARED_BY = [
  'Remain unlimbered and Fire attack at an enemy artillery battery when the artillery battery conducts its next Fire attack (PCT-11.77.a).',
  'Change facing (pivoting) while remaining in position; mandatory Fire attack against enemy artillery on the next Reciprocal Artillery Fire Phase (PCT-11.77.b).',
  'Fire upon enemy artillery during the next Reciprocal Artillery Fire Phase or lose one ammunition round (PCT-11.77.c).',
  'If moved from position, limber up and move a full move towards the rear area, remaining limbered (PCT-11.77.d).',
  'Limbered artillery batteries or train units retire one full move to the rear area or remain limbered in place (PCT-11.77.e).',
] as const;

const ARTILLERY: readonly FirerArm[] = ['artillery', 'rockets', 'siege artillery'];
const GUNS: readonly TargetArm[] = ['artillery', 'rockets', 'siege artillery'];
const isWholeCount = (n: number | undefined) => n === undefined || (Number.isInteger(n) && n >= 0);

export function counterbatteryMarker(marker: 'A' | 'B', placedBy: Marker['placedBy']): Marker {
  return marker === 'A'
    ? { marker: 'counterbattery-A', rule: 'PCT-11.76', on: 'target', placedBy, clearedBy: COUNTERBATTERY_A_CLEARED_BY }
    : { marker: 'counterbattery-B', rule: 'PCT-11.77', on: 'target', placedBy, clearedBy: COUNTERBATTERY_B_CLEARED_BY };
}

/** PCT-11.23, 11.22, 11.25, 11.28, 11.89, NIGHT-18.51: why this attack may not be made, or null. */
export function fireRefusal(input: FireInput, rules: FireRules = FIRE_RULES): FireRefused | null {
  const { firer } = input;
  const no = (rule: string, reason: string): FireRefused => ({ status: 'refused', rule, reason });
  const artillery = ARTILLERY.includes(firer.arm);

  const never = neverFires(firer);
  if (never) return never;

  // PCT-11.89: siege artillery fires only normally, once, in the Reciprocal Artillery Fire Phase.
  if (firer.arm === 'siege artillery') {
    if (input.kind !== 'normal') return no('PCT-11.89', `Siege artillery cannot make ${input.kind} fire attacks (PCT-11.89).`);
    if (input.phase !== 'reciprocal-artillery') return no('PCT-11.89', 'Siege artillery may only fire in the Reciprocal Artillery Fire Phase (PCT-11.89).');
    if (input.earlierAttacksThisPhase > 0 || input.firedInReciprocalPhases) return no('PCT-11.89', 'Siege artillery may only fire once (PCT-11.89).');
  }
  return fireRefusalRest(input, rules, artillery);
}

/** PCT-11.23, 11.24.d: a unit that never fires, whatever the target, range or phase; null when it may. */
export function neverFires(firer: FireInput['firer']): FireRefused | null {
  const no = (rule: string, reason: string): FireRefused => ({ status: 'refused', rule, reason });
  const artillery = ARTILLERY.includes(firer.arm);
  // PCT-11.23: units that may never fire.
  if (firer.arm === 'hq') return no('PCT-11.23.1', 'Command headquarter bases may never fire (PCT-11.23.1).');
  if (firer.arm === 'cavalry' && firer.morale === 'disordered') return no('PCT-11.23.2', 'Morale disordered cavalry may never fire (PCT-11.23.2).');
  if (firer.arm === 'cavalry' && firer.charging) return no('PCT-11.23.3', 'Cavalry in a state of charge or declared charge may never fire (PCT-11.23.3).');
  if (firer.morale === 'routing') return no('PCT-11.23.4', 'Routing units may never fire (PCT-11.23.4).');
  if (firer.ammunition !== undefined && firer.ammunition <= 0) return no('PCT-11.23.5', 'This unit has no ammunition left, so it may not fire (PCT-11.23.5).');
  if (artillery && firer.formation === 'limbered') return no('PCT-11.23.6', 'A limbered battery may not fire; unlimber it first (PCT-11.23.6).');
  if (firer.arm === 'artillery crew') return no('PCT-11.23.7', 'Artillery crews may never fire (PCT-11.23.7).');
  if (firer.arm === 'train') return no('PCT-11.23.8', 'Train units may never fire (PCT-11.23.8).');
  // PCT-11.24.d: regimental guns have no fire of their own.
  if (firer.arm === 'regimental artillery') {
    return no('PCT-11.24.d', 'Regimental artillery attached to a battalion executes its fire attacks with the infantry battalion (PCT-11.24.d): fire the battalion, its guns counted in the base percent read from your chart.');
  }

  return null;
}

function fireRefusalRest(input: FireInput, rules: FireRules, artillery: boolean): FireRefused | null {
  const { firer } = input;
  const no = (rule: string, reason: string): FireRefused => ({ status: 'refused', rule, reason });

  // PCT-11.22: who fires in which Reciprocal Fire Phase (out-of-phase fire is the other kinds).
  if (input.kind === 'normal') {
    if (input.phase === 'reciprocal-artillery' && (!artillery || firer.crewed === false)) {
      return no('PCT-11.22', 'Only crewed, unlimbered artillery batteries fire in the Reciprocal Artillery Fire Phase (PCT-11.22).');
    }
    if (input.phase === 'reciprocal-infantry' && artillery) return no('PCT-11.22', 'Only infantry or cavalry fire in the Reciprocal Infantry Fire Phase (PCT-11.22).');
    if (input.phase === 'other') {
      return no('PCT-11.22', 'Outside the Reciprocal Fire Phases a unit fires only at an enemy in its Minimum Range Fire Zone that changes facing or formation, passes by or attacks by shock: opportunity, passby, final shock or supportive fire (PCT-11.0, 11.22).');
    }
  }

  // PCT-11.0, 11.22: out-of-phase fire only at an enemy inside the firer's Minimum Range Fire Zone.
  if (input.kind !== 'normal' && input.inMinimumZone === false) {
    return no('PCT-11.22', `${input.kind} fire is only at an enemy within the firer's Minimum Range Fire Zone; at ${input.range}" the target is beyond it (PCT-11.0, 11.22).`);
  }
  // PCT-11.84, 11.85: final shock and supportive fire belong to the Shock Combat Phase.
  if ((input.kind === 'final-shock' || input.kind === 'supportive') && input.shockCombat !== true) {
    const rule = input.kind === 'final-shock' ? 'PCT-11.84' : 'PCT-11.85';
    return no(rule, `${input.kind === 'final-shock' ? 'Final Shock Combat fire' : 'Supportive Defensive fire'} can only occur during the Shock Combat Phase (${rule}).`);
  }
  // PCT-11.85.d: no supportive fire at a target given passby fire this turn or last.
  if (input.kind === 'supportive' && input.passbyOnTarget) {
    return no('PCT-11.85.d', 'This unit gave the target a Passby Fire attack in the current or previous turn, so it may not give it Supportive fire (PCT-11.85.d, 11.83.d).');
  }
  // PCT-11.86: a replacement unit never fires on the declared shock attackers (final shock or supportive fire is at them).
  if ((input.kind === 'final-shock' || input.kind === 'supportive') && input.replacement) {
    return no('PCT-11.86', 'This unit replaced a friendly unit in the declared Shock Combat zone this turn: it cannot fire upon the enemy units that declared the Shock Combat attack (PCT-11.86).');
  }
  // PCT-11.46: only artillery engages a unit behind a skirmish screen.
  if (input.target.screened && !artillery) {
    return no('PCT-11.46', 'Only artillery batteries may engage an enemy unit behind an open order skirmish screen (PCT-11.46); fire at the screen instead.');
  }
  // PCT-11.50, 11.56, 11.57: indirect fire only for howitzers and mortars, never rockets or militia crews.
  if (input.modifiers?.some((m) => m.id === 'indirect') && !input.gm?.indirect) {
    if (firer.arm === 'rockets') return no('PCT-11.56', 'Rocket Fire attacks cannot use indirect Fire (PCT-11.56).');
    if (firer.militia) return no('PCT-11.57', 'Militia rated artillery crews cannot use indirect Fire (PCT-11.57).');
    if (!artillery) return no('PCT-11.50', 'Only artillery batteries with howitzers or mortars have indirect fire capabilities (PCT-11.50).');
    if (firer.howitzers !== undefined && firer.howitzers <= 0) return no('PCT-11.50', 'This battery has no howitzers or mortars left, and only they fire indirectly (PCT-11.50, 11.53).');
  }

  // PCT-11.25: once in the Reciprocal Fire Phases.
  if (input.phase !== 'other' && input.firedInReciprocalPhases) {
    return no('PCT-11.25', 'This unit already fired in the Reciprocal Fire Phases; a unit fires only once there (PCT-11.25).');
  }

  // PCT-11.28 / 11.29 / 11.44.art.d: at most two batteries on one target.
  const max = rules.fire.maxBatteriesOnTarget;
  if (artillery && input.batteriesOnTarget >= max && !firer.artilleryOfficer && !input.gm?.noOtherTarget) {
    return no(
      'PCT-11.28',
      `${input.batteriesOnTarget} batteries already fired on this target; at most ${max} may unless no other possible target is within range (GM override) or an attached artillery officer directs the fire (PCT-11.28, 11.29).`,
    );
  }

  // NIGHT-18.51: maximum range = visibility.
  if (input.night && input.night.visibility !== null && input.range > input.night.visibility) {
    return no('NIGHT-18.51', `At night the maximum range is the visibility, ${input.night.visibility}"; the target is at ${input.range}" (NIGHT-18.51).`);
  }

  return null;
}

/** PCT-11.61 (and 11.62-11.66): Massed or Linear, from the target's formation and what was measured. */
/** PCT-11.64: only linear multi-figure formations; never a single figure, a headquarters base or skirmish order. */
export function enfiladeable(t: FireInput['target']): boolean {
  return t.formation !== 'skirmish' && t.arm !== 'hq' && (t.figures ?? t.strength) > 1;
}

export function targetType(input: Pick<FireInput, 'firer' | 'target' | 'range' | 'gm'>): { type: 'Massed' | 'Linear'; rule: string; why: string } {
  const t = input.target;
  const m = (rule: string, why: string) => ({ type: 'Massed' as const, rule, why });
  if (t.formation === 'column' && (t.arm === 'infantry' || t.arm === 'cavalry')) return m('PCT-11.61.a.1', 'cavalry or infantry in column');
  if (t.formation === 'square' && !GUNS.includes(t.arm)) return m('PCT-11.61.a.2', 'infantry square');
  if (GUNS.includes(t.arm) && t.formation === 'limbered') return m('PCT-11.61.a.3', 'limbered battery');
  if (t.arm === 'train') return m('PCT-11.61.a.4', 'train unit');
  if (GUNS.includes(t.arm) && (t.inSquare || t.formation === 'square')) return m('PCT-11.61.a.5', 'artillery within a square (11.62)');
  if (t.massedBattery && (GUNS.includes(t.arm) || input.gm?.massedBattery)) return m('PCT-11.61.a.6', 'massed artillery battery, 17+ cannon within 6" (11.63)');
  if (t.enfiladed && (enfiladeable(t) || input.gm?.enfilade)) return m('PCT-11.61.a.7', enfiladeable(t) ? 'enfiladed (11.64)' : "enfiladed, by the GM's ruling (11.64)");
  if (t.gapUnder1) return m('PCT-11.61.a.8', 'no 1" gap between ranks of figures (11.65)');
  if (t.position === 'building' || t.position === 'redoubt') return m('PCT-11.61.a.9', `within a ${t.position}`);
  if ((input.firer.arm === 'infantry' || input.firer.arm === 'cavalry') && input.range <= 1) return m('PCT-11.61.a.10', 'infantry or cavalry fire at 1" or less (11.66)');
  const l = (rule: string, why: string) => ({ type: 'Linear' as const, rule, why });
  if (GUNS.includes(t.arm)) return l(t.crewed === false ? 'PCT-11.61.b.2' : 'PCT-11.61.b.1', t.crewed === false ? 'uncrewed battery' : 'unlimbered battery, not massed');
  if (t.formation === 'skirmish') return l('PCT-11.61.b.3', 'skirmish (open) order');
  return l('PCT-11.61.b', 'one rank of figures (line)');
}

/** The infantry/cavalry Fire Chart line (PCT-11.34 - 11.37), or null when the player must say which. */
export function chartLine(input: Pick<FireInput, 'firer' | 'zone'>): { line: ChartLine | null; rule: string; why: string } {
  const f = input.firer;
  if (f.position === 'building') return { line: 'morale disordered', rule: 'PCT-11.36', why: 'firing from a building (PCT-11.24.b, 11.36)' };
  if (f.arm === 'infantry' && f.morale === 'disordered') return { line: 'morale disordered', rule: 'PCT-11.36', why: 'morale disordered infantry' };
  if (f.formation === 'skirmish') return { line: 'skirmish', rule: 'PCT-11.37', why: 'skirmish (open) order' };
  if (input.zone === 'maximum') return { line: 'maximum range/disordered', rule: f.arm === 'cavalry' ? 'PCT-11.35' : 'PCT-11.34', why: 'Maximum Range Fire Zone' };
  if (f.formation === 'square') return { line: 'square', rule: 'PCT-11.34', why: 'square' };
  if (f.arm === 'cavalry') return { line: 'mounted cavalry', rule: 'PCT-11.35', why: 'mounted close order cavalry' };
  if (f.ranks === 2) return { line: '2 rank', rule: 'PCT-11.34', why: '2 ranks' };
  if (f.ranks === 3) return { line: '3 rank', rule: 'PCT-11.34', why: '3 ranks' };
  return { line: null, rule: 'PCT-11.34', why: 'ranks not given' };
}

/** Figures or cannon that fire (PCT-11.24, 11.41, 11.42, 11.66), or a refusal. */
function firingCount(input: FireInput, artillery: boolean): { n: number; rule: string; label: string } | FireRefused {
  const f = input.firer;
  const s = f.strength;
  const c = input.count;
  // PCT-11.41: a unit with no figure (or cannon) bearing does not fire; the half-unit minimum is for a unit that can.
  if (c === 0) return { status: 'refused', rule: artillery ? 'PCT-11.42' : 'PCT-11.41', reason: `count:0: no ${artillery ? 'cannon' : 'figure'} can bear on the target, so the unit cannot fire at it (${artillery ? 'PCT-11.42' : 'PCT-11.41'}).` };
  if (f.position === 'building' || f.position === 'redoubt') {
    return { n: s, rule: f.position === 'building' ? 'PCT-11.24.b' : 'PCT-11.24.c', label: `all ${s} ${artillery ? 'cannon' : 'figures'} in the ${f.position} fire` };
  }
  if (f.formation === 'square') {
    const third = Math.ceil(s / 3);
    const n = c === undefined ? third : Math.min(third, c);
    const rule = artillery ? 'PCT-11.42.d' : 'PCT-11.24.a';
    return { n, rule, label: `square: ${s}/3 rounded up = ${third}${c !== undefined && c < third ? `, limited to the ${c} that can fire (PCT-11.41.b)` : ''}` };
  }
  if (c === undefined) return { status: 'refused', rule: artillery ? 'PCT-11.15.step4' : 'PCT-11.16.step3', reason: `Give the number of ${artillery ? 'cannon' : 'figures'} that can bear on the target (count:).` };
  if (c > s) return { status: 'refused', rule: 'PCT-11.27', reason: `Only ${s} ${artillery ? 'cannon' : 'figures'} are in the unit; ${c} cannot fire (PCT-11.27).` };
  if (artillery) {
    if (c < s) return { status: 'refused', rule: 'PCT-11.15.step4', reason: `All cannon of the battery must be able to bear on the target: ${c} of ${s} do (PCT-11.15.step4).` };
    return { n: s, rule: 'PCT-11.15.step6', label: `${s} cannon firing` };
  }
  if (f.formation === 'skirmish') return { n: c, rule: 'PCT-11.41.c', label: `${c} skirmish figures within weapon range` };
  const half = Math.ceil(s / 2);
  if (c < half) {
    const rule = input.range <= 1 ? 'PCT-11.66' : 'PCT-11.41.a';
    return { n: half, rule, label: `${c} in the angle, raised to the minimum of half the unit, ${s}/2 rounded up = ${half}` };
  }
  return { n: c, rule: 'PCT-11.16.step3', label: `${c} figures within the angle and range` };
}

/** PCT-ALGO step 6: the doubling of 11.81, 11.83, 11.84, 11.85; null = not given in source. */
export function doubling(input: Pick<FireInput, 'kind' | 'firer' | 'target' | 'gm'>): { factor: 1 | 2; rule: string; why: string } | { factor: null; rule: string; question: string } {
  const artillery = ARTILLERY.includes(input.firer.arm);
  const t = input.target;
  const chargingCavalry = t.arm === 'cavalry' && (t.charging === true || t.declaredChargePassed === true);
  switch (input.kind) {
    case 'normal':
      return { factor: 1, rule: 'PCT-11.15.step9', why: 'normal fire' };
    case 'opportunity':
      return { factor: 2, rule: 'PCT-11.81', why: 'opportunity fire is doubled' };
    case 'passby':
      if (artillery && chargingCavalry) {
        return { factor: 1, rule: 'PCT-11.83.exception.a', why: 'artillery passby fire at charging cavalry, or cavalry that declared its charge and passed its morale check, is not doubled' };
      }
      return { factor: 2, rule: 'PCT-11.83', why: 'passby fire is doubled' };
    case 'final-shock':
      return { factor: 2, rule: 'PCT-11.84', why: 'final shock combat fire is doubled' };
    case 'supportive': {
      if (input.firer.arm === 'infantry') return { factor: 2, rule: 'PCT-11.85', why: 'infantry supportive fire is doubled' };
      if (artillery && chargingCavalry) return { factor: 1, rule: 'PCT-11.85', why: 'artillery supportive fire at charge-movement or declared-charge cavalry is normal' };
      if (artillery && (t.arm === 'infantry' || t.arm === 'cavalry')) {
        return { factor: 2, rule: 'PCT-11.85', why: `artillery supportive fire at ${t.arm === 'infantry' ? 'infantry' : 'non-charge-movement cavalry'} is doubled` };
      }
      const who = artillery ? `artillery supportive fire at ${t.arm}` : `${input.firer.arm} supportive fire`;
      if (input.gm?.doubleSupportive !== undefined) {
        return { factor: input.gm.doubleSupportive ? 2 : 1, rule: 'PCT-11.85', why: `${who}: ${input.gm.doubleSupportive ? 'doubled' : 'not doubled'} by the GM's ruling (the rules do not say)` };
      }
      return { factor: null, rule: 'PCT-11.85', question: `The rules do not say whether ${who} is doubled (PCT-11.85): the GM rules doubled or not.` };
    }
  }
}

const step = (label: string, v: Fraction, rule: string): Step => (isWhole(v) ? { label, value: toNumber(v), rule } : { label, value: Math.round(toNumber(v) * 100) / 100, exact: `${v.n}/${v.d}`, rule });

/**
 * Resolve one fire attack. `dice` rolls d100 (fire, officer) and the critical hit die; nothing is
 * rolled for a refusal or a question to the GM.
 */
export function resolveFire(input: FireInput, dice: Dice, rules: FireRules = FIRE_RULES): FireResult {
  const fp = rules.fire;
  const { firer, target } = input;
  const artillery = ARTILLERY.includes(firer.arm);
  const rule = artillery ? 'PCT-11.15' : 'PCT-11.16';
  const S = (n: string) => `${rule}.step${n}`;
  const stepNo = artillery ? { base: '8', mods: '9', hit: '10', officer: '11', count: '6' } : { base: '7', mods: '8', hit: '9', officer: '10', count: '5' };

  for (const [k, v] of [['count', input.count], ['earlierAttacksThisPhase', input.earlierAttacksThisPhase], ['batteriesOnTarget', input.batteriesOnTarget]] as const) {
    if (!isWholeCount(v)) return { status: 'refused', rule, reason: `${k} must be a whole number, 0 or more (got ${v}).` };
  }
  if (!(Number.isFinite(input.range) && input.range >= 0)) return { status: 'refused', rule, reason: `range must be a distance in inches (got ${input.range}).` };
  if (!(Number.isInteger(firer.strength) && firer.strength >= 1) || !(Number.isInteger(target.strength) && target.strength >= 1)) {
    return { status: 'refused', rule: 'PCT-11.27', reason: 'Firer and target need a current strength of at least 1 (PCT-11.27).' };
  }
  if (input.night && input.night.visibility === null) {
    return { status: 'needsGm', rule: 'NIGHT-18.51', question: 'At night the maximum range is the visibility, which is not set: the GM sets it first (NIGHT-18.31, 18.51).', steps: [] };
  }
  const refused = fireRefusal(input, rules);
  if (refused) return refused;

  const steps: Step[] = [];
  const notes: string[] = [];

  // Step 1: target type.
  const tt = targetType(input);
  steps.push({ label: `${tt.type} target: ${tt.why}`, value: tt.type, rule: tt.rule });

  // Count of firing figures or cannon.
  const counted = firingCount(input, artillery);
  if ('status' in counted) return counted;
  steps.push({ label: counted.label, value: counted.n, rule: counted.rule });

  // Chart row.
  let row: string | null = input.row ?? null;
  if (!artillery) {
    const cl = chartLine(input);
    if (cl.line !== null && input.row !== undefined && input.row !== cl.line && !input.gm?.row) {
      return { status: 'refused', rule: cl.rule, reason: `This unit fires on the ${cl.line} line (${cl.why}), not "${input.row}" (${cl.rule}).` };
    }
    if (row === null) row = cl.line;
    if (row !== null) steps.push({ label: `Fire Chart line: ${row}${input.row === undefined ? ` (${cl.why})` : ''}`, value: row, rule: input.row === undefined ? cl.rule : S('4') });
  } else if (row === null && firer.gun !== undefined) {
    row = `${firer.gun} ${firer.shot ?? 'roundshot'}`;
  }

  // Base percent: the pack's chart, or `base` when the pack has none.
  let base: number;
  const chartCell = () => {
    if (!fp.chart || row === null || firer.class === undefined) return undefined;
    return fp.chart.find((r) => r.row === row)?.cells.find((c) => c.count === counted.n && c.class === firer.class);
  };
  const cell = chartCell();
  if (cell) {
    const v = tt.type === 'Massed' ? cell.massed : cell.linear;
    if (input.base !== undefined && input.base !== v) {
      return { status: 'refused', rule: S(stepNo.base), reason: `The pack's Fire Chart gives ${v}% (${row}, ${counted.n}, class ${firer.class}, ${tt.type}); a different value belongs in a house-ruled pack.` };
    }
    base = v;
    steps.push({ label: `Base percent: chart ${row}, ${counted.n} ${artillery ? 'cannon' : 'figures'}, class ${firer.class}, ${tt.type}`, value: v, rule: S(stepNo.base) });
  } else if (input.base !== undefined) {
    if (!(Number.isFinite(input.base) && input.base >= 0)) return { status: 'refused', rule: S(stepNo.base), reason: `base must be a percentage, 0 or more (got ${input.base}).` };
    base = input.base;
    const where = `${row ?? 'the chart row'}, ${counted.n} ${artillery ? 'cannon' : 'figures'}${firer.class ? `, class ${firer.class}` : ''}, ${tt.type}`;
    steps.push({ label: `Base percent given (${where})`, value: base, rule: S(stepNo.base) });
  } else {
    const what = fp.chart ? `the pack's chart has no cell for ${row ?? '(no row)'}, ${counted.n}, class ${firer.class ?? '?'}` : 'this pack has no Fire Chart';
    return {
      status: 'needsGm',
      rule: S(stepNo.base),
      question: `${what}: give base: read from ${row ?? 'the Fire Chart row'}, ${counted.n} ${artillery ? 'cannon' : 'figures'}, class ${firer.class ?? 'A/B/C'}, ${tt.type} column.`,
      steps,
    };
  }

  // Chart modifiers, in pack order (step 9/8): the derived ones plus those the player names.
  const named = new Map((input.modifiers ?? []).map((m) => [m.id, m]));
  for (const id of named.keys()) {
    const def = fp.modifiers.find((m) => m.id === id);
    if (!def) return { status: 'refused', rule: S(stepNo.mods), reason: `Unknown fire modifier "${id}"; this pack has ${fp.modifiers.map((m) => m.id).join(', ')}.` };
    if (def.derivable && !input.gm?.modifiers?.includes(id)) return { status: 'refused', rule: def.rule, reason: `${def.label} is applied by the umpire from the battle log, not named (${def.rule}).` };
  }
  const applies = new Set(named.keys());
  if (input.night) applies.add('night');
  if (target.screened) {
    if (artillery) applies.add('skirmish-screen');
    else applies.delete('skirmish-screen');
  }
  let p: Fraction = fraction(base);
  for (const def of fp.modifiers) {
    if (!applies.has(def.id)) continue;
    const given = named.get(def.id)?.value;
    if (def.kind === null) {
      return { status: 'needsGm', rule: def.rule, question: `${def.label}: the rules do not give this modifier (${def.rule}); the GM enters it in the pack (kind and value).`, steps };
    }
    if (def.value !== null && given !== undefined && fraction(def.value).n * fraction(given).d !== fraction(given).n * fraction(def.value).d) {
      return { status: 'refused', rule: def.rule, reason: `${def.label} is ${def.value} in this pack; a different value belongs in a house-ruled pack.` };
    }
    const raw = def.value ?? given;
    if (raw === undefined) {
      return { status: 'needsGm', rule: def.rule, question: `${def.label}: the rules do not give its value (${def.rule}); give it as the modifier's value, or the GM enters it in the pack.`, steps };
    }
    const v = fraction(raw);
    p = def.kind === 'multiplier' ? mul(p, v) : add(p, v);
    steps.push(step(`${def.label}: ${def.kind === 'multiplier' ? `x${show(v)}` : `${v.n >= 0n ? '+' : ''}${show(v)}`} -> ${show(p)}`, p, def.rule));
  }
  if (p.n < 0n) p = fraction(0);
  const rounded = ceil(p);
  steps.push(step(isWhole(p) ? 'Modified base percent' : `Modified base percent, fraction raised: ${show(p)} -> ${rounded.n}`, rounded, S(stepNo.mods)));
  p = rounded;

  // PCT-ALGO step 6: doubling.
  const dbl = doubling(input);
  if (dbl.factor === null) return { status: 'needsGm', rule: dbl.rule, question: dbl.question, steps };
  if (dbl.factor === 2) {
    p = mul(p, fraction(2));
    steps.push(step(`x2: ${dbl.why}`, p, dbl.rule));
  } else if (input.kind !== 'normal') {
    steps.push(step(`Not doubled: ${dbl.why}`, p, dbl.rule));
  }

  // PCT-11.87: x2/3 for each earlier attack by the unit in the same phase; the final fraction raised.
  const k = input.earlierAttacksThisPhase;
  if (k > 0) {
    p = mul(p, pow(fraction('2/3'), k));
    steps.push(step(`Attack ${k + 1} by this unit in the phase: x(2/3)^${k} -> ${show(p)}`, p, 'PCT-11.87'));
    const r = ceil(p);
    if (!isWhole(p)) steps.push(step(`Final fraction raised: ${show(p)} -> ${r.n}`, r, 'PCT-11.87'));
    p = r;
  }
  const percent = Number(p.n);
  steps.push({ label: 'Modified base percent to hit', value: percent, rule: 'PCT-11.71' });

  const over = percent > 100;
  if (percent > 200 && fp.overHundred.aboveTwoHundred === 'gm') {
    return { status: 'needsGm', rule: 'PCT-11.71', question: `${percent}% is above 200%: the rules give 1 figure plus a chance of a second for over 100% but say nothing above 200%; the GM rules the losses.`, steps };
  }

  // The roll and the hits.
  const rolled: RolledDie[] = [];
  const roll = (sides: number, purpose: string) => {
    const result = dice.die(sides);
    rolled.push({ sides, result, purpose });
    return result;
  };
  const fireRoll = roll(100, `fire (${S(artillery ? '3' : '2')})`);
  let hits: number;
  let automatic = 0;
  let hit: boolean;
  if (!over) {
    hit = fireRoll <= percent || fireRoll === 1;
    hits = hit ? 1 : 0;
    steps.push({ label: `d100 ${fireRoll} ${hit ? (fireRoll <= percent ? `<= ${percent}: hit` : '= 01: always a hit') : `> ${percent}: miss`}`, value: fireRoll, rule: S(stepNo.hit) });
  } else {
    automatic = Math.floor(percent / 100);
    const rest = percent - automatic * 100;
    steps.push({ label: `Over 100%: ${automatic} figure${automatic > 1 ? 's' : ''} lost automatically`, value: automatic, rule: 'PCT-11.71' });
    hits = automatic;
    if (rest > 0) {
      const r = fp.overHundred.secondFigure === 'same-roll' ? fireRoll : roll(100, 'PCT-11.71 remainder');
      const extra = r <= rest;
      if (extra) hits += 1;
      steps.push({ label: `Remainder ${rest}%: d100 ${r} ${extra ? `<= ${rest}: another figure` : `> ${rest}: no further figure`}${fp.overHundred.secondFigure === 'same-roll' ? ' (the fire roll)' : ' (a new roll)'}`, value: r, rule: 'PCT-11.71' });
    }
    hit = true;
  }
  const losses = Math.min(hits, target.strength);
  if (losses < hits) notes.push(`${hits} hits but the target has only ${target.strength}: ${losses} lost.`);

  // PCT-11.74: artillery on guns or trains takes cannon or train material.
  const onGuns = artillery && (GUNS.includes(target.arm) || target.arm === 'train');
  const lossKind: FireOutcome['lossKind'] = onGuns ? (target.arm === 'train' ? 'train material' : 'cannon') : 'figures';
  if (losses > 0) steps.push({ label: `${lossKind} lost`, value: losses, rule: onGuns ? 'PCT-11.74' : S(stepNo.hit) });

  // Officer checks (step 11 / 10).
  const officerChecks: OfficerCheck[] = [];
  let randomOfficerHit: FireOutcome['randomOfficerHit'] = null;
  const orule = S(stepNo.officer);
  if (target.officerAttached && losses > 0) {
    const per = fp.officerHit.percentPerFigure;
    const chances = fp.officerHit.rolls === 'per-figure' ? Array.from({ length: losses }, () => per) : [Math.min(100, per * losses)];
    for (const chance of chances) {
      const r = roll(100, `officer hit (${orule})`);
      const check = { rule: orule, roll: r, chance, hit: r <= chance, randomOfficerHit: fp.officerHit.randomOfficerHitOn.includes(r) };
      officerChecks.push(check);
      steps.push({ label: `Officer check: d100 ${r} ${check.hit ? `<= ${chance}: officer hit` : `> ${chance}: officer not hit`}`, value: r, rule: orule });
    }
    if (officerChecks.some((c) => c.randomOfficerHit)) {
      const chart = fp.officerHit.randomOfficerHitChart;
      randomOfficerHit = {
        rule: orule,
        needsGm: true,
        text: `An officer-hit roll of 01 or 00 starts the Random Officer Hit sequence (14.62)${chart ? ', read from the pack chart' : '; its chart is not in the rules, so the GM rules the effect'}.`,
      };
    }
  }

  // PCT-11.75: artillery/train critical hit.
  let criticalHit: CriticalHit | null = null;
  const markers: Marker[] = [];
  if (onGuns && losses > 0) {
    const ch = fp.criticalHit;
    const bonus = firer.shot === 'shell' || firer.arm === 'rockets' ? ch.shellAndRocketBonus : 0;
    const r = roll(ch.die, 'critical hit (PCT-11.75)');
    const total = r + bonus;
    const section = total >= 6 ? 'second' : 'first';
    let result: CriticalHit['result'] = null;
    let second: CriticalHit['secondRoll'];
    let needsGm = true;
    let text: string;
    if (ch.table) {
      let readTotal = total;
      if (section === 'second' && ch.table.secondRoll) {
        const r2 = roll(ch.die, 'critical hit, second section (PCT-11.75)');
        second = { roll: r2, total: r2 + bonus };
        readTotal = r2 + bonus;
      }
      const entry = ch.table[section].find((e) => e.min <= readTotal && readTotal <= e.max);
      if (entry) {
        result = { text: entry.text, ...(entry.counterbattery ? { counterbattery: entry.counterbattery } : {}) };
        needsGm = false;
        text = `Critical hit (${section} section, ${readTotal}): ${entry.text}`;
        if (entry.counterbattery) markers.push(counterbatteryMarker(entry.counterbattery, 'critical-hit'));
      } else {
        text = `Critical hit ${readTotal} is not on the pack's ${section} section: the GM rules (PCT-11.75).`;
      }
    } else {
      text = `Critical hit roll 1D${ch.die} ${r}${bonus ? ` +${bonus} (shell or rockets)` : ''} = ${total}: ${section === 'second' ? 'a 6: the second section' : 'the first section'} of the Artillery/Train Critical Hit Table, which is not in the rules; the GM reads their table.`;
    }
    criticalHit = { rule: 'PCT-11.75', roll: r, bonus, total, section, ...(second ? { secondRoll: second } : {}), result, needsGm, text };
    steps.push({ label: `Critical hit: 1D${ch.die} ${r}${bonus ? ` +${bonus}` : ''}`, value: total, rule: 'PCT-11.75' });
  }
  if (input.counterbattery) markers.push(counterbatteryMarker(input.counterbattery, 'gm'));

  const mfpChange = mfpChangeFor(lossKind, losses, target.strength, target.arm, fp);
  if (mfpChange.points !== 0) steps.push({ label: mfpChange.text, value: mfpChange.points, rule: 'PCT-11.73' });

  const moraleCheckDue = losses > 0;
  if (moraleCheckDue) notes.push('Morale check due on the target (PCT-11.72), taken once every fire on it this phase is complete (PCT-11.88).');
  if (moraleCheckDue && firer.arm === 'rockets') notes.push('Rocket fire has special morale rules that are not in the source; the GM rules them (PCT-11.72).');
  if (target.screened && artillery) notes.push('The skirmish screen suffers no casualties from this fire (PCT-11.46).');

  const ammunition = artillery && firer.ammunition !== undefined ? { rule: S('2'), spent: 1 as const, shot: firer.shot ?? 'roundshot' } : null;

  return {
    status: 'resolved',
    rule,
    steps,
    chartLine: row,
    targetType: tt.type,
    firing: counted.n,
    base,
    percent,
    roll: fireRoll,
    hit,
    automaticLosses: Math.min(automatic, target.strength),
    losses,
    lossKind,
    officerChecks,
    randomOfficerHit,
    criticalHit,
    markers,
    mfpChange,
    moraleCheckDue,
    ammunition,
    notes,
    dice: rolled,
  };
}
