import { z } from 'zod';
import { literal } from '../../i18n/catalog.ts';
import { camelKey, say, type Text } from '../../i18n/text.ts';
import type { HouseRule } from '../../rules/house.ts';
import { medievalPack } from './index.ts';
import { MELEE_GRADE_HOUSE } from './melee.ts';
import en from './i18n/en.json' with { type: 'json' };

/**
 * The values the medieval seed leaves open that the umpire would otherwise ask at every use or read
 * from the install-wide pack: each a house rule a GM sets once per battle (/house set). Nothing here
 * is a default: until set, the value is asked where it is used (a score, a factor) or the action is
 * refused naming the house rule (the initiative die). Their texts are phrases of the medieval
 * catalog (`medieval.house.<key>.<field>`), worded per reader.
 */

/**
 * A pack's text by its key while the medieval catalog's English is that very text (as words.ts's
 * `shipped`), read from the catalog file itself: these rules are built when the module loads, before
 * the plugin's catalog is installed.
 */
const packed = (key: string, english: string): Text => ((en as Record<string, string>)[key] === literal(english) ? say(key) : english);

/** The first and last Firing Chart rows of a group, by rule ID. */
const rowsOf = (group: string) => {
  const ids = medievalPack.fire.chart.filter((r) => r.group === group).map((r) => r.id);
  return { first: ids[0] ?? '', last: ids.at(-1) ?? '' };
};
/** The Firing Chart's hand-weapon rows a weapon without one may read; the artillery rows are one d10 a gun (MED-FIRE.1). */
const HAND_GROUPS = medievalPack.fire.groups.filter((g) => g.id !== 'artillery');

export const MEDIEVAL_HOUSE: readonly HouseRule[] = [
  {
    key: 'initiative.die',
    rules: ['MED-INIT.1', 'MED-SEQ.1'],
    seed: say('medieval.house.initiative.die.seed'),
    expects: say('medieval.house.initiative.die.expects'),
    schema: z.enum(['d6', 'd10']),
    readings: { d6: say('medieval.house.initiative.die.reading.d6'), d10: say('medieval.house.initiative.die.reading.d10') },
  },
  {
    key: 'morale.commander-with',
    rules: ['MED-MORALE-MOD.26'],
    seed: say('medieval.house.morale.commander-with.seed'),
    expects: say('medieval.house.morale.commander-with.expects'),
    schema: z.number().int().min(-10).max(10),
  },
  ...(['M', 'E'] as const).map(
    (grade): HouseRule => ({
      key: MELEE_GRADE_HOUSE[grade]!,
      rules: ['MED-MELEE'],
      seed: say(`medieval.house.${MELEE_GRADE_HOUSE[grade]!}.seed`),
      expects: say(`medieval.house.${MELEE_GRADE_HOUSE[grade]!}.expects`),
      schema: z.enum(['A', 'B', 'C', 'D']),
      readings: Object.fromEntries((['A', 'B', 'C', 'D'] as const).map((g) => [g, say(`medieval.house.${MELEE_GRADE_HOUSE[grade]!}.reading`, { grade: g })])),
    }),
  ),
  ...medievalPack.fire.noChartRow.map(
    (weapon): HouseRule => ({
      key: `fire.${weapon}`,
      rules: ['MED-FIRE'],
      seed: say('medieval.house.fire.seed', { weapon: packed(`medieval.ref.weapon.${camelKey(weapon)}`, weapon) }),
      expects: say('medieval.house.fire.expects'),
      schema: z.enum(HAND_GROUPS.map((g) => g.id) as [string, ...string[]]),
      readings: Object.fromEntries(HAND_GROUPS.map((g) => [g.id, say('medieval.house.fire.reading', { group: packed(`medieval.pack.fireGroup.${g.id}`, g.name), ...rowsOf(g.id) })])),
    }),
  ),
];
