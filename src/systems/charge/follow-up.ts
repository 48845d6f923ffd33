import { say, type Phrase, type Text } from '../../i18n/text.ts';
import { refuse } from '../../rules/errors.ts';
import { inBand } from './bands.ts';
import { meleeRound, type MeleeOutcome, type MeleeSide } from './melee.ts';
import type { Dice } from '../../rules/outcome.ts';
import type { Arm, ChargeResult, ChargeRulesPack } from './pack-schema.ts';
import type { ChargeHouse } from './house.ts';
import { fromText, openValue, sourced, withAction, type Missing, type Sourced } from './sourced.ts';

/** A dotted line area as a working gives it: "3 to 5". */
const areaText = (a: { min: number; max: number }): Text => say('charge.followUp.area', { min: String(a.min), max: String(a.max) });
import { isCavalry } from './unit.ts';

/**
 * What may follow a charge result: CHG-CONTINUE (the attacker charges on) and CHG-RIDEDOWN
 * (cavalry rides down infantry that lost). Both are options a player takes, so the charge outcome
 * says whether each is open, and these functions check and resolve them when taken.
 */

export interface Continuation {
  rule: 'CHG-CONTINUE';
  /** The result involves occupying the original target's position (or says "may continue"). */
  allowed: boolean;
  /** The next target must be less than this many inches from the position occupied; null when not allowed or not given for the arm. */
  lessThan: number | null;
  text: Text;
}

/**
 * CHG-CONTINUE: "Both infantry and cavalry may continue a charge if the charge result involves
 * occupying the original target's position and the distance ... to the next target is less than
 * 4" (infantry) or 6" (cavalry)". The 9 to 10 / 10 row says "may continue" outright.
 */
export function continuationFor(result: ChargeResult, arm: Arm, pack: ChargeRulesPack): Continuation {
  const c = pack.charge.continue;
  const e = pack.charge.results[result].attacker;
  const occupies = Boolean(e.mayOccupy || e.mayContinue);
  if (!occupies) return { rule: 'CHG-CONTINUE', allowed: false, lessThan: null, text: say('charge.followUp.noOccupy') };
  if (arm === 'artillery') return { rule: 'CHG-CONTINUE', allowed: false, lessThan: null, text: say('charge.followUp.noArtillery') };
  const lessThan = isCavalry(arm) ? c.cavalryLessThan : c.infantryLessThan;
  return { rule: 'CHG-CONTINUE', allowed: true, lessThan, text: say('charge.followUp.mayContinue', { lessThan: String(lessThan) }) };
}

/** CHG-CONTINUE when a player measures the next target: refused with the reason when it may not. */
export function checkContinue(input: { result: ChargeResult; arm: Arm; distance: number; pack: ChargeRulesPack }): { rule: 'CHG-CONTINUE'; distance: number; lessThan: number; steps: Text[] } {
  const { distance } = input;
  if (!Number.isFinite(distance) || distance < 0) refuse(say('charge.followUp.distance', { value: String(distance) }));
  const c = continuationFor(input.result, input.arm, input.pack);
  if (!c.allowed || c.lessThan === null) refuse(c.text);
  if (distance >= c.lessThan) refuse(say('charge.followUp.tooFar', { distance: String(distance), lessThan: String(c.lessThan) }));
  return { rule: 'CHG-CONTINUE', distance, lessThan: c.lessThan, steps: [say('charge.followUp.continues', { distance: String(distance), lessThan: String(c.lessThan) })] };
}

export type RideDownChance =
  | { rule: 'CHG-RIDEDOWN'; status: 'not-applicable'; text: Text }
  | { rule: 'CHG-RIDEDOWN'; status: 'possible' | 'outside-area'; cavalry: string; infantry: string; area: Sourced<{ min: number; max: number }>; text: Text }
  | { rule: 'CHG-RIDEDOWN'; status: 'area-unknown'; cavalry: string; infantry: string; text: Text };

/** Who lost the charge: the side whose unit the result moves back, routs or makes surrender. */
export function chargeLoser(result: ChargeResult): 'attacker' | 'defender' | null {
  if (result.startsWith('defender-')) return 'defender';
  if (result.startsWith('attacker-')) return 'attacker';
  return null;
}

/**
 * CHG-RIDEDOWN: "Cavalry may Ride Down infantry which loses a charge in the dotted line area."
 * The area is not legible: it is the battle's house rule `ride-down.area.open` / `.cover`, or the GM's.
 * Either side may be the infantry that lost: the source does not say.
 */
