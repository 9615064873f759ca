import { eq, inArray, sql } from "drizzle-orm";
import type { Db } from "@/server/db";
import { cachedPerDatabase } from "@/server/db/cached-read";
import { activities, campaignCounts, payouts } from "@/server/db/schema";
import type { PublicStats } from "@/lib/schemas/stats";
import { executor, type DbCtx } from "@/server/core/context";

/** The wire's figures (lib/schemas/stats.ts), counted here. */
export type { PublicStats };

const DONE = ["approved", "completed"] as const;

/** The landing page's figures, counted in the database (campaign counts come from the trigger-kept table). */
export async function publicStats(ctx: DbCtx): Promise<PublicStats> {
  const db = executor(ctx);
  const [[campaigns], [work], [paid]] = await Promise.all([
    db
      .select({ n: sql<number>`coalesce(sum(${campaignCounts.n}), 0)`.mapWith(Number) })
      .from(campaignCounts)
      .where(inArray(campaignCounts.status, ["active", "paused", "completed", "paid"])),
    db
      .select({ tasks: sql<number>`count(*)`.mapWith(Number) })
      .from(activities)
      .where(inArray(activities.status, [...DONE])),
    // Paid means it reached a bank: payouts the bank confirmed, not rewards still in their hold (issue 33).
    db
      .select({
        boosters: sql<number>`count(distinct ${payouts.userId})`.mapWith(Number),
        rials: sql<number>`coalesce(sum(${payouts.amount}), 0)`.mapWith(Number),
      })
      .from(payouts)
      .where(eq(payouts.status, "confirmed")),
  ]);
  return {
    campaigns_run: campaigns?.n ?? 0,
    tasks_completed: work?.tasks ?? 0,
    boosters_paid: paid?.boosters ?? 0,
    rials_paid_out: paid?.rials ?? 0,
  };
}

/** How long one count serves every caller of this instance (the figures are marketing, not money). */
export const STATS_TTL_MS = 60_000;

/** Remembers the last count per database for STATS_TTL_MS; concurrent callers share one count. */
export function cachedStats(load: (db: Db) => Promise<PublicStats> = (db) => publicStats({ db }), now: () => number = Date.now) {
  return cachedPerDatabase(load, STATS_TTL_MS, now);
}
