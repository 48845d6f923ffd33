import type { DecideContext } from '../../battle/decide.ts';
import type { BattleEvent, DiceUsed } from '../../battle/events.ts';
import { actsFor, checkActsFor, checkGmRulings, claim, findCommand, findSide, findUnit, needDice, playsSide, rulingLine, samePhase, sideName, unitSideId, type Ruling } from '../../battle/mechanics.ts';
import { isGm, type BattleState, type Command, type Unit } from '../../battle/state.ts';
import { refuse } from '../../rules/errors.ts';
import type { Advance, Role } from '../../battle/system.ts';
import type { TurnPosition } from '../../rules/sequence.ts';
import {
  activate,
  armyMorale,
  assignRemainder,
  armyMoraleDue,
  awaiting,
  brigadePack as pack,
  breakBayonets,
  checkAction,
  closeVolleyRound,
  declareActiveSide,
  exploitation,
  LEADER_KINDS,
  markOutOfCommand,
  meleeResults,
  nextActivation,
  placeCloseCombatTokens,
  placeTokens,
  rallyRetreating,
  rollInitiative,
  replaceFallenLeaders,
  resolveChargeReaction,
  resolveMelee,
  ROUNDINGS,
  uncontrolledTest,
  type ActionOutcome,
  type Arm,
  type ArmyMoraleOutcome,
  type BayonetsOutcome,
  type ChargeAction,
  type Distance,
  type Effect,
  type ExploitationOutcome,
  type GivenModifier,
  type InitiativeOutcome,
  type InitiativeStep,
  type LeaderKind,
  type LeaderReplacementOutcome,
  type Measure,
  type MeleeDie,
  type MeleeOutcome,
  type MeleeResults,
  type MeleeSide,
  type OutOfCommandOutcome,
  type RallyOutcome,
  type ReactionOutcome,
  type Rounding,
  type TestResult,
  type Tokens,
  type UncontrolledOutcome,
  type VolleyRoundOutcome,
} from './index.ts';
import { BRIGADE_PHASES } from './sequence.ts';

/**
 * The four-phase brigade game (shared/rules/brigade-phases.md, BRG-x) as the battle keeps it: the
 * activate tokens and initiative rounds, volleys, charges and reactions, melees, exploitation and
 * army morale, applied to the units. The rules are pure functions in this folder; this module
 * applies them. Much of the game is not in the source (how a morale test is rolled, the fire table,
 * the Fallen Leader table, the Army Morale Table...): those are the GM's inputs, never invented.
 */

/** What the brigade rules track of a unit beyond its pack attributes. */
export interface BrigadeUnitStatus {
  /** Casualties taken so far (BRG-2.2 volleys, BRG-3.3.4 melee). */
  casualties: number;
  /** Retreating, with or without a retreat marker (BRG-3.2.3, BRG-3.3.4), until it rallies (BRG-1.1). */
  retreating?: { at: TurnPosition; rule: string; marker: boolean };
  /** Marked out of command in the turn's Command & Control phase (BRG-1.3). */
  outOfCommand?: { turn: number; why: string };
  /** Its last morale test, as the GM gave its result: once per phase or sub-phase (BRG-2.2.2, BRG-3.2.3). */
  morale?: { at: TurnPosition; sub: string; result: TestResult };
}

export interface BrigadeLeader {
  name: string;
  kind: LeaderKind;
  sideId: string;
}

/** The tokens of the round under way, and the phase they belong to. */
export type PlacedTokens = Tokens & { at: TurnPosition };

export interface BrigadeState {
  units: Record<string, BrigadeUnitStatus>;
  /** Army commanders and Sub Generals as a GM declared them; a command's officer is its brigade commander (BRG-1.2). */
  leaders: Record<string, BrigadeLeader>;
  /** Fallen leaders waiting to be replaced (BRG-1.2). */
  fallen: { leader: string; kind: LeaderKind; sideId: string; removedTurn: number }[];
  tokens?: PlacedTokens;
  /** The last initiative round and what its winner (or a GM) declared. */
  initiative?: { at: TurnPosition; step: InitiativeStep; sideIds: string[]; winnerSideId: string | null; tied: boolean; declaredSideId?: string; used?: boolean };
  /** The formation (BRG-2.2) or unit (BRG-3.2.2, BRG-3.4.3) that activated and acts now. */
  active?: { at: TurnPosition; id: string; what: 'formation' | 'unit'; done?: boolean };
  /** The March and Volley round under way: its volleys (BRG-2.2). */
  volleys?: { at: TurnPosition; formationId: string; fired: { firerId: string; targetId: string; casualties: number }[] };
  /** This turn's Close Combat phase, as the log holds it (BRG-3.2 to BRG-3.4). */
  combat?: BrigadeCombat;
  /** Sides whose army withdrew from the battlefield (BRG-4.2, BRG-4.3). */
  withdrawn: string[];
}

export interface BrigadeCombat {
  at: TurnPosition;
  /** Charges made: the charger, its target, whether the target failed morale and retreated. */
  charges: { unitId: string; targetId: string; targetRetreated: boolean; exploitation: boolean }[];
  /** Units that may fire defensively (BRG-3.2.4, BRG-3.4.5). */
  defensiveFire: string[];
  /** Units' last melee result this phase. */
  melee: Record<string, 'won' | 'lost'>;
  /** A melee of equal strengths waiting for the GM (BRG-3.3.3). */
  tied?: { sides: [MeleeSide, MeleeSide]; infantryRetreat?: Distance };
  /** Extra casualties of an uneven split waiting for the GM, one each to units of these ids (BRG-3.3.4). */
  remainder?: { count: number; among: string[] };
  /** Exploitation under way: who may charge again (BRG-3.4.1), moves made. */
  exploiting?: string[];
  moves: Record<string, number>;
}

export const initialBrigade = (): BrigadeState => ({ units: {}, leaders: {}, fallen: [], withdrawn: [] });

/** A unit's part in a melee as the action gives it: its name, and any melee die a GM rules. */
export type BrigadeAction =
  | { type: 'BrigadeRollInitiative' }
  | { type: 'BrigadeDeclareSide'; side: string }
  | { type: 'BrigadeActivate'; formation?: string; unit?: string }
  | { type: 'BrigadeClearTokens' }
  | { type: 'BrigadePlaceCloseCombatTokens'; units: { unit: string; distance: number }[]; measure?: 'in' | 'cm' }
  | { type: 'BrigadeVolley'; firer: string; target: string; casualties: number }
  | { type: 'BrigadeEndRound' }
  | { type: 'BrigadeMoraleResult'; unit: string; result: TestResult; elephants?: boolean }
  | {
      type: 'BrigadeAct';
      unit: string;
      action: ChargeAction | 'consolidate';
      target?: string;
      distance?: number;
      measure?: 'in' | 'cm';
      /** GM rulings the source leaves open. */
      range?: number;
      chargerTest?: TestResult;
      targetTest?: TestResult;
      breaksOn?: number[];
      uncontrolledOn?: number[];
    }
  | {
      type: 'BrigadeMelee';
      a: string[];
      b: string[];
      /** GM rulings: supplementary modifiers per side, rounding, infantry retreat, remainder order, a tie's loser, melee dice. */
      supplementaryA?: GivenModifier[];
      supplementaryB?: GivenModifier[];
      rounding?: Rounding;
      infantryRetreat?: number;
      remainder?: string[];
      onTie?: string;
      meleeDice?: { unit: string; die: string }[];
    }
  | { type: 'BrigadeMeleeTie'; loser: string }
  | { type: 'BrigadeAssignRemainder'; units: string[] }
  | { type: 'BrigadeExploit'; mutual: boolean }
  | { type: 'BrigadeOutOfCommand'; brigade: string; toSubGeneral: number; battalions: { unit: string; distance: number }[]; measure?: 'in' | 'cm' }
  | { type: 'BrigadeSetLeader'; name: string; side: string; kind: LeaderKind | null }
  | { type: 'BrigadeLeaderFell'; leader: string; rule: 'BRG-2.2.3' | 'BRG-3.3.5' }
  | { type: 'BrigadeArmyMorale'; armies: { side: string; broken: number; tableNumber?: number | null; formed?: number }[] };

/** The outcome of an Action Round as posted: the action, the reaction, and the rolls it set off. */
export interface ActOutcome {
  unit: string;
  exploitation: boolean;
  action: ActionOutcome | { rule: 'BRG-3.4.3'; unit: string; action: 'consolidate' | 'tap-out' | 'charge'; dice: []; steps: string[] };
  morale: { unit: string; result: TestResult; by: 'log' | 'gm' }[];
  reaction: ReactionOutcome | null;
  bayonets: BayonetsOutcome[];
  uncontrolled: UncontrolledOutcome | null;
  steps: string[];
}

export interface BrigadeMeleeOutcome extends MeleeOutcome {
  rulings: Ruling[];
}

