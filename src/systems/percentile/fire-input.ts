import type { Text } from '../../i18n/text.ts';
import { FIRE_PACK, type FirePack, type FiringClass } from './fire-pack.ts';
import { NIGHT_PACK, type NightPack } from './night.ts';

/**
 * What the Fire Routine (fire.ts) is given: the firer and target as the battle knows them from the
 * log, what players measured on the table, the GM's rulings, and the two keys of the pack it reads.
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

/** The two keys of the percentile pack the routine reads, as a battle's house rules set them (battle/house.ts). */
export interface FireRules {
  fire: FirePack;
  night: NightPack;
  /** PCT-11.85 supportive fire the rules leave open: doubled (true) or not; absent: asked of the GM. */
  supportive?: { cavalry?: boolean; artilleryOther?: boolean };
  /** How the working cites each value a house rule set, by key: "house rule set by @gm at event 12". */
  house?: Readonly<Record<string, Text>>;
}
export const FIRE_RULES: FireRules = { fire: FIRE_PACK, night: NIGHT_PACK };

/** The arms that fire as a battery (PCT-11.15); as targets, the batteries that lose cannon (PCT-11.74). */
export const ARTILLERY: readonly FirerArm[] = ['artillery', 'rockets', 'siege artillery'];
export const GUNS: readonly TargetArm[] = ['artillery', 'rockets', 'siege artillery'];
