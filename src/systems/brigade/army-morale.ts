import { refuse, ValueNeeded } from '../../rules/errors.ts';
import { list, say, type Text } from '../../i18n/text.ts';
import { checkNotBoth, cite, HOUSE_KEYS, type HouseValue } from './house.ts';
import type { ArmyMoraleCell, BrigadePack } from './pack-schema.ts';
import { recorder, type Dice, type Outcome } from '../../rules/outcome.ts';

/**
 * The Army Morale phase, BRG-4. At the end of every fourth turn, or on the turn an army general has
 * fallen, each player with broken brigades checks the Army Morale Table; with enough of them he must
 * test (BRG-4.1): a d6 equal to or lower than the table number, cross-referenced by broken brigades
 * out of all formed infantry and cavalry brigades, fights on, higher withdraws (BRG-4.2); both armies
 * may withdraw at once (BRG-4.3).
 *
 * Neither the table nor the definition of a broken brigade is in the source ("the current
 * rulebook"): the broken count is an input, and so is the table number (null = not enough broken
 * brigades to test) unless the battle's house rule army-morale.table gives the table. "Every fourth turn" is counted from
 * the battle's first turn (turns 4, 8, 12...), as src/systems/brigade/sequence.ts does; the source does
 * not say.
 */

export interface ArmyMoraleArmy {
  side: string;
  /** Broken brigades, by the rulebook's definition (not in the source). */
  broken: number;
  /** Formed infantry and formed cavalry brigades in the army (BRG-4.2). */
  formed: number;
  /** The GM's Army Morale Table lookup where no house rule gives the table: the number, or null when not enough are broken to test. */
  tableNumber?: number | null;
}

export interface ArmyMoraleResult {
  side: string;
  broken: number;
  formed: number;
  /** The table number; null when the army need not test. */
  number: number | null;
  by: 'house' | 'gm' | null;
  tests: boolean;
  roll: number | null;
  /** fights-on: the army is OK and may continue fighting; withdraws: it leaves the battlefield. */
  result: 'fights-on' | 'withdraws' | 'no-test';
}

export interface ArmyMoraleOutcome extends Outcome {
  rule: 'BRG-4';
  due: boolean;
  armies: ArmyMoraleResult[];
  withdrawing: string[];
}

/** BRG-4.1: whether army morale is checked this turn, and why. */
export function armyMoraleDue(input: { turn: number; armyGeneralFell: boolean; pack: BrigadePack }): { due: boolean; why: Text } {
  const n = input.pack.armyMorale.everyNthTurn;
  if (!Number.isInteger(input.turn) || input.turn < 1) refuse(say('brigade.armyMorale.turnWhole', { got: String(input.turn) }));
  if (input.turn % n === 0) return { due: true, why: say('brigade.armyMorale.why.endOfTurn', { turn: String(input.turn), nth: n === 4 ? 'fourth' : String(n) }) };
  if (input.armyGeneralFell) return { due: true, why: say('brigade.armyMorale.why.generalFell') };
  return { due: false, why: say('brigade.armyMorale.why.notDue', { turn: String(input.turn), nth: n === 4 ? 'fourth' : String(n) }) };
}

function tableNumber(a: ArmyMoraleArmy, table: HouseValue<ArmyMoraleCell[]> | undefined): { number: number | null; by: 'house' | 'gm' } {
  if (table) {
    checkNotBoth(table, a.tableNumber !== undefined, say('brigade.armyMorale.tableNumberOf', { side: a.side }), 'BRG-4.2', say('brigade.house.theTable'));
    const cell = table.value.find((c) => c.formed === a.formed && c.broken === a.broken);
    return { number: cell?.number ?? null, by: 'house' };
  }
  if (a.tableNumber === undefined) {
    throw new ValueNeeded(say('brigade.armyMorale.needTable', { side: a.side, broken: String(a.broken), formed: String(a.formed), key: HOUSE_KEYS.armyMoraleTable }), say('brigade.armyMorale.tableNumber'));
  }
  if (a.tableNumber !== null && (!Number.isInteger(a.tableNumber) || a.tableNumber < 0)) refuse(say('brigade.armyMorale.numberWhole', { side: a.side, got: String(a.tableNumber) }));
  return { number: a.tableNumber, by: 'gm' };
}

