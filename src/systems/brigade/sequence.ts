import { tableSequence, type PhaseDef } from '../../rules/sequence.ts';
import type { Sequence } from '../../rules/sequence.ts';
import { say } from '../../i18n/text.ts';

/**
 * BRG-4.1: army morale is checked "at the end of every fourth turn". The source does not say from
 * which turn the four are counted; we count from the battle's first turn, so turns 4, 8, 12...
 */
export const armyMoraleCheckDue = (turn: number): boolean => turn % 4 === 0;

/**
 * BRG-SEQ: a turn is four phases played in order (BRG-1 to BRG-4). Each phase cites its steps;
 * the loops inside a phase (BRG-2.3, BRG-3.2.6, BRG-3.3.6, BRG-3.4.7) repeat until their source
 * condition holds and are the battle's business, not the turn sequence's.
 */
export const BRIGADE_PHASES: readonly PhaseDef[] = [
  {
    id: 'BRG-1',
    name: say('brigade.state.phase1'),
    rules: ['BRG-1', 'BRG-1.1', 'BRG-1.2', 'BRG-1.3', 'BRG-1.4', 'BRG-1.5'],
    acts: say('brigade.sequence.bothSides'),
    commands: ['brigade out-of-command', 'brigade leader'],
  },
  {
    id: 'BRG-2',
    name: say('brigade.state.phase2'),
    rules: ['BRG-2', 'BRG-2.1', 'BRG-2.2', 'BRG-2.3'],
    acts: say('brigade.sequence.eachFormation'),
    commands: ['activate roll', 'activate declare', 'activate formation', 'activate unit', 'fire brigade', 'activate end-round'],
  },
  {
    id: 'BRG-3',
    name: say('brigade.state.phase3'),
    rules: ['BRG-3', 'BRG-3.1', 'BRG-3.2', 'BRG-3.3', 'BRG-3.4'],
    acts: say('brigade.sequence.unitsInContact'),
    commands: ['activate close-combat', 'activate roll', 'charge brigade', 'charge counter', 'brigade melee', 'charge exploit', 'morale brigade'],
  },
  {
    id: 'BRG-4',
    name: say('brigade.state.phase4'),
    rules: ['BRG-4', 'BRG-4.1', 'BRG-4.2', 'BRG-4.3'],
    acts: say('brigade.sequence.bothArmies'),
    commands: ['morale army'],
    // The other trigger of BRG-4.1, an army general fallen this turn, is battle state the
    // sequence cannot see, so on other turns it is only a conditional reminder.
    due: (turn) => [armyMoraleCheckDue(turn) ? say('brigade.sequence.armyMoraleDue') : say('brigade.sequence.armyMoraleIf')],
  },
];

export const brigadeSequence: Sequence = tableSequence({ periods: [], phases: () => BRIGADE_PHASES });
