import { and, eq, inArray, isNotNull } from "drizzle-orm";
import { tehranDay } from "@/lib/time/tehran";
import {
  isAbort,
  MAX_IDS_PER_CALL,
  YoutubeUnavailable,
  type ChannelStatistics,
  type VideoStatistics,
  type YoutubeApi,
} from "@/server/adapters/youtube";
import type { DbCtx } from "@/server/core/context";
import { campaigns, type NetworkCounts } from "@/server/db/schema";
import { quotaMeter } from "@/server/youtube/quota";
import { countsOf, dueCampaigns, keepChannelIds, markMissing, PAGE, recordCounts, type Due } from "@/server/youtube/network-due";

export { NETWORK_COUNT_WINDOW_DAYS } from "@/server/youtube/network-due";

/** Failed calls in a row (5xx, timeouts, network) after which a run stops: YouTube is down, the next run tries again. */
const FAILURES_IN_A_ROW = 3;
/** How long one run may go on (the job's runs expire after 15 minutes). */
const RUN_MS = 10 * 60_000;

export type NetworkCountsResult = {
  /** Campaigns due (no count yet today). */
  due: number;
  /** Campaigns given today's count (and their start count when they had none). */
  counted: number;
  /** Of those, campaigns whose start count this was. */
  started: number;
  /** Campaigns whose channel or video YouTube did not know: not asked again today. */
  missing: number;
  /** Calls made to YouTube, each 1 quota unit. */
  calls: number;
  /** Calls that failed (their campaigns wait for the next run). */
  failed: number;
  /** 1 when the run stopped early: quota spent, key refused, YouTube down, or out of time. */
  stopped: number;
};

/**
 * The network's own counter (issue 32): YouTube's public counts of each running campaign's channel or
 * video, read once per Tehran day into campaign_network_days, the first reading of a running campaign
 * also being its start count (campaigns.network_start). A campaign is due while active or paused, and for
 * NETWORK_COUNT_WINDOW_DAYS after it completed. Ids are asked MAX_IDS_PER_CALL to a call (1 quota unit
 * each), an @handle is resolved once (1 unit, with its counts) and its channel id kept on the campaign.
 *
 * Nothing is written from a failed call: a spent quota or a refused key stops the run; a 5xx, a timeout or
 * a network error skips that call's campaigns (three in a row stop the run); the next run reads what is
 * still due. A campaign's count is written whole or not at all, never with a part that failed.
 */
