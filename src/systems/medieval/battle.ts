import type { DecideContext } from '../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../battle/events.ts';
import { actsFor, checkActsFor, findSide, findUnit, needDice, playsSide, samePhase, sideName, unitSideId } from '../../battle/mechanics.ts';
import { isGm, type BattleState, type Unit } from '../../battle/state.ts';
import type { Advance, Role } from '../../battle/system.ts';
import type { TurnPosition } from '../../rules/sequence.ts';
import { refuse } from '../../rules/errors.ts';
import {
  BANDS,
  COMMANDERS,
  controlTest,
  medievalPack as pack,
  moraleTest,
  rangeBand,
  rangeRow,
  resolveFire,
  resolveMelee,
  rollInitiative,
  signed,
  type Armour,
  type Commander,
  type ControlOutcome,
  type FireDerived,
  type FireOutcome,
  type InitiativeOutcome,
  type MeleeDerived,
  type MeleeOutcome,
  type ModifierChoice,
  type MoraleDerived,
  type MoraleOutcome,
  type MoraleReasonChoice,
  type MoraleResult,
  type RangeBand,
  type RangeOutcome,
  type TestingUnit,
  type TroopClass,
  type Unit as Measure,
} from './index.ts';
import { MEDIEVAL_PHASES, weatherRollDue } from './sequence.ts';

/**
 * The medieval d10 game (shared/rules/d10-medieval.md, MED-x) as the battle keeps it: initiative and
 * sides A and B, weather, firing, melee, control and morale tests applied to the units. The rules
 * are pure functions in src/systems/medieval/; this module applies them to the battle's state.
 */

/** A morale result in force on a unit (MED-MORALE-EFFECTS), from the test taken `at`. */
export interface MoraleInForce {
  result: MoraleResult;
  name: string;
  rules: string[];
  advance: 'free' | 'none' | 'half';
  mayFire: 'yes' | 'no' | 'half';
  at: TurnPosition;
  routsOnContact?: boolean;
}

/** What the medieval rules track of a unit beyond its pack attributes. */
export interface MedievalUnitStatus {
  /** Figures lost so far. */
  losses: number;
  disordered?: boolean;
  /** Routing (MED-MORALE-EFFECTS.1) until rallied (.2a, .4a) or a GM's /morale set. */
  routing?: boolean;
  /** Failed a control test (MED-CONTROL-RESULT.2): impetuous until it passes a retest in phase 16. */
  impetuous?: { since: TurnPosition; reason: string };
  /** The last morale test's result and effect; one test per unit per phase (MED-MORALE.3). */
  morale?: MoraleInForce;
  /** Artillery abandoned its guns (MED-MORALE-EFFECTS.1c, .2c). */
  gunsAbandoned?: boolean;
  /** Guns exploded (MED-RANGE.9): lost for good. */
  gunsLost?: number;
  /** Guns that misfired in `turn`: they can't re-fire until the next Game Turn (MED-RANGE.9). */
  misfired?: { turn: number; guns: number };
  /** The unbroken run of Game Turns in which the unit fired, to `turn` (MED-FIRE-MOD.8). */
  volleys?: { turn: number; run: number };
  /** Has fired its artillery or firearms already (MED-FIRE-MOD.21). */
  firedGunpowder?: boolean;
  /** Last fired on (MED-FIRE-MOD.9). */
  firedOn?: TurnPosition;
  /** Last fired (MED-SEQ.11: a unit fires once in a phase). */
  firedAt?: TurnPosition;
  /** Figures shot in one phase; those shot in phase 11 still fire in phase 12 (MED-SEQ.12). */
  shot?: { turn: number; phase: number; figures: number };
}

export interface MedievalState {
  units: Record<string, MedievalUnitStatus>;
  /** Each side's army commander (MED-CMDR.2), who rolls the initiative (MED-INIT.3). */
  commanders: Record<string, Commander>;
  /** This turn's initiative winner (MED-INIT.4). */
  initiative?: { turn: number; winner: string };
  /** Which side plays A and which B this turn (MED-SEQ.1). */
  sides?: { turn: number; a: string; b: string };
  /** As a GM recorded it (MED-SEQ.2; the weather rules are not in the source). */
  weather?: { turn: number; weather: string; windStrength: string; windDirection: string; rain?: Rain };
}

export const initialMedieval = (): MedievalState => ({ units: {}, commanders: {} });

/**
 * Options the players agree on when the battle is created and that hold for all of it: automatic
 * kills (MED-AUTOKILL) and part dice (MED-PARTDICE), the initiative die (MED-INIT.1 d6 or MED-SEQ.1
 * d10; the pack's default when left out).
 */
export type MedievalOptions = {
  autokill?: boolean;
  partDice?: boolean;
  initiativeDie?: 6 | 10;
};

export const MEDIEVAL_OPTIONS = {
  keys: ['autokill', 'partDice', 'initiativeDie'] satisfies (keyof MedievalOptions)[],
  check(o: Record<string, unknown>): Record<string, unknown> {
    if (o.initiativeDie !== undefined && o.initiativeDie !== 6 && o.initiativeDie !== 10) refuse(`The initiative die is a d6 (MED-INIT.1) or a d10 (MED-SEQ.1), not a d${String(o.initiativeDie)}.`);
    for (const k of ['autokill', 'partDice']) if (o[k] !== undefined && typeof o[k] !== 'boolean') refuse(`${k} is true or false (got ${String(o[k])}).`);
    return o;
  },
  text(o: MedievalOptions): string {
    return [
      o.autokill !== undefined ? `automatic kills ${o.autokill ? 'on' : 'off'} (MED-AUTOKILL)` : '',
      o.partDice !== undefined ? `part dice ${o.partDice ? 'on' : 'off'} (MED-PARTDICE)` : '',
      o.initiativeDie ? `initiative on a d${o.initiativeDie} (MED-INIT)` : '',
    ]
      .filter(Boolean)
      .join(', ');
  },
};

/** Rain or snow as the weather brings it: light and heavy are MED-FIRE-MOD.18 and .20. */
export const RAIN = ['none', 'light', 'heavy'] as const;
export type Rain = (typeof RAIN)[number];

/** One side of a melee as the players give it. */
export interface MeleeSideInput {
  unit: string;
  figures?: number;
  modifiers?: ModifierChoice[];
  charging?: boolean;
  pushedBack?: boolean;
  /** Score needed before modifiers where the Melee Chart has no cell (MED-MELEE source note). */
  score?: number;
}

export type MedievalAction =
  | { type: 'MedievalSetCommander'; side: string; commander: Commander | null }
  | { type: 'MedievalRollInitiative' }
  | { type: 'MedievalChooseSide'; as: 'A' | 'B' }
  | { type: 'MedievalRecordWeather'; weather: string; windStrength: string; windDirection: string; rain?: Rain }
  | {
      type: 'MedievalFire';
      firer: string;
      target: string;
      range?: number;
      measure?: Measure;
      band?: RangeBand;
      figures?: number;
      modifiers?: ModifierChoice[];
      targetMoving?: boolean;
      score?: number;
    }
  | { type: 'MedievalMelee'; attacker: MeleeSideInput; defender: MeleeSideInput }
  | { type: 'MedievalControlTest'; unit: string; reason: string; modifiers?: ModifierChoice[]; rashCommander?: boolean }
  | { type: 'MedievalMoraleTest'; unit: string; reasons: MoraleReasonChoice[]; modifiers?: ModifierChoice[]; commanderDead?: boolean; friendsRouting?: number }
  | { type: 'MedievalSetStatus'; unit: string; disordered?: boolean; routing?: boolean; gunsAbandoned?: boolean };

