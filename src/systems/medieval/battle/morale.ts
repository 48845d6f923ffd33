import { list, say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { DiceUsed } from '../../../battle/events.ts';
import { houseNote, houseRule } from '../../../battle/house.ts';
import { checkActsFor, findUnit, needDice, rulingLine, samePhase, unitSideId, type Ruling } from '../../../battle/mechanics.ts';
import { isGm, type BattleState } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { refuse } from '../../../rules/errors.ts';
import { FIRE_KINDS, medievalPack as pack, moraleTest, signed, type ModifierChoice, type MoraleDerived, type MoraleOutcome, type MoraleReasonChoice, type TestingUnit } from '../index.ts';
import { dropOrRefuse, fitOrRule, LOG_REASONS_PHASE, moraleReasonMisfit, moraleReasonsFromLog, type ReasonFromLog } from './reasons.ts';
import { checkUnitCounts } from './unit-counts.ts';
import { checkPhase, figuresNow, letterOf, lines, lossesOf, lossesTenths, phaseId, setUnit, testingUnit, unitStatus, type MedievalUnitStatus } from './state.ts';

/**
 * Morale Tests and their effects on a unit (MED-MORALE, MED-MORALE-EFFECTS), and a GM's record of
 * what the log cannot know of a unit's order (/morale set).
 */

export type MoraleAction =
  /** `reasons` the player's; the log's are added (MED-MORALE-REASONS.4, .8, .9, .11), less those a GM drops (`dropReasons`). */
  | { type: 'MedievalMoraleTest'; unit: string; reasons: MoraleReasonChoice[]; dropReasons?: string[]; modifiers?: ModifierChoice[]; commanderDead?: boolean; friendsRouting?: number }
  | { type: 'MedievalSetStatus'; unit: string; disordered?: boolean; routing?: boolean; gunsAbandoned?: boolean };

export type MoraleEvent =
  | {
      type: 'MedievalMoraleTested';
      /** `reasonsFromLog`, `rulings`: the reasons the log gave, a GM's against the roster or log; absent in logs from before they were kept. */
      data: { unitId: string; at: TurnPosition; outcome: MoraleOutcome & { unit: string; derived: MoraleDerived; reasonsFromLog?: ReasonFromLog[]; rulings?: Ruling[] }; dice: DiceUsed };
    }
  | { type: 'MedievalStatusSet'; data: { unitId: string; disordered?: boolean; routing?: boolean; gunsAbandoned?: boolean } };

type Of<T extends MoraleEvent['type']> = Extract<MoraleEvent, { type: T }>;

/** The side whose units take morale tests in a phase (MED-SEQ.4-9); both in 10 and 15. */
const MORALE_SIDE: Record<string, 'A' | 'B'> = { 'MED-SEQ.4': 'A', 'MED-SEQ.5': 'B', 'MED-SEQ.6': 'B', 'MED-SEQ.7': 'A', 'MED-SEQ.8': 'A', 'MED-SEQ.9': 'B' };

/**
 * MED-MORALE: one test per unit per phase for the highest-priority reason (MED-MORALE.3), in the
 * phases the sequence gives morale tests to the unit's side; the effect is applied to the unit.
 * Whether the unit is charging or advancing already (MED-MORALE-EFFECTS.4a, .5a) is read from the
 * factors chosen, MED-MORALE-MOD.13 and .15.
 */
export function decideMoraleTest(s: BattleState, a: Extract<MoraleAction, { type: 'MedievalMoraleTest' }>, ctx: DecideContext): MoraleEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, say('medieval.morale.testIt'));
  checkPhase(s, 'MED-MORALE', 'morale');
  const pid = phaseId(s.position);
  const testing = MORALE_SIDE[pid];
  if (testing) {
    const letter = letterOf(s, unitSideId(s, u));
    if (letter !== testing) refuse(say('medieval.morale.notYourPhase', { phase: pid.replace('MED-SEQ.', ''), testing, rule: pid, unit: u.name, letter }));
  }
  const st = unitStatus(s, u.id);
  if (samePhase(st.morale?.at, s.position)) {
    refuse(say('medieval.morale.onePerPhase', { unit: u.name, result: st.morale!.name }));
  }
  if (figuresNow(s, u) === 0) refuse(say('medieval.state.noFiguresLeft', { unit: u.name }));
  // An intent (receive, evade, rally, restore) goes with the reasons whose column depends on it (MED-MORALE-REASONS.3, .10).
  const intents = [...new Set(a.reasons.flatMap((r) => (r.intent ? [r.intent] : [])))];
  const given = a.reasons.map(({ id, intent }) => {
    const row = pack.morale.reasons.find((r) => r.id === id);
    return intent && row?.columnByIntent?.[intent] !== undefined ? { id, intent } : { id };
  });
  for (const intent of intents) {
    if (!given.some((r) => 'intent' in r && r.intent === intent)) {
      const takers = pack.morale.reasons.filter((r) => r.columnByIntent?.[intent] !== undefined).map((r) => r.id);
      refuse(say('medieval.morale.intentUnused', { intent, takers: list(takers, 'or') }));
    }
  }
  // The reasons: the player's checked against the roster and log, the log's added, a GM's drops ruled.
  const rulings: Ruling[] = [];
  for (const r of given) {
    const row = pack.morale.reasons.find((x) => x.id === r.id);
    const ruling = row ? fitOrRule(s, ctx.actor, u, row, moraleReasonMisfit(s, u, r.id, 'intent' in r ? r.intent : undefined)) : null;
    if (ruling) rulings.push(ruling);
  }
  const logged = moraleReasonsFromLog(s, u);
  for (const id of a.dropReasons ?? []) {
    const from = logged.find((r) => r.id === id);
    if (!from) refuse(say('medieval.morale.notFromLog', { id, unit: u.name, logged: logged.map((r) => r.id).join(', ') || say('medieval.unitCounts.none') }));
    if (given.some((r) => r.id === id)) refuse(say('medieval.morale.givenAndDropped', { id }));
    rulings.push(dropOrRefuse(s, ctx.actor, u, from));
  }
  const fromLog = logged.filter((r) => !given.some((g) => g.id === r.id) && !(a.dropReasons ?? []).includes(r.id));
  const reasons: MoraleReasonChoice[] = [...given, ...fromLog.map(({ id }) => ({ id }))];
  if (!reasons.length) {
    refuse(say('medieval.morale.giveReason', { unit: u.name, phase: pid === LOG_REASONS_PHASE ? 'log' : pid === 'MED-SEQ.10' ? 'seen' : 'other' }));
  }
  const chosen = lostValues(s, a.modifiers ?? []);
  // MED-MORALE-MOD.4, .6, .8, .10: no count passes the units the battle holds.
  const counts = chosen.filter((m) => !m.exclude).map((m) => ({ id: m.id, count: m.count ?? 1 }));
  checkUnitCounts(s, u, pack.morale.modifiers, [...counts, ...(a.friendsRouting ? [{ id: 'MED-MORALE-MOD.6', count: a.friendsRouting }] : [])]);
  const unit: TestingUnit = {
    ...testingUnit(s, u),
    ...(chosen.some((m) => m.id === 'MED-MORALE-MOD.13') ? { charging: true } : {}),
    ...(chosen.some((m) => m.id === 'MED-MORALE-MOD.15') ? { advancing: true } : {}),
  };
  const derived: MoraleDerived = {
    lossesTenths: lossesTenths(s, u),
    lossesOf: lossesOf(s, u),
    commanderDead: a.commanderDead ?? false,
    friendsRoutingNearby: a.friendsRouting ?? 0,
    impetuous: st.impetuous !== undefined,
    firedRecently: st.volleys !== undefined && st.volleys.turn >= s.position.turn - 1,
    ...underFire(s, st),
  };
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) => moraleTest({ reasons, unit, modifiers: chosen, derived, gm: isGm(s, ctx.actor), dice: d, pack }));
  const outcome = { ...o, unit: u.name, derived, ...(fromLog.length ? { reasonsFromLog: fromLog } : {}), ...(rulings.length ? { rulings } : {}) };
  return [{ type: 'MedievalMoraleTested', data: { unitId: u.id, at: s.position, outcome, dice: used } }];
}

