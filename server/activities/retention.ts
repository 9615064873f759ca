import { and, asc, eq, gt, lte, sql } from "drizzle-orm";
import { notify } from "@/server/notifications";
import { withTransaction, type DbCtx, type TxCtx } from "@/server/core/context";
import { activities, campaigns, type Activity } from "@/server/db/schema";
import { campaignEscrowCode, systemAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { refundEscrow } from "@/server/campaigns";
import { holdWhileBanned } from "@/server/people";
import { audit, lockActivity } from "@/server/activities/review";
import { refreshCampaign } from "@/server/activities/progress";
import { clawBackMoves } from "@/server/activities/claw";

/**
 * At release, is the work still there (still subscribed, still liked, the comment still up)? Only
 * work checked by an API can be re-checked, all of a run's at once (a provider answers many in one call):
 * a verdict per activity id; one left out (the API did not answer) waits for the next run.
 */
export type Recheck = (due: Activity[]) => Promise<ReadonlyMap<string, "kept" | "dropped">>;
/** A Recheck deciding each activity on its own ("unknown": left for the next run); tests and the demo world. */
export function recheckEach(decide: (activity: Activity) => Promise<"kept" | "dropped" | "unknown">): Recheck {
  return async (due) => {
    const verdicts = new Map<string, "kept" | "dropped">();
    for (const activity of due) {
      const verdict = await decide(activity);
      if (verdict !== "unknown") verdicts.set(activity.id, verdict);
    }
    return verdicts;
  };
}
/** Reviewed and watched work is released without a re-check. */
export const noRecheck: Recheck = recheckEach(async () => "kept");

/** How many rewards one run releases at a time (each in its own short transaction). */
const RELEASE_CONCURRENCY = 4;

/** When the next held reward after `after` falls due (activities_release_due_idx), or null when none is held. */
export async function nextReleaseAt(ctx: DbCtx, input: { after: Date }): Promise<Date | null> {
  const [row] = await ctx.db
    .select({ at: sql<Date | null>`min(${activities.releaseAt})`.mapWith((value) => (value === null ? null : new Date(value))) })
    .from(activities)
    .where(and(eq(activities.status, "approved"), gt(activities.releaseAt, input.after)));
  return row?.at ?? null;
}

/**
 * The release job: approved rewards whose retention has passed move from earnings_held to earnings
 * (the activity completes), or, when a re-check finds the work undone, go back where they came from
 * and the unit reopens. Returns how many of each. Safe to run twice: each item is decided once.
 */
export async function releaseDueRewards(
  ctx: DbCtx,
  input: { now: Date; recheck?: Recheck; limit?: number },
): Promise<{ released: number; dropped: number }> {
  const due = await ctx.db
    .select()
    .from(activities)
    .where(and(eq(activities.status, "approved"), lte(activities.releaseAt, input.now)))
    .orderBy(asc(activities.releaseAt), asc(activities.id))
    .limit(input.limit ?? 1000);
  const recheck = input.recheck ?? noRecheck;
  const rechecked = await recheck(due.filter((activity) => activity.checkMethod === "api"));
  const counts = { released: 0, dropped: 0 };
  for (let i = 0; i < due.length; i += RELEASE_CONCURRENCY) {
    await Promise.all(
      due.slice(i, i + RELEASE_CONCURRENCY).map(async (activity) => {
        const verdict = activity.checkMethod === "api" ? rechecked.get(activity.id) : "kept";
        if (!verdict) return;
        const done = await (verdict === "kept" ? releaseReward : clawBack)(ctx, { id: activity.id, now: input.now });
        if (done) counts[verdict === "kept" ? "released" : "dropped"]++;
      }),
    );
  }
  return counts;
}

/** Locks the activity; null when it is no longer an approved reward due for release (decided meanwhile). */
async function lockDue(ctx: TxCtx, id: string, now: Date): Promise<Activity | null> {
  const activity = await lockActivity(ctx, { id });
  if (activity.status !== "approved" || !activity.releaseAt || activity.releaseAt > now) return null;
  return activity;
}

/** Held → earnings: the reward becomes withdrawable and the activity is completed. */
export function releaseReward(ctx: DbCtx, input: { id: string; now: Date }): Promise<boolean> {
  return withTransaction(ctx, async (ctx) => {
    const activity = await lockDue(ctx, input.id, input.now);
    if (!activity) return false;
    if (activity.reward > 0) {
      await transfer(ctx, {
        idempotencyKey: `activity:${activity.id}:release`,
        from: userAccountCode(activity.boosterId, "earnings_held"),
        to: userAccountCode(activity.boosterId, "earnings"),
        amount: activity.reward,
        intent: "reward",
        metadata: { campaign_id: activity.campaignId, activity_id: activity.id },
      });
      await holdWhileBanned(ctx, {
        userId: activity.boosterId,
        kind: "earnings",
        amount: activity.reward,
        key: `activity:${activity.id}:release`,
      });
    }
    const now = input.now;
    await ctx.tx.update(activities).set({ status: "completed", releasedAt: now, updatedAt: now }).where(eq(activities.id, activity.id));
    await notify(ctx, {
      userId: activity.boosterId,
      kind: "activity_released",
      dedupeKey: `activity:${activity.id}:release`,
      params: { activity_id: activity.id, reward: activity.reward },
    });
    return true;
  });
}

/**
 * The work was undone before release: the reward (and the platform's margin) go back to where they
 * came from — the campaign's escrow, or promotions for a Trial or an upheld appeal — the producer is
 * not charged for it, and the unit reopens for another booster. A settled campaign's share goes on
 * to the producer's wallet.
 */
export function clawBack(ctx: DbCtx, input: { id: string; now: Date }): Promise<boolean> {
  return withTransaction(ctx, async (ctx) => {
    const activity = await lockDue(ctx, input.id, input.now);
    if (!activity) return false;
    const [campaign] = await ctx.tx.select().from(campaigns).where(eq(campaigns.id, activity.campaignId)).for("update");
    const paidByProducer = campaign!.strategy !== "trial" && activity.appealedAt === null;
    const back = paidByProducer ? campaignEscrowCode(campaign!.id) : systemAccountCode("promotions");
    const metadata = { campaign_id: activity.campaignId, activity_id: activity.id, dropped: true };
    const margin = paidByProducer ? activity.budget - activity.reward : 0;
    await clawBackMoves(ctx, {
      activity,
      to: back,
      moves: [
        {
          key: `activity:${activity.id}:clawback`,
          from: userAccountCode(activity.boosterId, "earnings_held"),
          amount: activity.reward,
          metadata,
        },
        { key: `activity:${activity.id}:clawback-margin`, from: systemAccountCode("revenue"), amount: margin, metadata },
      ],
      now: input.now,
      unspend: paidByProducer,
    });
    if (paidByProducer && campaign!.status === "paid" && activity.budget > 0)
      await refundEscrow(ctx, {
        campaign: campaign!,
        refund: { key: `activity:${activity.id}:dropped-refund`, amount: activity.budget, metadata },
      });
    await refreshCampaign(ctx, { campaignId: activity.campaignId });
    await notify(ctx, {
      userId: activity.boosterId,
      kind: "activity_clawed_back",
      dedupeKey: `activity:${activity.id}:clawback`,
      params: { activity_id: activity.id, reward: activity.reward },
    });
    await audit({ ...ctx, actor: null }, { id: activity.id, action: "activity.drop", details: {} });
    return true;
  });
}
