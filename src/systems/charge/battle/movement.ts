import { say, type Text } from '../../../i18n/text.ts';
import { chargeHouse } from './house.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, checkGmRulings, findUnit, needDice } from '../../../battle/mechanics.ts';
import type { BattleState } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { ARTILLERY_RATES, chargePack as pack, FOOT_HORSE_RATES, resolveMovementRoll, type Gun, type MoveClass, type MovementRollOutcome, type RateColumn } from '../rules.ts';
import { armOf, attr, given, lines } from './state.ts';

export type ChargeMovementRoll = { type: 'ChargeMovementRoll'; unit: string; rate?: RateColumn; die?: number };

export type ChargeMovementRolled = { type: 'ChargeMovementRolled'; data: { unitId: string; at: TurnPosition; outcome: MovementRollOutcome; dice: DiceUsed } };

/** MOVE-ROLL, the rate from MOVE-RATES by the unit's arm (and gun). */
export function decideMovement(s: BattleState, a: ChargeMovementRoll, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, say('charge.actsFor.move'));
  checkGmRulings(s, ctx.actor, given({ die: a.die }), 'MOVE-ROLL', say('charge.gmGives.movementDie'));
  if (a.rate !== undefined && ![...FOOT_HORSE_RATES, ...ARTILLERY_RATES].includes(a.rate as never)) refuse(say('charge.battle.movement.rateOneOf', { rates: [...new Set([...FOOT_HORSE_RATES, ...ARTILLERY_RATES])].join(', ') }));
  const moveClass = attr<MoveClass>(u, 'move_class');
  const gun = attr<Gun>(u, 'gun');
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveMovementRoll({
      unit: { id: u.name, arm: armOf(u), ...(moveClass ? { moveClass } : {}), ...(gun ? { gun } : {}) },
      ...(a.rate ? { rate: a.rate } : {}),
      ...(a.die !== undefined ? { gm: { die: a.die } } : {}),
      dice: d,
      house: chargeHouse(s),
      pack,
    }),
  );
  return [{ type: 'ChargeMovementRolled', data: { unitId: u.id, at: s.position, outcome: o, dice: used } }];
}

export function describeMovement(e: ChargeMovementRolled, s: BattleState): Text {
  const o = e.data.outcome;
  const unit = s.units[e.data.unitId]?.name ?? e.data.unitId;
  const head =
    o.fraction === 'NM'
      ? say('charge.battle.movement.noMovement', { unit })
      : o.inches !== null
        ? say('charge.battle.movement.inches', { unit, inches: String(o.inches) })
        : say('charge.battle.movement.fraction', { unit, fraction: String(o.fraction) });
  return lines(head, o.steps);
}
