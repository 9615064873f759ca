/**
 * A booster's own YouTube account, on their behalf: Google's OAuth 2.0 authorization-code flow for a
 * web server app with PKCE (https://developers.google.com/identity/protocols/oauth2/web-server) and
 * the YouTube Data API v3 calls that tell whether a task was done:
 * - channels.list?mine=true — the connected channel's id and title;
 * - channels.list?forHandle= / videos.list?id= — the channel a task's link points to;
 * - subscriptions.list?mine=true&forChannelId= / videos.getRating?id= — subscribed / liked, up to 50 ids a
 *   call (getRating needs youtube.force-ssl, asked for only when like checks are on);
 * - commentThreads.list?videoId=&searchTerms= — a comment by the booster's channel.
 * Tokens and URLs never go into an error message; nothing here logs. Failures throw YoutubeUnavailable.
 */
import { rawEnv } from "@/server/core/env";
import {
  DAILY_QUOTA_REASONS,
  errorReasons,
  isAbort,
  networkCode,
  QUOTA_REASONS,
  record,
  text,
  YOUTUBE_API_BASE_URL,
  YoutubeUnavailable,
  type QuotaMeter,
  type YoutubeFailureReason,
} from "@/server/adapters/youtube";

export const SCOPE_READONLY = "https://www.googleapis.com/auth/youtube.readonly";
export const SCOPE_FORCE_SSL = "https://www.googleapis.com/auth/youtube.force-ssl";

const GOOGLE_AUTH_URL = "https://accounts.google.com/o/oauth2/v2/auth";
const GOOGLE_TOKEN_URL = "https://oauth2.googleapis.com/token";
const GOOGLE_REVOKE_URL = "https://oauth2.googleapis.com/revoke";
const DEFAULT_TIMEOUT_MS = 8_000;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;
/** What subscriptions.list's forChannelId and videos.getRating's id take in one call; chunksOf: distinct ids in such calls. */
export const MAX_IDS_PER_CALL = 50;
const chunksOf = (ids: readonly string[]) =>
  [...new Set(ids)].flatMap((_, i, all) => (i % MAX_IDS_PER_CALL ? [] : [all.slice(i, i + MAX_IDS_PER_CALL)]));

export type Grant = { accessToken: string; refreshToken: string | null; scopes: string[] };
export type Rating = "like" | "dislike" | "none";

export interface YoutubeAccounts {
  /** Like checks are switched on: like tasks ask for youtube.force-ssl and are checked with videos.getRating. */
  readonly likeChecks: boolean;
  /** Where to send the browser: Google's consent page for these scopes, with state and the PKCE challenge (S256). */
  authorizeUrl(input: { state: string; codeChallenge: string; redirectUri: string; scopes: readonly string[] }): string;
  /** The code Google sent back, exchanged with the PKCE verifier. */
  exchangeCode(input: { code: string; codeVerifier: string; redirectUri: string }): Promise<Grant>;
  /** A fresh access token from a stored refresh token; reason "revoked" when Google no longer honours it. */
  refresh(refreshToken: string): Promise<Grant>;
  /** Revokes the grant at Google (a token Google already forgot counts as revoked). */
  revoke(token: string): Promise<void>;
  myChannel(accessToken: string): Promise<{ id: string; title: string } | null>;
  /** The channel id behind a handle ("@name") or a video id; null when YouTube knows neither. */
  channelOf(accessToken: string, target: { handle: string } | { videoId: string }): Promise<string | null>;
  /** Of these channels, the ones subscribed to; one call (1 quota unit) per 50 ids. */
  subscribedTo(accessToken: string, channelIds: readonly string[]): Promise<Set<string>>;
  /** Each video's rating; one call (1 quota unit) per 50 ids. */
  ratings(accessToken: string, videoIds: readonly string[]): Promise<Map<string, Rating>>;
  /** A top-level comment by `channelId` on the video (among the newest 100 matching `searchTerms`). */
  hasComment(accessToken: string, input: { videoId: string; channelId: string; searchTerms?: string | undefined }): Promise<boolean>;
  /** The same adapter with each data API call (1 unit) counted by `meter` first; token calls cost nothing. */
  metered(meter: QuotaMeter): YoutubeAccounts;
}

export type YoutubeAccountsOptions = {
  clientId: string;
  clientSecret: string;
  likeChecks?: boolean;
  authUrl?: string;
  tokenUrl?: string;
  revokeUrl?: string;
  apiBaseUrl?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  meter?: QuotaMeter;
};

type Json = Record<string, unknown>;

