import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Message } from '../messages.ts';
import { guarded } from './pg-errors.ts';
import { closedDms, heldDms, statusPosts } from './pg-schema.ts';
import type { PgDb } from './pg-db.ts';
import type { DeliveryStateStore } from './types.ts';

/**
 * What the Discord adapter remembers across restarts (DeliveryStateStore), in the PostgreSQL
 * database of the battles: whose DMs are closed, the DMs held back for them, the status posts.
 */
export class PgDeliveryState implements DeliveryStateStore {
  constructor(private readonly db: PgDb) {}

  closedSince(user: string): Promise<string | undefined> {
    return guarded('reading closed DMs', async () => {
      // ISO-8601 text compared byte by byte (COLLATE "C"), as SQLite does, whatever the database's collation.
      const [row] = await this.db
        .select({ at: sql<string | null>`max(${closedDms.refusedAt} COLLATE "C")` })
        .from(closedDms)
        .where(eq(closedDms.userId, user));
      return row?.at ?? undefined;
    });
  }

  told(user: string, battleId: string): Promise<boolean> {
    return guarded('reading closed DMs', async () => {
      const rows = await this.db
        .select({ one: sql`1` })
        .from(closedDms)
        .where(and(eq(closedDms.userId, user), eq(closedDms.battleId, battleId)))
        .limit(1);
      return rows.length > 0;
    });
  }

  refused(user: string, battleId: string, outboxId: number, m: Message, at: string): Promise<void> {
    return guarded('recording a refused DM', () =>
      this.db.transaction(async (tx) => {
        await tx
          .insert(closedDms)
          .values({ userId: user, battleId, refusedAt: at })
          .onConflictDoUpdate({ target: [closedDms.userId, closedDms.battleId], set: { refusedAt: at } });
        await tx
          .insert(heldDms)
          .values({ outboxId, userId: user, battleId, message: JSON.stringify(m), createdAt: at })
          .onConflictDoNothing();
      }),
    );
  }

  reopened(user: string): Promise<void> {
    return guarded('recording open DMs', async () => {
      await this.db.delete(closedDms).where(eq(closedDms.userId, user));
    });
  }

  hasHeld(user: string): Promise<boolean> {
    return guarded('reading held DMs', async () => {
      const rows = await this.db.select({ one: sql`1` }).from(heldDms).where(eq(heldDms.userId, user)).limit(1);
      return rows.length > 0;
    });
  }

  held(user: string): Promise<{ outboxId: number; message: Message }[]> {
    return guarded('reading held DMs', async () => {
      const rows = await this.db
        .select({ outboxId: heldDms.outboxId, message: heldDms.message })
        .from(heldDms)
        .where(eq(heldDms.userId, user))
        .orderBy(asc(heldDms.outboxId));
      return rows.map((r) => ({ outboxId: r.outboxId, message: JSON.parse(r.message) as Message }));
    });
  }

  release(outboxIds: number[]): Promise<void> {
    return guarded('releasing held DMs', async () => {
      if (outboxIds.length) await this.db.delete(heldDms).where(inArray(heldDms.outboxId, outboxIds));
    });
  }

  statusPost(key: string): Promise<{ channelId: string; messageId: string } | undefined> {
    return guarded('reading a status post', async () => {
      const [row] = await this.db
        .select({ channelId: statusPosts.channelId, messageId: statusPosts.messageId })
        .from(statusPosts)
        .where(eq(statusPosts.key, key));
      return row;
    });
  }

  saveStatusPost(key: string, channelId: string, messageId: string, at: string): Promise<void> {
    return guarded('saving a status post', async () => {
      await this.db
        .insert(statusPosts)
        .values({ key, channelId, messageId, updatedAt: at })
        .onConflictDoUpdate({ target: statusPosts.key, set: { channelId, messageId, updatedAt: at } });
    });
  }
}
