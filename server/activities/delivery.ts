import { and, eq, or, sql } from "drizzle-orm";
import { deliverySeries, etaOf, type RollupDay } from "@/lib/campaigns/delivery";
import { progressOf } from "@/lib/campaigns/progress";
import type { Delivery, NetworkCounts as NetworkCountsOutput } from "@/lib/schemas/activities";
import { addDays, tehranDay } from "@/lib/time/tehran";
import { openSessionUser, sessionIsOpen, type AccessClaims } from "@/server/auth";
import { type DbCtx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { preparedOnce } from "@/server/db/prepared";
import { fromJson } from "@/server/db/raw-json";
import { campaigns, type NetworkCounts } from "@/server/db/schema";
import { linesOf } from "@/server/activities/tasks";

const countsOutput = (counts: NetworkCounts): NetworkCountsOutput => ({
  subscribers: counts.subscribers,
  views: counts.views,
  likes: counts.likes,
  comments: counts.comments,
  subscribers_hidden: counts.subscribersHidden,
});

const idParam = sql.placeholder("id");
const fromParam = sql.placeholder("from");

/**
 * The chart's one statement, prepared: the campaign if the caller's session is open and it is theirs (or
 * the caller is an admin), with its whole rollup, its network counter's days from the window's start and
 * its work in review (activities_campaign_awaiting_idx), all in one round trip. No row: not theirs, or
 * the session is closed (told apart by a second look only then).
 */
const deliveryStatement = preparedOnce((db) =>
  db
    .select({
      campaign: campaigns,
      rollup:
        sql`(select coalesce(json_agg(json_build_array(d.day::text, d.delivered, d.auto_checked, d.watched, d.reviewed, d.dropped, d.refilled)), '[]'::json)
        from campaign_delivery_days d where d.campaign_id = "campaigns"."id")`.mapWith((value) =>
          fromJson<[string, number, number, number, number, number, number][]>(value).map(
            ([day, delivered, autoChecked, watched, reviewed, dropped, refilled]): RollupDay => ({
              day,
              delivered,
              autoChecked,
              watched,
              reviewed,
              dropped,
              refilled,
            }),
          ),
        ),
      network: sql`(select coalesce(json_agg(json_build_array(n.day::text, n.counts) order by n.day), '[]'::json)
        from campaign_network_days n where n.campaign_id = "campaigns"."id" and n.day >= ${fromParam}::date)`.mapWith((value) =>
        fromJson<[string, NetworkCounts][]>(value),
      ),
      waiting:
        sql<number>`(select count(*)::int from activities a where a.campaign_id = "campaigns"."id" and a.status = 'awaiting_review')`.mapWith(
          Number,
        ),
    })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.id, idParam),
        or(
          eq(campaigns.ownerId, openSessionUser),
          sql`exists (select 1 from users u where u.id = ${openSessionUser} and u.role = 'admin')`,
        ),
      ),
    )
    .prepare("campaign_delivery"),
);

/**
 * GET campaigns/{id}/delivery: the units delivered and how they were checked, dropped and refilled, per
 * Tehran day for the last `days` days (from the rollup kept with each activity's change, never a count
 * over the activities), the network's own counter beside it, and when the campaign should finish at
 * the rate of its last 7 days. Only its owner or an admin (404 for anyone else); null when the caller's
 * session is not open. `counters`: this installation reads the campaign's network counter (YouTube with
 * an API key; Instagram: none).
 */
export async function campaignDelivery(
  ctx: DbCtx & { now: Date },
  input: { claims: AccessClaims; id: string; days: number; counters: boolean },
): Promise<Delivery | null> {
  const { db, now } = ctx;
  const today = tehranDay(now);
  const from = addDays(today, -(input.days - 1));
  const [row] = await deliveryStatement(db).execute({
    id: input.id,
    from,
    userId: input.claims.userId,
    sessionId: input.claims.sessionId,
  });
  if (!row) {
    if (!(await sessionIsOpen(ctx, input.claims))) return null;
    throw new AppError("campaign_not_found");
  }
  const { campaign, rollup, network, waiting } = row;
  const first = tehranDay(campaign.createdAt);
  const { days, totals } = deliverySeries(rollup, first > from ? first : from, today);
  const progress = progressOf(linesOf(campaign), campaign.delivered);
  // The ETA's last 7 days: from the window when it holds them, else read again.
  const since = addDays(today, -6);
  const recent = days.length >= 7 && days[days.length - 7]!.day === since ? days.slice(-7) : deliverySeries(rollup, since, today).days;
  const finished = campaign.status === "completed" || campaign.status === "paid" || campaign.status === "rejected";
  const counted = input.counters && campaign.network === "youtube";
  const taken = campaign.networkStart !== null || network.length > 0;
  return {
    ...totals,
    awaiting_review: waiting,
    days,
    network: {
      status: !counted ? "not_available" : taken ? "counted" : "not_yet",
      start: counted && campaign.networkStart ? countsOutput(campaign.networkStart) : null,
      start_at: counted ? (campaign.networkStartAt?.toISOString() ?? null) : null,
      days: counted ? network.map(([day, counts]) => ({ day, ...countsOutput(counts) })) : [],
    },
    eta: etaOf(recent, finished ? 0 : progress.units.bought - progress.units.delivered, today),
  };
}
