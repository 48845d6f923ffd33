import { houseValue } from '../../../battle/house.ts';
import type { BattleState } from '../../../battle/state.ts';
import { armyMoraleCells, HOUSE_KEYS, type ArmyMoraleCell, type HouseValue, type MeleeHouse, type Rounding, type TieReading } from '../index.ts';

/** The battle's house rule `key` as the pure rules read it (its value and how the working cites it), or undefined while it is open. */
function inForce<T>(s: BattleState, key: string): HouseValue<T> | undefined {
  const v = houseValue<T>(s, key);
  return v && { key, value: v.value, note: v.note };
}

/** Only the rules that are set: the pure rules read an absent key as open. */
const present = <T extends object>(o: T): Partial<T> => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;

export const initiativeTie = (s: BattleState) => inForce<TieReading>(s, HOUSE_KEYS.initiativeTie);
export const bayonetsRule = (s: BattleState) => inForce<number[]>(s, HOUSE_KEYS.bayonets);
export const uncontrolledRule = (s: BattleState) => inForce<number[]>(s, HOUSE_KEYS.uncontrolled);
/** The Army Morale Table as typed ("2/1=4; 2/2=2", checked when it was set), as cells. */
export function armyMoraleTable(s: BattleState): HouseValue<ArmyMoraleCell[]> | undefined {
  const typed = inForce<string>(s, HOUSE_KEYS.armyMoraleTable);
  if (!typed) return undefined;
  const r = armyMoraleCells(typed.value);
  if ('error' in r) throw new Error(`${HOUSE_KEYS.armyMoraleTable} "${typed.value}" was checked when set: ${r.error}`);
  return { ...typed, value: r.cells };
}
export const meleeHouse = (s: BattleState): MeleeHouse =>
  present({ rounding: inForce<Rounding>(s, HOUSE_KEYS.rounding), tie: inForce<TieReading>(s, HOUSE_KEYS.meleeTie), infantryRetreat: inForce<number>(s, HOUSE_KEYS.infantryRetreat) });
