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

// The list's statements, prepared (server/db/prepared.ts).
const listAll = preparedOnce((db) =>
  db
    .select()
    .from(campaigns)
    .where(eq(campaigns.ownerId, owner))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(limit)
    .offset(offset)
    .prepare("campaigns_list_all"),
);
const listByStatus = preparedOnce((db) =>
  db
    .select()
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
  const [rows, counts] = await Promise.all([
    filter.status ? listByStatus(db).execute({ ...window, status: filter.status }) : listAll(db).execute(window),
    countsOf(db).execute({ ownerId }),
  ]);
  const total = counts.filter((row) => !filter.status || row.status === filter.status).reduce((n, row) => n + row.n, 0);
  return { rows, total };
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

/** GET dashboard: the producer's counts, the marketplace queue and the active list. */
export async function dashboardFor(db: Db, ownerId: string) {
  const byStatus = await countsOf(db).execute({ ownerId });
  const countOf = (status: CampaignStatus) => byStatus.find((row) => row.status === status)?.n ?? 0;
  const [[queue], active] = await Promise.all([
    marketplaceQueue(db).execute(),
    listByStatus(db).execute({ ownerId, status: "active", limit: 10, offset: 0 }),
  ]);
  return {
    campaigns: {
      completed: countOf("completed") + countOf("paid"),
      awaiting_review: countOf("awaiting_review"),
      active: countOf("active"),
    },
    queue: { open_campaigns: queue?.n ?? 0 },
    active_campaigns: { count: countOf("active"), items: active },
  };
}
