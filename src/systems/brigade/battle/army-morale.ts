import { list, say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { claim, findSide, needDice, rulingLine, type Ruling } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { armyMorale, armyMoraleDue, brigadePack as pack, type ArmyMoraleOutcome } from '../index.ts';
import { armyMoraleTable } from './house.ts';
import { armOf, brg, checkPhase, lines, setState, unitsOf } from './state.ts';

/** Army morale (BRG-4): the GM gives the broken brigades and the table numbers; an army that fails withdraws. */
export type ArmyMoraleAction = { type: 'BrigadeArmyMorale'; armies: { side: string; broken: number; tableNumber?: number | null; formed?: number }[] };

export type ArmyMoraleEvent = { type: 'BrigadeArmyMoraleChecked'; data: { at: TurnPosition; outcome: ArmyMoraleOutcome; sideIds: Record<string, string>; rulings: Ruling[]; dice: DiceUsed } };

/** Formed infantry and formed cavalry brigades of a side, from the roster: a brigade of infantry (with any skirmishers) and no cavalry, or of cavalry only (BRG-4.2). */
export function formedBrigades(s: BattleState, sideId: string): number {
  return Object.values(s.commands).filter((c) => {
    if (c.sideId !== sideId) return false;
    const arms = new Set(unitsOf(s, c).map(armOf));
    return (arms.has('infantry') && !arms.has('cavalry') && !arms.has('elephants')) || (arms.size === 1 && arms.has('cavalry'));
  }).length;
}

/**
 * The army morale check as a GM types it, for this battle's armies still on the field: each one's
 * broken brigades (counted by the GM: the definition is not in the source) and, without house rule
 * army-morale.table, each one's table number (BRG-4.1, BRG-4.2).
 */
export function armyMoraleExample(s: BattleState): string {
  const sides = Object.values(s.sides).filter((x) => !brg(s).withdrawn.includes(x.id));
  const each = (n: number) => `"${sides.map((x) => `${x.name.replace(/"/g, '\\"')}=${n}`).join('; ')}"`;
  return `/morale army broken:${each(0)}${armyMoraleTable(s) ? '' : ` table:${each(4)}`}`;
}

/** An army general fell this turn (BRG-4.1), from the log. */
const armyGeneralFell = (s: BattleState) => brg(s).fallen.some((f) => f.kind === 'army-commander' && f.removedTurn === s.position.turn);

/** BRG-4: the GM gives the broken brigades and the table number (neither is in the source); the rest is the battle's. */
export function armyMoraleCheck(s: BattleState, a: ArmyMoraleAction, ctx: DecideContext): BattleEvent[] {
  checkPhase(s, 'BRG-4', say('brigade.armyMorale.when'));
  const due = armyMoraleDue({ turn: s.position.turn, armyGeneralFell: armyGeneralFell(s), pack });
  if (!due.due) refuse(say('brigade.armyMorale.notNow', { why: due.why }));
  const done = brg(s).withdrawn;
  const rulings: Ruling[] = [];
  const sideIds: Record<string, string> = {};
  const armies = a.armies.map((x) => {
    const side = findSide(s, x.side);
    if (done.includes(side.id)) refuse(say('brigade.armyMorale.withdrawn', { side: side.name }));
    sideIds[side.name] = side.id;
    const derived = formedBrigades(s, side.id);
    let formed = derived;
    if (x.formed !== undefined) {
      const r = claim(s, ctx.actor, { what: say('brigade.claim.formed', { side: side.name }), claimed: String(x.formed), derived: String(derived), source: say('brigade.theRoster'), rule: 'BRG-4.2' });
      if (r) rulings.push(r);
      formed = x.formed;
    }
    return { side: side.name, broken: x.broken, formed, ...(x.tableNumber !== undefined ? { tableNumber: x.tableNumber } : {}) };
  });
  const table = armyMoraleTable(s);
  const { value: outcome, dice } = needDice(ctx.dice).take((d) => armyMorale({ turn: s.position.turn, armyGeneralFell: armyGeneralFell(s), armies, ...(table ? { table } : {}), dice: d, pack }));
  return [{ type: 'BrigadeArmyMoraleChecked', data: { at: s.position, outcome, sideIds, rulings, dice } }];
}

export function evolveArmyMorale(d: BattleState, e: ArmyMoraleEvent): void {
  switch (e.type) {
    case 'BrigadeArmyMoraleChecked': {
      const out = e.data.outcome.withdrawing.flatMap((n) => (e.data.sideIds[n] ? [e.data.sideIds[n]] : []));
      setState(d, { armyMoraleTurn: e.data.at.turn, ...(out.length ? { withdrawn: [...brg(d).withdrawn, ...out.filter((id) => !brg(d).withdrawn.includes(id))] } : {}) });
      return;
    }
  }
}

export function describeArmyMorale(e: ArmyMoraleEvent, _s: BattleState): Text {
  switch (e.type) {
    case 'BrigadeArmyMoraleChecked': {
      const o = e.data.outcome;
      const head = o.withdrawing.length ? say('brigade.armyMorale.headWithdraw', { sides: list(o.withdrawing), n: o.withdrawing.length }) : say('brigade.armyMorale.headFightOn');
      return lines(head, [...o.steps, ...e.data.rulings.map(rulingLine)]);
    }
  }
}