export async function countNetworks(
  ctx: DbCtx & { now: Date; youtube: YoutubeApi },
  input: { signal?: AbortSignal; budgetMs?: number } = {},
): Promise<NetworkCountsResult> {
  const { db, now } = ctx;
  // Counted as counters in the day's quota: they stop before the units kept for boosters' first checks.
  const youtube = ctx.youtube.metered(quotaMeter(ctx, "counter", { now: () => now }));
  const today = tehranDay(now);
  const stopAt = Date.now() + (input.budgetMs ?? RUN_MS);
  const result: NetworkCountsResult = { due: 0, counted: 0, started: 0, missing: 0, calls: 0, failed: 0, stopped: 0 };
  let failuresInARow = 0;

  /** One call to YouTube, or undefined when it failed or the run has stopped. */
  async function ask<T>(call: () => Promise<T>): Promise<T | undefined> {
    if (result.stopped) return undefined;
    if (input.signal?.aborted || Date.now() > stopAt) {
      result.stopped = 1;
      return undefined;
    }
    result.calls++;
    try {
      const answer = await call();
      failuresInARow = 0;
      return answer;
    } catch (error) {
      if (input.signal?.aborted && isAbort(error)) {
        result.stopped = 1;
        return undefined;
      }
      if (!(error instanceof YoutubeUnavailable)) throw error;
      result.failed++;
      // The message names the call and YouTube's reason, never the key.
      console.error(`[network-counts] ${error.message} (${error.reason}); its campaigns wait for the next run`);
      if (error.reason === "quota" || error.reason === "key_invalid" || ++failuresInARow >= FAILURES_IN_A_ROW) result.stopped = 1;
      return undefined;
    }
  }

  const due = await dueCampaigns(ctx, today);
  result.due = due.length;
  const channels = new Map<string, ChannelStatistics>();
  const videos = new Map<string, VideoStatistics>();
  const missing: Due[] = [];

  // 1. @handles without a channel id: one another campaign already resolved is free; else forHandle.
  const unresolved = due.filter((campaign) => campaign.handle !== null && campaign.channelId === null);
  if (unresolved.length > 0) {
    const links = [...new Set(unresolved.map((campaign) => handleLink(campaign.handle!)))];
    const known = new Map<string, string>();
    for (let i = 0; i < links.length; i += PAGE) {
      const rows = await db
        .selectDistinctOn([campaigns.link], { link: campaigns.link, channelId: campaigns.networkChannelId })
        .from(campaigns)
        .where(
          and(eq(campaigns.network, "youtube"), inArray(campaigns.link, links.slice(i, i + PAGE)), isNotNull(campaigns.networkChannelId)),
        );
      for (const row of rows) known.set(row.link, row.channelId!);
    }
    for (const [handle, onIt] of groupBy(unresolved, (campaign) => campaign.handle!)) {
      const link = handleLink(handle);
      let channelId = known.get(link) ?? null;
      if (channelId === null) {
        const found = await ask(() => youtube.channelByHandle(`@${handle}`, { signal: input.signal }));
        if (found === undefined) continue;
        if (found === null) {
          missing.push(...onIt);
          continue;
        }
        channels.set(found.id, found);
        channelId = found.id;
      }
      for (const campaign of onIt) campaign.channelId = channelId;
    }
    // Kept on the campaigns, so that from tomorrow they are asked by id, 50 to a call.
    await keepChannelIds(
      ctx,
      unresolved.filter((campaign) => campaign.channelId !== null),
    );
  }

  // 2. Videos, 50 to a call; with their channel when a campaign on them sells subscribers.
  const videoCampaigns = due.filter((campaign) => campaign.videoId !== null);
  const onVideo = groupBy(videoCampaigns, (campaign) => campaign.videoId!);
  const videoIds = [...onVideo.keys()];
  const withChannel = new Set(videoCampaigns.filter((campaign) => campaign.wantsChannel).map((campaign) => campaign.videoId!));
  // Videos whose channel is asked first, so the other calls carry none of the snippets' weight.
  videoIds.sort((a, b) => Number(withChannel.has(b)) - Number(withChannel.has(a)));
  for (let i = 0; i < videoIds.length && !result.stopped; i += MAX_IDS_PER_CALL) {
    const batch = videoIds.slice(i, i + MAX_IDS_PER_CALL);
    const answer = await ask(() =>
      youtube.videoStatistics(batch, { signal: input.signal, withChannel: batch.some((id) => withChannel.has(id)) }),
    );
    if (!answer) continue;
    for (const id of batch) {
      const found = answer.get(id);
      if (found) videos.set(id, found);
      else missing.push(...onVideo.get(id)!);
    }
  }
  for (const campaign of videoCampaigns) if (campaign.wantsChannel) campaign.channelId = videos.get(campaign.videoId!)?.channelId ?? null;

  // 3. Channels, 50 to a call, except those the handles' calls already read.
  const onChannel = groupBy(
    due.filter((campaign) => campaign.channelId !== null),
    (campaign) => campaign.channelId!,
  );
  const channelIds = [...onChannel.keys()].filter((id) => !channels.has(id));
  for (let i = 0; i < channelIds.length && !result.stopped; i += MAX_IDS_PER_CALL) {
    const batch = channelIds.slice(i, i + MAX_IDS_PER_CALL);
    const answer = await ask(() => youtube.channelStatistics(batch, { signal: input.signal }));
    if (!answer) continue;
    for (const id of batch) {
      const found = answer.get(id);
      if (found) channels.set(id, found);
      else missing.push(...onChannel.get(id)!);
    }
  }

  // 4. Each campaign whose every reading came back, and the campaigns YouTube does not know.
  const missingIds = new Set(missing.map((campaign) => campaign.id));
  const counted: { id: string; counts: NetworkCounts }[] = [];
  for (const campaign of due) {
    if (missingIds.has(campaign.id)) continue;
    const counts = countsOf(campaign, channels, videos);
    if (counts) counted.push({ id: campaign.id, counts });
  }
  result.started = await recordCounts(ctx, { today, counted });
  result.counted = counted.length;
  const missingList = [...missingIds];
  await markMissing(ctx, { today, ids: missingList });
  result.missing = missingList.length;
  return result;
}

const handleLink = (handle: string) => `https://www.youtube.com/@${handle}`;

function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const group = groups.get(k);
    if (group) group.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}
