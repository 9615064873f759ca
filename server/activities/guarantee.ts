import { and, asc, eq, gt, gte, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { REFILL_DAYS_MAX } from "@/lib/campaigns/pricing";
import { notify } from "@/server/notifications";
import { executor, withTransaction, type DbCtx, type TxCtx } from "@/server/core/context";
import { activities, campaigns, ledgerAccounts, transactions, type Activity, type Campaign } from "@/server/db/schema";
import { campaignEscrowCode, systemAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { refundEscrow } from "@/server/campaigns";
import { audit, lockActivity } from "@/server/activities/review";
import { refreshCampaign } from "@/server/activities/progress";
import { fromJson } from "@/server/db/raw-json";

/*
 * The refill guarantee after release (issue 32, docs/features/campaigns.md "The refill guarantee"): released
 * API-checked work is re-checked once more in the last GUARANTEE_LOOKAHEAD_DAYS of its line's window (the
 * YouTube side: server/youtube/guarantee.ts). Work found undone is clawed back from the booster's earnings
 * into the campaign's escrow and its unit reopens on the finished campaign, for another booster, until the
 * window closes; what no one refilled by then goes back to the producer's wallet, once.
 */

/** How many days before a line's guarantee window closes its released work is re-checked. */
export const GUARANTEE_LOOKAHEAD_DAYS = 3;

const DAY_MS = 86_400_000;

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
 * closes within the look-ahead.
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
    sql`${lineEnd} <= ${new Date(now.getTime() + lookaheadDays * DAY_MS).toISOString()}::timestamptz`,
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
async function lockedAvailable(ctx: TxCtx, code: string): Promise<number> {
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
      const fromBooster = Math.min(activity.reward, await lockedAvailable(ctx, userAccountCode(activity.boosterId, "earnings")));
      const absorbed = activity.reward - fromBooster;
      const margin = activity.budget - activity.reward;
      if (fromBooster > 0)
        await transfer(ctx, {
          idempotencyKey: `activity:${activity.id}:guarantee-clawback`,
          from: userAccountCode(activity.boosterId, "earnings"),
          to: escrow,
          amount: fromBooster,
          intent: "refund",
          metadata,
        });
      if (absorbed > 0)
        await transfer(ctx, {
          idempotencyKey: `activity:${activity.id}:guarantee-absorbed`,
          from: systemAccountCode("revenue"),
          to: escrow,
          amount: absorbed,
          intent: "refund",
          metadata: { ...metadata, absorbed: true },
        });
      if (margin > 0)
        await transfer(ctx, {
          idempotencyKey: `activity:${activity.id}:guarantee-margin`,
          from: systemAccountCode("revenue"),
          to: escrow,
          amount: margin,
          intent: "refund",
          metadata,
        });
      const now = input.now;
      await ctx.tx
        .update(activities)
        .set({
          status: "denied",
          denialCode: "dropped",
          denialReason: null,
          cost: 0,
          droppedAt: now,
          guaranteeCheckedAt: now,
          updatedAt: now,
        })
        .where(eq(activities.id, activity.id));
      await ctx.tx
        .update(campaigns)
        .set({ spent: sql`greatest(${campaigns.spent} - ${activity.budget}, 0)` })
        .where(eq(campaigns.id, campaign.id));
      await refreshCampaign(ctx, { campaignId: campaign.id });
      await notify(ctx, {
        userId: activity.boosterId,
        kind: "activity_clawed_back",
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

/** Units of each line a refill may still take: reopened by the guarantee and not yet started again. */
export type RefillUnits = { metric: string; live: number; dropped: number; refills: number; mine: boolean };

/** Live (not denied) statuses: what counts against a line's target. */
const LIVE = sql.raw(`'pending', 'in_progress', 'awaiting_review', 'approved', 'completed'`);

/**
 * Per line of a finished campaign: units live, units the guarantee dropped, units started to refill them
 * (whatever became of them: a refill denied or expired on a settled campaign is refunded to the producer
 * like any task there, so its unit is not offered again), and whether `boosterId` holds the line or dropped a unit of it (not theirs to refill).
 */
function refillUnitsOf(boosterId: string) {
  return sql`(select coalesce(json_agg(json_build_array(t.metric, t.live, t.dropped, t.refills, t.mine)), '[]'::json)
    from (select a.metric,
      coalesce(sum(a.quantity) filter (where a.status in (${LIVE})), 0)::int as live,
      coalesce(sum(a.quantity) filter (where a.denial_code = 'dropped' and a.guarantee_checked_at is not null), 0)::int as dropped,
      coalesce(sum(a.quantity) filter (where a.refill), 0)::int as refills,
      coalesce(bool_or(a.booster_id = ${boosterId} and (a.status <> 'denied' or (a.denial_code = 'dropped' and a.guarantee_checked_at is not null))), false) as mine
      from ${activities} a where a.campaign_id = "campaigns"."id" group by a.metric) t)`.mapWith((value) => {
    return fromJson<[string, number, number, number, boolean][]>(value).map(([metric, live, dropped, refills, mine]): RefillUnits => ({
      metric,
      live,
      dropped,
      refills,
      mine,
    }));
  });
}

/** Units of a line open for refill now: reopened and not retaken, while its window is open and the line is not the booster's. */
export function refillOpen(campaign: Pick<Campaign, "invoice" | "completedAt">, units: RefillUnits | undefined, now: Date): number {
  if (!units || units.mine) return 0;
  const end = lineGuaranteeEnd(campaign, units.metric);
  if (!end || end <= now) return 0;
  return Math.max(0, units.dropped - units.refills);
}

/** How far back a guarantee drop can be and its window still open: it is found in the look-ahead before the window closes. */
const dropsSince = (now: Date) => new Date(now.getTime() - (GUARANTEE_LOOKAHEAD_DAYS + 2) * DAY_MS);

/** Finished campaigns the feed scans for reopened units, oldest first. */
const REFILL_SCAN = 200;

/**
 * The feed's finished campaigns of other producers with units the guarantee reopened (found through
 * activities_guarantee_drops_idx: the few dropped in the last days), their lines and units per line.
 */
export async function refillCampaigns(ctx: DbCtx, input: { boosterId: string; network?: string | undefined; now: Date }) {
  const drops = executor(ctx)
    .selectDistinct({ id: activities.campaignId })
    .from(activities)
    .where(
      and(
        sql`${activities.guaranteeCheckedAt} is not null`,
        eq(activities.denialCode, "dropped"),
        gte(activities.droppedAt, dropsSince(input.now)),
      ),
    );
  return executor(ctx)
    .select({
      id: campaigns.id,
      network: campaigns.network,
      strategy: campaigns.strategy,
      link: campaigns.link,
      invoice: campaigns.invoice,
      completedAt: campaigns.completedAt,
      units: refillUnitsOf(input.boosterId),
    })
    .from(campaigns)
    .where(
      and(
        inArray(campaigns.id, drops),
        inArray(campaigns.status, ["completed", "paid"]),
        isNull(campaigns.guaranteeClosedAt),
        sql`${campaigns.ownerId} <> ${input.boosterId}`,
        input.network ? sql`${campaigns.network}::text = ${input.network}` : undefined,
      ),
    )
    .orderBy(asc(campaigns.completedAt), asc(campaigns.id))
    .limit(REFILL_SCAN);
}

/** Under the campaign's row lock (the caller holds it): units of this line a refill may start now. */
export async function refillOpenNow(
  ctx: TxCtx,
  input: { campaign: Campaign; metric: string; boosterId: string; now: Date },
): Promise<number> {
  const { campaign } = input;
  if (campaign.guaranteeClosedAt !== null || (campaign.status !== "completed" && campaign.status !== "paid")) return 0;
  const [row] = await ctx.tx
    .select({ units: refillUnitsOf(input.boosterId) })
    .from(campaigns)
    .where(eq(campaigns.id, campaign.id));
  return refillOpen(
    campaign,
    row?.units.find((units) => units.metric === input.metric),
    input.now,
  );
}

/**
 * The guarantee's end: a settled campaign whose guarantee dropped units gives back what its escrow still
 * holds once its (longest line's) window has closed — the units no one refilled — as a partial refund of
 * its own (a wallet line and a campaign_refunded notification), exactly once (guarantee_closed_at, under
 * the campaign's row lock). Work still in progress keeps its reservation: approved it is paid from there,
 * denied or expired it is refunded then. A campaign not yet settled is left to its settlement, which
 * refunds the whole escrow. Returns how many campaigns were closed.
 */
export async function closeGuarantees(ctx: DbCtx, input: { now: Date }): Promise<number> {
  const drops = executor(ctx)
    .selectDistinct({ id: activities.campaignId })
    .from(activities)
    .where(
      and(
        sql`${activities.guaranteeCheckedAt} is not null`,
        eq(activities.denialCode, "dropped"),
        gte(activities.droppedAt, new Date(input.now.getTime() - (REFILL_DAYS_MAX + 1) * DAY_MS)),
      ),
    );
  const candidates = await executor(ctx)
    .select({ id: campaigns.id, invoice: campaigns.invoice, completedAt: campaigns.completedAt })
    .from(campaigns)
    .where(and(inArray(campaigns.id, drops), eq(campaigns.status, "paid"), isNull(campaigns.guaranteeClosedAt)));
  let closed = 0;
  for (const candidate of candidates) {
    const end = campaignGuaranteeEnd(candidate);
    if (end && end > input.now) continue;
    if (await closeGuarantee(ctx, { campaignId: candidate.id, now: input.now })) closed++;
  }
  return closed;
}

function closeGuarantee(ctx: DbCtx, input: { campaignId: string; now: Date }): Promise<boolean> {
  return withTransaction(
    ctx,
    async (ctx) => {
      const [campaign] = await ctx.tx.select().from(campaigns).where(eq(campaigns.id, input.campaignId)).for("update");
      if (!campaign || campaign.status !== "paid" || campaign.guaranteeClosedAt !== null) return false;
      const end = campaignGuaranteeEnd(campaign);
      if (end && end > input.now) return false;
      const available = await lockedAvailable(ctx, campaignEscrowCode(campaign.id));
      if (available > 0) {
        const key = `campaign:${campaign.id}:guarantee-refund`;
        const metadata = { campaign_id: campaign.id, reason: "guarantee_refund" };
        const moved = await refundEscrow(ctx, { campaign, refund: { key, amount: available, metadata } });
        await ctx.tx.insert(transactions).values({
          userId: campaign.ownerId,
          amount: available,
          intent: "refund",
          status: "paid",
          gateway: "wallet",
          campaignId: campaign.id,
          transferId: moved.id,
          approvedAt: input.now,
        });
        await notify(ctx, {
          userId: campaign.ownerId,
          kind: "campaign_refunded",
          dedupeKey: key,
          params: { campaign_id: campaign.id, campaign: campaign.name, amount: available },
        });
      }
      await ctx.tx.update(campaigns).set({ guaranteeClosedAt: input.now }).where(eq(campaigns.id, campaign.id));
      return true;
    },
    { retry: true },
  );
}
