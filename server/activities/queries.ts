import { and, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "@/server/db";
import { paged } from "@/server/db/paged";
import { activities, users, type Activity, type ActivityStatus } from "@/server/db/schema";
import { AppError } from "@/server/core/errors";
import { executor, type DbCtx } from "@/server/core/context";

export type ActivityRow = { activity: Activity; booster: { firstName: string; lastName: string } };
type Window = { page: number; perPage: number };

async function page(db: Db, where: SQL | undefined, window: Window): Promise<{ rows: ActivityRow[]; total: number }> {
  return paged(db, { from: activities, where, page: window.page, perPage: window.perPage }, (where) =>
    db
      .select({ activity: activities, booster: { firstName: users.firstName, lastName: users.lastName } })
      .from(activities)
      .innerJoin(users, eq(users.id, activities.boosterId))
      .where(where)
      .orderBy(desc(activities.createdAt), desc(activities.id)),
  );
}

const withStatus = (base: SQL, status: ActivityStatus | undefined) => (status ? and(base, eq(activities.status, status)) : base);

/** A campaign's activities, newest first (index activities_campaign_created_idx); the caller checked who may see the campaign. */
export function campaignActivities(ctx: DbCtx, input: { campaignId: string; filter: Window & { status?: ActivityStatus | undefined } }) {
  const db = executor(ctx);
  const { campaignId, filter } = input;
  return page(db, withStatus(eq(activities.campaignId, campaignId), filter.status), filter);
}

/** A booster's own activities (GET activities). */
export function boosterActivities(ctx: DbCtx, input: { boosterId: string; filter: Window & { status?: ActivityStatus | undefined } }) {
  const db = executor(ctx);
  const { boosterId, filter } = input;
  return page(db, withStatus(eq(activities.boosterId, boosterId), filter.status), filter);
}

/** The review queue: every booster's activities in one status (admins). */
export function activitiesByStatus(ctx: DbCtx, input: { status: ActivityStatus; window: Window }) {
  const db = executor(ctx);
  const { status, window } = input;
  return page(db, eq(activities.status, status), window);
}

/** One activity of a campaign; 404 when it belongs to another campaign. */
export async function campaignActivity(ctx: DbCtx, input: { campaignId: string; activityId: string }): Promise<ActivityRow> {
  const db = executor(ctx);
  const { campaignId, activityId } = input;
  const [row] = await db
    .select({ activity: activities, booster: { firstName: users.firstName, lastName: users.lastName } })
    .from(activities)
    .innerJoin(users, eq(users.id, activities.boosterId))
    .where(and(eq(activities.id, activityId), eq(activities.campaignId, campaignId)));
  if (!row) throw new AppError("activity_not_found");
  return row;
}

/** One activity by its id, or null (a reviewer's view; callers check who may see it). */
export async function findActivity(ctx: DbCtx, input: { id: string }): Promise<Activity | null> {
  const [row] = await executor(ctx).select().from(activities).where(eq(activities.id, input.id));
  return row ?? null;
}
