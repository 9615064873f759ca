import { and, count, desc, eq, inArray } from "drizzle-orm";
import type { CampaignStatus } from "@/lib/campaigns/state-machine";
import type { Db } from "@/server/db";
import { campaigns, type Campaign, type User } from "@/server/db/schema";
import { AppError } from "@/server/http/errors";

/** A producer's campaigns, newest first (index campaigns_owner_status_created_idx / campaigns_owner_created_idx). */
export async function listCampaigns(
  db: Db,
  ownerId: string,
  filter: { status?: CampaignStatus | undefined; page: number; perPage: number },
) {
  const where = filter.status ? and(eq(campaigns.ownerId, ownerId), eq(campaigns.status, filter.status)) : eq(campaigns.ownerId, ownerId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(where)
      .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
      .limit(filter.perPage)
      .offset((filter.page - 1) * filter.perPage),
    db.select({ n: count() }).from(campaigns).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** A campaign its owner or an admin may see; 404 for anyone else (its existence is not theirs to know). */
export async function visibleCampaign(db: Db, viewer: User, id: string): Promise<Campaign> {
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!campaign || (campaign.ownerId !== viewer.id && viewer.role !== "admin")) throw new AppError("campaign_not_found");
  return campaign;
}

/** GET dashboard: the producer's counts, the marketplace queue and the active list. */
export async function dashboardFor(db: Db, ownerId: string) {
  const byStatus = await db
    .select({ status: campaigns.status, n: count() })
    .from(campaigns)
    .where(eq(campaigns.ownerId, ownerId))
    .groupBy(campaigns.status);
  const countOf = (status: CampaignStatus) => byStatus.find((row) => row.status === status)?.n ?? 0;
  const [[queue], active] = await Promise.all([
    db.select({ n: count() }).from(campaigns).where(eq(campaigns.status, "active")),
    db
      .select()
      .from(campaigns)
      .where(and(eq(campaigns.ownerId, ownerId), inArray(campaigns.status, ["active"])))
      .orderBy(desc(campaigns.createdAt))
      .limit(10),
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
