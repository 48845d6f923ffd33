import { say, type Text } from '../../../i18n/text.ts';
import type { DecideContext } from '../../../battle/decide.ts';
import type { DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, findUnit, needDice, rulingLine, type Ruling } from '../../../battle/mechanics.ts';
import { isGm, type BattleState } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { refuse } from '../../../rules/errors.ts';
import { controlTest, medievalPack as pack, type ControlOutcome, type ModifierChoice } from '../index.ts';
import { controlReasonFromLog, controlReasonMisfit, fitOrRule, type ReasonFromLog } from './reasons.ts';
import { checkUnitCounts } from './unit-counts.ts';
import { checkPhase, figuresNow, lines, lossesOf, lossesTenths, phaseAt, setUnit, testingUnit, unitStatus } from './state.ts';

/** Control Tests for impetuous troops and their retest (MED-CONTROL, MED-CONTROL-RESULT). */

/** `reason` left out: the one the log gives (the retest of an impetuous unit, MED-CONTROL.2), if any. */
export type ControlAction = { type: 'MedievalControlTest'; unit: string; reason?: string; modifiers?: ModifierChoice[]; rashCommander?: boolean };

/**
 * `reasonFromLog`: the reason the battle took from the log, none being given; `rulings`: a GM's
 * reason that the roster or the log contradict. Both absent in logs from before they were kept.
 */
export type ControlEvent = {
  type: 'MedievalControlTested';
  data: { unitId: string; at: TurnPosition; outcome: ControlOutcome & { unit: string; lossesTenths: number; reasonFromLog?: ReasonFromLog; rulings?: Ruling[] }; dice: DiceUsed };
};

/** The reason an impetuous unit gives when it retakes its test in a later phase 16 (MED-CONTROL-RESULT.3). */
const CONTROL_RETEST = 'MED-CONTROL.6';

/** MED-CONTROL in phase 16 (MED-SEQ.16); a failed unit is impetuous until a later retest passes. */
export function decideControlTest(s: BattleState, a: ControlAction, ctx: DecideContext): ControlEvent[] {
  const u = findUnit(s, a.unit);
  checkActsFor(s, ctx.actor, u, say('medieval.control.testIt'));
  checkPhase(s, 'MED-CONTROL', 'control');
  const st = unitStatus(s, u.id);
  const fromLog = a.reason === undefined ? controlReasonFromLog(s, u) : null;
  const reason = a.reason ?? fromLog?.id ?? refuse(say('medieval.control.giveReason', { unit: u.name }));
  if (reason === CONTROL_RETEST) {
    if (!st.impetuous) refuse(say('medieval.control.notImpetuous', { unit: u.name, rule: CONTROL_RETEST }));
    if (st.impetuous.since.turn === s.position.turn) refuse(say('medieval.control.failedThisTurn', { unit: u.name }));
  } else if (st.impetuous) {
    refuse(say('medieval.control.impetuousAlready', { unit: u.name, at: phaseAt(st.impetuous.since), rule: CONTROL_RETEST }));
  }
  if (figuresNow(s, u) === 0) refuse(say('medieval.state.noFiguresLeft', { unit: u.name }));
  const row = pack.control.reasons.find((r) => r.id === reason);
  const ruling = row ? fitOrRule(s, ctx.actor, u, row, controlReasonMisfit(s, u, reason, a.modifiers)) : null;
  // MED-CONTROL-MOD.14, .16, .18, .20: no count passes the units the battle holds.
  checkUnitCounts(s, u, pack.control.modifiers, (a.modifiers ?? []).filter((m) => !m.exclude).map((m) => ({ id: m.id, count: m.count ?? 1 })));
  const tenths = lossesTenths(s, u);
  const modifiers = a.rashCommander ? (a.modifiers ?? []).map((m) => ({ ...m, commander: 'Rash' as const })) : a.modifiers;
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    controlTest({ reason, unit: testingUnit(s, u), ...(modifiers ? { modifiers } : {}), derived: { lossesTenths: tenths, lossesOf: lossesOf(s, u) }, gm: isGm(s, ctx.actor), dice: d, pack }),
  );
  const outcome = { ...o, unit: u.name, lossesTenths: tenths, ...(fromLog ? { reasonFromLog: fromLog } : {}), ...(ruling ? { rulings: [ruling] } : {}) };
  return [{ type: 'MedievalControlTested', data: { unitId: u.id, at: s.position, outcome, dice: used } }];
}

export function evolveControlTested(d: BattleState, e: ControlEvent): void {
  const o = e.data.outcome;
  setUnit(d, e.data.unitId, (st) => {
    const { impetuous: _was, ...rest } = st;
    if (!o.passed) return st.impetuous ? st : { ...st, impetuous: { since: e.data.at, reason: o.reason.id } };
    return o.reason.id === CONTROL_RETEST ? rest : st;
  });
}

export function describeControlTested(e: ControlEvent): Text {
  const o = e.data.outcome;
  return lines(say('medieval.control.head', { unit: o.unit, result: o.passed ? 'passed' : 'failed' }), [
    ...(o.reasonFromLog ? [say('medieval.state.fromLog', { id: o.reasonFromLog.id, unit: o.unit, why: o.reasonFromLog.why })] : []),
    ...(o.rulings ?? []).map(rulingLine),
    ...o.steps,
    ...(o.passed && o.reason.id === CONTROL_RETEST ? [say('medieval.control.noLongerImpetuous', { unit: o.unit })] : []),
  ]);
}
