/**
 * What every call to the YouTube Data API v3 with the installation's API key shares (server/adapters/youtube.ts
 * for search, youtube-statistics.ts for the counters): one GET with `?key=`, its deadline, and Google's
 * errors as YoutubeUnavailable. The key travels in the query string, so neither it nor a request URL ever
 * goes into an error message, and nothing here logs.
 */

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

export const YOUTUBE_API_BASE_URL = "https://www.googleapis.com/youtube/v3";
export const DEFAULT_TIMEOUT_MS = 5_000;

export const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
/** YouTube handles: 3–30 letters (any script), digits, underscores, hyphens, periods and middle dots. */
const HANDLE_QUERY = /^(@?)([\p{L}\p{M}\p{N}._·-]{3,30})$/u;
export const QUOTA_REASONS = new Set(["quotaExceeded", "dailyLimitExceeded", "rateLimitExceeded", "userRateLimitExceeded"]);
/** Of those, the ones that mean the project's units for the day are spent (the others pass within a minute). */
export const DAILY_QUOTA_REASONS = new Set(["quotaExceeded", "dailyLimitExceeded"]);
const KEY_REASONS = new Set(["keyInvalid", "keyExpired", "API_KEY_INVALID", "API_KEY_EXPIRED", "accessNotConfigured", "ipRefererBlocked"]);

/** "@name" or a single word that could be a handle → { handle: "@name", explicit: the "@" was typed }; else null. */
export function handleQuery(query: string): { handle: string; explicit: boolean } | null {
  const match = HANDLE_QUERY.exec(query.trim());
  if (!match) return null;
  return { handle: `@${match[2]}`, explicit: match[1] === "@" };
}

/**
 * The day's quota budget, asked before each call (server/youtube/quota.ts quotaMeter): `spend` throws
 * YoutubeUnavailable (reason "quota") when the budget has not got the units; `spent` is told when Google
 * answers that the project's quota for the day is spent, `answered` when a call was answered.
 */
export type QuotaMeter = { spend(units: number): Promise<void>; spent(): Promise<void>; answered(): Promise<void> };

/** search.list costs 100 units; every other call these adapters make costs 1. */
const unitsOf = (method: string) => (method === "search" ? 100 : 1);

export type YoutubeOptions = {
  apiKey: string;
  /** Default https://www.googleapis.com/youtube/v3 */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** For one whole search (up to three calls), or one counters call. Default 5 s. */
  timeoutMs?: number;
  /** Counts each call's units against the day's budget; none: not counted (tests of the adapter itself). */
  meter?: QuotaMeter;
};

export type Json = Record<string, unknown>;

export function record(value: unknown): Json {
  return value !== null && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
}

export function text(value: unknown): string | null {
  return typeof value === "string" && value.trim().length > 0 ? value.trim() : null;
}

/** A count as the API gives it (an unsigned 64-bit integer in a string); null when absent or not a count. */
export function countOf(value: unknown): number | null {
  if (typeof value === "string" && /^\d{1,15}$/.test(value)) return Number(value);
  if (typeof value === "number" && Number.isSafeInteger(value) && value >= 0) return value;
  return null;
}

export function subscribersOf(statistics: Json): number | null {
  if (statistics.hiddenSubscriberCount === true) return null;
  return countOf(statistics.subscriberCount);
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
export function youtubeClient({
  apiKey,
  baseUrl = YOUTUBE_API_BASE_URL,
  fetch: fetchImpl = (input, init) => globalThis.fetch(input, init),
  timeoutMs = DEFAULT_TIMEOUT_MS,
  meter,
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
    await meter?.spend(unitsOf(method));
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
    if (status === 200 && parsed && typeof body === "object" && body !== null) {
      await meter?.answered();
      return record(body);
    }

    const reasons = parsed ? errorReasons(body) : [];
    const named = reasons.length > 0 ? ` (${reasons.join(", ")})` : "";
    let reason: YoutubeFailureReason;
    if (status === 200 || !parsed) reason = status >= 500 ? "server" : "bad_response";
    else if (reasons.some((r) => QUOTA_REASONS.has(r))) reason = "quota";
    else if (reasons.some((r) => KEY_REASONS.has(r)) || status === 401 || status === 403) reason = "key_invalid";
    else reason = status >= 500 ? "server" : "rejected";
    if (reasons.some((r) => DAILY_QUOTA_REASONS.has(r))) await meter?.spent();
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
