import { and, asc, eq, gt, gte, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { REFILL_DAYS_MAX } from "@/lib/campaigns/pricing";
import { notify } from "@/server/notifications";
import { executor, withTransaction, type DbCtx, type TxCtx } from "@/server/core/context";
import { activities, campaigns, ledgerAccounts, type Activity, type Campaign } from "@/server/db/schema";
import { campaignEscrowCode, systemAccountCode, userAccountCode } from "@/server/ledger";
import { audit, lockActivity } from "@/server/activities/review";
import { refreshCampaign } from "@/server/activities/progress";
import { clawBackMoves } from "@/server/activities/claw";

/*
 * The refill guarantee after release (issue 32, docs/features/campaigns.md "The refill guarantee"): released
 * API-checked work is re-checked once more in the last GUARANTEE_LOOKAHEAD_DAYS of its line's window (the
 * YouTube side: server/youtube/guarantee.ts). Work found undone is clawed back from the booster's earnings
 * into the campaign's escrow and its unit reopens on the finished campaign, for another booster, until the
 * window closes; what no one refilled by then goes back to the producer's wallet, once.
 */

/** How many days before a line's guarantee window closes its released work is re-checked. */
export const GUARANTEE_LOOKAHEAD_DAYS = 3;

export const DAY_MS = 86_400_000;

/** The guarantee's days of each line of an invoice (locked at purchase), by metric. */
export function refillDaysOf(invoice: unknown): Map<string, number> {
  const lines = (invoice as { lines?: { metric: string; refillDays?: number }[] } | null)?.lines ?? [];
  return new Map(lines.map((line) => [line.metric, Math.max(0, line.refillDays ?? 0)]));
}

/** When a finished campaign's line stops being guaranteed; null when it has no guarantee (or the campaign has not ended). */
export function lineGuaranteeEnd(campaign: Pick<Campaign, "invoice" | "completedAt">, metric: string): Date | null {
  const days = refillDaysOf(campaign.invoice).get(metric) ?? 0;
  return days > 0 && campaign.completedAt ? new Date(campaign.completedAt.getTime() + days * DAY_MS) : null;
}

/** The campaign's guarantee end: its longest line's (as present.ts's guarantee_ends_at). */
export function campaignGuaranteeEnd(campaign: Pick<Campaign, "invoice" | "completedAt">): Date | null {
  const days = Math.max(0, ...refillDaysOf(campaign.invoice).values());
  return days > 0 && campaign.completedAt ? new Date(campaign.completedAt.getTime() + days * DAY_MS) : null;
}

/** The end of the guarantee window of an activity's line, in SQL (the campaign joined as "campaigns"). */
const lineEnd = sql`(${campaigns.completedAt} + coalesce((select max((l ->> 'refillDays')::int) from jsonb_array_elements(${campaigns.invoice} -> 'lines') l
  where l ->> 'metric' = ${activities.metric}), 0) * interval '24 hours')`;

/**
 * Released (completed) API-checked work on a finished YouTube campaign, paid for by its producer (not a
 * Trial, not an upheld appeal the platform paid), not yet re-checked in its window, whose line's window
 * closes within the look-ahead, or whose producer requested a refill.
 */
function dueWhere(now: Date, lookaheadDays: number): SQL {
  return and(
    eq(activities.status, "completed"),
    eq(activities.checkMethod, "api"),
    isNull(activities.guaranteeCheckedAt),
    isNull(activities.appealedAt),
    eq(campaigns.network, "youtube"),
    inArray(campaigns.status, ["completed", "paid"]),
    sql`${campaigns.strategy} <> 'trial'`,
    // campaigns_youtube_finished_idx: only campaigns that can still be in a window.
    gte(campaigns.completedAt, new Date(now.getTime() - REFILL_DAYS_MAX * DAY_MS)),
    sql`${lineEnd} > ${now.toISOString()}::timestamptz`,
    // In the window's last days, or at once when the producer requested a refill (the order API, v2 `refill`).
    sql`(${lineEnd} <= ${new Date(now.getTime() + lookaheadDays * DAY_MS).toISOString()}::timestamptz or ${campaigns.refillRequestedAt} is not null)`,
  )!;
}

/** The boosters with work due for the guarantee's re-check, in id order after `after` (a run pages through them). */
export async function dueGuaranteeBoosters(
  ctx: DbCtx,
  input: { now: Date; after: string | null; limit: number; lookaheadDays?: number },
): Promise<string[]> {
  const rows = await executor(ctx)
    .selectDistinct({ boosterId: activities.boosterId })
    .from(activities)
    .innerJoin(campaigns, eq(campaigns.id, activities.campaignId))
    .where(
      and(
        dueWhere(input.now, input.lookaheadDays ?? GUARANTEE_LOOKAHEAD_DAYS),
        input.after ? gt(activities.boosterId, input.after) : undefined,
      ),
    )
    .orderBy(asc(activities.boosterId))
    .limit(input.limit);
  return rows.map((row) => row.boosterId);
}

export type GuaranteeDue = { activity: Activity; networkChannelId: string | null };

/** These boosters' work due for the re-check (with the campaign's resolved channel id, for an @handle link). */
export async function dueGuaranteeWork(
  ctx: DbCtx,
  input: { now: Date; boosterIds: readonly string[]; lookaheadDays?: number },
): Promise<GuaranteeDue[]> {
  if (input.boosterIds.length === 0) return [];
  return executor(ctx)
    .select({ activity: activities, networkChannelId: campaigns.networkChannelId })
    .from(activities)
    .innerJoin(campaigns, eq(campaigns.id, activities.campaignId))
    .where(and(dueWhere(input.now, input.lookaheadDays ?? GUARANTEE_LOOKAHEAD_DAYS), inArray(activities.boosterId, [...input.boosterIds])))
    .orderBy(asc(activities.boosterId), asc(activities.id));
}

/** The work is still there: stamped, so it is not asked about again in this window. Returns how many were stamped. */
export async function keepGuaranteed(ctx: DbCtx, input: { ids: readonly string[]; now: Date }): Promise<number> {
  if (input.ids.length === 0) return 0;
  const stamped = await executor(ctx)
    .update(activities)
    .set({ guaranteeCheckedAt: input.now })
    .where(and(inArray(activities.id, [...input.ids]), eq(activities.status, "completed"), isNull(activities.guaranteeCheckedAt)))
    .returning({ id: activities.id });
  return stamped.length;
}

/** What an account holds that may be taken now (its balance less what pending transfers reserved), locked. */
export async function lockedAvailable(ctx: TxCtx, code: string): Promise<number> {
  const [account] = await ctx.tx
    .select({ available: sql<number>`${ledgerAccounts.balance} - ${ledgerAccounts.pendingDebits}`.mapWith(Number) })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.code, code))
    .for("update");
  return Math.max(0, account?.available ?? 0);
}

