import { refuse } from '../../rules/errors.ts';
import { say, type Text } from '../../i18n/text.ts';
import type { Effect } from './effects.ts';
import { checkNotBoth, cite, HOUSE_KEYS, type HouseValue } from './house.ts';
import { measureText, printed, type Measure } from './measure.ts';
import type { Arm, BrigadePack, Distance } from './pack-schema.ts';
import { recorder, type Dice, type Outcome } from '../../rules/outcome.ts';

/**
 * Charge and Reaction, BRG-3.2 (and its exploitation repeat, BRG-3.4.4-3.4.6). The activated unit
 * charges within 1" (2.5cm) for infantry or 2" (5cm) for cavalry, changes formation or facing, evades
 * (skirmishers only) or taps out (BRG-3.2.2). The charger tests morale; if it passes, each charged
 * unit tests to stay and retreats if it fails (BRG-3.2.3); those that stay and have not activated may
 * fire defensively (BRG-3.2.4); cavalry charging infantry roll 1D6 to break the bayonets (BRG-3.2.5).
 * How a morale test is rolled is not in the source: results are inputs.
 */

export type ChargeAction = BrigadePack['charge']['actions'][number];
export type TestResult = 'passed' | 'failed';

const DOES: Record<ChargeAction, string> = {
  charge: 'brigade.charge.does.charge',
  'change-formation': 'brigade.charge.does.changeFormation',
  'change-facing': 'brigade.charge.does.changeFacing',
  evade: 'brigade.charge.does.evade',
  'tap-out': 'brigade.charge.does.tapOut',
};

export interface ActionOutcome extends Outcome {
  rule: 'BRG-3.2.2';
  unit: string;
  action: ChargeAction;
  range: Distance | null;
}

/** BRG-3.2.2: charge range for the arm; null for arms the source gives none (skirmishers, elephants). */
export const chargeRange = (arm: Arm, pack: BrigadePack): Distance | null => (arm === 'infantry' || arm === 'cavalry' ? pack.charge.range[arm] : null);

/**
 * BRG-3.2.2: checks the activated unit's action. A charge needs the measured distance to its target
 * within the arm's range; for an arm without a printed range the GM gives the range (`gmRange`).
 */
export function checkAction(input: { unit: string; arm: Arm; action: ChargeAction; target?: string; distance?: Measure; gmRange?: Measure; pack: BrigadePack }): ActionOutcome {
  const { unit, arm, action, pack } = input;
  if (!pack.charge.actions.includes(action)) refuse(say('brigade.charge.actions', { actions: pack.charge.actions.join(', '), got: action }));
  if (action === 'evade' && !pack.charge.evadeArms.includes(arm)) refuse(say('brigade.charge.evadeArms', { arms: pack.charge.evadeArms.join(', '), unit, arm }));
  const steps: Text[] = [];
  const range = chargeRange(arm, pack);
  if (action === 'charge') {
    if (!input.target || !input.distance) refuse(say('brigade.charge.targetDistance'));
    let limit: number;
    let limitText: Text;
    if (range) {
      limit = printed(range, input.distance, say('brigade.charge.rangeOf', { arm }));
      limitText = input.distance.unit === 'in' ? `${range.in}"` : `${limit}cm`;
    } else {
      const g = input.gmRange;
      if (!g) refuse(say('brigade.charge.noRange', { arm }));
      if (g.unit !== input.distance.unit) refuse(say('brigade.charge.sameUnit'));
      limit = g.value;
      limitText = say('brigade.charge.gmRange', { range: measureText(g), arm });
    }
    if (input.distance.value > limit) refuse(say('brigade.charge.beyond', { target: input.target, distance: measureText(input.distance), unit, limit: limitText }));
    steps.push(say('brigade.charge.charges', { unit, arm, target: input.target, distance: measureText(input.distance), limit: limitText }));
  } else {
    steps.push(say(DOES[action], { unit }));
  }
  return { rule: 'BRG-3.2.2', unit, action, range, dice: [], steps };
}

export interface ChargedUnit {
  unit: string;
  arm: Arm;
  /** Its morale test result this (sub-)phase; a unit tests once per phase or sub-phase, so one that has tested gives that result (BRG-3.2.3). */
  test?: TestResult;
  /** Has activated already (this sub-phase, or this exploitation): no defensive fire (BRG-3.2.4, BRG-3.4.5). */
  activated: boolean;
}

export interface ReactionOutcome extends Outcome {
  rule: 'BRG-3.2.3' | 'BRG-3.4.4';
  charger: string;
  chargerTest: TestResult;
  /** Charged units that passed and stay. */
  stay: string[];
  /** Charged units that failed and retreat. */
  retreat: string[];
  effects: Effect[];
}

/**
 * BRG-3.2.3 (BRG-3.4.4 in exploitation) with BRG-3.2.4/3.4.5 and BRG-3.2.5/3.4.6 as effects. What a
 * charger that fails does, and how far a failing charged unit retreats, the source does not say: a
 * `gm-ruling` effect asks. The bayonet roll is listed only against infantry that stayed: infantry
 * that retreated is not reached (BRG-3.4.1 counts such chargers as not getting into melee).
 */
