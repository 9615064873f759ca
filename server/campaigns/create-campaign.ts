import { eq } from "drizzle-orm";
import { parseChannelLink } from "@/lib/campaigns/links";
import { campaigns, transactions, type Campaign } from "@/server/db/schema";
import { withTransaction, type Ctx, type UserCtx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { campaignEscrowCode, transfer, userAccountCode } from "@/server/ledger";
import { uniqueViolation } from "@/server/auth";
import { openAtGateway, requireGateway, type Gateways } from "@/server/payments";
import { quoteFor, type CampaignRequest } from "@/server/campaigns/quote";
import { checkPaceStart } from "@/server/campaigns/change";
import { paceOf } from "@/lib/campaigns/pacing";

export type CreatedCampaign = { campaign: Campaign; redirectUrl: string | null };

/**
 * Creates a campaign. Trial: free, once per user (a unique index decides under any concurrency).
 * Wallet: the total moves from the wallet to the campaign's escrow in the same database transaction
 * that creates it (403 when the wallet is short: nothing is created). A gateway: the campaign waits
 * in awaiting_payment with a pending payment; the gateway's callback moves it on.
 */
export async function createCampaign(
  ctx: UserCtx & Pick<Ctx, "locale">,
  input: { gateways: Gateways; request: CampaignRequest; origin: string; description: string },
): Promise<CreatedCampaign> {
  const { db, actor: user } = ctx;
  const { gateways, request } = input;
  const pace = paceOf(request);
  checkPaceStart(pace, new Date());
  const quote = await quoteFor(ctx, { userId: user.id, request });
  const link = parseChannelLink(request.network, request.link);
  const base = {
    ownerId: user.id,
    name: request.name,
    network: request.network,
    strategy: request.strategy,
    link: link.ok ? link.normalized : request.link,
    followerCount: request.follower_count,
    hours: request.hours ?? null,
    percentage: request.percentage ?? null,
    invoice: quote,
    budget: quote.total,
    pace,
  };

  if (request.strategy === "trial") {
    try {
      const [campaign] = await db
        .insert(campaigns)
        .values({ ...base, status: "awaiting_review", budget: 0 })
        .returning();
      return { campaign: campaign!, redirectUrl: null };
    } catch (error) {
      if (uniqueViolation(error) !== null) throw new AppError("trial_already_created");
      throw error;
    }
  }

  if (request.gateway === "wallet") {
    const campaign = await withTransaction(ctx, async (ctx) => {
      const { tx } = ctx;
      const [created] = await tx
        .insert(campaigns)
        .values({ ...base, status: "awaiting_review" })
        .returning();
      const [payment] = await tx
        .insert(transactions)
        .values({
          userId: user.id,
          amount: quote.total,
          intent: "campaign_creation",
          status: "paid",
          gateway: "wallet",
          campaignId: created!.id,
          approvedAt: new Date(),
        })
        .returning();
      const moved = await transfer(ctx, {
        idempotencyKey: `transaction:${payment!.id}`,
        from: userAccountCode(user.id, "wallet"),
        to: campaignEscrowCode(created!.id),
        amount: quote.total,
        intent: "campaign_creation",
        metadata: { campaign_id: created!.id, transaction_id: payment!.id },
      });
      await tx.update(transactions).set({ transferId: moved.id }).where(eq(transactions.id, payment!.id));
      return created!;
    });
    return { campaign, redirectUrl: null };
  }

  const gateway = requireGateway(gateways, request.gateway);
  const { campaign, payment } = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const [created] = await tx
      .insert(campaigns)
      .values({ ...base, status: "awaiting_payment" })
      .returning();
    const [pending] = await tx
      .insert(transactions)
      .values({
        userId: user.id,
        amount: quote.total,
        intent: "campaign_creation",
        status: "pending",
        gateway: gateway.id,
        campaignId: created!.id,
      })
      .returning();
    return { campaign: created!, payment: pending! };
  });
  const opened = await openAtGateway(ctx, { gateway, payment, origin: input.origin, description: input.description });
  return { campaign, redirectUrl: opened.redirectUrl };
}
