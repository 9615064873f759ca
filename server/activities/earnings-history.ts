import { and, eq, gte, isNotNull, sql, type SQLWrapper } from "drizzle-orm";
import type { EarningsHistory } from "@/lib/schemas/activities";
import { addDays, TEHRAN_OFFSET_MINUTES, tehranDay, tehranDayStart } from "@/lib/time/tehran";
import type { UserCtx } from "@/server/core/context";
import { activities } from "@/server/db/schema";

/** Held rewards' release days the answer lists. */
const UPCOMING_DAYS = 14;

/** A timestamp's Tehran day as text (UTC+03:30, as tehranDay() and the delivery rollup count it). */
const tehranDayOf = (column: SQLWrapper) =>
  sql`((${column} at time zone 'UTC') + make_interval(mins => ${sql.raw(String(TEHRAN_OFFSET_MINUTES))}))::date::text`;

/**
 * GET earn/history: the caller's rewards per Tehran day of the last `days` days (approved that day, released
 * that day, taken back that day), every day of the window present, and their held rewards grouped by the
 * day they release. Read from the booster's own activities (activities_booster_created_idx); a booster
 * does at most a few dozen tasks a day.
 */
export async function earningsHistory(ctx: UserCtx, input: { days: number; now: Date }): Promise<EarningsHistory> {
  const boosterId = ctx.actor.id;
  const today = tehranDay(input.now);
  const first = addDays(today, -(input.days - 1));
  const since = tehranDayStart(new Date(`${first}T12:00:00Z`));
  const mine = eq(activities.boosterId, boosterId);
  const [rows, held] = await Promise.all([
    ctx.db.execute<{ day: string; earned: string; released: string; clawed_back: string }>(sql`
      select day, sum(earned)::bigint as earned, sum(released)::bigint as released, sum(clawed_back)::bigint as clawed_back from (
        select ${tehranDayOf(activities.approvedAt)} as day, ${activities.reward} as earned, 0 as released, 0 as clawed_back
          from ${activities} where ${and(mine, gte(activities.approvedAt, since))}
        union all
        select ${tehranDayOf(activities.releasedAt)}, 0, ${activities.reward}, 0
          from ${activities} where ${and(mine, gte(activities.releasedAt, since))}
        union all
        select ${tehranDayOf(activities.droppedAt)}, 0, 0, ${activities.reward}
          from ${activities} where ${and(mine, gte(activities.droppedAt, since))}
      ) t group by day`),
    ctx.db
      .select({
        day: sql<string>`${tehranDayOf(activities.releaseAt)}`,
        first: sql<Date>`min(${activities.releaseAt})`.mapWith((value) => new Date(value)),
        count: sql<number>`count(*)::int`.mapWith(Number),
        amount: sql<number>`coalesce(sum(${activities.reward}), 0)::bigint`.mapWith(Number),
      })
      .from(activities)
      .where(and(mine, eq(activities.status, "approved"), isNotNull(activities.releaseAt)))
      .groupBy(sql`1`)
      .orderBy(sql`1`)
      .limit(UPCOMING_DAYS),
  ]);
  const byDay = new Map(rows.rows.map((row) => [row.day, row]));
  const days: EarningsHistory["days"] = [];
  for (let day = first; day <= today; day = addDays(day, 1)) {
    const row = byDay.get(day);
    days.push({
      day,
      earned: Number(row?.earned ?? 0),
      released: Number(row?.released ?? 0),
      clawed_back: Number(row?.clawed_back ?? 0),
    });
  }
  return {
    days,
    upcoming: held.map((row) => ({ day: row.day, first_at: row.first.toISOString(), count: row.count, amount: row.amount })),
  };
}
