/**
 * The quote for a new campaign: what it buys, line by line, and what it costs. Shared by the create form (live preview)
 * and the API (the amount actually charged), so both always agree. Pure and browser-safe.
 *
 * Every amount is an integer number of Rials and never negative; nothing throws. Each line counts one metric,
 * bought through one action at that action's `unitPrice` (from `prices`, else DEFAULT_PRICES; a missing or
 * non-positive price counts as 0); a line's `amount` is `max * unitPrice` — the most it can cost.
 *
 * Strategies:
 * - smart: `amount` (required, ≥ 1) is the TOTAL the producer pays — exactly that, never more or less (SPEC §2 names
 *   the field "wallet charge amount"). The service fee is inside it: fee = floor(amount × rate / (1 + rate)) (10 % of
 *   the budget for tasks, rounded down, so rounding never adds to the fee), and the rest, subtotal = amount − fee, is
 *   the budget for tasks: all of it goes to the campaign's escrow for boosters' work, and whatever the work has not
 *   used when the campaign ends goes back to the producer's wallet. The budget for tasks is split across the
 *   network's engagement metrics by SMART_WEIGHTS (youtube: likes 30%, comments 15%, views_per_post 35%, watch_minutes 20%; instagram:
 *   likes 30%, comments 15%, story_views 15%, story_replies 5%, shares 10%, shares_to_story 5%, views 20%):
 *   max = floor(weight × amount / unitPrice) (0 when the price is 0), min = floor(max × 0.8).
 *   `followerCount` caps engagement per post: likes ≤ followerCount, comments ≤ ceil(followerCount / 10). The lines
 *   (counts rounded down) therefore plan at most the budget for tasks; what they leave stays in it, never in the fee.
 * - trial: free — the TRIAL_TARGETS lines at unitPrice 0, min = max; subtotal, fee and total are 0.
 * - monetize (youtube only, else `strategy_network_mismatch`): `hours` (1..4000, else `missing_hours`) of watch time
 *   and MONETIZE_SUBSCRIBERS subscribers: subscribers at the subscribe price, watch_minutes = round(hours × 60) at the
 *   watch_minute price; min = max.
 * - watch_time: `hours` (1..4000, else `missing_hours`) and `percentage` (1..100, else `missing_percentage`):
 *   watch_minutes = round(hours × 60) at the watch_minute price (youtube only: Instagram sells no watch minutes),
 *   and views_per_post (youtube) / views (instagram) = ceil(watch_minutes / max(1, percentage / 100 × 10)) — an
 *   average 10-minute video watched to `percentage` — at the view price; min = max.
 * - units (an engagement panel's order, issue 36): `quantity` (1..UNITS_MAX, else `missing_quantity`) of one `action`
 *   of the network (else `missing_action`): one line of that action's metric at its price; min = max.
 *
 * Totals (the other strategies, priced by what they buy): subtotal (the budget for tasks) = sum of line amounts;
 * fee = floor(subtotal × PLATFORM_FEE_RATE); total = subtotal + fee. Every strategy: total = subtotal + fee;
 * walletCovers = min(walletBalance, total) (a negative balance covers nothing); remaining = total − walletCovers.
 */
import {
  findPrice,
  isNetwork,
  MONETIZE_SUBSCRIBERS,
  METRIC_ACTIONS,
  metricsByNetwork,
  PLATFORM_FEE_RATE,
  TRIAL_TARGETS,
  type Metric,
  type Network,
  type PriceEntry,
  type Strategy,
} from "@/lib/campaigns/pricing";

export type QuoteInput = {
  network: Network;
  strategy: Strategy;
  /** Budget in Rials (smart). */
  amount?: number;
  followerCount: number;
  /** Watch hours (monetize, watch_time), 1..4000. */
  hours?: number;
  /** How much of a video a view watches (watch_time), 1..100. */
  percentage?: number;
  /** units: the action bought (like, comment, view, subscribe …) and how many. */
  action?: string;
  quantity?: number;
};

