import { setTimeout as sleep } from "node:timers/promises";
import type { JobDefinition } from "@/server/core/jobs";
import { approveOverdue } from "@/server/activities";
import { nextReleaseAt, releaseDueRewards, type Recheck } from "@/server/activities";
import type { DbCtx } from "@/server/core/context";
import type { YoutubeAccounts } from "@/server/adapters/youtube-account";
import { youtubeRecheck } from "@/server/youtube";

/**
 * Every minute: submissions past REVIEW_SLA_HOURS are approved (a decided one is skipped). The pages promise
 * "never later than three days": run every 10 minutes, a submission waited up to 10 minutes past it.
 */
export const reviewDeadlineJob: JobDefinition = {
  name: "review-deadline",
  cron: "* * * * *",
  async run({ db, now }) {
    return { approved: await approveOverdue({ db }, { now: now() }) };
  },
};

/**
 * Every minute, and inside its minute each reward at its own time: rewards past their retention are
 * released to earnings, or clawed back when a re-check finds the work undone (only API-checked work is
 * re-checked). Each item is decided once. A reward is withdrawable within seconds of its release time
 * (it waited up to a quarter of an hour when the job ran every 15 minutes). A run of the test clock (a
 * later, fixed time) releases what is due then and returns.
 */
export function releaseRewardsJob(youtube: YoutubeAccounts | null): JobDefinition {
  return {
    name: "release-rewards",
    cron: "* * * * *",
    async run({ db, now, signal, scheduled }) {
      return drainDueRewards(
        { db },
        {
          now,
          signal,
          waitForDue: scheduled === true,
          budgetMs: RELEASE_MINUTE_MS,
          ...(youtube ? { recheck: youtubeRecheck({ db }, youtube) } : {}),
        },
      );
    },
  };
}

/** How long one scheduled run lasts: the next one starts at the next minute (one run at a time). */
const RELEASE_MINUTE_MS = 55_000;

/** How long drainDueRewards keeps going through a backlog by default (the bench's and the tests' calls). */
const RELEASE_RUN_MS = 10 * 60_000;

/**
 * Releases in batches of 1,000 until none are due, a batch decides nothing (only unknowns left) or
 * the run's time is up: a backlog of 100,000 is not 100 runs. With `waitForDue`, when nothing is due
 * it waits for the next reward that falls due before the run ends and releases it at its time.
 */
export async function drainDueRewards(
  ctx: DbCtx,
  options: { recheck?: Recheck; budgetMs?: number; now?: () => Date; signal?: AbortSignal; waitForDue?: boolean } = {},
) {
  const stop = Date.now() + (options.budgetMs ?? RELEASE_RUN_MS);
  const clock = options.now ?? (() => new Date());
  const total = { released: 0, dropped: 0 };
  while (Date.now() < stop && !options.signal?.aborted) {
    const batch = await releaseDueRewards(ctx, {
      now: clock(),
      limit: 1000,
      ...(options.recheck ? { recheck: options.recheck } : {}),
    });
    total.released += batch.released;
    total.dropped += batch.dropped;
    if (batch.released + batch.dropped > 0) continue;
    if (!options.waitForDue) break;
    const next = await nextReleaseAt(ctx, { after: clock() });
    if (!next || next.getTime() > stop) break;
    // Woken early when the run is stopped (the signal): the loop then ends.
    await sleep(Math.max(0, next.getTime() - Date.now()), undefined, { signal: options.signal }).catch(() => undefined);
  }
  return total;
}
