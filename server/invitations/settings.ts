import type { UserCtx } from "@/server/core/context";
import { writeSetting } from "@/server/core/app-settings";
import { REWARD_SETTING } from "./lifecycle";

/** The admins' reward per invited friend (audited); rewards already paid keep their amount. */
export async function setInvitationReward(ctx: UserCtx, reward: number): Promise<void> {
  await writeSetting(ctx, { name: REWARD_SETTING, value: reward, action: "invitations.reward_set", details: { reward } });
}
