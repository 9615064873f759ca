import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { type UserCtx, withTransaction } from "@/server/core/context";
import { appSettings } from "@/server/db/schema";
import { preparedOnce } from "@/server/db/prepared";
import { recordAudit } from "@/server/audit";

const settingValue = preparedOnce((db) =>
  db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.name, sql.placeholder("name")))
    .prepare("settings_value"),
);

/** An admins' setting as stored (app_settings.value), or undefined when none was ever set (a prepared statement). */
export async function readSetting(db: Db, name: string): Promise<unknown> {
  const [row] = await settingValue(db).execute({ name });
  return row?.value;
}

/** Sets an admins' setting and writes its audit row (`action`, with `details`) in the same transaction. */
export async function writeSetting(
  ctx: UserCtx,
  setting: { name: string; value: unknown; action: string; details?: Record<string, unknown> },
): Promise<void> {
  await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    await tx
      .insert(appSettings)
      .values({ name: setting.name, value: setting.value, updatedBy: ctx.actor.id })
      .onConflictDoUpdate({ target: appSettings.name, set: { value: setting.value, updatedBy: ctx.actor.id, updatedAt: sql`now()` } });
    await recordAudit(ctx, {
      actorId: ctx.actor.id,
      action: setting.action,
      targetType: "setting",
      targetId: setting.name,
      ...(setting.details ? { details: setting.details } : {}),
      ip: ctx.ip ?? null,
    });
  });
}