export type BrigadeEvent =
  | { type: 'BrigadeTokensPlaced'; data: { at: TurnPosition; tokens: Tokens; steps: string[] } }
  | { type: 'BrigadeInitiativeRolled'; data: { at: TurnPosition; sideIds: string[]; winnerSideId: string | null; outcome: InitiativeOutcome; dice: DiceUsed } }
  | { type: 'BrigadeSideDeclared'; data: { at: TurnPosition; rule: string; sideId: string; by: string; gmRuling: boolean; steps: string[] } }
  | { type: 'BrigadeActivated'; data: { at: TurnPosition; id: string; name: string; what: 'formation' | 'unit'; sideId: string; steps: string[] } }
  | { type: 'BrigadeTokensCleared'; data: { at: TurnPosition; ids: string[]; names: string[]; by: string } }
  | { type: 'BrigadeVolleyFired'; data: { at: TurnPosition; firerId: string; targetId: string; casualties: number; defensive: boolean; left: number; steps: string[] } }
  | { type: 'BrigadeRoundEnded'; data: { at: TurnPosition; formationId: string; outcome: VolleyRoundOutcome } }
  | { type: 'BrigadeMoraleRecorded'; data: { at: TurnPosition; sub: string; unitId: string; result: TestResult; by: string; elephants: boolean } }
  | { type: 'BrigadeActed'; data: { at: TurnPosition; unitId: string; targetId?: string; outcome: ActOutcome; effects: Effect[]; dice: DiceUsed } }
  | { type: 'BrigadeMeleeResolved'; data: { at: TurnPosition; a: string[]; b: string[]; outcome: BrigadeMeleeOutcome; dice: DiceUsed } }
  | { type: 'BrigadeMeleeTieRuled'; data: { at: TurnPosition; by: string; results: MeleeResults; unitIds: Record<string, string> } }
  | { type: 'BrigadeRemainderAssigned'; data: { at: TurnPosition; by: string; unitIds: string[]; steps: string[] } }
  | { type: 'BrigadeExploitationChecked'; data: { at: TurnPosition; outcome: ExploitationOutcome; unitIds: Record<string, string> } }
  | { type: 'BrigadeOutOfCommandMarked'; data: { turn: number; commandId: string; outcome: OutOfCommandOutcome; unitIds: Record<string, string> } }
  | { type: 'BrigadeRallied'; data: { turn: number; outcome: RallyOutcome; unitIds: string[] } }
  | { type: 'BrigadeLeaderSet'; data: { name: string; sideId: string; kind: LeaderKind | null } }
  | { type: 'BrigadeLeaderFallen'; data: { turn: number; leader: string; kind: LeaderKind; sideId: string; rule: string; by: string; ruling?: Ruling } }
  | { type: 'BrigadeLeadersReplaced'; data: { turn: number; outcome: LeaderReplacementOutcome } }
  | { type: 'BrigadeArmyMoraleChecked'; data: { at: TurnPosition; outcome: ArmyMoraleOutcome; sideIds: Record<string, string>; rulings: Ruling[]; dice: DiceUsed } };

export const BRIGADE_ACTION_ROLE: Record<BrigadeAction['type'], Role> = {
  BrigadeRollInitiative: 'anyone',
  BrigadeDeclareSide: 'anyone',
  BrigadeActivate: 'anyone',
  BrigadeClearTokens: 'gm',
  BrigadePlaceCloseCombatTokens: 'anyone',
  BrigadeVolley: 'anyone',
  BrigadeEndRound: 'anyone',
  BrigadeMoraleResult: 'gm',
  BrigadeAct: 'anyone',
  BrigadeMelee: 'anyone',
  BrigadeMeleeTie: 'gm',
  BrigadeAssignRemainder: 'gm',
  BrigadeExploit: 'anyone',
  BrigadeOutOfCommand: 'anyone',
  BrigadeSetLeader: 'gm',
  BrigadeLeaderFell: 'gm',
  BrigadeArmyMorale: 'gm',
};

export const BRIGADE_EVENT_TYPES = [
  'BrigadeTokensPlaced',
  'BrigadeInitiativeRolled',
  'BrigadeSideDeclared',
  'BrigadeActivated',
  'BrigadeTokensCleared',
  'BrigadeVolleyFired',
  'BrigadeRoundEnded',
  'BrigadeMoraleRecorded',
  'BrigadeActed',
  'BrigadeMeleeResolved',
  'BrigadeMeleeTieRuled',
  'BrigadeRemainderAssigned',
  'BrigadeExploitationChecked',
  'BrigadeOutOfCommandMarked',
  'BrigadeRallied',
  'BrigadeLeaderSet',
  'BrigadeLeaderFallen',
  'BrigadeLeadersReplaced',
  'BrigadeArmyMoraleChecked',
] as const satisfies readonly BrigadeEvent['type'][];

/** The brigade rules' state of a battle that plays them (`BattleState.rules`). */
export const brg = (s: BattleState): BrigadeState => (s.rules as BrigadeState | undefined) ?? initialBrigade();

// ---------------------------------------------------------------------------------------------
// Phases, units, formations.

const phaseId = (pos: TurnPosition) => BRIGADE_PHASES[pos.phase]?.id ?? `phase ${pos.phase + 1}`;
const phaseName = (pos: TurnPosition) => BRIGADE_PHASES[pos.phase]?.name ?? '?';

function checkPhase(s: BattleState, id: string, what: string) {
  if (phaseId(s.position) !== id) refuse(`${what} in the ${BRIGADE_PHASES.find((p) => p.id === id)?.name} (${id}); now it is turn ${s.position.turn}, ${phaseName(s.position)} (${phaseId(s.position)}).`);
}

const status = (s: BattleState, unitId: string): BrigadeUnitStatus => brg(s).units[unitId] ?? { casualties: 0 };
const strength = (u: Unit) => Number(u.attrs.figures ?? 0);
const left = (s: BattleState, u: Unit) => Math.max(0, strength(u) - status(s, u.id).casualties);
const armOf = (u: Unit): Arm => String(u.attrs.arm) as Arm;
const leaderOf = (u: Unit): string[] => (u.attrs.leader !== undefined && String(u.attrs.leader).trim() ? [String(u.attrs.leader).trim()] : []);
const unitsOf = (s: BattleState, c: Command) => Object.values(s.units).filter((u) => u.commandId === c.id);
const sideOfUnit = (s: BattleState, u: Unit) => sideName(s, unitSideId(s, u));

/** Formations (commands with units) of the sides still on the field. */
const formations = (s: BattleState) => Object.values(s.commands).filter((c) => unitsOf(s, c).length > 0 && !brg(s).withdrawn.includes(c.sideId));

/** The current tokens, only if they belong to this phase. */
function tokensNow(s: BattleState): PlacedTokens | undefined {
  const t = brg(s).tokens;
  return t && samePhase(t.at, s.position) ? t : undefined;
}
const combatNow = (s: BattleState): BrigadeCombat | undefined => {
  const c = brg(s).combat;
  return c && samePhase(c.at, s.position) ? c : undefined;
};
const emptyCombat = (at: TurnPosition): BrigadeCombat => ({ at, charges: [], defensiveFire: [], melee: {}, moves: {} });
/** "Once per phase or sub-phase" (BRG-2.2.2, BRG-3.2.3): in the Close Combat phase, charge and reaction and exploitation are apart. */
const subPhase = (s: BattleState) => (phaseId(s.position) === 'BRG-3' ? (combatNow(s)?.exploiting ? 'BRG-3.4' : 'BRG-3.2') : phaseId(s.position));
const initiativeStep = (_s: BattleState, t: Tokens): InitiativeStep => (t.placed === 'BRG-1.5' ? 'BRG-2.1' : t.placed === 'BRG-3.1.1' ? 'BRG-3.2.1' : 'BRG-3.4.2');
const initiativeNow = (s: BattleState) => {
  const i = brg(s).initiative;
  return i && samePhase(i.at, s.position) ? i : undefined;
};
const activeNow = (s: BattleState) => {
  const a = brg(s).active;
  return a && samePhase(a.at, s.position) ? a : undefined;
};

// ---------------------------------------------------------------------------------------------
// decide

export function decideBrigade(s: BattleState, action: BrigadeAction, ctx: DecideContext): BattleEvent[] {
  switch (action.type) {
    case 'BrigadeRollInitiative':
      return rollInitiativeRound(s, ctx);
    case 'BrigadeDeclareSide':
      return declareSide(s, action.side, ctx);
    case 'BrigadeActivate':
      return activateOne(s, action, ctx);
    case 'BrigadeClearTokens':
      return clearTokens(s, ctx);
    case 'BrigadePlaceCloseCombatTokens':
      return closeCombatTokens(s, action);
    case 'BrigadeVolley':
      return volley(s, action, ctx);
    case 'BrigadeEndRound':
      return endRound(s, ctx);
    case 'BrigadeMoraleResult':
      return moraleResult(s, action, ctx);
    case 'BrigadeAct':
      return act(s, action, ctx);
    case 'BrigadeMelee':
      return melee(s, action, ctx);
    case 'BrigadeMeleeTie':
      return meleeTie(s, action.loser, ctx);
    case 'BrigadeAssignRemainder':
      return remainderRuling(s, action.units, ctx);
    case 'BrigadeExploit':
      return exploit(s, action.mutual);
    case 'BrigadeOutOfCommand':
      return outOfCommand(s, action, ctx);
    case 'BrigadeSetLeader':
      return setLeader(s, action);
    case 'BrigadeLeaderFell':
      return leaderFell(s, action, ctx);
    case 'BrigadeArmyMorale':
      return armyMoraleCheck(s, action, ctx);
  }
}

/** BRG-2.1, BRG-3.2.1, BRG-3.4.2: both roll 1D6 with the battle's dice; the winner declares. */
function rollInitiativeRound(s: BattleState, ctx: DecideContext): BattleEvent[] {
  const t = tokensNow(s) ?? refuse(phaseId(s.position) === 'BRG-3' ? 'No activate tokens are down in this Close Combat phase: place them behind the units within 2" (5cm) first with /activate close-combat (BRG-3.1.1).' : `Initiative rounds are rolled while activate tokens are down: in the March and Volley phase (BRG-2.1) and the Close Combat phase (BRG-3.2.1, BRG-3.4.2); now it is ${phaseName(s.position)}.`);
  const step = initiativeStep(s, t);
  const act = activeNow(s);
  if (brg(s).volleys && samePhase(brg(s).volleys!.at, s.position)) refuse(`${s.commands[brg(s).volleys!.formationId]?.name}'s March and Volley round is under way: end it with /activate end-round before the next initiative round (BRG-2.2.1, BRG-2.3).`);
  if (act && act.what === 'unit' && !act.done) refuse(`${s.units[act.id]?.name} has activated and has not acted: its Action Round first (/charge brigade) (${step === 'BRG-3.4.2' ? 'BRG-3.4.3' : 'BRG-3.2.2'}).`);
  const ini = initiativeNow(s);
  if (ini && ini.step === step && !ini.used) {
    if (ini.declaredSideId === undefined) refuse(`This initiative round is rolled${ini.winnerSideId ? `: ${sideName(s, ini.winnerSideId)} won and declares which side activates (/activate declare)` : ': tied, and the source gives no tie rule; a GM declares which side activates (/activate declare)'} (${step}).`);
    refuse(`${sideName(s, ini.declaredSideId)} must activate first: /activate ${t.what} (${step === 'BRG-2.1' ? 'BRG-2.1.1' : 'BRG-3.2.1.1'}).`);
  }
  const next = nextActivation(t);
  if (next.status === 'done') refuse(`${next.steps[0]} Move on with /phase next.`);
  if (next.status === 'one-side') refuse(`${next.steps[0]} A GM names the side with /activate declare side:"${next.side}".`);
  const [a, b] = next.sides;
  const { value: outcome, dice } = needDice(ctx.dice).take((d) => rollInitiativeFor(step, [a, b], d));
  const sideIds = [findSide(s, a).id, findSide(s, b).id];
  const winnerSideId = outcome.winner === null ? null : findSide(s, outcome.winner).id;
  return [{ type: 'BrigadeInitiativeRolled', data: { at: s.position, sideIds, winnerSideId, outcome, dice } }];
}

