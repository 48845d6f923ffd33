import { rowText } from './words.ts';
import { say, type Text } from '../../i18n/text.ts';
import { refuse } from '../../rules/errors.ts';
import { rollFactor } from './factor.ts';
import { applyModifiers, droppedLines, modifierLine, sumModifiers, type AppliedModifier, type ModifierChoice } from './modifiers.ts';
import type { MedievalPack } from './pack-schema.ts';
import { recorder, signed, type Dice, type Outcome } from '../../rules/outcome.ts';
import type { TestingUnit } from './unit.ts';

/**
 * The Control Test for impetuous troops (MED-CONTROL, MED-CONTROL-MOD, MED-CONTROL-RESULT): a d10
 * gives a factor (1-2 +1 ... 9-10 +5), the applicable factors are added, 3 or lower passes and 4 or
 * higher fails: the unit is impetuous (must follow up, charge or pursue) until it passes a retest
 * in phase 16 (MED-CONTROL-RESULT.3). The source gives no clamp. Artillery, skirmishers, hedgehogs
 * and stands of pike never test (MED-CONTROL.9). MED-CONTROL-MOD.31 (commander killed values) is
 * not applied: the source does not say how.
 */

export interface ControlDerived {
  /** Full tenths of the original figure-strength lost; each full 20% is MED-CONTROL-MOD.4. */
  lossesTenths?: number;
  /** Which original they count from, in words (as MoraleDerived.lossesOf). */
  lossesOf?: Text;
}

export interface ControlInput {
  /** MED-CONTROL.1 to .8. */
  reason: string;
  unit: TestingUnit;
  modifiers?: readonly ModifierChoice[];
  derived?: ControlDerived;
  /** Who chose the modifiers, when the battle asks: a derived one is a player's claim (refused) or a GM's ruling. */
  gm?: boolean;
  dice: Dice;
  pack: MedievalPack;
}

export interface ControlOutcome extends Outcome {
  rule: 'MED-CONTROL';
  reason: { id: string; text: string };
  roll: number;
  factor: number;
  modifiers: AppliedModifier[];
  total: number;
  passed: boolean;
  /** Failed: impetuous until a retest in phase 16 passes (MED-CONTROL-RESULT.2-3). */
  impetuous: boolean;
  result: { id: string; text: string };
}

/** Who never takes a control test (MED-CONTROL.9) that `unit` is, as a sentence opens, or null. */
export function controlExemption(unit: TestingUnit, pack: MedievalPack): Text | null {
  const ex = pack.control.exempt;
  if (ex.arms.includes(unit.arm)) return say('medieval.control.exemptArm', { arm: unit.arm });
  if (unit.order !== undefined && ex.orders.includes(unit.order)) return say('medieval.control.exemptOrder', { order: unit.order });
  if (unit.formation !== undefined && ex.formations.includes(unit.formation)) return say('medieval.control.exemptFormation', { formation: unit.formation });
  return null;
}

export function controlDerivedModifiers(unit: TestingUnit, derived: ControlDerived, pack: MedievalPack): { choices: ModifierChoice[]; notes: Text[] } {
  const choices: ModifierChoice[] = [];
  const notes: Text[] = [];
  const cls = unit.class;
  if (cls) {
    const row = pack.control.modifiers.find((m) => m.derivable && m.classes?.includes(cls) && (!m.arms || m.arms.includes(unit.arm)));
    if (row) choices.push({ id: row.id });
    else notes.push(say('medieval.control.noClassFactor', { cls, arm: unit.arm }));
  }
  const tenths = derived.lossesTenths ?? 0;
  if (!Number.isInteger(tenths) || tenths < 0 || tenths > 10) refuse(say('medieval.rules.tenths', { got: String(tenths) }));
  if (tenths >= 2) choices.push({ id: 'MED-CONTROL-MOD.4', count: Math.floor(tenths / 2), ...(derived.lossesOf ? { source: derived.lossesOf } : {}) });
  if (unit.disordered) choices.push({ id: 'MED-CONTROL-MOD.25' });
  return { choices, notes };
}

export function controlTest(input: ControlInput): ControlOutcome {
  const { pack, unit } = input;
  const control = pack.control;
  const reason = control.reasons.find((r) => r.id === input.reason);
  if (!reason) refuse(say('medieval.control.notReason', { got: input.reason, ids: control.reasons.map((r) => r.id).join(', ') }));
  const exempt = controlExemption(unit, pack);
  if (exempt) refuse(say('medieval.control.exempt', { who: exempt, rule: control.exempt.rule }));

  const steps: Text[] = [say('medieval.control.stepReason', { text: rowText('reason', reason), id: reason.id })];
  const d = controlDerivedModifiers(unit, input.derived ?? {}, pack);
  const modifiers = applyModifiers(control.modifiers, input.modifiers ?? [], d.choices, 'MED-CONTROL-MOD', input.gm === undefined ? undefined : { gm: input.gm });
  const rec = recorder(input.dice);
  const { roll, factor } = rollFactor(control, rec);
  steps.push(say('medieval.control.stepRoll', { roll: String(roll), factor: signed(factor) }));
  for (const m of modifiers) steps.push(modifierLine(m));
  steps.push(...droppedLines(control.modifiers, input.modifiers ?? []), ...d.notes);
  const total = factor + sumModifiers(modifiers);
  const passed = total <= control.result.passAtMost;
  const result = passed ? control.result.pass : control.result.fail;
  steps.push(say('medieval.control.stepTotal', { total: String(total), passed: passed ? 'yes' : 'no', limit: String(passed ? control.result.passAtMost : control.result.passAtMost + 1), id: result.id, text: rowText('result', result) }));
  if (!passed) steps.push(say('medieval.control.stepRetest', { id: control.result.retest.id }));
  return { rule: 'MED-CONTROL', reason, roll, factor, modifiers, total, passed, impetuous: !passed, result, dice: rec.rolled, steps };
}
