import { sideName, unitSideId } from '../../../battle/mechanics.ts';
import type { BattleState, Unit } from '../../../battle/state.ts';
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
  const names = (units: readonly Unit[]) => `(${units.map((x) => x.name).join(', ') || 'none'})`;
  const whose = (side: 'friendly' | 'enemy', steady: boolean) =>
    `${side === 'friendly' ? `the units of ${sideName(s, sideId)} besides ${u.name}` : 'the enemy units'} with figures left${steady ? ' and not routing' : ''}`;
  const bySide: Record<'friendly' | 'enemy', { row: PackModifier; count: number }[]> = { friendly: [], enemy: [] };
  for (const c of counts) {
    const row = table.find((m) => m.id === c.id);
    if (!row?.perUnit) continue;
    const steady = row.perUnit.moving === 'halted-or-advancing';
    const units = pool[row.perUnit.side].filter((x) => !steady || !unitStatus(s, x.id).routing);
    if (c.count > units.length) refuse(`${row.id} (${row.text}): at most ${units.length}, ${whose(row.perUnit.side, steady)} ${names(units)}; ${c.count} given.`);
    bySide[row.perUnit.side].push({ row, count: c.count });
  }
  for (const side of ['friendly', 'enemy'] as const) {
    const rows = bySide[side];
    const total = rows.reduce((t, r) => t + r.count, 0);
    const units = pool[side];
    if (rows.length < 2 || total <= units.length) continue;
    const has = side === 'friendly' ? `${sideName(s, sideId)} has ${units.length} besides ${u.name}` : `the enemy has ${units.length} with figures left`;
    refuse(`${rows.map((r) => r.row.id).join(' and ')} count ${total} ${side} units together; ${has} ${names(units)}: a unit is halted / advancing or routing / falling back, not both.`);
  }
}
