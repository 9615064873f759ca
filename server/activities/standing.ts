import { eq, sql } from "drizzle-orm";
import { allowanceDayStart, dailyAllowance, successRate, type BoosterRecord } from "@/lib/activities/tasks";
import { adminDenialCodes } from "@/lib/schemas/enums";
import { env } from "@/server/core/env";
import { executor, type DbCtx } from "@/server/core/context";
import { activities } from "@/server/db/schema";
import { planPerks } from "@/server/payouts";

export type Standing = {
  record: BoosterRecord;
  successRate: number | null;
  allowance: { perDay: number; used: number; remaining: number };
};

const reviewerDenial = sql.join(
  adminDenialCodes.map((code) => sql`${code}`),
  sql`, `,
);

/**
 * A booster's record and today's task allowance, from their activities: approved or released work,
 * reviewers' denials (expiry is not held against anyone), work dropped before release; and the tasks
 * started since Tehran's midnight. Inside a transaction that locked the booster, `used` is exact.
 */
export async function boosterStanding(ctx: DbCtx, input: { boosterId: string; now: Date }): Promise<Standing> {
  const since = allowanceDayStart(input.now);
  const [row] = await executor(ctx)
    .select({
      approved: sql<number>`count(*) filter (where ${activities.status} in ('approved', 'completed'))`.mapWith(Number),
      denied:
        sql<number>`count(*) filter (where ${activities.status} = 'denied' and ${activities.denialCode} in (${reviewerDenial}))`.mapWith(
          Number,
        ),
      dropped: sql<number>`count(*) filter (where ${activities.denialCode} = 'dropped')`.mapWith(Number),
      used: sql<number>`count(*) filter (where ${activities.createdAt} >= ${since.toISOString()})`.mapWith(Number),
    })
    .from(activities)
    .where(eq(activities.boosterId, input.boosterId));
  const record = { approved: row?.approved ?? 0, denied: row?.denied ?? 0, dropped: row?.dropped ?? 0 };
  // A plan's perk adds tasks a day on top of what the record allows (server/payouts/perks.ts).
  const perDay =
    dailyAllowance(env.TASKS_PER_DAY, record) + (await planPerks({ ...ctx, now: input.now }, { userId: input.boosterId })).dailyTaskBonus;
  const used = row?.used ?? 0;
  return { record, successRate: successRate(record), allowance: { perDay, used, remaining: Math.max(0, perDay - used) } };
}
