/** A battle's last event: its version (0 for none) and hash (GENESIS_HASH for none). */
export interface Head {
  version: number;
  hash: string;
}

/** How many battles' heads a store keeps; a battle not among them reads its head on its next append. */
const HEADS_KEPT = 10_000;

/**
 * The last event of each battle as a store last wrote or read it, so that an append need not read
 * it first. Another process may have appended since: PostgreSQL's append checks the head in its
 * statement; on SQLite, whose log is append-only, another writer's event is the only way a head
 * moves, and it trips the unique (battle_id, version) index. The oldest entry makes room past HEADS_KEPT.
 */
export class Heads {
  private readonly kept = new Map<string, Head>();

  get(battleId: string): Head | undefined {
    return this.kept.get(battleId);
  }

  remember(battleId: string, head: Head): void {
    this.kept.delete(battleId);
    this.kept.set(battleId, { version: head.version, hash: head.hash });
    if (this.kept.size > HEADS_KEPT) this.kept.delete(this.kept.keys().next().value!);
  }

  /** Keeps the last of a battle's rows just read (all rows after some version, so the last is its head), if any. */
  rememberLast(battleId: string, rows: readonly Head[]): void {
    const last = rows.at(-1);
    if (last) this.remember(battleId, last);
  }

  forget(battleId: string): void {
    this.kept.delete(battleId);
  }

  clear(): void {
    this.kept.clear();
  }
}
