import { and, eq, inArray } from "drizzle-orm";
import type { Pace } from "@/lib/campaigns/pacing";
import type { PriceEntry } from "@/lib/campaigns/pricing";
import { progressOf } from "@/lib/campaigns/progress";
import { quoteCampaign, type Quote, type QuoteLine } from "@/lib/campaigns/quote";
import { CAMPAIGN_END_MAX_DAYS } from "@/lib/schemas/campaigns";
import type { Network } from "@/lib/schemas/enums";
import { addDays, tehranDay, tehranDayEnd } from "@/lib/time/tehran";
import { recordAudit } from "@/server/audit";
import { withTransaction, type TxCtx, type UserCtx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { campaigns, transactions, type Campaign, type Transaction } from "@/server/db/schema";
import { campaignEscrowCode, systemAccountCode, transfer, userAccountCode } from "@/server/ledger";

/** A stored invoice: the quote at purchase (each line with the booster's share locked), and the top-ups since. */
type StoredLine = QuoteLine & { boosterShare?: number };
type StoredInvoice = Omit<Quote, "lines"> & { lines: StoredLine[]; topUps?: TopUp[] };
type TopUp = { transactionId: string; at: string; amount: number; subtotal: number; fee: number };

const RUNNING: readonly Campaign["status"][] = ["active", "paused"];
/** Not ended: paying, in review or running. */
const NOT_ENDED: readonly Campaign["status"][] = ["awaiting_payment", "awaiting_review", "active", "paused"];

/** The caller's own campaign in one of `statuses`, locked for the change (an admin changes another's through the back office, not here). */
async function lockOwn(ctx: TxCtx<UserCtx>, id: string, statuses: readonly Campaign["status"][] = RUNNING): Promise<Campaign> {
  const [campaign] = await ctx.tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
  if (!campaign || campaign.ownerId !== ctx.actor.id) throw new AppError("campaign_not_found");
  if (!statuses.includes(campaign.status)) throw new AppError("campaign_transition_invalid");
  return campaign;
}

/** The owner's change of their campaign, in the audit log. */
function auditChange(ctx: TxCtx<UserCtx>, campaign: Campaign, action: string, details: Record<string, unknown>) {
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

/**
 * POST campaigns/{id}/top-up: more budget for a running Smart campaign, paid from the wallet, priced at the
 * campaign's own locked prices and split as its strategy splits a budget; the fee inside, as at creation.
 * In one transaction: a paid transaction of its own (intent campaign_top_up), the money from the wallet to
 * the escrow (insufficient_funds when short: nothing changes), the fee from the escrow to revenue, the
 * lines' targets raised, progress recomputed, an audit row. The route makes it idempotent (Idempotency-Key).
 */
export function topUpCampaign(
  ctx: UserCtx & { now: Date },
  input: { id: string; amount: number },
): Promise<{ campaign: Campaign; transaction: Transaction; added: Quote }> {
  return withTransaction(ctx, async (ctx) => {
    const campaign = await lockOwn(ctx, input.id);
    if (campaign.strategy !== "smart") throw new AppError("campaign_transition_invalid");
    const invoice = campaign.invoice as StoredInvoice;
    const network = campaign.network as Network;
    // The campaign's own prices and shares, locked at purchase: a top-up buys more of the same.
    const prices: PriceEntry[] = invoice.lines.map((line) => ({
      network,
      action: line.action,
      price: line.unitPrice,
      boosterShare: line.boosterShare ?? 0,
    }));
    const added = quoteCampaign({ network, strategy: "smart", amount: input.amount, followerCount: campaign.followerCount }, prices, 0);
    if ("error" in added) throw new AppError("campaign_validation_failed", {}, { amount: null });
    const [payment] = await ctx.tx
      .insert(transactions)
      .values({
        userId: ctx.actor.id,
        amount: input.amount,
        intent: "campaign_top_up",
        status: "paid",
        gateway: "wallet",
        campaignId: campaign.id,
        approvedAt: ctx.now,
      })
      .returning();
    const metadata = { campaign_id: campaign.id, transaction_id: payment!.id };
    const moved = await transfer(ctx, {
      idempotencyKey: `transaction:${payment!.id}`,
      from: userAccountCode(ctx.actor.id, "wallet"),
      to: campaignEscrowCode(campaign.id),
      amount: input.amount,
      intent: "campaign_top_up",
      metadata,
    });
    if (added.fee > 0)
      await transfer(ctx, {
        idempotencyKey: `transaction:${payment!.id}:fee`,
        from: campaignEscrowCode(campaign.id),
        to: systemAccountCode("revenue"),
        amount: added.fee,
        intent: "campaign_fee",
        metadata,
      });
    const [paid] = await ctx.tx.update(transactions).set({ transferId: moved.id }).where(eq(transactions.id, payment!.id)).returning();
    const more = new Map(added.lines.map((line) => [line.metric, line]));
    const lines = invoice.lines.map((line): StoredLine => {
      const plus = more.get(line.metric);
      return plus ? { ...line, min: line.min + plus.min, max: line.max + plus.max, amount: line.amount + plus.amount } : line;
    });
    const topUp: TopUp = {
      transactionId: payment!.id,
      at: ctx.now.toISOString(),
      amount: input.amount,
      subtotal: added.subtotal,
      fee: added.fee,
    };
    const next: StoredInvoice = {
      ...invoice,
      lines,
      subtotal: invoice.subtotal + added.subtotal,
      fee: invoice.fee + added.fee,
      total: invoice.total + added.total,
      topUps: [...(invoice.topUps ?? []), topUp],
    };
    const { percent } = progressOf(lines, campaign.delivered);
    const [updated] = await ctx.tx
      .update(campaigns)
      .set({ invoice: next, budget: campaign.budget + input.amount, progress: percent, updatedAt: ctx.now })
      .where(and(eq(campaigns.id, campaign.id), inArray(campaigns.status, ["active", "paused"])))
      .returning();
    await auditChange(ctx, campaign, "campaign.top_up", { amount: input.amount, fee: added.fee, transaction_id: payment!.id });
    return { campaign: updated!, transaction: paid!, added };
  });
}