const rollInitiativeFor = (step: InitiativeStep, sides: [string, string], d: { die(n: number): number }) => rollInitiative({ step, sides, dice: d, pack });

/** The winner declares which side activates; after a tie, or with one side left, only a GM rules (BRG-2.1). */
function declareSide(s: BattleState, ref: string, ctx: DecideContext): BattleEvent[] {
  const t = tokensNow(s) ?? refuse('No activate tokens are down in this phase: there is no side to declare (BRG-2.1, BRG-3.2.1).');
  const step = initiativeStep(s, t);
  const side = findSide(s, ref);
  const ini = initiativeNow(s);
  const pending = ini && ini.step === step && ini.declaredSideId === undefined ? ini : undefined;
  const gm = isGm(s, ctx.actor);
  const tokenRule = step === 'BRG-2.1' ? 'BRG-2.1.1' : 'BRG-3.2.1.1';
  if (!awaiting(t, side.name).length) refuse(`${side.name} has no ${t.what} left to activate (${tokenRule}); the source gives no rule for naming such a side (${step}): name ${[...new Set(awaiting(t).map((h) => h.side))].join(' or ')}.`);
  let gmRuling: boolean;
  let steps: string[];
  if (pending) {
    const outcome = { rule: step, sides: [sideName(s, pending.sideIds[0]!), sideName(s, pending.sideIds[1]!)] as [string, string], rolls: [], winner: pending.winnerSideId ? sideName(s, pending.winnerSideId) : null, tied: pending.tied, rounds: 1, declares: '', dice: [], steps: [] } satisfies InitiativeOutcome;
    const mine = pending.winnerSideId !== null && playsSide(s, ctx.actor, pending.winnerSideId);
    gmRuling = gm && !mine;
    const declaredBy = pending.winnerSideId && (mine || !gm) ? sideName(s, pending.winnerSideId) : 'GM';
    if (!gm && !mine) refuse(pending.winnerSideId ? `${sideName(s, pending.winnerSideId)} won the initiative, so its player declares which side activates (${step}).` : `The initiative is tied and the source gives no tie rule (${step}); a GM rules which side activates.`);
    steps = declareActiveSide({ initiative: outcome, declaredBy, side: side.name, ...(gmRuling ? { gmRuling: true } : {}) }).steps;
  } else {
    const next = nextActivation(t);
    if (next.status !== 'one-side') refuse(`Roll the initiative round first: /activate roll (${step}).`);
    if (!gm) refuse(`${next.steps[0]}`);
    gmRuling = true;
    steps = [`GM ruling: only ${next.side} has ${t.what}s left; ${side.name} activates without an initiative round (the source does not say whether one is rolled, ${step}).`];
  }
  return [{ type: 'BrigadeSideDeclared', data: { at: s.position, rule: step, sideId: side.id, by: ctx.actor, gmRuling, steps } }];
}

/** BRG-2.1.1 (a formation) and BRG-3.2.1.1 (a unit): the active side removes the token of the one it selects. */
function activateOne(s: BattleState, a: Extract<BrigadeAction, { type: 'BrigadeActivate' }>, ctx: DecideContext): BattleEvent[] {
  const t = tokensNow(s) ?? refuse('No activate tokens are down in this phase (BRG-1.5, BRG-3.1.1).');
  const rule = t.placed === 'BRG-1.5' ? 'BRG-2.1.1' : 'BRG-3.2.1.1';
  if (t.what === 'formation' && a.formation === undefined) refuse(`In the March and Volley phase the active side selects a formation: /activate formation (${rule}).`);
  if (t.what === 'unit' && a.unit === undefined) refuse(`In the Close Combat phase the active side selects a unit: /activate unit (${rule}).`);
  const ini = initiativeNow(s);
  const declared = ini && ini.declaredSideId !== undefined && !ini.used ? ini.declaredSideId : undefined;
  if (declared === undefined) refuse(`No side is declared to activate: /activate roll, then the winner's /activate declare (${initiativeStep(s, t)}).`);
  const holder = t.what === 'formation' ? findCommand(s, a.formation!) : findUnit(s, a.unit!);
  const sideId = 'sideId' in holder ? holder.sideId : unitSideId(s, holder);
  if (!isGm(s, ctx.actor) && !playsSide(s, ctx.actor, declared)) refuse(`${sideName(s, declared)} is the active side: its player selects the ${t.what} (${rule}).`);
  const { steps } = activate(t, { side: sideName(s, declared), id: holder.id });
  return [{ type: 'BrigadeActivated', data: { at: s.position, id: holder.id, name: holder.name, what: t.what, sideId, steps } }];
}

/** A GM removes the tokens still down (a ruling: the source has the loop run until all have activated, BRG-2.3, BRG-3.2.6). */
function clearTokens(s: BattleState, ctx: DecideContext): BattleEvent[] {
  const t = tokensNow(s) ?? refuse('No activate tokens are down in this phase.');
  const rest = awaiting(t);
  if (!rest.length) refuse('Every token holder has activated already: nothing to clear.');
  return [{ type: 'BrigadeTokensCleared', data: { at: s.position, ids: rest.map((h) => h.id), names: rest.map((h) => h.name ?? h.id), by: ctx.actor } }];
}

/** BRG-3.1.1: tokens behind every unit within 2" (5cm) of an enemy, as measured on the table. */
function closeCombatTokens(s: BattleState, a: Extract<BrigadeAction, { type: 'BrigadePlaceCloseCombatTokens' }>): BattleEvent[] {
  checkPhase(s, 'BRG-3', 'Activate tokens go behind units in close combat range');
  if (tokensNow(s)) refuse(`Activate tokens are down already in this phase (${tokensNow(s)!.placed}).`);
  if (!a.units.length) refuse('Name the units and their measured distance to the nearest enemy, e.g. "1/45th Foot=1.5; 3rd Dragoons=4" (BRG-3.1.1).');
  const units = a.units.map((x) => {
    const u = findUnit(s, x.unit);
    return { id: u.id, name: u.name, side: sideOfUnit(s, u), nearestEnemy: { value: x.distance, unit: a.measure ?? 'in' } as Measure };
  });
  const { tokens, steps } = placeCloseCombatTokens(units, pack);
  return [{ type: 'BrigadeTokensPlaced', data: { at: s.position, tokens, steps } }];
}

/** BRG-2.2: a unit of the activated formation fires; the casualties are given (no fire table in the source) and applied. BRG-3.2.4 defensive fire too. */
function volley(s: BattleState, a: Extract<BrigadeAction, { type: 'BrigadeVolley' }>, ctx: DecideContext): BattleEvent[] {
  const firer = findUnit(s, a.firer);
  const target = findUnit(s, a.target);
  checkActsFor(s, ctx.actor, firer, 'fire with it');
  const pid = phaseId(s.position);
  let defensive = false;
  if (pid === 'BRG-2') {
    const round = brg(s).volleys;
    if (!round || !samePhase(round.at, s.position)) refuse(`No formation is acting: units fire in their formation's March and Volley round, after /activate formation (BRG-2.1.1, BRG-2.2).`);
    if (firer.commandId !== round.formationId) refuse(`${firer.name} is not of ${s.commands[round.formationId]?.name}, the formation acting this round (BRG-2.2).`);
  } else if (pid === 'BRG-3') {
    if (!combatNow(s)?.defensiveFire.includes(firer.id)) refuse(`${firer.name} may not fire now: in the Close Combat phase only a charged unit that passed morale and has not activated fires, defensively (BRG-3.2.4, BRG-3.4.5).`);
    defensive = true;
  } else refuse(`Units fire in the March and Volley phase (BRG-2.2), or defensively when charged (BRG-3.2.4); now it is ${phaseName(s.position)}.`);
  if (unitSideId(s, target) === unitSideId(s, firer)) refuse(`${firer.name} and ${target.name} are both ${sideOfUnit(s, firer)}'s; fire at an enemy unit.`);
  if (!Number.isInteger(a.casualties) || a.casualties < 0) refuse(`Casualties are a whole number, 0 or more (got ${a.casualties}).`);
  const now = left(s, target);
  if (a.casualties > now) refuse(`${target.name} has ${now} of ${strength(target)} left; it cannot take ${a.casualties} casualties.`);
  const steps = [`${firer.name} fires at ${target.name}: ${a.casualties} casualt${a.casualties === 1 ? 'y' : 'ies'}, as given (the source has no fire table)${defensive ? `; defensive fire (BRG-3.2.4)` : ' (BRG-2.2)'}.`, `${target.name}: ${now - a.casualties} of ${strength(target)} left.`];
  return [{ type: 'BrigadeVolleyFired', data: { at: s.position, firerId: firer.id, targetId: target.id, casualties: a.casualties, defensive, left: now - a.casualties, steps } }];
}

