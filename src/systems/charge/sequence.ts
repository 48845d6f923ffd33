import { tableSequence, type PhaseDef } from '../../rules/sequence.ts';
import type { Sequence } from '../../rules/sequence.ts';
import { say } from '../../i18n/text.ts';

/**
 * The Napoleonic d10 charts (d10-charge.md) print no turn sequence. What they give:
 * - INIT-GRANDTAC: "The two army commanders roll for initiative at the beginning of the turn",
 *   after secretly allotting Grand-Tac points; unmodified rolls totalling 17 or more end the turn
 *   at once (the battle then calls nextTurn). Division or better commanders may contest the
 *   initiative during the turn, and INIT-LOCAL lets any unit roll local initiative at any time:
 *   neither is a phase.
 * - MOVE-ROLL: "All units must roll to move."
 * - the charge (CHG-*), fire (FIRE-*, SKIRMISH) and melee (MEL-D10) procedures, with no order.
 * So only "initiative first" is from the source. Movement, charges, fire, melee after it is our
 * order, chosen because charge results lead into fire ("may occupy and fire", FIREFIGHT) and into
 * melee (CHG-CAV "shift the result inward (melee)", CHG-RIDEDOWN). Ids are the rule IDs that
 * govern each phase; names are the source's section headings.
 */
export const CHARGE_PHASES: readonly PhaseDef[] = [
  {
    id: 'INIT-GRANDTAC',
    name: say('charge.sequence.grandTac'),
    rules: ['INIT-GRANDTAC'],
    acts: say('charge.sequence.commanders'),
    commands: ['initiative open'],
    due: () => [say('charge.sequence.pointsDue'), say('charge.sequence.rollDue')],
  },
  {
    id: 'MOVE-ROLL',
    name: say('charge.sequence.movement'),
    rules: ['MOVE-ROLL', 'MOVE-RATES', 'INIT-LOCAL'],
    acts: say('charge.sequence.bothSides'),
    commands: ['move roll', 'initiative local', 'initiative contest', 'ref rates'],
    due: () => [say('charge.sequence.moveDue')],
  },
  {
    id: 'CHG-ROLL',
    name: say('charge.sequence.charges'),
    rules: ['CHG-ROLL', 'CHG-OPEN', 'CHG-COVER', 'CHG-ATT-MOD', 'CHG-DEF-MOD', 'CHG-CAV', 'CHG-CONTINUE', 'CHG-RIDEDOWN'],
    acts: say('charge.sequence.bothSides'),
    commands: ['charge roll', 'charge continue', 'charge ride-down'],
  },
  { id: 'FIRE-TABLE', name: say('charge.sequence.fire'), rules: ['FIRE-TABLE', 'FIRE-DISCIPLINE', 'SKIRMISH'], acts: say('charge.sequence.bothSides'), commands: ['fire charge', 'fire discipline', 'skirmish', 'morale charge'] },
  { id: 'MEL-D10', name: say('charge.sequence.melee'), rules: ['MEL-D10'], acts: say('charge.sequence.bothSides'), commands: ['charge melee', 'morale charge'] },
];

export const chargeSequence: Sequence = tableSequence({ periods: [], phases: () => CHARGE_PHASES });
