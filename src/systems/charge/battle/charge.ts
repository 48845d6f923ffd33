import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, checkGmRulings, claim, findUnit, needDice, rulingLine, type Ruling } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import { refuse } from '../../../rules/errors.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import {
  chargePack as pack,
  resolveCharge,
  signed,
  type AppliedEffects,
  surrendered,
  type AttackerChoices,
  type ChargeHouse,
  type ChargeOutcome,
  type ChargeResult,
  type ChargingUnit,
  type DefenderChoices,
  type Formation,
  type MassChoice,
  type ModifierValues,
  type Rounding,
  type UnitClass,
} from '../rules.ts';
import { chargeHouse } from './house.ts';
import { armOf, attr, checkEnemies, chg, closingNow, figuresNow, given, lines, noFigures, noteTurn, setUnit, unitStatus, type ChargeUnitStatus } from './state.ts';

/** Values the source lost, as a GM gives them with a charge where the battle has no house rule. */
export interface ChargeGmOptions {
  die?: number;
  values?: ModifierValues;
  mass?: MassChoice;
  surrenderRounding?: Rounding;
  rows?: Record<string, ChargeResult>;
  outwardRows?: number;
  surrenderPercentPerPip?: number;
  rideDownArea?: { min: number; max: number };
}

export type ChargeRoll = {
  type: 'ChargeRoll';
  attacker: string;
  defender: string;
  table: 'open' | 'cover';
  attackerChoices?: AttackerChoices;
  defenderChoices?: DefenderChoices;
  /** A claim on the attacker's closing casualties (%): a GM's stands as a ruling. */
  closing?: number;
} & ChargeGmOptions;

/** What a charge result did to one unit. */
export interface ChargeApplied {
  figuresLost: number;
  /** How a part of a figure was rounded (surrender.rounding); absent in logs from before it was a house rule, which rounded down. */
  rounding?: Text;
  figuresLeft: number;
  disordered?: true;
  routBroken?: 'routed' | 'broken';
}

export interface ChargeBattleOutcome extends ChargeOutcome {
  table: 'open' | 'cover';
  rulings: Ruling[];
  applied: { attacker: ChargeApplied; defender: ChargeApplied };
}

export type ChargeResolved = { type: 'ChargeResolved'; data: { attackerId: string; defenderId: string; at: TurnPosition; outcome: ChargeBattleOutcome; dice: DiceUsed } };

/** A unit as the charge rules read it: arm, figures left, formation and class from the roster; shaken, disorder, rout from the log. */
function chargeUnit(s: BattleState, u: Unit): ChargingUnit {
  const st = unitStatus(s, u.id);
  const figures = figuresNow(s, u);
  if (figures < 1) noFigures(u);
  const formation = attr<Formation>(u, 'formation');
  const cls = attr<UnitClass>(u, 'class');
  const leader = attr<string>(u, 'leader');
  return {
    id: u.name,
    arm: armOf(u),
    figures,
    ...(formation ? { formation } : {}),
    ...(cls ? { class: cls } : {}),
    ...(st.shaken ? { shaken: true } : {}),
    ...(st.disordered ? { disordered: true } : {}),
    ...(st.routBroken ? { routBroken: st.routBroken } : {}),
    ...(leader && leader !== 'none' ? { leaderAttached: true } : {}),
  };
}

/** What a side's effects do to the unit: surrendered figures leave it (rounded by the battle's house rule), rout, broken, disorder. */
function applyEffects(e: AppliedEffects, figures: number, house: ChargeHouse, gm: Rounding | undefined): ChargeApplied {
  const s = e.surrender ? surrendered({ figures, percent: e.surrender.percent, rounding: house['surrender.rounding'], gm }) : { lost: 0, how: '' };
  return {
    figuresLost: s.lost,
    ...(s.how ? { rounding: s.how } : {}),
    figuresLeft: figures - s.lost,
    ...(e.disordered ? { disordered: true as const } : {}),
    ...(e.routs ? { routBroken: 'routed' as const } : e.broken ? { routBroken: 'broken' as const } : {}),
  };
}