/** BRG-2.2.1-2.2.3: the end of the formation's round: morale tests due, once per phase, and Fallen Leader rolls. */
function endRound(s: BattleState, ctx: DecideContext): BattleEvent[] {
  const round = brg(s).volleys;
  if (!round || !samePhase(round.at, s.position)) refuse('No March and Volley round is under way: /activate formation starts one (BRG-2.1.1).');
  const formation = s.commands[round.formationId];
  const ownSide = formation?.sideId ?? '';
  if (!isGm(s, ctx.actor) && !playsSide(s, ctx.actor, ownSide)) refuse(`${formation?.name}'s players or a GM end its round (BRG-2.2).`);
  const name = (id: string) => s.units[id]?.name ?? id;
  const targets = [...new Set(round.fired.map((f) => f.targetId))].flatMap((id) => {
    const u = s.units[id];
    if (!u) return [];
    const m = status(s, id).morale;
    return [{ unit: u.name, leaders: leaderOf(u), testedThisPhase: m !== undefined && samePhase(m.at, s.position) }];
  });
  const outcome = closeVolleyRound({ formation: formation?.name ?? round.formationId, volleys: round.fired.map((f) => ({ firer: name(f.firerId), target: name(f.targetId), casualties: f.casualties })), targets });
  outcome.steps.push('All units in the formation must have acted this round (BRG-2.1.2): moves are made on the table, not logged.');
  return [{ type: 'BrigadeRoundEnded', data: { at: s.position, formationId: round.formationId, outcome } }];
}

/** The GM's result of a unit's morale test (how it is rolled is not in the source): once per phase or sub-phase, unless stampeding elephants (BRG-2.2.2, BRG-3.2.3). */
function moraleResult(s: BattleState, a: Extract<BrigadeAction, { type: 'BrigadeMoraleResult' }>, ctx: DecideContext): BattleEvent[] {
  const u = findUnit(s, a.unit);
  const pid = phaseId(s.position);
  if (pid !== 'BRG-2' && pid !== 'BRG-3') refuse(`Units test morale in the March and Volley phase (BRG-2.2.1) and the Close Combat phase (BRG-3.2.3, BRG-3.4.4); now it is ${phaseName(s.position)}.`);
  const sub = subPhase(s);
  const m = status(s, u.id).morale;
  if (m && samePhase(m.at, s.position) && m.sub === sub && !a.elephants) {
    refuse(`${u.name} has tested morale in this ${sub === pid ? 'phase' : 'sub-phase'} already (${m.result}); a unit need only test once per phase or sub-phase, unless affected by stampeding elephants (BRG-2.2.2, BRG-3.2.3).`);
  }
  return [{ type: 'BrigadeMoraleRecorded', data: { at: s.position, sub, unitId: u.id, result: a.result, by: ctx.actor, elephants: a.elephants ?? false } }];
}

/** BRG-3.2.2-3.2.5 and, in exploitation, BRG-3.4.3-3.4.6: the activated unit's Action Round, its reaction, and the rolls it sets off. */
function act(s: BattleState, a: Extract<BrigadeAction, { type: 'BrigadeAct' }>, ctx: DecideContext): BattleEvent[] {
  checkPhase(s, 'BRG-3', 'Units charge, change formation or facing, evade or tap out');
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, 'act with it');
  const combat = combatNow(s);
  const exploiting = combat?.exploiting !== undefined;
  const t = tokensNow(s);
  const active = activeNow(s);
  const rule = exploiting ? 'BRG-3.4.3' : 'BRG-3.2.2';
  if (exploiting) {
    if (!combat!.exploiting!.includes(u.id)) refuse(`${u.name} may not charge again: exploiting now are ${combat!.exploiting!.map((id) => s.units[id]?.name ?? id).join(', ') || 'none'} (BRG-3.4.1).`);
    if (t?.placed === 'BRG-3.4.2' && (active?.id !== u.id || active.done)) refuse(`Exploiting units act in initiative order here (BRG-3.4.2): ${u.name} must be selected first with /activate unit.`);
    if (!(['charge', 'consolidate', 'tap-out'] as string[]).includes(a.action)) refuse(`In exploitation a unit may charge, consolidate or do nothing ("tap out") (BRG-3.4.3); not ${a.action}.`);
  } else {
    if (a.action === 'consolidate') refuse('A unit consolidates only in exploitation (BRG-3.4.3).');
    if (!t) refuse('No activate tokens are down: place them with /activate close-combat (BRG-3.1.1).');
    if (active?.what !== 'unit' || active.id !== u.id || active.done) refuse(`${u.name} is not the activated unit: /activate roll, /activate declare, then /activate unit (BRG-3.2.1, BRG-3.2.1.1).`);
  }
  const gmRulings = [a.range !== undefined ? 'range' : '', a.chargerTest ? 'charger_morale' : '', a.targetTest ? 'target_morale' : '', a.breaksOn ? 'breaks_on' : '', a.uncontrolledOn ? 'uncontrolled_on' : ''].filter(Boolean);
  checkGmRulings(s, ctx.actor, gmRulings, 'BRG-3.2.2, BRG-3.2.3, BRG-3.2.5, BRG-3.4.3.1', 'give it');
  const arm = armOf(u);
  const steps: string[] = [];
  const measure = a.measure ?? 'in';
  const target = a.target !== undefined ? findUnit(s, a.target) : undefined;
  if (target && unitSideId(s, target) === unitSideId(s, u)) refuse(`${u.name} and ${target.name} are both ${sideOfUnit(s, u)}'s; charge an enemy unit.`);
  if (a.action === 'charge' && (!target || a.distance === undefined)) refuse(`A charge names its target and the measured distance to it (${rule}).`);
  if (a.action !== 'charge' && target) refuse(`Only a charge names a target (${rule}).`);
  const morale: ActOutcome['morale'] = [];
  const testOf = (unit: Unit, given: TestResult | undefined): TestResult => {
    const m = status(s, unit.id).morale;
    const logged = m && samePhase(m.at, s.position) && m.sub === subPhase(s) ? m.result : undefined;
    if (given && logged && given !== logged) claim(s, ctx.actor, { what: `${unit.name}'s morale test`, claimed: given, derived: logged, source: 'the test recorded this sub-phase', rule: 'BRG-3.2.3' });
    const result = given ?? logged ?? refuse(`${unit.name}'s morale test result is needed: a GM gives it with /morale brigade unit:"${unit.name}" result:passed|failed (how a test is rolled is not in the source, ${exploiting ? 'BRG-3.4.4' : 'BRG-3.2.3'}).`);
    morale.push({ unit: unit.name, result, by: given ? 'gm' : 'log' });
    return result;
  };
  let actionOutcome: ActOutcome['action'];
  if (a.action === 'consolidate' || (exploiting && a.action === 'tap-out')) {
    actionOutcome = { rule: 'BRG-3.4.3', unit: u.name, action: a.action, dice: [], steps: [`${u.name} ${a.action === 'consolidate' ? 'consolidates' : 'does nothing ("tap out")'} (BRG-3.4.3).`] };
  } else {
    actionOutcome = checkAction({
      unit: u.name,
      arm,
      action: a.action,
      ...(target ? { target: target.name } : {}),
      ...(a.distance !== undefined ? { distance: { value: a.distance, unit: measure } } : {}),
      ...(a.range !== undefined ? { gmRange: { value: a.range, unit: measure } } : {}),
      pack,
    });
  }
  if (exploiting && a.action === 'charge') actionOutcome.steps.unshift(`${u.name} makes an exploitation charge (BRG-3.4.3).`);
  let reaction: ReactionOutcome | null = null;
  const effects: Effect[] = [];
  if (a.action === 'charge' && target) {
    if (left(s, target) === 0) refuse(`${target.name} has no strength left.`);
    const chargerTest = testOf(u, a.chargerTest);
    const charged = { unit: target.name, arm: armOf(target), activated: hasActivated(s, target.id), ...(chargerTest === 'passed' ? { test: testOf(target, a.targetTest) } : {}) };
    reaction = resolveChargeReaction({ exploitation: exploiting, charger: { unit: u.name, arm, test: chargerTest }, charged: [charged] });
    effects.push(...reaction.effects);
  }
  const dice = needDice(ctx.dice);
  const bayonetsFor = effects.filter((e): e is Extract<Effect, { effect: 'break-bayonets-roll' }> => e.effect === 'break-bayonets-roll');
  const uncontrolledDue = exploiting && arm === 'cavalry' && (a.action === 'charge' || a.action === 'consolidate');
  const { value: rolled, dice: used } = dice.take((d) => ({
    bayonets: bayonetsFor.map((e) => breakBayonets({ cavalry: u.name, infantry: e.against, exploitation: exploiting, ...(a.breaksOn ? { breaksOn: a.breaksOn } : {}), dice: d, pack })),
    uncontrolled: uncontrolledDue ? uncontrolledTest({ unit: u.name, arm, action: a.action as 'charge' | 'consolidate', ...(a.uncontrolledOn ? { uncontrolledOn: a.uncontrolledOn } : {}), dice: d, pack }) : null,
  }));
  const outcome: ActOutcome = { unit: u.name, exploitation: exploiting, action: actionOutcome, morale, reaction, bayonets: rolled.bayonets, uncontrolled: rolled.uncontrolled, steps };
  for (const m of morale) if (m.by === 'gm') steps.push(`${m.unit}'s morale test ${m.result}: GM's ruling (${m.result}), the source does not say how it is rolled.`);
  return [{ type: 'BrigadeActed', data: { at: s.position, unitId: u.id, ...(target ? { targetId: target.id } : {}), outcome, effects, dice: used } }];
}

/** A unit has activated this sub-phase: its token is gone, or it has charged (BRG-3.2.4, BRG-3.4.5). */
function hasActivated(s: BattleState, unitId: string): boolean {
  const t = tokensNow(s);
  if (t?.what === 'unit' && t.activated.includes(unitId)) return true;
  const c = combatNow(s);
  return c?.charges.some((x) => x.unitId === unitId && x.exploitation === (c.exploiting !== undefined)) ?? false;
}

const byName = (s: BattleState) => (ref: string) => findUnit(s, ref);

