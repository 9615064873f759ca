import { sql } from "drizzle-orm";
import type { DemoClock } from "@/lib/schemas/demo";
import { type UserCtx, withTransaction, executor, type DbCtx } from "@/server/core/context";
import type { JobDefinition } from "@/server/core/jobs";
import { appSettings } from "@/server/db/schema";
import { recordAudit } from "@/server/audit";
import { readSetting } from "@/server/settings";

const DAY_MS = 86_400_000;
/** app_settings row: how many days ahead of today the demo's jobs run. */
export const DEMO_CLOCK_SETTING = "demo_clock_days";
/** The jobs that move money and states with time (issue 34): release, completion, invitation rewards, plans ending. */
export const DEMO_JOBS = ["release-rewards", "complete-campaigns", "invitation-rewards", "expire-memberships"] as const;

/** The demo's clock as it stands: the days ahead of today (0 when never moved) and that moment. */
export async function demoClock(ctx: DbCtx): Promise<DemoClock> {
  const value = await readSetting(executor(ctx), DEMO_CLOCK_SETTING);
  const days = typeof value === "number" ? value : 0;
  return { days_ahead: days, now: new Date(Date.now() + days * DAY_MS).toISOString(), ran: [] };
}

/**
 * Moves the demo's clock `days` forward (counted atomically: two admins at once move it twice) with
 * its audit row, then runs the time-bound jobs once as of that moment, the way the tests' clock does.
 * The runner's own schedule keeps today's time; the clock only ever moves forward.
 */
export async function advanceDemoClock(ctx: UserCtx, input: { days: 1 | 7; jobs: readonly JobDefinition[] }): Promise<DemoClock> {
  const ahead = await withTransaction(ctx, async (ctx) => {
    const [row] = await ctx.tx
      .insert(appSettings)
      .values({ name: DEMO_CLOCK_SETTING, value: input.days, updatedBy: ctx.actor.id })
      .onConflictDoUpdate({
        target: appSettings.name,
        set: { value: sql`to_jsonb((${appSettings.value} #>> '{}')::int + ${input.days})`, updatedBy: ctx.actor.id, updatedAt: sql`now()` },
      })
      .returning({ value: appSettings.value });
    const days = Number(row!.value);
    await recordAudit(ctx, {
      actorId: ctx.actor.id,
      action: "demo.clock_advanced",
      targetType: "setting",
      targetId: DEMO_CLOCK_SETTING,
      details: { days: input.days, days_ahead: days },
      ip: ctx.ip ?? null,
    });
    return days;
  });
  const now = new Date(Date.now() + ahead * DAY_MS);
  const ran: DemoClock["ran"] = [];
  for (const name of DEMO_JOBS) {
    const job = input.jobs.find((candidate) => candidate.name === name);
    if (!job) continue;
    const output = await job.run({ db: ctx.db, signal: AbortSignal.timeout(120_000), now: () => now });
    ran.push({ job: name, output: (output ?? {}) as Record<string, number> });
  }
  return { days_ahead: ahead, now: now.toISOString(), ran };
}