export function resolveChargeReaction(input: { exploitation?: boolean; charger: { unit: string; arm: Arm; test: TestResult }; charged: readonly ChargedUnit[] }): ReactionOutcome {
  const x = input.exploitation === true;
  const rule = x ? 'BRG-3.4.4' : 'BRG-3.2.3';
  const fireRule = x ? 'BRG-3.4.5' : 'BRG-3.2.4';
  const bayonetRule = x ? 'BRG-3.4.6' : 'BRG-3.2.5';
  const { charger } = input;
  if (input.charged.length === 0) refuse(say('brigade.charge.nameCharged', { unit: charger.unit, rule }));
  const effects: Effect[] = [];
  const steps: Text[] = [];
  const stay: string[] = [];
  const retreat: string[] = [];
  if (charger.test === 'failed') {
    steps.push(say('brigade.charge.chargerFails', { unit: charger.unit, rule }));
    effects.push({ unit: charger.unit, effect: 'gm-ruling', rule, question: say('brigade.charge.question.chargerFails') });
    steps.push(say('brigade.charge.failNotInSource'));
    return { rule, charger: charger.unit, chargerTest: 'failed', stay, retreat, effects, dice: [], steps };
  }
  steps.push(say('brigade.charge.chargerPasses', { unit: charger.unit, rule }));
  for (const d of input.charged) {
    if (!d.test) refuse(say('brigade.charge.giveTest', { unit: d.unit, rule }));
    if (d.test === 'failed') {
      retreat.push(d.unit);
      effects.push({ unit: d.unit, effect: 'retreat', rule: 'BRG-3.2.3', distance: null, facing: 'direction of retreat', marker: null });
      effects.push({ unit: d.unit, effect: 'gm-ruling', rule: 'BRG-3.2.3', question: say('brigade.charge.question.retreat') });
      steps.push(say('brigade.charge.targetFails', { unit: d.unit, rule }));
      continue;
    }
    stay.push(d.unit);
    steps.push(say('brigade.charge.targetPasses', { unit: d.unit, rule }));
    if (!d.activated) {
      effects.push({ unit: d.unit, effect: 'may-defensive-fire', rule: fireRule });
      steps.push(say('brigade.charge.mayFire', { unit: d.unit, rule: fireRule }));
    } else steps.push(say('brigade.charge.noFire', { unit: d.unit, rule: fireRule }));
    if (charger.arm === 'cavalry' && d.arm === 'infantry') {
      effects.push({ unit: charger.unit, effect: 'break-bayonets-roll', rule: bayonetRule, against: d.unit });
      steps.push(say('brigade.charge.bayonetsDue', { unit: charger.unit, target: d.unit, rule: bayonetRule }));
    }
  }
  return { rule, charger: charger.unit, chargerTest: 'passed', stay, retreat, effects, dice: [], steps };
}

export interface BayonetsOutcome extends Outcome {
  rule: 'BRG-3.2.5' | 'BRG-3.4.6';
  cavalry: string;
  infantry: string;
  roll: number;
  /** null: no score is given; the GM reads the roll. */
  broken: boolean | null;
  /** Where the score came from: the battle's house rule, or a GM's ruling at this charge. */
  by: 'house' | 'gm' | null;
}

/**
 * BRG-3.2.5, BRG-3.4.6: cavalry charging infantry roll 1D6 to break the bayonets. The score needed and
 * the effect of failing are not in the source: the faces that break them come from the battle's
 * house rule (bayonets.breaks-on, `house`) or, where none is set, the GM (`breaksOn`); with neither,
 * `broken` is null.
 */
export function breakBayonets(input: { cavalry: string; infantry: string; exploitation?: boolean; breaksOn?: readonly number[]; house?: HouseValue<number[]>; dice: Dice; pack: BrigadePack }): BayonetsOutcome {
  const rule = input.exploitation ? 'BRG-3.4.6' : 'BRG-3.2.5';
  const die = input.pack.breakBayonets.die;
  const { house } = input;
  checkNotBoth(house, input.breaksOn !== undefined, 'breaks_on', rule);
  for (const f of input.breaksOn ?? []) if (!Number.isInteger(f) || f < 1 || f > die) refuse(say('brigade.charge.breakFaces', { die: String(die), got: String(f), rule }));
  const faces = house?.value ?? input.breaksOn ?? null;
  const rec = recorder(input.dice);
  const roll = rec.roll(die);
  const steps: Text[] = [say('brigade.charge.bayonetsRoll', { cavalry: input.cavalry, infantry: input.infantry, die: String(die), roll: String(roll), rule })];
  let broken: boolean | null = null;
  if (faces) {
    broken = faces.includes(roll);
    steps.push(say(broken ? 'brigade.charge.bayonetsBroken' : 'brigade.charge.bayonetsHold', { faces: faces.join(', '), by: house ? cite(house, faces.join(', ')) : say('brigade.charge.noScore') }));
  } else steps.push(say('brigade.charge.bayonetsOpen', { key: HOUSE_KEYS.bayonets }));
  return { rule, cavalry: input.cavalry, infantry: input.infantry, roll, broken, by: house ? 'house' : input.breaksOn ? 'gm' : null, dice: rec.rolled, steps };
}
