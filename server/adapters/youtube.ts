/**
 * The YouTube Data API v3 with the installation's API key (https://developers.google.com/youtube/v3/docs):
 * channel search (channels.list by handle (`forHandle`) and by id, search.list with `type=channel`) here,
 * and the public counters a campaign's network counter reads (youtube-statistics.ts), on one client
 * (youtube-client.ts: the key never goes into an error message). Off (null) when YOUTUBE_API_KEY is unset.
 *
 * Quota (https://developers.google.com/youtube/v3/determine_quota_cost): channels.list and videos.list
 * cost 1 unit a call whatever the parts and however many ids (at most 50), search.list 100. An `@handle`
 * the API knows is answered from channels.list alone.
 */
import { parseChannelLink } from "@/lib/campaigns/links";
import { rawEnv } from "@/server/core/env";
import {
  CHANNEL_ID,
  handleQuery,
  record,
  subscribersOf,
  text,
  youtubeClient,
  type Json,
  type QuotaMeter,
  type YoutubeOptions,
} from "@/server/adapters/youtube-client";
import { youtubeStatistics, type YoutubeStatistics } from "@/server/adapters/youtube-statistics";

export {
  DAILY_QUOTA_REASONS,
  errorReasons,
  handleQuery,
  isAbort,
  networkCode,
  QUOTA_REASONS,
  record,
  redact,
  text,
  YOUTUBE_API_BASE_URL,
  YoutubeUnavailable,
  type QuotaMeter,
  type YoutubeFailureReason,
  type YoutubeOptions,
} from "@/server/adapters/youtube-client";
export {
  MAX_IDS_PER_CALL,
  youtubeStatistics,
  type ChannelStatistics,
  type VideoStatistics,
  type YoutubeStatistics,
} from "@/server/adapters/youtube-statistics";

export type ChannelHit = {
  /** The channel id, UC + 22 characters. */
  id: string;
  title: string;
  /** "@name", as YouTube spells it; null when the channel has none. */
  handle: string | null;
  /** An https image URL (88×88 for most channels). */
  thumbnail: string | null;
  /** null when the channel hides its subscriber count. */
  subscribers: number | null;
  /** The canonical link the create form accepts: https://www.youtube.com/@handle, else https://www.youtube.com/channel/UC… */
  link: string;
};

export interface YoutubeSearch {
  /** At most MAX_CHANNEL_HITS channels, best first; [] for a blank query or no match. Throws YoutubeUnavailable. */
  searchChannels(query: string, opts?: { signal?: AbortSignal }): Promise<ChannelHit[]>;
  /** The same search with each call's units (search.list 100, channels.list 1) counted by `meter` first. */
  metered(meter: QuotaMeter): YoutubeSearch;
}

/** Everything the API key reads: channel search and the counters; `metered`: the same with each call's units counted first. */
export type YoutubeApi = Omit<YoutubeSearch, "metered"> & YoutubeStatistics & { metered(meter: QuotaMeter): YoutubeApi };

export const MAX_CHANNEL_HITS = 5;

function thumbnailOf(snippet: Json): string | null {
  const thumbnails = record(snippet.thumbnails);
  for (const size of ["default", "medium", "high"]) {
    const url = text(record(thumbnails[size]).url);
    if (url?.startsWith("https://")) return url;
  }
  return null;
}

/** One channels.list item as a hit; null for anything without a proper channel id. */
function hitOf(item: unknown): ChannelHit | null {
  const channel = record(item);
  const id = text(channel.id);
  if (!id || !CHANNEL_ID.test(id)) return null;
  const snippet = record(channel.snippet);
  const customUrl = text(snippet.customUrl);
  const handle = customUrl?.startsWith("@") ? customUrl : null;
  // Handles in other scripts are real but not accepted by the create form: those channels are linked by id.
  const byHandle = handle ? parseChannelLink("youtube", `https://www.youtube.com/${handle}`) : null;
  return {
    id,
    title: text(snippet.title) ?? handle ?? id,
    handle,
    thumbnail: thumbnailOf(snippet),
    subscribers: subscribersOf(record(channel.statistics)),
    link: byHandle?.ok ? byHandle.normalized : `https://www.youtube.com/channel/${id}`,
  };
}

export function youtubeSearch(options: YoutubeOptions): YoutubeSearch {
  const { call, items, deadlineOf } = youtubeClient(options);

  return {
    metered: (meter) => youtubeSearch({ ...options, meter }),

    async searchChannels(query, opts = {}) {
      const q = query.trim();
      if (!q) return [];
      // One deadline for the whole search (up to three calls).
      const { deadline, signal } = deadlineOf(opts.signal);
      const channelParts = "snippet,statistics";

      const hits: ChannelHit[] = [];
      const handle = handleQuery(q);
      if (handle) {
        const found = await call("channels", { part: channelParts, forHandle: handle.handle }, signal, deadline);
        for (const item of items(found, "channels")) {
          const hit = hitOf(item);
          if (hit) hits.push(hit);
        }
        // A typed "@handle" that exists is the channel meant: search.list (100 units) would add only noise.
        if (handle.explicit && hits.length > 0) return hits.slice(0, MAX_CHANNEL_HITS);
      }

      const searched = await call(
        "search",
        { part: "snippet", type: "channel", maxResults: String(MAX_CHANNEL_HITS), q },
        signal,
        deadline,
      );
      const ids: string[] = [];
      for (const item of items(searched, "search")) {
        const id = text(record(record(item).id).channelId) ?? text(record(record(item).snippet).channelId);
        if (id && CHANNEL_ID.test(id) && !ids.includes(id) && !hits.some((hit) => hit.id === id)) ids.push(id);
      }
      const wanted = ids.slice(0, MAX_CHANNEL_HITS - hits.length);
      if (wanted.length === 0) return hits.slice(0, MAX_CHANNEL_HITS);

      // search.list has neither the handle nor the subscriber count: channels.list by id has both.
      const details = await call("channels", { part: channelParts, id: wanted.join(",") }, signal, deadline);
      const byId = new Map<string, ChannelHit>();
      for (const item of items(details, "channels")) {
        const hit = hitOf(item);
        if (hit) byId.set(hit.id, hit);
      }
      // In search order; a channel that channels.list no longer knows (closed meanwhile) is left out.
      for (const id of wanted) {
        const hit = byId.get(id);
        if (hit) hits.push(hit);
      }
      return hits.slice(0, MAX_CHANNEL_HITS);
    },
  };
}

/** Channel search and the counters on one key. */
export function youtubeApi(options: YoutubeOptions): YoutubeApi {
  return { ...youtubeSearch(options), ...youtubeStatistics(options), metered: (meter) => youtubeApi({ ...options, meter }) };
}

type Env = Record<string, string | undefined>;

/** The API on YOUTUBE_API_KEY (and YOUTUBE_API_BASE_URL for tests); null (search and counters are off) without a key. */
export function youtubeFromEnv(env: Env = rawEnv()): YoutubeApi | null {
  const apiKey = env.YOUTUBE_API_KEY?.trim();
  if (!apiKey) return null;
  const baseUrl = env.YOUTUBE_API_BASE_URL?.trim() || undefined;
  if (baseUrl && !URL.canParse(baseUrl)) throw new Error(`YOUTUBE_API_BASE_URL is not a valid URL: "${baseUrl}"`);
  return youtubeApi({ apiKey, baseUrl });
}