export type QuoteLine = { metric: Metric; action: string; unitPrice: number; min: number; max: number; amount: number };
export type Quote = { lines: QuoteLine[]; subtotal: number; fee: number; total: number; walletCovers: number; remaining: number };
export type QuoteError = {
  error: "strategy_network_mismatch" | "missing_amount" | "missing_hours" | "missing_percentage" | "missing_action" | "missing_quantity";
};

/** How a smart budget is split, in percent (each network's weights add up to 100). */
export const SMART_WEIGHTS: { readonly youtube: Readonly<Record<string, number>>; readonly instagram: Readonly<Record<string, number>> } = {
  youtube: { likes: 30, comments: 15, views_per_post: 35, watch_minutes: 20 },
  instagram: { likes: 30, comments: 15, story_views: 15, story_replies: 5, shares: 10, shares_to_story: 5, views: 20 },
};

export const MIN_HOURS = 1;
/** The most units one `units` campaign buys. */
export const UNITS_MAX = 1_000_000;
export const MAX_HOURS = 4000;
/** Share of a smart line's maximum that is its minimum. */
const SMART_MIN_RATIO = 0.8;
/** Average video length, in minutes, behind the watch_time strategy's view count. */
const AVERAGE_VIDEO_MINUTES = 10;

export const isQuoteError = (value: Quote | QuoteError): value is QuoteError => "error" in value;

const nonNegativeInt = (value: unknown): number =>
  typeof value === "number" && Number.isFinite(value) && value > 0 ? Math.floor(value) : 0;
const inRange = (value: number | undefined, min: number, max: number): value is number =>
  typeof value === "number" && Number.isFinite(value) && value >= min && value <= max;

function actionOf(network: Network, metric: Metric): string {
  return (METRIC_ACTIONS[network] as Readonly<Record<string, string>>)[metric] ?? metric;
}

function unitPriceOf(prices: readonly PriceEntry[], network: Network, action: string): number {
  const price = findPrice(prices, network, action)?.price;
  return typeof price === "number" && Number.isFinite(price) && price > 0 ? Math.round(price) : 0;
}

function line(prices: readonly PriceEntry[], network: Network, metric: Metric, max: number, min = max, free = false): QuoteLine {
  const action = actionOf(network, metric);
  const unitPrice = free ? 0 : unitPriceOf(prices, network, action);
  return { metric, action, unitPrice, min, max, amount: max * unitPrice };
}

function smartLines(prices: readonly PriceEntry[], network: Network, budget: number, followerCount: number): QuoteLine[] {
  const weights = SMART_WEIGHTS[network];
  const followers = nonNegativeInt(followerCount);
  const caps: Partial<Record<string, number>> = { likes: followers, comments: Math.ceil(followers / 10) };
  return (metricsByNetwork[network] as readonly Metric[]).flatMap((metric) => {
    const weight = weights[metric];
    if (weight === undefined) return [];
    const unitPrice = unitPriceOf(prices, network, actionOf(network, metric));
    // floor(budget × weight% / unitPrice), in exact integer arithmetic.
    let max = unitPrice > 0 ? Number((BigInt(budget) * BigInt(weight)) / (100n * BigInt(unitPrice))) : 0;
    const cap = caps[metric];
    if (cap !== undefined) max = Math.min(max, cap);
    return [line(prices, network, metric, max, Math.floor(max * SMART_MIN_RATIO))];
  });
}

/** The metric a network counts for an action (units), or null when the network has no such action. */
export function metricOfAction(network: Network, action: string): Metric | null {
  const found = Object.entries(METRIC_ACTIONS[network] as Readonly<Record<string, string>>).find(([, value]) => value === action);
  return found ? (found[0] as Metric) : null;
}

function trialLines(prices: readonly PriceEntry[], network: Network): QuoteLine[] {
  const targets = TRIAL_TARGETS[network] as Partial<Record<string, number>>;
  return (metricsByNetwork[network] as readonly Metric[]).flatMap((metric) => {
    const count = targets[metric];
    return count === undefined ? [] : [line(prices, network, metric, count, count, true)];
  });
}

