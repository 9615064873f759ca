import { eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { paged } from "@/server/db/paged";
import { campaigns, type Campaign } from "@/server/db/schema";

/** Campaigns awaiting review, oldest first: one page and the total (GET admin/campaigns). */
export async function campaignsAwaitingReview(
  db: Db,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ rows: Campaign[]; total: number }> {
  const waiting = eq(campaigns.status, "awaiting_review");
  return paged(db, { from: campaigns, where: waiting, page, perPage }, (where) =>
    db.select().from(campaigns).where(where).orderBy(campaigns.createdAt),
  );
}
