import type { DiceStream } from '../../dice/stream.ts';
import { sideVoters } from '../../battle/ballots.ts';
import { openBallot, type BallotContext, type Consequences } from '../../battle/decide-ballots.ts';
import type { DecideContext } from '../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../battle/events.ts';
import { actsFor, checkActsFor, checkGmRulings, claim, findUnit, needDice, rulingLine, samePhase, sideName, unitSideId, type Ruling } from '../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../battle/state.ts';
import { refuse } from '../../rules/errors.ts';
import type { Role } from '../../battle/system.ts';
import type { TurnPosition } from '../../rules/sequence.ts';
import { resolveGrandTac, type GrandTacOutcome } from './initiative.ts';
import {
  ARTILLERY_RATES,
  CHARGE_RESULTS,
  chargePack as pack,
  checkContinue,
  DISCIPLINE_COLUMNS,
  FIRE_ROWS,
  FOOT_HORSE_RATES,
  resolveCharge,
  resolveFire,
  resolveFireDiscipline,
  resolveLocalInitiative,
  resolveMelee,
  resolveMovementRoll,
  resolveRideDown,
  resolveSkirmish,
  signed,
  type AppliedEffects,
  type Arm,
  type AttackerChoices,
  type AttackerKey,
  type ChargeOutcome,
  type ChargeResult,
  type ChargingUnit,
  type Continuation,
  type DefenderChoices,
  type DefenderKey,
  type DisciplineColumn,
  type FireBand,
  type FireDisciplineOutcome,
  type FireOutcome,
  type FireRow,
  type Formation,
  type GmModifier,
  type Gun,
  type LocalInitiativeOutcome,
  type MeleeOutcome,
  type MoveClass,
  type MovementRollOutcome,
  type RateColumn,
  type RideDownChance,
  type RideDownOutcome,
  type SkirmishOutcome,
  type UnitClass,
} from './rules.ts';

/**
 * The Napoleonic d10 charge game (shared/rules/d10-charge.md) as the battle keeps it: the secret
 * Grand-Tac points and their roll (INIT-GRANDTAC); charges applied to both units, what may follow
 * them (CHG-CONTINUE, CHG-RIDEDOWN), melee rounds (MEL-D10), fire (FIRE-TABLE, FIRE-DISCIPLINE),
 * movement rolls (MOVE-ROLL), local initiative (INIT-LOCAL) and skirmish combat (SKIRMISH). The
 * rules are pure functions in this folder; this module gives them what the roster and the log know,
 * and applies their results. A value the OCR lost comes from the pack or from a GM's option, and the
 * outcome says which.
 */

/** What the charge rules track of a unit beyond its pack attributes. */
export interface ChargeUnitStatus {
  /** CHG-ATT-MOD.3, CHG-DEF-MOD.1: the source has no morale rules, so a GM records it (/charge status). */
  shaken?: boolean;
  /** From a charge result, a melee (MEL-D10: every participant), or a GM. */
  disordered?: boolean;
  /** Routed or broken by a charge result, or a GM (CHG-ATT-MOD.6, CHG-DEF-MOD.3). */
  routBroken?: 'routed' | 'broken';
  /** Figures that surrendered (CHG 11+, -12+) or a GM recorded lost. */
  figuresLost?: number;
  /** Casualty step losses from melee (MEL-D10, CHG-RIDEDOWN). */
  steps?: number;
  /** Casualties taken while closing, % of the unit, as a GM recorded them in a phase (CHG-ATT-MOD.7). */
  closing?: { at: TurnPosition; percent: number };
}

/** A unit's last charge, for what may follow it in the same phase. */
export interface LastCharge {
  at: TurnPosition;
  defenderId: string;
  table: 'open' | 'cover';
  difference: number;
  result: ChargeResult;
  continuation: Continuation;
  rideDown: RideDownChance;
  continued?: boolean;
  rodeDown?: boolean;
}

export interface ChargeState {
  units: Record<string, ChargeUnitStatus>;
  /** Each attacker's last charge, by unit id. */
  charges: Record<string, LastCharge>;
}

export const initialCharge = (): ChargeState => ({ units: {}, charges: {} });

/** Values the source lost, as a GM gives them with a charge. */
export interface ChargeGmOptions {
  die?: number;
  values?: { attacker?: Partial<Record<AttackerKey, number>>; defender?: Partial<Record<DefenderKey, number>> };
  rows?: Record<string, ChargeResult>;
  outwardRows?: number;
  surrenderPercentPerPip?: number;
  rideDownArea?: { min: number; max: number };
}

export type ChargeAction =
  | { type: 'OpenGrandTac'; deadline?: string }
  | ({
      type: 'ChargeRoll';
      attacker: string;
      defender: string;
      table: 'open' | 'cover';
      attackerChoices?: AttackerChoices;
      defenderChoices?: DefenderChoices;
      /** A claim on the attacker's closing casualties (%): a GM's stands as a ruling. */
      closing?: number;
    } & ChargeGmOptions)
  | { type: 'ChargeContinue'; attacker: string; target: string; distance: number }
  | { type: 'ChargeRideDown'; cavalry: string; infantry: string; cavalryModifiers?: GmModifier[]; infantryModifiers?: GmModifier[]; area?: { min: number; max: number } }
  | { type: 'ChargeMelee'; attacker: string; defender: string; attackerModifiers?: GmModifier[]; defenderModifiers?: GmModifier[] }
  | {
      type: 'ChargeFire';
      firer: string;
      target: string;
      row: FireRow;
      block?: string;
      band?: FireBand['band'];
      distance?: number;
      modifiers?: GmModifier[];
      cell?: number;
      effect?: number;
      belowZero?: 'no-effect' | 'column-0';
    }
  | { type: 'ChargeFireDiscipline'; unit: string; column: DisciplineColumn; modifiers?: GmModifier[]; die?: number; cell?: string }
  | { type: 'ChargeMovementRoll'; unit: string; rate?: RateColumn; die?: number }
  | { type: 'ChargeLocalInitiative'; unit: string; purpose: 'movement' | 'form square'; flankEndangered?: boolean; reactingToCavalryCharge?: boolean; modifiers?: GmModifier[]; die?: number }
  | { type: 'ChargeSkirmish'; unit: string; screenModifiers?: GmModifier[]; die?: number; cell?: string }
  | { type: 'ChargeSetStatus'; unit: string; shaken?: boolean; disordered?: boolean; rout?: 'none' | 'routed' | 'broken'; closing?: number; steps?: number; figuresLost?: number };