/**
 * MED-MORALE-MOD.18, .20, .22 from the log: the latest fire on the unit by each kind of firer.
 * "Under fire" has no window in the morale chart; the firing chart gives the same words one,
 * "under fire (this move or last)" (MED-FIRE-MOD.9), read there as this Game Turn or the last.
 */
function underFire(s: BattleState, st: MedievalUnitStatus): Pick<MoraleDerived, 'underFire'> {
  const fired = FIRE_KINDS.flatMap((kind) => {
    const f = st.underFire?.[kind];
    if (!f || f.at.turn < s.position.turn - 1) return [];
    return [{ kind, by: s.units[f.by]?.name ?? f.by, when: say('medieval.morale.when', { turn: String(f.at.turn), phase: phaseId(f.at).replace('MED-SEQ.', '') }) }];
  });
  return fired.length ? { underFire: fired } : {};
}

/**
 * A factor whose value the source lost (MED-MORALE-MOD.26, "+?") takes the battle's house rule when
 * a GM has set one, cited in the working; then a value given with it is refused. Unset, it is
 * given at the use (26=+n), as the resolver asks.
 */
function lostValues(s: BattleState, chosen: readonly ModifierChoice[]): ModifierChoice[] {
  return chosen.map((c) => {
    const row = pack.morale.modifiers.find((m) => m.id === c.id);
    const entry = row?.house && !c.exclude ? houseRule(s, row.house) : undefined;
    if (!row?.house || !entry) return c;
    const value = entry.value as number;
    if (c.value !== undefined) refuse(say('medieval.morale.byHouseRule', { id: row.id, text: row.text, value: signed(value), key: row.house, note: houseNote(entry) }));
    return { ...c, value, source: houseNote(entry) };
  });
}

