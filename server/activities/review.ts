import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { campaignProgress, remainingByMetric, targetsMet, taskQuantity } from "@/lib/activities/tasks";
import { parseChannelLink } from "@/lib/campaigns/links";
import type { Network } from "@/lib/campaigns/pricing";
import type { Db } from "@/server/db";
import { activities, campaigns, ledgerAccounts, type Activity } from "@/server/db/schema";
import { withTransaction, type ActorCtx, type DbCtx, type Tx, type TxCtx, type UserCtx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { recordAudit } from "@/server/audit/record";
import { applyCampaignEvent, refundEscrow } from "@/server/campaigns/transitions";
import { campaignEscrowCode, postTransfer, voidTransfer } from "@/server/ledger";
import { linesOf } from "@/server/activities/tasks";

/** POST activities/:id/submit: the booster says the work is done, with the post it was done on. */
export async function submitActivity(
  ctx: UserCtx,
  input: { id: string; post_link: string; proof?: string | undefined; messages: { linkInvalid: string } },
): Promise<Activity> {
  const { db, actor: booster } = ctx;
  const { id, messages } = input;
  const [found] = await db
    .select({ activity: activities, network: campaigns.network })
    .from(activities)
    .innerJoin(campaigns, eq(campaigns.id, activities.campaignId))
    .where(eq(activities.id, id));
  if (!found || found.activity.boosterId !== booster.id) throw new AppError("activity_not_found");
  const link = parseChannelLink(found.network as Network, input.post_link);
  if (!link.ok) throw new AppError("validation_failed", {}, { post_link: messages.linkInvalid });
  const [submitted] = await db
    .update(activities)
    .set({
      status: "awaiting_review",
      postLink: link.normalized,
      proof: input.proof?.trim() || null,
      submittedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(activities.id, id), eq(activities.status, "in_progress"), sql`${activities.expiresAt} > now()`))
    .returning();
  if (!submitted) throw new AppError("activity_state_invalid");
  return submitted;
}

async function lockActivity(tx: Tx, id: string): Promise<Activity> {
  const [activity] = await tx.select().from(activities).where(eq(activities.id, id)).for("update");
  if (!activity) throw new AppError("activity_not_found");
  return activity;
}

async function settleTransfers(ctx: TxCtx, activity: Activity, how: "post" | "void") {
  for (const transferId of [activity.rewardTransferId, activity.marginTransferId]) {
    if (transferId) await (how === "post" ? postTransfer : voidTransfer)(ctx, transferId);
  }
}

/** Approved units per metric of a campaign, and its progress, recomputed inside the transaction. */
async function refreshCampaign(tx: Tx, campaignId: string) {
  const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
  if (!campaign) return;
  const approved = await tx
    .select({ metric: activities.metric, units: sql<number>`sum(${activities.quantity})`.mapWith(Number) })
    .from(activities)
    .where(and(eq(activities.campaignId, campaignId), inArray(activities.status, ["approved", "completed"])))
    .groupBy(activities.metric);
  const progress = campaignProgress(linesOf(campaign), Object.fromEntries(approved.map((row) => [row.metric, row.units])));
  await tx.update(campaigns).set({ progress, updatedAt: new Date() }).where(eq(campaigns.id, campaignId));
}

/**
 * An admin approves submitted work: the reserved reward and margin are posted (the booster's reward
 * lands in earnings_held), the activity costs its budget, the campaign's spend and progress follow,
 * all in one transaction; then the campaign completes if its targets are met or its budget is spent.
 */
export async function approveActivity(ctx: UserCtx, input: { id: string }): Promise<Activity> {
  const { id } = input;
  const approved = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const activity = await lockActivity(tx, id);
    if (activity.status !== "awaiting_review") throw new AppError("activity_state_invalid");
    await settleTransfers(ctx, activity, "post");
    const [updated] = await tx
      .update(activities)
      .set({ status: "approved", cost: activity.budget, progress: 100, reviewedAt: new Date(), updatedAt: new Date() })
      .where(eq(activities.id, id))
      .returning();
    await tx
      .update(campaigns)
      .set({ spent: sql`${campaigns.spent} + ${activity.budget}` })
      .where(and(eq(campaigns.id, activity.campaignId), sql`${campaigns.strategy} <> 'trial'`));
    await refreshCampaign(tx, activity.campaignId);
    await recordAudit(tx, {
      actorId: ctx.actor.id,
      action: "activity.approve",
      targetType: "activity",
      targetId: id,
      details: {},
      ip: ctx.ip ?? null,
    });
    return updated!;
  });
  await completeIfDone(ctx, { campaignId: approved.campaignId });
  return approved;
}