/**
 * Released work found undone inside its line's guarantee window: the unit reopens for another booster at
 * no cost to the producer. Its budget goes back into the campaign's escrow, where the refill's reward is
 * paid from: the reward from the booster's earnings (at most what they hold: never overdrawn), whatever the
 * booster no longer has (withdrawn) and the platform's margin from the platform's revenue. The activity is
 * dropped (the rollup counts it on the day), the campaign's delivered count falls, the booster is told and
 * the drop audited. False when it was decided meanwhile (another run, a crash's replay) or the window closed.
 */
export function dropAfterRelease(ctx: DbCtx, input: { id: string; now: Date }): Promise<boolean> {
  return withTransaction(
    ctx,
    async (ctx) => {
      const activity = await lockActivity(ctx, { id: input.id });
      if (activity.status !== "completed" || activity.guaranteeCheckedAt !== null || activity.appealedAt !== null) return false;
      // Activity, campaign, ledger: the order every path locks in.
      const [campaign] = await ctx.tx.select().from(campaigns).where(eq(campaigns.id, activity.campaignId)).for("update");
      if (!campaign || campaign.strategy === "trial" || campaign.guaranteeClosedAt !== null) return false;
      if (campaign.status !== "completed" && campaign.status !== "paid") return false;
      const end = lineGuaranteeEnd(campaign, activity.metric);
      if (!end || end <= input.now) return false;

      const escrow = campaignEscrowCode(campaign.id);
      const metadata = { campaign_id: campaign.id, activity_id: activity.id, dropped: true, after_release: true };
      const earnings = userAccountCode(activity.boosterId, "earnings");
      const fromBooster = Math.min(activity.reward, await lockedAvailable(ctx, earnings));
      const absorbed = activity.reward - fromBooster;
      const margin = activity.budget - activity.reward;
      await clawBackMoves(ctx, {
        activity,
        to: escrow,
        moves: [
          { key: `activity:${activity.id}:guarantee-clawback`, from: earnings, amount: fromBooster, metadata },
          {
            key: `activity:${activity.id}:guarantee-absorbed`,
            from: systemAccountCode("revenue"),
            amount: absorbed,
            metadata: { ...metadata, absorbed: true },
          },
          { key: `activity:${activity.id}:guarantee-margin`, from: systemAccountCode("revenue"), amount: margin, metadata },
        ],
        now: input.now,
        unspend: true,
        guaranteeChecked: true,
      });
      await refreshCampaign(ctx, { campaignId: campaign.id });
      await notify(ctx, {
        userId: activity.boosterId,
        kind: "activity_guarantee_dropped",
        dedupeKey: `activity:${activity.id}:guarantee-clawback`,
        params: { activity_id: activity.id, reward: fromBooster },
      });
      await audit(
        { ...ctx, actor: null },
        { id: activity.id, action: "activity.drop_guaranteed", details: { from_booster: fromBooster, absorbed } },
      );
      return true;
    },
    { retry: true },
  );
}
