import type { DecideContext } from '../../../battle/decide.ts';
import type { DiceUsed } from '../../../battle/events.ts';
import { checkActsFor, findUnit, needDice } from '../../../battle/mechanics.ts';
import { isGm, type BattleState } from '../../../battle/state.ts';
import type { TurnPosition } from '../../../rules/sequence.ts';
import { refuse } from '../../../rules/errors.ts';
import { controlTest, medievalPack as pack, type ControlOutcome, type ModifierChoice } from '../index.ts';
import { checkUnitCounts } from './unit-counts.ts';
import { checkPhase, figuresNow, lines, lossesTenths, phaseText, setUnit, testingUnit, unitStatus } from './state.ts';

/** Control Tests for impetuous troops and their retest (MED-CONTROL, MED-CONTROL-RESULT). */

export type ControlAction = { type: 'MedievalControlTest'; unit: string; reason: string; modifiers?: ModifierChoice[]; rashCommander?: boolean };

export type ControlEvent = { type: 'MedievalControlTested'; data: { unitId: string; at: TurnPosition; outcome: ControlOutcome & { unit: string; lossesTenths: number }; dice: DiceUsed } };

/** The reason an impetuous unit gives when it retakes its test in a later phase 16 (MED-CONTROL-RESULT.3). */
const CONTROL_RETEST = 'MED-CONTROL.6';

/** MED-CONTROL in phase 16 (MED-SEQ.16); a failed unit is impetuous until a later retest passes. */
export function decideControlTest(s: BattleState, a: ControlAction, ctx: DecideContext): ControlEvent[] {
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
  // MED-CONTROL-MOD.14, .16, .18, .20: no count passes the units the battle holds.
  checkUnitCounts(s, u, pack.control.modifiers, (a.modifiers ?? []).filter((m) => !m.exclude).map((m) => ({ id: m.id, count: m.count ?? 1 })));
  const tenths = lossesTenths(s, u);
  const modifiers = a.rashCommander ? (a.modifiers ?? []).map((m) => ({ ...m, commander: 'Rash' as const })) : a.modifiers;
  const dice = needDice(ctx.dice);
  const { value: o, dice: used } = dice.take((d) =>
    controlTest({ reason: a.reason, unit: testingUnit(s, u), ...(modifiers ? { modifiers } : {}), derived: { lossesTenths: tenths }, gm: isGm(s, ctx.actor), dice: d, pack }),
  );
  return [{ type: 'MedievalControlTested', data: { unitId: u.id, at: s.position, outcome: { ...o, unit: u.name, lossesTenths: tenths }, dice: used } }];
}

export function evolveControlTested(d: BattleState, e: ControlEvent): void {
  const o = e.data.outcome;
  setUnit(d, e.data.unitId, (st) => {
    const { impetuous: _was, ...rest } = st;
    if (!o.passed) return st.impetuous ? st : { ...st, impetuous: { since: e.data.at, reason: o.reason.id } };
    return o.reason.id === CONTROL_RETEST ? rest : st;
  });
}

export function describeControlTested(e: ControlEvent): string {
  const o = e.data.outcome;
  return lines(`${o.unit} takes a Control Test (MED-CONTROL): ${o.passed ? 'passed' : 'failed, impetuous'}`, [
    ...o.steps,
    ...(o.passed && o.reason.id === CONTROL_RETEST ? [`${o.unit} is no longer impetuous.`] : []),
  ]);
}