/** What a charge result did to one unit. */
export interface ChargeApplied {
  figuresLost: number;
  figuresLeft: number;
  disordered?: true;
  routBroken?: 'routed' | 'broken';
}

export interface ChargeBattleOutcome extends ChargeOutcome {
  table: 'open' | 'cover';
  rulings: Ruling[];
  applied: { attacker: ChargeApplied; defender: ChargeApplied };
}

/** Step losses a melee round left, by unit id; every participant is disordered (MEL-D10). */
export interface MeleeApplied {
  steps: { unitId: string; unit: string; steps: number }[];
  disordered: string[];
}

export type ChargeStatusChange = { shaken?: boolean; disordered?: boolean; rout?: 'none' | 'routed' | 'broken'; closing?: number; steps?: number; figuresLost?: number };

export type ChargeEvent =
  | { type: 'GrandTacRolled'; data: { ballotId: string; outcome: GrandTacOutcome; dice: DiceUsed } }
  | { type: 'ChargeResolved'; data: { attackerId: string; defenderId: string; at: TurnPosition; outcome: ChargeBattleOutcome; dice: DiceUsed } }
  | { type: 'ChargeContinued'; data: { attackerId: string; targetId: string; at: TurnPosition; outcome: { rule: 'CHG-CONTINUE'; attacker: string; target: string; distance: number; lessThan: number; steps: string[] } } }
  | { type: 'ChargeRideDownResolved'; data: { cavalryId: string; infantryId: string; at: TurnPosition; outcome: RideDownOutcome & { applied: MeleeApplied }; dice: DiceUsed } }
  | { type: 'ChargeMeleeResolved'; data: { attackerId: string; defenderId: string; at: TurnPosition; outcome: MeleeOutcome & { applied: MeleeApplied }; dice: DiceUsed } }
  | { type: 'ChargeFireResolved'; data: { firerId: string; targetId: string; at: TurnPosition; outcome: FireOutcome & { firer: string; target: string }; dice: DiceUsed } }
  | { type: 'ChargeFireDisciplineRolled'; data: { unitId: string; at: TurnPosition; outcome: FireDisciplineOutcome & { unit: string }; dice: DiceUsed } }
  | { type: 'ChargeMovementRolled'; data: { unitId: string; at: TurnPosition; outcome: MovementRollOutcome; dice: DiceUsed } }
  | { type: 'ChargeLocalInitiativeRolled'; data: { unitId: string; at: TurnPosition; outcome: LocalInitiativeOutcome & { unit: string }; dice: DiceUsed } }
  | { type: 'ChargeSkirmishResolved'; data: { unitId: string; at: TurnPosition; outcome: SkirmishOutcome & { unit: string }; dice: DiceUsed } }
  | { type: 'ChargeStatusSet'; data: { unitId: string; at: TurnPosition; change: ChargeStatusChange } };

/** Who may take each action: players act for their own side's units (checked in decide). */
export const CHARGE_ACTION_ROLE: Record<ChargeAction['type'], Role> = {
  OpenGrandTac: 'gm',
  ChargeRoll: 'anyone',
  ChargeContinue: 'anyone',
  ChargeRideDown: 'anyone',
  ChargeMelee: 'anyone',
  ChargeFire: 'anyone',
  ChargeFireDiscipline: 'anyone',
  ChargeMovementRoll: 'anyone',
  ChargeLocalInitiative: 'anyone',
  ChargeSkirmish: 'anyone',
  ChargeSetStatus: 'gm',
};
export const CHARGE_EVENT_TYPES = [
  'GrandTacRolled',
  'ChargeResolved',
  'ChargeContinued',
  'ChargeRideDownResolved',
  'ChargeMeleeResolved',
  'ChargeFireResolved',
  'ChargeFireDisciplineRolled',
  'ChargeMovementRolled',
  'ChargeLocalInitiativeRolled',
  'ChargeSkirmishResolved',
  'ChargeStatusSet',
] as const satisfies readonly ChargeEvent['type'][];

/**
 * The source sets no limit on Grand-Tac points (INIT-GRANDTAC); this only keeps a typo (a year, a
 * phone number) out of the log.
 */
const MAX_POINTS = 999;

/** INIT-GRANDTAC: each side's commander allots points in secret before the initiative roll. */
function decideGrandTac(s: BattleState, action: Extract<ChargeAction, { type: 'OpenGrandTac' }>, ctx: BallotContext): BattleEvent[] {
  if (Object.keys(s.sides).length !== 2) refuse(`Grand-tactical initiative is a roll between two commanders; this battle has ${Object.keys(s.sides).length} side(s).`);
  const voters = sideVoters(s, []);
  return [
    openBallot(s, ctx, {
      kind: 'grandtac',
      title: `Grand-Tac points for turn ${s.position.turn}`,
      rule: 'INIT-GRANDTAC',
      voters,
      input: { kind: 'number', min: 0, max: MAX_POINTS },
      audience: 'channel',
      ...(action.deadline ? { deadline: action.deadline } : {}),
    }),
  ];
}

