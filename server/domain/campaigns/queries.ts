import { and, desc, eq, sql, sum } from "drizzle-orm";
import { preparedOnce } from "@/server/db/prepared";
import type { CampaignStatus } from "@/lib/campaigns/state-machine";
import type { Db } from "@/server/db";
import { campaignCounts, campaigns, type Campaign, type User } from "@/server/db/schema";
import { AppError } from "@/server/http/errors";

const owner = sql.placeholder("ownerId");
const status = sql.placeholder("status");
const limit = sql.placeholder("limit");
const offset = sql.placeholder("offset");

// The list's statements, prepared (server/db/prepared.ts). Each page carries its total (a scalar
// subquery over the trigger-kept counts, run once per statement), so a page is one query.
const totalAll = sql<number>`(select coalesce(sum(k.n), 0) from ${campaignCounts} k where k.owner_id = ${owner})`.mapWith(Number);
const totalByStatus =
  sql<number>`(select coalesce(sum(k.n), 0) from ${campaignCounts} k where k.owner_id = ${owner} and k.status = ${status})`.mapWith(Number);
const listAll = preparedOnce((db) =>
  db
    .select({ campaign: campaigns, total: totalAll })
    .from(campaigns)
    .where(eq(campaigns.ownerId, owner))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit)
    .offset(offset)
    .prepare("campaigns_list_all"),
);
const listByStatus = preparedOnce((db) =>
  db
    .select({ campaign: campaigns, total: totalByStatus })
    .from(campaigns)
    .where(and(eq(campaigns.ownerId, owner), eq(campaigns.status, status)))
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

/** A producer's campaigns, newest first (index campaigns_owner_status_created_idx / campaigns_owner_created_idx). */
export async function listCampaigns(
  db: Db,
  ownerId: string,
  filter: { status?: CampaignStatus | undefined; page: number; perPage: number },
) {
  const window = { ownerId, limit: filter.perPage, offset: (filter.page - 1) * filter.perPage };
  const page = filter.status ? await listByStatus(db).execute({ ...window, status: filter.status }) : await listAll(db).execute(window);
  if (page.length > 0) return { rows: page.map((row) => row.campaign), total: page[0]!.total };
  // Past the last page (or nothing at all): the total alone.
  const counts = await countsOf(db).execute({ ownerId });
  const total = counts.filter((row) => !filter.status || row.status === filter.status).reduce((n, row) => n + row.n, 0);
  return { rows: [], total };
}

/** A campaign its owner or an admin may see; 404 for anyone else (its existence is not theirs to know). */
export async function visibleCampaign(db: Db, viewer: User, id: string): Promise<Campaign> {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!campaign || (campaign.ownerId !== viewer.id && viewer.role !== "admin")) throw new AppError("campaign_not_found");
  return campaign;
}

const marketplaceQueue = preparedOnce((db) =>
  db
    .select({ n: sum(campaignCounts.n).mapWith(Number) })
    .from(campaignCounts)
    .where(eq(campaignCounts.status, "active"))
    .prepare("campaigns_marketplace_queue"),
);

// The producer's counts, each row carrying the marketplace queue (an uncorrelated subquery, run once).
const countsWithQueue = preparedOnce((db) =>
  db
    .select({
      status: campaignCounts.status,
      n: campaignCounts.n,
      queue: sql<number>`(select coalesce(sum(q.n), 0) from ${campaignCounts} q where q.status = 'active')`.mapWith(Number),
    })
    .from(campaignCounts)
    .where(eq(campaignCounts.ownerId, owner))
    .prepare("campaigns_counts_owner_queue"),
);

/** GET dashboard: the producer's counts, the marketplace queue and the active list — two statements, at once. */
export async function dashboardFor(db: Db, ownerId: string) {
  const [byStatus, active] = await Promise.all([
    countsWithQueue(db).execute({ ownerId }),
    listByStatus(db).execute({ ownerId, status: "active", limit: 10, offset: 0 }),
  ]);
  // A producer with no campaign yet has no counts row to carry the queue.
  const queue = byStatus[0] ? { n: byStatus[0].queue } : (await marketplaceQueue(db).execute())[0];
  const countOf = (status: CampaignStatus) => byStatus.find((row) => row.status === status)?.n ?? 0;
  return {
    campaigns: {
      completed: countOf("completed") + countOf("paid"),
      awaiting_review: countOf("awaiting_review"),
      active: countOf("active"),
    },
    queue: { open_campaigns: queue?.n ?? 0 },
    active_campaigns: { count: countOf("active"), items: active.map((row) => row.campaign) },
  };
}
