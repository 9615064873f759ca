import { and, eq, inArray, lt, sql } from "drizzle-orm";
import { remainingByMetric, targetsMet, taskQuantity } from "@/lib/activities/tasks";
import { parseChannelLink } from "@/lib/campaigns/links";
import type { Network } from "@/lib/campaigns/pricing";
import { activities, campaigns, ledgerAccounts, type Activity } from "@/server/db/schema";
import { withTransaction, type ActorCtx, type DbCtx, type TxCtx, type UserCtx, executor } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { announceApproval, announceDenial, audit } from "@/server/activities/announce";
import { applyCampaignEvent, refundEscrow } from "@/server/campaigns";
import { campaignEscrowCode, postTransfer, systemAccountCode, transfer, userAccountCode, voidTransfer } from "@/server/ledger";
import type { ActivityDenialCode, adminDenialCodes } from "@/lib/schemas/enums";

type AdminDenialCode = (typeof adminDenialCodes)[number];
import { linesOf } from "@/server/activities/tasks";
import { refreshCampaign } from "@/server/activities/progress";
import { releaseAtFor } from "@/server/payouts";

/** POST activities/:id/submit: the booster says the work is done, with the post it was done on. */
export async function submitActivity(
  ctx: UserCtx,
  input: {
    id: string;
    post_link: string;
    proof?: string | undefined;
    proof_username?: string | undefined;
    messages: { linkInvalid: string; usernameRequired: string; screenshotRequired: string };
  },
): Promise<Activity> {
  const { db, actor: booster } = ctx;
  const { id, messages } = input;
  const [found] = await db
    .select({ activity: activities, network: campaigns.network })
    .from(activities)
    .innerJoin(campaigns, eq(campaigns.id, activities.campaignId))
    .where(eq(activities.id, id));
  if (!found || found.activity.boosterId !== booster.id) throw new AppError("activity_not_found");
  // Work a watch session or YouTube's API checks is not sent to a person: nobody could tell better.
  if (found.activity.checkMethod !== "review") throw new AppError("activity_state_invalid");
  const link = parseChannelLink(found.network as Network, input.post_link);
  if (!link.ok) throw new AppError("validation_failed", {}, { post_link: messages.linkInvalid });
  // Instagram has no API that can tell: the proof is the booster's username and a screenshot, for a person.
  if (found.network === "instagram") {
    const missing: Record<string, string> = {};
    if (!input.proof_username?.trim()) missing.proof_username = messages.usernameRequired;
    if (found.activity.status === "in_progress" && !found.activity.proofImageKey) missing.screenshot = messages.screenshotRequired;
    if (Object.keys(missing).length > 0) throw new AppError("validation_failed", {}, missing);
  }
  const [submitted] = await db
    .update(activities)
    .set({
      status: "awaiting_review",
      postLink: link.normalized,
      proof: input.proof?.trim() || null,
      proofUsername: input.proof_username?.trim().replace(/^@/, "") || null,
      submittedAt: new Date(),
      updatedAt: new Date(),
    })
    .where(and(eq(activities.id, id), eq(activities.status, "in_progress"), sql`${activities.expiresAt} > now()`))
    .returning();
  if (!submitted) throw new AppError("activity_state_invalid");
  return submitted;
}

export async function lockActivity({ tx }: TxCtx, input: { id: string }): Promise<Activity> {
  const [activity] = await tx.select().from(activities).where(eq(activities.id, input.id)).for("update");
  if (!activity) throw new AppError("activity_not_found");
  return activity;
}

export async function settleTransfers(ctx: TxCtx, input: { activity: Activity; how: "post" | "void" }) {
  const { activity, how } = input;
  for (const transferId of [activity.rewardTransferId, activity.marginTransferId]) {
    if (transferId) await (how === "post" ? postTransfer : voidTransfer)(ctx, { transferId });
  }
}

/**
 * Submitted work is approved — by an admin, or by the review deadline (`by: "sla"`): the reserved
 * reward and margin are posted (the booster's reward lands in earnings_held until its release date),
 * the activity costs its budget, the campaign's spend and progress follow, all in one transaction;
 * then the campaign completes if its targets are met or its budget is spent. An appeal upheld after
 * a denial (whose reservation was already voided) is paid by the platform, at no cost to the producer.
 */