/** The points revealed, then the roll: 1d10 a commander, high wins, unmodified 17 or more ends the turn. */
export const grandTacConsequences: Consequences = (_s, b, revealed, dice?: DiceStream) => {
  if (b.kind !== 'grandtac') return [];
  if (!dice) refuse('This battle has no dice stream to roll the initiative with.');
  const { value: outcome, dice: used } = dice.take((d) =>
    resolveGrandTac({ sides: revealed.choices.map((c) => ({ side: c.label, ...(c.choice !== null ? { points: Number(c.choice) } : {}) })), dice: d }),
  );
  return [{ type: 'GrandTacRolled', data: { ballotId: b.id, outcome, dice: used } }];
};


/** The charge rules' state of a battle that plays them (`BattleState.rules`). */
export const chg = (s: BattleState): ChargeState => (s.rules as ChargeState | undefined) ?? initialCharge();

// ---------------------------------------------------------------------------------------------
// Units: what the roster and the log know.

const unitStatus = (s: BattleState, unitId: string): ChargeUnitStatus => chg(s).units[unitId] ?? {};
const startFigures = (u: Unit) => Number(u.attrs.figures ?? 0);
const figuresNow = (s: BattleState, u: Unit) => Math.max(0, startFigures(u) - (unitStatus(s, u.id).figuresLost ?? 0));
const attr = <T extends string>(u: Unit, name: string): T | undefined => (u.attrs[name] === undefined ? undefined : (String(u.attrs[name]) as T));
const armOf = (u: Unit): Arm => attr<Arm>(u, 'arm') ?? refuse(`${u.name} has no arm: set it with /unit set unit:"${u.name}" arm:...`);
/** INIT-LOCAL "Division or better leader attached". */
const DIVISION_OR_BETTER = ['division', 'corps', 'army'];
/** Closing casualties a GM recorded for the unit in this phase (CHG-ATT-MOD.7); 0 when none. */
const closingNow = (s: BattleState, u: Unit): number => {
  const c = unitStatus(s, u.id).closing;
  return c && samePhase(c.at, s.position) ? c.percent : 0;
};

/** A unit as the charge rules read it: arm, figures left, formation and class from the roster; shaken, disorder, rout from the log. */
function chargeUnit(s: BattleState, u: Unit): ChargingUnit {
  const st = unitStatus(s, u.id);
  const figures = figuresNow(s, u);
  if (figures < 1) refuse(`${u.name} has no figures left.`);
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
    ...(st.routBroken ? { routBroken: true } : {}),
    ...(leader && leader !== 'none' ? { leaderAttached: true } : {}),
  };
}

function checkEnemies(s: BattleState, a: Unit, b: Unit, what: string): void {
  if (a.id === b.id) refuse(`${a.name} cannot ${what} itself.`);
  if (unitSideId(s, a) === unitSideId(s, b)) refuse(`${a.name} and ${b.name} are both ${sideName(s, unitSideId(s, a))}'s; ${what} an enemy unit.`);
}

/** The options a GM alone may give (the values the source lost), by option name. */
const given = (o: Record<string, unknown>): string[] => Object.entries(o).filter(([, v]) => v !== undefined).map(([k]) => k);

// ---------------------------------------------------------------------------------------------
// decide

export function decideCharge(s: BattleState, action: ChargeAction, ctx: DecideContext): BattleEvent[] {
  switch (action.type) {
    case 'OpenGrandTac':
      return decideGrandTac(s, action, ctx);
    case 'ChargeRoll':
      return charge(s, action, ctx);
    case 'ChargeContinue':
      return continueCharge(s, action, ctx);
    case 'ChargeRideDown':
      return rideDown(s, action, ctx);
    case 'ChargeMelee':
      return melee(s, action, ctx);
    case 'ChargeFire':
      return fire(s, action, ctx);
    case 'ChargeFireDiscipline':
      return discipline(s, action, ctx);
    case 'ChargeMovementRoll':
      return movement(s, action, ctx);
    case 'ChargeLocalInitiative':
      return localInitiative(s, action, ctx);
    case 'ChargeSkirmish':
      return skirmish(s, action, ctx);
    case 'ChargeSetStatus':
      return setStatus(s, action);
  }
}

/** What a side's effects do to the unit: surrendered figures leave it (rounded down: the source gives no rounding), rout, broken, disorder. */
function applyEffects(e: AppliedEffects, figures: number): ChargeApplied {
  const lost = e.surrender ? Math.floor((figures * e.surrender.percent) / 100) : 0;
  return {
    figuresLost: lost,
    figuresLeft: figures - lost,
    ...(e.disordered ? { disordered: true as const } : {}),
    ...(e.routs ? { routBroken: 'routed' as const } : e.broken ? { routBroken: 'broken' as const } : {}),
  };
}

