import { z } from 'zod';
import { refuse } from '../../rules/errors.ts';
import { say, type Text } from '../../i18n/text.ts';
import type { HouseRule } from '../../rules/house.ts';
import { phraseError } from '../../rules/issue-text.ts';
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
 * text, so that the log and the channel show it as the GM wrote it. Its cells, or what is wrong (a schema error carrying its phrase: issue-text.ts).
 */
export function armyMoraleCells(text: string): { cells: ArmyMoraleCell[] } | { error: string } {
  const cells: ArmyMoraleCell[] = [];
  for (const part of text.split(/[;,\n]/).map((p) => p.trim()).filter(Boolean)) {
    const m = CELL.exec(part);
    if (!m) return { error: phraseError(say('brigade.houseValue.notACell', { part })) };
    cells.push({ formed: Number(m[1]), broken: Number(m[2]), number: Number(m[3]) });
  }
  const checked = ArmyMoraleTable.safeParse(cells);
  return checked.success ? { cells: checked.data } : { error: checked.error.issues[0]?.message ?? phraseError(say('brigade.houseValue.notATable')) };
}

const ArmyMoraleTableText = z.string().superRefine((text, ctx) => {
  const r = armyMoraleCells(text);
  if ('error' in r) ctx.addIssue({ code: 'custom', message: r.error });
});

/** A house rule's texts: phrases of the brigade catalog (`brigade.house.<key>.seed`, `.reading.<name>`), worded per reader. */
const seed = (key: string): Text => say(`brigade.house.${key}.seed`);
const readings = (key: string, names: readonly string[]): Record<string, Text> => Object.fromEntries(names.map((n) => [n, say(`brigade.house.${key}.reading.${n}`)]));

export const brigadeHouse: readonly HouseRule[] = [
  {
    key: HOUSE_KEYS.initiativeTie,
    rules: ['BRG-2.1', 'BRG-3.2.1', 'BRG-3.4.2'],
    seed: seed(HOUSE_KEYS.initiativeTie),
    expects: say('brigade.house.aReading'),
    schema: TIE,
    readings: readings(HOUSE_KEYS.initiativeTie, ['roll-again', 'gm-rules']),
  },
  {
    key: HOUSE_KEYS.meleeTie,
    rules: ['BRG-3.3.3'],
    seed: seed(HOUSE_KEYS.meleeTie),
    expects: say('brigade.house.aReading'),
    schema: TIE,
    readings: readings(HOUSE_KEYS.meleeTie, ['roll-again', 'gm-rules']),
  },
  {
    key: HOUSE_KEYS.rounding,
    rules: ['BRG-3.3.2'],
    seed: seed(HOUSE_KEYS.rounding),
    expects: say('brigade.house.aReading'),
    schema: z.enum(ROUNDINGS),
    readings: readings(HOUSE_KEYS.rounding, ['down', 'up', 'nearest']),
  },
  {
    key: HOUSE_KEYS.infantryRetreat,
    rules: ['BRG-3.3.4'],
    seed: seed(HOUSE_KEYS.infantryRetreat),
    expects: say(`brigade.house.${HOUSE_KEYS.infantryRetreat}.expects`),
    schema: z.number().positive().max(100),
  },
  {
    key: HOUSE_KEYS.bayonets,
    rules: ['BRG-3.2.5', 'BRG-3.4.6'],
    seed: seed(HOUSE_KEYS.bayonets),
    expects: say('brigade.house.bayonets.breaks-on.expects', { die: String(brigadePack.breakBayonets.die) }),
    schema: Faces(brigadePack.breakBayonets.die),
  },
  {
    key: HOUSE_KEYS.uncontrolled,
    rules: ['BRG-3.4.3.1'],
    seed: seed(HOUSE_KEYS.uncontrolled),
    expects: say('brigade.house.uncontrolled.on.expects', { die: String(brigadePack.exploitation.uncontrolled.die) }),
    schema: Faces(brigadePack.exploitation.uncontrolled.die),
  },
  {
    key: HOUSE_KEYS.armyMoraleTable,
    rules: ['BRG-4.1', 'BRG-4.2'],
    seed: seed(HOUSE_KEYS.armyMoraleTable),
    expects: say(`brigade.house.${HOUSE_KEYS.armyMoraleTable}.expects`),
    schema: ArmyMoraleTableText,
  },
];
