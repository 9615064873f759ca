import { inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { cachedPerDatabase } from "@/server/db/cached-read";
import { activities, campaignCounts } from "@/server/db/schema";
import type { PublicStats } from "@/lib/schemas/stats";
import { executor, type DbCtx } from "@/server/core/context";

/** The wire's figures (lib/schemas/stats.ts), counted here. */
export type { PublicStats };

const DONE = ["approved", "completed"] as const;

/** The landing page's figures, counted in the database (campaign counts come from the trigger-kept table). */
export async function publicStats(ctx: DbCtx): Promise<PublicStats> {
  const db = executor(ctx);
  const [[campaigns], [work]] = await Promise.all([
    db
      .select({ n: sql<number>`coalesce(sum(${campaignCounts.n}), 0)`.mapWith(Number) })
      .from(campaignCounts)
      .where(inArray(campaignCounts.status, ["active", "paused", "completed", "paid"])),
    db
      .select({
        tasks: sql<number>`count(*)`.mapWith(Number),
        boosters: sql<number>`count(distinct ${activities.boosterId})`.mapWith(Number),
        rewards: sql<number>`coalesce(sum(${activities.reward}), 0)`.mapWith(Number),
      })
      .from(activities)
      .where(inArray(activities.status, [...DONE])),
  ]);
  return {
    campaigns_run: campaigns?.n ?? 0,
    tasks_completed: work?.tasks ?? 0,
    boosters_paid: work?.boosters ?? 0,
    rials_paid_out: work?.rewards ?? 0,
  };
}

/** How long one count serves every caller of this instance (the figures are marketing, not money). */
export const STATS_TTL_MS = 60_000;

/** Remembers the last count per database for STATS_TTL_MS; concurrent callers share one count. */
export function cachedStats(load: (db: Db) => Promise<PublicStats> = (db) => publicStats({ db }), now: () => number = Date.now) {
  return cachedPerDatabase(load, STATS_TTL_MS, now);
}