/** CHG-ROLL with CHG-ATT-MOD / CHG-DEF-MOD from the roster and log, the table's choices, and the GM's values for what the OCR lost. */
function charge(s: BattleState, a: Extract<ChargeAction, { type: 'ChargeRoll' }>, ctx: DecideContext): BattleEvent[] {
  const att = findUnit(s, a.attacker);
  const def = findUnit(s, a.defender);
  checkActsFor(s, ctx.actor, att, 'charge with it');
  checkEnemies(s, att, def, 'charge');
  checkGmRulings(
    s,
    ctx.actor,
    given({ die: a.die, values: a.values, rows: a.rows, outward_rows: a.outwardRows, surrender_pct: a.surrenderPercentPerPip, ride_down_area: a.rideDownArea }),
    'CHG-ROLL',
    'give the values the source lost',
  );
  const attacker = chargeUnit(s, att);
  const defender = chargeUnit(s, def);
  const rulings: Ruling[] = [];
  const derived = closingNow(s, att);
  let closing = derived;
  if (a.closing !== undefined) {
    if (!Number.isFinite(a.closing) || a.closing < 0 || a.closing > 100) refuse(`Closing casualties are a percentage of the unit, 0 to 100 (got ${a.closing}) (CHG-ATT-MOD.7).`);
    const r = claim(s, ctx.actor, {
      what: `${att.name}'s closing casualties`,
      claimed: `${a.closing}%`,
      derived: `${derived}%`,
      source: derived ? 'recorded this phase' : 'none recorded this phase',
      rule: 'CHG-ATT-MOD.7',
    });
    if (r) {
      rulings.push(r);
      closing = a.closing;
    }
  }
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveCharge({
      attacker: { ...attacker, ...(closing ? { closingLossPercent: closing } : {}) },
      defender,
      table: a.table,
      ...(a.attackerChoices ? { attackerChoices: a.attackerChoices } : {}),
      ...(a.defenderChoices ? { defenderChoices: a.defenderChoices } : {}),
      gm: {
        ...(a.die !== undefined ? { die: a.die } : {}),
        ...(a.values ? { values: a.values } : {}),
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
    applied: { attacker: applyEffects(o.effects.attacker, attacker.figures), defender: applyEffects(o.effects.defender, defender.figures) },
  };
  return [{ type: 'ChargeResolved', data: { attackerId: att.id, defenderId: def.id, at: s.position, outcome, dice: used } }];
}

/** The attacker's charge of this phase, refusing when there is none. */
function lastCharge(s: BattleState, u: Unit, rule: string): LastCharge {
  const last = chg(s).charges[u.id];
  if (!last || !samePhase(last.at, s.position)) refuse(`${u.name} has not charged in this phase: what follows a charge follows its result (${rule}).`);
  return last;
}

/** CHG-CONTINUE: the result occupies the target's position and the next target is near enough. */
function continueCharge(s: BattleState, a: Extract<ChargeAction, { type: 'ChargeContinue' }>, ctx: DecideContext): BattleEvent[] {
  const att = findUnit(s, a.attacker);
  const target = findUnit(s, a.target);
  checkActsFor(s, ctx.actor, att, 'continue its charge');
  checkEnemies(s, att, target, 'charge');
  const last = lastCharge(s, att, 'CHG-CONTINUE');
  if (last.continued) refuse(`${att.name} has continued its charge already; charge the next target with /charge roll.`);
  if (target.id === last.defenderId) refuse(`${target.name} was the target of the charge; a charge continues against a next target (CHG-CONTINUE).`);
  const o = checkContinue({ result: last.result, arm: armOf(att), distance: a.distance, pack });
  return [{ type: 'ChargeContinued', data: { attackerId: att.id, targetId: target.id, at: s.position, outcome: { ...o, attacker: att.name, target: target.name } } }];
}

function meleeApplied(o: MeleeOutcome, units: Unit[]): MeleeApplied {
  const byName = (name: string) => units.find((u) => u.name === name)!;
  return {
    steps: o.result.kind === 'winner' ? o.result.losses.map((l) => ({ unitId: byName(l.unit).id, unit: l.unit, steps: l.steps })) : [],
    disordered: units.map((u) => u.id),
  };
}

/** CHG-RIDEDOWN after a charge that opened it: one MEL-D10 round, the infantry at -8, before its retreat. */
function rideDown(s: BattleState, a: Extract<ChargeAction, { type: 'ChargeRideDown' }>, ctx: DecideContext): BattleEvent[] {
  const cav = findUnit(s, a.cavalry);
  const inf = findUnit(s, a.infantry);
  checkActsFor(s, ctx.actor, cav, 'ride down with it');
  checkGmRulings(s, ctx.actor, given({ cavalry_modifiers: a.cavalryModifiers, infantry_modifiers: a.infantryModifiers, area: a.area }), 'MEL-D10, CHG-RIDEDOWN', 'give melee modifiers or the dotted line area');
  const found = Object.values(chg(s).charges).find((c) => samePhase(c.at, s.position) && c.rideDown.status !== 'not-applicable' && c.rideDown.cavalry === cav.name && c.rideDown.infantry === inf.name);
  if (!found) refuse(`No charge in this phase left ${inf.name} to be ridden down by ${cav.name}: that needs infantry losing a charge to cavalry (CHG-RIDEDOWN).`);
  if (found.rodeDown) refuse(`${cav.name} has ridden down ${inf.name} already after this charge (CHG-RIDEDOWN).`);
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveRideDown({
      chance: found.rideDown,
      difference: found.difference,
      table: found.table,
      cavalry: { id: cav.name, ...(a.cavalryModifiers ? { modifiers: a.cavalryModifiers } : {}) },
      infantry: { id: inf.name, ...(a.infantryModifiers ? { modifiers: a.infantryModifiers } : {}) },
      ...(a.area ? { gm: { area: a.area } } : {}),
      dice: d,
      pack,
    }),
  );
  return [{ type: 'ChargeRideDownResolved', data: { cavalryId: cav.id, infantryId: inf.id, at: s.position, outcome: { ...o, applied: meleeApplied(o, [cav, inf]) }, dice: used } }];
}

/** MEL-D10: one round; step losses and disorder applied; a tie is the GM's to settle. */
function melee(s: BattleState, a: Extract<ChargeAction, { type: 'ChargeMelee' }>, ctx: DecideContext): BattleEvent[] {
  const att = findUnit(s, a.attacker);
  const def = findUnit(s, a.defender);
  checkEnemies(s, att, def, 'fight');
  if (![att, def].some((u) => actsFor(s, ctx.actor, u))) refuse(`Only the players of ${att.name} or ${def.name}, or a GM, may resolve their melee.`);
  checkGmRulings(s, ctx.actor, given({ attacker_modifiers: a.attackerModifiers, defender_modifiers: a.defenderModifiers }), 'MEL-D10', 'give melee modifiers: the source lists none');
  for (const u of [att, def]) if (figuresNow(s, u) < 1) refuse(`${u.name} has no figures left.`);
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

/** FIRE-TABLE: the row named (the source does not say what it counts), the range band's Effect, the GM's modifiers. */
function fire(s: BattleState, a: Extract<ChargeAction, { type: 'ChargeFire' }>, ctx: DecideContext): BattleEvent[] {
  const firer = findUnit(s, a.firer);
  const target = findUnit(s, a.target);
  checkActsFor(s, ctx.actor, firer, 'fire with it');
  checkEnemies(s, firer, target, 'fire at');
  checkGmRulings(s, ctx.actor, given({ modifiers: a.modifiers, cell: a.cell, effect: a.effect, below_zero: a.belowZero }), 'FIRE-TABLE', 'give them');
  if (!FIRE_ROWS.includes(a.row)) refuse(`The fire row is one of ${FIRE_ROWS.join(', ')} (got "${a.row}") (FIRE-TABLE).`);
  if ((a.block === undefined) !== (a.band === undefined)) refuse('Give the range block and its band together, or neither: range only matters during approach fire (FIRE-TABLE.NOTES).');
  if (a.distance !== undefined && a.block === undefined) refuse('A measured range is checked against a range block and band: give block and band too (FIRE-TABLE.RANGE).');
  const f = unitStatus(s, firer.id);
  if (f.routBroken) refuse(`${firer.name} is ${f.routBroken}; a GM records it rallied with /charge status first.`);
  if (figuresNow(s, firer) < 1) refuse(`${firer.name} has no figures left.`);
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveFire({
      row: a.row,
      ...(a.block !== undefined && a.band !== undefined ? { range: { block: a.block, band: a.band, ...(a.distance !== undefined ? { distance: a.distance } : {}) } } : {}),
      ...(a.modifiers ? { modifiers: a.modifiers } : {}),
      gm: { ...(a.cell !== undefined ? { cell: a.cell } : {}), ...(a.effect !== undefined ? { effect: a.effect } : {}), ...(a.belowZero ? { belowZero: a.belowZero } : {}) },
      dice: d,
      pack,
    }),
  );
  return [{ type: 'ChargeFireResolved', data: { firerId: firer.id, targetId: target.id, at: s.position, outcome: { ...o, firer: firer.name, target: target.name }, dice: used } }];
}

/** FIRE-DISCIPLINE, with the natural 9 and natural 10 AP notes. */
function discipline(s: BattleState, a: Extract<ChargeAction, { type: 'ChargeFireDiscipline' }>, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, 'roll for it');
  checkGmRulings(s, ctx.actor, given({ modifiers: a.modifiers, die: a.die, cell: a.cell }), 'FIRE-DISCIPLINE', 'give them');
  if (!DISCIPLINE_COLUMNS.includes(a.column)) refuse(`The Fire Discipline column is one of ${DISCIPLINE_COLUMNS.join(', ')} (got "${a.column}").`);
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveFireDiscipline({
      column: a.column,
      ...(a.modifiers ? { modifiers: a.modifiers } : {}),
      gm: { ...(a.die !== undefined ? { die: a.die } : {}), ...(a.cell !== undefined ? { cell: a.cell } : {}) },
      dice: d,
      pack,
    }),
  );
  return [{ type: 'ChargeFireDisciplineRolled', data: { unitId: u.id, at: s.position, outcome: { ...o, unit: u.name }, dice: used } }];
}