/**
 * Work that did not happen: denied by an admin, or expired unsubmitted. The reservation is voided
 * and the budget is free for another booster; if the campaign has already been settled, the freed
 * money goes straight back to the producer's wallet.
 */
async function release(ctx: ActorCtx, input: { id: string; allowed: readonly Activity["status"][]; reason: string }) {
  const { id, allowed, reason } = input;
  return withTransaction(ctx, async (ctx) => {
    const { tx, actor } = ctx;
    const activity = await lockActivity(tx, id);
    if (!allowed.includes(activity.status)) throw new AppError("activity_state_invalid");
    await settleTransfers(ctx, activity, "void");
    const [denied] = await tx
      .update(activities)
      .set({ status: "denied", denialReason: reason, reviewedAt: new Date(), updatedAt: new Date() })
      .where(eq(activities.id, id))
      .returning();
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, activity.campaignId));
    if (campaign && campaign.status === "paid" && campaign.strategy !== "trial" && activity.budget > 0) {
      await refundEscrow(ctx, campaign, {
        key: `activity:${activity.id}:refund`,
        amount: activity.budget,
        metadata: { campaign_id: campaign.id, activity_id: activity.id },
      });
    }
    if (actor)
      await recordAudit(tx, {
        actorId: actor.id,
        action: "activity.deny",
        targetType: "activity",
        targetId: id,
        details: { reason },
        ip: ctx.ip ?? null,
      });
    return denied!;
  });
}

export function denyActivity(ctx: UserCtx, input: { id: string; reason: string }): Promise<Activity> {
  return release(ctx, { ...input, allowed: ["in_progress", "awaiting_review"] });
}

/** Releases tasks started but not submitted in time (a job runs it). */
export async function expireActivities(db: Db, now = new Date()): Promise<number> {
  const stale = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.status, "in_progress"), lt(activities.expiresAt, now)))
    .limit(500);
  let expired = 0;
  for (const { id } of stale) {
    try {
      await release({ db }, { id, allowed: ["in_progress"], reason: "expired" });
      expired++;
    } catch (error) {
      // Submitted in the meantime: not ours to expire any more.
      if (!(error instanceof AppError && error.code === "activity_state_invalid")) throw error;
    }
  }
  return expired;
}

/**
 * Completes a running campaign whose targets are all delivered, or whose escrow can no longer pay
 * for one more task, and returns what the escrow still holds. Safe to call any time: a campaign that
 * is not done, or that another caller completes first, is left as it is.
 */
export async function completeIfDone(ctx: DbCtx, input: { campaignId: string }): Promise<boolean> {
  const { db } = ctx;
  const { campaignId } = input;
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, campaignId));
  if (!campaign || (campaign.status !== "active" && campaign.status !== "paused")) return false;
  const units = await db
    .select({
      metric: activities.metric,
      status: activities.status,
      units: sql<number>`sum(${activities.quantity})`.mapWith(Number),
    })
    .from(activities)
    .where(
      and(eq(activities.campaignId, campaignId), inArray(activities.status, ["in_progress", "awaiting_review", "approved", "completed"])),
    )
    .groupBy(activities.metric, activities.status);
  const sumBy = (statuses: readonly string[]) => {
    const out: Record<string, number> = {};
    for (const row of units) if (statuses.includes(row.status)) out[row.metric] = (out[row.metric] ?? 0) + row.units;
    return out;
  };
  const lines = linesOf(campaign);
  let done = targetsMet(lines, sumBy(["approved", "completed"]));
  if (!done && campaign.strategy !== "trial") {
    const [escrow] = await db
      .select({ available: sql<number>`${ledgerAccounts.balance} - ${ledgerAccounts.pendingDebits}`.mapWith(Number) })
      .from(ledgerAccounts)
      .where(eq(ledgerAccounts.code, campaignEscrowCode(campaign.id)));
    const remaining = remainingByMetric(lines, sumBy(["in_progress", "awaiting_review", "approved", "completed"]));
    const nextCosts = lines
      .map((line) => line.unitPrice * taskQuantity(line.metric, remaining[line.metric] ?? 0))
      .filter((cost) => cost > 0);
    const inFlight = units.some((row) => row.status === "in_progress" || row.status === "awaiting_review");
    // Spent: nothing left that another task could be paid from, and nobody still working on it.
    done = !inFlight && (nextCosts.length === 0 || (escrow?.available ?? 0) < Math.min(...nextCosts));
  }
  if (!done) return false;
  try {
    await applyCampaignEvent({ db }, { campaignId, event: "complete" });
    await applyCampaignEvent({ db }, { campaignId, event: "settle" });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.code === "campaign_transition_invalid") return false;
    throw error;
  }
}
