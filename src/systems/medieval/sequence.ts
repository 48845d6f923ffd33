import { tableSequence, type PhaseDef } from '../../rules/sequence.ts';
import type { Sequence } from '../../rules/sequence.ts';
import { say, type Phrase } from '../../i18n/text.ts';

/**
 * MED-SEQ.2: "At the start of every twelfth Game Turn, roll dice to determine any changes" of
 * weather, wind strength and wind direction: turns 12, 24, 36... The weather rules themselves are
 * not in the source, and it says nothing of the weather at turn 1 (set by the scenario).
 */
export const weatherRollDue = (turn: number): boolean => turn % 12 === 0;

const moraleTest = ['MED-MORALE-REASONS', 'MED-MORALE', 'MED-MORALE-MOD', 'MED-MORALE-RESULT', 'MED-MORALE-EFFECTS'];
const movement = ['MED-MOVE', 'MED-TERRAIN'];
const firing = ['MED-RANGE', 'MED-FIRE', 'MED-FIRE-MOD', 'MED-PARTDICE'];

/** Who plays a phase, as the chart's "Side to Play" column gives it. */
export type SideToPlay = 'A' | 'B' | 'both';

/** "side A", "both sides": who plays, as the chart says it. */
export const sidePhrase = (side: SideToPlay): Phrase => say(side === 'both' ? 'medieval.sequence.bothSides' : side === 'A' ? 'medieval.sequence.sideA' : 'medieval.sequence.sideB');

/** Each phase of the chart by id: its Action (a key of the system's catalog) and its Side to Play. */
const CHART: readonly { id: string; action: string; side: SideToPlay }[] = [
  { id: 'MED-SEQ.1', action: 'initiative', side: 'both' },
  { id: 'MED-SEQ.2', action: 'weather', side: 'A' },
  { id: 'MED-SEQ.3', action: 'compulsoryMovement', side: 'both' },
  { id: 'MED-SEQ.4', action: 'chargesToDeclare', side: 'A' },
  { id: 'MED-SEQ.5', action: 'counterCharges', side: 'B' },
  { id: 'MED-SEQ.6', action: 'reactionToChargesB', side: 'B' },
  { id: 'MED-SEQ.7', action: 'reactionToChargesA', side: 'A' },
  { id: 'MED-SEQ.8', action: 'chargeMovement', side: 'A' },
  { id: 'MED-SEQ.9', action: 'chargeMovement', side: 'B' },
  { id: 'MED-SEQ.10', action: 'moraleTests', side: 'both' },
  { id: 'MED-SEQ.11', action: 'normalMovement', side: 'A' },
  { id: 'MED-SEQ.12', action: 'normalMovement', side: 'B' },
  { id: 'MED-SEQ.13', action: 'meleeCalculations', side: 'both' },
  { id: 'MED-SEQ.15', action: 'moraleTests', side: 'both' },
  { id: 'MED-SEQ.16', action: 'controlTests', side: 'both' },
];
const chart = (id: string) => CHART.find((c) => c.id === id)!;

/** The side that plays the phase `id` (MED-SEQ's Side to Play); undefined for an id the chart has not. */
export const sideToPlay = (id: string): SideToPlay | undefined => CHART.find((c) => c.id === id)?.side;

/** "Initiative (both sides)": the phase's name as the chart prints it, its Action and its Side to Play. */
const phaseName = (id: string): Phrase => say('medieval.sequence.name', { action: say(`medieval.sequence.${chart(id).action}`), side: sidePhrase(chart(id).side) });

/** "Initiative, both sides": the phase's name within a position's brackets ("turn 1, phase 1 (Initiative, both sides)"). */
export const phaseNameInline = (id: string): Phrase =>
  CHART.some((c) => c.id === id) ? say('medieval.sequence.nameInline', { action: say(`medieval.sequence.${chart(id).action}`), side: sidePhrase(chart(id).side) }) : say('medieval.sequence.unknown');

/** A phase of the chart: its name and who acts from its id. */
const phase = (id: string, def: Omit<PhaseDef, 'id' | 'name' | 'acts'>): PhaseDef => ({ id, name: phaseName(id), ...def, acts: sidePhrase(chart(id).side) });

/**
 * MED-SEQ, the Game Turn Sequence Chart: printed phases 1-13, 15 and 16 (the source has no 14),
 * so 15 phases a turn. Ids are the printed numbers (MED-SEQ.14 does not exist); names are the
 * chart's Action with its "Side to Play". The initiative winner chooses to be side A or B for the
 * turn (MED-SEQ.1), so which player is A changes from turn to turn; that is battle state.
 * Phase 2 is on the chart every turn but only rolls on every twelfth turn.
 */
export const MEDIEVAL_PHASES: readonly PhaseDef[] = [
  phase('MED-SEQ.1', { rules: ['MED-SEQ.1', 'MED-INIT'], commands: ['initiative roll', 'initiative choose'] }),
  phase('MED-SEQ.2', {
    rules: ['MED-SEQ.2'],
    commands: ['weather set'],
    due: (turn) => (weatherRollDue(turn) ? [say('medieval.sequence.weatherDue')] : []),
  }),
  phase('MED-SEQ.3', { rules: ['MED-SEQ.3', ...movement, 'MED-MORALE-EFFECTS', 'MED-CONTROL-RESULT'], commands: ['ref movement', 'ref terrain'] }),
  phase('MED-SEQ.4', { rules: ['MED-SEQ.4', ...moraleTest], commands: ['morale test'] }),
  phase('MED-SEQ.5', { rules: ['MED-SEQ.5', ...moraleTest], commands: ['morale test'] }),
  phase('MED-SEQ.6', { rules: ['MED-SEQ.6', ...moraleTest], commands: ['morale test'] }),
  phase('MED-SEQ.7', { rules: ['MED-SEQ.7', ...moraleTest], commands: ['morale test'] }),
  phase('MED-SEQ.8', { rules: ['MED-SEQ.8', ...movement, ...firing, ...moraleTest], commands: ['fire medieval', 'morale test'] }),
  phase('MED-SEQ.9', { rules: ['MED-SEQ.9', ...movement, ...firing, ...moraleTest], commands: ['fire medieval', 'morale test'] }),
  phase('MED-SEQ.10', { rules: ['MED-SEQ.10', ...moraleTest], commands: ['morale test'] }),
  phase('MED-SEQ.11', { rules: ['MED-SEQ.11', ...movement, ...firing], commands: ['fire medieval', 'ref range'] }),
  phase('MED-SEQ.12', { rules: ['MED-SEQ.12', ...movement, ...firing], commands: ['fire medieval', 'ref range'] }),
  phase('MED-SEQ.13', { rules: ['MED-SEQ.13', 'MED-MELEE', 'MED-MELEE-MOD', 'MED-AUTOKILL', 'MED-PARTDICE'], commands: ['melee'] }),
  phase('MED-SEQ.15', { number: 15, rules: ['MED-SEQ.15', ...moraleTest], commands: ['morale test'] }),
  phase('MED-SEQ.16', { number: 16, rules: ['MED-SEQ.16', 'MED-CONTROL', 'MED-CONTROL-MOD', 'MED-CONTROL-RESULT'], commands: ['control'] }),
];

export const medievalSequence: Sequence = tableSequence({ periods: [], phases: () => MEDIEVAL_PHASES });