/** MOVE-ROLL, the rate from MOVE-RATES by the unit's arm (and gun). */
function movement(s: BattleState, a: Extract<ChargeAction, { type: 'ChargeMovementRoll' }>, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, 'roll to move it');
  checkGmRulings(s, ctx.actor, given({ die: a.die }), 'MOVE-ROLL', 'give the movement die');
  if (a.rate !== undefined && ![...FOOT_HORSE_RATES, ...ARTILLERY_RATES].includes(a.rate as never)) refuse(`The rate is one of ${[...new Set([...FOOT_HORSE_RATES, ...ARTILLERY_RATES])].join(', ')} (MOVE-RATES).`);
  const moveClass = attr<MoveClass>(u, 'move_class');
  const gun = attr<Gun>(u, 'gun');
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveMovementRoll({
      unit: { id: u.name, arm: armOf(u), ...(moveClass ? { moveClass } : {}), ...(gun ? { gun } : {}) },
      ...(a.rate ? { rate: a.rate } : {}),
      ...(a.die !== undefined ? { gm: { die: a.die } } : {}),
      dice: d,
      pack,
    }),
  );
  return [{ type: 'ChargeMovementRolled', data: { unitId: u.id, at: s.position, outcome: o, dice: used } }];
}

/** INIT-LOCAL, at any time; the Division-or-better leader from the roster. */
function localInitiative(s: BattleState, a: Extract<ChargeAction, { type: 'ChargeLocalInitiative' }>, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, 'roll for it');
  checkGmRulings(s, ctx.actor, given({ modifiers: a.modifiers, die: a.die }), 'INIT-LOCAL', 'give them');
  const cls = attr<UnitClass>(u, 'class');
  const leader = attr<string>(u, 'leader');
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveLocalInitiative({
      unit: {
        id: u.name,
        ...(cls ? { class: cls } : {}),
        ...(leader && DIVISION_OR_BETTER.includes(leader) ? { divisionLeaderAttached: true } : {}),
        ...(a.reactingToCavalryCharge ? { reactingToCavalryCharge: true } : {}),
      },
      purpose: a.purpose,
      ...(a.flankEndangered ? { flankEndangered: true } : {}),
      ...(a.modifiers ? { modifiers: a.modifiers } : {}),
      ...(a.die !== undefined ? { gm: { die: a.die } } : {}),
      dice: d,
      pack,
    }),
  );
  return [{ type: 'ChargeLocalInitiativeRolled', data: { unitId: u.id, at: s.position, outcome: { ...o, unit: u.name }, dice: used } }];
}

