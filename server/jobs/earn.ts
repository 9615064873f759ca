import type { JobDefinition } from "@/server/core/jobs";
import { approveOverdue } from "@/server/activities";
import { releaseDueRewards, type Recheck } from "@/server/activities";
import type { DbCtx } from "@/server/core/context";
import type { YoutubeAccounts } from "@/server/adapters/youtube-account";
import { youtubeRecheck } from "@/server/youtube";

/** Every 10 minutes: submissions past REVIEW_SLA_HOURS are approved (a decided one is skipped). */
export const reviewDeadlineJob: JobDefinition = {
  name: "review-deadline",
  cron: "*/10 * * * *",
  async run({ db, now }) {
    return { approved: await approveOverdue({ db }, { now: now() }) };
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
    async run({ db, now }) {
      return drainDueRewards({ db }, { now, ...(youtube ? { recheck: youtubeRecheck({ db }, youtube) } : {}) });
    },
  };
}

/** How long one run of the release job may keep going through a backlog (the next run goes on). */
const RELEASE_RUN_MS = 10 * 60_000;

/**
 * Releases in batches of 1,000 until none are due, a batch decides nothing (only unknowns left) or
 * the run's time is up: a backlog of 100,000 is not 100 runs a quarter of an hour apart.
 */
export async function drainDueRewards(ctx: DbCtx, options: { recheck?: Recheck; budgetMs?: number; now?: () => Date } = {}) {
  const stop = Date.now() + (options.budgetMs ?? RELEASE_RUN_MS);
  const total = { released: 0, dropped: 0 };
  while (Date.now() < stop) {
    const batch = await releaseDueRewards(ctx, {
      now: options.now?.() ?? new Date(),
      limit: 1000,
      ...(options.recheck ? { recheck: options.recheck } : {}),
    });
    total.released += batch.released;
    total.dropped += batch.dropped;
    if (batch.released + batch.dropped === 0) break;
  }
  return total;
}
