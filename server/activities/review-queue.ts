import { asc, eq } from "drizzle-orm";
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
