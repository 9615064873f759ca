import { and, eq } from "drizzle-orm";
import { campaigns, transactions, type Campaign, type Transaction } from "@/server/db/schema";
import { withTransaction, type Ctx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { campaignEscrowCode, transfer, userAccountCode, withRetry } from "@/server/ledger";
import { applyCampaignEvent } from "@/server/campaigns/transitions";

/** The ledger key of a campaign's payment from the wallet: one per campaign, ever. */
export const campaignPaymentKey = (campaignId: string) => `campaign-payment:${campaignId}`;

export type PaidCampaign = { transaction: Transaction; campaign: Campaign };

/**
 * Pays a campaign still awaiting payment from its owner's wallet, in place of one of its gateway
 * payments (pending or failed). The gateway row is left as it is: should the gateway still report it
 * paid, settlement credits that money to the wallet (settle-payment.ts). One database transaction
 * under the campaign's row lock: a new paid `wallet` row, wallet → escrow, and the `pay` event.
 * SPEC §8 campaign payments: 404 not found, 401 someone else's, 403 already paid, 403 insufficient balance.
 */
export async function payCampaignFromWallet(
  ctx: Pick<Ctx, "db"> & { actor: NonNullable<Ctx["actor"]> },
  input: { campaignId: string; transactionId: string },
): Promise<PaidCampaign> {
  const payer = ctx.actor;
  return withRetry(() =>
    withTransaction({ db: ctx.db, actor: payer }, async (ctx) => {
      const { tx } = ctx;
      const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, input.campaignId)).for("update");
      // Like every campaign route: someone else's campaign does not exist for the caller.
      if (!campaign || (campaign.ownerId !== payer.id && payer.role !== "admin")) throw new AppError("campaign_not_found");
      const [payment] = await tx
        .select()
        .from(transactions)
        .where(
          and(
            eq(transactions.id, input.transactionId),
            eq(transactions.campaignId, campaign.id),
            eq(transactions.intent, "campaign_creation"),
          ),
        );
      if (!payment) throw new AppError("transaction_not_found");
      // An admin may look at the campaign, but only its owner spends the owner's wallet.
      if (campaign.ownerId !== payer.id) throw new AppError("transaction_unauthorized");
      // Paid by this row, or by another one (the gateway, or a wallet payment a moment ago).
      if (payment.status === "paid" || campaign.status !== "awaiting_payment") throw new AppError("transaction_already_paid");

      const [created] = await tx
        .insert(transactions)
        .values({
          userId: campaign.ownerId,
          amount: payment.amount,
          intent: "campaign_creation",
          status: "paid",
          gateway: "wallet",
          campaignId: campaign.id,
          approvedAt: new Date(),
          metadata: { instead_of: payment.id },
        })
        .returning();
      const paid = created!;
      let moved;
      try {
        moved = await transfer(ctx, {
          idempotencyKey: campaignPaymentKey(campaign.id),
          from: userAccountCode(campaign.ownerId, "wallet"),
          to: campaignEscrowCode(campaign.id),
          amount: payment.amount,
          intent: "campaign_creation",
          metadata: { campaign_id: campaign.id, transaction_id: paid.id },
        });
      } catch (error) {
        if (error instanceof AppError && error.code === "idempotency_conflict") throw new AppError("transaction_already_paid");
        throw error;
      }
      // The key answered with an earlier transfer: this campaign was paid from the wallet before.
      if ((moved.metadata as { transaction_id?: string } | null)?.transaction_id !== paid.id)
        throw new AppError("transaction_already_paid");
      const [linked] = await tx.update(transactions).set({ transferId: moved.id }).where(eq(transactions.id, paid.id)).returning();
      const updated = await applyCampaignEvent(ctx, { campaignId: campaign.id, event: "pay" });
      return { transaction: linked!, campaign: updated };
    }),
  );
}