/** BRG-3.3.2-3.3.5: one melee between the units of two sides, applied to them. */
function melee(s: BattleState, a: Extract<BrigadeAction, { type: 'BrigadeMelee' }>, ctx: DecideContext): BattleEvent[] {
  checkPhase(s, 'BRG-3', 'Melees are resolved');
  if (combatNow(s)?.tied) refuse('A melee of equal strengths waits for the GM: /brigade melee-tie loser:<side> (BRG-3.3.3).');
  if (combatNow(s)?.remainder) refuse(remainderWaits(s));
  const ua = a.a.map(byName(s));
  const ub = a.b.map(byName(s));
  if (!ua.length || !ub.length) refuse('Name the units of both sides in the melee (BRG-3.3.2).');
  const sideA = unitSideId(s, ua[0]!);
  const sideB = unitSideId(s, ub[0]!);
  for (const u of ua) if (unitSideId(s, u) !== sideA) refuse(`${u.name} is ${sideOfUnit(s, u)}'s, not ${sideName(s, sideA)}'s: name one side's units in units_a (BRG-3.3.2).`);
  for (const u of ub) if (unitSideId(s, u) !== sideB) refuse(`${u.name} is ${sideOfUnit(s, u)}'s, not ${sideName(s, sideB)}'s: name one side's units in units_b (BRG-3.3.2).`);
  if (sideA === sideB) refuse(`Both sides of the melee are ${sideName(s, sideA)}'s; a melee is between enemy units (BRG-3.3.2).`);
  if (![...ua, ...ub].some((u) => actsFor(s, ctx.actor, u))) refuse('Only the players of the units in the melee, or a GM, may resolve it.');
  for (const u of [...ua, ...ub]) if (left(s, u) === 0) refuse(`${u.name} has no strength left.`);
  const gmRulings = [a.supplementaryA ? 'supplementary_a' : '', a.supplementaryB ? 'supplementary_b' : '', a.rounding ? 'rounding' : '', a.infantryRetreat !== undefined ? 'infantry_retreat' : '', a.remainder ? 'remainder' : '', a.onTie ? 'on_tie' : ''].filter(Boolean);
  checkGmRulings(s, ctx.actor, gmRulings, 'BRG-3.3.2-3.3.4', 'give it');
  const rulings: Ruling[] = [];
  const dieOf = (u: Unit): MeleeDie => {
    const roster = u.attrs.melee_dice === undefined ? undefined : String(u.attrs.melee_dice);
    const given = a.meleeDice?.find((m) => findUnit(s, m.unit).id === u.id)?.die;
    if (given !== undefined) {
      if (!['0', '1D3', '1D6'].includes(given)) refuse(`${u.name}'s melee die is 0, 1D3 or 1D6 (got "${given}") (BRG-3.3.2).`);
      const r = claim(s, ctx.actor, { what: `${u.name}'s melee die`, claimed: given, derived: roster ?? 'not set', source: 'the roster', rule: 'BRG-3.3.2' });
      if (r) rulings.push(r);
      return given as MeleeDie;
    }
    return (roster ?? refuse(`${u.name} has no melee die: set it with /unit set unit:"${u.name}" melee_dice:1D6 (BRG-3.3.2).`)) as MeleeDie;
  };
  for (const m of a.meleeDice ?? []) if (![...ua, ...ub].some((u) => u.id === findUnit(s, m.unit).id)) refuse(`${m.unit} is not in this melee.`);
  const remainder = (a.remainder ?? []).map((r) => findUnit(s, r).name);
  const side = (units: Unit[], sideId: string, supp: GivenModifier[] | undefined): MeleeSide => ({
    side: sideName(s, sideId),
    units: units.map((u) => ({ unit: u.name, arm: armOf(u), morale: Number(u.attrs.morale), meleeDie: dieOf(u), leaders: leaderOf(u) })),
    ...(supp ? { supplementary: supp } : {}),
    ...(remainder.length ? { remainderOrder: remainder } : {}),
  });
  const sides: [MeleeSide, MeleeSide] = [side(ua, sideA, a.supplementaryA), side(ub, sideB, a.supplementaryB)];
  const infantryRetreat: Distance | undefined = a.infantryRetreat !== undefined ? { in: a.infantryRetreat, cm: null } : undefined;
  if (a.onTie !== undefined) findSide(s, a.onTie);
  const { value: o, dice } = needDice(ctx.dice).take((d) => resolveMelee({ sides, ...(a.rounding ? { rounding: a.rounding } : {}), ...(infantryRetreat ? { infantryRetreat } : {}), dice: d, pack }));
  let outcome: BrigadeMeleeOutcome = { ...o, rulings };
  if (o.tied && a.onTie !== undefined) {
    const loser = findSide(s, a.onTie).name;
    const results = meleeResults({ sides, loser, difference: 0, ...(infantryRetreat ? { infantryRetreat } : {}), pack });
    outcome = { ...outcome, winner: sides.find((x) => x.side !== loser)!.side, loser, results, steps: [...o.steps, `GM's ruling on equal strengths (the source gives none, BRG-3.3.3): ${loser} loses.`, ...results.steps] };
  }
  return [{ type: 'BrigadeMeleeResolved', data: { at: s.position, a: ua.map((u) => u.id), b: ub.map((u) => u.id), outcome, dice } }];
}

/** BRG-3.3.3: equal strengths; the source gives no rule, so the GM names the loser and the results follow (BRG-3.3.4). */
function meleeTie(s: BattleState, loserRef: string, ctx: DecideContext): BattleEvent[] {
  const tied = combatNow(s)?.tied ?? refuse('No melee of equal strengths is waiting for a ruling (BRG-3.3.3).');
  const loser = findSide(s, loserRef).name;
  const results = meleeResults({ sides: tied.sides, loser, difference: 0, ...(tied.infantryRetreat ? { infantryRetreat: tied.infantryRetreat } : {}), pack });
  const unitIds = Object.fromEntries(tied.sides.flatMap((x) => x.units.map((u) => [u.unit, findUnit(s, u.unit).id])));
  return [{ type: 'BrigadeMeleeTieRuled', data: { at: s.position, by: ctx.actor, results, unitIds } }];
}

/** The refusal while an uneven split waits for the GM (BRG-3.3.4). */
function remainderWaits(s: BattleState): string {
  const r = combatNow(s)!.remainder!;
  return `The last melee's uneven split waits for the GM: ${r.count} extra casualt${r.count === 1 ? 'y' : 'ies'}, one each to units of ${r.among.map((id) => unitName(s, id)).join(', ')} (/brigade remainder, BRG-3.3.4).`;
}

/** BRG-3.3.4: the GM names the units that take an uneven split's remaining extra casualties, one each. */
function remainderRuling(s: BattleState, refs: string[], ctx: DecideContext): BattleEvent[] {
  const r = combatNow(s)?.remainder ?? refuse('No melee has extra casualties waiting to be assigned (BRG-3.3.4).');
  const names = refs.map((ref) => findUnit(s, ref).name);
  const { steps } = assignRemainder({ pending: { count: r.count, among: r.among.map((id) => unitName(s, id)) }, units: names });
  const unitIds = names.map((n) => r.among.find((id) => unitName(s, id) === n)!);
  for (const id of unitIds) steps.push(`${unitName(s, id)}: ${Math.max(0, left(s, s.units[id]!) - 1)} of ${strength(s.units[id]!)} left.`);
  return [{ type: 'BrigadeRemainderAssigned', data: { at: s.position, by: ctx.actor, unitIds, steps } }];
}

/** BRG-3.4.1, BRG-3.4.2: who may charge again, from this phase's charges and melees; tokens when both sides' moves interfere. */
function exploit(s: BattleState, mutual: boolean): BattleEvent[] {
  checkPhase(s, 'BRG-3', 'Exploitation is');
  const c = combatNow(s) ?? refuse('No charge or melee this phase: nobody may exploit (BRG-3.4.1).');
  if (c.tied) refuse('A melee of equal strengths waits for the GM first: /brigade melee-tie (BRG-3.3.3).');
  if (c.remainder) refuse(remainderWaits(s));
  const t = tokensNow(s);
  if (t && t.placed !== 'BRG-3.4.2' && awaiting(t).length) refuse(`Charge and reaction goes on until every unit has activated (BRG-3.2.6): ${awaiting(t).map((h) => h.name ?? h.id).join(', ')} still ${awaiting(t).length === 1 ? 'holds its token' : 'hold their tokens'}; /activate roll, or a GM clears them (/activate clear).`);
  const ids = [...new Set([...c.charges.map((x) => x.unitId), ...Object.keys(c.melee)])].filter((id) => s.units[id]);
  const units = ids.map((id) => {
    const u = s.units[id]!;
    const charges = c.charges.filter((x) => x.unitId === id);
    const last = charges.at(-1);
    return {
      unit: u.name,
      side: sideOfUnit(s, u),
      arm: armOf(u),
      role: (charges.length ? 'charger' : 'none') as 'charger' | 'none',
      melee: c.melee[id] ?? ('none' as const),
      targetsRetreated: last?.targetRetreated === true,
      movesMade: c.moves[id] ?? 0,
    };
  });
  const outcome = exploitation({ units, mutualInterference: mutual, pack });
  const unitIds = Object.fromEntries(units.map((x) => [x.unit, findUnit(s, x.unit).id]));
  if (outcome.tokens) outcome.tokens = { ...outcome.tokens, holders: outcome.tokens.holders.map((h) => ({ ...h, id: unitIds[h.id] ?? h.id, name: h.id })) };
  return [{ type: 'BrigadeExploitationChecked', data: { at: s.position, outcome, unitIds } }];
}

/** BRG-1.3: battalions more than 4" from their Brigadier, or all of a brigade whose Brigadier is more than 12" from the Sub General. */
function outOfCommand(s: BattleState, a: Extract<BrigadeAction, { type: 'BrigadeOutOfCommand' }>, ctx: DecideContext): BattleEvent[] {
  checkPhase(s, 'BRG-1', 'Battalions are marked out of command');
  const c = findCommand(s, a.brigade);
  if (!isGm(s, ctx.actor) && !playsSide(s, ctx.actor, c.sideId)) refuse(`${c.name} is ${sideName(s, c.sideId)}'s; only its players or a GM measure it.`);
  const measure = a.measure ?? 'in';
  const own = unitsOf(s, c);
  const given = a.battalions.map((b) => {
    const u = findUnit(s, b.unit);
    if (u.commandId !== c.id) refuse(`${u.name} is not a battalion of ${c.name} (BRG-1.3).`);
    return { unit: u.name, toBrigadier: { value: b.distance, unit: measure } as Measure };
  });
  const missing = own.filter((u) => !given.some((g) => g.unit === u.name));
  if (missing.length) refuse(`Give every battalion's measured distance to its Brigadier: ${missing.map((u) => u.name).join(', ')} missing (BRG-1.3).`);
  const outcome = markOutOfCommand({ brigades: [{ brigade: c.name, brigadierToSubGeneral: { value: a.toSubGeneral, unit: measure }, battalions: given }], pack });
  return [{ type: 'BrigadeOutOfCommandMarked', data: { turn: s.position.turn, commandId: c.id, outcome, unitIds: Object.fromEntries(own.map((u) => [u.name, u.id])) } }];
}

