import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Destination, Message } from '../../messages.ts';
import type { EventStore, OutboxRow } from '../../store/types.ts';

/** Where outbox messages leave: Discord, or the local table's console. */
export interface DeliveryPort {
  /**
   * Resolves once the message was delivered (or handled for good); rejects otherwise (an error may
   * carry `retryAfterMs`). `row` names the outbox row, so a port can make a retry idempotent.
   */
  deliver(message: Message, row: DeliveryRow): Promise<void>;
}

/** Which outbox row a delivery is for. */
export interface DeliveryRow {
  id: number;
  battleId: string;
  /** When the row was written (ISO-8601): with the id, it tells this row from a row of another database. */
  createdAt: string;
}

/** The part of EventStore the dispatcher uses. */
export type OutboxStore = Pick<EventStore, 'claimOutbox' | 'renewOutbox' | 'markDelivered' | 'markFailed'>;

/** pino-compatible; only ids, destinations and errors are logged, never a message's text (docs/architecture.md, Secrecy). */
export interface DispatcherLogger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface DispatcherOptions {
  now?: () => Date;
  /** Wait before the `attempt`-th retry (1 for the first failure). */
  backoffMs?: (attempt: number) => number;
  logger?: DispatcherLogger;
  /** Rows read per pass. */
  batchSize?: number;
  /** Who claims the rows: one name per running dispatcher (process or shard). */
  owner?: string;
  /**
   * How long a claim holds without a heartbeat: a dispatcher killed while delivering frees its rows
   * (and every later row to their destinations) this long after its last heartbeat.
   */
  leaseMs?: number;
  /** How often a pass renews its claim while it delivers (default a third of the lease). */
  heartbeatMs?: number;
  /**
   * Milliseconds on a monotonic clock (default `performance.now`): how long a pass has waited, so
   * the heartbeat reads `now` no more often than delivering does. A test moving `now` by hand
   * passes that clock here too.
   */
  elapsed?: () => number;
}

/**
 * The default lease: short, so a restarted process or another one sharing the store resumes a dead
 * one's posts within seconds (issue 27), while the heartbeat keeps a live holder's claim however long
 * Discord takes. The clocks of processes sharing a store must agree to well within it (NTP does).
 */
export const DEFAULT_LEASE_MS = 3_000;

/** 1 s, 2 s, 4 s ... capped at 5 minutes. */
export const defaultBackoffMs = (attempt: number): number => Math.min(1000 * 2 ** Math.max(0, attempt - 1), 5 * 60_000);

const destinationKey = (d: Destination): string =>
  d.kind === 'channel' ? `channel:${d.channel}` : d.kind === 'dm' ? `dm:${d.user}` : `reply:${d.user}:${d.channel}`;

/** A `retryAfterMs` the port put on its error (e.g. Discord's 429 `retry_after`, in ms). */
function retryAfterMs(err: unknown): number | undefined {
  const v = typeof err === 'object' && err !== null ? (err as { retryAfterMs?: unknown }).retryAfterMs : undefined;
  return typeof v === 'number' && Number.isFinite(v) && v >= 0 ? v : undefined;
}

const errorText = (err: unknown): string => (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).slice(0, 1000);

/**
 * Delivers the outbox: each row is marked delivered only after the port resolved (at least once).
 * Rows go in id order; after a failure, later rows to the same destination wait for the next pass so
 * each destination sees its messages in order, while other destinations carry on.
 */
export class OutboxDispatcher {
  private readonly now: () => Date;
  private readonly backoffMs: (attempt: number) => number;
  private readonly logger: DispatcherLogger | undefined;
  private readonly batchSize: number;
  private readonly owner: string;
  private readonly leaseMs: number;
  private readonly heartbeatMs: number;
  private readonly elapsed: () => number;
  private current: Promise<number> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  /** Bumped by start and stop, so a tick of an earlier loop never reschedules itself. */
  private generation = 0;

  constructor(
    private readonly store: OutboxStore,
    private readonly port: DeliveryPort,
    opts: DispatcherOptions = {},
  ) {
    this.now = opts.now ?? (() => new Date());
    this.backoffMs = opts.backoffMs ?? defaultBackoffMs;
    this.logger = opts.logger;
    this.batchSize = opts.batchSize ?? 100;
    this.owner = opts.owner ?? `${hostname()}:${process.pid}:${randomUUID()}`;
    this.leaseMs = opts.leaseMs ?? DEFAULT_LEASE_MS;
    this.heartbeatMs = opts.heartbeatMs ?? this.leaseMs / 3;
    this.elapsed = opts.elapsed ?? (() => performance.now());
  }

