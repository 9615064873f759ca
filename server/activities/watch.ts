import { and, eq, isNull, sql } from "drizzle-orm";
import { BEAT_SECONDS, MAX_BEAT_CREDIT_SECONDS, requiredWatchSeconds } from "@/lib/activities/tasks";
import { parseChannelLink } from "@/lib/campaigns/links";
import { activities, sessions, users, watchSessions, type Activity } from "@/server/db/schema";
import { withTransaction, type DbCtx, type UserCtx } from "@/server/core/context";
import { openSessionOf, sessionIsOpen } from "@/server/auth";
import type { AccessClaims } from "@/server/auth";
import { preparedOnce } from "@/server/db/prepared";
import { batchedPerDatabase } from "@/server/db/batched";
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
    // Opens of one activity take turns on its row, so each ends the one before it: one session stays
    // open (a unique index on the open sessions of an activity says the same to anything else).
    await tx.select({ id: activities.id }).from(activities).where(eq(activities.id, activity.id)).for("update");
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
 * clock in the page prove nothing extra. `v` is the beat (a row of the batch below).
 */
const credit = sql`(case when v.b_playing and v.b_visible
  and ${watchSessions.lastPosition} is not null and ${watchSessions.lastBeatAt} is not null and v.b_position > ${watchSessions.lastPosition}
  then greatest(0, least(v.b_position - ${watchSessions.lastPosition}, extract(epoch from v.b_at - ${watchSessions.lastBeatAt}), ${sql.raw(String(MAX_BEAT_CREDIT_SECONDS))}))
  else 0 end)`;

/** The session a beat's access token names is open (else the row is not updated). */
const callerSessionOpen = sql`exists (select from ${sessions} where ${openSessionOf(sql`v.b_session`, sql`v.b_user`)})`;

/**
 * Heartbeats in one prepared statement, a batch at a time (one row of arrays per beat, unnest): each
 * caller's session checked inside it, each credit added under its session row's lock (concurrent beats
 * of one session queue on it and each sees the other's write; a batch never holds two beats of one
 * session), a session ended when its time is complete. Returns the rows it updated.
 *
 * Its transaction commits without waiting for the disk (synchronous_commit off, for that transaction
 * only): a crash may lose the last fraction of a second of beats — seconds of credit the next beats earn
 * again, no money — and the approval that ends a watch commits durably, and every beat before it with it.
 * The wait was what held the beats back (pgbench on this statement: 15,300 tps waiting, 24,100 not).
 */
const beatStatement = preparedOnce((db) =>
  db
    .update(watchSessions)
    .set({
      creditedSeconds: sql`least(${watchSessions.requiredSeconds}, ${watchSessions.creditedSeconds} + ${credit})`,
      // A beat older than the last one applied (requests overtaking each other) credits nothing and
      // moves neither mark back: otherwise the time between the two would be counted twice.
      lastPosition: sql`case when ${watchSessions.lastBeatAt} is null or v.b_at >= ${watchSessions.lastBeatAt} then v.b_position else ${watchSessions.lastPosition} end`,
      lastBeatAt: sql`greatest(${watchSessions.lastBeatAt}, v.b_at)`,
      beats: sql`${watchSessions.beats} + 1`,
      endedAt: sql`case when ${watchSessions.creditedSeconds} + ${credit} >= ${watchSessions.requiredSeconds} then v.b_at end`,
    })
    .from(
      sql`unnest(${sql.placeholder("ids")}::uuid[], ${sql.placeholder("sessions")}::uuid[], ${sql.placeholder("users")}::uuid[],
        ${sql.placeholder("positions")}::float8[], ${sql.placeholder("playing")}::boolean[], ${sql.placeholder("visible")}::boolean[],
        ${sql.placeholder("ats")}::timestamptz[]) as v(b_id, b_session, b_user, b_position, b_playing, b_visible, b_at),
        (select set_config('synchronous_commit', 'off', true)) as async_commit`,
    )
    // `id = any(ids)` as well as the join: the rows are found by the primary key even where the planner,
    // not knowing how many beats the arrays hold, would hash the whole table (it did: a sequential scan
    // of every watch session per batch, 1.8 ms for 8 beats where the index takes 0.35 ms).
    .where(
      and(
        sql`${watchSessions.id} = any(${sql.placeholder("ids")}::uuid[])`,
        sql`${watchSessions.id} = v.b_id`,
        sql`${watchSessions.boosterId} = v.b_user`,
        callerSessionOpen,
        isNull(watchSessions.endedAt),
      ),
    )
    .returning({
      id: watchSessions.id,
      credited: watchSessions.creditedSeconds,
      required: watchSessions.requiredSeconds,
      endedAt: watchSessions.endedAt,
      activityId: watchSessions.activityId,
    })
    .prepare("watch_heartbeats"),
);

type Beat = { id: string; sessionId: string; userId: string; position: number; playing: boolean; visible: boolean; at: string };

/**
 * One beat, sent with the others of the same turn as one statement (server/db/batched.ts): under load a
 * round trip carries many beats. A session's beats go in the order they came: one is sent only when the
 * one before it has been answered. Resolves with the beat's updated row, or null when nothing was updated.
 */
const sendBeat = batchedPerDatabase(
  async (db, batch: Beat[]) => {
    const rows = await beatStatement(db).execute({
      ids: batch.map((beat) => beat.id),
      sessions: batch.map((beat) => beat.sessionId),
      users: batch.map((beat) => beat.userId),
      positions: batch.map((beat) => beat.position),
      playing: batch.map((beat) => beat.playing),
      visible: batch.map((beat) => beat.visible),
      ats: batch.map((beat) => beat.at),
    });
    const byId = new Map(rows.map((row) => [row.id, row]));
    return batch.map((beat) => byId.get(beat.id) ?? null);
  },
  { max: 128, exclusiveKey: (beat) => beat.id },
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
  const beat = await sendBeat(ctx.db, {
    id: input.sessionId,
    sessionId: input.caller.sessionId,
    userId: input.caller.userId,
    position: input.position,
    playing: input.playing,
    visible: input.visible,
    at: now.toISOString(),
  });
  if (!beat) {
    // Why nothing was updated: a closed session, someone else's (or no) watch session, or one already over.
    if (!(await sessionIsOpen(ctx, input.caller))) throw new AppError("unauthorized");
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
