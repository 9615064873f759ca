import { eq, sql } from "drizzle-orm";
import { type UserCtx, executor, type DbCtx, withTransaction } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { notificationPreferences } from "@/server/db/schema";
import { recordAudit } from "@/server/audit";
import { alwaysInApp, notificationCategories, smsCategories, type NotificationCategory } from "@/lib/notifications/categories";
import type { NotificationPreference } from "@/lib/schemas/notifications";

/** The user's channels per category, everything on unless switched off. */
export async function preferencesOf(ctx: DbCtx, input: { userId: string }): Promise<NotificationPreference[]> {
  const db = executor(ctx);
  const { userId } = input;
  const [row] = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId));
  const inAppOff = new Set(row?.inAppOff ?? []);
  const smsOff = new Set(row?.smsOff ?? []);
  return notificationCategories.map((category) => ({
    category,
    in_app: !inAppOff.has(category),
    in_app_locked: alwaysInApp.includes(category),
    sms: smsCategories.includes(category) ? !smsOff.has(category) : null,
  }));
}

/** Saves what is switched off; money and account notices cannot be switched off in the app (422), nor an SMS a category does not send. */
export async function setPreferences(
  ctx: UserCtx,
  input: { in_app_off: NotificationCategory[]; sms_off: NotificationCategory[] },
): Promise<NotificationPreference[]> {
  const inAppOff = [...new Set(input.in_app_off)];
  const smsOff = [...new Set(input.sms_off)];
  if (inAppOff.some((category) => alwaysInApp.includes(category)))
    throw new AppError("notification_always_in_app", {}, { in_app_off: null });
  if (smsOff.some((category) => !smsCategories.includes(category))) throw new AppError("notification_no_sms", {}, { sms_off: null });
  await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await tx
      .insert(notificationPreferences)
      .values({ userId: ctx.actor.id, inAppOff, smsOff })
      .onConflictDoUpdate({ target: notificationPreferences.userId, set: { inAppOff, smsOff, updatedAt: sql`now()` } });
    await recordAudit(ctx, {
      actorId: ctx.actor.id,
      action: "user.notification_preferences",
      targetType: "user",
      targetId: ctx.actor.id,
      details: { in_app_off: inAppOff, sms_off: smsOff },
      ip: ctx.ip ?? null,
    });
  });
  return preferencesOf(ctx, { userId: ctx.actor.id });
}