/** The firing outcome as posted: the chart resolution plus what the battle supplied and applied. */
export interface MedievalFireOutcome extends FireOutcome {
  firer: string;
  target: string;
  range: RangeOutcome | null;
  band: RangeBand;
  firing: { figures: number; why: string };
  derived: FireDerived;
  applied: { losses: number; figuresLeft: number; gunsExploded: number; gunsMisfired: number };
}

export interface MeleeSideOutcome extends MeleeOutcome {
  unit: string;
  figures: number;
  derived: MeleeDerived;
  /** Kills applied to the enemy (never more than its figures) and the figures it has left. */
  applied: { losses: number; enemyFiguresLeft: number };
}

export interface MedievalMeleeOutcome {
  rule: 'MED-MELEE';
  attacker: MeleeSideOutcome;
  defender: MeleeSideOutcome;
  dice: { sides: number; result: number }[];
  steps: string[];
}

export type MedievalEvent =
  | { type: 'MedievalCommanderSet'; data: { sideId: string; commander: Commander | null } }
  | { type: 'MedievalInitiativeRolled'; data: { turn: number; winnerSideId: string; outcome: InitiativeOutcome; dice: DiceUsed } }
  | { type: 'MedievalSideChosen'; data: { turn: number; sideId: string; as: 'A' | 'B'; a: string; b: string } }
  | { type: 'MedievalWeatherRecorded'; data: { turn: number; weather: string; windStrength: string; windDirection: string; rain?: Rain } }
  | { type: 'MedievalFireResolved'; data: { firerId: string; targetId: string; at: TurnPosition; volley: number; gunpowder: boolean; outcome: MedievalFireOutcome; dice: DiceUsed } }
  | { type: 'MedievalMeleeResolved'; data: { attackerId: string; defenderId: string; at: TurnPosition; outcome: MedievalMeleeOutcome; dice: DiceUsed } }
  | { type: 'MedievalControlTested'; data: { unitId: string; at: TurnPosition; outcome: ControlOutcome & { unit: string; lossesTenths: number }; dice: DiceUsed } }
  | { type: 'MedievalMoraleTested'; data: { unitId: string; at: TurnPosition; outcome: MoraleOutcome & { unit: string; derived: MoraleDerived }; dice: DiceUsed } }
  | { type: 'MedievalStatusSet'; data: { unitId: string; disordered?: boolean; routing?: boolean; gunsAbandoned?: boolean } };

/** Who may take each medieval action; players act for their own side's units (checked in decide). */
export const MEDIEVAL_ACTION_ROLE: Record<MedievalAction['type'], Role> = {
  MedievalSetCommander: 'gm',
  MedievalRollInitiative: 'anyone',
  MedievalChooseSide: 'anyone',
  MedievalRecordWeather: 'gm',
  MedievalFire: 'anyone',
  MedievalMelee: 'anyone',
  MedievalControlTest: 'anyone',
  MedievalMoraleTest: 'anyone',
  MedievalSetStatus: 'gm',
};
export const MEDIEVAL_EVENT_TYPES = [
  'MedievalCommanderSet',
  'MedievalInitiativeRolled',
  'MedievalSideChosen',
  'MedievalWeatherRecorded',
  'MedievalFireResolved',
  'MedievalMeleeResolved',
  'MedievalControlTested',
  'MedievalMoraleTested',
  'MedievalStatusSet',
] as const satisfies readonly MedievalEvent['type'][];

/** The medieval rules' state of a battle that plays them (`BattleState.rules`). */
export const med = (s: BattleState): MedievalState => s.rules as MedievalState;
/** The options agreed at creation, as MEDIEVAL_OPTIONS checked them. */
const options = (s: BattleState): MedievalOptions => s.options as MedievalOptions;

// ---------------------------------------------------------------------------------------------
// The turn sequence: phases, sides A and B.

const phaseDef = (pos: TurnPosition) => MEDIEVAL_PHASES[pos.phase];
const phaseId = (pos: TurnPosition) => phaseDef(pos)?.id ?? `phase ${pos.phase + 1}`;
/** "turn 1, phase 16 (Control Tests, both sides)": the printed phase number (the chart has no 14). */
const phaseText = (pos: TurnPosition) => `turn ${pos.turn}, phase ${phaseId(pos).replace('MED-SEQ.', '')} (${(phaseDef(pos)?.name ?? '?').replace(/ \((.*)\)$/, ', $1')})`;
const phaseHas = (pos: TurnPosition, rule: string) => phaseDef(pos)?.rules.includes(rule) ?? false;
const phasesWith = (rule: string) =>
  MEDIEVAL_PHASES.filter((p) => p.rules.includes(rule))
    .map((p) => p.id.replace('MED-SEQ.', ''))
    .join(', ');

/** The side whose units fire in a phase: in 8 and 9 the side reacting to the other's charge (MED-SEQ.8-9, .11-12). */
const FIRING_SIDE: Record<string, 'A' | 'B'> = { 'MED-SEQ.8': 'B', 'MED-SEQ.9': 'A', 'MED-SEQ.11': 'A', 'MED-SEQ.12': 'B' };
/** The side whose units take morale tests in a phase (MED-SEQ.4-9); both in 10 and 15. */
const MORALE_SIDE: Record<string, 'A' | 'B'> = { 'MED-SEQ.4': 'A', 'MED-SEQ.5': 'B', 'MED-SEQ.6': 'B', 'MED-SEQ.7': 'A', 'MED-SEQ.8': 'A', 'MED-SEQ.9': 'B' };

/** A or B for a side this turn, refusing when the initiative winner has not chosen (MED-SEQ.1). */
function letterOf(s: BattleState, sideId: string): 'A' | 'B' {
  const chosen = med(s).sides;
  if (chosen?.turn !== s.position.turn) refuse(`Sides A and B are not chosen for turn ${s.position.turn}: /initiative roll, then the winner's /initiative choose (MED-SEQ.1).`);
  return chosen.a === sideId ? 'A' : 'B';
}

function checkPhase(s: BattleState, rule: string, what: string) {
  if (!phaseHas(s.position, rule)) refuse(`${what} in phase${phasesWith(rule).includes(',') ? 's' : ''} ${phasesWith(rule)} (MED-SEQ); now it is ${phaseText(s.position)}.`);
}

// ---------------------------------------------------------------------------------------------
// Units.

const unitStatus = (s: BattleState, unitId: string): MedievalUnitStatus => med(s).units[unitId] ?? { losses: 0 };
const startFigures = (u: Unit) => Number(u.attrs.figures ?? 0);
const figuresNow = (s: BattleState, u: Unit) => Math.max(0, startFigures(u) - unitStatus(s, u.id).losses);
/** Full tenths of the original figure-strength lost (MED-MORALE-MOD.33, MED-CONTROL-MOD.4). */
const lossesTenths = (s: BattleState, u: Unit) => (startFigures(u) > 0 ? Math.floor((unitStatus(s, u.id).losses * 10) / startFigures(u)) : 0);

