import { eq } from "drizzle-orm";
import type { Pace } from "@/lib/campaigns/pacing";
import { CAMPAIGN_END_MAX_DAYS } from "@/lib/schemas/campaigns";
import { addDays, tehranDay, tehranDayEnd } from "@/lib/time/tehran";
import { recordAudit } from "@/server/audit";
import { withTransaction, type TxCtx, type UserCtx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { campaigns, type Campaign } from "@/server/db/schema";

export const RUNNING: readonly Campaign["status"][] = ["active", "paused"];
/** Not ended: paying, in review or running. */
const NOT_ENDED: readonly Campaign["status"][] = ["awaiting_payment", "awaiting_review", "active", "paused"];

/** The caller's own campaign in one of `statuses`, locked for the change (an admin changes another's through the back office, not here). */
export async function lockOwn(ctx: TxCtx<UserCtx>, id: string, statuses: readonly Campaign["status"][] = RUNNING): Promise<Campaign> {
  const [campaign] = await ctx.tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
  if (!campaign || campaign.ownerId !== ctx.actor.id) throw new AppError("campaign_not_found");
  if (!statuses.includes(campaign.status)) throw new AppError("campaign_transition_invalid");
  return campaign;
}

/** The owner's change of their campaign, in the audit log. */
export function auditChange(ctx: TxCtx<UserCtx>, campaign: Campaign, action: string, details: Record<string, unknown>) {
  return recordAudit(ctx, { actorId: ctx.actor.id, action, targetType: "campaign", targetId: campaign.id, details, ip: ctx.ip ?? null });
}

/** A Tehran day from today up to CAMPAIGN_END_MAX_DAYS ahead, or campaign_day_invalid on `field`. */
function checkDay(day: string, now: Date, field: string): void {
  const today = tehranDay(now);
  const real = !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && addDays(day, 0) === day;
  if (!real || day < today || day > addDays(today, CAMPAIGN_END_MAX_DAYS))
    throw new AppError("campaign_day_invalid", { days: CAMPAIGN_END_MAX_DAYS }, { [field]: null });
}

/** A pace's start day, when it has one, is today up to CAMPAIGN_END_MAX_DAYS ahead (422 campaign_day_invalid). */
export function checkPaceStart(pace: Pace | null, now: Date): void {
  if (pace?.startsOn) checkDay(pace.startsOn, now, "starts_on");
}

type PaceValue = NonNullable<Campaign["pace"]>;
/** Two paces field by field (jsonb keeps its own key order). */
function samePace(a: PaceValue | null, b: PaceValue | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.perDay === b.perDay &&
    a.perHour === b.perHour &&
    a.startsOn === b.startsOn &&
    a.hours?.from === b.hours?.from &&
    a.hours?.to === b.hours?.to
  );
}

/**
 * PUT campaigns/{id}/pace: how fast a campaign that has not ended may be delivered (lib/campaigns/pacing.ts);
 * all null unpaces it. A change applies from the next start (the feed and the start read it under the
 * campaign's lock); the same pace again changes nothing; a change is audited.
 */
export function setPace(
  ctx: UserCtx & { now: Date },
  input: {
    id: string;
    pace: Pace | null;
  },
): Promise<Campaign> {
  return withTransaction(ctx, async (ctx) => {
    const campaign = await lockOwn(ctx, input.id, NOT_ENDED);
    const pace = input.pace;
    checkPaceStart(pace, ctx.now);
    if (samePace(pace, campaign.pace ?? null)) return campaign;
    const [updated] = await ctx.tx.update(campaigns).set({ pace, updatedAt: ctx.now }).where(eq(campaigns.id, campaign.id)).returning();
    await auditChange(ctx, campaign, "campaign.pace", { from: campaign.pace ?? null, to: pace });
    return updated!;
  });
}

/**
 * PUT campaigns/{id}/ends-at: a running campaign runs until the end of another Tehran day, from today up
 * to CAMPAIGN_END_MAX_DAYS ahead. The same day again changes nothing; a change is audited.
 */
export function changeEndDate(ctx: UserCtx & { now: Date }, input: { id: string; day: string }): Promise<Campaign> {
  return withTransaction(ctx, async (ctx) => {
    const campaign = await lockOwn(ctx, input.id);
    checkDay(input.day, ctx.now, "ends_at");
    const endsAt = new Date(tehranDayEnd(input.day));
    if (campaign.endsAt?.getTime() === endsAt.getTime()) return campaign;
    const [updated] = await ctx.tx.update(campaigns).set({ endsAt, updatedAt: ctx.now }).where(eq(campaigns.id, campaign.id)).returning();
    await auditChange(ctx, campaign, "campaign.ends_at", { from: campaign.endsAt?.toISOString() ?? null, to: endsAt.toISOString() });
    return updated!;
  });
}
