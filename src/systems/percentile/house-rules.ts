import { z } from 'zod';
import type { HouseRule } from '../../rules/house.ts';
import { fraction } from './fraction.ts';

/**
 * The values the percentage-dice seeds (percentile-fire.md, night-combat.md) leave open, each set once
 * per battle by a GM (/house set) instead of asked at every use or read from the install-wide pack.
 * Nothing here is a default: until a GM sets one, the routine asks (battle/house.ts says how).
 * What a player measures or reads per fire (range, figures bearing, the base percent from the group's
 * Fire Chart) stays an input of /fire percentile.
 */

const reading = <K extends string>(readings: Record<K, string>) => ({ readings, schema: z.enum(Object.keys(readings) as [K, ...K[]]) });
const doubled = reading({ doubled: 'doubled (x2), as the other supportive fire', normal: 'normal effect, not doubled' });

/** A chart modifier the rules do not give: points to add (+10, -5) or a multiplier written x and a ratio (x1/2, x0.75). */
const modifierValue = z.union([
  z.number().finite().min(-100).max(100),
  z.string().refine((v) => /^x\s*\d+(\.\d+)?(\/\d+)?$/.test(v) && fraction(v.slice(1).trim()).n > 0n, { error: 'write a multiplier as x and a ratio (x1/2, x0.75) or points as a number (+10, -5)' }),
]);
const modifier = (id: string, rule: string, seed: string): HouseRule => ({
  key: `modifier.${id}`,
  rules: [rule],
  seed,
  expects: 'percentage points to add (+10, -5) or a multiplier written x and a ratio (x1/2, x0.75)',
  schema: modifierValue,
});
const inches = z.number().positive().max(100);

export const PERCENTILE_HOUSE: readonly HouseRule[] = [
  {
    key: 'supportive.cavalry',
    rules: ['PCT-11.85'],
    seed: 'Infantry supportive fire is doubled; artillery\'s depends on the target. Cavalry supportive fire is not mentioned.',
    expects: 'doubled or normal',
    ...doubled,
  },
  {
    key: 'supportive.artillery-other',
    rules: ['PCT-11.85'],
    seed: 'Artillery supportive fire at infantry or non-charge cavalry is doubled, at charging cavalry normal; at any other target (a battery, a train) the rules do not say.',
    expects: 'doubled or normal',
    ...doubled,
  },
  {
    key: 'skirmish-screen',
    rules: ['PCT-11.46'],
    seed: 'The skirmisher "reduces the Fire Combat effect against the screened target unit(s) (1/3)": by a third or to a third is not stated.',
    expects: 'by-a-third or to-a-third',
    ...reading({ 'by-a-third': 'reduced by a third: x2/3', 'to-a-third': 'reduced to a third: x1/3' }),
  },
  {
    key: 'over-100.remainder',
    rules: ['PCT-11.71'],
    seed: '140% means 1 figure lost and a chance of 40% towards a second; whether the fire roll or a new roll tests the 40% is not stated.',
    expects: 'same-roll or new-roll',
    ...reading({ 'same-roll': 'the fire roll itself tests the remainder', 'new-roll': 'a new d100 tests the remainder' }),
  },
  {
    key: 'over-200',
    rules: ['PCT-11.71'],
    seed: 'Over 100% gives one figure and "the possibility to lose additional figures"; nothing is said above 200%.',
    expects: 'extend or two-at-most',
    ...reading({
      extend: 'a figure for each full 100%, and the remainder a chance of one more',
      'two-at-most': 'as the 140% example: one figure, and the remainder (at most 100%) a chance of a second',
    }),
  },
  {
    key: 'officer-hit.rolls',
    rules: ['PCT-11.15.step11', 'PCT-11.16.step10'],
    seed: '"For each figure hit there is a 5% chance that the officer figure was also hit. Roll a percentage die set": one roll or one per figure is not stated.',
    expects: 'per-figure or combined',
    ...reading({ 'per-figure': 'one d100 at 5% for each figure hit', combined: 'one d100 at 5% x the figures hit' }),
  },
  modifier('artillery-officer', 'PCT-11.29', 'An attached artillery officer increases the fire attack effectiveness; by how much, and whether it adds or multiplies, is not given.'),
  modifier('maximum-roundshot', 'PCT-11.32', 'In the Maximum Roundshot Zone the fire attack effect is reduced; the reduction is on the Fire Chart, not given.'),
  modifier('indirect', 'PCT-11.54', 'Indirect fire has its effect reduced per the modifier on the Artillery Fire Chart, not given.'),
  {
    key: 'mfp.direction',
    rules: ['PCT-11.73'],
    seed: 'A side adjusts its MFP level one point per figure lost, 5 per battery/train loss; which way is in 15.85, not in the source.',
    expects: 'up or down',
    ...reading({ up: 'losses raise the level toward the critical level', down: 'losses lower the level toward the critical level' }),
  },
  {
    key: 'mfp.battery-loss',
    rules: ['PCT-11.73'],
    seed: '"5 points per battery/train loss": each cannon or train material lost, or a whole battery or train, is not stated.',
    expects: 'each-cannon or whole-battery',
    ...reading({ 'each-cannon': 'each cannon or train material lost counts 5', 'whole-battery': 'only a whole battery or train lost counts 5' }),
  },
  {
    key: 'night.visibility.moonlit',
    rules: ['NIGHT-18.31'],
    seed: 'Any moonlit night with passing clouds: the visibility distance is not legible (OCR `$. ,t`).',
    expects: 'inches, more than 0',
    schema: inches,
  },
  {
    key: 'night.visibility.dark',
    rules: ['NIGHT-18.31'],
    seed: 'Dark night, heavy clouds or bad weather: the visibility distance is not legible (OCR `?+"`).',
    expects: 'inches, more than 0',
    schema: inches,
  },
  {
    key: 'night.morale',
    rules: ['NIGHT-18.61'],
    seed: 'Night morale checks to rally a routing unit or declare a cavalry charge "are -20%": 20 points or a fifth is not stated (18.51 words its fire reduction "by 25% or down 1/4").',
    expects: 'points or fifth',
    ...reading({ points: '20 percentage points off the chance', fifth: 'the chance reduced by a fifth (x4/5)' }),
  },
];
