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
