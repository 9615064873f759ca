/**
 * The YouTube Data API v3 with the installation's API key (https://developers.google.com/youtube/v3/docs):
 * channel search (channels.list by handle (`forHandle`) and by id, search.list with `type=channel`) and the
 * public counters a campaign's network counter reads (channels.list and videos.list `part=statistics`, up
 * to 50 ids a call). Off (null) when YOUTUBE_API_KEY is unset. The key travels in the query string (`?key=`), so neither it nor a request URL
 * ever goes into an error message, and nothing here logs.
 *
 * Quota (https://developers.google.com/youtube/v3/determine_quota_cost): channels.list and videos.list
 * cost 1 unit a call whatever the parts and however many ids (at most 50), search.list 100. An `@handle`
 * the API knows is answered from channels.list alone.
 */
import { parseChannelLink } from "@/lib/campaigns/links";
import { rawEnv } from "@/server/core/env";

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
}

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

/** Everything the API key reads: channel search and the counters. */
export type YoutubeApi = YoutubeSearch & YoutubeStatistics;

/** Why the API gave no usable answer. */
export type YoutubeFailureReason =
  | "quota" // 403 quotaExceeded / rateLimitExceeded …
  | "key_invalid" // 400 keyInvalid (API_KEY_INVALID), 403 for a key without access to the API
  | "rejected" // any other 4xx
  | "server" // 5xx
  | "network"
  | "timeout"
  | "bad_response" // not JSON, or not the documented shape
  | "revoked"; // the booster's grant is gone: 401 from the API, invalid_grant from the token endpoint

export class YoutubeUnavailable extends Error {
  override readonly name = "YoutubeUnavailable";
  readonly reason: YoutubeFailureReason;
  /** The HTTP status of the failed call; null when no answer came. */
  readonly httpStatus: number | null;

  constructor(message: string, details: { reason: YoutubeFailureReason; httpStatus?: number | null }) {
    super(message);
    this.reason = details.reason;
    this.httpStatus = details.httpStatus ?? null;
  }
}

export const MAX_CHANNEL_HITS = 5;
export const YOUTUBE_API_BASE_URL = "https://www.googleapis.com/youtube/v3";
const DEFAULT_TIMEOUT_MS = 5_000;

const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
/** YouTube handles: 3–30 letters (any script), digits, underscores, hyphens, periods and middle dots. */
const HANDLE_QUERY = /^(@?)([\p{L}\p{M}\p{N}._·-]{3,30})$/u;
export const QUOTA_REASONS = new Set(["quotaExceeded", "dailyLimitExceeded", "rateLimitExceeded", "userRateLimitExceeded"]);
const KEY_REASONS = new Set(["keyInvalid", "keyExpired", "API_KEY_INVALID", "API_KEY_EXPIRED", "accessNotConfigured", "ipRefererBlocked"]);

/** "@name" or a single word that could be a handle → { handle: "@name", explicit: the "@" was typed }; else null. */
export function handleQuery(query: string): { handle: string; explicit: boolean } | null {
  const match = HANDLE_QUERY.exec(query.trim());
  if (!match) return null;
  return { handle: `@${match[2]}`, explicit: match[1] === "@" };
}

export type YoutubeOptions = {
  apiKey: string;
  /** Default https://www.googleapis.com/youtube/v3 */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** For one whole search (up to three calls), or one counters call. Default 5 s. */
  timeoutMs?: number;
};

type Json = Record<string, unknown>;

export function record(value: unknown): Json {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
}

export function text(value: unknown): string | null {
  return typeof value === "string" && value.trim().length > 0 ? value.trim() : null;
}

function thumbnailOf(snippet: Json): string | null {
  const thumbnails = record(snippet.thumbnails);
  for (const size of ["default", "medium", "high"]) {
    const url = text(record(thumbnails[size]).url);
    if (url?.startsWith("https://")) return url;
  }
  return null;
}

/** A count as the API gives it (an unsigned 64-bit integer in a string); null when absent or not a count. */
function countOf(value: unknown): number | null {
  if (typeof value === "string" && /^\d{1,15}$/.test(value)) return Number(value);
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return value;
  return null;
}

