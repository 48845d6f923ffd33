import { describe, expect, it } from 'vitest';
import type { Action } from '../../src/battle/actions.ts';
import type { BattleEvent } from '../../src/battle/events.ts';
import { scriptedStream } from '../support/scripted-dice.ts';
import { given } from '../support/spec.ts';

/**
 * Who acts for a unit (issue 27): a GM, or the player its command is assigned to; while a command
 * has no player, any player of its side. A player who joined the side (`/join side:`) does not act
 * for a unit of a command another player was given: here sam may not take 2e Léger's morale check.
 */
const setup = (assigned: boolean): BattleEvent[] => [
  { type: 'BattleCreated', data: { battleId: 'b1', name: 'Quatre Bras', system: 'percentile', channel: 'table', gm: 'gm' } },
  { type: 'SideAdded', data: { sideId: 's1', name: 'French' } },
  { type: 'CommandAdded', data: { commandId: 'c1', name: 'Bachelu', sideId: 's1' } },
  ...(assigned ? [{ type: 'CommandAssigned', data: { commandId: 'c1', user: 'owner' } } as const] : []),
  { type: 'SideJoined', data: { sideId: 's1', user: 'sam' } },
  { type: 'UnitAdded', data: { unitId: 'u1', name: '2e Léger', commandId: 'c1', attrs: { arm: 'infantry', figures: 24, class: 'B', formation: 'column', weapon: 'musket' } } },
];
const check: Action = { type: 'PercentileMoraleCheck', unit: '2e Léger', kind: 'other', percent: 50 };
const dice = () => ({ dice: scriptedStream(40) });

describe('acting for a unit (issue 27; PCT-11.72 morale check as the example)', () => {
  it("a player who joined the side may not act for a unit of a command assigned to another, and is told whose it is", () =>
    given(setup(true)).when(check, 'sam', dice()).refused(/2e Léger is of Bachelu, which <@owner> plays; only its players or a GM may/));
  it("the command's player may", () => expect(given(setup(true)).when(check, 'owner', dice()).events().map((e) => e.type)).toContain('PercentileMoraleChecked'));
  it('a GM may', () => expect(given(setup(true)).when(check, 'gm', dice()).events().map((e) => e.type)).toContain('PercentileMoraleChecked'));
  it('while the command has no player, any player of its side may', () => expect(given(setup(false)).when(check, 'sam', dice()).events().map((e) => e.type)).toContain('PercentileMoraleChecked'));
});
