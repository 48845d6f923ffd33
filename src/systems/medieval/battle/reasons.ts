import { findByName, isGm, type BattleState, type Unit } from '../../../battle/state.ts';
import { unitSideId, type Ruling } from '../../../battle/mechanics.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { say, shipped, type Text } from '../../../i18n/text.ts';
import { armText } from '../words.ts';
import { refuse } from '../../../rules/errors.ts';
import { controlExemption, medievalPack as pack, type ModifierChoice, type MoraleIntent } from '../index.ts';
import { figuresNow, phaseId, startFigures, testingUnit, unitStatus } from './state.ts';

/**
 * Why a unit tests (MED-CONTROL.1-8, MED-MORALE-REASONS.1-12), read against the roster and the log.
 * Each reason is one of three kinds:
 * - a condition on the unit itself (class, arm): checked against the roster;
 * - a fact the log knows (a round of melee drawn or lost, casualties from fire, first under fire,
 *   strength at 50% or less): a morale test includes it without the player naming it, and a player
 *   naming it when the log says otherwise is refused;
 * - what only the table knows (distances, sight, intentions): the player's word, unchecked.
 * A GM may rule against any check; the ruling is kept in the event and shown in its working.
 *
 * Who won a round of melee the source does not say (MED-MELEE). The battle reads it by figures
 * killed: a unit that killed more than it lost won the round, one that killed as many drew, fewer
 * lost. A GM who reads a round otherwise rules so (a reason given against it, or dropped).
 */

/** A reason as the pack gives it: its id and words. */
export interface ReasonRow {
  id: string;
  text: string;
}

/** A control or morale reason in the reader's words. */
const reasonText = (row: ReasonRow): Text => shipped(`medieval.pack.reason.${row.id}`, row.text);

/** A reason that comes from the log, and why. */
export interface ReasonFromLog {
  id: string;
  /** A phrase; a string in logs from before phrases. */
  why: Text;
}

const later = (a: TurnPosition, b: TurnPosition | undefined) => b === undefined || a.turn > b.turn || (a.turn === b.turn && a.phase > b.phase);

/** "B class infantry", "C class infantry in skirmish order": the roster as the reasons read it. */
export function rosterWords(u: Unit): Text {
  return say('medieval.reasons.roster', {
    hasClass: u.attrs.class !== undefined ? 'yes' : 'no',
    cls: String(u.attrs.class ?? ''),
    arm: armText(String(u.attrs.arm)),
    order: u.attrs.order === 'skirmish' || u.attrs.order === 'loose' ? String(u.attrs.order) : 'none',
  });
}

/** This turn's rounds of melee, in words ("killed 2, lost 3 against Irish Kerns"), or null. */
function meleeThisTurn(s: BattleState, u: Unit) {
  const m = unitStatus(s, u.id).melee;
  if (m?.turn !== s.position.turn) return null;
  const names = m.against.map((id) => s.units[id]?.name ?? id).join(', ');
  return { ...m, names, words: say('medieval.reasons.meleeWords', { kills: String(m.kills), losses: String(m.losses), names }) };
}

const WON_READING = say('medieval.reasons.wonReading');

const enemyRouting = (s: BattleState, u: Unit) =>
  Object.values(s.units).filter((x) => unitSideId(s, x) !== unitSideId(s, u) && unitStatus(s, x.id).routing && figuresNow(s, x) > 0);

/**
 * Why control reason `id` does not fit the unit, or null: it fits, or only the table can say
 * (MED-CONTROL.6, .8 and the distances and sight in all of them). `modifiers` are the test's: a
 * unit declared Irregular (MED-CONTROL-MOD.15) may test for MED-CONTROL.4.
 */
