import { asc, desc, getTableColumns, sql } from "drizzle-orm";
import { preparedOnce } from "@/server/db/prepared";
import type { Db } from "@/server/db";
import type { Paged } from "@/server/db/paged";
import type { CampaignStatus } from "@/lib/campaigns/state-machine";
import { campaignCounts, campaigns } from "@/server/db/schema";
import { PRESENTED_CAMPAIGN_FIELDS, type PresentedCampaign } from "@/server/campaigns/present";
import {
  CALLER_PAGE_COLUMNS,
  CALLER_PAGE_STATUS_COLUMNS,
  callerLimit,
  callerOffset,
  callerOwns,
  callerPages,
  openCallers,
  type AccessClaims,
} from "@/server/auth";
import { executor, type DbCtx } from "@/server/core/context";

const columns = getTableColumns(campaigns);
/** The columns a listed campaign is presented from (server/campaigns/present.ts): a third fewer to send and map than the row's. */
export const presentedColumns = Object.fromEntries(PRESENTED_CAMPAIGN_FIELDS.map((field) => [field, columns[field]])) as Pick<
  typeof columns,
  (typeof PRESENTED_CAMPAIGN_FIELDS)[number]
>;

/**
 * The campaign list for the callers of one turn, one statement (`byStatus`: of the status k.status):
 * per caller with an open session (server/auth openCallers) the list's total from the trigger-kept counts
 * and the page (lateral, by the owner indexes), or one row without a campaign past the last page.
 */
function listStatement(db: Db, byStatus: boolean, name: string) {
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
  const callers = openCallers(db, byStatus ? CALLER_PAGE_STATUS_COLUMNS : CALLER_PAGE_COLUMNS);
  return (
    db
      .select({ at: sql<number>`k.at`.mapWith(Number), total: total.n, row: presentedColumns })
      .from(callers.from)
      .innerJoinLateral(callers.open, sql`true`)
      .innerJoinLateral(total, sql`true`)
      // Named as the table, so the outer select reads its columns as the table's (drizzle maps them fastest).
      .leftJoinLateral(page, sql`true`)
      .orderBy(asc(sql`k.at`), desc(campaigns.createdAt), desc(campaigns.id))
      .prepare(name)
  );
}
const allPages = callerPages(preparedOnce((db) => listStatement(db, false, "campaigns_list_all")));
const statusPages = callerPages(preparedOnce((db) => listStatement(db, true, "campaigns_list_status")));

/**
 * A producer's campaigns, newest first (index campaigns_owner_status_created_idx /
 * campaigns_owner_created_idx), with the list's total; null when the caller's session is not open.
 * The callers of one turn share one statement.
 */
export function listCampaigns(
  ctx: DbCtx,
  input: { caller: AccessClaims; filter: { status?: CampaignStatus | undefined; page: number; perPage: number } },
): Promise<Paged<PresentedCampaign> | null> {
  const { caller, filter } = input;
  const call = { caller, status: filter.status, limit: filter.perPage, offset: (filter.page - 1) * filter.perPage };
  return (filter.status ? statusPages : allPages)(executor(ctx), call);
}
