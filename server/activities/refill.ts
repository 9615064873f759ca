import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import { REFILL_DAYS_MAX } from "@/lib/campaigns/pricing";
import { notify } from "@/server/notifications";
import { executor, withTransaction, type DbCtx, type TxCtx } from "@/server/core/context";
import { activities, campaigns, transactions, type Campaign } from "@/server/db/schema";
import { campaignEscrowCode } from "@/server/ledger";
import { refundEscrow } from "@/server/campaigns";
import { fromJson } from "@/server/db/raw-json";
import { campaignGuaranteeEnd, DAY_MS, GUARANTEE_LOOKAHEAD_DAYS, lineGuaranteeEnd, lockedAvailable } from "@/server/activities/guarantee";

/*
 * The units the refill guarantee reopened (server/activities/guarantee.ts): offered on the finished
 * campaign in the boosters' feed and taken by a start (server/activities/tasks.ts) while the line's
 * window is open, and what no one refilled given back to the producer when the window closes.
 */

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

/** The campaigns with units the guarantee dropped since `since` (activities_guarantee_drops_idx), as a subquery. */
function guaranteeDrops(ctx: DbCtx, since: Date) {
  return executor(ctx)
    .selectDistinct({ id: activities.campaignId })
    .from(activities)
    .where(and(sql`${activities.guaranteeCheckedAt} is not null`, eq(activities.denialCode, "dropped"), gte(activities.droppedAt, since)));
}

/** Finished campaigns the feed scans for reopened units, oldest first. */
const REFILL_SCAN = 200;

/**
 * The feed's finished campaigns of other producers with units the guarantee reopened (found through
 * activities_guarantee_drops_idx: the few dropped in the last days), their lines and units per line.
 */
export async function refillCampaigns(ctx: DbCtx, input: { boosterId: string; network?: string | undefined; now: Date }) {
  const drops = guaranteeDrops(ctx, dropsSince(input.now));
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
  const drops = guaranteeDrops(ctx, new Date(input.now.getTime() - (REFILL_DAYS_MAX + 1) * DAY_MS));
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