  /**
   * One pass over the due rows; resolves to how many were delivered. A call made while a pass is
   * under way joins that pass rather than starting another, so no row is handed to the port twice.
   */
  drainOnce(): Promise<number> {
    this.current ??= this.pass().finally(() => {
      this.current = undefined;
    });
    return this.current;
  }

  private async pass(): Promise<number> {
    const now = this.now();
    const since = this.elapsed();
    const rows = await this.store.claimOutbox(this.owner, this.batchSize, now.toISOString(), new Date(now.getTime() + this.leaseMs).toISOString());
    if (!rows.length) return 0;
    const claim = this.heartbeat(rows, now.getTime(), since);
    const held = new Set<string>();
    let delivered = 0;
    try {
      for (const row of rows) {
        const key = destinationKey(row.destination);
        if (held.has(key) || !(await claim.stillHeld(row.id))) {
          // Behind a failure, or taken over by another dispatcher: later rows to that destination wait too.
          held.add(key);
          claim.done(row.id);
          continue;
        }
        try {
          await this.port.deliver(row.message, { id: row.id, battleId: row.battleId, createdAt: row.createdAt });
        } catch (err) {
          held.add(key);
          await this.failed(row, err);
          claim.done(row.id);
          continue;
        }
        // Renewed until it is marked, so no one else takes up a row already posted.
        await this.store.markDelivered(row.id, this.now().toISOString());
        claim.done(row.id);
        delivered++;
      }
    } finally {
      claim.stop();
    }
    return delivered;
  }

  /**
   * Renews the claim on a pass's rows every `heartbeatMs` while the pass delivers, so a live
   * dispatcher keeps its rows however slow Discord is, and a dead one's lapse within `leaseMs`.
   * `stillHeld` is asked before each row goes out: it makes up for a late heartbeat (a frozen
   * process, a slow database) and says no for a row another dispatcher took over meanwhile.
   * The time is the claim's `now` plus what `elapsed` says passed since.
   */
  private heartbeat(rows: OutboxRow[], claimedAt: number, since: number) {
    const clock = () => claimedAt + (this.elapsed() - since);
    const pending = new Set(rows.map((r) => r.id));
    let heldUntil = claimedAt + this.leaseMs;
    let chain: Promise<void> = Promise.resolve();
    let renewing = 0;
    const renew = (): Promise<void> => {
      renewing++;
      chain = chain.then(async () => {
        const until = clock() + this.leaseMs;
        try {
          const still = new Set(await this.store.renewOutbox(this.owner, [...pending], new Date(until).toISOString()));
          for (const id of pending) if (!still.has(id)) pending.delete(id);
          heldUntil = until;
        } catch (err) {
          this.logger?.warn({ err: errorText(err), outboxIds: [...pending] }, 'renewing the claim on outbox rows failed; will try again');
        } finally {
          renewing--;
        }
      });
      return chain;
    };
    const timer = setInterval(() => {
      if (!renewing && pending.size) void renew();
    }, this.heartbeatMs);
    timer.unref();
    return {
      stillHeld: async (id: number): Promise<boolean> => {
        if (heldUntil - clock() < this.leaseMs / 2) await renew();
        return pending.has(id) && heldUntil > clock();
      },
      /** The row is marked delivered or failed, or skipped: no longer renewed. */
      done: (id: number): void => void pending.delete(id),
      stop: (): void => clearInterval(timer),
    };
  }

  private async failed(row: OutboxRow, err: unknown): Promise<void> {
    const attempt = row.attempts + 1;
    const wait = Math.max(this.backoffMs(attempt), retryAfterMs(err) ?? 0);
    const nextAttemptAt = new Date(this.now().getTime() + wait).toISOString();
    await this.store.markFailed(row.id, errorText(err), nextAttemptAt, this.owner);
    this.logger?.warn(
      { outboxId: row.id, battleId: row.battleId, destination: row.destination, attempt, nextAttemptAt, err: errorText(err) },
      'outbox delivery failed; will retry',
    );
  }

  /** Polls every `intervalMs` (the timer does not keep the process alive). */
  start(intervalMs = 1000): void {
    if (this.running) return;
    this.running = true;
    const generation = ++this.generation;
    const tick = (): void => {
      this.drainOnce()
        .catch((err: unknown) => this.logger?.error({ err: errorText(err) }, 'outbox pass failed'))
        .finally(() => {
          if (!this.running || generation !== this.generation) return;
          this.timer = setTimeout(tick, intervalMs);
          this.timer.unref();
        });
    };
    this.timer = setTimeout(tick, 0);
    this.timer.unref();
  }

  /** Stops polling; resolves when a pass under way has finished. */
  async stop(): Promise<void> {
    this.running = false;
    this.generation++;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.current?.catch(() => undefined);
  }
}