export function controlReasonMisfit(s: BattleState, u: Unit, id: string, modifiers: readonly ModifierChoice[] = []): Text | null {
  if (controlExemption(testingUnit(s, u), pack)) return null;
  const cls = String(u.attrs.class ?? '');
  const arm = String(u.attrs.arm ?? '');
  // An impetuous unit's test is the retest (MED-CONTROL-RESULT.3); the battle refuses the rest outright.
  const impetuous = unitStatus(s, u.id).impetuous !== undefined;
  if (id === 'MED-CONTROL.6') return impetuous ? null : say('medieval.reasons.notImpetuous');
  if (impetuous) return say('medieval.reasons.impetuousAlready', { rule: 'MED-CONTROL.6' });
  switch (id) {
    case 'MED-CONTROL.1':
    case 'MED-CONTROL.2': {
      const m = meleeThisTurn(s, u);
      if (!m) return say('medieval.reasons.noMelee');
      if (m.kills <= m.losses) return say('medieval.reasons.didNotWin', { words: m.words, reading: WON_READING });
      if (id === 'MED-CONTROL.2' && !m.against.some((e) => unitStatus(s, e).routing)) return say('medieval.reasons.noneRouting', { names: m.names });
      return null;
    }
    case 'MED-CONTROL.3':
      if (arm !== 'cavalry') return say('medieval.reasons.notCavalry');
      if (unitStatus(s, u.id).firedOn?.turn !== s.position.turn) return say('medieval.reasons.notFiredAt');
      return null;
    case 'MED-CONTROL.4':
      if (cls !== 'D' && cls !== 'E' && !modifiers.some((m) => m.id === 'MED-CONTROL-MOD.15' && !m.exclude)) return say('medieval.reasons.notDorE', { rule: 'MED-CONTROL-MOD.15' });
      if (!enemyRouting(s, u).length) return say('medieval.reasons.noEnemyRouting');
      return null;
    case 'MED-CONTROL.5':
      return cls === 'A' && arm === 'cavalry' ? null : say('medieval.reasons.notAClassCavalry');
    case 'MED-CONTROL.7':
      return cls === 'M' ? null : say('medieval.reasons.notMClass');
    default:
      return null;
  }
}

/** The control reason the log gives the unit when none is named: the retest (.6) of an impetuous unit, or .2. */
export function controlReasonFromLog(s: BattleState, u: Unit): ReasonFromLog | null {
  const st = unitStatus(s, u.id);
  if (st.impetuous) return { id: 'MED-CONTROL.6', why: say('medieval.reasons.retest', { turn: String(st.impetuous.since.turn) }) };
  const m = meleeThisTurn(s, u);
  if (m && !controlReasonMisfit(s, u, 'MED-CONTROL.2')) return { id: 'MED-CONTROL.2', why: say('medieval.reasons.wonAndRouting', { words: m.words, reading: WON_READING }) };
  return null;
}

/**
 * The reasons the log knows (a round of melee drawn or lost, casualties from fire, first under fire,
 * strength at 50% or less) are tested in phase 15, "for any unit that now needs to do so"
 * (MED-SEQ.15): the melee is phase 13's, the fire phases 8 to 12's. Phase 10 is for units seeing
 * friendly units Routing or Falling-back in disorder in phases 3 to 9 (MED-SEQ.10, reason 6).
 */
export const LOG_REASONS: readonly string[] = ['MED-MORALE-REASONS.4', 'MED-MORALE-REASONS.8', 'MED-MORALE-REASONS.9', 'MED-MORALE-REASONS.11'];
export const LOG_REASONS_PHASE = 'MED-SEQ.15';
const number = (pid: string) => pid.replace('MED-SEQ.', '');

/** A Morale Test this turn in phases 4 to 9: the unit declared a charge or a reaction to one, or charged under fire (MED-SEQ.4-9). */
function chargedOrReacted(s: BattleState, u: Unit): string | null {
  const at = unitStatus(s, u.id).morale?.at;
  if (at?.turn !== s.position.turn) return null;
  const n = Number(number(phaseId(at)));
  return n >= 4 && n <= 9 ? number(phaseId(at)) : null;
}

/**
 * Why morale reason `id` does not fit the unit, or null: it fits, or only the table can say
 * (MED-MORALE-REASONS.1, .3, .5, .6, .7, .12: sight, distances, intentions, commanders). A reason
 * the log knows is phase 15's (MED-SEQ.15); in phase 10 a unit that charged or reacted to a charge
 * this turn does not test for seeing friends rout (MED-SEQ.10).
 */
export function moraleReasonMisfit(s: BattleState, u: Unit, id: string, intent?: MoraleIntent): Text | null {
  const st = unitStatus(s, u.id);
  const turn = s.position.turn;
  const pid = phaseId(s.position);
  if (LOG_REASONS.includes(id) && pid !== LOG_REASONS_PHASE) return say('medieval.reasons.phase15', { n: number(pid), pid });
  if (id === 'MED-MORALE-REASONS.6' && pid === 'MED-SEQ.10') {
    const tested = chargedOrReacted(s, u);
    if (tested) return say('medieval.reasons.phase10', { n: tested });
  }
  switch (id) {
    case 'MED-MORALE-REASONS.2':
      return st.firedOn?.turn === turn ? null : say('medieval.reasons.notUnderFire');
    case 'MED-MORALE-REASONS.4': {
      const m = meleeThisTurn(s, u);
      if (!m) return say('medieval.reasons.noMelee');
      return m.kills > m.losses ? say('medieval.reasons.wonMelee', { words: m.words, reading: WON_READING }) : null;
    }
    case 'MED-MORALE-REASONS.8':
      return st.fireLosses?.turn === turn ? null : say('medieval.reasons.noFireLosses');
    case 'MED-MORALE-REASONS.9':
      if (!st.firstFiredOn) return say('medieval.reasons.neverUnderFire');
      return st.firstFiredOn.turn === turn ? null : say('medieval.reasons.firstUnderFireIn', { turn: String(st.firstFiredOn.turn) });
    case 'MED-MORALE-REASONS.10':
      if (intent === 'rally' && !st.routing) return say('medieval.reasons.notRouting');
      if (intent === 'restore' && !st.routing && (!st.morale || st.morale.result === 'act-as-ordered')) return say('medieval.reasons.obeyOrders');
      return null;
    case 'MED-MORALE-REASONS.11':
      return figuresNow(s, u) * 2 <= startFigures(u) ? null : say('medieval.reasons.moreThanHalf', { now: String(figuresNow(s, u)), start: String(startFigures(u)) });
    default:
      return null;
  }
}

