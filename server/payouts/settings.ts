import { eq, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import type { UserCtx } from "@/server/core/context";
import { appSettings } from "@/server/db/schema";
import { recordAudit } from "@/server/audit/record";

const WITHDRAWALS = "withdrawals_enabled";

/** Whether boosters may request payouts now (the back office's switch; on unless an admin turned it off). */
export async function withdrawalsEnabled(db: Pick<Db, "select">): Promise<boolean> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.name, WITHDRAWALS));
  return row ? row.value !== false : true;
}

/** The admin's switch: withdrawals on or off for everyone (audited). */
export async function setWithdrawalsEnabled(ctx: UserCtx, enabled: boolean): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(appSettings)
      .values({ name: WITHDRAWALS, value: enabled, updatedBy: ctx.actor.id })
      .onConflictDoUpdate({ target: appSettings.name, set: { value: enabled, updatedBy: ctx.actor.id, updatedAt: sql`now()` } });
    await recordAudit(tx, {
      actorId: ctx.actor.id,
      action: enabled ? "payouts.withdrawals_enabled" : "payouts.withdrawals_disabled",
      targetType: "setting",
      targetId: WITHDRAWALS,
      ip: ctx.ip ?? null,
    });
  });
}
