import type { Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, findUnit, needDice, samePhase } from '../../../battle/mechanics.ts';
import { isGm, type BattleState } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { refuse } from '../../../rules/errors.ts';
import { nightMoraleModifier, type NightMoraleCheck, type NightMoraleModifier } from '../index.ts';
import { houseValue } from '../../../battle/house.ts';
import { asked } from './house.ts';
import { MORALE_STATES, setUnit, status, type MoraleState } from './state.ts';
import { lines } from './words.ts';

/**
 * Morale checks (15.0, from the GM's chart) with the night reduction of NIGHT-18.61, the check fire
 * losses make due (PCT-11.72, 11.88), and a GM's record of a unit's morale state.
 */

/** What a morale check is for: fire losses (PCT-11.72), or the checks NIGHT-18.61 reduces at night. */
export const MORALE_KINDS = ['fire-loss', 'rally', 'declare-charge', 'receive-charge', 'other'] as const;
export type MoraleKind = (typeof MORALE_KINDS)[number];

export type MoraleAction =
  | { type: 'PercentileMoraleCheck'; unit: string; kind: MoraleKind; percent: number; onPass?: MoraleState; onFail?: MoraleState }
  | { type: 'PercentileSetMorale'; unit: string; state: MoraleState; reason?: string };

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

export type MoraleEvent =
  | { type: 'PercentileMoraleChecked'; data: { unitId: string; at: TurnPosition; outcome: MoraleCheckOutcome; dice: DiceUsed } }
  | { type: 'PercentileMoraleSet'; data: { unitId: string; from: MoraleState; to: MoraleState; reason?: string } };

type MoraleActionOf<T extends MoraleAction['type']> = Extract<MoraleAction, { type: T }>;
type MoraleEventOf<T extends MoraleEvent['type']> = Extract<MoraleEvent, { type: T }>;

const NIGHT_KIND: Record<MoraleKind, NightMoraleCheck> = { 'fire-loss': 'other', rally: 'rally-routing', 'declare-charge': 'declare-charge', 'receive-charge': 'receive-charge', other: 'other' };

/**
 * A morale check (15.0). The morale chart is not in our sources: the GM gives the unit's percent and,
 * where the result changes the unit's state, what a pass and a failure lead to (on_pass, on_fail).
 * The umpire applies NIGHT-18.61 (-20 points at night to rally and charge checks, squares exempt for
 * the charge checks), rolls d100 (pass at or under) and clears the fire-loss check due (PCT-11.72).
 */
export function decideMoraleCheck(s: BattleState, a: MoraleActionOf<'PercentileMoraleCheck'>, ctx: DecideContext): MoraleEvent[] {
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
  // NIGHT-18.61: 20 points or a fifth is the battle's house rule night.morale; asked until it is set.
  const reading = houseValue(s, 'night.morale');
  const nightMod = nightMoraleModifier({ kind: NIGHT_KIND[a.kind], square: u.attrs.formation === 'square', night: s.position.period === 'night' }, (reading?.value as 'points' | 'fifth' | undefined) ?? null, reading?.note);
  if (nightMod.open) refuse(`${nightMod.reason} A GM sets it for this battle with ${asked('night.morale')}.`);
  // A fifth off may leave a fraction: the roll is compared with it as it is, nothing rounded.
  const chance = Math.max(0, a.percent * nightMod.factor + nightMod.points);
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

/** A GM records a unit's morale state where no check of ours decided it (a rally, shock combat, terrain). */
export function decideSetMorale(s: BattleState, a: MoraleActionOf<'PercentileSetMorale'>): MoraleEvent[] {
  const u = findUnit(s, a.unit);
  if (!MORALE_STATES.includes(a.state)) refuse(`state is one of ${MORALE_STATES.join(', ')} (got "${String(a.state)}").`);
  const from = status(s, u.id).morale ?? 'good';
  if (from === a.state) refuse(`${u.name} is ${from} already.`);
  const reason = a.reason?.trim();
  if (reason !== undefined && (!reason || reason.length > 100)) refuse('Give the reason in a few words (1 to 100 characters), or leave it out.');
  return [{ type: 'PercentileMoraleSet', data: { unitId: u.id, from, to: a.state, ...(reason ? { reason } : {}) } }];
}

export function applyMoraleChecked(d: BattleState, e: MoraleEventOf<'PercentileMoraleChecked'>): void {
  const o = e.data.outcome;
  setUnit(d, e.data.unitId, (st) => {
    const { moraleDue: _taken, morale: _was, ...rest } = st;
    const base = o.clearsDue ? rest : { ...rest, ...(st.moraleDue ? { moraleDue: st.moraleDue } : {}) };
    return o.after === 'good' ? base : { ...base, morale: o.after };
  });
}

export function applyMoraleSet(d: BattleState, e: MoraleEventOf<'PercentileMoraleSet'>): void {
  setUnit(d, e.data.unitId, (st) => {
    const { morale: _was, ...rest } = st;
    return e.data.to === 'good' ? rest : { ...rest, morale: e.data.to };
  });
}

const signed = (n: number) => (n >= 0 ? `+${n}` : String(n));

export function describeMoraleChecked(e: MoraleEventOf<'PercentileMoraleChecked'>): Text {
  const o = e.data.outcome;
  const night = o.night.reason.replace(/ \(NIGHT-18.61(; (.*))?\)\.$/, (_m, _g, note?: string) => (note ? ` (${note})` : ''));
  const change = o.night.factor !== 1 ? `x${o.night.factor}` : signed(o.night.points);
  const state = o.effectGiven ? (o.after === o.before ? `stays ${o.after}` : `${o.before} → ${o.after}`) : `stays ${o.before}; the effect of the result is read from the GM's morale chart (15.0)`;
  return lines(`${o.unit} takes a ${o.kind} morale check: ${o.passed ? 'passed' : 'failed'}`, [
    `Chance from the GM's morale chart (15.0): ${o.percent}%`,
    o.night.applies ? `${night}: ${change} → ${o.chance}% (NIGHT-18.61)` : `${night} (NIGHT-18.61)`,
    `d100 ${o.roll} ${o.passed ? `<= ${o.chance}: passed` : `> ${o.chance}: failed`}`,
    `${o.unit} ${state}`,
    ...(o.clearsDue ? ['The morale check due for fire losses is taken (PCT-11.72).'] : []),
  ]);
}

export function describeMoraleSet(e: MoraleEventOf<'PercentileMoraleSet'>, s: BattleState): Text {
  return `${s.units[e.data.unitId]?.name ?? e.data.unitId}: morale ${e.data.from} → ${e.data.to}, as a GM recorded${e.data.reason ? `: ${e.data.reason}` : ''}`;
}