export function youtubeAccounts(options: YoutubeAccountsOptions): YoutubeAccounts {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const apiRoot = (options.apiBaseUrl ?? YOUTUBE_API_BASE_URL).replace(/\/+$/, "");
  const tokenUrl = options.tokenUrl ?? GOOGLE_TOKEN_URL;

  /** One call within the timeout: the status and the parsed body (null when it was not JSON). */
  async function send(what: string, url: string, init: RequestInit): Promise<{ status: number; body: Json | null }> {
    const deadline = AbortSignal.timeout(timeoutMs);
    try {
      const response = await fetchImpl(url, { ...init, redirect: "error", signal: deadline });
      const raw = await response.text();
      let body: Json | null = null;
      try {
        const parsed: unknown = JSON.parse(raw);
        body = parsed !== null && typeof parsed === "object" ? (parsed as Json) : null;
      } catch {
        body = raw.trim() === "" ? {} : null;
      }
      return { status: response.status, body };
    } catch (error) {
      if (deadline.aborted || isAbort(error))
        throw new YoutubeUnavailable(`${what} timed out after ${timeoutMs} ms`, { reason: "timeout" });
      throw new YoutubeUnavailable(`${what} failed: network error${networkCode(error)}`, { reason: "network" });
    }
  }

  function failure(what: string, status: number, body: Json | null): YoutubeUnavailable {
    const reasons = body ? errorReasons(body) : [];
    let reason: YoutubeFailureReason;
    if (body === null) reason = status >= 500 ? "server" : "bad_response";
    else if (status === 401) reason = "revoked";
    else if (reasons.some((r) => QUOTA_REASONS.has(r))) reason = "quota";
    else if (status === 403) reason = "rejected";
    else reason = status >= 500 ? "server" : status === 200 ? "bad_response" : "rejected";
    const named = reasons.length > 0 ? ` (${reasons.join(", ")})` : "";
    return new YoutubeUnavailable(`${what} failed: HTTP ${status}${named}`, { reason, httpStatus: status });
  }

  /** GET {api}/{method}?… with the booster's access token; the body of a 200. */
  async function api(method: string, params: Record<string, string>, accessToken: string): Promise<Json> {
    const what = `YouTube ${method}`;
    await options.meter?.spend(1);
    const { status, body } = await send(what, `${apiRoot}/${method}?${new URLSearchParams(params)}`, {
      headers: { authorization: `Bearer ${accessToken}`, accept: "application/json" },
    });
    if (status === 200 && body) {
      await options.meter?.answered();
      return body;
    }
    if (body && errorReasons(body).some((r) => DAILY_QUOTA_REASONS.has(r))) await options.meter?.spent();
    throw failure(what, status, body);
  }

  function items(body: Json, what: string): Json[] {
    if (body.items === undefined) return [];
    if (!Array.isArray(body.items))
      throw new YoutubeUnavailable(`${what} answered without an items list`, { reason: "bad_response", httpStatus: 200 });
    return body.items.map(record);
  }

  /** POST to the token endpoint (form-encoded, the client's secret in the body as Google's guide shows). */
  async function token(form: Record<string, string>): Promise<Grant> {
    const what = "Google token endpoint";
    const { status, body } = await send(what, tokenUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ ...form, client_id: options.clientId, client_secret: options.clientSecret }),
    });
    if (status === 200 && body) {
      const accessToken = text(body.access_token);
      if (!accessToken)
        throw new YoutubeUnavailable(`${what} answered without an access token`, { reason: "bad_response", httpStatus: 200 });
      return {
        accessToken,
        refreshToken: text(body.refresh_token),
        scopes: (text(body.scope) ?? "").split(/\s+/).filter(Boolean),
      };
    }
    // invalid_grant: the code was used or expired, or the refresh token was revoked.
    if (body && body.error === "invalid_grant")
      throw new YoutubeUnavailable(`${what} refused the grant (invalid_grant)`, { reason: "revoked", httpStatus: status });
    const error = body && typeof body.error === "string" && /^\w+$/.test(body.error) ? ` (${body.error})` : "";
    throw new YoutubeUnavailable(`${what} failed: HTTP ${status}${error}`, {
      reason: body === null ? "bad_response" : status >= 500 ? "server" : "rejected",
      httpStatus: status,
    });
  }

  /** Of these channels, the ones subscribed to: subscriptions.list, 50 ids a call (maxResults too: the default page is 5). */
  async function subscribedTo(accessToken: string, channelIds: readonly string[]): Promise<Set<string>> {
    const found = new Set<string>();
    for (const chunk of chunksOf(channelIds)) {
      const params = { part: "snippet", mine: "true", forChannelId: chunk.join(","), maxResults: String(MAX_IDS_PER_CALL) };
      for (const item of items(await api("subscriptions", params, accessToken), "YouTube subscriptions")) {
        const id = text(record(record(record(item).snippet).resourceId).channelId);
        if (id && chunk.includes(id)) found.add(id);
      }
    }
    return found;
  }

  /** Each video's rating by the account: videos.getRating, 50 ids a call. */
  async function ratings(accessToken: string, videoIds: readonly string[]): Promise<Map<string, Rating>> {
    const rated = new Map<string, Rating>();
    for (const chunk of chunksOf(videoIds)) {
      const body = await api("videos/getRating", { id: chunk.join(",") }, accessToken);
      const answered = new Map(items(body, "YouTube videos.getRating").map((item) => [text(item.videoId), text(item.rating)]));
      for (const id of chunk) rated.set(id, answered.get(id) === "like" ? "like" : answered.get(id) === "dislike" ? "dislike" : "none");
    }
    return rated;
  }

  return {
    likeChecks: options.likeChecks ?? false,

    metered: (meter) => youtubeAccounts({ ...options, meter }),

    authorizeUrl({ state, codeChallenge, redirectUri, scopes }) {
      const url = new URL(options.authUrl ?? GOOGLE_AUTH_URL);
      url.search = new URLSearchParams({
        client_id: options.clientId,
        redirect_uri: redirectUri,
        response_type: "code",
        scope: scopes.join(" "),
        state,
        code_challenge: codeChallenge,
        code_challenge_method: "S256",
        // A refresh token, so retention can re-check after the booster has left; earlier grants are kept (incremental).
        access_type: "offline",
        include_granted_scopes: "true",
        prompt: "consent",
      }).toString();
      return url.href;
    },

    exchangeCode({ code, codeVerifier, redirectUri }) {
      return token({ grant_type: "authorization_code", code, code_verifier: codeVerifier, redirect_uri: redirectUri });
    },

    refresh(refreshToken) {
      return token({ grant_type: "refresh_token", refresh_token: refreshToken });
    },

    async revoke(tokenValue) {
      const what = "Google revoke endpoint";
      const { status, body } = await send(what, options.revokeUrl ?? GOOGLE_REVOKE_URL, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token: tokenValue }),
      });
      // 400 invalid_token: Google no longer knows it (revoked from the Google account already).
      if (status === 200 || (status === 400 && body?.error === "invalid_token")) return;
      throw failure(what, status, body);
    },

    async myChannel(accessToken) {
      const body = await api("channels", { part: "snippet", mine: "true" }, accessToken);
      const channel = items(body, "YouTube channels")[0];
      const id = channel ? text(channel.id) : null;
      if (!channel || !id || !CHANNEL_ID.test(id)) return null;
      return { id, title: text(record(channel.snippet).title) ?? id };
    },

    async channelOf(accessToken, target) {
      const body =
        "handle" in target
          ? await api("channels", { part: "id", forHandle: target.handle }, accessToken)
          : await api("videos", { part: "snippet", id: target.videoId }, accessToken);
      const first = items(body, "YouTube lookup")[0];
      const id = first ? ("handle" in target ? text(first.id) : text(record(first.snippet).channelId)) : null;
      return id && CHANNEL_ID.test(id) ? id : null;
    },

    subscribedTo,
    ratings,

    async hasComment(accessToken, { videoId, channelId, searchTerms }) {
      const params: Record<string, string> = { part: "snippet", videoId, maxResults: "100", order: "time", textFormat: "plainText" };
      if (searchTerms?.trim()) params.searchTerms = searchTerms.trim();
      const body = await api("commentThreads", params, accessToken);
      return items(body, "YouTube commentThreads").some((thread) => {
        const top = record(record(record(thread).snippet).topLevelComment);
        return text(record(record(top.snippet).authorChannelId).value) === channelId;
      });
    },
  };
}

