import { and, eq, sql } from "drizzle-orm";
import { preparedOnce } from "@/server/db/prepared";
import { invoiceLines, progressOf } from "@/lib/campaigns/progress";
import type { PriceEntry } from "@/lib/campaigns/pricing";
import { UNITS_MAX } from "@/lib/campaigns/quote";
import { campaigns, type Campaign } from "@/server/db/schema";
import { executor, type DbCtx } from "@/server/core/context";
import { startCountOf } from "@/server/integrations/orders";

/**
 * The engagement panels' shape ("API v2") on top of our verbs, for reseller software that speaks it:
 * amounts are Rials (currency "IRR"), written as the panels write them (strings).
 */
export const PANEL_CURRENCY = "IRR" as const;

/** A campaign's state in the panels' words. */
export function panelStatus(campaign: Pick<Campaign, "status">, remains: number): string {
  switch (campaign.status) {
    case "awaiting_payment":
    case "awaiting_review":
      return "Pending";
    case "active":
      return "In progress";
    case "paused":
      return "Processing";
    case "rejected":
      return "Canceled";
    case "completed":
    case "paid":
      return remains > 0 ? "Partial" : "Completed";
  }
}

/** What an order's status reads of its campaign. */
export type OrderRow = Pick<Campaign, "id" | "status" | "budget" | "invoice" | "delivered" | "networkStart">;

/** One order's status as the panels answer it: what it cost, the units left, the state. */
export function panelOrderStatus(campaign: OrderRow) {
  const progress = progressOf(invoiceLines(campaign.invoice), campaign.delivered);
  const remains = Math.max(0, progress.units.bought - progress.units.delivered);
  return {
    charge: String(campaign.budget),
    start_count: String(startCountOf(campaign) ?? 0),
    status: panelStatus(campaign, remains),
    remains: String(remains),
    currency: PANEL_CURRENCY,
  };
}

/** The price list as the panels' services: one per network and action, the rate per 1,000 units. */
export function panelServices(prices: readonly PriceEntry[]) {
  return prices.map((price) => ({
    service: `${price.network}.${price.action}`,
    name: `${price.network} ${price.action}`,
    type: "Default",
    category: price.network,
    rate: String(price.price * 1000),
    min: "1",
    max: String(UNITS_MAX),
    // A refill request re-checks a finished YouTube order's work at once (the guarantee keeps it anyway).
    refill: price.network === "youtube" && (price.refillDays ?? 0) > 0,
    cancel: true,
    // `runs` and `interval` on add: the order's pace.
    dripfeed: true,
  }));
}

// Prepared once: a batch of 100 binds one array, and drizzle builds the statement once, not per request.
const ownByIds = preparedOnce((db) =>
  db
    .select({
      id: campaigns.id,
      status: campaigns.status,
      budget: campaigns.budget,
      invoice: campaigns.invoice,
      delivered: campaigns.delivered,
      networkStart: campaigns.networkStart,
    })
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, sql.placeholder("userId")), sql`${campaigns.id} = any(${sql.placeholder("ids")}::uuid[])`))
    .prepare("orders_status_own"),
);

/**
 * The caller's own campaigns among `ids` (anyone else's are simply not found), only the columns a status
 * reads: a batch of 100 parses six columns a row, not forty.
 */
export async function ownCampaigns(ctx: DbCtx, input: { userId: string; ids: readonly string[] }): Promise<OrderRow[]> {
  if (input.ids.length === 0) return [];
  return ownByIds(executor(ctx)).execute({ userId: input.userId, ids: [...input.ids] });
}

const DAY_MINUTES = 1_440;

/**
 * The panels' drip-feed (`runs` runs of `quantity`, `interval` minutes apart) as an order: quantity × runs
 * units, paced at the rate the runs make (units per hour under a day apart, per day from a day up). null
 * when the fields are not whole numbers ≥ 1 (interval at most 30 days, runs at most 1,000).
 */
export function dripFeed(input: { quantity: number; runs?: string | undefined; interval?: string | undefined }) {
  if (input.runs === undefined && input.interval === undefined) return { quantity: input.quantity, pace: {} };
  const runs = Number(input.runs);
  const interval = Number(input.interval);
  const whole = (n: number, max: number) => Number.isInteger(n) && n >= 1 && n <= max;
  if (!whole(runs, 1_000) || !whole(interval, 30 * DAY_MINUTES)) return null;
  const pace =
    interval < DAY_MINUTES
      ? { per_hour: Math.max(1, Math.round((input.quantity * 60) / interval)) }
      : { per_day: Math.max(1, Math.round((input.quantity * DAY_MINUTES) / interval)) };
  return { quantity: input.quantity * runs, pace };
}
