import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, findUnit, needDice, samePhase } from '../../../battle/mechanics.ts';
import { isGm, type BattleState } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { refuse } from '../../../rules/errors.ts';
import { nightMoraleCited, nightMoraleModifier, type NightMoraleCheck, type NightMoraleModifier } from '../index.ts';
import { houseValue } from '../../../battle/house.ts';
import { asked } from './house.ts';
import { MORALE_STATES, setUnit, status, type MoraleState } from './state.ts';
import { lines, moraleText, oneOf, selector } from './words.ts';

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
  checkActsFor(s, ctx.actor, u, say('percentile.actsFor.test'));
  if (!MORALE_KINDS.includes(a.kind)) refuse(oneOf('kind', MORALE_KINDS, a.kind));
  if (!(Number.isInteger(a.percent) && a.percent >= 0 && a.percent <= 100)) refuse(say('percentile.morale.percent', { got: String(a.percent) }));
  for (const v of [a.onPass, a.onFail]) if (v !== undefined && !MORALE_STATES.includes(v)) refuse(say('percentile.morale.onPassFail', { values: MORALE_STATES.join(', '), got: String(v) }));
  const st = status(s, u.id);
  const now = st.morale ?? 'good';
  if (a.kind === 'fire-loss') {
    const due = st.moraleDue ?? refuse(say('percentile.morale.noneDue', { unit: u.name }));
    // PCT-11.88: every fire on the unit this phase comes first; a GM may rule it complete.
    if (samePhase(due.since, s.position) && !isGm(s, ctx.actor)) {
      refuse(say('percentile.morale.waits', { unit: u.name }));
    }
  }
  if (a.kind === 'rally' && now !== 'routing') refuse(say('percentile.morale.notRouting', { unit: u.name, state: now }));
  if (a.kind === 'declare-charge' && u.attrs.arm !== 'cavalry') refuse(say('percentile.morale.notCavalry', { unit: u.name, arm: String(u.attrs.arm) }));
  // NIGHT-18.61: 20 points or a fifth is the battle's house rule night.morale; asked until it is set.
  const reading = houseValue(s, 'night.morale');
  const nightMod = nightMoraleModifier({ kind: NIGHT_KIND[a.kind], square: u.attrs.formation === 'square', night: s.position.period === 'night' }, (reading?.value as 'points' | 'fifth' | undefined) ?? null, reading?.note);
  if (nightMod.open) refuse(say('percentile.morale.nightOpen', { reason: nightMod.reason, how: asked('night.morale') }));
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
  if (!MORALE_STATES.includes(a.state)) refuse(oneOf('state', MORALE_STATES, a.state));
  const from = status(s, u.id).morale ?? 'good';
  if (from === a.state) refuse(say('percentile.morale.already', { unit: u.name, state: moraleText(from) }));
  const reason = a.reason?.trim();
  if (reason !== undefined && (!reason || reason.length > 100)) refuse(say('percentile.morale.reasonLength'));
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
  // The working cites the house rule's note, not the rule (the line's head cites it); a log's string reason loses its citation likewise.
  const night = typeof o.night.reason === 'string' ? o.night.reason.replace(/ \(NIGHT-18.61(; (.*))?\)\.$/, (_m, _g, note?: string) => (note ? ` (${note})` : '')) : nightMoraleCited(o.night.reason, 'note');
  const change = o.night.factor !== 1 ? `x${o.night.factor}` : signed(o.night.points);
  const state = o.effectGiven
    ? o.after === o.before
      ? say('percentile.morale.stays', { unit: o.unit, state: moraleText(o.after) })
      : say('percentile.morale.becomes', { unit: o.unit, from: moraleText(o.before), to: moraleText(o.after) })
    : say('percentile.morale.staysChart', { unit: o.unit, state: moraleText(o.before) });
  const passed = o.passed ? 'yes' : 'no';
  return lines(say('percentile.morale.head', { unit: o.unit, kind: selector(o.kind), passed }), [
    say('percentile.morale.chance', { percent: String(o.percent) }),
    o.night.applies ? say('percentile.morale.nightApplied', { night, change, chance: String(o.chance) }) : say('percentile.morale.nightNot', { night }),
    say('percentile.morale.roll', { roll: String(o.roll), chance: String(o.chance), passed }),
    state,
    ...(o.clearsDue ? [say('percentile.morale.dueTaken')] : []),
  ]);
}

export function describeMoraleSet(e: MoraleEventOf<'PercentileMoraleSet'>, s: BattleState): Text {
  const values = { unit: s.units[e.data.unitId]?.name ?? e.data.unitId, from: moraleText(e.data.from), to: moraleText(e.data.to) };
  return e.data.reason ? say('percentile.morale.setWhy', { ...values, reason: e.data.reason }) : say('percentile.morale.set', values);
}
