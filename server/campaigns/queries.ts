import { and, asc, desc, eq, sql } from "drizzle-orm";
import { preparedOnce } from "@/server/db/prepared";
import { batchedPerDatabase } from "@/server/db/batched";
import { cachedPerDatabase } from "@/server/db/cached-read";
import type { CampaignStatus } from "@/lib/campaigns/state-machine";
import { campaignCounts, campaigns, type Campaign, type User } from "@/server/db/schema";
import { callersParam, openCallers } from "@/server/auth";
import type { AccessClaims } from "@/server/auth";
import { userBalancesOf } from "@/server/ledger";
import { presentedColumns } from "@/server/campaigns/list";
import { AppError } from "@/server/core/errors";
import { executor, type DbCtx } from "@/server/core/context";

/** A campaign its owner or an admin may see; 404 for anyone else (its existence is not theirs to know). */
export async function visibleCampaign(ctx: DbCtx, input: { viewer: User; id: string }): Promise<Campaign> {
  const db = executor(ctx);
  const { viewer, id } = input;
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!campaign || (campaign.ownerId !== viewer.id && viewer.role !== "admin")) throw new AppError("campaign_not_found");
  return campaign;
}

const marketplaceQueue = preparedOnce((db) =>
  db
    .select({ n: sql<number>`coalesce(sum(${campaignCounts.n}), 0)`.mapWith(Number) })
    .from(campaignCounts)
    .where(eq(campaignCounts.status, "active"))
    .prepare("campaigns_marketplace_queue"),
);

/** Active campaigns across the marketplace, every owner's: it reads a counts row per producer. */
export async function countMarketplaceQueue(ctx: DbCtx): Promise<number> {
  const db = executor(ctx);
  const [row] = await marketplaceQueue(db).execute();
  return row?.n ?? 0;
}

/** How long one count of the marketplace queue serves this instance's dashboards (a figure to show, not money). */
export const QUEUE_TTL_MS = 10_000;
const cachedMarketplaceQueue = cachedPerDatabase((db) => countMarketplaceQueue({ db }), QUEUE_TTL_MS);

// The dashboard's own figures for the callers of one turn, one statement: per caller with an open
// session (server/auth openCallers) their counts by status and balances (lateral, once per caller), and
// their ten newest active campaigns (lateral), so the whole dashboard but the queue is one round trip.
const dashboardRows = preparedOnce((db) => {
  const active = db
    .select(presentedColumns)
    .from(campaigns)
    .where(and(sql`${campaigns.ownerId} = k.user_id`, eq(campaigns.status, "active")))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(10)
    .as("campaigns");
  // k.user_id: the caller, whose session `open` found open.
  const balances = userBalancesOf(sql`k.user_id`);
  const summary = db
    .select({
      counts: sql<Record<
        string,
        number
      > | null>`(select json_object_agg(c.status, c.n) from ${campaignCounts} c where c.owner_id = k.user_id)`.as("counts"),
      wallet: balances.wallet.as("wallet"),
      earnings: balances.earnings.as("earnings"),
      held: balances.held.as("held"),
    })
    .from(sql`(select 1) as one`)
    .as("summary");
  const callers = openCallers(db);
  return db
    .select({
      at: sql<number>`k.at`.mapWith(Number),
      counts: summary.counts,
      wallet: summary.wallet,
      earnings: summary.earnings,
      held: summary.held,
      campaign: presentedColumns,
    })
    .from(callers.from)
    .innerJoinLateral(callers.open, sql`true`)
    .innerJoinLateral(summary, sql`true`)
    .leftJoinLateral(active, sql`true`)
    .orderBy(asc(sql`k.at`), desc(campaigns.createdAt), desc(campaigns.id))
    .prepare("campaigns_dashboard");
});
type DashboardRow = Awaited<ReturnType<ReturnType<typeof dashboardRows>["execute"]>>[number];

const dashboardBatch = batchedPerDatabase<AccessClaims, DashboardRow[]>(
  async (db, callers) => {
    const rows = await dashboardRows(db).execute({ callers: callersParam(callers) });
    const byCaller = new Map<number, DashboardRow[]>();
    for (const row of rows) byCaller.set(row.at, [...(byCaller.get(row.at) ?? []), row]);
    return callers.map((_, i) => byCaller.get(i + 1) ?? null);
  },
  { max: 64 },
);

/**
 * GET dashboard: the caller's counts, their balances and the active list (one statement), and the
 * marketplace queue (counted at most once per QUEUE_TTL_MS); null when the caller's session is not
 * open.
 */
export async function dashboardFor(ctx: DbCtx, caller: AccessClaims) {
  const db = executor(ctx);
  const [rows, queue] = await Promise.all([dashboardBatch(db, caller), cachedMarketplaceQueue(db)]);
  const summary = rows?.[0];
  if (!rows || !summary) return null;
  const countOf = (status: CampaignStatus) => Number(summary.counts?.[status] ?? 0);
  return {
    campaigns: {
      completed: countOf("completed") + countOf("paid"),
      awaiting_review: countOf("awaiting_review"),
      active: countOf("active"),
    },
    queue: { open_campaigns: queue },
    wallet: { wallet_balance: summary.wallet, earnings_balance: summary.earnings, held_balance: summary.held },
    active_campaigns: { count: countOf("active"), items: rows.flatMap((row) => (row.campaign ? [row.campaign] : [])) },
  };
}
