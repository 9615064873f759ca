import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { transition, type CampaignEvent } from "@/lib/campaigns/state-machine";
import { campaigns, ledgerAccounts, transactions, type Campaign } from "@/server/db/schema";
import { withTransaction, type ActorCtx, type DbCtx, type TxCtx, executor } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import type { SettlementHandler } from "@/server/payments";
import type { NotificationKind } from "@/lib/schemas/enums";
import { notify } from "@/server/notifications";
import { recordAudit } from "@/server/audit";
import { campaignEscrowCode, systemAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { holdWhileBanned } from "@/server/people";

/** How long an approved campaign runs before it completes on its own. */
export const CAMPAIGN_DAYS = 30;

/** Money from a campaign's escrow back to its producer's wallet, once per key. */
export function refundEscrow(
  ctx: DbCtx,
  input: { campaign: Pick<Campaign, "id" | "ownerId">; refund: { key: string; amount: number; metadata?: Record<string, unknown> } },
) {
  const { campaign, refund } = input;
  return withTransaction(ctx, async (ctx) => {
    const moved = await transfer(ctx, {
      idempotencyKey: refund.key,
      from: campaignEscrowCode(campaign.id),
      to: userAccountCode(campaign.ownerId, "wallet"),
      amount: refund.amount,
      intent: "refund",
      ...(refund.metadata ? { metadata: refund.metadata } : {}),
    });
    await holdWhileBanned(ctx, { userId: campaign.ownerId, kind: "wallet", amount: refund.amount, key: refund.key });
    return moved;
  });
}

type Effects = (ctx: TxCtx, campaign: Campaign) => Promise<void>;

/** Money that moves with a transition, in the same database transaction as the status change. */
function effectsOf(event: CampaignEvent, reason?: string): Effects | null {
  const fee = (campaign: Campaign) => (campaign.invoice as { fee?: number }).fee ?? 0;
  if (event === "approve")
    // The platform's fee leaves escrow when the campaign goes live.
    return async (ctx, campaign) => {
      if (fee(campaign) > 0)
        await transfer(ctx, {
          idempotencyKey: `campaign:${campaign.id}:fee`,
          from: campaignEscrowCode(campaign.id),
          to: systemAccountCode("revenue"),
          amount: fee(campaign),
          intent: "campaign_fee",
        });
    };
  if (event === "reject")
    // Everything in escrow goes back to the producer's wallet.
    return async (ctx, campaign) => {
      const held = campaign.budget - campaign.spent;
      if (held > 0)
        await refundEscrow(ctx, {
          campaign,
          refund: { key: `campaign:${campaign.id}:refund`, amount: held, metadata: { reason: reason ?? null } },
        });
    };
  if (event === "settle")
    // Whatever the escrow still holds returns to the producer's wallet — except what boosters' work
    // in review has reserved (pending debits): approving it pays from there, denying it refunds then.
    return async (ctx, campaign) => {
      const [escrow] = await ctx.tx
        .select({ available: sql<number>`${ledgerAccounts.balance} - ${ledgerAccounts.pendingDebits}`.mapWith(Number) })
        .from(ledgerAccounts)
        .where(eq(ledgerAccounts.code, campaignEscrowCode(campaign.id)));
      if (!escrow || escrow.available <= 0) return;
      // The partial refund: what could not be delivered, back to the wallet as its own line, once (the key).
      const key = `campaign:${campaign.id}:settle`;
      const metadata = { campaign_id: campaign.id, reason: "partial_refund" };
      const moved = await refundEscrow(ctx, { campaign, refund: { key, amount: escrow.available, metadata } });
      await ctx.tx.insert(transactions).values({
        userId: campaign.ownerId,
        amount: escrow.available,
        intent: "refund",
        status: "paid",
        gateway: "wallet",
        campaignId: campaign.id,
        transferId: moved.id,
        approvedAt: new Date(),
      });
      await notify(ctx, {
        userId: campaign.ownerId,
        kind: "campaign_refunded",
        dedupeKey: `campaign:${campaign.id}:partial-refund`,
        params: { campaign_id: campaign.id, campaign: campaign.name, amount: escrow.available },
      });
    };
  return null;
}

/** What the producer is told, in the transition's transaction. */
const announcements: Partial<Record<CampaignEvent, NotificationKind>> = {
  approve: "campaign_approved",
  reject: "campaign_rejected",
  complete: "campaign_completed",
  settle: "campaign_paid",
};

type EventInput = { campaignId: string; event: CampaignEvent; reason?: string };

/**
 * The one place campaign statuses change: the state machine decides, the update is conditional on
 * the status read (a concurrent change loses with 409), and money moves in the same transaction —
 * the caller's when ctx.tx is set (a gateway payment's settlement moves the money and the campaign
 * together), else one of its own. An admin acting on another's campaign (ctx.actor) is audited.
 */
export async function applyCampaignEvent(ctx: ActorCtx, input: EventInput): Promise<Campaign> {
  return withTransaction(ctx, async (ctx) => {
    const { tx, actor } = ctx;
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, input.campaignId)).for("update");
    if (!campaign) throw new AppError("campaign_not_found");
    const next = transition(campaign.status, input.event);
    if (!next.ok) throw new AppError("campaign_transition_invalid");
    await effectsOf(input.event, input.reason)?.(ctx, campaign);
    const [updated] = await tx
      .update(campaigns)
      .set({
        status: next.to,
        updatedAt: new Date(),
        ...(input.event === "reject" ? { rejectionReason: input.reason ?? null } : {}),
        ...(input.event === "approve" ? { endsAt: new Date(Date.now() + CAMPAIGN_DAYS * 24 * 3600 * 1000) } : {}),
        ...(input.event === "complete" ? { completedAt: new Date() } : {}),
      })
      .where(and(eq(campaigns.id, campaign.id), eq(campaigns.status, campaign.status)))
      .returning();
    if (!updated) throw new AppError("campaign_transition_invalid");
    const announced = announcements[input.event];
    if (announced)
      await notify(ctx, {
        userId: campaign.ownerId,
        kind: announced,
        dedupeKey: `campaign:${campaign.id}:${input.event}`,
        params: { campaign_id: campaign.id, campaign: campaign.name, reason: input.event === "reject" ? (input.reason ?? null) : null },
      });
    if (actor?.role === "admin" && actor.id !== campaign.ownerId) {
      await recordAudit(ctx, {
        actorId: actor.id,
        action: `campaign.${input.event}`,
        targetType: "campaign",
        targetId: campaign.id,
        details: input.reason ? { reason: input.reason } : {},
        ip: ctx.ip ?? null,
      });
    }
    return updated;
  });
}

