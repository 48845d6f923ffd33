import type { BattleEvent } from '../src/battle/events.ts';

const BATTLE = 'bench';

/**
 * A 100,000-event battle shaped like a long one: an order of battle of 200 units, then turns of
 * phase changes, /rolls in chat (one in ten of them secret) and unit edits (losses). Appended in
 * batches so building it takes seconds.
 */
export function battleEvents(n: number, battleId = BATTLE): BattleEvent[] {
  const events: BattleEvent[] = [
    { type: 'BattleCreated', data: { battleId, name: 'Bench', system: 'medieval', channel: `bench-${battleId}`, gm: 'gm' } },
    { type: 'SideAdded', data: { sideId: 's1', name: 'A' } },
    { type: 'CommandAdded', data: { commandId: 'c1', name: 'C', sideId: 's1' } },
  ];
  for (let u = 1; u <= 200; u++) events.push({ type: 'UnitAdded', data: { unitId: `u${u}`, name: `Unit ${u}`, commandId: 'c1', attrs: { arm: 'infantry', figures: 24, class: 'C' } } });
  let phase = 0;
  let turn = 1;
  let roll = 0;
  while (events.length < n) {
    if (events.length % 5 === 1) {
      roll++;
      const result = (roll % 6) + 1;
      const dice = { from: roll - 1, to: roll, rolls: [{ sides: 6, result }] };
      events.push({ type: 'DiceRolled', data: { number: roll, roller: 'gm', expression: '1d6', secret: roll % 10 === 0, output: `1d6: [${result}] = ${result}`, total: result, dice } });
    } else if (events.length % 5 === 0) {
      const from = { turn, phase };
      phase = (phase + 1) % 15;
      if (phase === 0) turn++;
      events.push({ type: 'PhaseAdvanced', data: { from, to: { turn, phase }, phaseId: `MED-SEQ.${phase + 1}`, phaseName: 'Phase', due: [] } });
    } else {
      events.push({ type: 'UnitEdited', data: { unitId: `u${(events.length % 200) + 1}`, attrs: { figures: 24 - (events.length % 20) } } });
    }
  }
  return events;
}