export async function approveActivity(ctx: ActorCtx, input: { id: string; by?: "admin" | "sla" | "api" | "watch" }): Promise<Activity> {
  const { id } = input;
  const approved = await withTransaction(ctx, async (ctx) => {
    const { tx } = ctx;
    const activity = await lockActivity(ctx, { id });
    // The campaign's row next, before any money moves: the order every path takes (activity, campaign, ledger),
    // so an approval and the campaign's settlement at once queue instead of deadlocking.
    await tx.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.id, activity.campaignId)).for("update");
    // A passing API check or a completed watch session approves work still in progress (within its time); a person or the deadline, submitted work.
    const automatic = input.by === "api" || input.by === "watch";
    const due = automatic ? activity.status === "in_progress" && activity.expiresAt > new Date() : activity.status === "awaiting_review";
    if (!due) throw new AppError("activity_state_invalid");
    const appeal = activity.appealedAt !== null;
    if (appeal) await payUpheldAppeal(ctx, activity);
    else await settleTransfers(ctx, { activity, how: "post" });
    const now = new Date();
    const [updated] = await tx
      .update(activities)
      .set({
        status: "approved",
        cost: appeal ? 0 : activity.budget,
        progress: 100,
        decidedBy: input.by ?? "admin",
        denialCode: null,
        denialReason: null,
        submittedAt: activity.submittedAt ?? now,
        reviewedAt: now,
        approvedAt: now,
        releaseAt: await releaseAtFor({ ...ctx, now }, { userId: activity.boosterId }), // RETENTION_DAYS, or the booster's plan's shorter one
        updatedAt: now,
      })
      .where(eq(activities.id, id))
      .returning();
    if (!appeal)
      await tx
        .update(campaigns)
        .set({ spent: sql`${campaigns.spent} + ${activity.budget}` })
        .where(and(eq(campaigns.id, activity.campaignId), sql`${campaigns.strategy} <> 'trial'`));
    await refreshCampaign(ctx, { campaignId: activity.campaignId });
    await announceApproval(ctx, { activity: updated!, by: input.by });
    if (automatic)
      await audit(
        { ...ctx, actor: null },
        { id, action: input.by === "api" ? "activity.approve_checked" : "activity.approve_watched", details: {} },
      );
    else await audit(ctx, { id, action: input.by === "sla" ? "activity.approve_overdue" : "activity.approve", details: { appeal } });
    return updated!;
  });
  await completeIfDone(ctx, { campaignId: approved.campaignId });
  return approved;
}

/** POST admin/activities/approve: each in its own transaction; one decided meanwhile (or unknown) is skipped. */
export async function approveMany(ctx: UserCtx, input: { ids: readonly string[] }): Promise<{ approved: string[]; skipped: string[] }> {
  const result = { approved: [] as string[], skipped: [] as string[] };
  for (const id of new Set(input.ids)) {
    try {
      await approveActivity(ctx, { id });
      result.approved.push(id);
    } catch (error) {
      if (!(error instanceof AppError && (error.code === "activity_state_invalid" || error.code === "activity_not_found"))) throw error;
      result.skipped.push(id);
    }
  }
  return result;
}

/** The reward of an appeal upheld: from the promotions account into the booster's held earnings. */
async function payUpheldAppeal(ctx: TxCtx, activity: Activity) {
  if (activity.reward <= 0) return;
  const paid = await transfer(ctx, {
    idempotencyKey: `activity:${activity.id}:appeal-reward`,
    from: systemAccountCode("promotions"),
    to: userAccountCode(activity.boosterId, "earnings_held"),
    amount: activity.reward,
    intent: "reward",
    metadata: { campaign_id: activity.campaignId, activity_id: activity.id, appeal: true },
  });
  await ctx.tx.update(activities).set({ rewardTransferId: paid.id, marginTransferId: null }).where(eq(activities.id, activity.id));
}

export { audit } from "@/server/activities/announce";

/**
 * Work that did not happen: denied by an admin, or expired unsubmitted. The reservation is voided
 * and the budget is free for another booster; if the campaign has already been settled, the freed
 * money goes straight back to the producer's wallet.
 */
async function release(
  ctx: ActorCtx,
  input: { id: string; allowed: readonly Activity["status"][]; code: ActivityDenialCode; reason: string | null },
) {
  const { id, allowed, code, reason } = input;
  return withTransaction(ctx, async (ctx) => {
    const { tx, actor } = ctx;
    const activity = await lockActivity(ctx, { id });
    if (!allowed.includes(activity.status)) throw new AppError("activity_state_invalid");
    // The campaign's row before the money (activity, campaign, ledger): a settlement at the same moment either
    // sees this reservation voided and refunds it, or has settled first and this refunds it below.
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, activity.campaignId)).for("update");
    // An appeal denied again: its reservation was voided at the first denial.
    const appeal = activity.appealedAt !== null;
    if (!appeal) await settleTransfers(ctx, { activity, how: "void" });
    const [denied] = await tx
      .update(activities)
      .set({
        status: "denied",
        denialCode: code,
        denialReason: reason,
        decidedBy: actor ? "admin" : null,
        reviewedAt: new Date(),
        updatedAt: new Date(),
      })
      .where(eq(activities.id, id))
      .returning();
    if (!appeal && campaign && campaign.status === "paid" && campaign.strategy !== "trial" && activity.budget > 0) {
      await refundEscrow(ctx, {
        campaign,
        refund: {
          key: `activity:${activity.id}:refund`,
          amount: activity.budget,
          metadata: { campaign_id: campaign.id, activity_id: activity.id },
        },
      });
    }
    if (actor) {
      await announceDenial(ctx, { activity, denial: { code, reason, appeal } });
      await audit(ctx, { id, action: "activity.deny", details: { code, reason, appeal } });
    }
    return denied!;
  });
}

export function denyActivity(ctx: UserCtx, input: { id: string; code: AdminDenialCode; reason: string }): Promise<Activity> {
  return release(ctx, { ...input, allowed: ["in_progress", "awaiting_review"] });
}

/** Releases tasks started but not submitted in time (a job runs it). */
export async function expireActivities(ctx: DbCtx & { now?: Date }): Promise<number> {
  const now = ctx.now ?? new Date();
  const stale = await executor(ctx)
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.status, "in_progress"), lt(activities.expiresAt, now)))
    .limit(500);
  let expired = 0;
  for (const { id } of stale) {
    try {
      await release(ctx, { id, allowed: ["in_progress"], code: "expired", reason: null });
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
