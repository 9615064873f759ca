import type { z } from "zod";
import { quoteCampaign, type Quote, type QuoteError } from "@/lib/campaigns/quote";
import type { campaignQuoteInput } from "@/lib/schemas/campaigns";
import type { Db } from "@/server/db";
import { AppError } from "@/server/core/errors";
import { balancesOf } from "@/server/ledger";
import { loadPricing } from "@/server/campaigns/pricing";

export type CampaignRequest = z.output<typeof campaignQuoteInput>;

/** The field a quote's refusal is about (the contract checks the same first, so these are rare). */
const QUOTE_ERROR_FIELD: Record<QuoteError["error"], string> = {
  strategy_network_mismatch: "strategy",
  missing_amount: "amount",
  missing_hours: "hours",
  missing_percentage: "percentage",
};

/** The invoice for a campaign request, with what the user's wallet covers. */
export async function quoteFor(db: Db, userId: string, input: CampaignRequest): Promise<Quote> {
  const [prices, balances] = await Promise.all([loadPricing(db), balancesOf(db, userId)]);
  const quote = quoteCampaign(
    {
      network: input.network,
      strategy: input.strategy,
      followerCount: input.follower_count,
      ...(input.amount !== undefined ? { amount: input.amount } : {}),
      ...(input.hours !== undefined ? { hours: input.hours } : {}),
      ...(input.percentage !== undefined ? { percentage: input.percentage } : {}),
    },
    prices,
    balances.wallet,
  );
  if ("error" in quote) throw new AppError("campaign_validation_failed", {}, { [QUOTE_ERROR_FIELD[quote.error]]: null });
  return quote;
}
