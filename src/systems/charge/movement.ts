import { say, type Text } from '../../i18n/text.ts';
import { packNote, slug } from './pack-text.ts';
import { refuse, ValueNeeded } from '../../rules/errors.ts';
import { findBand } from './bands.ts';
import type { Dice } from '../../rules/outcome.ts';
import { recorder, type Outcome } from '../../rules/outcome.ts';
import { MOVE_CLASSES, type Arm, type ChargeRulesPack, type Gun, type MoveClass } from './pack-schema.ts';
import type { ChargeHouse } from './house.ts';
import { checkDie, fromText, needOf, sourced, withAction, type Sourced } from './sourced.ts';

/**
 * Movement, MOVE-ROLL and MOVE-RATES. "All units must roll to move"; the class and the roll scale
 * the unit's rate (1.25, Full, 3/4, 1/2) and "a natural 2 = NM (No movement)". The roll bands, the
 * number of columns and the die are illegible, so the roll is refused until the battle's house rules
 * `move.die` (or the GM's die with the roll) and `move.table` give them. MOVE-RATES is reference data:
 * Road, Column and Line for foot and horse (the other three columns cannot be matched), and the
 * artillery table.
 */

export const FOOT_HORSE_RATES = ['road', 'column', 'line'] as const;
export const ARTILLERY_RATES = ['road', 'field', 'limberMoveOrMoveUnlimber', 'moveUnlimberFire', 'limberMoveUnlimberFire', 'prolong'] as const;
export type RateColumn = (typeof FOOT_HORSE_RATES)[number] | (typeof ARTILLERY_RATES)[number];

export interface MovementRate {
  rule: 'MOVE-RATES.FOOT-HORSE' | 'MOVE-RATES.ART';
  column: RateColumn;
  inches: number;
  /** AP the move costs (3-6pdr Horse). */
  ap?: number;
  uncertain?: string;
}

/** MOVE-RATES: a unit's rate in one column; refused where the source prints NA or it is illegible. */
export function movementRate(unit: { arm: Arm; gun?: Gun }, column: RateColumn, pack: ChargeRulesPack): MovementRate {
  const rates = pack.movement.rates;
  if (unit.arm === 'artillery') {
    if (!unit.gun) refuse(say('charge.movement.needGun'));
    const row = rates.artillery.find((r) => r.gun === unit.gun);
    if (!row) refuse(say('charge.movement.noGunRow', { gun: unit.gun }));
    if (!(ARTILLERY_RATES as readonly string[]).includes(column)) refuse(say('charge.movement.artilleryRates', { rates: ARTILLERY_RATES.join(', '), column }));
    const v = row[column as (typeof ARTILLERY_RATES)[number]];
    if (v === null) refuse(say('charge.movement.gunCannot', { gun: row.gun, column, printed: row.printed?.[column] ?? 'NA' }));
    const ap = row.ap?.[column];
    return { rule: 'MOVE-RATES.ART', column, inches: v, ...(ap !== undefined ? { ap } : {}) };
  }
  const row = rates.footHorse.find((r) => r.arm === unit.arm);
  if (!row) refuse(say('charge.movement.noArmRow', { arm: unit.arm }));
  if (!(FOOT_HORSE_RATES as readonly string[]).includes(column))
    refuse(say('charge.movement.unassigned', { rates: FOOT_HORSE_RATES.join(', '), arm: unit.arm, printed: row.unassigned.join(', ') }));
  const v = row[column as (typeof FOOT_HORSE_RATES)[number]];
  if (v === null) refuse(say('charge.movement.illegibleRate', { arm: unit.arm, column }));
  return { rule: 'MOVE-RATES.FOOT-HORSE', column, inches: v, ...(row.uncertain ? { uncertain: row.uncertain } : {}) };
}

export interface MovementRollInput {
  /** The unit's move_class on the roster: the MOVE-ROLL row. */
  unit: { id: string; moveClass?: MoveClass; arm: Arm; gun?: Gun };
  /** The MOVE-RATES column the unit moves in, for the distance; left out, only the fraction is given. */
  rate?: RateColumn;
  house?: ChargeHouse;
  gm?: { die?: number };
  dice: Dice;
  pack: ChargeRulesPack;
}

export interface MovementRollOutcome extends Outcome {
  rule: 'MOVE-ROLL';
  die: Sourced<number>;
  roll: number;
  /** A fraction of the rate, or NM (no movement). */
  fraction: number | 'NM';
  rate: MovementRate | null;
  /** fraction x rate, when a rate was named. */
  inches: number | null;
}

export function resolveMovementRoll(input: MovementRollInput): MovementRollOutcome {
  const { pack, unit } = input;
  const mr = pack.movement.roll;
  const cls = unit.moveClass;
  if (!cls || !MOVE_CLASSES.includes(cls)) refuse(say('charge.movement.needMoveClass', { unit: unit.id }));
  checkDie(input.gm?.die, say('charge.sourced.movementDie'));
  const house = input.house ?? {};
  const die = sourced(mr.die, house['move.die'], input.gm?.die, { what: say('charge.sourced.what.movementDie'), why: say('charge.sourced.why.unnamed'), house: 'move.die', option: withAction('die:', 'roll') }, (n) => `d${n}`);
  const table = sourced(mr.table, house['move.table'], undefined, {
    what: say('charge.sourced.what.moveTable'),
    why: say('charge.sourced.why.moveTable', { excellent: mr.printed.excellent.join(' '), average: mr.printed.average.join(' ') }),
    house: 'move.table',
  }, () => say('charge.sourced.theTable'));
  const rate = input.rate ? movementRate(unit, input.rate, pack) : null;

  const rec = recorder(input.dice);
  const roll = rec.roll(die.value);
  const steps: Text[] = [say('charge.movement.roll', { unit: unit.id, die: String(die.value), roll: String(roll), from: fromText(die) })];
  let fraction: number | 'NM';
  if (roll === mr.noMovementOnNatural) {
    fraction = 'NM';
    steps.push(say('charge.movement.natural', { natural: String(mr.noMovementOnNatural) }));
  } else {
    const found = findBand(table.value.columns, roll);
    if (!found) throw new ValueNeeded(say('charge.movement.noColumn', { roll: String(roll) }), needOf({ house: 'move.table' }));
    fraction = table.value.rows[cls][found.index]!;
    steps.push(say('charge.movement.fraction', { class: `${cls[0]!.toUpperCase()}${cls.slice(1)}`, min: String(found.band.min), max: String(found.band.max), fraction: fraction === 'NM' ? say('charge.movement.nm') : fraction === 1 ? say('charge.movement.full') : say('charge.movement.ofRate', { fraction: String(fraction) }), from: fromText(table) }));
  }
  let inches: number | null = null;
  if (rate) {
    inches = fraction === 'NM' ? 0 : fraction * rate.inches;
    steps.push(say(rate.uncertain ? 'charge.movement.rateUncertain' : 'charge.movement.rate', { column: rate.column, inches: String(rate.inches), rule: rate.rule, uncertain: rate.uncertain ? packNote('uncertain', `move.${slug(unit.arm)}`, rate.uncertain) : '', moved: String(inches) }));
  }
  return { rule: 'MOVE-ROLL', die, roll, fraction, rate, inches, dice: rec.rolled, steps };
}
