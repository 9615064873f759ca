import { count, eq } from "drizzle-orm";
import type { Db } from "@/server/db";
import { campaigns, type Campaign } from "@/server/db/schema";

/** Campaigns awaiting review, oldest first: one page and the total (GET admin/campaigns). */
export async function campaignsAwaitingReview(
  db: Db,
  { page, perPage }: { page: number; perPage: number },
): Promise<{ rows: Campaign[]; total: number }> {
  const waiting = eq(campaigns.status, "awaiting_review");
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(campaigns)
      .where(waiting)
      .orderBy(campaigns.createdAt)
      .limit(perPage)
      .offset((page - 1) * perPage),
    db.select({ n: count() }).from(campaigns).where(waiting),
  ]);
  return { rows, total: total?.n ?? 0 };
}
