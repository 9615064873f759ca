import { and, asc, eq, sql } from "drizzle-orm";
import type { Delivery } from "@/lib/schemas/activities";
import { type DbCtx } from "@/server/core/context";
import { activities, campaigns, users, type Activity } from "@/server/db/schema";
import { paged } from "@/server/db/paged";
import { boosterRecords, type BoosterHistory } from "@/server/people";

export type QueueRow = {
  activity: Activity;
  booster: { firstName: string; lastName: string };
  campaign: { id: string; name: string; network: "youtube" | "instagram"; link: string };
  history: BoosterHistory;
};

const awaiting = eq(activities.status, "awaiting_review");

/** GET admin/activities/queue: what waits for a person, oldest first, with each booster's record. */
export async function reviewQueue(ctx: DbCtx, input: { page: number; perPage: number }): Promise<{ rows: QueueRow[]; total: number }> {
  const { db } = ctx;
  const { rows: page, total } = await paged(db, { from: activities, where: awaiting, page: input.page, perPage: input.perPage }, (where) =>
    db
      .select({
        activity: activities,
        booster: { firstName: users.firstName, lastName: users.lastName },
        campaign: { id: campaigns.id, name: campaigns.name, network: campaigns.network, link: campaigns.link },
      })
      .from(activities)
      .innerJoin(users, eq(users.id, activities.boosterId))
      .innerJoin(campaigns, eq(campaigns.id, activities.campaignId))
      .where(where)
      .orderBy(asc(activities.submittedAt), asc(activities.id)),
  );
  const records = await boosterRecords({ db }, { ids: page.map((row) => row.activity.boosterId) });
  const rows = page.map((row) => ({ ...row, history: records.get(row.activity.boosterId)! }));
  return { rows, total };
}

/**
 * GET campaigns/{id}/delivery: the units delivered, how they were checked, and the ones dropped at
 * release and delivered again by another booster. The caller checked who may see the campaign.
 */
export async function campaignDelivery(ctx: DbCtx, input: { campaignId: string }): Promise<Delivery> {
  const units = (where: ReturnType<typeof sql>) =>
    sql<number>`coalesce(sum(${activities.quantity}) filter (where ${where}), 0)`.mapWith(Number);
  const done = sql`${activities.status} in ('approved', 'completed')`;
  const [row] = await ctx.db
    .select({
      delivered: units(done),
      auto_checked: units(sql`${done} and ${activities.checkMethod} = 'api'`),
      watched: units(sql`${done} and ${activities.checkMethod} = 'watch'`),
      reviewed: units(sql`${done} and ${activities.checkMethod} = 'review'`),
      dropped: units(sql`${activities.denialCode} = 'dropped'`),
      awaiting_review: units(sql`${activities.status} = 'awaiting_review'`),
    })
    .from(activities)
    .where(eq(activities.campaignId, input.campaignId));
  const found = row ?? { delivered: 0, auto_checked: 0, watched: 0, reviewed: 0, dropped: 0, awaiting_review: 0 };
  // Every dropped unit reopened; as many as were delivered since count as refilled (at most all of them).
  const [later] = await ctx.db
    .select({ n: units(done) })
    .from(activities)
    .where(
      and(
        eq(activities.campaignId, input.campaignId),
        sql`${activities.approvedAt} > (select min(a.dropped_at) from activities a where a.campaign_id = ${input.campaignId})`,
      ),
    );
  return { ...found, refilled: Math.min(found.dropped, later?.n ?? 0) };
}
