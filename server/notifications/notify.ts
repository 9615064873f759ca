import { sql } from "drizzle-orm";
import { executor, type DbCtx } from "@/server/core/context";
import { notificationCounters, notificationPreferences, notifications, type NotificationKind } from "@/server/db/schema";
import { alwaysInApp, categoryOf, smsKinds } from "@/lib/notifications/categories";

/** The PostgreSQL channel the live stream listens on; the payload is the user's id, and means only "re-read". */
export const NOTIFICATION_CHANNEL = "takapoo_notifications";

export type NotificationInput = {
  userId: string;
  kind: NotificationKind;
  /** Rendered into the kind's words when read: amounts in Rials, names, reasons, dates (ISO). */
  params?: Record<string, string | number | null>;
  /** One notification per change: the same key again (a replay, a retried job) writes nothing. */
  dedupeKey: string;
};

/**
 * Writes a notification in the caller's transaction — the one making the change it announces, so
 * both happen or neither does — with the header's counter, and tells listening instances to re-read
 * (PostgreSQL delivers NOTIFY at commit, and never for a rolled-back transaction). Answers whether it
 * was new.
 */
export async function notify(ctx: DbCtx, input: NotificationInput): Promise<boolean> {
  const tx = executor(ctx);
  const category = categoryOf(input.kind);
  // What the user switched off, read in the same statement: a category off in the app is written as
  // already seen (kept in the inbox, never counted or pushed); an SMS switched off is never queued.
  const off = (column: typeof notificationPreferences.inAppOff | typeof notificationPreferences.smsOff) =>
    sql`exists (select 1 from ${notificationPreferences} where ${notificationPreferences.userId} = ${input.userId} and ${category} = any(${column}))`;
  const quiet = alwaysInApp.includes(category) ? sql`null` : sql`case when ${off(notificationPreferences.inAppOff)} then now() end`;
  const sms = smsKinds.includes(input.kind)
    ? sql`case when ${off(notificationPreferences.smsOff)} then 'muted' else 'pending' end`
    : sql`null`;
  const [row] = await tx
    .insert(notifications)
    .values({
      userId: input.userId,
      kind: input.kind,
      params: input.params ?? {},
      dedupeKey: input.dedupeKey,
      seenAt: quiet,
      smsState: sms,
    })
    .onConflictDoNothing({ target: notifications.dedupeKey })
    .returning({ id: notifications.id, seenAt: notifications.seenAt });
  if (!row) return false;
  if (row.seenAt) return true;
  await tx
    .insert(notificationCounters)
    .values({ userId: input.userId, unseen: 1 })
    .onConflictDoUpdate({ target: notificationCounters.userId, set: { unseen: sql`${notificationCounters.unseen} + 1` } });
  await tx.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${input.userId})`);
  return true;
}
