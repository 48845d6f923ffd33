import { z } from 'zod';
import { either, say, type Text } from '../../i18n/text.ts';
import type { HouseRule } from '../../rules/house.ts';
import { phraseError } from '../../rules/issue-text.ts';
import { fraction } from './fraction.ts';

/**
 * The values the percentage-dice seeds (percentile-fire.md, night-combat.md) leave open, each set once
 * per battle by a GM (/house set) instead of asked at every use or read from the install-wide pack.
 * Nothing here is a default: until a GM sets one, the routine asks (battle/house.ts says how).
 * What a player measures or reads per fire (range, figures bearing, the base percent from the group's
 * Fire Chart) stays an input of /fire percentile. Their texts are phrases of the percentile catalog
 * (`percentile.house.<key>.<field>`), worded per reader; a reading's name is what the GM types.
 */

/** A rule open between readings: each named (`percentile.house.<key>.reading.<name>`), what it expects the names joined by the reader's "or". */
const reading = <K extends string>(key: string, names: readonly [K, ...K[]]) => ({
  expects: either(names),
  readings: Object.fromEntries(names.map((n) => [n, say(`percentile.house.${key}.reading.${n}`)])) as Record<K, Text>,
  schema: z.enum(names),
});
const seed = (key: string): Text => say(`percentile.house.${key}.seed`);
const doubled = reading('supportive', ['doubled', 'normal']);

/** A chart modifier the rules do not give: points to add (+10, -5) or a multiplier written x and a ratio (x1/2, x0.75). */
const modifierValue = z.union([
  z.number().finite().min(-100).max(100),
  z.string().refine((v) => /^x\s*\d+(\.\d+)?(\/\d+)?$/.test(v) && fraction(v.slice(1).trim()).n > 0n, { error: phraseError(say('percentile.houseValue.multiplier')) }),
]);
const modifier = (id: string, rule: string): HouseRule => ({
  key: `modifier.${id}`,
  rules: [rule],
  seed: seed(`modifier.${id}`),
  expects: say('percentile.house.modifier.expects'),
  schema: modifierValue,
});
const inches = z.number().positive().max(100);

export const PERCENTILE_HOUSE: readonly HouseRule[] = [
  {
    key: 'supportive.cavalry',
    rules: ['PCT-11.85'],
    seed: seed('supportive.cavalry'),
    ...doubled,
  },
  {
    key: 'supportive.artillery-other',
    rules: ['PCT-11.85'],
    seed: seed('supportive.artillery-other'),
    ...doubled,
  },
  {
    key: 'skirmish-screen',
    rules: ['PCT-11.46'],
    seed: seed('skirmish-screen'),
    ...reading('skirmish-screen', ['by-a-third', 'to-a-third']),
  },
  {
    key: 'over-100.remainder',
    rules: ['PCT-11.71'],
    seed: seed('over-100.remainder'),
    ...reading('over-100.remainder', ['same-roll', 'new-roll']),
  },
  {
    key: 'over-200',
    rules: ['PCT-11.71'],
    seed: seed('over-200'),
    ...reading('over-200', ['extend', 'two-at-most']),
  },
  {
    key: 'officer-hit.rolls',
    rules: ['PCT-11.15.step11', 'PCT-11.16.step10'],
    seed: seed('officer-hit.rolls'),
    ...reading('officer-hit.rolls', ['per-figure', 'combined']),
  },
  modifier('artillery-officer', 'PCT-11.29'),
  modifier('maximum-roundshot', 'PCT-11.32'),
  modifier('indirect', 'PCT-11.54'),
  {
    key: 'mfp.direction',
    rules: ['PCT-11.73'],
    seed: seed('mfp.direction'),
    ...reading('mfp.direction', ['up', 'down']),
  },
  {
    key: 'mfp.battery-loss',
    rules: ['PCT-11.73'],
    seed: seed('mfp.battery-loss'),
    ...reading('mfp.battery-loss', ['each-cannon', 'whole-battery']),
  },
  {
    key: 'night.visibility.moonlit',
    rules: ['NIGHT-18.31'],
    seed: seed('night.visibility.moonlit'),
    expects: say('percentile.house.night.visibility.expects'),
    schema: inches,
  },
  {
    key: 'night.visibility.dark',
    rules: ['NIGHT-18.31'],
    seed: seed('night.visibility.dark'),
    expects: say('percentile.house.night.visibility.expects'),
    schema: inches,
  },
  {
    key: 'night.morale',
    rules: ['NIGHT-18.61'],
    seed: seed('night.morale'),
    ...reading('night.morale', ['points', 'fifth']),
  },
];
