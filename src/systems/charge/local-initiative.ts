import { refuse } from '../../rules/errors.ts';
import { findBand } from './bands.ts';
import { classDie } from './class-dice.ts';
import type { Dice } from '../../rules/outcome.ts';
import { applyRows, checkGmModifiers, gmModifierText, modifierText, sumGm, sumModifiers, type AppliedModifier, type GmModifier, type Wanted } from './modifiers.ts';
import { recorder, type Outcome } from '../../rules/outcome.ts';
import { CLASSES, type ChargeRulesPack, type LocalInitKey, type LocalResult, type UnitClass } from './pack-schema.ts';
import type { ChargeHouse } from './house.ts';
import { fromText, sourced, type Sourced } from './sourced.ts';
import { attrWord, localResultText } from './pack-text.ts';
import { say, type Text } from '../../i18n/text.ts';

/**
 * Local initiative, INIT-LOCAL: "Local initiative may be rolled by any single unit at ANY time",
 * "may only be used for movement, or for forming square", and is mandatory "if enemy action
 * endangers a unit's flank". Class Dice plus Mods (+1 Division or better leader attached, -1
 * reacting to a cavalry charge) give AA, NA or No Action by class. The Class Dice and the whole
 * table are illegible: refused until the battle's house rules `class-dice` (or the GM's die with the
 * roll) and `local-initiative.table` give them; the printed modifiers then apply.
 */

export interface LocalInitiativeUnit {
  id: string;
  class?: UnitClass;
  /** From the roster: a Division or better leader is attached. */
  divisionLeaderAttached?: boolean;
  /** From the log: the unit is reacting to a cavalry charge. */
  reactingToCavalryCharge?: boolean;
}

export interface LocalInitiativeInput {
  unit: LocalInitiativeUnit;
  purpose: 'movement' | 'form square';
  /** Enemy action endangers the unit's flank: the roll is mandatory (recorded, not a modifier). */
  flankEndangered?: boolean;
  modifiers?: readonly GmModifier[];
  house?: ChargeHouse;
  gm?: { die?: number };
  dice: Dice;
  pack: ChargeRulesPack;
}

export interface LocalInitiativeOutcome extends Outcome {
  rule: 'INIT-LOCAL';
  die: Sourced<number>;
  roll: number;
  modifiers: AppliedModifier[];
  gmModifiers: GmModifier[];
  total: number;
  result: LocalResult;
  text: string;
  purpose: 'movement' | 'form square';
  mandatory: boolean;
}

export function resolveLocalInitiative(input: LocalInitiativeInput): LocalInitiativeOutcome {
  const { pack, unit } = input;
  const li = pack.localInitiative;
  if (!li.uses.includes(input.purpose)) refuse(say('charge.localInitiative.uses', { uses: li.uses.join(' or '), got: input.purpose }));
  const house = input.house ?? {};
  const die = classDie(unit.class, input.gm?.die, 'INIT-LOCAL', pack, house);
  const table = sourced(li.table, house['local-initiative.table'], undefined, { what: say('charge.sourced.what.localTable'), why: say('charge.sourced.why.localTable'), house: 'local-initiative.table' }, () => say('charge.sourced.theTable'));
  const gmModifiers = [...(input.modifiers ?? [])];
  checkGmModifiers(gmModifiers, 'INIT-LOCAL');
  const wanted: Wanted<LocalInitKey>[] = [];
  if (unit.divisionLeaderAttached) wanted.push({ key: 'divisionLeaderAttached', by: 'unit' });
  if (unit.reactingToCavalryCharge) wanted.push({ key: 'reactingToCavalryCharge', by: 'unit' });
  const modifiers = applyRows(li.modifiers, wanted, {}, { chart: 'INIT-LOCAL', house: {}, houseKeys: {}, option: () => say('charge.sourced.printedRows', { option: 'nothing:' }) });

  const rec = recorder(input.dice);
  const roll = rec.roll(die.value);
  const total = roll + sumModifiers(modifiers) + sumGm(gmModifiers);
  const values = { unit: unit.id, purpose: input.purpose, class: attrWord('class', String(unit.class), CLASSES), die: String(die.value), from: fromText(die), roll: String(roll) };
  const steps: Text[] = [say(input.flankEndangered ? 'charge.localInitiative.rollMandatory' : 'charge.localInitiative.roll', values)];
  for (const m of modifiers) steps.push(say('charge.indent', { text: modifierText(m) }));
  for (const m of gmModifiers) steps.push(say('charge.indent', { text: gmModifierText(m) }));
  const found = findBand(table.value, total);
  if (!found) throw new Error(`pack INIT-LOCAL table has no band for ${total}`);
  const result = found.band[unit.class!];
  const text = li.results[result];
  steps.push(say('charge.localInitiative.total', { total: String(total), result, text: localResultText(result, text), from: fromText(table) }));
  return { rule: 'INIT-LOCAL', die, roll, modifiers, gmModifiers, total, result, text, purpose: input.purpose, mandatory: Boolean(input.flankEndangered), dice: rec.rolled, steps };
}
