import type { UserCtx } from "@/server/core/context";
import { writeSetting } from "@/server/settings";
import { AppError } from "@/server/core/errors";
import { cheapestPlanPrice } from "@/server/payouts";
import { REWARD_SETTING } from "./lifecycle";

/**
 * The admins' reward per invited friend (audited); rewards already paid keep their amount. Refused
 * (422 on `reward`) at or above the cheapest plan's price: a friend's first plan must cost more than it
 * earns the inviter, or a made-up friend pays for itself (issue 30).
 */
export async function setInvitationReward(
  ctx: UserCtx & { translate: (key: string, params?: Record<string, string | number>) => string },
  input: { reward: number },
): Promise<void> {
  const { reward } = input;
  const cheapest = await cheapestPlanPrice(ctx);
  if (cheapest !== null && reward >= cheapest)
    throw new AppError("validation_failed", {}, { reward: ctx.translate("fields.invitation_reward_too_high", { price: cheapest }) });
  await writeSetting(ctx, { name: REWARD_SETTING, value: reward, action: "invitations.reward_set", details: { reward } });
}
