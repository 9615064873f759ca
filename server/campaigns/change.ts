import { and, eq, inArray } from "drizzle-orm";
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

/** The caller's own running campaign, locked for the change (an admin changes another's through the back office, not here). */
async function lockOwnRunning(ctx: TxCtx<UserCtx>, id: string): Promise<Campaign> {
  const [campaign] = await ctx.tx.select().from(campaigns).where(eq(campaigns.id, id)).for("update");
  if (!campaign || campaign.ownerId !== ctx.actor.id) throw new AppError("campaign_not_found");
  if (campaign.status !== "active" && campaign.status !== "paused") throw new AppError("campaign_transition_invalid");
  return campaign;
}

/**
 * PUT campaigns/{id}/ends-at: a running campaign runs until the end of another Tehran day, from today up
 * to CAMPAIGN_END_MAX_DAYS ahead. The same day again changes nothing; a change is audited.
 */
export function changeEndDate(ctx: UserCtx & { now: Date }, input: { id: string; day: string }): Promise<Campaign> {
  return withTransaction(ctx, async (ctx) => {
    const campaign = await lockOwnRunning(ctx, input.id);
    const today = tehranDay(ctx.now);
    const valid = !Number.isNaN(Date.parse(`${input.day}T00:00:00Z`)) && addDays(input.day, 0) === input.day;
    if (!valid || input.day < today || input.day > addDays(today, CAMPAIGN_END_MAX_DAYS))
      throw new AppError("campaign_end_invalid", { days: CAMPAIGN_END_MAX_DAYS }, { ends_at: null });
    const endsAt = new Date(tehranDayEnd(input.day));
    if (campaign.endsAt?.getTime() === endsAt.getTime()) return campaign;
    const [updated] = await ctx.tx.update(campaigns).set({ endsAt, updatedAt: ctx.now }).where(eq(campaigns.id, campaign.id)).returning();
    await recordAudit(ctx, {
      actorId: ctx.actor.id,
      action: "campaign.ends_at",
      targetType: "campaign",
      targetId: campaign.id,
      details: { from: campaign.endsAt?.toISOString() ?? null, to: endsAt.toISOString() },
      ip: ctx.ip ?? null,
    });
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
    const campaign = await lockOwnRunning(ctx, input.id);
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
    await recordAudit(ctx, {
      actorId: ctx.actor.id,
      action: "campaign.top_up",
      targetType: "campaign",
      targetId: campaign.id,
      details: { amount: input.amount, fee: added.fee, transaction_id: payment!.id },
      ip: ctx.ip ?? null,
    });
    return { campaign: updated!, transaction: paid!, added };
  });
}
