import { AppError } from "@/server/core/errors";
import type { JobDefinition } from "@/server/core/jobs";
import { expireActivities } from "@/server/activities";
import { completeEndedCampaigns } from "@/server/campaigns";

/** How many times one run goes through the ended campaigns again after meeting one already handled. */
const PASSES = 5;

/**
 * Every 5 minutes: tasks started but not submitted within their hour are released, then campaigns
 * past their end date complete and return their escrow. Both are idempotent per item: a task
 * submitted meanwhile is skipped (expireActivities), and a campaign completed meanwhile (by its
 * last approved task, or an admin) fails its transition — it is then no longer selected, so the
 * run goes through the rest again.
 */
export const completeCampaignsJob: JobDefinition = {
  name: "complete-campaigns",
  cron: "*/5 * * * *",
  async run({ db, now }) {
    const expired = await expireActivities({ db, now: now() });
    let completed = 0;
    for (let pass = 1; ; pass++) {
      try {
        completed += await completeEndedCampaigns({ db, now: now() });
        return { expired, completed };
      } catch (error) {
        const handledMeanwhile = error instanceof AppError && error.code === "campaign_transition_invalid";
        if (!handledMeanwhile || pass >= PASSES) throw error;
      }
    }
  },
};