/** SKIRMISH: Class Dice + Screen mods on the class row. */
function skirmish(s: BattleState, a: Extract<ChargeAction, { type: 'ChargeSkirmish' }>, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, 'skirmish with it');
  checkGmRulings(s, ctx.actor, given({ screen_modifiers: a.screenModifiers, die: a.die, cell: a.cell }), 'SKIRMISH', 'give them');
  const cls = attr<UnitClass>(u, 'class');
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveSkirmish({
      unit: { id: u.name, ...(cls ? { class: cls } : {}) },
      ...(a.screenModifiers ? { screenModifiers: a.screenModifiers } : {}),
      gm: { ...(a.die !== undefined ? { die: a.die } : {}), ...(a.cell !== undefined ? { cell: a.cell } : {}) },
      dice: d,
      pack,
    }),
  );
  return [{ type: 'ChargeSkirmishResolved', data: { unitId: u.id, at: s.position, outcome: { ...o, unit: u.name }, dice: used } }];
}

/** What the log cannot know: shaken (the source has no morale rules), a rally, losses ruled, closing casualties. Logged as the GM's. */
function setStatus(s: BattleState, a: Extract<ChargeAction, { type: 'ChargeSetStatus' }>): BattleEvent[] {
  const u = findUnit(s, a.unit);
  const st = unitStatus(s, u.id);
  const change: ChargeStatusChange = {};
  if (a.shaken !== undefined && a.shaken !== !!st.shaken) change.shaken = a.shaken;
  if (a.disordered !== undefined && a.disordered !== !!st.disordered) change.disordered = a.disordered;
  if (a.rout !== undefined && a.rout !== (st.routBroken ?? 'none')) change.rout = a.rout;
  if (a.closing !== undefined) {
    if (!Number.isInteger(a.closing) || a.closing < 0 || a.closing > 100) refuse(`Closing casualties are a whole percentage, 0 to 100 (got ${a.closing}) (CHG-ATT-MOD.7).`);
    if (a.closing !== closingNow(s, u)) change.closing = a.closing;
  }
  if (a.steps !== undefined) {
    if (!Number.isInteger(a.steps) || a.steps < 0) refuse(`Casualty steps are a whole number, 0 or more (got ${a.steps}) (MEL-D10).`);
    if (a.steps !== (st.steps ?? 0)) change.steps = a.steps;
  }
  if (a.figuresLost !== undefined) {
    if (!Number.isInteger(a.figuresLost) || a.figuresLost < 0 || a.figuresLost > startFigures(u)) refuse(`${u.name} has ${startFigures(u)} figures; figures lost are 0 to ${startFigures(u)} (got ${a.figuresLost}).`);
    if (a.figuresLost !== (st.figuresLost ?? 0)) change.figuresLost = a.figuresLost;
  }
  if (!Object.keys(change).length) refuse(`Nothing to change: ${u.name} is ${statusWords(s, u) || 'in good order'} already.`);
  return [{ type: 'ChargeStatusSet', data: { unitId: u.id, at: s.position, change } }];
}

// ---------------------------------------------------------------------------------------------
// evolve

function setUnit(d: BattleState, unitId: string, change: (st: ChargeUnitStatus) => ChargeUnitStatus): void {
  const c = chg(d);
  d.rules = { ...c, units: { ...c.units, [unitId]: change(c.units[unitId] ?? {}) } };
}

function setCharge(d: BattleState, attackerId: string, change: (c: LastCharge) => LastCharge): void {
  const c = chg(d);
  const last = c.charges[attackerId];
  if (last) d.rules = { ...c, charges: { ...c.charges, [attackerId]: change(last) } };
}

const applyCharge = (st: ChargeUnitStatus, a: ChargeApplied): ChargeUnitStatus => ({
  ...st,
  ...(a.figuresLost ? { figuresLost: (st.figuresLost ?? 0) + a.figuresLost } : {}),
  ...(a.disordered ? { disordered: true } : {}),
  ...(a.routBroken ? { routBroken: a.routBroken } : {}),
});

function applyMelee(d: BattleState, applied: MeleeApplied): void {
  for (const id of applied.disordered) setUnit(d, id, (st) => ({ ...st, disordered: true }));
  for (const l of applied.steps) if (l.steps) setUnit(d, l.unitId, (st) => ({ ...st, steps: (st.steps ?? 0) + l.steps }));
}

