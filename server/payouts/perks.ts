import { and, eq, gt, lte } from "drizzle-orm";
import { executor, type DbCtx, type Ctx } from "@/server/core/context";
import { memberships, membershipPlans } from "@/server/db/schema";
import { env } from "@/server/core/env";

export type PlanPerks = { retentionDays: number | null; dailyTaskBonus: number };

const NONE: PlanPerks = { retentionDays: null, dailyTaskBonus: 0 };

/**
 * What the booster's plan in force adds to their work (issue 17 part 1): a shorter retention for the
 * rewards approved while it is in force, and more tasks a day. No plan: nothing.
 */
export async function planPerks(ctx: DbCtx & Pick<Ctx, "now">, input: { userId: string }): Promise<PlanPerks> {
  const db = executor(ctx);
  const { now } = ctx;
  const { userId } = input;
  const [row] = await db
    .select({ retentionDays: membershipPlans.retentionDays, dailyTaskBonus: membershipPlans.dailyTaskBonus })
    .from(memberships)
    .innerJoin(membershipPlans, eq(membershipPlans.id, memberships.planId))
    .where(and(eq(memberships.userId, userId), lte(memberships.startsAt, now), gt(memberships.endsAt, now)))
    .limit(1);
  return row ?? NONE;
}

/** The retention of a reward approved now: the plan's, when it is shorter than the installation's. */
export function retentionDaysWith(perks: PlanPerks, installationDays: number): number {
  return perks.retentionDays === null ? installationDays : Math.min(installationDays, perks.retentionDays);
}

/** When a reward approved now for this booster is released: after RETENTION_DAYS, or their plan's shorter retention. */
export async function releaseAtFor(ctx: DbCtx & Pick<Ctx, "now">, input: { userId: string }): Promise<Date> {
  const { now } = ctx;
  const { userId } = input;
  return new Date(now.getTime() + retentionDaysWith(await planPerks({ ...ctx, now }, { userId }), env.RETENTION_DAYS) * 86_400_000);
}
