import { say, type Text } from '../../i18n/text.ts';
import { withAction } from './sourced.ts';
import { refuse } from '../../rules/errors.ts';
import type { ChargeHouse } from './house.ts';
import { massRows, type MassChoice } from './mass.ts';
import { applyRows, type AppliedModifier, type Wanted } from './modifiers.ts';
import type { AttackerKey, ChargeRulesPack, DefenderKey } from './pack-schema.ts';
import { isCavalry, type ChargeUnit, type ChargingUnit } from './unit.ts';

/**
 * The two sides' charge modifiers (CHG-ATT-MOD, CHG-DEF-MOD): the rows the umpire reads from the
 * roster and the log, the rows the players see on the table, Mass by the battle's reading, and the
 * values the source lost from the battle's house rules or the GM.
 */

/** What the players see or measure on the table for the attacker (CHG-ATT-MOD rows marked `table`). */
export interface AttackerChoices {
  /** CHG-ATT-MOD.2 "CW difference, ea.": how many. */
  cwDifference?: number;
  standingCav?: boolean;
  chargeDownhill?: boolean;
  /** CHG-ATT-MOD.14: "General" is not a formation the roster has. */
  cavVsGeneral?: boolean;
  leaderAttached?: boolean;
  chargingFlank?: boolean;
  chargingRear?: boolean;
}

/** The same for the defender (CHG-DEF-MOD rows marked `table`). */
export interface DefenderChoices {
  /** CHG-DEF-MOD.8, each secure flank: 0 to 2. */
  secureFlanks?: number;
  generalOrder?: boolean;
  cover?: 'light' | 'medium' | 'heavy';
}

export type ModifierValues = { attacker?: Partial<Record<AttackerKey, number>>; defender?: Partial<Record<DefenderKey, number>> };

const ATTACKER_TABLE_KEYS = ['standingCav', 'chargeDownhill', 'cavVsGeneral', 'leaderAttached', 'chargingFlank', 'chargingRear'] as const;

/** CHG-ATT-MOD rows the umpire reads from the two units (roster and log); Mass apart (mass.ts). */
export function attackerUnitModifiers(a: ChargingUnit, d: ChargeUnit): Wanted<AttackerKey>[] {
  const out: Wanted<AttackerKey>[] = [];
  const by = 'unit' as const;
  if (a.arm === 'heavy cavalry' && d.arm === 'light cavalry') out.push({ key: 'heavyVsLightCav', by });
  if (a.shaken) out.push({ key: 'shaken', by });
  if (a.disordered) out.push({ key: 'disordered', by });
  const closing = a.closingLossPercent ?? 0;
  if (!Number.isFinite(closing) || closing < 0 || closing > 100) refuse(say('charge.chargeModifiers.closingRange', { value: String(closing) }));
  if (closing >= 10) out.push({ key: 'closingCasualties', count: Math.floor(closing / 10), by });
  if (a.leaderAttached) out.push({ key: 'leaderAttached', by });
  if (isCavalry(a.arm)) {
    if (d.formation === 'general order') out.push({ key: 'cavVsGeneral', by });
    if (d.arm === 'infantry' && d.formation === 'line') out.push({ key: 'cavVsInfLine', by });
    if (d.arm === 'infantry' && d.formation === 'column') out.push({ key: 'cavVsInfColumn', by });
    if (d.formation === 'square') out.push({ key: 'cavVsSquare', by });
    if (d.formation === 'closed column') out.push({ key: 'cavVsClosedColumn', by });
  }
  return out;
}

/** CHG-DEF-MOD rows the umpire reads from the defender; Mass apart (mass.ts). */
export function defenderUnitModifiers(d: ChargeUnit): Wanted<DefenderKey>[] {
  const out: Wanted<DefenderKey>[] = [];
  const by = 'unit' as const;
  if (d.shaken) out.push({ key: 'shaken', by });
  if (d.disordered) out.push({ key: 'disordered', by });
  if (d.routBroken) out.push({ key: 'routBroken', by });
  if (d.formation === 'general order') out.push({ key: 'generalOrder', by });
  return out;
}

function attackerChoiceModifiers(c: AttackerChoices): Wanted<AttackerKey>[] {
  const out: Wanted<AttackerKey>[] = [];
  if (c.cwDifference !== undefined) out.push({ key: 'cwDifference', count: c.cwDifference, by: 'table' });
  for (const k of ATTACKER_TABLE_KEYS) if (c[k]) out.push({ key: k, by: 'table' });
  return out;
}

function defenderChoiceModifiers(c: DefenderChoices): Wanted<DefenderKey>[] {
  const out: Wanted<DefenderKey>[] = [];
  if (c.secureFlanks !== undefined) {
    if (!Number.isInteger(c.secureFlanks) || c.secureFlanks < 0 || c.secureFlanks > 2) refuse(say('charge.chargeModifiers.secureFlanks', { value: String(c.secureFlanks) }));
    out.push({ key: 'secureFlanks', count: c.secureFlanks, by: 'table' });
  }
  if (c.generalOrder) out.push({ key: 'generalOrder', by: 'table' });
  if (c.cover) out.push({ key: `${c.cover}Cover`, by: 'table' });
  return out;
}

/** The roster's rows, then the players' rows the roster did not already give: a row counts once. */
function withoutRepeats<K extends string>(unit: Wanted<K>[], table: Wanted<K>[]): Wanted<K>[] {
  return [...unit, ...table.filter((t) => !unit.some((u) => u.key === t.key))];
}

const option = (id: string) => withAction(`values:"${id}=<value>"`, 'charge');

/** Both sides' modifiers, and the working's line for the Mass reading used. */
export function chargeModifiers(x: {
  attacker: ChargingUnit;
  defender: ChargeUnit;
  attackerChoices?: AttackerChoices | undefined;
  defenderChoices?: DefenderChoices | undefined;
  house: ChargeHouse;
  gm: { values?: ModifierValues | undefined; mass?: MassChoice | undefined };
  pack: ChargeRulesPack;
}): { attacker: AppliedModifier[]; defender: AppliedModifier[]; massStep: Text } {
  const { attacker: a, defender: d, house, pack } = x;
  const mass = massRows({ attackerFigures: a.figures, defenderFigures: d.figures, ...(house.mass ? { reading: house.mass } : {}), ...(x.gm.mass !== undefined ? { gm: x.gm.mass } : {}), pack });
  const attacker = applyRows(pack.charge.attackerModifiers, withoutRepeats([...attackerUnitModifiers(a, d), ...mass.attacker], attackerChoiceModifiers(x.attackerChoices ?? {})), x.gm.values?.attacker ?? {}, {
    chart: 'CHG-ATT-MOD',
    house: { cwDifference: house['charge.cw-difference'], cavVsSquare: house['charge.cav-vs-square'], leaderAttached: house['charge.leader-attached'] },
    houseKeys: { cwDifference: 'charge.cw-difference', cavVsSquare: 'charge.cav-vs-square', leaderAttached: 'charge.leader-attached' },
    option,
  });
  const defender = applyRows(pack.charge.defenderModifiers, withoutRepeats([...defenderUnitModifiers(d), ...mass.defender], defenderChoiceModifiers(x.defenderChoices ?? {})), x.gm.values?.defender ?? {}, {
    chart: 'CHG-DEF-MOD',
    house: {},
    houseKeys: {},
    option,
  });
  return { attacker, defender, massStep: mass.step };
}
