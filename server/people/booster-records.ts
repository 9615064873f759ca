import { inArray, sql } from "drizzle-orm";
import { successRate } from "@/lib/activities/tasks";
import { adminDenialCodes } from "@/lib/schemas/enums";
import { type DbCtx, executor } from "@/server/core/context";
import { activities } from "@/server/db/schema";

const reviewerDenial = inArray(activities.denialCode, [...adminDenialCodes]);

/** A booster's record: work approved, denied by a reviewer, dropped at release, and the success rate. */
export type BoosterHistory = { approved: number; denied: number; dropped: number; successRate: number | null };

/** Each booster's record (approved, reviewers' denials, dropped) and success rate, in one query for a page of people. */
export async function boosterRecords(ctx: DbCtx, input: { ids: readonly string[] }): Promise<Map<string, BoosterHistory>> {
  const db = executor(ctx);
  const { ids } = input;
  const boosterIds = [...new Set(ids)];
  const records = boosterIds.length
    ? await db
        .select({
          boosterId: activities.boosterId,
          approved: sql<number>`count(*) filter (where ${activities.status} in ('approved', 'completed'))`.mapWith(Number),
          denied: sql<number>`count(*) filter (where ${activities.status} = 'denied' and ${reviewerDenial})`.mapWith(Number),
          dropped: sql<number>`count(*) filter (where ${activities.denialCode} = 'dropped')`.mapWith(Number),
        })
        .from(activities)
        .where(inArray(activities.boosterId, boosterIds))
        .groupBy(activities.boosterId)
    : [];
  return new Map(
    boosterIds.map((id) => {
      const record = records.find((r) => r.boosterId === id) ?? { approved: 0, denied: 0, dropped: 0 };
      const history = { approved: record.approved, denied: record.denied, dropped: record.dropped };
      return [id, { ...history, successRate: successRate(history) }];
    }),
  );
}
