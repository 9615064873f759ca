import { and, eq, gte, ne, sql } from "drizzle-orm";
import { paceLeft, paceWindows } from "@/lib/campaigns/pacing";
import { type TxCtx } from "@/server/core/context";
import { activities, type Campaign } from "@/server/db/schema";
import { fromJson } from "@/server/db/raw-json";

/* Pacing (lib/campaigns/pacing.ts) where tasks are offered and started: what a paced campaign has used now. */

const dayStartParam = sql.placeholder("dayStart");
const hourStartParam = sql.placeholder("hourStart");

/** A paced campaign's units started (not denied) this Tehran day and hour: [today, this hour]; null when unpaced. */
export const pacedUsedOf = sql`(case when "campaigns"."pace" is null then null else (select json_build_array(
    coalesce(sum(a.quantity), 0)::int,
    coalesce(sum(a.quantity) filter (where a.created_at >= ${hourStartParam}::timestamptz), 0)::int)
  from ${activities} a
  where a.campaign_id = "campaigns"."id" and a.status <> 'denied' and a.created_at >= ${dayStartParam}::timestamptz) end)`.mapWith(
  (value) => fromJson<[number, number] | null>(value),
);

/** What a paced campaign still allows now, counted under its row lock (the caller holds it): every start of the campaign queues there. */
export async function paceLeftNow(ctx: TxCtx, campaign: Campaign, now: Date): Promise<number> {
  if (!campaign.pace) return Number.POSITIVE_INFINITY;
  const { dayStart, hourStart } = paceWindows(now);
  const [used] = await ctx.tx
    .select({
      today: sql<number>`coalesce(sum(${activities.quantity}), 0)`.mapWith(Number),
      thisHour:
        sql<number>`coalesce(sum(${activities.quantity}) filter (where ${activities.createdAt} >= ${hourStart.toISOString()}::timestamptz), 0)`.mapWith(
          Number,
        ),
    })
    .from(activities)
    .where(and(eq(activities.campaignId, campaign.id), ne(activities.status, "denied"), gte(activities.createdAt, dayStart)));
  return paceLeft(campaign.pace, used ?? { today: 0, thisHour: 0 }, now);
}
