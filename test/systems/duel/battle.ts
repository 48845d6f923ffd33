import { english } from '../../../src/i18n/text.ts';
import type { DecideContext } from '../../../src/battle/decide.ts';
import type { DiceUsed } from '../../../src/battle/events.ts';
import { houseNote, houseRule } from '../../../src/battle/house.ts';
import { checkActsFor, findUnit, needDice } from '../../../src/battle/mechanics.ts';
import type { BattleState } from '../../../src/battle/state.ts';
import { refuse } from '../../../src/rules/errors.ts';
import type { Outcome } from '../../../src/rules/outcome.ts';
import { strike } from './rules.ts';

export type DuelAction = { type: 'DuelStrike'; attacker: string; target: string };
export type DuelEvent = { type: 'DuelStruck'; data: { attackerId: string; targetId: string; outcome: Outcome & { hit: boolean }; dice: DiceUsed } };
export interface DuelState {
  wounds: Record<string, number>;
}

const rules = (s: BattleState) => s.rules as DuelState;

/** The battle wiring: find the units, check who acts for them, roll through the battle's dice stream. */
export function decideDuel(s: BattleState, a: DuelAction, ctx: DecideContext): DuelEvent[] {
  const attacker = findUnit(s, a.attacker);
  const target = findUnit(s, a.target);
  if (attacker.id === target.id) refuse(`${attacker.name} cannot strike itself.`);
  checkActsFor(s, ctx.actor, attacker, 'strike with it');
  const needed = (s.options.needed as number | undefined) ?? 4;
  const die = houseRule(s, 'strike.die');
  const { value: outcome, dice } = needDice(ctx.dice).take((d) => (die ? strike(d, needed, die.value as number, english(houseNote(die))) : strike(d, needed)));
  return [{ type: 'DuelStruck', data: { attackerId: attacker.id, targetId: target.id, outcome, dice } }];
}

export function evolveDuel(d: BattleState, e: { type: string }): void {
  if (e.type !== 'DuelStruck') return;
  const { targetId, outcome } = (e as DuelEvent).data;
  if (outcome.hit) d.rules = { wounds: { ...rules(d).wounds, [targetId]: (rules(d).wounds[targetId] ?? 0) + 1 } };
}

export function describeDuel(e: DuelEvent, s: BattleState): string {
  const name = (id: string) => s.units[id]?.name ?? id;
  return `${name(e.data.attackerId)} strikes ${name(e.data.targetId)}: ${e.data.outcome.hit ? 'a hit' : 'a miss'}\n${e.data.outcome.steps.map((x) => `• ${english(x)}`).join('\n')}`;
}