function testingUnit(s: BattleState, u: Unit): TestingUnit {
  const st = unitStatus(s, u.id);
  const a = u.attrs;
  return {
    arm: String(a.arm),
    ...(a.class !== undefined ? { class: String(a.class) as TroopClass } : {}),
    ...(a.order !== undefined ? { order: String(a.order) } : {}),
    ...(a.formation !== undefined ? { formation: String(a.formation) } : {}),
    ...(st.disordered ? { disordered: true } : {}),
    ...(st.routing ? { routing: true } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// decide

export function decideMedieval(s: BattleState, action: MedievalAction, ctx: DecideContext): BattleEvent[] {
  switch (action.type) {
    case 'MedievalSetCommander':
      return setCommander(s, action);
    case 'MedievalRollInitiative':
      return initiative(s, ctx);
    case 'MedievalChooseSide':
      return chooseSide(s, action.as, ctx.actor);
    case 'MedievalRecordWeather':
      return weather(s, action);
    case 'MedievalFire':
      return fire(s, action, ctx);
    case 'MedievalMelee':
      return melee(s, action, ctx);
    case 'MedievalControlTest':
      return control(s, action, ctx);
    case 'MedievalMoraleTest':
      return morale(s, action, ctx);
    case 'MedievalSetStatus':
      return setStatus(s, action);
  }
}

function setCommander(s: BattleState, a: Extract<MedievalAction, { type: 'MedievalSetCommander' }>): BattleEvent[] {
  const side = findSide(s, a.side);
  if (a.commander !== null && !COMMANDERS.includes(a.commander)) refuse(`A commander is ${COMMANDERS.join(', ')} (got "${a.commander}") (MED-CMDR.2).`);
  if ((med(s).commanders[side.id] ?? null) === a.commander) refuse(`${side.name}'s commander is ${a.commander ?? 'not set'} already.`);
  return [{ type: 'MedievalCommanderSet', data: { sideId: side.id, commander: a.commander } }];
}

/** MED-INIT: in phase 1, each side's d6/d10 plus its commander's modifier; ties roll again. */
function initiative(s: BattleState, ctx: DecideContext): BattleEvent[] {
  checkPhase(s, 'MED-INIT', 'Initiative is rolled');
  const sides = Object.values(s.sides);
  // Side A and side B (MED-SEQ.1) make initiative a roll between two sides.
  if (sides.length !== 2) refuse(`Initiative decides which of two sides is A and which B (MED-SEQ.1); this battle has ${sides.length} side(s).`);
  const done = med(s).initiative;
  if (done?.turn === s.position.turn) refuse(`Initiative for turn ${s.position.turn} has been rolled: ${sideName(s, done.winner)} won (MED-INIT).`);
  const dice = needDice(ctx.dice);
  const { value: outcome, dice: used } = dice.take((d) =>
    rollInitiative({
      sides: sides.map((x) => ({ side: x.name, ...(med(s).commanders[x.id] ? { commander: med(s).commanders[x.id] } : {}) })),
      dice: d,
      pack,
      die: options(s).initiativeDie ?? pack.options.initiativeDie,
    }),
  );
  const winner = sides.find((x) => x.name === outcome.winner)!;
  return [{ type: 'MedievalInitiativeRolled', data: { turn: s.position.turn, winnerSideId: winner.id, outcome, dice: used } }];
}

/** MED-SEQ.1, MED-INIT.4: the winner chooses to be side A or B this Game Turn. */
function chooseSide(s: BattleState, as: 'A' | 'B', actor: string): BattleEvent[] {
  if (as !== 'A' && as !== 'B') refuse(`Choose side A or B (got "${String(as)}") (MED-SEQ.1).`);
  const won = med(s).initiative;
  if (won?.turn !== s.position.turn) refuse(`Initiative has not been rolled for turn ${s.position.turn}: /initiative roll first (MED-SEQ.1).`);
  const chosen = med(s).sides;
  if (chosen?.turn === s.position.turn) refuse(`${sideName(s, won.winner)} has chosen already this turn: side A ${sideName(s, chosen.a)}, side B ${sideName(s, chosen.b)}.`);
  if (!isGm(s, actor) && !playsSide(s, actor, won.winner)) refuse(`${sideName(s, won.winner)} won the initiative: its players (or a GM) choose A or B (MED-INIT.4).`);
  const other = Object.keys(s.sides).find((id) => id !== won.winner)!;
  const [a, b] = as === 'A' ? [won.winner, other] : [other, won.winner];
  return [{ type: 'MedievalSideChosen', data: { turn: s.position.turn, sideId: won.winner, as, a, b } }];
}

/**
 * MED-SEQ.2: the weather changes at the start of every twelfth Game Turn; the rules that roll it are
 * not in the source, so a GM records the result. Also taken on turn 1, the scenario's weather (the
 * source says nothing of it); refused at any other time.
 */
function weather(s: BattleState, a: Extract<MedievalAction, { type: 'MedievalRecordWeather' }>): BattleEvent[] {
  const { turn } = s.position;
  const due = turn === 1 || (phaseId(s.position) === 'MED-SEQ.2' && weatherRollDue(turn));
  if (!due) {
    const next = weatherRollDue(turn) && s.position.phase < 1 ? turn : (Math.floor(turn / 12) + 1) * 12;
    refuse(`The weather changes at the start of every twelfth Game Turn, in phase 2 (MED-SEQ.2): next in turn ${next}. The scenario's weather may be recorded in turn 1.`);
  }
  const clean = (what: string, v: string) => {
    const t = v.trim();
    if (!t || t.length > 60) refuse(`Give the ${what} in a few words (1 to 60 characters).`);
    return t;
  };
  if (a.rain !== undefined && !RAIN.includes(a.rain)) refuse(`Rain or snow is none, light or heavy (got "${String(a.rain)}") (MED-FIRE-MOD.18, .20).`);
  return [
    {
      type: 'MedievalWeatherRecorded',
      data: {
        turn,
        weather: clean('weather', a.weather),
        windStrength: clean('wind strength', a.windStrength),
        windDirection: clean('wind direction', a.windDirection),
        ...(a.rain !== undefined ? { rain: a.rain } : {}),
      },
    },
  ];
}

/** MED-FIRE with MED-RANGE, MED-FIRE-MOD (derived from the log where it can be) and MED-RANGE.9. */
function fire(s: BattleState, a: Extract<MedievalAction, { type: 'MedievalFire' }>, ctx: DecideContext): BattleEvent[] {
  const firer = findUnit(s, a.firer);
  const target = findUnit(s, a.target);
  checkActsFor(s, ctx.actor, firer, 'fire with it');
  checkPhase(s, 'MED-FIRE', 'Units fire');
  const at = s.position;
  const pid = phaseId(at);
  const firerSide = unitSideId(s, firer);
  const letter = letterOf(s, firerSide);
  if (FIRING_SIDE[pid] !== letter) {
    refuse(`In phase ${pid.replace('MED-SEQ.', '')} side ${FIRING_SIDE[pid]} fires (${pid}); ${firer.name} is side ${letter} (${sideName(s, firerSide)}) this turn.`);
  }
  if (firer.id === target.id) refuse(`${firer.name} cannot fire at itself.`);
  if (unitSideId(s, target) === firerSide) refuse(`${firer.name} and ${target.name} are both ${sideName(s, firerSide)}'s; fire at an enemy unit.`);
  const weapon = firer.attrs.weapon === undefined ? refuse(`${firer.name} has no missile weapon: set one with /unit set unit:"${firer.name}" weapon:... (MED-RANGE).`) : String(firer.attrs.weapon);
  const armour = target.attrs.armour === undefined ? refuse(`${target.name} has no armour grade, the column of the Firing Chart: set it with /unit set unit:"${target.name}" armour:... (MED-FIRE).`) : String(target.attrs.armour);
  const st = unitStatus(s, firer.id);
  if (st.routing) refuse(`${firer.name} is routing: a routing unit may not fire its weapons (MED-MORALE-EFFECTS.1b).`);
  if (samePhase(st.firedAt, at)) refuse(`${firer.name} has fired in this phase already: a unit moves and fires once in its phase (MED-SEQ.11, .12).`);
  const effect = st.morale?.at.turn === at.turn ? st.morale : undefined;
  if (effect?.mayFire === 'no') refuse(`${firer.name} fell back (${effect.name}, ${phaseText(effect.at)}) and may not fire this Game Turn (${effect.rules.join(', ')}).`);
  const targetLeft = figuresNow(s, target);
  if (targetLeft === 0) refuse(`${target.name} has no figures left.`);

  const artillery = rangeRow(weapon, pack).artillery;
  let figures: number;
  let why: string;
  if (artillery) {
    if (st.gunsAbandoned) refuse(`${firer.name} has abandoned its guns (MED-MORALE-EFFECTS.1c, .2c); a GM can record them manned again with /morale set.`);
    const cannon = firer.attrs.cannon === undefined ? refuse(`${firer.name} fires artillery but has no gun models: set them with /unit set unit:"${firer.name}" cannon:N (MED-FIRE.1).`) : Number(firer.attrs.cannon);
    const lost = st.gunsLost ?? 0;
    const misfired = st.misfired?.turn === at.turn ? st.misfired.guns : 0;
    const ready = cannon - lost - misfired;
    const reasons = [lost ? `${lost} exploded` : '', misfired ? `${misfired} misfired this turn and can't re-fire until next Game Turn` : ''].filter(Boolean).join('; ');
    if (ready <= 0) refuse(`${firer.name} has no gun that can fire: ${reasons} (MED-RANGE.9).`);
    if (a.figures !== undefined && a.figures > ready) refuse(`${firer.name} has ${ready} gun${ready === 1 ? '' : 's'} that can fire (${cannon} models; ${reasons}) (MED-RANGE.9); ${a.figures} asked.`);
    figures = a.figures ?? ready;
    why = `${figures} gun model${figures === 1 ? '' : 's'} of ${cannon}${reasons ? ` (${reasons})` : ''}: one d10 per gun (MED-FIRE.1)`;
  } else {
    const now = figuresNow(s, firer);
    // MED-SEQ.12: side B's figures "shot" in phase 11 still fire in phase 12.
    const shot = pid === 'MED-SEQ.12' && st.shot?.turn === at.turn && MEDIEVAL_PHASES[st.shot.phase]?.id === 'MED-SEQ.11' ? st.shot.figures : 0;
    let max = now + shot;
    let whyMax = shot ? `${now} figures and the ${shot} shot in phase 11, who still fire (MED-SEQ.12)` : `${now} figures`;
    // MED-MORALE-EFFECTS.3b: skirmishers falling back in good order fire at half headcount (rounded down: the source gives no rounding).
    if (effect?.mayFire === 'half') {
      max = Math.floor(max / 2);
      whyMax += `, half headcount after falling back in good order (${effect.rules.join(', ')}): ${max}`;
    }
    if (max === 0) refuse(`${firer.name} has no figures that can fire (${whyMax}).`);
    if (a.figures !== undefined && a.figures > max) refuse(`${firer.name} can fire at most ${max} figures (${whyMax}); ${a.figures} asked.`);
    figures = a.figures ?? max;
    const limited = shot > 0 || effect?.mayFire === 'half';
    why = a.figures !== undefined ? `${figures} figures firing, as given (of ${whyMax})` : limited ? `${figures} figures firing (${whyMax})` : `${figures} figures firing, all it has`;
  }

  if (a.range !== undefined && a.band !== undefined) refuse('Give the measured range or the range band, not both (MED-RANGE).');
  if (a.measure !== undefined && a.range === undefined) refuse(`The unit (${a.measure}) is the measured range's; give the range too, or only the band (MED-RANGE).`);
  if (a.range === undefined && a.band === undefined) refuse(`Give the range measured from ${firer.name} to ${target.name} (range:12 unit:in) or its band (band:short) (MED-RANGE).`);
  if (a.band !== undefined && !BANDS.includes(a.band)) refuse(`The range band is short, medium or long (got "${a.band}") (MED-RANGE).`);
  const range = a.range !== undefined ? rangeBand(weapon, a.range, a.measure ?? 'in', pack) : null;
  const band = range?.band ?? a.band!;

  const prevVolleys = st.volleys;
  // MED-FIRE-MOD.8: the unit's run of volleys counts Game Turns in a row in which it fired.
  const volley = prevVolleys?.turn === at.turn ? prevVolleys.run : prevVolleys?.turn === at.turn - 1 ? prevVolleys.run + 1 : 1;
  const firedOn = st.firedOn;
  const gunpowder = pack.fire.gunpowder.includes(weapon.trim().toLowerCase());
  const rain = med(s).weather?.rain;
  const derived: FireDerived = {
    ...(firer.attrs.class !== undefined ? { firerClass: String(firer.attrs.class) as TroopClass } : {}),
    firerArm: String(firer.attrs.arm),
    consecutiveVolley: volley,
    firstGunpowderShot: gunpowder && !st.firedGunpowder,
    // MED-FIRE-MOD.9 "this move or last": a move is a Game Turn, so fire in phase 12 still counts in the next turn's phase 11.
    firerUnderFire: firedOn !== undefined && at.turn - firedOn.turn <= 1,
    targetMoving: a.targetMoving ?? false,
    ...(rain !== undefined ? { rain } : {}),
    target: {
      arm: String(target.attrs.arm),
      ...(target.attrs.order !== undefined ? { order: String(target.attrs.order) } : {}),
      ...(target.attrs.formation !== undefined ? { formation: String(target.attrs.formation) } : {}),
    },
  };
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    resolveFire({
      weapon,
      figures,
      band,
      targetArmour: armour as Armour,
      ...(a.modifiers ? { modifiers: a.modifiers } : {}),
      derived,
      ...(a.score !== undefined ? { chartScore: a.score } : {}),
      gm: isGm(s, ctx.actor),
      dice: d,
      pack,
      options: { ...(options(s).partDice !== undefined ? { partDice: options(s).partDice } : {}) },
    }),
  );
  const losses = Math.min(o.kills, targetLeft);
  const gunsExploded = o.artillery?.throws.filter((t) => t.result === 'explodes').length ?? 0;
  const gunsMisfired = o.artillery?.throws.filter((t) => t.result === 'misfire').length ?? 0;
  const outcome: MedievalFireOutcome = {
    ...o,
    firer: firer.name,
    target: target.name,
    range,
    band,
    firing: { figures, why },
    derived,
    applied: { losses, figuresLeft: targetLeft - losses, gunsExploded, gunsMisfired },
  };
  return [{ type: 'MedievalFireResolved', data: { firerId: firer.id, targetId: target.id, at, volley, gunpowder, outcome, dice: used } }];
}

/**
 * MED-MELEE, MED-SEQ.13: one /melee resolves one round between two units, both sides' figures
 * fighting at once (the kills of each side are rolled from the figures it had when the round began,
 * then applied to both). Automatic kills and part dice as the battle's options (MED-AUTOKILL,
 * MED-PARTDICE). Who won the round the source does not say, so the umpire does not declare it.
 */
function melee(s: BattleState, a: Extract<MedievalAction, { type: 'MedievalMelee' }>, ctx: DecideContext): BattleEvent[] {
  checkPhase(s, 'MED-MELEE', 'Melee is resolved');
  const att = findUnit(s, a.attacker.unit);
  const def = findUnit(s, a.defender.unit);
  if (att.id === def.id) refuse(`${att.name} cannot fight itself.`);
  if (unitSideId(s, att) === unitSideId(s, def)) refuse(`${att.name} and ${def.name} are both ${sideName(s, unitSideId(s, att))}'s; a melee is between enemy units.`);
  if (![att, def].some((u) => actsFor(s, ctx.actor, u))) refuse(`Only the players of ${att.name} or ${def.name}, or a GM, may resolve their melee.`);
  const prepare = (u: Unit, input: MeleeSideInput, enemy: Unit) => {
    const now = figuresNow(s, u);
    if (now === 0) refuse(`${u.name} has no figures left.`);
    if (input.figures !== undefined && input.figures > now) refuse(`${u.name} has ${now} figures; ${input.figures} cannot fight.`);
    if (u.attrs.melee_weapon === undefined) refuse(`${u.name} has no hand weapon: set it with /unit set unit:"${u.name}" melee_weapon:... (MED-MELEE).`);
    if (enemy.attrs.armour === undefined) refuse(`${enemy.name} has no armour grade, the column of the Melee Chart: set it with /unit set unit:"${enemy.name}" armour:... (MED-MELEE).`);
    const derived: MeleeDerived = {
      charging: input.charging ?? false,
      impetuous: unitStatus(s, u.id).impetuous !== undefined,
      pushedBack: input.pushedBack ?? false,
      arm: String(u.attrs.arm),
      opponents: {
        arm: String(enemy.attrs.arm),
        ...(enemy.attrs.order !== undefined ? { order: String(enemy.attrs.order) } : {}),
        ...(enemy.attrs.melee_weapon !== undefined ? { weapon: String(enemy.attrs.melee_weapon) } : {}),
      },
    };
    return { u, enemy, input, figures: input.figures ?? now, derived };
  };
  const sides = [prepare(att, a.attacker, def), prepare(def, a.defender, att)] as const;
  const dice = needDice(ctx.dice);
  const { value: outcomes, dice: used } = dice.take((d) =>
    sides.map((p) =>
      resolveMelee({
        weapon: String(p.u.attrs.melee_weapon),
        grade: String(p.u.attrs.class) as TroopClass,
        // Cavalry, and mounted infantry fighting on horseback (MED-MELEE-MOD.8), use the mounted rows.
        mounted: p.u.attrs.arm === 'cavalry' || p.u.attrs.arm === 'mounted infantry',
        figures: p.figures,
        targetArmour: String(p.enemy.attrs.armour) as Armour,
        ...(p.input.modifiers ? { modifiers: p.input.modifiers } : {}),
        derived: p.derived,
        ...(p.input.score !== undefined ? { chartScore: p.input.score } : {}),
        gm: isGm(s, ctx.actor),
        dice: d,
        pack,
        options: { autokill: options(s).autokill ?? false, partDice: options(s).partDice ?? false },
      }),
    ),
  );
  const side = (i: 0 | 1): MeleeSideOutcome => {
    const p = sides[i];
    const o = outcomes[i]!;
    const enemyNow = figuresNow(s, p.enemy);
    const losses = Math.min(o.kills, enemyNow);
    return { ...o, unit: p.u.name, figures: p.figures, derived: p.derived, applied: { losses, enemyFiguresLeft: enemyNow - losses } };
  };
  const attacker = side(0);
  const defender = side(1);
  const outcome: MedievalMeleeOutcome = {
    rule: 'MED-MELEE',
    attacker,
    defender,
    dice: [...attacker.dice, ...defender.dice],
    steps: [
      `${att.name}, ${attacker.figures} figures, against ${def.name}:`,
      ...attacker.steps,
      `${def.name}, ${defender.figures} figures, against ${att.name}:`,
      ...defender.steps,
      `Both sides strike at once (MED-SEQ.13): ${def.name} loses ${attacker.applied.losses} (${attacker.applied.enemyFiguresLeft} left), ${att.name} loses ${defender.applied.losses} (${defender.applied.enemyFiguresLeft} left).`,
    ],
  };
  return [{ type: 'MedievalMeleeResolved', data: { attackerId: att.id, defenderId: def.id, at: s.position, outcome, dice: used } }];
}

const CONTROL_RETEST = 'MED-CONTROL.6';

/** MED-CONTROL in phase 16 (MED-SEQ.16); a failed unit is impetuous until a later retest passes. */
function control(s: BattleState, a: Extract<MedievalAction, { type: 'MedievalControlTest' }>, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, 'test it');
  checkPhase(s, 'MED-CONTROL', 'Control Tests are taken');
  const st = unitStatus(s, u.id);
  if (a.reason === CONTROL_RETEST) {
    if (!st.impetuous) refuse(`${u.name} is not impetuous: only a unit that failed its Control Test retakes it (${CONTROL_RETEST}).`);
    if (st.impetuous.since.turn === s.position.turn) refuse(`${u.name} failed its Control Test this turn; it may retake it in phase 16 of a later Game Turn (MED-CONTROL-RESULT.3).`);
  } else if (st.impetuous) {
    refuse(`${u.name} is impetuous already (failed in ${phaseText(st.impetuous.since)}); its test now is the retest, reason ${CONTROL_RETEST} (MED-CONTROL-RESULT.3).`);
  }
  if (figuresNow(s, u) === 0) refuse(`${u.name} has no figures left.`);
  const tenths = lossesTenths(s, u);
  const modifiers = a.rashCommander ? (a.modifiers ?? []).map((m) => ({ ...m, commander: 'Rash' as const })) : a.modifiers;
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    controlTest({ reason: a.reason, unit: testingUnit(s, u), ...(modifiers ? { modifiers } : {}), derived: { lossesTenths: tenths }, gm: isGm(s, ctx.actor), dice: d, pack }),
  );
  return [{ type: 'MedievalControlTested', data: { unitId: u.id, at: s.position, outcome: { ...o, unit: u.name, lossesTenths: tenths }, dice: used } }];
}

