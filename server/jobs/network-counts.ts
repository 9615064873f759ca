import type { JobDefinition } from "@/server/core/jobs";
import type { YoutubeApi } from "@/server/adapters/youtube";
import { countNetworks } from "@/server/youtube";

/**
 * Every 10 minutes: the network's own counter of YouTube campaigns (server/youtube/network-counts.ts).
 * A campaign approved since the last run gets its start count within ten minutes; the first run of each
 * Tehran day (from 00:00 Tehran, 20:30 UTC) reads every running campaign's count for the day, 50 ids to
 * a quota unit; the other runs find nothing due and ask YouTube nothing. Without an API key (null) it
 * does nothing. A run that stops (quota, YouTube down) leaves the rest to the next one.
 */
export function networkCountsJob(youtube: YoutubeApi | null): JobDefinition {
  return {
    name: "network-counts",
    cron: "*/10 * * * *",
    // A full day's reading of many campaigns may take minutes; the run stops itself after ten.
    expireInSeconds: 15 * 60,
    async run({ db, now, signal }) {
      if (!youtube) return;
      return countNetworks({ db, now: now(), youtube }, { signal });
    },
  };
}
