import { and, desc, eq, isNotNull, isNull, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db";
import { paged } from "@/server/db/paged";
import { notificationCounters, notifications, type Notification } from "@/server/db/schema";
import type { NotificationTab } from "@/lib/schemas/notifications";
import { AppError } from "@/server/core/errors";
import { executor, type DbCtx, withTransaction } from "@/server/core/context";

const tabCondition: Record<NotificationTab, SQL | undefined> = {
  all: undefined,
  new: isNull(notifications.readAt),
  read: isNotNull(notifications.readAt),
};

/** A page of the user's notifications, newest first. */
export async function listNotifications(
  ctx: DbCtx,
  input: { userId: string; query: { status: NotificationTab; page: number; per_page: number } },
): Promise<{ rows: Notification[]; total: number }> {
  const db = executor(ctx);
  const { userId, query } = input;
  const where = and(eq(notifications.userId, userId), tabCondition[query.status]);
  return paged(db, { from: notifications, where, page: query.page, perPage: query.per_page }, (where) =>
    db.select().from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.id)),
  );
}

/** The header's count: one row read, never a count over the table. */
export async function unseenCount(ctx: DbCtx, input: { userId: string }): Promise<number> {
  const db = executor(ctx);
  const { userId } = input;
  const [row] = await db
    .select({ unseen: notificationCounters.unseen })
    .from(notificationCounters)
    .where(eq(notificationCounters.userId, userId));
  return row?.unseen ?? 0;
}

/** Lowers the counter by the notifications a statement just marked seen (never below zero). */
async function lowerCounter(tx: Pick<Db, "update">, userId: string, by: number) {
  if (by <= 0) return;
  await tx
    .update(notificationCounters)
    .set({ unseen: sql`greatest(0, ${notificationCounters.unseen} - ${by})` })
    .where(eq(notificationCounters.userId, userId));
}

/** Opens one notification: read (and seen) now, or as it was; anyone else's answers 404. */
export async function readNotification(ctx: DbCtx, input: { userId: string; id: string }): Promise<Notification> {
  const { userId, id } = input;
  return withTransaction(
    ctx,
    async (ctx) => {
      const { tx } = ctx;
      const [row] = await tx
        .select()
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .for("update");
      if (!row) throw new AppError("notification_not_found");
      if (row.readAt) return row;
      const now = new Date();
      const [updated] = await tx
        .update(notifications)
        .set({ readAt: now, seenAt: row.seenAt ?? now })
        .where(eq(notifications.id, id))
        .returning();
      await lowerCounter(tx, userId, row.seenAt ? 0 : 1);
      return updated!;
    },
    { retry: true },
  );
}

/** Every notification read (the inbox's "mark all as read"); the counter follows. */
export async function readAllNotifications(ctx: DbCtx, input: { userId: string }): Promise<{ read: number; unseen: number }> {
  const { userId } = input;
  return withTransaction(
    ctx,
    async (ctx) => {
      const { tx } = ctx;
      const now = new Date();
      const seen = await tx
        .update(notifications)
        .set({ seenAt: now })
        .where(and(eq(notifications.userId, userId), isNull(notifications.seenAt)))
        .returning({ id: notifications.id });
      await lowerCounter(tx, userId, seen.length);
      const read = await tx
        .update(notifications)
        .set({ readAt: now })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      return { read: read.length, unseen: await unseenCount(ctx, { userId }) };
    },
    { retry: true },
  );
}

/** The inbox was opened: what it shows is seen, and the header's count goes to zero. */
export async function seeNotifications(ctx: DbCtx, input: { userId: string }): Promise<{ unseen: number }> {
  const { userId } = input;
  return withTransaction(
    ctx,
    async (ctx) => {
      const { tx } = ctx;
      const seen = await tx
        .update(notifications)
        .set({ seenAt: new Date() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.seenAt)))
        .returning({ id: notifications.id });
      await lowerCounter(tx, userId, seen.length);
      return { unseen: await unseenCount(ctx, { userId }) };
    },
    { retry: true },
  );
}
