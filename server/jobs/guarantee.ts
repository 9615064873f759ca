import type { JobDefinition } from "@/server/core/jobs";
import type { YoutubeAccounts } from "@/server/adapters/youtube-account";
import { checkGuarantees } from "@/server/youtube";

/**
 * Every hour at :40: the refill guarantee's second re-check (server/youtube/guarantee.ts). Released
 * API-checked YouTube work whose line's guarantee window closes within GUARANTEE_LOOKAHEAD_DAYS is asked
 * about once more, batched per booster; undone work is clawed back and its unit reopened; campaigns whose
 * window closed give back what no one refilled. A run with nothing due asks YouTube nothing; one that
 * stops (quota, time) leaves the rest to the next. Without connected channels (null) it does nothing.
 */
export function guaranteeChecksJob(youtube: YoutubeAccounts | null): JobDefinition {
  return {
    name: "guarantee-checks",
    cron: "40 * * * *",
    expireInSeconds: 15 * 60,
    async run({ db, now, signal }) {
      if (!youtube) return;
      return checkGuarantees({ db, now: now(), accounts: youtube }, { signal });
    },
  };
}
