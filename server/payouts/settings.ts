import { type UserCtx, executor, type DbCtx } from "@/server/core/context";
import { readSetting, writeSetting } from "@/server/core/app-settings";

const WITHDRAWALS = "withdrawals_enabled";

/** Whether boosters may request payouts now (the back office's switch; on unless an admin turned it off). */
export async function withdrawalsEnabled(ctx: DbCtx): Promise<boolean> {
  const db = executor(ctx);
  return (await readSetting(db, WITHDRAWALS)) !== false;
}

/** The admin's switch: withdrawals on or off for everyone (audited). */
export async function setWithdrawalsEnabled(ctx: UserCtx, input: { enabled: boolean }): Promise<void> {
  const { enabled } = input;
  await writeSetting(ctx, {
    name: WITHDRAWALS,
    value: enabled,
    action: enabled ? "payouts.withdrawals_enabled" : "payouts.withdrawals_disabled",
  });
}