/**
 * MED-MORALE: one test per unit per phase for the highest-priority reason (MED-MORALE.3), in the
 * phases the sequence gives morale tests to the unit's side; the effect is applied to the unit.
 * Whether the unit is charging or advancing already (MED-MORALE-EFFECTS.4a, .5a) is read from the
 * factors chosen, MED-MORALE-MOD.13 and .15.
 */
function morale(s: BattleState, a: Extract<MedievalAction, { type: 'MedievalMoraleTest' }>, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, 'test it');
  checkPhase(s, 'MED-MORALE', 'Morale Tests are taken');
  const pid = phaseId(s.position);
  const testing = MORALE_SIDE[pid];
  if (testing) {
    const letter = letterOf(s, unitSideId(s, u));
    if (letter !== testing) refuse(`In phase ${pid.replace('MED-SEQ.', '')} side ${testing}'s units test (${pid}); ${u.name} is side ${letter} this turn.`);
  }
  const st = unitStatus(s, u.id);
  if (samePhase(st.morale?.at, s.position)) {
    refuse(`${u.name} has taken its one Morale Test of this phase already (${st.morale!.name}); a unit makes only ONE test in a game phase, for all its reasons at once (MED-MORALE.3).`);
  }
  if (figuresNow(s, u) === 0) refuse(`${u.name} has no figures left.`);
  // An intent (receive, evade, rally, restore) goes with the reasons whose column depends on it (MED-MORALE-REASONS.3, .10).
  const intents = [...new Set(a.reasons.flatMap((r) => (r.intent ? [r.intent] : [])))];
  const reasons = a.reasons.map(({ id, intent }) => {
    const row = pack.morale.reasons.find((r) => r.id === id);
    return intent && row?.columnByIntent?.[intent] !== undefined ? { id, intent } : { id };
  });
  for (const intent of intents) {
    if (!reasons.some((r) => 'intent' in r && r.intent === intent)) {
      const takers = pack.morale.reasons.filter((r) => r.columnByIntent?.[intent] !== undefined).map((r) => r.id);
      refuse(`"${intent}" is what a unit means to do for ${takers.join(' or ')}; none of the reasons given takes it.`);
    }
  }
  const chosen = a.modifiers ?? [];
  const unit: TestingUnit = {
    ...testingUnit(s, u),
    ...(chosen.some((m) => m.id === 'MED-MORALE-MOD.13') ? { charging: true } : {}),
    ...(chosen.some((m) => m.id === 'MED-MORALE-MOD.15') ? { advancing: true } : {}),
  };
  const derived: MoraleDerived = {
    lossesTenths: lossesTenths(s, u),
    commanderDead: a.commanderDead ?? false,
    friendsRoutingNearby: a.friendsRouting ?? 0,
    impetuous: st.impetuous !== undefined,
    firedRecently: st.volleys !== undefined && st.volleys.turn >= s.position.turn - 1,
  };
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) => moraleTest({ reasons, unit, modifiers: chosen, derived, gm: isGm(s, ctx.actor), dice: d, pack }));
  return [{ type: 'MedievalMoraleTested', data: { unitId: u.id, at: s.position, outcome: { ...o, unit: u.name, derived }, dice: used } }];
}

