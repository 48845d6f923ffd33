import { say, type Text } from '../../../i18n/text.ts';
import { chargeHouse } from './house.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, checkGmRulings, findUnit, needDice } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { chargePack as pack, DISCIPLINE_COLUMNS, resolveFireDiscipline, type DisciplineColumn, type FireDisciplineOutcome, type GmModifier } from '../rules.ts';
import { given, lines } from './state.ts';

export type ChargeFireDiscipline = { type: 'ChargeFireDiscipline'; unit: string; column: DisciplineColumn; modifiers?: GmModifier[]; die?: number; cell?: string };

export type ChargeFireDisciplineRolled = { type: 'ChargeFireDisciplineRolled'; data: { unitId: string; at: TurnPosition; outcome: FireDisciplineOutcome & { unit: string }; dice: DiceUsed } };

/** FIRE-DISCIPLINE, with the natural 9 and natural 10 AP notes. */
export function decideDiscipline(s: BattleState, a: ChargeFireDiscipline, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, say('charge.actsFor.roll'));
  checkGmRulings(s, ctx.actor, given({ modifiers: a.modifiers, die: a.die, cell: a.cell }), 'FIRE-DISCIPLINE', say('charge.gmGives.them'));
  if (!DISCIPLINE_COLUMNS.includes(a.column)) refuse(say('charge.battle.fireDiscipline.columnOneOf', { columns: DISCIPLINE_COLUMNS.join(', '), column: String(a.column) }));
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveFireDiscipline({
      column: a.column,
      ...(a.modifiers ? { modifiers: a.modifiers } : {}),
      gm: { ...(a.die !== undefined ? { die: a.die } : {}), ...(a.cell !== undefined ? { cell: a.cell } : {}) },
      dice: d,
      house: chargeHouse(s),
      pack,
    }),
  );
  return [{ type: 'ChargeFireDisciplineRolled', data: { unitId: u.id, at: s.position, outcome: { ...o, unit: u.name }, dice: used } }];
}

export function describeDiscipline(e: ChargeFireDisciplineRolled): Text {
  const o = e.data.outcome;
  return lines(say('charge.battle.fireDiscipline.head', { unit: o.unit, result: o.result.printed }), o.steps);
}