/** A GM declares a leader's kind (BRG-1.2): army commander or Sub General; a brigade's officer is its brigade commander. */
function setLeader(s: BattleState, a: Extract<BrigadeAction, { type: 'BrigadeSetLeader' }>): BattleEvent[] {
  const side = findSide(s, a.side);
  const name = a.name.trim();
  if (!name || name.length > 80) refuse('Give the leader\'s name (1 to 80 characters).');
  if (a.kind !== null && !LEADER_KINDS.includes(a.kind)) refuse(`A leader is ${LEADER_KINDS.join(', ')} (got "${a.kind}") (BRG-1.2).`);
  return [{ type: 'BrigadeLeaderSet', data: { name, sideId: side.id, kind: a.kind } }];
}

/** The leader's kind and side as the battle knows them: declared by a GM, or a command's officer (brigade commander). */
function knownLeader(s: BattleState, name: string): { kind: LeaderKind; sideId: string } | undefined {
  const key = name.trim().toLowerCase();
  const declared = Object.values(brg(s).leaders).find((l) => l.name.toLowerCase() === key);
  if (declared) return { kind: declared.kind, sideId: declared.sideId };
  const c = Object.values(s.commands).find((x) => x.officer?.toLowerCase() === key);
  if (c) return { kind: 'brigade-commander', sideId: c.sideId };
  return undefined;
}

/** The Fallen Leader table is not in the source (BRG-2.2.3, BRG-3.3.5): a GM records that a leader fell; he is replaced by BRG-1.2. */
function leaderFell(s: BattleState, a: Extract<BrigadeAction, { type: 'BrigadeLeaderFell' }>, ctx: DecideContext): BattleEvent[] {
  const known = knownLeader(s, a.leader) ?? refuse(`The battle does not know ${a.leader}: a command's officer is its brigade commander; declare an army commander or Sub General with /brigade leader (BRG-1.2).`);
  if (brg(s).fallen.some((f) => f.leader.toLowerCase() === a.leader.trim().toLowerCase())) refuse(`${a.leader} has fallen already and waits to be replaced (BRG-1.2).`);
  return [{ type: 'BrigadeLeaderFallen', data: { turn: s.position.turn, leader: a.leader.trim(), kind: known.kind, sideId: known.sideId, rule: a.rule, by: ctx.actor } }];
}

/** Formed infantry and formed cavalry brigades of a side, from the roster: a brigade of infantry (with any skirmishers) and no cavalry, or of cavalry only (BRG-4.2). */
export function formedBrigades(s: BattleState, sideId: string): number {
  return Object.values(s.commands).filter((c) => {
    if (c.sideId !== sideId) return false;
    const arms = new Set(unitsOf(s, c).map(armOf));
    return (arms.has('infantry') && !arms.has('cavalry') && !arms.has('elephants')) || (arms.size === 1 && arms.has('cavalry'));
  }).length;
}

/** An army general fell this turn (BRG-4.1), from the log. */
const armyGeneralFell = (s: BattleState) => brg(s).fallen.some((f) => f.kind === 'army-commander' && f.removedTurn === s.position.turn);

/** BRG-4: the GM gives the broken brigades and the table number (neither is in the source); the rest is the battle's. */
function armyMoraleCheck(s: BattleState, a: Extract<BrigadeAction, { type: 'BrigadeArmyMorale' }>, ctx: DecideContext): BattleEvent[] {
  checkPhase(s, 'BRG-4', 'Army morale is checked');
  const due = armyMoraleDue({ turn: s.position.turn, armyGeneralFell: armyGeneralFell(s), pack });
  if (!due.due) refuse(`Army morale is not checked now: ${due.why}.`);
  const done = brg(s).withdrawn;
  const rulings: Ruling[] = [];
  const sideIds: Record<string, string> = {};
  const armies = a.armies.map((x) => {
    const side = findSide(s, x.side);
    if (done.includes(side.id)) refuse(`${side.name} has withdrawn from the battlefield already (BRG-4.2).`);
    sideIds[side.name] = side.id;
    const derived = formedBrigades(s, side.id);
    let formed = derived;
    if (x.formed !== undefined) {
      const r = claim(s, ctx.actor, { what: `${side.name}'s formed infantry and cavalry brigades`, claimed: String(x.formed), derived: String(derived), source: 'the roster', rule: 'BRG-4.2' });
      if (r) rulings.push(r);
      formed = x.formed;
    }
    return { side: side.name, broken: x.broken, formed, ...(x.tableNumber !== undefined ? { tableNumber: x.tableNumber } : {}) };
  });
  const { value: outcome, dice } = needDice(ctx.dice).take((d) => armyMorale({ turn: s.position.turn, armyGeneralFell: armyGeneralFell(s), armies, dice: d, pack }));
  return [{ type: 'BrigadeArmyMoraleChecked', data: { at: s.position, outcome, sideIds, rulings, dice } }];
}

// ---------------------------------------------------------------------------------------------
// The turn sequence: what falls due, what is refused on leaving a phase.

export function brigadeAdvance(s: BattleState, next: Advance): Advance {
  const from = phaseId(s.position);
  const t = tokensNow(s);
  const waiting = t ? awaiting(t) : [];
  if (from === 'BRG-2') {
    const round = brg(s).volleys;
    if (round && samePhase(round.at, s.position)) refuse(`${s.commands[round.formationId]?.name}'s March and Volley round is under way: end it with /activate end-round first (BRG-2.2.1).`);
    if (waiting.length) refuse(`${waiting.map((h) => h.name ?? h.id).join(', ')} still ${waiting.length === 1 ? 'has its' : 'have their'} activate token: rounds repeat until every formation of both sides has activated (BRG-2.3). Roll the next round (/activate roll), or a GM clears the tokens (/activate clear).`);
  }
  if (from === 'BRG-3') {
    if (combatNow(s)?.tied) refuse('A melee of equal strengths waits for the GM: /brigade melee-tie loser:<side> (BRG-3.3.3).');
    if (combatNow(s)?.remainder) refuse(remainderWaits(s));
    if (waiting.length) refuse(`${waiting.map((h) => h.name ?? h.id).join(', ')} still ${waiting.length === 1 ? 'holds its' : 'hold their'} activate token (${t!.placed === 'BRG-3.4.2' ? 'BRG-3.4.7' : 'BRG-3.2.6'}): /activate roll, or a GM clears them (/activate clear).`);
  }
  const before: BattleEvent[] = [];
  const due: string[] = [];
  const to = phaseId(next.to);
  if (from === 'BRG-1' && to === 'BRG-2') {
    // BRG-1.5: the last step of Command & Control places the tokens for the March and Volley phase.
    const holders = formations(s).map((c) => ({ id: c.id, name: c.name, side: sideName(s, c.sideId) }));
    if (holders.length) {
      const tokens = placeTokens('BRG-1.5', holders);
      before.push({ type: 'BrigadeTokensPlaced', data: { at: next.to, tokens, steps: [`Activate tokens behind every formation (BRG-1.5): ${holders.map((h) => h.name).join(', ')}.`] } });
      due.push(`each round: /activate roll (1D6 each, BRG-2.1), the winner's /activate declare, then /activate formation; until all ${holders.length} formations have activated (BRG-2.3)`);
    }
  }
  if (to === 'BRG-1' && next.to.turn !== s.position.turn) {
    const retreating = Object.entries(brg(s).units).filter(([id, st]) => st.retreating && s.units[id]);
    if (retreating.length) {
      const outcome = rallyRetreating(retreating.map(([id]) => ({ unit: s.units[id]!.name })));
      before.push({ type: 'BrigadeRallied', data: { turn: next.to.turn, outcome, unitIds: retreating.map(([id]) => id) } });
    }
    if (brg(s).fallen.length) {
      const outcome = replaceFallenLeaders({ turn: next.to.turn, fallen: brg(s).fallen, pack });
      before.push({ type: 'BrigadeLeadersReplaced', data: { turn: next.to.turn, outcome } });
    }
    due.push('out of command: measure each brigade with /brigade out-of-command (BRG-1.3); move generals (BRG-1.4)');
  }
  if (to === 'BRG-3') due.push('place activate tokens behind the units within 2" (5cm) of an enemy: /activate close-combat (BRG-3.1.1)');
  if (to === 'BRG-4') {
    const fell = brg(s).fallen.some((f) => f.kind === 'army-commander' && f.removedTurn === next.to.turn);
    const check = armyMoraleDue({ turn: next.to.turn, armyGeneralFell: fell, pack });
    due.push(check.due ? `army morale check due: ${check.why}; a GM gives the broken brigades and the Army Morale Table numbers with /morale army` : `no army morale check: ${check.why}`);
  }
  return { ...next, before: [...next.before, ...before], due: [...next.due, ...due] };
}

// ---------------------------------------------------------------------------------------------
// evolve

function setUnit(d: BattleState, unitId: string, change: (st: BrigadeUnitStatus) => BrigadeUnitStatus) {
  const st = brg(d).units[unitId] ?? { casualties: 0 };
  d.rules = { ...brg(d), units: { ...brg(d).units, [unitId]: change(st) } };
}
const setState = (d: BattleState, change: Partial<BrigadeState>) => {
  d.rules = { ...brg(d), ...change };
};
const setCombat = (d: BattleState, at: TurnPosition, change: (c: BrigadeCombat) => BrigadeCombat) => {
  const c = brg(d).combat;
  setState(d, { combat: change(c && samePhase(c.at, at) ? c : emptyCombat(at)) });
};
const addCasualties = (n: number) => (st: BrigadeUnitStatus) => (n ? { ...st, casualties: st.casualties + n } : st);

