import { eq } from "drizzle-orm";
import { TASK_TTL_MINUTES } from "@/lib/activities/tasks";
import { adminDenialCodes } from "@/lib/schemas/enums";
import { uniqueViolation } from "@/server/auth";
import { withTransaction, type UserCtx } from "@/server/core/context";
import { notify } from "@/server/notifications";
import { AppError } from "@/server/core/errors";
import { activities, type Activity } from "@/server/db/schema";
import { audit, lockActivity } from "@/server/activities/review";

/**
 * POST admin/activities/{id}/revise: a reviewer sends a submission back once, with what to fix and a
 * fresh hour; the reservation stays, and the booster submits again. A second revision is refused.
 */
export function askRevision(ctx: UserCtx, input: { id: string; note: string }): Promise<Activity> {
  return withTransaction(ctx, async (ctx) => {
    const activity = await lockActivity(ctx, { id: input.id });
    if (activity.status !== "awaiting_review") throw new AppError("activity_state_invalid");
    if (activity.revisions >= 1 || activity.appealedAt !== null) throw new AppError("revision_not_allowed");
    const now = new Date();
    const [revised] = await ctx.tx
      .update(activities)
      .set({
        status: "in_progress",
        revisions: activity.revisions + 1,
        revisionNote: input.note,
        expiresAt: new Date(now.getTime() + TASK_TTL_MINUTES * 60_000),
        updatedAt: now,
      })
      .where(eq(activities.id, activity.id))
      .returning();
    await notify(ctx, {
      userId: activity.boosterId,
      kind: "activity_revision",
      dedupeKey: `activity:${activity.id}:revise`,
      params: { activity_id: activity.id, note: input.note, due_at: revised!.expiresAt.toISOString() },
    });
    await audit(ctx, { id: activity.id, action: "activity.revise", details: { note: input.note } });
    return revised!;
  });
}

const reviewerCodes: readonly string[] = adminDenialCodes;

/**
 * POST activities/{id}/appeal: the booster asks for a second look at a reviewer's denial, once. It
 * returns to the review queue marked as an appeal; upheld, the platform pays the reward (the
 * producer's reservation was released at the denial). Expiry and claw-backs are not appealable.
 */
export async function appealDenial(ctx: UserCtx, input: { id: string; note: string }): Promise<Activity> {
  try {
    return await withTransaction(ctx, async (ctx) => {
      const activity = await lockActivity(ctx, { id: input.id });
      if (activity.boosterId !== ctx.actor.id) throw new AppError("activity_not_found");
      const appealable = activity.status === "denied" && reviewerCodes.includes(activity.denialCode ?? "") && !activity.appealedAt;
      if (!appealable) throw new AppError("appeal_not_allowed");
      const now = new Date();
      const [appealed] = await ctx.tx
        .update(activities)
        .set({ status: "awaiting_review", appealNote: input.note, appealedAt: now, submittedAt: now, updatedAt: now })
        .where(eq(activities.id, activity.id))
        .returning();
      return appealed!;
    });
  } catch (error) {
    // The booster has taken this line again since: the denial stands; the new task is theirs.
    if (uniqueViolation(error) !== null) throw new AppError("appeal_not_allowed");
    throw error;
  }
}
