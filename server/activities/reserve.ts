import type { TxCtx } from "@/server/core/context";
import type { Activity, Campaign } from "@/server/db/schema";
import { campaignEscrowCode, systemAccountCode, transfer, userAccountCode } from "@/server/ledger";

/**
 * A started task's money, reserved (pending) in the start's transaction: the booster's reward from the
 * campaign's escrow (a Trial's from promotions) into their held earnings, and the platform's margin.
 */
export async function reserve(ctx: TxCtx, campaign: Campaign, activity: Activity, margin: number) {
  const source = campaign.strategy === "trial" ? systemAccountCode("promotions") : campaignEscrowCode(campaign.id);
  const reward =
    activity.reward > 0
      ? await transfer(ctx, {
          idempotencyKey: `activity:${activity.id}:reward`,
          from: source,
          to: userAccountCode(activity.boosterId, "earnings_held"),
          amount: activity.reward,
          intent: "reward",
          pending: true,
          metadata: { campaign_id: campaign.id, activity_id: activity.id },
        })
      : null;
  const fee =
    margin > 0
      ? await transfer(ctx, {
          idempotencyKey: `activity:${activity.id}:margin`,
          from: source,
          to: systemAccountCode("revenue"),
          amount: margin,
          intent: "campaign_fee",
          pending: true,
          metadata: { campaign_id: campaign.id, activity_id: activity.id },
        })
      : null;
  return { rewardTransferId: reward?.id ?? null, marginTransferId: fee?.id ?? null };
}