/** Melee results applied: casualties, retreats with markers, who won and lost. */
function applyResults(d: BattleState, at: TurnPosition, results: MeleeResults, idOf: (name: string) => string | undefined) {
  for (const c of results.casualties) {
    const id = idOf(c.unit);
    if (id) setUnit(d, id, addCasualties(c.count));
  }
  for (const e of results.effects) {
    if (e.effect !== 'retreat') continue;
    const id = idOf(e.unit);
    if (id) setUnit(d, id, (st) => ({ ...st, retreating: { at, rule: e.rule, marker: e.marker === true } }));
  }
  const pending = results.pendingRemainder;
  const among = pending ? pending.among.flatMap((n) => (idOf(n) ? [idOf(n)!] : [])) : [];
  setCombat(d, at, (c) => ({
    ...c,
    tied: undefined,
    remainder: pending ? { count: pending.count, among } : undefined,
    melee: { ...c.melee, ...Object.fromEntries(results.casualties.flatMap((x) => (idOf(x.unit) ? [[idOf(x.unit)!, x.side === results.loser ? 'lost' : 'won'] as const] : []))) },
  }));
}

export function applyBrigadeEvent(d: BattleState, e: BattleEvent): void {
  switch (e.type) {
    case 'UnitRemoved': {
      if (!brg(d).units[e.data.unitId]) return;
      const { [e.data.unitId]: _gone, ...units } = brg(d).units;
      setState(d, { units });
      return;
    }
    case 'BrigadeTokensPlaced':
      setState(d, { tokens: { ...e.data.tokens, at: e.data.at }, active: undefined, initiative: undefined });
      return;
    case 'BrigadeInitiativeRolled':
      setState(d, { initiative: { at: e.data.at, step: e.data.outcome.rule, sideIds: e.data.sideIds, winnerSideId: e.data.winnerSideId, tied: e.data.outcome.tied } });
      return;
    case 'BrigadeSideDeclared': {
      const ini = brg(d).initiative;
      const base = ini && samePhase(ini.at, e.data.at) && ini.declaredSideId === undefined ? ini : { at: e.data.at, step: e.data.rule as InitiativeStep, sideIds: [e.data.sideId], winnerSideId: null, tied: false };
      setState(d, { initiative: { ...base, declaredSideId: e.data.sideId } });
      return;
    }
    case 'BrigadeActivated': {
      const t = brg(d).tokens;
      if (t) setState(d, { tokens: { ...t, activated: [...t.activated, e.data.id] } });
      const ini = brg(d).initiative;
      setState(d, { active: { at: e.data.at, id: e.data.id, what: e.data.what, ...(e.data.what === 'unit' ? { done: false } : {}) }, ...(ini ? { initiative: { ...ini, used: true } } : {}) });
      if (e.data.what === 'formation') setState(d, { volleys: { at: e.data.at, formationId: e.data.id, fired: [] } });
      return;
    }
    case 'BrigadeTokensCleared': {
      const t = brg(d).tokens;
      if (t) setState(d, { tokens: { ...t, activated: [...t.activated, ...e.data.ids.filter((id) => !t.activated.includes(id))] } });
      return;
    }
    case 'BrigadeVolleyFired': {
      setUnit(d, e.data.targetId, addCasualties(e.data.casualties));
      const v = brg(d).volleys;
      if (!e.data.defensive && v) setState(d, { volleys: { ...v, fired: [...v.fired, { firerId: e.data.firerId, targetId: e.data.targetId, casualties: e.data.casualties }] } });
      if (e.data.defensive) setCombat(d, e.data.at, (c) => ({ ...c, defensiveFire: c.defensiveFire.filter((id) => id !== e.data.firerId) }));
      return;
    }
    case 'BrigadeRoundEnded':
      setState(d, { volleys: undefined });
      return;
    case 'BrigadeMoraleRecorded':
      setUnit(d, e.data.unitId, (st) => ({ ...st, morale: { at: e.data.at, sub: e.data.sub, result: e.data.result } }));
      return;
    case 'BrigadeActed': {
      const { at, unitId, targetId, outcome, effects } = e.data;
      const a = brg(d).active;
      if (a && a.id === unitId) setState(d, { active: { ...a, done: true } });
      const idOf = (name: string) => (d.units[unitId]?.name === name ? unitId : targetId && d.units[targetId]?.name === name ? targetId : undefined);
      for (const m of outcome.morale) {
        const id = idOf(m.unit);
        if (id && m.by === 'gm') setUnit(d, id, (st) => ({ ...st, morale: { at, sub: outcome.exploitation ? 'BRG-3.4' : 'BRG-3.2', result: m.result } }));
      }
      const retreated = effects.some((x) => x.effect === 'retreat');
      for (const x of effects) {
        const id = idOf(x.unit);
        if (id && x.effect === 'retreat') setUnit(d, id, (st) => ({ ...st, retreating: { at, rule: x.rule, marker: x.marker === true } }));
      }
      const fire = effects.flatMap((x) => (x.effect === 'may-defensive-fire' && idOf(x.unit) ? [idOf(x.unit)!] : []));
      const moved = outcome.exploitation && outcome.action.action !== 'tap-out';
      setCombat(d, at, (c) => ({
        ...c,
        charges: targetId ? [...c.charges, { unitId, targetId, targetRetreated: retreated, exploitation: outcome.exploitation }] : c.charges,
        defensiveFire: [...c.defensiveFire, ...fire],
        moves: moved ? { ...c.moves, [unitId]: (c.moves[unitId] ?? 0) + 1 } : c.moves,
        exploiting: c.exploiting && outcome.exploitation ? c.exploiting.filter((id) => id !== unitId) : c.exploiting,
      }));
      return;
    }
    case 'BrigadeMeleeResolved': {
      const { at, outcome } = e.data;
      const ids = [...e.data.a, ...e.data.b];
      const idOf = (name: string) => ids.find((id) => d.units[id]?.name === name);
      if (outcome.results) applyResults(d, at, outcome.results, idOf);
      else if (outcome.tied) {
        const sides = outcome.strengths.map((st, i) => {
          const unitIds = i === 0 ? e.data.a : e.data.b;
          return {
            side: st.side,
            units: unitIds.flatMap((id) => {
              const u = d.units[id];
              return u ? [{ unit: u.name, arm: armOf(u), morale: Number(u.attrs.morale), meleeDie: (st.dice.find((x) => x.unit === u.name)?.die ?? '0') as MeleeDie, leaders: leaderOf(u) }] : [];
            }),
          };
        });
        setCombat(d, at, (c) => ({ ...c, tied: { sides: [sides[0]!, sides[1]!] } }));
      }
      return;
    }
    case 'BrigadeMeleeTieRuled':
      applyResults(d, e.data.at, e.data.results, (name) => e.data.unitIds[name]);
      return;
    case 'BrigadeRemainderAssigned':
      for (const id of e.data.unitIds) setUnit(d, id, addCasualties(1));
      setCombat(d, e.data.at, (c) => ({ ...c, remainder: undefined }));
      return;
    case 'BrigadeExploitationChecked': {
      const { at, outcome, unitIds } = e.data;
      setCombat(d, at, (c) => ({ ...c, exploiting: outcome.exploiting.flatMap((n) => (unitIds[n] ? [unitIds[n]] : [])), defensiveFire: [] }));
      if (outcome.tokens) setState(d, { tokens: { ...outcome.tokens, at }, active: undefined, initiative: undefined });
      return;
    }
    case 'BrigadeOutOfCommandMarked':
      for (const [name, id] of Object.entries(e.data.unitIds)) {
        const fx = e.data.outcome.effects.find((x) => x.unit === name);
        setUnit(d, id, (st) => {
          const { outOfCommand: _was, ...rest } = st;
          return fx ? { ...rest, outOfCommand: { turn: e.data.turn, why: fx.why } } : rest;
        });
      }
      return;
    case 'BrigadeRallied':
      for (const id of e.data.unitIds) {
        setUnit(d, id, (st) => {
          const { retreating: _r, ...rest } = st;
          return rest;
        });
      }
      return;
    case 'BrigadeLeaderSet': {
      const key = e.data.name.toLowerCase();
      const { [key]: _old, ...rest } = brg(d).leaders;
      setState(d, { leaders: e.data.kind ? { ...rest, [key]: { name: e.data.name, kind: e.data.kind, sideId: e.data.sideId } } : rest });
      return;
    }
    case 'BrigadeLeaderFallen':
      setState(d, { fallen: [...brg(d).fallen, { leader: e.data.leader, kind: e.data.kind, sideId: e.data.sideId, removedTurn: e.data.turn }] });
      return;
    case 'BrigadeLeadersReplaced': {
      const back = e.data.outcome.replaced.map((r) => r.leader);
      setState(d, { fallen: brg(d).fallen.filter((f) => !back.includes(f.leader)) });
      return;
    }
    case 'BrigadeArmyMoraleChecked': {
      const out = e.data.outcome.withdrawing.flatMap((n) => (e.data.sideIds[n] ? [e.data.sideIds[n]] : []));
      if (out.length) setState(d, { withdrawn: [...brg(d).withdrawn, ...out.filter((id) => !brg(d).withdrawn.includes(id))] });
      return;
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Words for the log and the views.

const lines = (head: string, steps: string[]) => [head, ...steps.map((x) => `• ${x}`)].join('\n');
const unitName = (s: BattleState, id: string) => s.units[id]?.name ?? id;

export function describeBrigadeEvent(e: BrigadeEvent, s: BattleState): string {
  switch (e.type) {
    case 'BrigadeTokensPlaced':
      return lines(`activate tokens placed (${e.data.tokens.placed}): ${e.data.tokens.holders.map((h) => h.name ?? h.id).join(', ') || 'none'}`, e.data.steps);
    case 'BrigadeInitiativeRolled': {
      const o = e.data.outcome;
      return lines(`initiative round (${o.rule}): ${o.winner ? `${o.winner} wins and declares which side activates (/activate declare)` : 'tied; a GM rules which side activates (/activate declare)'}`, o.steps);
    }
    case 'BrigadeSideDeclared':
      return lines(`${sideName(s, e.data.sideId)} activates (${e.data.rule})${e.data.gmRuling ? " — GM's ruling" : ''}`, e.data.steps);
    case 'BrigadeActivated':
      return lines(`${e.data.name} activates (${e.data.what === 'formation' ? 'BRG-2.1.1' : 'BRG-3.2.1.1'})`, e.data.steps);
    case 'BrigadeTokensCleared':
      return `GM's ruling: the activate tokens of ${e.data.names.join(', ')} are removed without activating (the source repeats rounds until all have activated, BRG-2.3, BRG-3.2.6)`;
    case 'BrigadeVolleyFired':
      return lines(`${unitName(s, e.data.firerId)} fires at ${unitName(s, e.data.targetId)}: ${e.data.casualties} casualt${e.data.casualties === 1 ? 'y' : 'ies'} (${e.data.defensive ? 'BRG-3.2.4' : 'BRG-2.2'})`, e.data.steps);
    case 'BrigadeRoundEnded': {
      const o = e.data.outcome;
      return lines(`end of ${o.formation}'s March and Volley round (BRG-2.2.1): ${o.moraleTests.length ? `morale tests due for ${o.moraleTests.map((m) => m.unit).join(', ')} (a GM gives each result: /morale brigade)` : 'no morale tests'}`, o.steps);
    }
    case 'BrigadeMoraleRecorded':
      return `${unitName(s, e.data.unitId)} ${e.data.result} its morale test (${e.data.sub}; GM's result, the source does not say how a test is rolled${e.data.elephants ? '; tests again: stampeding elephants, BRG-2.2.2' : ''})`;
    case 'BrigadeActed': {
      const o = e.data.outcome;
      const head = o.action.action === 'charge' ? `${o.unit} charges ${e.data.targetId ? unitName(s, e.data.targetId) : ''}` : `${o.unit}: ${o.action.action}`;
      const rest = [...o.action.steps, ...(o.reaction?.steps ?? []), ...o.bayonets.flatMap((b) => b.steps), ...(o.uncontrolled?.steps ?? []), ...o.steps];
      return lines(`${head} (${o.exploitation ? 'BRG-3.4.3' : 'BRG-3.2.2'})`, rest);
    }
    case 'BrigadeMeleeResolved': {
      const o = e.data.outcome;
      return lines(`melee (BRG-3.3): ${o.tied ? `equal strengths${o.results ? `, ${o.loser} loses by the GM's ruling` : ', the GM rules (/brigade melee-tie)'}` : `${o.winner} wins by ${o.difference}`}`, [...o.steps, ...o.rulings.map(rulingLine)]);
    }
    case 'BrigadeRemainderAssigned':
      return lines(`GM's ruling on a melee's uneven split (BRG-3.3.4): one more casualty each for ${e.data.unitIds.map((id) => unitName(s, id)).join(', ')}`, e.data.steps);
    case 'BrigadeMeleeTieRuled':
      return lines(`GM's ruling on a melee of equal strengths (BRG-3.3.3, no rule in the source): ${e.data.results.loser} loses`, e.data.results.steps);
    case 'BrigadeExploitationChecked':
      return lines(`exploitation (BRG-3.4.1): ${e.data.outcome.exploiting.length ? `${e.data.outcome.exploiting.join(', ')} may charge again` : 'no unit may charge again'}`, e.data.outcome.steps);
    case 'BrigadeOutOfCommandMarked':
      return lines(`${s.commands[e.data.commandId]?.name ?? e.data.commandId}: command checked (BRG-1.3)`, e.data.outcome.steps);
    case 'BrigadeRallied':
      return lines(`retreating units rally (BRG-1.1)`, e.data.outcome.steps);
    case 'BrigadeLeaderSet':
      return `${e.data.name} (${sideName(s, e.data.sideId)}): ${e.data.kind ?? 'no longer a declared leader'} (BRG-1.2; declared by a GM)`;
    case 'BrigadeLeaderFallen':
      return `${e.data.leader} (${e.data.kind}, ${sideName(s, e.data.sideId)}) has fallen (${e.data.rule}; the Fallen Leader table is not in the source: the GM's result); replaced at the start of turn ${e.data.turn + (pack.leaders.replacedAfterTurns.find((r) => r.kind === e.data.kind)?.turns ?? 0)} (BRG-1.2)`;
    case 'BrigadeLeadersReplaced':
      return lines(`fallen leaders at the start of turn ${e.data.turn} (BRG-1.2)`, e.data.outcome.steps);
    case 'BrigadeArmyMoraleChecked': {
      const o = e.data.outcome;
      return lines(`army morale (BRG-4): ${o.withdrawing.length ? `${o.withdrawing.join(' and ')} withdraw${o.withdrawing.length === 1 ? 's' : ''} from the battlefield` : 'every army fights on'}`, [...o.steps, ...e.data.rulings.map(rulingLine)]);
    }
  }
}

/** Lines for /unit show. */
export function brigadeUnitLines(s: BattleState, u: Unit): string[] {
  const st = status(s, u.id);
  const out = [`strength ${left(s, u)} of ${strength(u)}${st.casualties ? ` (${st.casualties} casualties)` : ''}`];
  if (st.retreating) out.push(`retreating${st.retreating.marker ? ', retreat marker' : ''} (${st.retreating.rule}); rallies in the next Command & Control phase (BRG-1.1)`);
  if (st.outOfCommand?.turn === s.position.turn) out.push(`out of command this turn: ${st.outOfCommand.why} (BRG-1.3)`);
  if (st.morale && st.morale.at.turn === s.position.turn) out.push(`morale test ${st.morale.result} (turn ${st.morale.at.turn}, ${st.morale.sub})`);
  if (leaderOf(u).length) out.push(`leader attached: ${leaderOf(u).join(', ')}`);
  return out;
}

/** Lines for /battle status: tokens still down, who activates, leaders fallen, armies withdrawn. */
export function brigadeStatusLines(s: BattleState): string[] {
  const b = brg(s);
  const out: string[] = [];
  const t = tokensNow(s);
  if (t) out.push(`Activate tokens (${t.placed}) still down: ${awaiting(t).map((h) => `${h.name ?? h.id} (${h.side})`).join(', ') || 'none, every one has activated'}`);
  const ini = initiativeNow(s);
  if (ini && ini.declaredSideId === undefined) out.push(ini.winnerSideId ? `${sideName(s, ini.winnerSideId)} won the initiative and declares which side activates (/activate declare)` : 'The initiative is tied: a GM declares which side activates (/activate declare)');
  else if (ini?.declaredSideId && !ini.used) out.push(`${sideName(s, ini.declaredSideId)} activates next: /activate ${t?.what ?? 'formation'}`);
  const v = b.volleys;
  if (v && samePhase(v.at, s.position)) out.push(`${s.commands[v.formationId]?.name} is acting (BRG-2.2): /fire brigade, then /activate end-round`);
  const c = combatNow(s);
  if (c?.remainder) out.push(`Extra casualties waiting for the GM: ${c.remainder.count}, one each to units of ${c.remainder.among.map((id) => unitName(s, id)).join(', ')} (/brigade remainder, BRG-3.3.4)`);
  if (c?.exploiting) out.push(`Exploiting: ${c.exploiting.map((id) => unitName(s, id)).join(', ') || 'none left'} (BRG-3.4)`);
  if (b.fallen.length) out.push(`Fallen leaders: ${b.fallen.map((f) => `${f.leader} (${f.kind}, fell turn ${f.removedTurn})`).join(', ')} (BRG-1.2)`);
  const leaders = Object.values(b.leaders);
  if (leaders.length) out.push(`Leaders: ${leaders.map((l) => `${l.name} ${l.kind} (${sideName(s, l.sideId)})`).join(', ')}`);
  if (b.withdrawn.length) out.push(`Withdrawn from the battlefield: ${b.withdrawn.map((id) => sideName(s, id)).join(', ')} (BRG-4.2)`);
  return out;
}

// ---------------------------------------------------------------------------------------------
// Input syntax shared by the slash commands.

/** "name=1.5; name=3": names with a measured distance (or a number), separated by ; or newlines. */
export function parsePairs(text: string, what: string): { name: string; value: string }[] {
  return text
    .split(/[;\n]/)
    .map((p) => p.trim())
    .filter(Boolean)
    .map((p) => {
      const i = p.lastIndexOf('=');
      if (i <= 0 || i === p.length - 1) refuse(`"${p}" is not name=${what}: write e.g. "1/45th Foot=1.5; 3rd Dragoons=4".`);
      return { name: p.slice(0, i).trim(), value: p.slice(i + 1).trim() };
    });
}

export function parseNumber(what: string, v: string): number {
  const n = Number(v);
  if (!/^\d+(\.\d+)?$/.test(v) || !Number.isFinite(n)) refuse(`${what} must be a distance such as 3 or 1.5 (got "${v}").`);
  return n;
}

/** Unit names separated by commas or semicolons. */
export const parseNames = (text: string): string[] =>
  text
    .split(/[;,\n]/)
    .map((x) => x.trim())
    .filter(Boolean);

/** "label=+1, other=-2": modifiers a GM gives where the source prints none. */
export function parseGivenModifiers(text: string): GivenModifier[] {
  return parseNames(text).map((p) => {
    const m = /^(.+?)\s*=\s*([+-]?\d+)$/.exec(p) ?? refuse(`"${p}" is not a modifier: write label=+1 (the source prints no melee or supplementary modifiers, BRG-3.3.2).`);
    return { text: m[1]!.trim(), value: Number(m[2]) };
  });
}

/** Faces of a d6, e.g. "5 6". */
export function parseFaces(text: string): number[] {
  return text
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((f) => {
      const n = Number(f);
      if (!Number.isInteger(n)) refuse(`"${f}" is not a face of the die.`);
      return n;
    });
}

export { ROUNDINGS, LEADER_KINDS };
