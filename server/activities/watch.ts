import { and, eq, isNull } from "drizzle-orm";
import { beatCredit, BEAT_SECONDS, requiredWatchSeconds } from "@/lib/activities/tasks";
import { parseChannelLink } from "@/lib/campaigns/links";
import { activities, watchSessions, type Activity } from "@/server/db/schema";
import { withTransaction, type UserCtx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { env } from "@/server/core/env";
import { approveActivity } from "@/server/activities/review";

/** An activity the caller may watch now: theirs, checked by a watch session, in progress, in time. */
async function watchable(ctx: UserCtx, id: string): Promise<Activity> {
  const [activity] = await ctx.db.select().from(activities).where(eq(activities.id, id));
  if (!activity || activity.boosterId !== ctx.actor.id) throw new AppError("activity_not_found");
  if (activity.checkMethod !== "watch" || activity.status !== "in_progress" || activity.expiresAt <= new Date())
    throw new AppError("activity_state_invalid");
  return activity;
}

/**
 * POST activities/{id}/watch: a new watch session for the activity (an earlier one ends: one page
 * watches at a time), with the video to play, the seconds to prove and how often to beat. Time already
 * credited carries over, so a reload does not start from nothing.
 */
export async function startWatch(ctx: UserCtx, input: { id: string }) {
  const activity = await watchable(ctx, input.id);
  const video = parseChannelLink("youtube", activity.postLink);
  if (!video.ok || video.kind !== "video") throw new AppError("activity_state_invalid");
  const session = await withTransaction(ctx, async ({ tx }) => {
    const ended = await tx
      .update(watchSessions)
      .set({ endedAt: new Date() })
      .where(and(eq(watchSessions.activityId, activity.id), isNull(watchSessions.endedAt)))
      .returning({ credited: watchSessions.creditedSeconds });
    const carried = Math.max(0, ...ended.map((s) => s.credited));
    const [created] = await tx
      .insert(watchSessions)
      .values({
        activityId: activity.id,
        boosterId: ctx.actor.id,
        requiredSeconds: requiredWatchSeconds(activity.action, activity.quantity, env.WATCH_VIEW_SECONDS),
        creditedSeconds: carried,
      })
      .returning();
    return created!;
  });
  return {
    session_id: session.id,
    video_id: video.id,
    required_seconds: session.requiredSeconds,
    credited_seconds: Math.floor(session.creditedSeconds),
    beat_seconds: BEAT_SECONDS,
    player_script_url: env.YOUTUBE_IFRAME_API_URL,
  };
}

/**
 * POST watch-sessions/{id}/beat: one heartbeat, judged under the session's row lock against the
 * server's clock (lib/activities/tasks.ts beatCredit). When the credited time reaches what is required,
 * the activity is approved (decided by the watch session) and the session ends.
 */
export async function heartbeat(
  ctx: UserCtx,
  input: { sessionId: string; position: number; playing: boolean; visible: boolean; now?: Date },
) {
  const now = input.now ?? new Date();
  const result = await withTransaction(ctx, async ({ tx }) => {
    const [session] = await tx.select().from(watchSessions).where(eq(watchSessions.id, input.sessionId)).for("update");
    if (!session || session.boosterId !== ctx.actor.id) throw new AppError("watch_session_not_found");
    if (session.endedAt) throw new AppError("watch_session_ended");
    const credit = beatCredit({
      playing: input.playing,
      visible: input.visible,
      position: input.position,
      lastPosition: session.lastPosition,
      elapsedSeconds: session.lastBeatAt ? (now.getTime() - session.lastBeatAt.getTime()) / 1000 : null,
    });
    const credited = Math.min(session.requiredSeconds, session.creditedSeconds + credit);
    const done = credited >= session.requiredSeconds;
    await tx
      .update(watchSessions)
      .set({
        creditedSeconds: credited,
        lastPosition: input.position,
        lastBeatAt: now,
        beats: session.beats + 1,
        ...(done ? { endedAt: now } : {}),
      })
      .where(eq(watchSessions.id, session.id));
    return { session, credited, done };
  });
  const activity = result.done ? await approveActivity(ctx, { id: result.session.activityId, by: "watch" }) : null;
  return {
    credited_seconds: Math.floor(result.credited),
    required_seconds: result.session.requiredSeconds,
    done: result.done,
    activity,
  };
}
