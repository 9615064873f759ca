import { and, asc, eq, lt } from "drizzle-orm";
import { env } from "@/server/core/env";
import { AppError } from "@/server/core/errors";
import type { DbCtx } from "@/server/core/context";
import { activities } from "@/server/db/schema";
import { approveActivity } from "@/server/activities/review";

/**
 * Submissions nobody decided within REVIEW_SLA_HOURS are approved (decided_by "sla"): a booster is
 * never left waiting on us. Oldest first, a batch a run; one decided meanwhile is skipped.
 */
export async function approveOverdue(ctx: DbCtx, input: { now: Date; limit?: number }): Promise<number> {
  const cutoff = new Date(input.now.getTime() - env.REVIEW_SLA_HOURS * 3_600_000);
  const due = await ctx.db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.status, "awaiting_review"), lt(activities.submittedAt, cutoff)))
    .orderBy(asc(activities.submittedAt), asc(activities.id))
    .limit(input.limit ?? 500);
  let approved = 0;
  for (const { id } of due) {
    try {
      await approveActivity({ db: ctx.db, actor: null }, { id, by: "sla" });
      approved++;
    } catch (error) {
      if (!(error instanceof AppError && error.code === "activity_state_invalid")) throw error;
    }
  }
  return approved;
}