export function rideDownFor(x: {
  result: ChargeResult;
  table: 'open' | 'cover';
  difference: number;
  attacker: { id: string; arm: Arm };
  defender: { id: string; arm: Arm };
  pack: ChargeRulesPack;
  house?: ChargeHouse;
  gmArea?: { min: number; max: number };
}): RideDownChance {
  const loser = chargeLoser(x.result);
  const [lost, won] = loser === 'defender' ? [x.defender, x.attacker] : loser === 'attacker' ? [x.attacker, x.defender] : [null, null];
  if (!lost || !won || lost.arm !== 'infantry' || !isCavalry(won.arm)) return { rule: 'CHG-RIDEDOWN', status: 'not-applicable', text: say('charge.followUp.notApplicable') };
  const packArea = x.pack.charge.rideDown.area[x.table];
  const house = x.house?.[`ride-down.area.${x.table}`];
  if (x.gmArea && (!Number.isInteger(x.gmArea.min) || !Number.isInteger(x.gmArea.max) || x.gmArea.min > x.gmArea.max)) refuse(say('charge.followUp.areaWhole', { min: String(x.gmArea.min), max: String(x.gmArea.max) }));
  const missing = areaMissing(x.table, say('charge.sourced.with.chargeOrRideDown', { option: 'ride_down_area:' }));
  if (!packArea && !house && !x.gmArea)
    return {
      rule: 'CHG-RIDEDOWN',
      status: 'area-unknown',
      cavalry: won.id,
      infantry: lost.id,
      text: say('charge.followUp.areaUnknown', { cavalry: won.id, infantry: lost.id, open: openValue(missing) }),
    };
  const area = sourced(packArea, house, x.gmArea, missing, areaText);
  const inside = inBand(area.value, x.difference);
  return {
    rule: 'CHG-RIDEDOWN',
    status: inside ? 'possible' : 'outside-area',
    cavalry: won.id,
    infantry: lost.id,
    area,
    text: inside
      ? say('charge.followUp.inArea', { cavalry: won.id, infantry: lost.id, difference: String(x.difference), area: areaText(area.value), from: fromText(area) })
      : say('charge.followUp.outsideAreaNoRide', { difference: String(x.difference), area: areaText(area.value), from: fromText(area) }),
  };
}

/** The dotted line area of a table, lost in the source (CHG-RIDEDOWN). */
const areaMissing = (table: 'open' | 'cover', option: Phrase): Missing => ({
  what: say('charge.sourced.what.rideDownArea', { table: table === 'open' ? 'CHG-OPEN' : 'CHG-COVER' }),
  why: say('charge.sourced.why.extent'),
  house: `ride-down.area.${table}`,
  option,
});

export interface RideDownInput {
  /** The charge's ride-down chance (ChargeOutcome.rideDown). */
  chance: RideDownChance;
  /** The charge's result and table, to place it in the area when the pack has none. */
  difference: number;
  table: 'open' | 'cover';
  cavalry: MeleeSide;
  infantry: MeleeSide;
  house?: ChargeHouse;
  gm?: { area?: { min: number; max: number } };
  dice: Dice;
  pack: ChargeRulesPack;
}

export interface RideDownOutcome extends MeleeOutcome {
  rideDown: { rule: 'CHG-RIDEDOWN'; area: Sourced<{ min: number; max: number }>; infantryModifier: number };
}

/**
 * CHG-RIDEDOWN: "Prior to the retreat a round of melee is fought with the infantry's melee
 * modifier reduced by -8" (as printed: 8 is subtracted). One MEL-D10 round; the retreat the
 * charge result gave follows it.
 */
export function resolveRideDown(input: RideDownInput): RideDownOutcome {
  const { chance, pack } = input;
  if (chance.status === 'not-applicable') refuse(chance.text);
  if (input.cavalry.id !== chance.cavalry || input.infantry.id !== chance.infantry) refuse(say('charge.followUp.whoRidesDown', { cavalry: chance.cavalry, infantry: chance.infantry }));
  const gmArea = input.gm?.area;
  if (gmArea && (!Number.isInteger(gmArea.min) || !Number.isInteger(gmArea.max) || gmArea.min > gmArea.max)) refuse(say('charge.followUp.areaWhole', { min: String(gmArea.min), max: String(gmArea.max) }));
  const area = chance.status === 'area-unknown' ? sourced(null, input.house?.[`ride-down.area.${input.table}`], gmArea, areaMissing(input.table, withAction('area:', 'rideDown')), areaText) : chance.area;
  if (!inBand(area.value, input.difference)) refuse(say('charge.followUp.outsideArea', { difference: String(input.difference), min: String(area.value.min), max: String(area.value.max) }));
  const mod = pack.charge.rideDown.infantryMeleeModifier;
  const round = meleeRound({
    sides: [input.cavalry, { ...input.infantry, modifiers: [...(input.infantry.modifiers ?? []), { label: say('charge.followUp.rideDownModifier'), value: mod, rule: 'CHG-RIDEDOWN' }] }],
    dice: input.dice,
    pack,
  });
  return {
    ...round,
    steps: [say('charge.followUp.rideDown', { cavalry: chance.cavalry, infantry: chance.infantry, from: fromText(area) }), ...round.steps],
    rideDown: { rule: 'CHG-RIDEDOWN', area, infantryModifier: mod },
  };
}
