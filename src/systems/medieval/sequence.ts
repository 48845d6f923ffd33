import { tableSequence, type PhaseDef } from '../../rules/sequence.ts';
import type { Sequence } from '../../rules/sequence.ts';

/**
 * MED-SEQ.2: "At the start of every twelfth Game Turn, roll dice to determine any changes" of
 * weather, wind strength and wind direction: turns 12, 24, 36... The weather rules themselves are
 * not in the source, and it says nothing of the weather at turn 1 (set by the scenario).
 */
export const weatherRollDue = (turn: number): boolean => turn % 12 === 0;

const moraleTest = ['MED-MORALE-REASONS', 'MED-MORALE', 'MED-MORALE-MOD', 'MED-MORALE-RESULT', 'MED-MORALE-EFFECTS'];
const movement = ['MED-MOVE', 'MED-TERRAIN'];
const firing = ['MED-RANGE', 'MED-FIRE', 'MED-FIRE-MOD', 'MED-PARTDICE'];

/**
 * MED-SEQ, the Game Turn Sequence Chart: printed phases 1-13, 15 and 16 (the source has no 14),
 * so 15 phases a turn. Ids are the printed numbers (MED-SEQ.14 does not exist); names are the
 * chart's Action with its "Side to Play". The initiative winner chooses to be side A or B for the
 * turn (MED-SEQ.1), so which player is A changes from turn to turn; that is battle state.
 * Phase 2 is on the chart every turn but only rolls on every twelfth turn.
 */
export const MEDIEVAL_PHASES: readonly PhaseDef[] = [
  { id: 'MED-SEQ.1', name: 'Initiative (both sides)', rules: ['MED-SEQ.1', 'MED-INIT'], acts: 'both sides', commands: ['initiative roll', 'initiative choose'] },
  {
    id: 'MED-SEQ.2',
    name: 'Weather, Wind Strength and Wind Direction (side A)',
    rules: ['MED-SEQ.2'],
    acts: 'side A',
    commands: ['weather set'],
    due: (turn) => (weatherRollDue(turn) ? ['weather roll due: weather, wind strength and wind direction (MED-SEQ.2)'] : []),
  },
  { id: 'MED-SEQ.3', name: 'Compulsory Movement (both sides)', rules: ['MED-SEQ.3', ...movement, 'MED-MORALE-EFFECTS', 'MED-CONTROL-RESULT'], acts: 'both sides', commands: ['ref movement', 'ref terrain'] },
  { id: 'MED-SEQ.4', name: 'Charges to Declare (side A)', rules: ['MED-SEQ.4', ...moraleTest], acts: 'side A', commands: ['morale test'] },
  { id: 'MED-SEQ.5', name: 'Charges and Counter-charges to Declare (side B)', rules: ['MED-SEQ.5', ...moraleTest], acts: 'side B', commands: ['morale test'] },
  { id: 'MED-SEQ.6', name: 'Declare Reaction-to-Charges (side B)', rules: ['MED-SEQ.6', ...moraleTest], acts: 'side B', commands: ['morale test'] },
  { id: 'MED-SEQ.7', name: 'Declare Reaction to Charges (side A)', rules: ['MED-SEQ.7', ...moraleTest], acts: 'side A', commands: ['morale test'] },
  { id: 'MED-SEQ.8', name: 'Charge & Reaction-to-Charge Movement (side A)', rules: ['MED-SEQ.8', ...movement, ...firing, ...moraleTest], acts: 'side A', commands: ['fire medieval', 'morale test'] },
  { id: 'MED-SEQ.9', name: 'Charge & Reaction-to-Charge Movement (side B)', rules: ['MED-SEQ.9', ...movement, ...firing, ...moraleTest], acts: 'side B', commands: ['fire medieval', 'morale test'] },
  { id: 'MED-SEQ.10', name: 'Morale Tests (both sides)', rules: ['MED-SEQ.10', ...moraleTest], acts: 'both sides', commands: ['morale test'] },
  { id: 'MED-SEQ.11', name: 'Normal Movement and Firing (side A)', rules: ['MED-SEQ.11', ...movement, ...firing], acts: 'side A', commands: ['fire medieval', 'ref range'] },
  { id: 'MED-SEQ.12', name: 'Normal Movement and Firing (side B)', rules: ['MED-SEQ.12', ...movement, ...firing], acts: 'side B', commands: ['fire medieval', 'ref range'] },
  { id: 'MED-SEQ.13', name: 'Melee Calculations (both sides)', rules: ['MED-SEQ.13', 'MED-MELEE', 'MED-MELEE-MOD', 'MED-AUTOKILL', 'MED-PARTDICE'], acts: 'both sides', commands: ['melee'] },
  { id: 'MED-SEQ.15', number: 15, name: 'Morale Tests (both sides)', rules: ['MED-SEQ.15', ...moraleTest], acts: 'both sides', commands: ['morale test'] },
  { id: 'MED-SEQ.16', number: 16, name: 'Control Tests (both sides)', rules: ['MED-SEQ.16', 'MED-CONTROL', 'MED-CONTROL-MOD', 'MED-CONTROL-RESULT'], acts: 'both sides', commands: ['control'] },
];

export const medievalSequence: Sequence = tableSequence({ periods: [], phases: () => MEDIEVAL_PHASES });