/**
 * Completes campaigns whose end date has passed and returns what their escrow still holds.
 * (Completion by targets met or budget spent happens as boosters' work is approved: activities/review.ts.)
 */
export async function completeEndedCampaigns(ctx: DbCtx & { now?: Date }): Promise<number> {
  const db = executor(ctx);
  const now = ctx.now ?? new Date();
  const ended = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(and(inArray(campaigns.status, ["active", "paused"]), lt(campaigns.endsAt, now)))
    .limit(500);
  let completed = 0;
  for (const { id } of ended) {
    try {
      await applyCampaignEvent({ db }, { campaignId: id, event: "complete" });
      await applyCampaignEvent({ db }, { campaignId: id, event: "settle" });
      completed++;
    } catch (error) {
      // Another run (another instance) completed or settled it meanwhile: its transition, not ours.
      if (!(error instanceof AppError && error.code === "campaign_transition_invalid")) throw error;
    }
  }
  return completed;
}

/**
 * A campaign paid by gateway (intent campaign_creation): the money goes to its escrow and the campaign on to
 * review — if it still awaits payment (read under its row lock, the lock a payment from the wallet takes). Paid
 * meanwhile by other means, the campaign keeps its status and the money goes to the wallet. Registered with
 * payments at the composition root (server/root.ts).
 */
export const campaignSettlement: SettlementHandler = {
  async destination(ctx, { transaction }) {
    if (transaction.campaignId === null) return null;
    const [campaign] = await ctx.tx
      .select({ status: campaigns.status })
      .from(campaigns)
      .where(eq(campaigns.id, transaction.campaignId))
      .for("update");
    return campaign?.status === "awaiting_payment" ? campaignEscrowCode(transaction.campaignId) : null;
  },
  async settled(ctx, { transaction, toDestination }) {
    // Through the state machine (pay: awaiting_payment → awaiting_review), in this same transaction.
    if (toDestination) await applyCampaignEvent(ctx, { campaignId: transaction.campaignId!, event: "pay" });
    return null;
  },
};
