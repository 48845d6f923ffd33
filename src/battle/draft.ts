import type { BattleState } from './state.ts';

/**
 * Drafts: states that `apply` may change, copying a record the first time it writes to it.
 *
 * A fold of one action changes one or two of a state's records, while some grow with the battle
 * (`ballots` with every ballot, `units` with the order of battle): copying them all at every action
 * made the fold the largest allocation of a request, and young-generation collections its slowest
 * moments. So a draft shares every record with the state it was drafted from until it writes to
 * it, and every change to one of these records goes through `own`. Their entries stay shared
 * either way: `apply` replaces an entry, never changes one in place.
 */

/** The records `apply` changes in place, on its own copy; the others it replaces whole. */
export type RecordKey = 'gms' | 'sides' | 'commands' | 'units' | 'ballots' | 'rolls' | 'undoable' | 'nextId';

/**
 * A copy of each record, one spread each: V8 copies fast at a spread that sees one kind of record,
 * where one spread for them all took 74 KB to copy 1,000 rolls rather than 12 KB.
 */
const copies: { [K in RecordKey]: (r: BattleState[K]) => BattleState[K] } = {
  gms: (r) => [...r],
  sides: (r) => ({ ...r }),
  commands: (r) => ({ ...r }),
  units: (r) => ({ ...r }),
  ballots: (r) => ({ ...r }),
  rolls: (r) => ({ ...r }),
  undoable: (r) => [...r],
  nextId: (r) => ({ ...r }),
};
const RECORDS = Object.keys(copies) as RecordKey[];

/**
 * The records each draft still shares with the state it was drafted from: their names, not that
 * state, which a published draft must not keep alive (nor, through it, every state before).
 */
const shared = new WeakMap<BattleState, Set<RecordKey>>();

/** A state to change (through `own`) that leaves `s` as it was. */
export function draft(s: BattleState): BattleState {
  const d = { ...s };
  shared.set(d, new Set(RECORDS));
  return d;
}

/**
 * The record `key` of `d`, to change in place: copied first if `d` still shares it with the state
 * it was drafted from. A state that is no draft (replay's fresh one) is its caller's whole.
 */
export function own<K extends RecordKey>(d: BattleState, key: K): BattleState[K] {
  if (shared.get(d)?.delete(key)) d[key] = copies[key](d[key]);
  return d[key];
}

/**
 * The parts of rule systems' states (`BattleState.rules`) each draft made itself: it alone holds
 * them, so it may change them in place. A rule system replacing its whole record of units at every
 * change of one made a replay quadratic in a large battle's units (a loss on each of 10,000).
 */
const madeBy = new WeakMap<BattleState, WeakSet<object>>();

/** `part` of the draft `d` to change in place: copied (by `copy`) the first time this draft changes it. */
export function ownPart<T extends object>(d: BattleState, part: T, copy: (p: T) => T): T {
  let made = madeBy.get(d);
  if (!made) madeBy.set(d, (made = new WeakSet()));
  if (made.has(part)) return part;
  const mine = copy(part);
  made.add(mine);
  return mine;
}

/**
 * A unit's status in the rule system's record of units (`rules.units`) replaced on the draft `d`:
 * the rules state and its record copied once a draft, not at every change. The old status and
 * every record a published state holds stay as they were.
 */
export function setRulesUnit<S>(d: BattleState, unitId: string, status: S): void {
  const rules = ownPart(d, d.rules as { units: Record<string, S> }, (r) => ({ ...r }));
  rules.units = ownPart(d, rules.units, (u) => ({ ...u }));
  rules.units[unitId] = status;
  d.rules = rules;
}
