import { asc, eq, sql } from "drizzle-orm";
import type { z } from "zod";
import { type UserCtx, executor, type DbCtx, withTransaction } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { membershipPlans, type MembershipPlan } from "@/server/db/schema";
import type { planInput } from "@/lib/schemas/payouts";
import { recordAudit } from "@/server/audit";
import { uniqueViolation } from "@/server/auth";
import { configuredInvitationReward } from "@/server/payouts/settings";

type PlanInput = z.output<typeof planInput>;

const columns = (input: PlanInput) => ({
  code: input.code,
  names: input.names,
  price: input.price,
  periodDays: input.period_days,
  withdrawalsPerPeriod: input.withdrawals_per_period,
  invitationsPerPeriod: input.invitations_per_period,
  retentionDays: input.retention_days,
  dailyTaskBonus: input.daily_task_bonus,
  active: input.active,
  sortOrder: input.sort_order,
});

/** Every plan, on sale or not, in the order the pages show them. */
export async function allPlans(ctx: DbCtx): Promise<MembershipPlan[]> {
  const db = executor(ctx);
  return db.select().from(membershipPlans).orderBy(asc(membershipPlans.sortOrder), asc(membershipPlans.price));
}

/**
 * Creates a plan, or replaces one (`id`). Periods already bought keep what they were bought with (the
 * limits are copied onto each period); a plan taken off sale stays in force for those who hold it.
 */
export async function savePlan(
  ctx: UserCtx & { translate: (key: string, params?: Record<string, string | number>) => string },
  input: PlanInput & { id?: string },
): Promise<MembershipPlan> {
  // A plan on sale costs more than an invited friend earns the inviter (issue 30): else buying it for a made-up friend pays.
  const reward = await configuredInvitationReward(ctx);
  if (input.active && input.price <= reward)
    throw new AppError("validation_failed", {}, { price: ctx.translate("fields.plan_price_below_reward", { reward }) });
  try {
    return await withTransaction(ctx, async (ctx) => {
      const { tx } = ctx;
      const [saved] = input.id
        ? await tx
            .update(membershipPlans)
            .set({ ...columns(input), updatedAt: sql`now()` })
            .where(eq(membershipPlans.id, input.id))
            .returning()
        : await tx.insert(membershipPlans).values(columns(input)).returning();
      if (!saved) throw new AppError("plan_not_found");
      await recordAudit(ctx, {
        actorId: ctx.actor.id,
        action: input.id ? "membership_plan.updated" : "membership_plan.created",
        targetType: "membership_plan",
        targetId: saved.id,
        details: { code: saved.code, price: saved.price, active: saved.active },
        ip: ctx.ip ?? null,
      });
      return saved;
    });
  } catch (error) {
    if (uniqueViolation(error) !== null) throw new AppError("conflict");
    throw error;
  }
}
