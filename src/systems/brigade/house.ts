import { z } from 'zod';
import { refuse } from '../../rules/errors.ts';
import { say, type Text } from '../../i18n/text.ts';
import type { HouseRule } from '../../rules/house.ts';
import { ArmyMoraleTable, Faces, ROUNDINGS, type ArmyMoraleCell } from './pack-schema.ts';
import { brigadePack } from './shipped-pack.ts';

/**
 * The values the brigade seed (docs/rules/brigade.md) leaves open, each set once per
 * battle by a GM as a house rule (/house set). The shipped pack holds none of them: until one is
 * set, the action asks the GM for it at each use as before, or refuses naming the option to type.
 */

/** A house rule in force, as the pure rules read it: its key, its value, and how the working cites it ("house rule set by @gm at event 12"). */
export interface HouseValue<T> {
  key: string;
  value: T;
  note: Text;
}

/** How an outcome's working cites a house rule: "(melee.rounding: down, house rule set by <@gm> at event 12)". */
export const cite = (h: HouseValue<unknown>, shown: Text = String(h.value)): Text => say('brigade.house.cite', { key: h.key, shown, note: h.note });

/** A house rule in force and a GM's value for the same gap at one use: refused, naming the house rule to unset first. */
export function checkNotBoth(house: HouseValue<unknown> | undefined, given: boolean, option: Text, rule: string, shown?: Text): void {
  if (!house || !given) return;
  const value = shown ?? (typeof house.value === 'string' ? house.value : JSON.stringify(house.value));
  refuse(say('brigade.house.notBoth', { option, cited: cite(house, value), key: house.key, rule }));
}

/** The reading of a tie where the seed gives no tie rule (BRG-2.1, BRG-3.3.3). */
export type TieReading = 'roll-again' | 'gm-rules';

export const HOUSE_KEYS = {
  initiativeTie: 'initiative.tie',
  meleeTie: 'melee.tie',
  rounding: 'melee.rounding',
  infantryRetreat: 'retreat.infantry',
  bayonets: 'bayonets.breaks-on',
  uncontrolled: 'uncontrolled.on',
  armyMoraleTable: 'army-morale.table',
} as const;

const TIE = z.enum(['roll-again', 'gm-rules']);

const CELL = /^(\d+)\s*\/\s*(\d+)\s*=\s*(\d+)$/;

/**
 * An Army Morale Table as typed, "formed/broken=number" cells separated by ; or commas ("2/1=4; 2/2=2"):
 * text, so that the log and the channel show it as the GM wrote it. Its cells, or what is wrong.
 */
export function armyMoraleCells(text: string): { cells: ArmyMoraleCell[] } | { error: string } {
  const cells: ArmyMoraleCell[] = [];
  for (const part of text.split(/[;,\n]/).map((p) => p.trim()).filter(Boolean)) {
    const m = CELL.exec(part);
    if (!m) return { error: `"${part}" is not formed/broken=number, e.g. 4/2=3` };
    cells.push({ formed: Number(m[1]), broken: Number(m[2]), number: Number(m[3]) });
  }
  const checked = ArmyMoraleTable.safeParse(cells);
  return checked.success ? { cells: checked.data } : { error: checked.error.issues[0]?.message ?? 'not a table' };
}

const ArmyMoraleTableText = z.string().superRefine((text, ctx) => {
  const r = armyMoraleCells(text);
  if ('error' in r) ctx.addIssue({ code: 'custom', message: r.error });
});

export const brigadeHouse: readonly HouseRule[] = [
  {
    key: HOUSE_KEYS.initiativeTie,
    rules: ['BRG-2.1', 'BRG-3.2.1', 'BRG-3.4.2'],
    seed: '"Both players roll 1D6 and the winner declares which side must activate a formation." It gives no tie rule.',
    expects: 'a reading',
    schema: TIE,
    readings: {
      'roll-again': 'both players roll 1D6 again until one is higher',
      'gm-rules': 'no winner: a GM declares which side activates, each time (/activate declare)',
    },
  },
  {
    key: HOUSE_KEYS.meleeTie,
    rules: ['BRG-3.3.3'],
    seed: '"Winner is the side with the highest melee strength." It gives no rule for equal strengths.',
    expects: 'a reading',
    schema: TIE,
    readings: {
      'roll-again': "every unit's melee die (BRG-3.3.2) is rolled again until the strengths differ",
      'gm-rules': 'no winner: a GM names the losing side, each time (/brigade melee-tie, or on_tie:)',
    },
  },
  {
    key: HOUSE_KEYS.rounding,
    rules: ['BRG-3.3.2'],
    seed: '"Take the average starting morale with melee modifiers of all units involved in the combat". It does not say how a fractional average is rounded.',
    expects: 'a reading',
    schema: z.enum(ROUNDINGS),
    readings: { down: 'a fractional average is rounded down (4.5 counts 4)', up: 'rounded up (4.5 counts 5)', nearest: 'rounded to the nearest, a half up (4.5 counts 5, 4.4 counts 4)' },
  },
  {
    key: HOUSE_KEYS.infantryRetreat,
    rules: ['BRG-3.3.4'],
    seed: '"All losing units conduct an immediate retreat move (Infantry", Cavalry 12")": the infantry number is missing.',
    expects: 'the infantry retreat in inches, a number above 0',
    schema: z.number().positive().max(100),
  },
  {
    key: HOUSE_KEYS.bayonets,
    rules: ['BRG-3.2.5', 'BRG-3.4.6'],
    seed: '"Cavalry charging Infantry must roll 1D6 to \'break the bayonets\'." It gives neither the score needed nor the effect of failing.',
    expects: `the faces of the 1D${brigadePack.breakBayonets.die} that break the bayonets, as a list: [5, 6]`,
    schema: Faces(brigadePack.breakBayonets.die),
  },
  {
    key: HOUSE_KEYS.uncontrolled,
    rules: ['BRG-3.4.3.1'],
    seed: '"If Cavalry attempts an exploitation charge or consolidation they must roll 1D6 to see if they become uncontrolled." It gives neither the score nor the effect.',
    expects: `the faces of the 1D${brigadePack.exploitation.uncontrolled.die} on which cavalry becomes uncontrolled, as a list: [1]`,
    schema: Faces(brigadePack.exploitation.uncontrolled.die),
  },
  {
    key: HOUSE_KEYS.armyMoraleTable,
    rules: ['BRG-4.1', 'BRG-4.2'],
    seed: '"check on the Army Morale Table (see Army Morale Table, in the current rulebook)": the table is not in the seed.',
    expects: 'the Army Morale Table as formed/broken=number cells, e.g. "4/1=5; 4/2=3": with 2 of 4 formed brigades broken the army tests against 3; a pair not listed is not enough to test',
    schema: ArmyMoraleTableText,
  },
];