/** CHG-ROLL with CHG-ATT-MOD / CHG-DEF-MOD from the roster and log, the table's choices, and the GM's values for what the OCR lost. */
export function decideChargeRoll(s: BattleState, a: ChargeRoll, ctx: DecideContext): BattleEvent[] {
  const att = findUnit(s, a.attacker);
  const def = findUnit(s, a.defender);
  checkActsFor(s, ctx.actor, att, say('charge.actsFor.charge'));
  checkEnemies(s, att, def, 'charge');
  checkGmRulings(
    s,
    ctx.actor,
    given({ die: a.die, values: a.values, mass: a.mass, rows: a.rows, outward_rows: a.outwardRows, surrender_pct: a.surrenderPercentPerPip, surrender_rounding: a.surrenderRounding, ride_down_area: a.rideDownArea }),
    'CHG-ROLL',
    say('charge.gmGives.lostValues'),
  );
  const attacker = chargeUnit(s, att);
  const defender = chargeUnit(s, def);
  const rulings: Ruling[] = [];
  const derived = closingNow(s, att);
  let closing = derived;
  if (a.closing !== undefined) {
    if (!Number.isFinite(a.closing) || a.closing < 0 || a.closing > 100) refuse(say('charge.battle.charge.closingRange', { value: String(a.closing) }));
    const r = claim(s, ctx.actor, {
      what: say('charge.claim.closing', { unit: att.name }),
      claimed: say('charge.claim.percent', { n: String(a.closing) }),
      derived: say('charge.claim.percent', { n: String(derived) }),
      source: say(derived ? 'charge.battle.charge.closingRecorded' : 'charge.battle.charge.closingNone'),
      rule: 'CHG-ATT-MOD.7',
    });
    if (r) {
      rulings.push(r);
      closing = a.closing;
    }
  }
  const house = chargeHouse(s);
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveCharge({
      attacker: { ...attacker, ...(closing ? { closingLossPercent: closing } : {}) },
      defender,
      table: a.table,
      ...(a.attackerChoices ? { attackerChoices: a.attackerChoices } : {}),
      ...(a.defenderChoices ? { defenderChoices: a.defenderChoices } : {}),
      house,
      gm: {
        ...(a.die !== undefined ? { die: a.die } : {}),
        ...(a.values ? { values: a.values } : {}),
        ...(a.mass ? { mass: a.mass } : {}),
        ...(a.rows ? { rows: a.rows } : {}),
        ...(a.outwardRows !== undefined ? { cavalryOutwardRows: a.outwardRows } : {}),
        ...(a.surrenderPercentPerPip !== undefined ? { surrenderPercentPerPip: a.surrenderPercentPerPip } : {}),
        ...(a.rideDownArea ? { rideDownArea: a.rideDownArea } : {}),
      },
      dice: d,
      pack,
    }),
  );
  const outcome: ChargeBattleOutcome = {
    ...o,
    table: a.table,
    rulings,
    applied: { attacker: applyEffects(o.effects.attacker, attacker.figures, house, a.surrenderRounding), defender: applyEffects(o.effects.defender, defender.figures, house, a.surrenderRounding) },
  };
  return [{ type: 'ChargeResolved', data: { attackerId: att.id, defenderId: def.id, at: s.position, outcome, dice: used } }];
}

const applyCharge = (st: ChargeUnitStatus, a: ChargeApplied): ChargeUnitStatus => ({
  ...st,
  ...(a.figuresLost ? { figuresLost: (st.figuresLost ?? 0) + a.figuresLost } : {}),
  ...(a.disordered ? { disordered: true } : {}),
  ...(a.routBroken ? { routBroken: a.routBroken } : {}),
});

/** Both units take the result; the attacker's charge is kept for what may follow it this phase. */
export function evolveChargeResolved(d: BattleState, e: ChargeResolved): void {
  const { attackerId, defenderId, at, outcome: o } = e.data;
  setUnit(d, attackerId, (st) => applyCharge(st, o.applied.attacker));
  setUnit(d, defenderId, (st) => applyCharge(st, o.applied.defender));
  noteTurn(d, attackerId, at, (t) => ({ ...t, charged: true }));
  noteTurn(d, defenderId, at, (t) => ({ ...t, wasCharged: true }));
  const c = chg(d);
  d.rules = { ...c, charges: { ...c.charges, [attackerId]: { at, defenderId, table: o.table, difference: o.difference, result: o.result, continuation: o.continuation, rideDown: o.rideDown } } };
}

function appliedLines(unit: string, a: ChargeApplied): Text[] {
  const out: Text[] = [];
  if (a.figuresLost) out.push(say('charge.battle.charge.surrender', { unit, n: a.figuresLost, rounding: a.rounding ?? say('charge.battle.charge.roundedDown'), left: String(a.figuresLeft) }));
  if (a.routBroken) out.push(say('charge.battle.charge.routBroken', { unit, state: a.routBroken }));
  if (a.disordered) out.push(say('charge.battle.charge.disordered', { unit }));
  return out;
}

export function describeChargeResolved(e: ChargeResolved): Text {
  const o = e.data.outcome;
  return lines(say('charge.battle.charge.head', { attacker: o.attacker.unit, defender: o.defender.unit, table: o.table === 'open' ? 'CHG-OPEN' : 'CHG-COVER', difference: signed(o.difference), result: o.text }), [
    ...o.rulings.map(rulingLine),
    ...o.steps,
    ...appliedLines(o.attacker.unit, o.applied.attacker),
    ...appliedLines(o.defender.unit, o.applied.defender),
  ]);
}
