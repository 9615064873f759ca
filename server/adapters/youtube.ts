/**
 * Channel search through the YouTube Data API v3 (https://developers.google.com/youtube/v3/docs):
 * channels.list by handle (`forHandle`) and by id, search.list with `type=channel`. Off (null) when
 * YOUTUBE_API_KEY is unset. The key travels in the query string (`?key=`), so neither it nor a request URL
 * ever goes into an error message, and nothing here logs.
 *
 * Quota (https://developers.google.com/youtube/v3/determine_quota_cost): channels.list costs 1 unit,
 * search.list 100. An `@handle` the API knows is answered from channels.list alone.
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
  /** For one whole search (up to three calls). Default 5 s. */
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

function subscribersOf(statistics: Json): number | null {
  if (statistics.hiddenSubscriberCount === true) return null;
  const count = statistics.subscriberCount;
  if (typeof count === "string" && /^\d{1,15}$/.test(count)) return Number(count);
  if (typeof count === "number" && Number.isSafeInteger(count) && count >= 0) return count;
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

export function youtubeSearch({
  apiKey,
  baseUrl = YOUTUBE_API_BASE_URL,
  fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
  timeoutMs = DEFAULT_TIMEOUT_MS,
}: YoutubeOptions): YoutubeSearch {
  const root = baseUrl.replace(/\/+$/, "");
  const fail = (message: string, details: ConstructorParameters<typeof YoutubeUnavailable>[1]) =>
    new YoutubeUnavailable(redact(message, apiKey), details);

  /** GET {root}/{method}?…&key=KEY within the search's deadline; answers the parsed body of a 200. */
  async function call(method: "channels" | "search", params: Record<string, string>, signal: AbortSignal, deadline: AbortSignal) {
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

  return {
    async searchChannels(query, opts = {}) {
      const q = query.trim();
      if (!q) return [];
      const deadline = AbortSignal.timeout(timeoutMs);
      const signal = opts.signal ? AbortSignal.any([deadline, opts.signal]) : deadline;
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

type Env = Record<string, string | undefined>;

/** Channel search from YOUTUBE_API_KEY (and YOUTUBE_API_BASE_URL for tests); null (the feature is off) without a key. */
export function youtubeFromEnv(env: Env = rawEnv()): YoutubeSearch | null {
  const apiKey = env.YOUTUBE_API_KEY?.trim();
  if (!apiKey) return null;
  const baseUrl = env.YOUTUBE_API_BASE_URL?.trim() || undefined;
  if (baseUrl && !URL.canParse(baseUrl)) throw new Error(`YOUTUBE_API_BASE_URL is not a valid URL: "${baseUrl}"`);
  return youtubeSearch({ apiKey, baseUrl });
}
