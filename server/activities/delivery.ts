import { and, asc, count, eq, gte } from "drizzle-orm";
import { deliverySeries, etaOf } from "@/lib/campaigns/delivery";
import { progressOf } from "@/lib/campaigns/progress";
import type { Delivery, NetworkCounts as NetworkCountsOutput } from "@/lib/schemas/activities";
import { addDays, tehranDay } from "@/lib/time/tehran";
import { type DbCtx } from "@/server/core/context";
import { activities, campaignDeliveryDays, campaignNetworkDays, type Campaign, type NetworkCounts } from "@/server/db/schema";
import { linesOf } from "@/server/activities/tasks";

const countsOutput = (counts: NetworkCounts): NetworkCountsOutput => ({
  subscribers: counts.subscribers,
  views: counts.views,
  likes: counts.likes,
  comments: counts.comments,
  subscribers_hidden: counts.subscribersHidden,
});

/**
 * GET campaigns/{id}/delivery: the units delivered and how they were checked, dropped and refilled, per
 * Tehran day for the last `days` days (from the rollup kept with each activity's change, never a count
 * over the activities), the network's own counter beside it, and when the campaign should finish at
 * the rate of its last 7 days. The caller checked who may see the campaign. `counters`: this
 * installation reads the campaign's network counter (YouTube with an API key; Instagram: none).
 */
export async function campaignDelivery(
  ctx: DbCtx & { now: Date },
  input: { campaign: Campaign; days: number; counters: boolean },
): Promise<Delivery> {
  const { db, now } = ctx;
  const { campaign } = input;
  const today = tehranDay(now);
  const from = addDays(today, -(input.days - 1));
  const first = tehranDay(campaign.createdAt);
  const [rollup, network, [waiting]] = await Promise.all([
    db.select().from(campaignDeliveryDays).where(eq(campaignDeliveryDays.campaignId, campaign.id)),
    db
      .select()
      .from(campaignNetworkDays)
      .where(and(eq(campaignNetworkDays.campaignId, campaign.id), gte(campaignNetworkDays.day, from)))
      .orderBy(asc(campaignNetworkDays.day)),
    db
      .select({ n: count() })
      .from(activities)
      .where(and(eq(activities.campaignId, campaign.id), eq(activities.status, "awaiting_review"))),
  ]);
  const { days, totals } = deliverySeries(rollup, first > from ? first : from, today);
  const progress = progressOf(linesOf(campaign), campaign.delivered);
  const recent = deliverySeries(rollup, addDays(today, -6), today).days;
  const finished = campaign.status === "completed" || campaign.status === "paid" || campaign.status === "rejected";
  const counted = input.counters && campaign.network === "youtube";
  return {
    ...totals,
    awaiting_review: waiting?.n ?? 0,
    days,
    network: {
      status: !counted ? "not_available" : campaign.networkStart ? "counted" : "not_yet",
      start: counted && campaign.networkStart ? countsOutput(campaign.networkStart) : null,
      start_at: counted ? (campaign.networkStartAt?.toISOString() ?? null) : null,
      days: counted ? network.map((row) => ({ day: row.day, ...countsOutput(row.counts) })) : [],
    },
    eta: etaOf(recent, finished ? 0 : progress.units.bought - progress.units.delivered, today),
  };
}