/** What the log cannot know: disorder from terrain (MED-TERRAIN), a rally or reform on the table, guns manned again. */
function setStatus(s: BattleState, a: Extract<MedievalAction, { type: 'MedievalSetStatus' }>): BattleEvent[] {
  const u = findUnit(s, a.unit);
  const st = unitStatus(s, u.id);
  const data: Extract<MedievalEvent, { type: 'MedievalStatusSet' }>['data'] = { unitId: u.id };
  if (a.disordered !== undefined && a.disordered !== !!st.disordered) data.disordered = a.disordered;
  if (a.routing !== undefined && a.routing !== !!st.routing) data.routing = a.routing;
  if (a.gunsAbandoned !== undefined) {
    if (u.attrs.arm !== 'artillery') refuse(`${u.name} is not artillery; it has no guns to abandon.`);
    if (a.gunsAbandoned !== !!st.gunsAbandoned) data.gunsAbandoned = a.gunsAbandoned;
  }
  if (Object.keys(data).length === 1) refuse(`Nothing to change: ${u.name} is ${statusWords(st) || 'in good order'} already.`);
  return [{ type: 'MedievalStatusSet', data }];
}

// ---------------------------------------------------------------------------------------------
// What falls due, and the state.

/** A move through the sequence: what falls due on entering the phase (added to PhaseAdvanced's due list). */
export function medievalAdvance(s: BattleState, next: Advance): Advance {
  // MED-SEQ.1: the turn's sides A and B are settled before anything else happens in it.
  if (phaseId(s.position) === 'MED-SEQ.1' && Object.keys(s.sides).length === 2 && med(s).sides?.turn !== s.position.turn) {
    refuse(`Sides A and B are not chosen for turn ${s.position.turn}: /initiative roll, then the winner's /initiative choose (MED-SEQ.1), before the turn goes on.`);
  }
  return { ...next, due: [...next.due, ...medievalDue(s, next.to)] };
}

