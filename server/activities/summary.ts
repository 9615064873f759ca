import { and, eq, min } from "drizzle-orm";
import type { EarnSummary } from "@/lib/schemas/activities";
import type { UserCtx } from "@/server/core/context";
import { activities } from "@/server/db/schema";
import { balancesOf } from "@/server/ledger";
import { boosterStanding } from "@/server/activities/standing";
import { canEarn } from "@/server/activities/tasks";

/** GET earn/summary: the booster's success rate, today's allowance, held and released earnings. */
export async function earnSummary(ctx: UserCtx, input: { now: Date }): Promise<EarnSummary> {
  const booster = ctx.actor;
  const [standing, balances, [next]] = await Promise.all([
    boosterStanding(ctx, { boosterId: booster.id, now: input.now }),
    balancesOf(ctx, { userId: booster.id }),
    ctx.db
      .select({ at: min(activities.releaseAt) })
      .from(activities)
      .where(and(eq(activities.boosterId, booster.id), eq(activities.status, "approved"))),
  ]);
  return {
    verified: canEarn(booster),
    success_rate: standing.successRate,
    allowance: { per_day: standing.allowance.perDay, used: standing.allowance.used, remaining: standing.allowance.remaining },
    held: balances.held,
    available: balances.earnings,
    next_release_at: next?.at?.toISOString() ?? null,
  };
}
