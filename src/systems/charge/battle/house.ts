import { houseValue } from '../../../battle/house.ts';
import type { Text } from '../../../i18n/text.ts';
import type { BattleState } from '../../../battle/state.ts';
import { CHARGE_HOUSE, type ChargeHouse } from '../house.ts';

/**
 * The charge game's house rules in force in a battle (/house set), each with how the working cites
 * it ("house rule set by <@gm> at event 12"), for the pure resolvers. Replay folds them from the
 * events that set them, so each outcome reads the rules in force at its moment.
 */
export function chargeHouse(s: BattleState): ChargeHouse {
  const out: Record<string, { value: unknown; note: Text }> = {};
  for (const { key } of CHARGE_HOUSE) {
    const v = houseValue(s, key);
    if (v) out[key] = { value: v.value, note: v.note };
  }
  return out as ChargeHouse;
}