function medievalDue(s: BattleState, to: TurnPosition): string[] {
  const pid = phaseId(to);
  const out: string[] = [];
  const names = (ids: string[]) => ids.map((id) => s.units[id]?.name ?? id).join(', ');
  const statuses = Object.entries(med(s).units).filter(([id]) => s.units[id]);
  if (pid === 'MED-SEQ.1') {
    const cmd = Object.values(s.sides).map((x) => `${x.name} ${med(s).commanders[x.id] ? `${med(s).commanders[x.id]} (${signed(pack.initiative.commanders[med(s).commanders[x.id]!])})` : 'no commander modifier'}`);
    out.push(`initiative: /initiative roll, d${options(s).initiativeDie ?? pack.options.initiativeDie} each plus the commander's modifier (MED-INIT): ${cmd.join('; ')}`);
  }
  const chosen = med(s).sides;
  if (/\(side [AB]\)$/.test(phaseDef(to)?.name ?? '')) {
    out.push(
      chosen?.turn === to.turn
        ? `this turn side A is ${sideName(s, chosen.a)}, side B is ${sideName(s, chosen.b)} (MED-SEQ.1)`
        : `sides A and B are not chosen for turn ${to.turn}: /initiative roll, then the winner's /initiative choose (MED-SEQ.1)`,
    );
  }
  const firing = FIRING_SIDE[pid];
  if (firing && chosen?.turn === to.turn) {
    const name = sideName(s, firing === 'A' ? chosen.a : chosen.b);
    const reacting = pid === 'MED-SEQ.8' || pid === 'MED-SEQ.9' ? `fires in this phase, reacting to side ${firing === 'A' ? 'B' : 'A'}'s charges` : 'moves and fires in this phase';
    out.push(`firing: side ${firing}, ${name}, ${reacting} (${pid})`);
  }
  if (pid === 'MED-SEQ.2' && weatherRollDue(to.turn)) out.push('the weather rules are not in the source: roll them as agreed and a GM records the result with /weather set');
  if (pid === 'MED-SEQ.3') {
    const routing = statuses.filter(([, st]) => st.routing).map(([id]) => id);
    const fallBack = statuses.filter(([, st]) => st.morale?.at.turn === to.turn - 1 && st.morale.result.startsWith('fall-back')).map(([id]) => id);
    const impetuous = statuses.filter(([, st]) => st.impetuous).map(([id]) => id);
    if (routing.length) out.push(`routing, moves back at its March Rate plus d10 (MED-MORALE-EFFECTS.1a): ${names(routing)}`);
    if (fallBack.length) out.push(`falling back after last turn's Morale Test (MED-SEQ.3): ${names(fallBack)}`);
    if (impetuous.length) out.push(`impetuous, must pursue or follow up (MED-CONTROL-RESULT.2): ${names(impetuous)}`);
  }
  if (pid === 'MED-SEQ.16') {
    const retest = statuses.filter(([, st]) => st.impetuous && st.impetuous.since.turn < to.turn).map(([id]) => id);
    if (retest.length) out.push(`impetuous units may retake their Control Test, reason MED-CONTROL.6 (MED-CONTROL-RESULT.3): ${names(retest)}`);
  }
  return out;
}

