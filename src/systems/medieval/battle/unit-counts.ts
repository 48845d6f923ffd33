import { sideName, unitSideId } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
import { list, say, type Text } from '../../../i18n/text.ts';
import { refuse } from '../../../rules/errors.ts';
import type { PackModifier } from '../index.ts';
import { figuresNow, unitStatus } from './state.ts';

/**
 * The "each unit within 150yds" factors (MED-MORALE-MOD.4, .6, .8, .10; MED-CONTROL-MOD.14, .16,
 * .18, .20) count units on the table: which are within 150yds the players measure, but no count can
 * pass the units the battle holds. A friendly count takes the testing side's other units with
 * figures left, an enemy count the other sides'; halted / advancing ones are not routing (the log
 * knows a rout); a unit is halted / advancing or routing / falling back, so a side's two rows
 * together count each unit once. Whoever gives the count, GM or player: the battle holds no more.
 */
export function checkUnitCounts(s: BattleState, u: Unit, table: readonly PackModifier[], counts: readonly { id: string; count: number }[]): void {
  const sideId = unitSideId(s, u);
  const onField = Object.values(s.units).filter((x) => x.id !== u.id && figuresNow(s, x) > 0);
  const pool = { friendly: onField.filter((x) => unitSideId(s, x) === sideId), enemy: onField.filter((x) => unitSideId(s, x) !== sideId) };
  // Listed as the source's names are, a comma between them.
  const names = (units: readonly Unit[]): Text => units.map((x) => x.name).join(', ') || say('medieval.unitCounts.none');
  const bySide: Record<'friendly' | 'enemy', { row: PackModifier; count: number }[]> = { friendly: [], enemy: [] };
  for (const c of counts) {
    const row = table.find((m) => m.id === c.id);
    if (!row?.perUnit) continue;
    const steady = row.perUnit.moving === 'halted-or-advancing';
    const units = pool[row.perUnit.side].filter((x) => !steady || !unitStatus(s, x.id).routing);
    if (c.count > units.length) {
      refuse(say('medieval.unitCounts.tooMany', { id: row.id, text: row.text, max: String(units.length), side: row.perUnit.side, sideName: sideName(s, sideId), unit: u.name, steady: steady ? 'yes' : 'no', names: names(units), given: String(c.count) }));
    }
    bySide[row.perUnit.side].push({ row, count: c.count });
  }
  for (const side of ['friendly', 'enemy'] as const) {
    const rows = bySide[side];
    const total = rows.reduce((t, r) => t + r.count, 0);
    const units = pool[side];
    if (rows.length < 2 || total <= units.length) continue;
    refuse(say('medieval.unitCounts.countedTwice', { ids: list(rows.map((r) => r.row.id)), total: String(total), side, sideName: sideName(s, sideId), unit: u.name, n: String(units.length), names: names(units) }));
  }
}
