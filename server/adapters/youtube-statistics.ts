/**
 * The public counters of channels and videos on the API key (https://developers.google.com/youtube/v3/docs):
 * channels.list and videos.list `part=statistics`, up to 50 ids a call, 1 quota unit each whatever the
 * parts; an @handle with its counters in one channels.list `forHandle` call. Used by the campaigns'
 * network counter (server/youtube/network-counts.ts).
 */
import {
  CHANNEL_ID,
  countOf,
  handleQuery,
  record,
  subscribersOf,
  text,
  youtubeClient,
  type YoutubeOptions,
} from "@/server/adapters/youtube-client";

/** A channel's public counters (channels.list `statistics`). */
export type ChannelStatistics = {
  id: string;
  /** As YouTube gives it: rounded to three significant figures above 1,000. null when hidden or not given. */
  subscribers: number | null;
  /** The channel hides its subscriber count (`hiddenSubscriberCount`). */
  subscribersHidden: boolean;
  /** Views of all the channel's videos. */
  views: number | null;
};

/** A video's public counters (videos.list `statistics`); a count the owner turned off is not given (null). */
export type VideoStatistics = {
  id: string;
  /** The channel that uploaded it; asked only with `withChannel` (part `snippet`), else null. */
  channelId: string | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
};

/** The most ids one channels.list or videos.list call takes. */
export const MAX_IDS_PER_CALL = 50;

export interface YoutubeStatistics {
  /**
   * channels.list?part=statistics&id=… (1 quota unit) for at most MAX_IDS_PER_CALL ids; a channel YouTube does
   * not know (closed, a wrong id) is missing from the answer. Throws YoutubeUnavailable.
   */
  channelStatistics(ids: readonly string[], opts?: { signal?: AbortSignal }): Promise<Map<string, ChannelStatistics>>;
  /** channels.list?part=statistics&forHandle=@name (1 unit): the channel with its counters, null when no channel has it. */
  channelByHandle(handle: string, opts?: { signal?: AbortSignal }): Promise<ChannelStatistics | null>;
  /** videos.list?part=statistics&id=… (1 unit; `withChannel`: part snippet too, same cost); deleted or private videos are missing. */
  videoStatistics(ids: readonly string[], opts?: { signal?: AbortSignal; withChannel?: boolean }): Promise<Map<string, VideoStatistics>>;
}

const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

/** One channels.list item's counters; null for anything without a proper channel id. */
function channelStatisticsOf(item: unknown): ChannelStatistics | null {
  const channel = record(item);
  const id = text(channel.id);
  if (!id || !CHANNEL_ID.test(id)) return null;
  const statistics = record(channel.statistics);
  return {
    id,
    subscribers: subscribersOf(statistics),
    subscribersHidden: statistics.hiddenSubscriberCount === true,
    views: countOf(statistics.viewCount),
  };
}

/** One videos.list item's counters; null for anything without a proper video id. */
function videoStatisticsOf(item: unknown): VideoStatistics | null {
  const video = record(item);
  const id = text(video.id);
  if (!id || !VIDEO_ID.test(id)) return null;
  const statistics = record(video.statistics);
  const channelId = text(record(video.snippet).channelId);
  return {
    id,
    channelId: channelId && CHANNEL_ID.test(channelId) ? channelId : null,
    views: countOf(statistics.viewCount),
    likes: countOf(statistics.likeCount),
    comments: countOf(statistics.commentCount),
  };
}

/** The counters (statistics) of channels and videos, each call within timeoutMs of its own. */
export function youtubeStatistics(options: YoutubeOptions): YoutubeStatistics {
  const { call, items, fail, deadlineOf } = youtubeClient(options);

  /** Distinct, well-formed ids, at most MAX_IDS_PER_CALL: a longer list is the caller's mistake, not YouTube's. */
  function idList(ids: readonly string[], pattern: RegExp, what: string): string[] {
    const distinct = [...new Set(ids)];
    if (distinct.length > MAX_IDS_PER_CALL) throw new RangeError(`${what}: at most ${MAX_IDS_PER_CALL} ids a call`);
    if (distinct.some((id) => !pattern.test(id))) throw new RangeError(`${what}: not an id`);
    return distinct;
  }

  return {
    async channelStatistics(ids, opts = {}) {
      const wanted = idList(ids, CHANNEL_ID, "channelStatistics");
      const found = new Map<string, ChannelStatistics>();
      if (wanted.length === 0) return found;
      const { deadline, signal } = deadlineOf(opts.signal);
      const body = await call("channels", { part: "statistics", id: wanted.join(",") }, signal, deadline);
      for (const item of items(body, "channels")) {
        const statistics = channelStatisticsOf(item);
        if (statistics && wanted.includes(statistics.id)) found.set(statistics.id, statistics);
      }
      return found;
    },

    async channelByHandle(handle, opts = {}) {
      const query = handleQuery(handle);
      if (!query) throw new RangeError("channelByHandle: not a handle");
      const { deadline, signal } = deadlineOf(opts.signal);
      const body = await call("channels", { part: "statistics", forHandle: query.handle }, signal, deadline);
      const [first] = items(body, "channels");
      if (first === undefined) return null;
      const statistics = channelStatisticsOf(first);
      if (!statistics) throw fail("YouTube channels.list answered a channel without an id", { reason: "bad_response", httpStatus: 200 });
      return statistics;
    },

    async videoStatistics(ids, opts = {}) {
      const wanted = idList(ids, VIDEO_ID, "videoStatistics");
      const found = new Map<string, VideoStatistics>();
      if (wanted.length === 0) return found;
      const { deadline, signal } = deadlineOf(opts.signal);
      const part = opts.withChannel ? "snippet,statistics" : "statistics";
      const body = await call("videos", { part, id: wanted.join(",") }, signal, deadline);
      for (const item of items(body, "videos")) {
        const statistics = videoStatisticsOf(item);
        if (statistics && wanted.includes(statistics.id)) found.set(statistics.id, statistics);
      }
      return found;
    },
  };
}
