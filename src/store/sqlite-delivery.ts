import { and, asc, eq, inArray, max, sql } from 'drizzle-orm';
import type { Message } from '../messages.ts';
import type { Db } from './db.ts';
import { closedDms, heldDms, statusPosts } from './schema.ts';
import type { DeliveryStateStore } from './types.ts';

/** DeliveryStateStore on SQLite: what the Discord adapter remembers across restarts, in the battle database. */
export class SqliteDeliveryState implements DeliveryStateStore {
  private readonly refuseTx;

  constructor(private readonly db: Db) {
    this.refuseTx = db.$client.transaction((user: string, battleId: string, outboxId: number, m: Message, at: string) => {
      db.insert(closedDms).values({ userId: user, battleId, refusedAt: at }).onConflictDoUpdate({ target: [closedDms.userId, closedDms.battleId], set: { refusedAt: at } }).run();
      db.insert(heldDms).values({ outboxId, userId: user, battleId, message: JSON.stringify(m), createdAt: at }).onConflictDoNothing().run();
    });
  }

  /** When the user's DMs last refused the bot, if they are recorded closed. */
  async closedSince(user: string): Promise<string | undefined> {
    return this.db.select({ at: max(closedDms.refusedAt) }).from(closedDms).where(eq(closedDms.userId, user)).get()?.at ?? undefined;
  }

  /** True when the GMs of this battle were already told that the user's DMs are closed. */
  async told(user: string, battleId: string): Promise<boolean> {
    return !!this.db.select({ one: sql`1` }).from(closedDms).where(and(eq(closedDms.userId, user), eq(closedDms.battleId, battleId))).get();
  }

  /** Records a refused DM and holds its message for the user, in one transaction; a row held before is held once. */
  async refused(user: string, battleId: string, outboxId: number, m: Message, at: string): Promise<void> {
    this.refuseTx(user, battleId, outboxId, m, at);
  }

  /** A DM went through again: the user's DMs are open. */
  async reopened(user: string): Promise<void> {
    this.db.delete(closedDms).where(eq(closedDms.userId, user)).run();
  }

  async hasHeld(user: string): Promise<boolean> {
    return !!this.db.select({ one: sql`1` }).from(heldDms).where(eq(heldDms.userId, user)).limit(1).get();
  }

  /** The messages held for a user, oldest first. */
  async held(user: string): Promise<{ outboxId: number; message: Message }[]> {
    return this.db
      .select({ outboxId: heldDms.outboxId, message: heldDms.message })
      .from(heldDms)
      .where(eq(heldDms.userId, user))
      .orderBy(asc(heldDms.outboxId))
      .all()
      .map((r) => ({ outboxId: r.outboxId, message: JSON.parse(r.message) as Message }));
  }

  /** Forgets held messages once the user was shown them. */
  async release(outboxIds: number[]): Promise<void> {
    if (outboxIds.length) this.db.delete(heldDms).where(inArray(heldDms.outboxId, outboxIds)).run();
  }

  async statusPost(key: string): Promise<{ channelId: string; messageId: string } | undefined> {
    return this.db.select({ channelId: statusPosts.channelId, messageId: statusPosts.messageId }).from(statusPosts).where(eq(statusPosts.key, key)).get();
  }

  async saveStatusPost(key: string, channelId: string, messageId: string, at: string): Promise<void> {
    this.db
      .insert(statusPosts)
      .values({ key, channelId, messageId, updatedAt: at })
      .onConflictDoUpdate({ target: statusPosts.key, set: { channelId, messageId, updatedAt: at } })
      .run();
  }
}
