import { and, eq, inArray } from "drizzle-orm";
import type { PriceEntry } from "@/lib/campaigns/pricing";
import { progressOf } from "@/lib/campaigns/progress";
import { quoteCampaign, type Quote, type QuoteLine } from "@/lib/campaigns/quote";
import type { Network } from "@/lib/schemas/enums";
import { withSavepoint, withTransaction, type Ctx, type TxCtx, type UserCtx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { campaigns, transactions, users, type Campaign, type Transaction } from "@/server/db/schema";
import { campaignEscrowCode, systemAccountCode, transfer, userAccountCode } from "@/server/ledger";
import { openAtGateway, requireGateway, type Gateways } from "@/server/payments";
import type { SettlementHandler } from "@/server/payments";
import { auditChange, lockOwn, RUNNING } from "@/server/campaigns/change";

/** A stored invoice: the quote at purchase (each line with the booster's share locked), and the top-ups since. */
type StoredLine = QuoteLine & { boosterShare?: number };
type StoredInvoice = Omit<Quote, "lines"> & { lines: StoredLine[]; topUps?: TopUp[] };
type TopUp = { transactionId: string; at: string; amount: number; subtotal: number; fee: number };

/** What `amount` buys more of a Smart campaign, at its own prices and shares locked at purchase, split as its strategy splits a budget. */
function priceTopUp(campaign: Campaign, amount: number): Quote {
  if (campaign.strategy !== "smart") throw new AppError("campaign_transition_invalid");
  const network = campaign.network as Network;
  const prices: PriceEntry[] = (campaign.invoice as StoredInvoice).lines.map((line) => ({
    network,
    action: line.action,
    price: line.unitPrice,
    boosterShare: line.boosterShare ?? 0,
  }));
  const added = quoteCampaign({ network, strategy: "smart", amount, followerCount: campaign.followerCount }, prices, 0);
  if ("error" in added) throw new AppError("campaign_validation_failed", {}, { amount: null });
  return added;
}

/**
 * A paid top-up applied to a campaign locked by the caller: the money from the owner's wallet to the escrow
 * (insufficient_funds when short), the fee from the escrow to revenue, the lines' targets raised, progress
 * recomputed, an audit row. `payment` is the top-up's own transaction, already paid.
 */
async function applyTopUp(
  ctx: TxCtx<UserCtx> & { now: Date },
  input: { campaign: Campaign; payment: Transaction; key: string },
): Promise<{ campaign: Campaign; transaction: Transaction; added: Quote }> {
  const { campaign, payment } = input;
  const added = priceTopUp(campaign, payment.amount);
  const invoice = campaign.invoice as StoredInvoice;
  const metadata = { campaign_id: campaign.id, transaction_id: payment.id };
  const moved = await transfer(ctx, {
    idempotencyKey: input.key,
    from: userAccountCode(ctx.actor.id, "wallet"),
    to: campaignEscrowCode(campaign.id),
    amount: payment.amount,
    intent: "campaign_top_up",
    metadata,
  });
  if (added.fee > 0)
    await transfer(ctx, {
      idempotencyKey: `transaction:${payment.id}:fee`,
      from: campaignEscrowCode(campaign.id),
      to: systemAccountCode("revenue"),
      amount: added.fee,
      intent: "campaign_fee",
      metadata,
    });
  // A wallet top-up's line is this move; a gateway's stays linked to the gateway's credit (settle-payment).
  const [paid] =
    payment.transferId === null
      ? await ctx.tx.update(transactions).set({ transferId: moved.id }).where(eq(transactions.id, payment.id)).returning()
      : [payment];
  const more = new Map(added.lines.map((line) => [line.metric, line]));
  const lines = invoice.lines.map((line): StoredLine => {
    const plus = more.get(line.metric);
    return plus ? { ...line, min: line.min + plus.min, max: line.max + plus.max, amount: line.amount + plus.amount } : line;
  });
  const topUp: TopUp = {
    transactionId: payment.id,
    at: ctx.now.toISOString(),
    amount: payment.amount,
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
    .set({ invoice: next, budget: campaign.budget + payment.amount, progress: percent, updatedAt: ctx.now })
    .where(and(eq(campaigns.id, campaign.id), inArray(campaigns.status, RUNNING)))
    .returning();
  await auditChange(ctx, campaign, "campaign.top_up", { amount: payment.amount, fee: added.fee, transaction_id: payment.id });
  return { campaign: updated!, transaction: paid!, added };
}

/**
 * POST campaigns/{id}/top-up from the wallet: more budget for a running Smart campaign, priced at the
 * campaign's own locked prices and split as its strategy splits a budget; the fee inside, as at creation.
 * In one transaction: a paid transaction of its own (intent campaign_top_up) and applyTopUp (insufficient_funds
 * when the wallet is short: nothing changes). The route makes it idempotent (Idempotency-Key).
 */
export function topUpCampaign(
  ctx: UserCtx & { now: Date },
  input: { id: string; amount: number },
): Promise<{ campaign: Campaign; transaction: Transaction; added: Quote }> {
  return withTransaction(ctx, async (ctx) => {
    const { campaign, payment } = await openTopUp(ctx, { ...input, gateway: "wallet" });
    return applyTopUp(ctx, { campaign, payment, key: `transaction:${payment.id}` });
  });
}

/** The owner's running Smart campaign, locked, and a top-up's own payment for it: paid from the wallet, pending at a gateway. */
async function openTopUp(ctx: TxCtx<UserCtx> & { now: Date }, input: { id: string; amount: number; gateway: string }) {
  const campaign = await lockOwn(ctx, input.id);
  const added = priceTopUp(campaign, input.amount);
  const wallet = input.gateway === "wallet";
  const [payment] = await ctx.tx
    .insert(transactions)
    .values({
      userId: ctx.actor.id,
      amount: input.amount,
      intent: "campaign_top_up",
      status: wallet ? "paid" : "pending",
      gateway: input.gateway,
      campaignId: campaign.id,
      approvedAt: wallet ? ctx.now : null,
    })
    .returning();
  return { campaign, payment: payment!, added };
}

/**
 * POST campaigns/{id}/top-up through a gateway: a pending payment of its own (intent campaign_top_up) for
 * the campaign, and where to pay it; nothing changes on the campaign until the gateway says it is paid
 * (topUpSettlement). `added` is what it will buy. 503 gateway_unavailable when the gateway cannot start it.
 */
export async function startTopUpAtGateway(
  ctx: UserCtx & Pick<Ctx, "locale"> & { now: Date },
  input: { id: string; amount: number; gateways: Gateways; gateway: string; origin: string; description: string },
): Promise<{ campaign: Campaign; transaction: Transaction; added: Quote; redirectUrl: string }> {
  const gateway = requireGateway(input.gateways, input.gateway);
  const { campaign, payment, added } = await withTransaction(ctx, (ctx) => openTopUp(ctx, { ...input, gateway: gateway.id }));
  const opened = await openAtGateway(ctx, { gateway, payment, origin: input.origin, description: input.description });
  return { campaign, transaction: opened.transaction, added, redirectUrl: opened.redirectUrl };
}

/**
 * A top-up paid at a gateway, in the transaction that marks it paid: the money has reached the owner's wallet;
 * while the campaign still runs it goes on into the escrow and tops the campaign up (in a savepoint: should
 * that fail — the campaign ended meanwhile, the wallet spent in between — the money stays in the wallet).
 */
export const topUpSettlement: SettlementHandler = {
  async settled(ctx, { transaction }) {
    if (transaction.campaignId === null) return null;
    const [owner] = await ctx.tx.select().from(users).where(eq(users.id, transaction.userId));
    const now = new Date();
    try {
      await withSavepoint(ctx, async (ctx) => {
        const userCtx = { ...ctx, actor: owner!, ip: null, now };
        const campaign = await lockOwn(userCtx, transaction.campaignId!);
        return applyTopUp(userCtx, { campaign, payment: transaction, key: `transaction:${transaction.id}:top-up` });
      });
    } catch (error) {
      const kept =
        error instanceof AppError && ["campaign_transition_invalid", "insufficient_funds", "campaign_not_found"].includes(error.code);
      if (!kept) throw error;
    }
    const [after] = await ctx.tx.select().from(transactions).where(eq(transactions.id, transaction.id));
    return after ?? null;
  },
};
