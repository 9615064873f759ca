import { and, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { preparedOnce } from "@/server/db/prepared";
import { cachedPerDatabase } from "@/server/db/cached-read";
import type { CampaignStatus } from "@/lib/campaigns/state-machine";
import { campaignCounts, campaigns, sessions, type Campaign, type User } from "@/server/db/schema";
import { isOpenSession, openSessionUser, sessionIsOpen } from "@/server/auth";
import type { AccessClaims } from "@/server/auth";
import { userBalanceCodes, userBalanceColumns } from "@/server/ledger";
import { AppError } from "@/server/core/errors";
import { executor, type DbCtx } from "@/server/core/context";

const owner = sql.placeholder("userId");
const status = sql.placeholder("status");
const limit = sql.placeholder("limit");
const offset = sql.placeholder("offset");

// The list's statements, prepared (server/db/prepared.ts). Each checks the caller's session itself
// (openSessionUser: no rows unless it is open) and carries the page's total (a scalar subquery over
// the trigger-kept counts, run once per statement), so a page is one round trip.
const totalAll = sql<number>`(select coalesce(sum(k.n), 0) from ${campaignCounts} k where k.owner_id = ${owner})`.mapWith(Number);
const totalByStatus =
  sql<number>`(select coalesce(sum(k.n), 0) from ${campaignCounts} k where k.owner_id = ${owner} and k.status = ${status})`.mapWith(Number);
const listAll = preparedOnce((db) =>
  db
    .select({ campaign: campaigns, total: totalAll })
    .from(campaigns)
    .where(eq(campaigns.ownerId, openSessionUser))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit)
    .offset(offset)
    .prepare("campaigns_list_all"),
);
const listByStatus = preparedOnce((db) =>
  db
    .select({ campaign: campaigns, total: totalByStatus })
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, openSessionUser), eq(campaigns.status, status)))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit)
    .offset(offset)
    .prepare("campaigns_list_status"),
);
// The trigger-kept counts: at most seven rows instead of counting every campaign.
const countsOf = preparedOnce((db) =>
  db
    .select({ status: campaignCounts.status, n: campaignCounts.n })
    .from(campaignCounts)
    .where(eq(campaignCounts.ownerId, owner))
    .prepare("campaigns_counts_owner"),
);

/**
 * A producer's campaigns, newest first (index campaigns_owner_status_created_idx /
 * campaigns_owner_created_idx); null when the caller's session is not open.
 */
export async function listCampaigns(
  ctx: DbCtx,
  input: { caller: AccessClaims; filter: { status?: CampaignStatus | undefined; page: number; perPage: number } },
) {
  const db = executor(ctx);
  const { caller, filter } = input;
  const window = { ...caller, limit: filter.perPage, offset: (filter.page - 1) * filter.perPage };
  const page = filter.status ? await listByStatus(db).execute({ ...window, status: filter.status }) : await listAll(db).execute(window);
  if (page.length > 0) return { rows: page.map((row) => row.campaign), total: page[0]!.total };
  // No rows: a closed session, or past the last page (or nothing at all) and the total alone.
  const [open, counts] = await Promise.all([sessionIsOpen(ctx, caller), countsOf(db).execute({ userId: caller.userId })]);
  if (!open) return null;
  const total = counts.filter((row) => !filter.status || row.status === filter.status).reduce((n, row) => n + row.n, 0);
  return { rows: [], total };
}

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

// The dashboard's own figures from the caller's open session (no row when it is not open): their
// counts by status and balances on every row, and their ten newest active campaigns (lateral), so
// the whole dashboard but the queue is one statement.
const dashboardRows = preparedOnce((db) => {
  const active = db
    .select()
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, sessions.userId), eq(campaigns.status, "active")))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(10)
    .as("active");
  // The subquery's columns under the campaign's field names, so rows map to Campaign as elsewhere.
  const columns = getTableColumns(campaigns);
  const campaign = Object.fromEntries(
    Object.keys(columns).map((name) => [name, active[name as keyof typeof columns]]),
  ) as unknown as typeof columns;
  return db
    .select({
      counts: sql<Record<
        string,
        number
      > | null>`(select json_object_agg(k.status, k.n) from ${campaignCounts} k where k.owner_id = ${sessions.userId})`,
      ...userBalanceColumns,
      campaign,
    })
    .from(sessions)
    .leftJoinLateral(active, sql`true`)
    .where(isOpenSession)
    .prepare("campaigns_dashboard");
});

/**
 * GET dashboard: the caller's counts, their balances and the active list (one statement), and the
 * marketplace queue (counted at most once per QUEUE_TTL_MS); null when the caller's session is not
 * open.
 */
export async function dashboardFor(ctx: DbCtx, caller: AccessClaims) {
  const db = executor(ctx);
  const [rows, queue] = await Promise.all([
    dashboardRows(db).execute({ ...caller, ...userBalanceCodes(caller.userId) }),
    cachedMarketplaceQueue(db),
  ]);
  const summary = rows[0];
  if (!summary) return null;
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
