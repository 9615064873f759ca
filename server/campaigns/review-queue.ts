import { eq } from "drizzle-orm";
import { paged } from "@/server/db/paged";
import { campaigns, type Campaign } from "@/server/db/schema";
import { executor, type DbCtx } from "@/server/core/context";

/** Campaigns awaiting review, oldest first: one page and the total (GET admin/campaigns). */
export async function campaignsAwaitingReview(
  ctx: DbCtx,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ rows: Campaign[]; total: number }> {
  const db = executor(ctx);
  const waiting = eq(campaigns.status, "awaiting_review");
  return paged(db, { from: campaigns, where: waiting, page, perPage }, (where) =>
    db.select().from(campaigns).where(where).orderBy(campaigns.createdAt),
  );
}
