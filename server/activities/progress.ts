import { and, eq, inArray, sql } from "drizzle-orm";
import { progressOf } from "@/lib/campaigns/progress";
import { type TxCtx } from "@/server/core/context";
import { activities, campaigns } from "@/server/db/schema";
import { linesOf } from "@/server/activities/tasks";

/**
 * A campaign's delivered units per metric, its posts worked and its progress (lib/campaigns/progress.ts),
 * recomputed from its activities inside the transaction of the change.
 */
export async function refreshCampaign({ tx }: TxCtx, { campaignId }: { campaignId: string }) {
  const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, campaignId)).for("update");
  if (!campaign) return;
  const done = and(eq(activities.campaignId, campaignId), inArray(activities.status, ["approved", "completed"]));
  const [approved, [posts]] = await Promise.all([
    tx
      .select({ metric: activities.metric, units: sql<number>`sum(${activities.quantity})`.mapWith(Number) })
      .from(activities)
      .where(done)
      .groupBy(activities.metric),
    tx
      .select({ n: sql<number>`count(distinct ${activities.postLink})`.mapWith(Number) })
      .from(activities)
      .where(done),
  ]);
  const delivered = Object.fromEntries(approved.map((row) => [row.metric, row.units]));
  const { percent } = progressOf(linesOf(campaign), delivered);
  await tx
    .update(campaigns)
    .set({ progress: percent, delivered, postsWorked: posts?.n ?? 0, updatedAt: new Date() })
    .where(eq(campaigns.id, campaignId));
}
