import type { JobDefinition } from "@/server/core/jobs";
import { approveOverdue } from "@/server/activities/deadline";
import { releaseDueRewards } from "@/server/activities/retention";
import type { YoutubeAccounts } from "@/server/adapters/youtube-account";
import { youtubeRecheck } from "@/server/youtube/check";

/** Every 10 minutes: submissions past REVIEW_SLA_HOURS are approved (a decided one is skipped). */
export const reviewDeadlineJob: JobDefinition = {
  name: "review-deadline",
  cron: "*/10 * * * *",
  async run({ db }) {
    return { approved: await approveOverdue({ db }, { now: new Date() }) };
  },
};

/**
 * Every 15 minutes: rewards past their retention are released to earnings, or clawed back when a
 * re-check finds the work undone (only API-checked work is re-checked). Each item is decided once.
 */
export function releaseRewardsJob(youtube: YoutubeAccounts | null): JobDefinition {
  return {
    name: "release-rewards",
    cron: "*/15 * * * *",
    async run({ db }) {
      return releaseDueRewards({ db }, { now: new Date(), ...(youtube ? { recheck: youtubeRecheck({ db }, youtube) } : {}) });
    },
  };
}
