import type { z } from "zod";
import { pacedEnd, paceOf } from "@/lib/campaigns/pacing";
import { findPrice } from "@/lib/campaigns/pricing";
import { tehranDay } from "@/lib/time/tehran";
import { quoteCampaign, type Quote, type QuoteError } from "@/lib/campaigns/quote";
import type { campaignQuoteInput } from "@/lib/schemas/campaigns";
import { AppError } from "@/server/core/errors";
import { balancesOf } from "@/server/ledger";
import { loadPricing } from "@/server/campaigns/pricing";
import { type DbCtx } from "@/server/core/context";

export type CampaignRequest = z.output<typeof campaignQuoteInput>;

/** The field a quote's refusal is about (the contract checks the same first, so these are rare). */
const QUOTE_ERROR_FIELD: Record<QuoteError["error"], string> = {
  strategy_network_mismatch: "strategy",
  missing_amount: "amount",
  missing_hours: "hours",
  missing_percentage: "percentage",
  missing_action: "action",
  missing_quantity: "quantity",
};

/**
 * The invoice for a campaign request, with what the user's wallet covers. Each line also carries the
 * booster's share of its price today (stored with the invoice, never on the wire) and the guarantee's days:
 * prices, shares and guarantees are locked per campaign at purchase, and a later change of the price list
 * applies to new campaigns only.
 */
export async function quoteFor(
  ctx: DbCtx,
  input: { userId: string; request: CampaignRequest; now?: Date },
): Promise<Quote & { expectedEnd: string | null }> {
  const { userId, request } = input;
  const [prices, balances] = await Promise.all([loadPricing(ctx), balancesOf(ctx, { userId })]);
  const quote = quoteCampaign(
    {
      network: request.network,
      strategy: request.strategy,
      followerCount: request.follower_count,
      ...(request.amount !== undefined ? { amount: request.amount } : {}),
      ...(request.hours !== undefined ? { hours: request.hours } : {}),
      ...(request.percentage !== undefined ? { percentage: request.percentage } : {}),
      ...(request.action !== undefined ? { action: request.action } : {}),
      ...(request.quantity !== undefined ? { quantity: request.quantity } : {}),
    },
    prices,
    balances.wallet,
  );
  if ("error" in quote) throw new AppError("campaign_validation_failed", {}, { [QUOTE_ERROR_FIELD[quote.error]]: null });
  const priceOf = (action: string) => findPrice(prices, request.network, action);
  const units = quote.lines.reduce((sum, line) => sum + Math.max(0, line.max), 0);
  return {
    ...quote,
    // At the pace asked for, from today (or its start day): the day the units bought would all be started.
    expectedEnd: pacedEnd(paceOf(request), units, tehranDay(input.now ?? new Date())),
    lines: quote.lines.map((line) => ({
      ...line,
      boosterShare: priceOf(line.action)?.boosterShare ?? 0,
      refillDays: request.strategy === "trial" ? 0 : (priceOf(line.action)?.refillDays ?? 0),
    })),
  };
}
