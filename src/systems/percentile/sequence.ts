import { tableSequence, type PhaseDef } from '../../rules/sequence.ts';
import type { Sequence } from '../../rules/sequence.ts';
import { say } from '../../i18n/text.ts';

/**
 * Turns of the percentage-dice rules by time of day. Neither source (fire combat 11.0, night
 * combat 18.0) prints the turn sequence. What they give:
 * - the phases by name: the Reciprocal Artillery Fire Phase and the Reciprocal Infantry Fire Phase
 *   (PCT-11.22), a Movement Phase that precedes the Shock Combat Phase (PCT-11.85.c), and the
 *   Shock Combat Phase with its fire (PCT-11.84, PCT-11.85);
 * - "the last daylight (dusk) turn", at whose end every command votes ACTIVE or PASSIVE in secret
 *   (NIGHT-18.0, NIGHT-18.11); one ACTIVE command means night turns (NIGHT-18.12), none means the
 *   BATTLEDAY interphase (section 17.0, not in the sources);
 * - an "allotted number of night turns" (not given), after which combat stops and the interphase
 *   follows (NIGHT-18.0); dawn attacks are declared before the interphase is completed and
 *   announced once the figures are set up for the first daylight turn (NIGHT-18.82).
 * Our decisions: the order artillery fire, infantry fire, movement, shock combat (the fire phases
 * in PCT-11.22's order; movement right before shock, as PCT-11.85.b-c read); night turns have the
 * daylight phases; the vote is an extra last phase of the dusk turn; the interphase is a turn of
 * its own (it takes a turn number) with two phases. Without a GM's choice, day follows day (the
 * scenario says which turn is dusk), dusk is followed by the interphase (the GM picks night when
 * the vote revealed an ACTIVE command), night by night (the number of night turns is not given),
 * and the interphase by day.
 */
export const PERIODS = ['day', 'dusk', 'night', 'interphase'] as const;
export type Period = (typeof PERIODS)[number];

const NATURAL_NEXT: Record<Period, Period> = { day: 'day', dusk: 'interphase', night: 'night', interphase: 'day' };

const nightFire = say('percentile.sequence.nightFire');

const artilleryFire = (night: boolean): PhaseDef => ({
  id: 'reciprocal-artillery-fire',
  name: say('percentile.sequence.artilleryFire'),
  rules: ['PCT-11.0', 'PCT-11.15', 'PCT-11.22', 'PCT-11.25', 'PCT-11.76', 'PCT-11.77', 'PCT-11.89', ...(night ? ['NIGHT-18.51'] : [])],
  acts: say('percentile.sequence.reciprocal'),
  commands: ['fire percentile', 'fire counterbattery', 'morale check'],
  due: () => (night ? [nightFire] : []),
});

const infantryFire = (night: boolean): PhaseDef => ({
  id: 'reciprocal-infantry-fire',
  name: say('percentile.sequence.infantryFire'),
  rules: ['PCT-11.0', 'PCT-11.16', 'PCT-11.22', 'PCT-11.25', ...(night ? ['NIGHT-18.51', 'NIGHT-18.52'] : [])],
  acts: say('percentile.sequence.reciprocal'),
  commands: ['fire percentile', 'morale check'],
  due: () => (night ? [nightFire] : []),
});

const movement = (night: boolean): PhaseDef => ({
  id: 'movement',
  name: say('percentile.sequence.movement'),
  rules: ['PCT-11.81', 'PCT-11.82', 'PCT-11.83', ...(night ? ['NIGHT-18.41', 'NIGHT-18.42', 'NIGHT-18.43', 'NIGHT-18.44'] : [])],
  acts: say('percentile.sequence.bothSides'),
  commands: ['unit charge', 'morale check', ...(night ? ['night charge'] : [])],
  due: () =>
    night
      ? [say('percentile.sequence.nightMovement'), say('percentile.sequence.nightCharge')]
      : [],
});

const shockCombat = (night: boolean): PhaseDef => ({
  id: 'shock-combat',
  name: say('percentile.sequence.shockCombat'),
  rules: ['PCT-11.84', 'PCT-11.85', 'PCT-11.86', 'PCT-11.88', ...(night ? ['NIGHT-18.61', 'NIGHT-18.62', 'NIGHT-18.71'] : [])],
  acts: say('percentile.sequence.bothSides'),
  commands: ['fire percentile', 'morale check', 'unit losses', 'morale state'],
  due: () => (night ? [say('percentile.sequence.nightShock')] : []),
});

const combatPhases = (night: boolean): PhaseDef[] => [artilleryFire(night), infantryFire(night), movement(night), shockCombat(night)];

const DAY = combatPhases(false);
const NIGHT = combatPhases(true);

const DUSK: PhaseDef[] = [
  { ...DAY[0]!, due: () => [say('percentile.sequence.dusk')] },
  ...DAY.slice(1),
  {
    id: 'active-passive-vote',
    name: say('percentile.sequence.vote'),
    rules: ['NIGHT-18.0', 'NIGHT-18.10', 'NIGHT-18.11', 'NIGHT-18.12', 'NIGHT-18.13', 'NIGHT-18.85', 'NIGHT-18.21', 'NIGHT-18.22', 'NIGHT-18.23'],
    acts: say('percentile.sequence.everyCommand'),
    commands: ['night vote', 'ballot vote', 'ballot status'],
    due: () => [say('percentile.sequence.voteDue'), say('percentile.sequence.ifActive')],
  },
];

const INTERPHASE: PhaseDef[] = [
  {
    id: 'battleday-interphase',
    name: say('percentile.sequence.interphase'),
    rules: ['NIGHT-18.0', 'NIGHT-18.11', 'NIGHT-18.82'],
    acts: say('percentile.sequence.gmWithNotes'),
    commands: ['night dawn', 'ballot vote'],
    due: () => [say('percentile.sequence.dawnDeclarations')],
  },
  {
    id: 'dawn-attack-announcement',
    name: say('percentile.sequence.dawn'),
    rules: ['NIGHT-18.81', 'NIGHT-18.82', 'NIGHT-18.83', 'NIGHT-18.86', 'NIGHT-18.87'],
    acts: say('percentile.sequence.gm'),
    commands: ['battle status'],
    due: () => [say('percentile.sequence.dawnAnnounce')],
  },
];

const PHASES: Record<Period, readonly PhaseDef[]> = { day: DAY, dusk: DUSK, night: NIGHT, interphase: INTERPHASE };

const isPeriod = (p: string | undefined): p is Period => (PERIODS as readonly string[]).includes(p ?? '');

export const percentileSequence: Sequence = tableSequence({
  periods: PERIODS,
  phases: (period) => {
    if (!isPeriod(period)) throw new RangeError(`unknown period "${period}"`);
    return PHASES[period];
  },
  naturalNext: (period) => (isPeriod(period) ? NATURAL_NEXT[period] : period),
});
