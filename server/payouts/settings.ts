import { sql } from "drizzle-orm";
import { type UserCtx, executor, type DbCtx } from "@/server/core/context";
import { readSetting, writeSetting } from "@/server/settings";
import { env } from "@/server/core/env";

const WITHDRAWALS = "withdrawals_enabled";

/** The admins' setting of an invitation's reward: read here, where a plan's price is checked against it (invitations sets it). */
export const REWARD_SETTING = "invitation_reward";

/** The reward as configured: the admins' setting, else INVITATION_REWARD_RIALS. */
export async function configuredInvitationReward(ctx: DbCtx): Promise<number> {
  const db = executor(ctx);
  const value = await readSetting(db, REWARD_SETTING);
  return typeof value === "number" ? value : env.INVITATION_REWARD_RIALS;
}

/** Whether boosters may request payouts now (the back office's switch; on unless an admin turned it off). */
export async function withdrawalsEnabled(ctx: DbCtx): Promise<boolean> {
  const db = executor(ctx);
  return (await readSetting(db, WITHDRAWALS)) !== false;
}

/** The same switch inside a statement (a payout's request in one statement): true unless an admin turned it off. */
export const withdrawalsEnabledSql = sql<boolean>`coalesce((select value <> 'false'::jsonb from app_settings where name = ${WITHDRAWALS}), true)`;

/** The admin's switch: withdrawals on or off for everyone (audited). */
export async function setWithdrawalsEnabled(ctx: UserCtx, input: { enabled: boolean }): Promise<void> {
  const { enabled } = input;
  await writeSetting(ctx, {
    name: WITHDRAWALS,
    value: enabled,
    action: enabled ? "payouts.withdrawals_enabled" : "payouts.withdrawals_disabled",
  });
}
