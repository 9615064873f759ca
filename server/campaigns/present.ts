import type { Campaign as CampaignOutput, Price, Quote } from "@/lib/schemas/campaigns";
import type { Network } from "@/lib/schemas/enums";
import type { Campaign } from "@/server/db/schema";
import { pacedEnd } from "@/lib/campaigns/pacing";
import { invoiceLines, progressOf } from "@/lib/campaigns/progress";
import { tehranDay, tehranMonthOf } from "@/lib/time/tehran";
import { minimumMonthlyCost, renewsOn } from "@/lib/campaigns/monthly";

/** The campaign's fields its contract's Campaign is made of: what the lists select (server/campaigns/list.ts). */
export const PRESENTED_CAMPAIGN_FIELDS = [
  "id",
  "name",
  "network",
  "strategy",
  "link",
  "followerCount",
  "hours",
  "percentage",
  "status",
  "invoice",
  "budget",
  "spent",
  "progress",
  "delivered",
  "postsWorked",
  "pace",
  "month",
  "monthlyBudget",
  "monthForTasks",
  "monthSpentBase",
  "pausedShort",
  "rejectionReason",
  "createdAt",
  "endsAt",
  "completedAt",
] as const satisfies readonly (keyof Campaign)[];
export type PresentedCampaign = Pick<Campaign, (typeof PRESENTED_CAMPAIGN_FIELDS)[number]>;

/** A quote as the pricing computes it (camelCase), or as a campaign's stored invoice holds it. */
type QuoteLike = {
  lines: { metric: string; action: string; unitPrice: number; min: number; max: number; amount: number; refillDays?: number }[];
  subtotal: number;
  fee: number;
  total: number;
  walletCovers?: number;
  remaining?: number;
  /** At the pace asked for when it was quoted (absent on invoices stored before paces could be set at purchase). */
  expectedEnd?: string | null;
};

export function toQuoteOutput(quote: QuoteLike): Quote {
  return {
    lines: quote.lines.map((line) => ({
      metric: line.metric,
      action: line.action,
      unit_price: line.unitPrice,
      min: line.min,
      max: line.max,
      amount: line.amount,
      refill_days: line.refillDays ?? 0,
    })),
    subtotal: quote.subtotal,
    fee: quote.fee,
    total: quote.total,
    wallet_covers: quote.walletCovers ?? 0,
    remaining: quote.remaining ?? 0,
    expected_end: quote.expectedEnd ?? null,
  };
}

/** The longest refill guarantee of a campaign's lines, from its end (the day it completed, else its planned end). */
function guaranteeEnd(row: PresentedCampaign): string | null {
  const days = Math.max(0, ...(row.invoice as QuoteLike).lines.map((line) => line.refillDays ?? 0));
  const end = row.completedAt ?? row.endsAt;
  return days > 0 && end ? new Date(end.getTime() + days * 86_400_000).toISOString() : null;
}

/** This month's budget of a campaign run month by month: set, spent since it was charged, left; shown through its month after renewing stops. */
function monthlyOf(row: PresentedCampaign, now: Date): CampaignOutput["monthly"] {
  if (row.month === null) return null;
  const renewing = row.monthlyBudget !== null;
  if (!renewing && row.month !== tehranMonthOf(tehranDay(now))) return null;
  const spent = Math.max(0, row.spent - row.monthSpentBase);
  return {
    amount: row.monthlyBudget,
    month: row.month,
    for_tasks: row.monthForTasks,
    spent,
    left: Math.max(0, row.monthForTasks - spent),
    renews_on: renewing ? renewsOn(now) : null,
    paused_short: row.pausedShort,
  };
}

/** A campaign row as the contract's Campaign (lib/schemas/campaigns.ts); its expected end counted from today. */
export function toCampaignOutput(row: PresentedCampaign): CampaignOutput {
  const progress = progressOf(invoiceLines(row.invoice), row.delivered);
  const left = progress.units.bought - progress.units.delivered;
  const running = row.status !== "completed" && row.status !== "paid" && row.status !== "rejected";
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
    delivered: row.delivered,
    posts_worked: row.postsWorked,
    invoice: toQuoteOutput(row.invoice as QuoteLike),
    pace: row.pace
      ? {
          per_day: row.pace.perDay,
          per_hour: row.pace.perHour,
          hours_from: row.pace.hours?.from ?? null,
          hours_to: row.pace.hours?.to ?? null,
          starts_on: row.pace.startsOn,
        }
      : null,
    guarantee_ends_at: guaranteeEnd(row),
    monthly: monthlyOf(row, new Date()),
    minimum_monthly_cost: row.strategy === "smart" ? minimumMonthlyCost(invoiceLines(row.invoice)) : null,
    expected_end: running && left > 0 ? pacedEnd(row.pace, left, tehranDay(new Date())) : null,
    rejection_reason: row.rejectionReason,
    created_at: row.createdAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** A price row as GET pricing and PUT admin/pricing answer it. */
export function toPriceOutput(price: {
  network: Network;
  action: string;
  price: number;
  boosterShare: number;
  refillDays?: number;
}): Price {
  return {
    network: price.network,
    action: price.action,
    price: price.price,
    booster_share: price.boosterShare,
    refill_days: price.refillDays ?? 0,
  };
}
