import { and, eq } from "drizzle-orm";
import { transition, type CampaignEvent } from "@/lib/campaigns/state-machine";
import type { Db } from "@/server/db";
import { campaigns, type Campaign, type User } from "@/server/db/schema";
import { AppError } from "@/server/http/errors";
import { recordAudit } from "@/server/domain/audit/record";
import { campaignEscrowCode, systemAccountCode, transfer, userAccountCode, type LedgerTx } from "@/server/domain/ledger";

type Effects = (tx: LedgerTx, campaign: Campaign) => Promise<void>;

/** Money that moves with a transition, in the same database transaction as the status change. */
function effectsOf(db: Db, event: CampaignEvent, reason?: string): Effects | null {
  const fee = (campaign: Campaign) => (campaign.invoice as { fee?: number }).fee ?? 0;
  if (event === "approve")
    // The platform's fee leaves escrow when the campaign goes live.
    return async (tx, campaign) => {
      if (fee(campaign) > 0)
        await transfer(
          db,
          {
            idempotencyKey: `campaign:${campaign.id}:fee`,
            from: campaignEscrowCode(campaign.id),
            to: systemAccountCode("revenue"),
            amount: fee(campaign),
            intent: "campaign_fee",
          },
          { tx },
        );
    };
  if (event === "reject")
    // Everything in escrow goes back to the producer's wallet.
    return async (tx, campaign) => {
      const held = campaign.budget - campaign.spent;
      if (held > 0)
        await transfer(
          db,
          {
            idempotencyKey: `campaign:${campaign.id}:refund`,
            from: campaignEscrowCode(campaign.id),
            to: userAccountCode(campaign.ownerId, "wallet"),
            amount: held,
            intent: "refund",
            metadata: { reason: reason ?? null },
          },
          { tx },
        );
    };
  return null;
}

/**
 * The one place campaign statuses change: the state machine decides, the update is conditional on
 * the status read (a concurrent change loses with 409), and money moves in the same transaction.
 */
export async function applyCampaignEvent(
  db: Db,
  input: { campaignId: string; event: CampaignEvent; actor: User; reason?: string; ip?: string | null },
): Promise<Campaign> {
  return db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, input.campaignId)).for("update");
    if (!campaign) throw new AppError("campaign_not_found");
    const next = transition(campaign.status, input.event);
    if (!next.ok) throw new AppError("campaign_transition_invalid");
    await effectsOf(db, input.event, input.reason)?.(tx, campaign);
    const [updated] = await tx
      .update(campaigns)
      .set({
        status: next.to,
        updatedAt: new Date(),
        ...(input.event === "reject" ? { rejectionReason: input.reason ?? null } : {}),
        ...(input.event === "approve" ? { endsAt: new Date(Date.now() + 30 * 24 * 3600 * 1000) } : {}),
      })
      .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, campaign.status)))
      .returning();
    if (!updated) throw new AppError("campaign_transition_invalid");
    if (input.actor.role === "admin" && input.actor.id !== campaign.ownerId) {
      await recordAudit(tx, {
        actorId: input.actor.id,
        action: `campaign.${input.event}`,
        targetType: "campaign",
        targetId: campaign.id,
        details: input.reason ? { reason: input.reason } : {},
        ip: input.ip ?? null,
      });
    }
    return updated;
  });
}
