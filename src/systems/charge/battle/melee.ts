import { list, say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { actsFor, checkGmRulings, findUnit, needDice } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { chargePack as pack, resolveMelee, type GmModifier, type MeleeOutcome } from '../rules.ts';
import { checkEnemies, figuresNow, given, lines, noFigures, noteTurn, setUnit } from './state.ts';

export type ChargeMelee = { type: 'ChargeMelee'; attacker: string; defender: string; attackerModifiers?: GmModifier[]; defenderModifiers?: GmModifier[] };

/** Step losses a melee round left, by unit id; every participant is disordered (MEL-D10). */
export interface MeleeApplied {
  steps: { unitId: string; unit: string; steps: number }[];
  disordered: string[];
}

export type ChargeMeleeResolved = { type: 'ChargeMeleeResolved'; data: { attackerId: string; defenderId: string; at: TurnPosition; outcome: MeleeOutcome & { applied: MeleeApplied }; dice: DiceUsed } };

/** A melee round's losses by unit id (MEL-D10); a ride-down (CHG-RIDEDOWN) is one such round. */
export function meleeApplied(o: MeleeOutcome, units: Unit[]): MeleeApplied {
  const byName = (name: string) => units.find((u) => u.name === name)!;
  return {
    steps: o.result.kind === 'winner' ? o.result.losses.map((l) => ({ unitId: byName(l.unit).id, unit: l.unit, steps: l.steps })) : [],
    disordered: units.map((u) => u.id),
  };
}

/** MEL-D10: one round; step losses and disorder applied; a tie is the GM's to settle. */
export function decideMelee(s: BattleState, a: ChargeMelee, ctx: DecideContext): BattleEvent[] {
  const att = findUnit(s, a.attacker);
  const def = findUnit(s, a.defender);
  checkEnemies(s, att, def, 'fight');
  if (![att, def].some((u) => actsFor(s, ctx.actor, u))) refuse(say('charge.battle.melee.onlyPlayers', { unit: att.name, other: def.name }));
  checkGmRulings(s, ctx.actor, given({ attacker_modifiers: a.attackerModifiers, defender_modifiers: a.defenderModifiers }), 'MEL-D10', say('charge.gmGives.meleeModifiers'));
  for (const u of [att, def]) if (figuresNow(s, u) < 1) noFigures(u);
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveMelee({
      sides: [
        { id: att.name, ...(a.attackerModifiers ? { modifiers: a.attackerModifiers } : {}) },
        { id: def.name, ...(a.defenderModifiers ? { modifiers: a.defenderModifiers } : {}) },
      ],
      dice: d,
      pack,
    }),
  );
  return [{ type: 'ChargeMeleeResolved', data: { attackerId: att.id, defenderId: def.id, at: s.position, outcome: { ...o, applied: meleeApplied(o, [att, def]) }, dice: used } }];
}

export function applyMelee(d: BattleState, applied: MeleeApplied): void {
  for (const id of applied.disordered) setUnit(d, id, (st) => ({ ...st, disordered: true }));
  for (const l of applied.steps) if (l.steps) setUnit(d, l.unitId, (st) => ({ ...st, steps: (st.steps ?? 0) + l.steps }));
}

/** Each unit's turn record notes the round: won, lost or tied (a morale modifier may read it). */
export function noteMelee(d: BattleState, at: TurnPosition, o: MeleeOutcome, units: readonly (readonly [id: string, name: string])[]): void {
  for (const [id, name] of units) {
    const melee = o.result.kind === 'winner' ? (o.result.winner === name ? 'won' : 'lost') : 'tie';
    noteTurn(d, id, at, (t) => ({ ...t, melee }));
  }
}

export function evolveMelee(d: BattleState, e: ChargeMeleeResolved): void {
  const { attackerId, defenderId, at, outcome: o } = e.data;
  applyMelee(d, o.applied);
  noteMelee(d, at, o, [
    [attackerId, o.rolls[0].unit],
    [defenderId, o.rolls[1].unit],
  ]);
}

export function meleeLines(a: MeleeApplied, s: BattleState): Text[] {
  const names = a.disordered.map((id) => s.units[id]?.name ?? id);
  return [...a.steps.map((l) => say('charge.battle.melee.stepsLost', { unit: l.unit, n: l.steps })), say('charge.battle.melee.disordered', { units: list(names) })];
}

/** MEL-D10 "Both sides check morale": the commands that do it. */
export const moraleLine = (o: MeleeOutcome): Text => say('charge.battle.melee.checkMorale', { commands: list(o.rolls.map((r) => `/morale charge unit:"${r.unit}"`)) });

export const meleeHead = (o: MeleeOutcome): Text => (o.result.kind === 'winner' ? say('charge.battle.melee.wins', { unit: o.result.winner }) : say('charge.battle.melee.tie'));

export function describeMelee(e: ChargeMeleeResolved, s: BattleState): Text {
  const o = e.data.outcome;
  return lines(say('charge.battle.melee.head', { attacker: o.rolls[0].unit, defender: o.rolls[1].unit, result: meleeHead(o) }), [...o.steps, ...meleeLines(o.applied, s), moraleLine(o)]);
}
