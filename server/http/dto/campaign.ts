import { z } from "@hono/zod-openapi";
import { campaignNetworks, campaignStatuses, campaignStrategies, type Campaign } from "@/server/db/schema";

const quoteLine = z.object({
  metric: z.string(),
  action: z.string(),
  unit_price: z.number(),
  min: z.number(),
  max: z.number(),
  amount: z.number(),
});
export const quoteOutput = z
  .object({
    lines: z.array(quoteLine),
    subtotal: z.number(),
    fee: z.number(),
    total: z.number(),
    wallet_covers: z.number(),
    remaining: z.number(),
  })
  .openapi("CampaignQuote");

type QuoteLike = {
  lines: { metric: string; action: string; unitPrice: number; min: number; max: number; amount: number }[];
  subtotal: number;
  fee: number;
  total: number;
  walletCovers?: number;
  remaining?: number;
};

export function toQuoteOutput(quote: QuoteLike) {
  return {
    lines: quote.lines.map((line) => ({
      metric: line.metric,
      action: line.action,
      unit_price: line.unitPrice,
      min: line.min,
      max: line.max,
      amount: line.amount,
    })),
    subtotal: quote.subtotal,
    fee: quote.fee,
    total: quote.total,
    wallet_covers: quote.walletCovers ?? 0,
    remaining: quote.remaining ?? 0,
  };
}

export const campaignOutput = z
  .object({
    id: z.string().uuid(),
    name: z.string(),
    network: z.enum(campaignNetworks),
    strategy: z.enum(campaignStrategies),
    link: z.string(),
    follower_count: z.number(),
    hours: z.number().nullable(),
    percentage: z.number().nullable(),
    status: z.enum(campaignStatuses),
    budget: z.number().openapi({ description: "Rials paid into escrow" }),
    spent: z.number(),
    progress: z.number().openapi({ description: "0–100" }),
    invoice: quoteOutput,
    rejection_reason: z.string().nullable(),
    created_at: z.string(),
    ends_at: z.string().nullable(),
    completed_at: z.string().nullable(),
  })
  .openapi("Campaign");

export function toCampaignOutput(row: Campaign) {
  return {
    id: row.id,
    name: row.name,
    network: row.network,
    strategy: row.strategy,
    link: row.link,
    follower_count: row.followerCount,
    hours: row.hours,
    percentage: row.percentage,
    status: row.status,
    budget: row.budget,
    spent: row.spent,
    progress: row.progress,
    invoice: toQuoteOutput(row.invoice as QuoteLike),
    rejection_reason: row.rejectionReason,
    created_at: row.createdAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}
