import { and, eq, inArray, isNotNull, lt, or, isNull } from "drizzle-orm";
import { minimumMonthlyCost } from "@/lib/campaigns/monthly";
import { invoiceLines } from "@/lib/campaigns/progress";
import { tehranDay, tehranDayEnd, tehranMonthDays, tehranMonthOf } from "@/lib/time/tehran";
import { recordAudit } from "@/server/audit";
import { withSavepoint, withTransaction, type DbCtx, type TxCtx, type UserCtx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { campaigns, users, type Campaign } from "@/server/db/schema";
import { notify } from "@/server/notifications";
import { topUpCampaign } from "@/server/campaigns/top-up";

/** The campaigns a renewal may charge: running ones (a paused one too: its owner paused it, or the wallet was short). */
const RENEWABLE: readonly Campaign["status"][] = ["active", "paused"];

/** The end of the Tehran month `now` falls in: a month-by-month campaign runs at least until then. */
function monthEnd(now: Date): Date {
  return new Date(tehranDayEnd(tehranMonthDays(tehranDay(now)).last));
}

/**
 * Charges this month's budget of a campaign locked by the caller: a top-up of `amount` from the owner's
 * wallet at the campaign's own prices (topUpCampaign), then the month, its budget for tasks and what was
 * spent so far are noted, the end moved to the month's end at least, and a pause for a short wallet lifted.
 * insufficient_funds (nothing changed) when the wallet is short.
 */
async function chargeMonth(ctx: TxCtx<UserCtx> & { now: Date }, campaign: Campaign, amount: number): Promise<Campaign> {
  const { campaign: topped, added } = await topUpCampaign(ctx, { id: campaign.id, amount });
  const end = monthEnd(ctx.now);
  const [charged] = await ctx.tx
    .update(campaigns)
    .set({
      month: tehranMonthOf(tehranDay(ctx.now)),
      monthForTasks: added.subtotal,
      monthSpentBase: topped.spent,
      endsAt: topped.endsAt && topped.endsAt > end ? topped.endsAt : end,
      ...(topped.pausedShort ? { pausedShort: false, status: "active" as const } : {}),
      updatedAt: ctx.now,
    })
    .where(eq(campaigns.id, campaign.id))
    .returning();
  return charged!;
}

/**
 * PUT campaigns/{id}/monthly-budget: the owner runs a Smart campaign month by month. A new amount (at least
 * the campaign's minimum monthly cost: campaign_monthly_too_small) is charged now when this month has no
 * budget yet, else from the next month; null stops renewing (the campaign ends with the month it has).
 * The same amount again changes nothing; a change is audited.
 */
export function setMonthlyBudget(ctx: UserCtx & { now: Date }, input: { id: string; amount: number | null }): Promise<Campaign> {
  return withTransaction(ctx, async (ctx) => {
    const [campaign] = await ctx.tx.select().from(campaigns).where(eq(campaigns.id, input.id)).for("update");
    if (!campaign || campaign.ownerId !== ctx.actor.id) throw new AppError("campaign_not_found");
    if (campaign.strategy !== "smart" || !RENEWABLE.includes(campaign.status)) throw new AppError("campaign_transition_invalid");
    const thisMonth = tehranMonthOf(tehranDay(ctx.now));
    // This month not charged yet (set before, or paused for a short wallet): the same amount again charges it now.
    const due = input.amount !== null && campaign.month !== thisMonth;
    if (campaign.monthlyBudget === input.amount && !due) return campaign;
    if (input.amount !== null) {
      const min = minimumMonthlyCost(invoiceLines(campaign.invoice));
      if (input.amount < min) throw new AppError("campaign_monthly_too_small", { min }, { amount: null });
    }
    const [set] = await ctx.tx
      .update(campaigns)
      .set({ monthlyBudget: input.amount, updatedAt: ctx.now })
      .where(eq(campaigns.id, campaign.id))
      .returning();
    const updated = due ? await chargeMonth(ctx, set!, input.amount!) : set!;
    if (campaign.monthlyBudget !== input.amount)
      await recordAudit(ctx, {
        actorId: ctx.actor.id,
        action: "campaign.monthly_budget",
        targetType: "campaign",
        targetId: campaign.id,
        details: { from: campaign.monthlyBudget, to: input.amount },
        ip: ctx.ip ?? null,
      });
    return updated;
  });
}

/**
 * The monthly renewal (a job, hourly): every month-by-month campaign whose budget is for an earlier month is
 * charged this month's from its owner's wallet, each in its own transaction under the campaign's lock (a
 * second run finds it charged). A short wallet pauses it until the month ends, with a notification; the
 * next runs try again, and a paid renewal resumes it. Returns how many were renewed and paused.
 */
export async function renewMonthlyBudgets(ctx: DbCtx, input: { now: Date; limit?: number }): Promise<{ renewed: number; paused: number }> {
  const thisMonth = tehranMonthOf(tehranDay(input.now));
  const due = await ctx.db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        isNotNull(campaigns.monthlyBudget),
        or(isNull(campaigns.month), lt(campaigns.month, thisMonth)),
        inArray(campaigns.status, RENEWABLE),
      ),
    )
    .limit(input.limit ?? 500);
  const counts = { renewed: 0, paused: 0 };
  for (const { id } of due) {
    const outcome = await renewOne(ctx, { id, now: input.now, month: thisMonth });
    if (outcome) counts[outcome]++;
  }
  return counts;
}

async function renewOne(ctx: DbCtx, input: { id: string; now: Date; month: string }): Promise<"renewed" | "paused" | null> {
  return withTransaction(ctx, async (ctx) => {
    const [campaign] = await ctx.tx.select().from(campaigns).where(eq(campaigns.id, input.id)).for("update");
    if (!campaign || campaign.monthlyBudget === null || !RENEWABLE.includes(campaign.status)) return null;
    if (campaign.month !== null && campaign.month >= input.month) return null;
    const [owner] = await ctx.tx.select().from(users).where(eq(users.id, campaign.ownerId));
    const amount = campaign.monthlyBudget;
    const params = { campaign_id: campaign.id, campaign: campaign.name, amount };
    // The owner told (once per month: the dedupe key) and the job's decision audited.
    const told = async (kind: "campaign_renewed" | "campaign_paused_short", action: string, key: string) => {
      await notify(ctx, { userId: campaign.ownerId, kind, dedupeKey: `campaign:${campaign.id}:${key}`, params });
      await recordAudit(ctx, { actorId: null, action, targetType: "campaign", targetId: campaign.id, details: params, ip: null });
    };
    try {
      await withSavepoint(ctx, (ctx) => chargeMonth({ ...ctx, actor: owner!, ip: null, now: input.now }, campaign, amount));
    } catch (error) {
      if (!(error instanceof AppError && error.code === "insufficient_funds")) throw error;
      if (campaign.pausedShort) return null;
      // Short: paused (kept until this month ends, so it is not completed meanwhile), the owner told once a month.
      const end = monthEnd(input.now);
      await ctx.tx
        .update(campaigns)
        .set({
          status: "paused",
          pausedShort: true,
          endsAt: campaign.endsAt && campaign.endsAt > end ? campaign.endsAt : end,
          updatedAt: input.now,
        })
        .where(eq(campaigns.id, campaign.id));
      await told("campaign_paused_short", "campaign.month_short", `short:${input.month}`);
      return "paused";
    }
    await told("campaign_renewed", "campaign.month_renewed", `month:${input.month}`);
    return "renewed";
  });
}
