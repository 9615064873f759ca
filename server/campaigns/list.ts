import { desc, getTableColumns, sql } from "drizzle-orm";
import type { Paged } from "@/server/db/paged";
import type { CampaignStatus } from "@/lib/campaigns/state-machine";
import { campaignCounts, campaigns } from "@/server/db/schema";
import { PRESENTED_CAMPAIGN_FIELDS, type PresentedCampaign } from "@/server/campaigns/present";
import { callerLimit, callerList, callerOffset, callerOwns, callerPageQuery, type AccessClaims } from "@/server/auth";
import type { DbCtx } from "@/server/core/context";

const columns = getTableColumns(campaigns);
/** The columns a listed campaign is presented from (server/campaigns/present.ts): a third fewer to send and map than the row's. */
export const presentedColumns = Object.fromEntries(PRESENTED_CAMPAIGN_FIELDS.map((field) => [field, columns[field]])) as Pick<
  typeof columns,
  (typeof PRESENTED_CAMPAIGN_FIELDS)[number]
>;

/**
 * The campaign list for the callers of one turn, one statement (`byStatus`: of the status k.status):
 * the list's total from the trigger-kept counts and the page by the owner indexes (callerPageQuery).
 */
const listCampaignsOf = callerList((db, byStatus) => {
  const page = db
    .select(presentedColumns)
    .from(campaigns)
    .where(callerOwns(campaigns.ownerId, byStatus ? campaigns.status : undefined))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(callerLimit)
    .offset(callerOffset)
    .as("campaigns");
  const total = db
    .select({ n: sql<number>`coalesce(sum(${campaignCounts.n}), 0)`.mapWith(Number).as("n") })
    .from(campaignCounts)
    .where(callerOwns(campaignCounts.ownerId, byStatus ? campaignCounts.status : undefined))
    .as("total");
  return callerPageQuery(db, byStatus, {
    total,
    page,
    row: presentedColumns,
    order: [desc(campaigns.createdAt), desc(campaigns.id)],
  }).prepare(byStatus ? "campaigns_list_status" : "campaigns_list_all");
});

/**
 * A producer's campaigns, newest first (index campaigns_owner_status_created_idx /
 * campaigns_owner_created_idx), with the list's total; null when the caller's session is not open.
 * The callers of one turn share one statement.
 */
export function listCampaigns(
  ctx: DbCtx,
  input: { caller: AccessClaims; filter: { status?: CampaignStatus | undefined; page: number; perPage: number } },
): Promise<Paged<PresentedCampaign> | null> {
  return listCampaignsOf(ctx, input.caller, input.filter);
}
