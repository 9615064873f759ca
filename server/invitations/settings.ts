import { sql } from "drizzle-orm";
import type { UserCtx } from "@/server/core/context";
import { appSettings } from "@/server/db/schema";
import { recordAudit } from "@/server/audit/record";
import { REWARD_SETTING } from "./lifecycle";

/** The admins' reward per invited friend (audited); rewards already paid keep their amount. */
export async function setInvitationReward(ctx: UserCtx, reward: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await tx
      .insert(appSettings)
      .values({ name: REWARD_SETTING, value: reward, updatedBy: ctx.actor.id })
      .onConflictDoUpdate({ target: appSettings.name, set: { value: reward, updatedBy: ctx.actor.id, updatedAt: sql`now()` } });
    await recordAudit(tx, {
      actorId: ctx.actor.id,
      action: "invitations.reward_set",
      targetType: "setting",
      targetId: REWARD_SETTING,
      details: { reward },
      ip: ctx.ip ?? null,
    });
  });
}