/** Any event's effect on the charge state (its own events, units removed); replaces, never mutates. */
export function applyChargeEvent(d: BattleState, e: BattleEvent): void {
  switch (e.type) {
    case 'UnitRemoved': {
      const c = chg(d);
      if (!c.units[e.data.unitId] && !c.charges[e.data.unitId]) return;
      const { [e.data.unitId]: _u, ...units } = c.units;
      const { [e.data.unitId]: _c, ...charges } = c.charges;
      d.rules = { ...c, units, charges };
      return;
    }
    case 'ChargeResolved': {
      const { attackerId, defenderId, at, outcome: o } = e.data;
      setUnit(d, attackerId, (st) => applyCharge(st, o.applied.attacker));
      setUnit(d, defenderId, (st) => applyCharge(st, o.applied.defender));
      const c = chg(d);
      d.rules = { ...c, charges: { ...c.charges, [attackerId]: { at, defenderId, table: o.table, difference: o.difference, result: o.result, continuation: o.continuation, rideDown: o.rideDown } } };
      return;
    }
    case 'ChargeContinued':
      setCharge(d, e.data.attackerId, (c) => ({ ...c, continued: true }));
      return;
    case 'ChargeRideDownResolved': {
      applyMelee(d, e.data.outcome.applied);
      const { cavalryId, infantryId } = e.data;
      for (const [id, c] of Object.entries(chg(d).charges)) {
        if (samePhase(c.at, e.data.at) && ((id === cavalryId && c.defenderId === infantryId) || (id === infantryId && c.defenderId === cavalryId))) setCharge(d, id, (x) => ({ ...x, rodeDown: true }));
      }
      return;
    }
    case 'ChargeMeleeResolved':
      applyMelee(d, e.data.outcome.applied);
      return;
    case 'ChargeStatusSet': {
      const { change, at } = e.data;
      setUnit(d, e.data.unitId, (st) => {
        const { routBroken: _r, closing: _c, ...rest } = st;
        const rout = change.rout === undefined ? st.routBroken : change.rout === 'none' ? undefined : change.rout;
        const closing = change.closing === undefined ? st.closing : { at, percent: change.closing };
        return {
          ...rest,
          ...(change.shaken !== undefined ? { shaken: change.shaken } : {}),
          ...(change.disordered !== undefined ? { disordered: change.disordered } : {}),
          ...(change.steps !== undefined ? { steps: change.steps } : {}),
          ...(change.figuresLost !== undefined ? { figuresLost: change.figuresLost } : {}),
          ...(rout ? { routBroken: rout } : {}),
          ...(closing ? { closing } : {}),
        };
      });
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Words for the log and the views.

const lines = (head: string, steps: string[]) => [head, ...steps.map((x) => `• ${x}`)].join('\n');
const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function appliedLines(unit: string, a: ChargeApplied): string[] {
  const out: string[] = [];
  if (a.figuresLost) out.push(`${unit}: ${plural(a.figuresLost, 'figure')} surrender (rounded down), ${a.figuresLeft} left.`);
  if (a.routBroken) out.push(`${unit} is ${a.routBroken}.`);
  if (a.disordered) out.push(`${unit} is disordered.`);
  return out;
}

function meleeLines(a: MeleeApplied, s: BattleState): string[] {
  const names = a.disordered.map((id) => s.units[id]?.name ?? id);
  return [...a.steps.map((l) => `${l.unit}: ${plural(l.steps, 'casualty step')} lost.`), `${names.join(' and ')} disordered (MEL-D10).`];
}

export function describeChargeEvent(e: ChargeEvent, s: BattleState): string {
  switch (e.type) {
    case 'GrandTacRolled': {
      const o = e.data.outcome;
      const rolls = o.rolls.map((r) => `${r.side}${r.points !== undefined ? ` (${r.points} points)` : ''} rolls d${r.die} ${r.roll}${r.modifiers.length ? ` ${r.modifiers.map((m) => `${m.value >= 0 ? '+' : ''}${m.value} ${m.label}`).join(' ')} = ${r.total}` : ''}`);
      return lines(`grand-tactical initiative: ${o.result.reason}`, [...rolls.map((r) => `${r}.`), ...o.notes]);
    }
    case 'ChargeResolved': {
      const o = e.data.outcome;
      return lines(`${o.attacker.unit} charges ${o.defender.unit} (CHG-ROLL, ${o.table === 'open' ? 'CHG-OPEN' : 'CHG-COVER'}): ${signed(o.difference)}, ${o.text}`, [
        ...o.rulings.map(rulingLine),
        ...o.steps,
        ...appliedLines(o.attacker.unit, o.applied.attacker),
        ...appliedLines(o.defender.unit, o.applied.defender),
      ]);
    }
    case 'ChargeContinued': {
      const o = e.data.outcome;
      return lines(`${o.attacker} continues its charge against ${o.target} (CHG-CONTINUE)`, [...o.steps, `Roll the charge with /charge roll attacker:"${o.attacker}" defender:"${o.target}".`]);
    }
    case 'ChargeRideDownResolved': {
      const o = e.data.outcome;
      return lines(`${s.units[e.data.cavalryId]?.name ?? e.data.cavalryId} rides down ${s.units[e.data.infantryId]?.name ?? e.data.infantryId} (CHG-RIDEDOWN, MEL-D10): ${meleeHead(o)}`, [...o.steps, ...meleeLines(o.applied, s)]);
    }
    case 'ChargeMeleeResolved': {
      const o = e.data.outcome;
      return lines(`melee, ${o.rolls[0].unit} against ${o.rolls[1].unit} (MEL-D10): ${meleeHead(o)}`, [...o.steps, ...meleeLines(o.applied, s)]);
    }
    case 'ChargeFireResolved': {
      const o = e.data.outcome;
      return lines(`${o.firer} fires at ${o.target} (FIRE-TABLE): ${o.noEffect ? 'no effect' : `row ${o.row}, column ${o.column}: ${o.cell?.value}`}`, [
        ...o.steps,
        ...(o.noEffect ? [] : ['The source does not say what the cell counts: the GM applies it (/charge status).']),
      ]);
    }
    case 'ChargeFireDisciplineRolled': {
      const o = e.data.outcome;
      return lines(`${o.unit} rolls Fire Discipline (FIRE-DISCIPLINE): ${o.result.printed}`, o.steps);
    }
    case 'ChargeMovementRolled': {
      const o = e.data.outcome;
      return lines(`${s.units[e.data.unitId]?.name ?? e.data.unitId} rolls to move (MOVE-ROLL): ${o.fraction === 'NM' ? 'NM, no movement' : o.inches !== null ? `${o.inches}"` : `${o.fraction} of its rate`}`, o.steps);
    }
    case 'ChargeLocalInitiativeRolled': {
      const o = e.data.outcome;
      return lines(`${o.unit} rolls local initiative (INIT-LOCAL): ${o.result} (${o.text})`, o.steps);
    }
    case 'ChargeSkirmishResolved': {
      const o = e.data.outcome;
      return lines(`${o.unit} skirmishes (SKIRMISH): ${o.result.printed}`, o.steps);
    }
    case 'ChargeStatusSet': {
      const c = e.data.change;
      const words = [
        c.shaken !== undefined ? `shaken ${c.shaken ? 'yes' : 'no'}` : '',
        c.disordered !== undefined ? `disordered ${c.disordered ? 'yes' : 'no'}` : '',
        c.rout !== undefined ? `rout/broken ${c.rout}` : '',
        c.closing !== undefined ? `closing casualties ${c.closing}% this phase (CHG-ATT-MOD.7)` : '',
        c.steps !== undefined ? `casualty steps ${c.steps}` : '',
        c.figuresLost !== undefined ? `figures lost ${c.figuresLost}` : '',
      ].filter(Boolean);
      return `${s.units[e.data.unitId]?.name ?? e.data.unitId}: ${words.join(', ')} (the GM's ruling)`;
    }
  }
}

const meleeHead = (o: MeleeOutcome) => (o.result.kind === 'winner' ? `${o.result.winner} wins` : 'a tie, the GM decides');

function statusWords(s: BattleState, u: Unit): string {
  const st = unitStatus(s, u.id);
  return [st.routBroken ?? '', st.shaken ? 'shaken' : '', st.disordered ? 'disordered' : '', closingNow(s, u) ? `closing casualties ${closingNow(s, u)}% this phase` : ''].filter(Boolean).join(', ');
}

/** Lines for /unit show. */
export function chargeUnitLines(s: BattleState, u: Unit): string[] {
  const st = unitStatus(s, u.id);
  const out = [`figures ${figuresNow(s, u)} of ${startFigures(u)}${st.figuresLost ? ` (${st.figuresLost} lost)` : ''}${st.steps ? `; ${plural(st.steps, 'casualty step')} lost in melee (MEL-D10)` : ''}`];
  const words = statusWords(s, u);
  if (words) out.push(words);
  const last = chg(s).charges[u.id];
  if (last && samePhase(last.at, s.position)) {
    if (last.continuation.allowed && !last.continued) out.push(`may continue its charge: next target less than ${last.continuation.lessThan}" away (/charge continue, CHG-CONTINUE)`);
    if (last.rideDown.status === 'possible' || last.rideDown.status === 'area-unknown') if (!last.rodeDown) out.push(last.rideDown.text);
  }
  return out;
}

/** Lines for /battle status: charges of this phase with something that may follow. */
export function chargeStatusLines(s: BattleState): string[] {
  const out: string[] = [];
  for (const [id, c] of Object.entries(chg(s).charges)) {
    if (!samePhase(c.at, s.position) || !s.units[id]) continue;
    const name = s.units[id].name;
    if (c.continuation.allowed && !c.continued) out.push(`${name} may continue its charge (CHG-CONTINUE)`);
    if ((c.rideDown.status === 'possible' || c.rideDown.status === 'area-unknown') && !c.rodeDown) out.push(`${c.rideDown.cavalry} may ride down ${c.rideDown.infantry} (CHG-RIDEDOWN)`);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Input syntax shared by the slash commands.

/** Labelled modifiers a GM gives where the source lists none: `flank=+2, tired=-1`. */
export function parseGmModifiers(text: string | undefined, rule: string): GmModifier[] | undefined {
  if (text === undefined) return undefined;
  const out = text
    .split(/[,;]/)
    .map((t) => t.trim())
    .filter(Boolean)
    .map((token) => {
      const m = /^(.+?)\s*=\s*([+-]?\d+)$/.exec(token) ?? refuse(`"${token}" is not a modifier: give label=value, e.g. "veterans=+1, tired=-2" (${rule}).`);
      return { label: m[1]!, value: Number(m[2]) };
    });
  if (!out.length) refuse(`Give at least one modifier as label=value (${rule}).`);
  return out;
}

/** Values of CHG-ATT-MOD / CHG-DEF-MOD rows the source lost: `CHG-ATT-MOD.16=+5 18=+1` (a bare number is CHG-ATT-MOD). */
export function parseChargeValues(text: string | undefined): ChargeGmOptions['values'] {
  if (text === undefined) return undefined;
  const values: { attacker: Partial<Record<AttackerKey, number>>; defender: Partial<Record<DefenderKey, number>> } = { attacker: {}, defender: {} };
  for (const token of text.split(/[\s,]+/).filter(Boolean)) {
    const m = /^(?:CHG-(ATT|DEF)-MOD\.)?(\d+)=([+-]?\d+)$/i.exec(token) ?? refuse(`"${token}" is not a value: give a row id and its value, e.g. CHG-ATT-MOD.16=+5 (CHG-ATT-MOD, CHG-DEF-MOD).`);
    const side = (m[1] ?? 'ATT').toUpperCase() === 'ATT' ? 'attacker' : 'defender';
    const id = `CHG-${side === 'attacker' ? 'ATT' : 'DEF'}-MOD.${Number(m[2])}`;
    const rows: readonly { id: string; key: string }[] = side === 'attacker' ? pack.charge.attackerModifiers : pack.charge.defenderModifiers;
    const row = rows.find((r) => r.id === id) ?? refuse(`${id} is not a row of ${side === 'attacker' ? 'CHG-ATT-MOD' : 'CHG-DEF-MOD'}.`);
    (values[side] as Record<string, number>)[row.key] = Number(m[3]);
  }
  return { ...(Object.keys(values.attacker).length ? { attacker: values.attacker } : {}), ...(Object.keys(values.defender).length ? { defender: values.defender } : {}) };
}

/** Results for CHG-OPEN / CHG-COVER rows the OCR lost: `CHG-OPEN.7=melee`. */
export function parseChargeRows(text: string | undefined): Record<string, ChargeResult> | undefined {
  if (text === undefined) return undefined;
  const rows: Record<string, ChargeResult> = {};
  for (const token of text.split(/[\s,]+/).filter(Boolean)) {
    const m = /^(CHG-(?:OPEN|COVER)\.\d+)=([a-z0-9-]+)$/i.exec(token) ?? refuse(`"${token}" is not a row result: give e.g. CHG-OPEN.7=melee; results are ${CHARGE_RESULTS.join(', ')}.`);
    rows[m[1]!.toUpperCase()] = m[2]! as ChargeResult;
  }
  return rows;
}

/** A range of charge results, `1 to 4` or `-2..4` (CHG-RIDEDOWN's dotted line area). */
export function parseArea(text: string | undefined): { min: number; max: number } | undefined {
  if (text === undefined) return undefined;
  const m = /^(-?\d+)\s*(?:to|\.\.)\s*(-?\d+)$/.exec(text.trim()) ?? refuse(`"${text}" is not an area of results: give e.g. "1 to 4" or "-2..4" (CHG-RIDEDOWN).`);
  return { min: Number(m[1]), max: Number(m[2]) };
}
