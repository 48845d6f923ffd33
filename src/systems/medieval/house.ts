import { z } from 'zod';
import type { HouseRule } from '../../rules/house.ts';
import { medievalPack } from './index.ts';
import { MELEE_GRADE_HOUSE } from './melee.ts';

/**
 * The values the medieval seed leaves open that the umpire would otherwise ask at every use or read
 * from the install-wide pack: each a house rule a GM sets once per battle (/house set). Nothing here
 * is a default: until set, the value is asked where it is used (a score, a factor) or the action is
 * refused naming the house rule (the initiative die).
 */

const rowsOf = (group: string) => {
  const ids = medievalPack.fire.chart.filter((r) => r.group === group).map((r) => r.id);
  return `${ids[0]} to ${ids.at(-1)}`;
};
/** The Firing Chart's hand-weapon rows a weapon without one may read; the artillery rows are one d10 a gun (MED-FIRE.1). */
const HAND_GROUPS = medievalPack.fire.groups.filter((g) => g.id !== 'artillery');

export const MEDIEVAL_HOUSE: readonly HouseRule[] = [
  {
    key: 'initiative.die',
    rules: ['MED-INIT.1', 'MED-SEQ.1'],
    seed: 'The Initiative paragraph says each side rolls one d6 (MED-INIT.1); the Game Turn Sequence Chart says one d10 (MED-SEQ.1). The source does not say which is meant.',
    expects: 'd6 or d10',
    schema: z.enum(['d6', 'd10']),
    readings: { d6: 'one d6 a side, as the Initiative paragraph (MED-INIT.1)', d10: 'one d10 a side, as the Game Turn Sequence Chart (MED-SEQ.1)' },
  },
  {
    key: 'morale.commander-with',
    rules: ['MED-MORALE-MOD.26'],
    seed: 'A Commander figure is with the testing unit: printed "+?", the value lost. MED-MORALE-MOD.38 gives Commander figure values (Cautious 1, Bold 2, Rash 2, Exceptional 3) but does not say they are this factor.',
    expects: 'a whole number from -10 to 10, the factor (the source prints a plus)',
    schema: z.number().int().min(-10).max(10),
  },
  ...(['M', 'E'] as const).map(
    (grade): HouseRule => ({
      key: MELEE_GRADE_HOUSE[grade]!,
      rules: ['MED-MELEE'],
      seed: `The Melee Chart has no ${grade} rows (MED-MELEE source note): the score a ${grade === 'M' ? 'mercenary (M)' : 'peasant (E)'} class unit needs in melee is not given.${grade === 'M' ? ' For firing MED-FIRE-MOD.4 groups Mercenary with C class; the seed does not say so for melee.' : ''}`,
      expects: `the training grade whose Melee Chart rows ${grade} class units read`,
      schema: z.enum(['A', 'B', 'C', 'D']),
      readings: Object.fromEntries((['A', 'B', 'C', 'D'] as const).map((g) => [g, `${grade} class reads the grade ${g} rows; where a weapon has no grade ${g} row either, a GM gives the score`])),
    }),
  ),
  ...medievalPack.fire.noChartRow.map(
    (weapon): HouseRule => ({
      key: `fire.${weapon}`,
      rules: ['MED-FIRE'],
      seed: `${weapon} has ranges (MED-RANGE) but no row on the Firing Chart, which gives no score for it (MED-FIRE source note).`,
      expects: 'the Firing Chart row it reads',
      schema: z.enum(HAND_GROUPS.map((g) => g.id) as [string, ...string[]]),
      readings: Object.fromEntries(HAND_GROUPS.map((g) => [g.id, `reads the ${g.name} rows (${rowsOf(g.id)})`])),
    }),
  ),
];
