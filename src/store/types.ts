import type { Destination, Message } from '../messages.ts';

/** A row of `events` as read back, `data` already parsed. */
export interface StoredEvent {
  position: number;
  battleId: string;
  version: number;
  type: string;
  data: unknown;
  actor: string;
  at: string;
  requestId: string | null;
  hash: string;
}

export interface NewEvent {
  type: string;
  data: unknown;
}

export interface AppendMeta {
  actor: string;
  /** ISO-8601 time the action was decided. */
  at: string;
  /** The request's idempotency key; null for events no user request caused. */
  requestId: string | null;
  /**
   * The dice seed (hex) of the battle this append creates: stored apart from the log (battle_seeds)
   * in the same transaction as its BattleCreated, so a battle never has a seed other than the one
   * its posted commitment hashes, even when two processes race to create it.
   */
  seed?: string;
}

/** What a request produced: kept with the request so a repeat returns the first result. */
export interface RequestResult {
  versions: number[];
  replies: Message[];
}

export type AppendOutcome =
  | { status: 'appended'; events: StoredEvent[] }
  | { status: 'duplicate'; result: RequestResult };

export interface OutboxRow {
  id: number;
  battleId: string;
  destination: Destination;
  message: Message;
  attempts: number;
  createdAt: string;
}

/** Thrown when the stream moved on since the state was loaded. */
export class ConcurrencyError extends Error {
  constructor(
    readonly battleId: string,
    readonly expected: number,
    readonly actual: number,
  ) {
    super(`battle ${battleId}: expected version ${expected}, found ${actual}`);
    this.name = 'ConcurrencyError';
  }
}

export interface BattleRow {
  id: string;
  channel: string;
  name: string;
  system: string;
  createdAt: string;
  ended: boolean;
}

export interface EventStore {
  /**
   * Appends `events` after `expectedVersion` (0 for a new battle) in one transaction together with
   * the outbox messages and the request's result. A `requestId` seen before appends nothing and
   * returns the first result. Throws ConcurrencyError when the stream's version is not `expectedVersion`.
   */
  append(
    battleId: string,
    expectedVersion: number,
    events: NewEvent[],
    meta: AppendMeta,
    outbox: Message[],
    replies: Message[],
  ): AppendOutcome;
  /** Events of one battle with version > afterVersion, in order. */
  load(battleId: string, afterVersion?: number): StoredEvent[];
  /** The first result of a request id, if it was handled. */
  findRequest(requestId: string): RequestResult | undefined;
  version(battleId: string): number;
  /** Battles known to the store; registered when their first event is appended (BattleCreated's data). */
  battles(): BattleRow[];
  /** Undelivered outbox rows, oldest first. */
  pendingOutbox(limit?: number): OutboxRow[];
  markDelivered(id: number, at: string): void;
  markFailed(id: number, error: string, nextAttemptAt: string): void;
  /** The battle's secret dice seed (hex), kept apart from the log until revealed (DESIGN.md, Dice). */
  saveSeed(battleId: string, seedHex: string): void;
  seed(battleId: string): string | undefined;
  close(): void;
}
