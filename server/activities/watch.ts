import { and, eq, isNull, sql } from "drizzle-orm";
import { BEAT_SECONDS, MAX_BEAT_CREDIT_SECONDS, requiredWatchSeconds } from "@/lib/activities/tasks";
import { parseChannelLink } from "@/lib/campaigns/links";
import { activities, users, watchSessions, type Activity } from "@/server/db/schema";
import { withTransaction, type DbCtx, type UserCtx } from "@/server/core/context";
import { openSessionUser, sessionIsOpen } from "@/server/auth/sessions";
import type { AccessClaims } from "@/server/auth/jwt";
import { preparedOnce } from "@/server/db/prepared";
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
 * One heartbeat's credit, in SQL over the session's row as it is: nothing unless the video plays in a
 * visible tab and its position moved forward; then the smallest of the position's advance, the server's
 * clock since the last beat and MAX_BEAT_CREDIT_SECONDS — so seeking ahead, fast beats or a sped-up
 * clock in the page prove nothing extra.
 */
const position = sql`${sql.placeholder("position")}::float8`;
const beatAt = sql`${sql.placeholder("now")}::timestamptz`;
const credit = sql`(case when ${sql.placeholder("playing")}::boolean and ${sql.placeholder("visible")}::boolean
  and ${watchSessions.lastPosition} is not null and ${watchSessions.lastBeatAt} is not null and ${position} > ${watchSessions.lastPosition}
  then greatest(0, least(${position} - ${watchSessions.lastPosition}, extract(epoch from ${beatAt} - ${watchSessions.lastBeatAt}), ${sql.raw(String(MAX_BEAT_CREDIT_SECONDS))}))
  else 0 end)`;

/**
 * The whole heartbeat in one statement, as a prepared one: the caller's session checked inside it
 * (openSessionUser), the credit added under the row's lock (concurrent beats of one session queue on
 * it and each sees the other's write), the session ended when the time is complete.
 */
const beatStatement = preparedOnce((db) =>
  db
    .update(watchSessions)
    .set({
      creditedSeconds: sql`least(${watchSessions.requiredSeconds}, ${watchSessions.creditedSeconds} + ${credit})`,
      lastPosition: position,
      lastBeatAt: beatAt,
      beats: sql`${watchSessions.beats} + 1`,
      endedAt: sql`case when ${watchSessions.creditedSeconds} + ${credit} >= ${watchSessions.requiredSeconds} then ${beatAt} end`,
    })
    .where(and(eq(watchSessions.id, sql.placeholder("id")), eq(watchSessions.boosterId, openSessionUser), isNull(watchSessions.endedAt)))
    .returning({
      credited: watchSessions.creditedSeconds,
      required: watchSessions.requiredSeconds,
      endedAt: watchSessions.endedAt,
      activityId: watchSessions.activityId,
    })
    .prepare("watch_heartbeat"),
);

/**
 * POST watch-sessions/{id}/beat: one heartbeat from the caller (their access token's claims), judged
 * against the server's clock. When the credited time reaches what is required, the activity is
 * approved (decided by the watch session).
 */
export async function heartbeat(
  ctx: DbCtx,
  input: { sessionId: string; caller: AccessClaims; position: number; playing: boolean; visible: boolean; now?: Date },
) {
  const now = input.now ?? new Date();
  const [beat] = await beatStatement(ctx.db).execute({
    id: input.sessionId,
    sessionId: input.caller.sessionId,
    userId: input.caller.userId,
    position: input.position,
    playing: input.playing,
    visible: input.visible,
    now: now.toISOString(),
  });
  if (!beat) {
    // Why nothing was updated: a closed session, someone else's (or no) watch session, or one already over.
    if (!(await sessionIsOpen(ctx.db, input.caller))) throw new AppError("unauthorized");
    const [session] = await ctx.db.select().from(watchSessions).where(eq(watchSessions.id, input.sessionId));
    if (!session || session.boosterId !== input.caller.userId) throw new AppError("watch_session_not_found");
    throw new AppError("watch_session_ended");
  }
  const done = beat.endedAt !== null;
  const activity = done ? await approveActivity(ctx, { id: beat.activityId, by: "watch" }) : null;
  // The last beat answers the approved activity with its booster (the caller) for its presentation.
  const [booster] = activity ? await ctx.db.select().from(users).where(eq(users.id, activity.boosterId)) : [];
  return {
    credited_seconds: Math.floor(beat.credited),
    required_seconds: beat.required,
    done,
    activity: activity && booster ? { activity, booster } : null,
  };
}