type Env = Record<string, string | undefined>;

function value(env: Env, name: string): string | undefined {
  return env[name]?.trim() || undefined;
}

/**
 * Connecting channels is on when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set (the same Google
 * client as sign-in, with the YouTube Data API enabled) and YOUTUBE_CONNECT is not "false";
 * YOUTUBE_LIKE_CHECKS=true adds like checks. Tests point GOOGLE_AUTH_URL, GOOGLE_TOKEN_URL,
 * GOOGLE_REVOKE_URL and YOUTUBE_API_BASE_URL at local fakes.
 */
export function youtubeAccountsFromEnv(env: Env = rawEnv()): YoutubeAccounts | null {
  const clientId = value(env, "GOOGLE_CLIENT_ID");
  const clientSecret = value(env, "GOOGLE_CLIENT_SECRET");
  if (!clientId || !clientSecret || value(env, "YOUTUBE_CONNECT") === "false") return null;
  for (const name of ["GOOGLE_AUTH_URL", "GOOGLE_TOKEN_URL", "GOOGLE_REVOKE_URL", "YOUTUBE_API_BASE_URL"]) {
    const url = value(env, name);
    if (url && !URL.canParse(url)) throw new Error(`${name} is not a valid URL: "${url}"`);
  }
  return youtubeAccounts({
    clientId,
    clientSecret,
    likeChecks: value(env, "YOUTUBE_LIKE_CHECKS") === "true",
    authUrl: value(env, "GOOGLE_AUTH_URL"),
    tokenUrl: value(env, "GOOGLE_TOKEN_URL"),
    revokeUrl: value(env, "GOOGLE_REVOKE_URL"),
    apiBaseUrl: value(env, "YOUTUBE_API_BASE_URL"),
  });
}
