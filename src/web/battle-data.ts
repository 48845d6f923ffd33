import type { LoggedEvent } from '../battle/events.ts';
import { foldAll, replay } from '../battle/replay.ts';
import { initialState, type BattleState } from '../battle/state.ts';
import type { EventStore, PostRow, RawEventRow } from '../store/types.ts';

/** Events between two kept states: a step costs at most this many folds. */
const EVERY = 64;

/**
 * One battle's log as its pages read it: the events, the rows as stored (for the export's hashes
 * and data texts), the posts, and the state at any version from states kept every EVERY events
 * (issue 30: a step through the battle folds at most EVERY events, never the log from its start).
 */
export class BattleData {
  /** States at versions 0, EVERY, 2·EVERY…, made as asked for. */
  private readonly kept: BattleState[] = [];
  /** The version of each ActionUndone: a state across one is replayed, as `replay` voids events. */
  private readonly undos: number[] = [];
  /** The state at the last version, which every page reads (its links): made once. */
  private latest: BattleState | undefined;

  constructor(
    readonly battleId: string,
    readonly events: readonly LoggedEvent[],
    readonly rows: readonly RawEventRow[],
    readonly posts: readonly PostRow[],
  ) {
    for (const e of events) if (e.event.type === 'ActionUndone') this.undos.push(e.version);
    this.kept.push(initialState(battleId));
  }

  get version(): number {
    return this.events.at(-1)?.version ?? 0;
  }

  /** The battle as it stands at the log's last version. */
  get now(): BattleState {
    return (this.latest ??= this.stateAt(this.version));
  }

  /** The battle as it stood just after event `version` (0: before the first), as `replay` makes it. */
  stateAt(version: number): BattleState {
    const v = Math.max(0, Math.min(version, this.version));
    const k = Math.floor(v / EVERY);
    while (this.kept.length <= k) {
      const from = (this.kept.length - 1) * EVERY;
      this.kept.push(this.step(this.kept.at(-1)!, from, from + EVERY));
    }
    return this.step(this.kept[k]!, k * EVERY, v);
  }

  /** The battle just before event `version` and just after it: one fold apart, unless the event is an undo (which voids others). */
  around(version: number): { before: BattleState; at: BattleState } {
    const before = this.stateAt(version - 1);
    const e = this.events[version - 1];
    return { before, at: e && e.event.type !== 'ActionUndone' ? foldAll(before, [e]) : this.stateAt(version) };
  }

  /** The state at `to` from the state at `from`: folded forward, unless an undo between voids something. */
  private step(s: BattleState, from: number, to: number): BattleState {
    if (to === from) return s;
    if (this.undos.some((u) => u > from && u <= to)) return replay(this.battleId, this.events, to);
    // Versions are 1, 2, 3…: event v is at index v - 1.
    return foldAll(s, this.events.slice(from, to));
  }
}

/**
 * The pages' battles, each read once per version of its log: a page of a battle whose log has not
 * moved reads nothing but its version.
 */
export class BattleCache {
  private readonly cache = new Map<string, BattleData>();

  constructor(
    private readonly store: EventStore,
    private readonly max = 32,
  ) {}

  async get(battleId: string): Promise<BattleData> {
    const version = await this.store.version(battleId);
    const hit = this.cache.get(battleId);
    if (hit && hit.version === version) {
      // The newest used last, so the oldest leaves first.
      this.cache.delete(battleId);
      this.cache.set(battleId, hit);
      return hit;
    }
    const [entries, chain, posts] = await Promise.all([this.store.loadEntries(battleId), this.store.chain(battleId), this.store.posts(battleId)]);
    const data = new BattleData(battleId, entries as LoggedEvent[], chain.rows, posts);
    this.cache.delete(battleId);
    this.cache.set(battleId, data);
    if (this.cache.size > this.max) this.cache.delete(this.cache.keys().next().value!);
    return data;
  }
}