/** BRG-4.1 to BRG-4.3: who tests, the d6 of each (rolled together), and who withdraws. */
/** `table`: the battle's house rule army-morale.table, if one is set. */
export function armyMorale(input: { turn: number; armyGeneralFell: boolean; armies: readonly ArmyMoraleArmy[]; table?: HouseValue<ArmyMoraleCell[]>; dice: Dice; pack: BrigadePack }): ArmyMoraleOutcome {
  const { pack } = input;
  const due = armyMoraleDue(input);
  const nth = pack.armyMorale.everyNthTurn;
  const every = { turn: String(input.turn), nth: nth === 4 ? 'fourth' : String(nth) };
  const steps: Text[] = [
    !due.due ? say('brigade.armyMorale.notChecked', every) : input.turn % nth === 0 ? say('brigade.armyMorale.checkedTurn', every) : say('brigade.armyMorale.checkedFell'),
  ];
  const rec = recorder(input.dice);
  if (!due.due) return { rule: 'BRG-4', due: false, armies: [], withdrawing: [], dice: rec.rolled, steps };
  const sides = input.armies.map((a) => a.side);
  if (new Set(sides).size !== sides.length) refuse(say('brigade.armyMorale.armyTwice'));
  // Every lookup is checked before any die is rolled: the tests are simultaneous (BRG-4.1).
  const looked = input.armies.map((a) => {
    if (!Number.isInteger(a.broken) || a.broken < 0 || !Number.isInteger(a.formed) || a.formed < 0) refuse(say('brigade.armyMorale.brigadesWhole', { side: a.side }));
    if (a.broken > a.formed) refuse(say('brigade.armyMorale.moreBroken', { side: a.side, broken: String(a.broken), formed: String(a.formed) }));
    if (a.broken === 0) return { a, number: null, by: null };
    return { a, ...tableNumber(a, input.table) };
  });
  const armies: ArmyMoraleResult[] = looked.map(({ a, number, by }) => {
    const base = { side: a.side, broken: a.broken, formed: a.formed, number, by };
    if (a.broken === 0) {
      steps.push(say('brigade.armyMorale.noBroken', { side: a.side }));
      return { ...base, tests: false, roll: null, result: 'no-test' };
    }
    if (number === null) {
      const values = { side: a.side, broken: String(a.broken), formed: String(a.formed) };
      steps.push(by === 'house' && input.table ? say('brigade.armyMorale.notEnoughHouse', { ...values, cite: cite(input.table, say('brigade.house.theTable')) }) : say('brigade.armyMorale.notEnough', values));
      return { ...base, tests: false, roll: null, result: 'no-test' };
    }
    return { ...base, tests: true, roll: null, result: 'no-test' };
  });
  const testing = armies.filter((a) => a.tests);
  if (testing.length > 1) steps.push(say('brigade.armyMorale.together', { sides: list(testing.map((a) => a.side)) }));
  for (const a of testing) {
    const roll = rec.roll(pack.armyMorale.die);
    a.roll = roll;
    a.result = roll <= a.number! ? 'fights-on' : 'withdraws';
    const by = a.by === 'house' && input.table ? cite(input.table, say('brigade.house.theTable')) : say('brigade.armyMorale.gmLookup');
    const values = { side: a.side, broken: String(a.broken), formed: String(a.formed), number: String(a.number), by, die: String(pack.armyMorale.die), roll: String(roll) };
    steps.push(say(a.result === 'fights-on' ? 'brigade.armyMorale.fightsOn' : 'brigade.armyMorale.withdraws', values));
  }
  const withdrawing = testing.filter((a) => a.result === 'withdraws').map((a) => a.side);
  if (withdrawing.length > 1) steps.push(say('brigade.armyMorale.bothWithdraw', { sides: list(withdrawing) }));
  return { rule: 'BRG-4', due: true, armies, withdrawing, dice: rec.rolled, steps };
}