/** The fee rate in basis points: integer arithmetic before the one rounding (always down). */
const FEE_BPS = BigInt(Math.round(PLATFORM_FEE_RATE * 10_000));

/** The fee on a budget for tasks: `rate` of it, rounded down. */
export function feeOnBudget(budgetForTasks: number): number {
  return Number((BigInt(budgetForTasks) * FEE_BPS) / 10_000n);
}

/** The fee inside a total: floor(total × rate / (1 + rate)); the rest of the total is the budget for tasks. */
export function feeInsideTotal(total: number): number {
  return Number((BigInt(total) * FEE_BPS) / (10_000n + FEE_BPS));
}

/** A quote priced by what it buys: the lines are the budget for tasks, the fee goes on top. */
function totals(lines: QuoteLine[], walletBalance: number): Quote {
  const subtotal = lines.reduce((sum, l) => sum + l.amount, 0);
  return withTotal(lines, subtotal, feeOnBudget(subtotal), walletBalance);
}

function withTotal(lines: QuoteLine[], subtotal: number, fee: number, walletBalance: number): Quote {
  const total = subtotal + fee;
  const walletCovers = Math.min(nonNegativeInt(walletBalance), total);
  return { lines, subtotal, fee, total, walletCovers, remaining: total - walletCovers };
}

/** Prices a campaign; see the rules at the top of this file. */
export function quoteCampaign(input: QuoteInput, prices: readonly PriceEntry[], walletBalance: number): Quote | QuoteError {
  const { network, strategy } = input;
  // Only reachable from unchecked input: the types allow nothing else.
  if (!isNetwork(network)) return { error: "strategy_network_mismatch" };
  switch (strategy) {
    case "smart": {
      if (!inRange(input.amount, 1, Number.MAX_SAFE_INTEGER)) return { error: "missing_amount" };
      const total = Math.floor(input.amount);
      const fee = feeInsideTotal(total);
      const budgetForTasks = total - fee;
      return withTotal(smartLines(prices, network, budgetForTasks, input.followerCount), budgetForTasks, fee, walletBalance);
    }
    case "trial":
      return totals(trialLines(prices, network), walletBalance);
    case "monetize": {
      if (network !== "youtube") return { error: "strategy_network_mismatch" };
      if (!inRange(input.hours, MIN_HOURS, MAX_HOURS)) return { error: "missing_hours" };
      const minutes = Math.round(input.hours * 60);
      return totals(
        [line(prices, network, "subscribers", MONETIZE_SUBSCRIBERS), line(prices, network, "watch_minutes", minutes)],
        walletBalance,
      );
    }
    case "watch_time": {
      if (!inRange(input.hours, MIN_HOURS, MAX_HOURS)) return { error: "missing_hours" };
      if (!inRange(input.percentage, 1, 100)) return { error: "missing_percentage" };
      const minutes = Math.round(input.hours * 60);
      // minutes / max(1, p/100 × 10) written as minutes × 100 / max(100, p × 10): integer inputs give one exact division.
      const views = Math.ceil((minutes * 100) / Math.max(100, input.percentage * AVERAGE_VIDEO_MINUTES));
      const lines =
        network === "youtube"
          ? [line(prices, network, "watch_minutes", minutes), line(prices, network, "views_per_post", views)]
          : [line(prices, network, "views", views)];
      return totals(lines, walletBalance);
    }
    case "units": {
      const metric = input.action === undefined ? null : metricOfAction(network, input.action);
      if (!metric) return { error: "missing_action" };
      if (!inRange(input.quantity, 1, UNITS_MAX)) return { error: "missing_quantity" };
      return totals([line(prices, network, metric, Math.floor(input.quantity))], walletBalance);
    }
    default:
      void (strategy satisfies never);
      return { error: "strategy_network_mismatch" };
  }
}