function setUnit(d: BattleState, unitId: string, change: (st: MedievalUnitStatus) => MedievalUnitStatus) {
  const st = med(d).units[unitId] ?? { losses: 0 };
  d.rules = { ...med(d), units: { ...med(d).units, [unitId]: change(st) } };
}

const addLosses = (st: MedievalUnitStatus, n: number): MedievalUnitStatus => (n ? { ...st, losses: st.losses + n } : st);

/** Any event's effect on the medieval state (its own events, phase changes, units removed); replaces, never mutates. */
export function applyMedievalEvent(d: BattleState, e: BattleEvent): void {
  switch (e.type) {
    case 'UnitRemoved': {
      if (!med(d).units[e.data.unitId]) return;
      const { [e.data.unitId]: _gone, ...units } = med(d).units;
      d.rules = { ...med(d), units };
      return;
    }
    case 'MedievalCommanderSet': {
      const { [e.data.sideId]: _old, ...rest } = med(d).commanders;
      d.rules = { ...med(d), commanders: e.data.commander ? { ...rest, [e.data.sideId]: e.data.commander } : rest };
      return;
    }
    case 'MedievalInitiativeRolled':
      d.rules = { ...med(d), initiative: { turn: e.data.turn, winner: e.data.winnerSideId } };
      return;
    case 'MedievalSideChosen':
      d.rules = { ...med(d), sides: { turn: e.data.turn, a: e.data.a, b: e.data.b } };
      return;
    case 'MedievalWeatherRecorded':
      d.rules = { ...med(d), weather: { ...e.data } };
      return;
    case 'MedievalFireResolved': {
      const { firerId, targetId, at, volley, gunpowder, outcome } = e.data;
      const { gunsExploded, gunsMisfired, losses } = outcome.applied;
      setUnit(d, firerId, (st) => ({
        ...st,
        firedAt: at,
        volleys: { turn: at.turn, run: volley },
        ...(gunpowder ? { firedGunpowder: true } : {}),
        ...(gunsExploded ? { gunsLost: (st.gunsLost ?? 0) + gunsExploded } : {}),
        ...(gunsMisfired ? { misfired: { turn: at.turn, guns: (st.misfired?.turn === at.turn ? st.misfired.guns : 0) + gunsMisfired } } : {}),
      }));
      setUnit(d, targetId, (st) => ({
        ...addLosses(st, losses),
        firedOn: at,
        shot: { turn: at.turn, phase: at.phase, figures: (samePhase(st.shot, at) ? st.shot!.figures : 0) + losses },
      }));
      return;
    }
    case 'MedievalMeleeResolved':
      setUnit(d, e.data.defenderId, (st) => addLosses(st, e.data.outcome.attacker.applied.losses));
      setUnit(d, e.data.attackerId, (st) => addLosses(st, e.data.outcome.defender.applied.losses));
      return;
    case 'MedievalControlTested': {
      const o = e.data.outcome;
      setUnit(d, e.data.unitId, (st) => {
        const { impetuous: _was, ...rest } = st;
        if (!o.passed) return st.impetuous ? st : { ...st, impetuous: { since: e.data.at, reason: o.reason.id } };
        return o.reason.id === CONTROL_RETEST ? rest : st;
      });
      return;
    }
    case 'MedievalMoraleTested': {
      const fx = e.data.outcome.effect;
      setUnit(d, e.data.unitId, (st) => ({
        ...st,
        ...(fx.disordered === true ? { disordered: true } : {}),
        routing: fx.routing ? true : fx.rallied ? false : !!st.routing,
        ...(fx.abandonGuns ? { gunsAbandoned: true } : {}),
        morale: {
          result: fx.result,
          name: fx.name,
          rules: fx.rules,
          advance: fx.advance,
          mayFire: fx.mayFire,
          at: e.data.at,
          ...(fx.routsOnContact ? { routsOnContact: true } : {}),
        },
      }));
      return;
    }
    case 'MedievalStatusSet': {
      const { unitId: _id, ...change } = e.data;
      setUnit(d, e.data.unitId, (st) => ({ ...st, ...change }));
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Words for the log and the views.

const lines = (head: string, steps: string[]) => [head, ...steps.map((x) => `• ${x}`)].join('\n');

const rainText = (rain: Rain | undefined) => (rain === 'light' || rain === 'heavy' ? `; ${rain} rain or snow: fire ${rain === 'light' ? 'MED-FIRE-MOD.18' : 'MED-FIRE-MOD.20'}` : '');

export function describeMedievalEvent(e: MedievalEvent, s: BattleState): string {
  switch (e.type) {
    case 'MedievalCommanderSet':
      return `${sideName(s, e.data.sideId)}'s army commander: ${e.data.commander ? `${e.data.commander}, initiative ${signed(pack.initiative.commanders[e.data.commander])} (MED-INIT.2, MED-CMDR.2)` : 'none, no initiative modifier'}`;
    case 'MedievalInitiativeRolled':
      return lines(`initiative for turn ${e.data.turn} (MED-INIT, d${e.data.outcome.die}): ${sideName(s, e.data.winnerSideId)} wins and chooses to be side A or B with /initiative choose`, e.data.outcome.steps);
    case 'MedievalSideChosen':
      return `${sideName(s, e.data.sideId)} chooses to be side ${e.data.as} for turn ${e.data.turn}: side A ${sideName(s, e.data.a)}, side B ${sideName(s, e.data.b)} (MED-SEQ.1)`;
    case 'MedievalWeatherRecorded':
      return `weather from turn ${e.data.turn}: ${e.data.weather}; wind ${e.data.windStrength}, from ${e.data.windDirection}${rainText(e.data.rain)} (MED-SEQ.2; recorded by a GM, the weather rules are not in the source)`;
    case 'MedievalFireResolved': {
      const o = e.data.outcome;
      const extra = [
        `${o.target} loses ${o.applied.losses} figure${o.applied.losses === 1 ? '' : 's'}${o.applied.losses < o.kills ? ` (${o.kills} kills, more than it had)` : ''}: ${o.applied.figuresLeft} left.`,
        ...(o.applied.gunsExploded ? [`${o.firer} loses ${o.applied.gunsExploded} gun${o.applied.gunsExploded === 1 ? '' : 's'} (exploded, MED-RANGE.9).`] : []),
        ...(o.applied.gunsMisfired ? [`${o.applied.gunsMisfired} gun${o.applied.gunsMisfired === 1 ? '' : 's'} of ${o.firer} misfired: can't re-fire until turn ${e.data.at.turn + 1} (MED-RANGE.9).`] : []),
      ];
      return lines(`${o.firer} fires at ${o.target} (MED-FIRE): ${o.kills} kill${o.kills === 1 ? '' : 's'}`, [...(o.range?.steps ?? [`${o.band} range, as given.`]), `${o.firing.why}.`, ...o.steps, ...extra]);
    }
    case 'MedievalMeleeResolved': {
      const o = e.data.outcome;
      return lines(`melee (MED-MELEE): ${o.attacker.unit} ${o.attacker.kills} kill${o.attacker.kills === 1 ? '' : 's'}, ${o.defender.unit} ${o.defender.kills} kill${o.defender.kills === 1 ? '' : 's'}`, o.steps);
    }
    case 'MedievalControlTested': {
      const o = e.data.outcome;
      return lines(`${o.unit} takes a Control Test (MED-CONTROL): ${o.passed ? 'passed' : 'failed, impetuous'}`, [
        ...o.steps,
        ...(o.passed && o.reason.id === CONTROL_RETEST ? [`${o.unit} is no longer impetuous.`] : []),
      ]);
    }
    case 'MedievalMoraleTested': {
      const o = e.data.outcome;
      return lines(`${o.unit} takes a Morale Test (MED-MORALE): ${o.effect.name}`, [...o.steps, ...o.effect.text]);
    }
    case 'MedievalStatusSet': {
      const { unitId, ...change } = e.data;
      const words = Object.entries(change).map(([k, v]) => `${k === 'gunsAbandoned' ? 'guns abandoned' : k} ${v ? 'yes' : 'no'}`);
      return `${s.units[unitId]?.name ?? unitId}: ${words.join(', ')} (recorded by a GM)`;
    }
  }
}

function statusWords(st: MedievalUnitStatus): string {
  return [st.routing ? 'routing' : '', st.disordered ? 'disordered' : '', st.gunsAbandoned ? 'guns abandoned' : ''].filter(Boolean).join(', ');
}

/** Lines for /unit show. */
export function medievalUnitLines(s: BattleState, unitId: string): string[] {
  const u = s.units[unitId];
  if (!u) return [];
  const st = unitStatus(s, u.id);
  const out = [`figures ${figuresNow(s, u)} of ${startFigures(u)}${st.losses ? ` (${st.losses} lost)` : ''}`];
  if (u.attrs.cannon !== undefined) {
    const cannon = Number(u.attrs.cannon);
    const misfired = st.misfired?.turn === s.position.turn ? st.misfired.guns : 0;
    out.push(
      `guns ${cannon - (st.gunsLost ?? 0)} of ${cannon}${st.gunsLost ? ` (${st.gunsLost} exploded)` : ''}${misfired ? `; ${misfired} misfired, can't re-fire until turn ${s.position.turn + 1} (MED-RANGE.9)` : ''}`,
    );
  }
  const words = statusWords(st);
  if (words) out.push(words);
  if (st.impetuous) out.push(`impetuous since ${phaseText(st.impetuous.since)} (${st.impetuous.reason}): retakes its Control Test in phase 16 (MED-CONTROL-RESULT.3)`);
  if (st.morale) {
    const m = st.morale;
    const limits = [m.advance === 'none' ? 'no advance' : m.advance === 'half' ? 'half speed advance' : '', m.mayFire === 'no' ? 'may not fire' : m.mayFire === 'half' ? 'fires at half headcount' : '', m.routsOnContact ? 'routs when the enemy makes contact' : ''].filter(Boolean);
    out.push(`last Morale Test: ${m.name}, ${phaseText(m.at)}${limits.length ? ` — ${limits.join(', ')}` : ''}${m.rules.length ? ` (${m.rules.join(', ')})` : ''}`);
  }
  if (st.volleys && pack.fire.bowmen.includes(String(u.attrs.weapon))) out.push(`volleys in a row: ${st.volleys.run} to turn ${st.volleys.turn} (MED-FIRE-MOD.8 from the 4th)`);
  return out;
}

/** Lines for /battle status: sides A and B, commanders, the weather. */
export function medievalStatusLines(s: BattleState): string[] {
  const m = med(s);
  const out: string[] = [];
  if (m.sides?.turn === s.position.turn) out.push(`Side A this turn: ${sideName(s, m.sides.a)}; side B: ${sideName(s, m.sides.b)} (MED-SEQ.1)`);
  else if (m.initiative?.turn === s.position.turn) out.push(`${sideName(s, m.initiative.winner)} won the initiative and has yet to choose side A or B (/initiative choose)`);
  const cmd = Object.entries(m.commanders).map(([id, c]) => `${sideName(s, id)} ${c}`);
  if (cmd.length) out.push(`Army commanders: ${cmd.join(', ')} (MED-CMDR)`);
  if (m.weather) out.push(`Weather: ${m.weather.weather}; wind ${m.weather.windStrength}, from ${m.weather.windDirection}${rainText(m.weather.rain)} (since turn ${m.weather.turn}, MED-SEQ.2)`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Input syntax shared by the slash commands.

const TOKEN = /^(-)?(?:(MED-[A-Z-]+)\.)?(\d+)(?:x(\d+))?(?:=([+-]?\d+))?$/i;

/**
 * Modifiers by id, separated by spaces or commas: `MED-FIRE-MOD.12` or just `12`; `x2` after an id
 * counts an "each" row (`MED-MORALE-MOD.4x2`); `=+2` gives a value the source lost (`26=+2`); a
 * leading `-` drops a modifier the umpire derived (`-9`), a GM's ruling.
 */
export function parseModifierList(text: string | undefined, table: string): ModifierChoice[] {
  if (text === undefined) return [];
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((token) => {
      const m = TOKEN.exec(token) ?? refuse(`"${token}" is not a modifier: give ${table} ids such as ${table}.3, or their numbers, with x2 for a count, =+1 for a value and a leading - to drop a derived one (see /ref modifiers).`);
      if (m[2] !== undefined && m[2].toUpperCase() !== table) refuse(`${token} is not a ${table} modifier.`);
      if (m[1] !== undefined && (m[4] !== undefined || m[5] !== undefined)) refuse(`${token}: a dropped modifier takes no count or value.`);
      return {
        id: `${table}.${Number(m[3])}`,
        ...(m[1] !== undefined ? { exclude: true } : {}),
        ...(m[4] !== undefined ? { count: Number(m[4]) } : {}),
        ...(m[5] !== undefined ? { value: Number(m[5]) } : {}),
      };
    });
}

/** Reasons by id or number, separated by spaces or commas (`MED-MORALE-REASONS.4 8`). */
export function parseReasonList(text: string, table: string): string[] {
  const ids = text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((token) => {
      const m = /^(?:(MED-[A-Z-]+)\.)?(\d+)$/i.exec(token) ?? refuse(`"${token}" is not a reason: give ${table} ids such as ${table}.4, or their numbers.`);
      if (m[1] !== undefined && m[1].toUpperCase() !== table) refuse(`${token} is not a ${table} reason.`);
      return `${table}.${Number(m[2])}`;
    });
  if (!ids.length) refuse(`Give at least one reason (${table}).`);
  return ids;
}