function subscribersOf(statistics: Json): number | null {
  if (statistics.hiddenSubscriberCount === true) return null;
  return countOf(statistics.subscriberCount);
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

export function isAbort(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

/** " (ECONNREFUSED)" from undici's "fetch failed" cause, if there is one. */
export function networkCode(error: unknown): string {
  const cause = error instanceof Error ? (error.cause as { code?: unknown } | undefined) : undefined;
  return typeof cause?.code === "string" && /^[A-Z_]+$/.test(cause.code) ? ` (${cause.code})` : "";
}

/** Google's error reasons: `error.errors[].reason` (v3 style) and `error.details[].reason` (google.rpc.ErrorInfo). */
export function errorReasons(body: unknown): string[] {
  const error = record(record(body).error);
  const entries = [...(Array.isArray(error.errors) ? error.errors : []), ...(Array.isArray(error.details) ? error.details : [])];
  return entries.map((entry) => text(record(entry).reason)).filter((reason): reason is string => reason !== null && /^\w+$/.test(reason));
}

export function redact(message: string, secret: string): string {
  if (!secret) return message;
  let result = message.split(secret).join("[redacted]");
  const encoded = encodeURIComponent(secret);
  if (encoded !== secret) result = result.split(encoded).join("[redacted]");
  return result;
}

/** GET {base}/{method}?…&key=KEY: the parsed body of a 200, else YoutubeUnavailable (never with the key in it). */
function youtubeClient({
  apiKey,
  baseUrl = YOUTUBE_API_BASE_URL,
  fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: YoutubeOptions) {
  const root = baseUrl.replace(/\/+$/, "");
  const fail = (message: string, details: ConstructorParameters<typeof YoutubeUnavailable>[1]) =>
    new YoutubeUnavailable(redact(message, apiKey), details);

  /** `deadline` is the timeout's own signal; `signal` adds the caller's. */
  async function call(
    method: "channels" | "search" | "videos",
    params: Record<string, string>,
    signal: AbortSignal,
    deadline: AbortSignal,
  ) {
    const url = `${root}/${method}?${new URLSearchParams({ ...params, key: apiKey })}`;
    const what = `YouTube ${method}.list`;
    let response: Response;
    let body: unknown;
    let parsed = true;
    try {
      response = await fetchImpl(url, { headers: { accept: "application/json" }, redirect: "error", signal });
      const raw = await response.text();
      try {
        body = JSON.parse(raw);
      } catch {
        parsed = false;
      }
    } catch (error) {
      // The cause is not attached: a fetch error can quote the URL, which holds the key.
      if (deadline.aborted) throw fail(`${what} timed out after ${timeoutMs} ms`, { reason: "timeout" });
      if (signal.aborted && isAbort(error)) throw error; // The caller gave up: not the provider's fault.
      throw fail(`${what} failed: network error${networkCode(error)}`, { reason: "network" });
    }

    const status = response.status;
    if (status === 200 && parsed && typeof body === "object" && body !== null) return record(body);

    const reasons = parsed ? errorReasons(body) : [];
    const named = reasons.length > 0 ? ` (${reasons.join(", ")})` : "";
    let reason: YoutubeFailureReason;
    if (status === 200 || !parsed) reason = status >= 500 ? "server" : "bad_response";
    else if (reasons.some((r) => QUOTA_REASONS.has(r))) reason = "quota";
    else if (reasons.some((r) => KEY_REASONS.has(r)) || status === 401 || status === 403) reason = "key_invalid";
    else reason = status >= 500 ? "server" : "rejected";
    const detail = parsed ? named : " with a body that is not JSON";
    throw fail(`${what} failed: HTTP ${status}${detail}`, { reason, httpStatus: status });
  }

  function items(body: Json, what: string): unknown[] {
    // An empty answer has no `items` at all.
    if (body.items === undefined) return [];
    if (!Array.isArray(body.items))
      throw fail(`YouTube ${what}.list answered without an items list`, { reason: "bad_response", httpStatus: 200 });
    return body.items;
  }

  /** A deadline of timeoutMs, joined with the caller's signal when there is one. */
  function deadlineOf(callerSignal?: AbortSignal) {
    const deadline = AbortSignal.timeout(timeoutMs);
    return { deadline, signal: callerSignal ? AbortSignal.any([deadline, callerSignal]) : deadline };
  }

  return { call, items, fail, deadlineOf };
}

export function youtubeSearch(options: YoutubeOptions): YoutubeSearch {
  const { call, items, deadlineOf } = youtubeClient(options);

  return {
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

/** Channel search and the counters on one key. */
export function youtubeApi(options: YoutubeOptions): YoutubeApi {
  return { ...youtubeSearch(options), ...youtubeStatistics(options) };
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