/**
 * The morale reasons the log gives the unit now, each once: in phase 15 (MED-SEQ.15, LOG_REASONS),
 * a fact that arose after its last test there (one test covers all its reasons, MED-MORALE.3);
 * strength at 50% or less once each Game Turn (MED-MORALE-REASONS.11). A test in another phase is
 * for that phase's reasons and leaves these to phase 15.
 */
export function moraleReasonsFromLog(s: BattleState, u: Unit): ReasonFromLog[] {
  if (phaseId(s.position) !== LOG_REASONS_PHASE) return [];
  const st = unitStatus(s, u.id);
  const turn = s.position.turn;
  const since = st.morale && phaseId(st.morale.at) === LOG_REASONS_PHASE ? st.morale.at : undefined;
  const out: ReasonFromLog[] = [];
  const m = meleeThisTurn(s, u);
  if (m && m.kills <= m.losses && later(m.at, since)) out.push({ id: 'MED-MORALE-REASONS.4', why: say('medieval.reasons.lostOrDrew', { result: m.kills < m.losses ? 'lost' : 'drew', words: m.words, reading: WON_READING }) });
  if (st.fireLosses?.turn === turn && later(st.fireLosses.at, since)) out.push({ id: 'MED-MORALE-REASONS.8', why: say('medieval.reasons.fireLosses', { n: st.fireLosses.figures }) });
  if (st.firstFiredOn?.turn === turn && later(st.firstFiredOn, since)) out.push({ id: 'MED-MORALE-REASONS.9', why: say('medieval.reasons.firstUnderFire') });
  if (figuresNow(s, u) * 2 <= startFigures(u) && (since === undefined || since.turn < turn)) out.push({ id: 'MED-MORALE-REASONS.11', why: say('medieval.reasons.halfOrLess', { now: String(figuresNow(s, u)), start: String(startFigures(u)) }) });
  return out;
}

/**
 * A reason given that does not fit (`misfit`): a player's is refused, naming the reason, its words
 * and why; a GM's stands as a ruling, kept in the event.
 */
export function fitOrRule(s: BattleState, actor: string, u: Unit, row: ReasonRow, misfit: Text | null): Ruling | null {
  if (misfit === null) return null;
  if (!isGm(s, actor)) refuse(say('medieval.reasons.doesNotFit', { id: row.id, text: reasonText(row), unit: u.name, roster: rosterWords(u), misfit }));
  return { what: say('medieval.reasons.ruling.what', { id: row.id, unit: u.name }), ruled: say('medieval.reasons.ruling.applies'), derived: say('medieval.reasons.ruling.doesNotFit', { roster: rosterWords(u), misfit }), by: actor };
}

/** A reason the log gives that a GM drops; a player may not. */
export function dropOrRefuse(s: BattleState, actor: string, u: Unit, from: ReasonFromLog): Ruling {
  const row = pack.morale.reasons.find((r) => r.id === from.id)!;
  if (!isGm(s, actor)) refuse(say('medieval.reasons.fromLogGmDrops', { id: row.id, text: reasonText(row), unit: u.name, why: from.why }));
  return { what: say('medieval.reasons.ruling.what', { id: row.id, unit: u.name }), ruled: say('medieval.reasons.ruling.doesNotApply'), derived: say('medieval.reasons.ruling.fromLog', { unit: u.name, why: from.why }), by: actor };
}

/** The unit named in a command's `unit` option, when a battle holds it (completion). */
export const typedUnit = (s: BattleState | undefined, options: Readonly<Record<string, unknown>> | undefined): Unit | undefined =>
  s && typeof options?.unit === 'string' ? findByName(s.units, options.unit) : undefined;
