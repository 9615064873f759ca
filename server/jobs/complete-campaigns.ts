import type { Database } from "@/server/db";
import { expireActivities } from "@/server/activities/review";
import { completeEndedCampaigns } from "@/server/campaigns/transitions";

export const COMPLETE_EVERY_MS = 5 * 60 * 1000;

/**
 * Every 5 minutes: tasks started but not submitted within their hour are released, then campaigns
 * past their end date complete and return their escrow (idempotent, so any instance may run it).
 */
export function startCampaignCompletionJob(database: () => Promise<Pick<Database, "db">>): () => void {
  const run = async () => {
    try {
      const { db } = await database();
      const expired = await expireActivities(db);
      if (expired > 0) console.info(`[campaigns] released ${expired} expired tasks`);
      const completed = await completeEndedCampaigns(db);
      if (completed > 0) console.info(`[campaigns] completed ${completed} ended campaigns`);
    } catch (error) {
      console.error("[campaigns] completion failed", error instanceof Error ? error.message : error);
    }
  };
  const timer = setInterval(() => void run(), COMPLETE_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