/** What the log cannot know: disorder from terrain (MED-TERRAIN), a rally or reform on the table, guns manned again. */
export function decideSetStatus(s: BattleState, a: Extract<MoraleAction, { type: 'MedievalSetStatus' }>): MoraleEvent[] {
  const u = findUnit(s, a.unit);
  const st = unitStatus(s, u.id);
  const data: Of<'MedievalStatusSet'>['data'] = { unitId: u.id };
  if (a.disordered !== undefined && a.disordered !== !!st.disordered) data.disordered = a.disordered;
  if (a.routing !== undefined && a.routing !== !!st.routing) data.routing = a.routing;
  if (a.gunsAbandoned !== undefined) {
    if (u.attrs.arm !== 'artillery') refuse(say('medieval.morale.notArtillery', { unit: u.name }));
    if (a.gunsAbandoned !== !!st.gunsAbandoned) data.gunsAbandoned = a.gunsAbandoned;
  }
  if (Object.keys(data).length === 1) refuse(say('medieval.morale.nothingToChange', { unit: u.name, status: statusText(st) }));
  return [{ type: 'MedievalStatusSet', data }];
}

/** A unit's order as a phrase ("routing, disordered"; "in good order"), for /morale set when nothing would change. */
export function statusText(st: MedievalUnitStatus): Text {
  const words = [st.routing ? 'routing' : '', st.disordered ? 'disordered' : '', st.gunsAbandoned ? 'gunsAbandoned' : ''].filter(Boolean).map((what) => say('medieval.morale.status', { what }));
  return words.length ? words.reduce((a, b) => say('medieval.morale.comma', { a, b })) : say('medieval.morale.goodOrder');
}

export function evolveMoraleTested(d: BattleState, e: Of<'MedievalMoraleTested'>): void {
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
}

export function evolveStatusSet(d: BattleState, e: Of<'MedievalStatusSet'>): void {
  const { unitId: _id, ...change } = e.data;
  setUnit(d, e.data.unitId, (st) => ({ ...st, ...change }));
}

export function describeMoraleTested(e: Of<'MedievalMoraleTested'>): Text {
  const o = e.data.outcome;
  return lines(say('medieval.morale.head', { unit: o.unit, result: o.effect.name }), [
    ...(o.reasonsFromLog ?? []).map((r) => say('medieval.state.fromLog', { id: r.id, unit: o.unit, why: r.why })),
    ...(o.rulings ?? []).map(rulingLine),
    ...o.steps,
    ...o.effect.text,
  ]);
}

export function describeStatusSet(e: Of<'MedievalStatusSet'>, s: BattleState): Text {
  const { unitId, ...change } = e.data;
  const words = Object.entries(change).map(([what, v]) => say('medieval.morale.setTo', { what, value: v ? 'yes' : 'no' }));
  return say('medieval.morale.statusSet', { unit: s.units[unitId]?.name ?? unitId, changes: words.length ? words.reduce((a, b) => say('medieval.morale.comma', { a, b })) : '' });
}
