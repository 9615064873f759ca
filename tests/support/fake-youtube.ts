/**
 * A stand-in for the YouTube Data API v3 on 127.0.0.1, answering as its reference says
 * (https://developers.google.com/youtube/v3/docs): GET /channels (channels.list by `forHandle` or up to 50
 * `id`s, the parts asked for), GET /videos (videos.list by up to 50 `id`s, `snippet` and `statistics`) and
 * GET /search (search.list, `type=channel`), each with `?key=`. Subscriber counts are rounded down to three
 * significant figures above 1,000, as YouTube gives them; a hidden count is left out (hiddenSubscriberCount). Errors come in Google's shape
 * `{error:{code, message, errors:[{message, domain, reason}], status}}`. Plain node:http, no dependencies.
 *
 * Use `url` as YOUTUBE_API_BASE_URL. Run on its own with `npx tsx tests/support/fake-youtube.ts`
 * (FAKE_YOUTUBE_PORT, YOUTUBE_API_KEY), for end-to-end tests: it then serves a few demo channels and a
 * video, and POST /__fake/youtube changes their counts or fails the next call (quota, 500).
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { fakeDelay, isMain, readBody, sendJson, serveUntilStopped, listenOnLoopback } from "./fake-http";
import { fakeGoogleState, fakeGoogleUser, googleAccountHandler, type FakeGoogleState } from "./fake-google-account";

export type FakeChannel = {
  /** UC + 22 characters. */
  id: string;
  title: string;
  /** "@name", or null for a channel without a handle. */
  handle: string | null;
  /** null: the channel hides its count (hiddenSubscriberCount, no subscriberCount). */
  subscribers: number | null;
  description?: string;
  /** Views of all its videos (default 1,000,000). */
  views?: number;
};

export type FakeVideo = {
  /** 11 characters. */
  id: string;
  /** The channel that uploaded it. */
  channelId: string;
  title?: string;
  views: number;
  /** null: the owner hides the count (no likeCount in the answer). */
  likes: number | null;
  /** null: comments are off (no commentCount in the answer). */
  comments: number | null;
};

export type FakeYoutubeRequest = {
  /** "/channels", "/videos" or "/search" (or whatever else was asked). */
  path: string;
  /** The query parameters, `key` included. */
  params: Record<string, string>;
  at: Date;
};

/** quota: 403 quotaExceeded; keyInvalid: 400 keyInvalid; server: 500 backendError; html: 502 with an HTML page. */
export type FakeYoutubeFailure = "quota" | "keyInvalid" | "server" | "html";

export type FakeYoutube = {
  /** Use as YOUTUBE_API_BASE_URL, e.g. http://127.0.0.1:41234 */
  url: string;
  /** Every request, oldest first. */
  requests: FakeYoutubeRequest[];
  /** The channels it knows; tests may push more, or change one's counts in place. */
  channels: FakeChannel[];
  /** The videos it knows, the same way. */
  videos: FakeVideo[];
  /** The next request is answered with this failure. */
  failNext(failure: FakeYoutubeFailure): void;
  /** Every request is answered with this failure until set back to null. */
  setFailure(failure: FakeYoutubeFailure | null): void;
  /** Wait this long before answering each request. */
  setDelay(ms: number): void;
  /**
   * Google's daily quota for the project: each data call (with the key or a user's token) costs its units
   * (search.list 100, the rest 1) and one past the quota is answered 403 quotaExceeded; null: unlimited.
   */
  setDailyQuota(units: number | null): void;
  /** Units the data calls spent since the quota was set or the day turned. */
  unitsUsed(): number;
  /** Google's day turns: the units spent go back to zero. */
  newDay(): void;
  close(): Promise<void>;
};

const CHANNEL_PARTS = new Set([
  "id",
  "snippet",
  "statistics",
  "contentDetails",
  "brandingSettings",
  "status",
  "topicDetails",
  "localizations",
]);
const QUOTA_MESSAGE =
  'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.';

function googleError(code: number, reason: string, message: string, domain = "global", status?: string) {
  return { error: { code, message, errors: [{ message, domain, reason }], ...(status ? { status } : {}) } };
}

const thumbnails = (channel: FakeChannel) => {
  const base = `https://yt3.ggpht.com/fake-${channel.id}`;
  return {
    default: { url: `${base}=s88-c-k-c0x00ffffff-no-rj`, width: 88, height: 88 },
    medium: { url: `${base}=s240-c-k-c0x00ffffff-no-rj`, width: 240, height: 240 },
    high: { url: `${base}=s800-c-k-c0x00ffffff-no-rj`, width: 800, height: 800 },
  };
};

/** As YouTube shows subscriber counts since 2019: above 1,000, rounded down to three significant figures. */
export function roundedSubscribers(count: number): number {
  if (count < 1000) return count;
  const unit = 10 ** (Math.floor(Math.log10(count)) - 2);
  return Math.floor(count / unit) * unit;
}

/** A resource with only the parts asked for (`id` always), as the API answers. */
function withParts(base: Record<string, unknown>, parts: Set<string>, all: Record<string, unknown>) {
  return { ...base, ...Object.fromEntries(Object.entries(all).filter(([part]) => parts.has(part))) };
}

function channelResource(channel: FakeChannel, parts: Set<string>) {
  return withParts({ kind: "youtube#channel", etag: `etag-${channel.id}`, id: channel.id }, parts, {
    snippet: {
      title: channel.title,
      description: channel.description ?? "",
      ...(channel.handle ? { customUrl: channel.handle.toLowerCase() } : {}),
      publishedAt: "2019-03-21T10:00:00Z",
      thumbnails: thumbnails(channel),
      localized: { title: channel.title, description: channel.description ?? "" },
    },
    statistics: {
      viewCount: String(channel.views ?? 1_000_000),
      ...(channel.subscribers === null ? {} : { subscriberCount: String(roundedSubscribers(channel.subscribers)) }),
      hiddenSubscriberCount: channel.subscribers === null,
      videoCount: "42",
    },
  });
}

function videoResource(video: FakeVideo, parts: Set<string>) {
  return withParts({ kind: "youtube#video", etag: `etag-${video.id}`, id: video.id }, parts, {
    snippet: {
      publishedAt: "2026-01-10T10:00:00Z",
      channelId: video.channelId,
      title: video.title ?? `Video ${video.id}`,
      description: "",
      channelTitle: "",
      categoryId: "22",
      liveBroadcastContent: "none",
    },
    statistics: {
      viewCount: String(video.views),
      ...(video.likes === null ? {} : { likeCount: String(video.likes) }),
      favoriteCount: "0",
      ...(video.comments === null ? {} : { commentCount: String(video.comments) }),
    },
  });
}

function searchResult(channel: FakeChannel) {
  return {
    kind: "youtube#searchResult",
    etag: `search-${channel.id}`,
    id: { kind: "youtube#channel", channelId: channel.id },
    snippet: {
      publishedAt: "2019-03-21T10:00:00Z",
      channelId: channel.id,
      title: channel.title,
      description: channel.description ?? "",
      thumbnails: { default: { url: thumbnails(channel).default.url }, medium: { url: thumbnails(channel).medium.url } },
      channelTitle: channel.title,
      liveBroadcastContent: "none",
      publishTime: "2019-03-21T10:00:00Z",
    },
  };
}

/** A channel list answer: `items` is absent when nothing matched, as the real API does. */
function listAnswer(kind: string, items: unknown[], perPage: number) {
  return {
    kind,
    etag: "fake-etag",
    pageInfo: { totalResults: items.length, resultsPerPage: perPage },
    ...(items.length > 0 ? { items } : {}),
  };
}

const VIDEO_PARTS = new Set(["id", "snippet", "statistics", "contentDetails", "status", "player", "topicDetails", "localizations"]);

/** Finds by id in a list tests may push to: the index is rebuilt when the list has grown or shrunk. */
function indexOf<T extends { id: string }>(list: T[]) {
  let byId = new Map<string, T>();
  let size = -1;
  return (id: string) => {
    if (size !== list.length) {
      byId = new Map(list.map((item) => [item.id, item]));
      size = list.length;
    }
    return byId.get(id);
  };
}

/** The data API's calls, with the key or a user's token: what Google's quota counts. */
const DATA_PATHS = new Set(["/channels", "/videos", "/search", "/videos/getRating", "/subscriptions", "/commentThreads"]);

export async function startFakeYoutube({
  apiKey,
  channels = [],
  videos = [],
  port = 0,
  google,
}: {
  apiKey: string;
  channels?: FakeChannel[];
  videos?: FakeVideo[];
  port?: number;
  /** Also answer as Google's OAuth endpoints and the API with users' tokens (tests/support/fake-google-account.ts). */
  google?: FakeGoogleState;
}): Promise<FakeYoutube> {
  const googleHandler = google ? googleAccountHandler(google) : null;
  const requests: FakeYoutubeRequest[] = [];
  const known = [...channels];
  const knownVideos = [...videos];
  const channelById = indexOf(known);
  const videoById = indexOf(knownVideos);
  let nextFailure: FakeYoutubeFailure | null = null;
  let failure: FakeYoutubeFailure | null = null;
  const delay = fakeDelay();
  let dailyQuota: number | null = null;
  let used = 0;

  function sendFailure(response: ServerResponse, kind: FakeYoutubeFailure) {
    if (kind === "quota") return sendJson(response, 403, googleError(403, "quotaExceeded", QUOTA_MESSAGE, "youtube.quota"));
    if (kind === "keyInvalid")
      return sendJson(
        response,
        400,
        googleError(400, "keyInvalid", "API key not valid. Please pass a valid API key.", "global", "INVALID_ARGUMENT"),
      );
    if (kind === "server") return sendJson(response, 500, googleError(500, "backendError", "Backend Error"));
    if (response.destroyed) return;
    response.writeHead(502, { "content-type": "text/html; charset=utf-8" });
    response.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
  }

  const badRequest = (response: ServerResponse, reason: string, message: string) =>
    sendJson(response, 400, googleError(400, reason, message, "youtube.parameter", "INVALID_ARGUMENT"));

  /** The parts asked for, or null (answered 400) when none or one the resource does not have. */
  function partsOf(response: ServerResponse, params: URLSearchParams, allowed: Set<string>): Set<string> | null {
    const parts = (params.get("part") ?? "").split(",").map((part) => part.trim());
    if (!params.get("part")) {
      badRequest(response, "missingRequiredParameter", "No filter selected. Expected one of: part");
      return null;
    }
    const unknown = parts.find((part) => !allowed.has(part));
    if (unknown !== undefined) {
      badRequest(response, "unknownPart", `'${unknown}'`);
      return null;
    }
    return new Set(parts);
  }

  function channelsList(response: ServerResponse, params: URLSearchParams) {
    const parts = partsOf(response, params, CHANNEL_PARTS);
    if (!parts) return;
    const filters = ["id", "forHandle", "forUsername", "mine", "managedByMe", "categoryId"].filter((name) => params.has(name));
    if (filters.length !== 1)
      return badRequest(
        response,
        "incompatibleParameters",
        "Incompatible parameters specified in the request: exactly one filter is expected",
      );

    let found: FakeChannel[];
    if (params.has("forHandle")) {
      // The handle may come with or without its "@"; handles ignore case.
      const wanted = `@${(params.get("forHandle") ?? "").replace(/^@/, "")}`.toLowerCase();
      found = known.filter((channel) => channel.handle?.toLowerCase() === wanted);
    } else if (params.has("id")) {
      const ids = (params.get("id") ?? "").split(",").filter(Boolean);
      if (ids.length > 50) return badRequest(response, "invalidValue", "Too many ids: at most 50");
      found = ids.map(channelById).filter((channel): channel is FakeChannel => Boolean(channel));
    } else {
      found = [];
    }
    sendJson(
      response,
      200,
      listAnswer(
        "youtube#channelListResponse",
        found.map((channel) => channelResource(channel, parts)),
        5,
      ),
    );
  }

  function videosList(response: ServerResponse, params: URLSearchParams) {
    const parts = partsOf(response, params, VIDEO_PARTS);
    if (!parts) return;
    const filters = ["id", "chart", "myRating"].filter((name) => params.has(name));
    if (filters.length !== 1)
      return badRequest(
        response,
        "incompatibleParameters",
        "Incompatible parameters specified in the request: exactly one filter is expected",
      );
    if (!params.has("id")) return sendJson(response, 200, listAnswer("youtube#videoListResponse", [], 5));
    const ids = (params.get("id") ?? "").split(",").filter(Boolean);
    if (ids.length > 50) return badRequest(response, "invalidValue", "Too many ids: at most 50");
    // Deleted and private videos are left out of the answer, as the API does.
    const found = ids.map(videoById).filter((video): video is FakeVideo => Boolean(video));
    sendJson(
      response,
      200,
      listAnswer(
        "youtube#videoListResponse",
        found.map((video) => videoResource(video, parts)),
        found.length,
      ),
    );
  }

  function searchList(response: ServerResponse, params: URLSearchParams) {
    if (params.get("part") !== "snippet") return badRequest(response, "invalidPart", "The part parameter must be snippet");
    const maxResults = Number(params.get("maxResults") ?? "5");
    if (!Number.isInteger(maxResults) || maxResults < 0 || maxResults > 50)
      return badRequest(response, "invalidValue", "Invalid value for maxResults: expected 0 to 50");
    const type = params.get("type") ?? "video,channel,playlist";
    const words = (params.get("q") ?? "").toLowerCase().replace(/^@/, "").split(/\s+/).filter(Boolean);
    const matches = type.split(",").includes("channel")
      ? known.filter((channel) => {
          const haystack = `${channel.title} ${channel.handle ?? ""} ${channel.description ?? ""}`.toLowerCase();
          return words.length > 0 && words.every((word) => haystack.includes(word));
        })
      : [];
    sendJson(response, 200, {
      ...listAnswer("youtube#searchListResponse", matches.slice(0, maxResults).map(searchResult), maxResults),
      regionCode: "IR",
    });
  }

  /**
   * For end-to-end runs, what a test changes on "YouTube" (POST JSON, not counted as a request):
   * `failNext` (the next call's failure), `channel` / `video` (an id and the counts to set; `subscribers`
   * null hides the count).
   */
  async function control(request: IncomingMessage, response: ServerResponse) {
    const body = JSON.parse(await readBody(request)) as {
      failNext?: FakeYoutubeFailure;
      channel?: Partial<FakeChannel> & { id: string };
      video?: Partial<FakeVideo> & { id: string };
    };
    if (body.failNext) nextFailure = body.failNext;
    const channel = body.channel ? channelById(body.channel.id) : undefined;
    if (body.channel && !channel) return sendJson(response, 404, { error: "no such channel" });
    if (channel) Object.assign(channel, body.channel);
    const video = body.video ? videoById(body.video.id) : undefined;
    if (body.video && !video) return sendJson(response, 404, { error: "no such video" });
    if (video) Object.assign(video, body.video);
    sendJson(response, 200, { ok: true });
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://127.0.0.1");
    if (url.pathname === "/__fake/youtube" && request.method === "POST") {
      control(request, response).catch(() => sendJson(response, 400, { error: "bad request" }));
      return;
    }
    requests.push({ path: url.pathname, params: Object.fromEntries(url.searchParams), at: new Date() });

    void (async () => {
      await delay.pause();
      if (response.destroyed) return;
      if (dailyQuota !== null && DATA_PATHS.has(url.pathname)) {
        const cost = url.pathname === "/search" ? 100 : 1;
        if (used + cost > dailyQuota) return sendFailure(response, "quota");
        used += cost;
      }
      if (googleHandler && (await googleHandler(request, response, url))) return;
      const forced = nextFailure ?? failure;
      nextFailure = null;
      if (forced) return sendFailure(response, forced);

      if (request.method !== "GET") return sendJson(response, 405, googleError(405, "methodNotAllowed", "Method Not Allowed"));
      const key = url.searchParams.get("key");
      if (!key)
        return sendJson(
          response,
          403,
          googleError(
            403,
            "forbidden",
            "Method doesn't allow unregistered callers (callers without established identity). Please use API Key or other form of API consumer identity to call this API.",
            "global",
            "PERMISSION_DENIED",
          ),
        );
      if (key !== apiKey)
        return sendJson(
          response,
          400,
          googleError(400, "keyInvalid", "API key not valid. Please pass a valid API key.", "global", "INVALID_ARGUMENT"),
        );

      if (url.pathname === "/channels") return channelsList(response, url.searchParams);
      if (url.pathname === "/videos") return videosList(response, url.searchParams);
      if (url.pathname === "/search") return searchList(response, url.searchParams);
      sendJson(response, 404, googleError(404, "notFound", "Not Found"));
    })().catch(() => {
      if (!response.headersSent) sendFailure(response, "server");
    });
  });

  const baseUrl = await listenOnLoopback(server, port);

  return {
    url: baseUrl,
    requests,
    channels: known,
    videos: knownVideos,
    failNext(kind) {
      nextFailure = kind;
    },
    setFailure(kind) {
      failure = kind;
    },
    setDelay: delay.setDelay,
    setDailyQuota(units) {
      dailyQuota = units;
      used = 0;
    },
    unitsUsed: () => used,
    newDay() {
      used = 0;
    },
    close: () => delay.close(server),
  };
}

/** A few channels for end-to-end runs of the standalone fake. */
export const DEMO_CHANNELS: FakeChannel[] = [
  { id: "UCtakapooDemoChannel0001", title: "Takapoo", handle: "@takapoo", subscribers: 12_400, description: "Takapoo demo channel" },
  { id: "UCtakapooCookingChann001", title: "آشپزی با سارا", handle: "@sara.cooks", subscribers: 1_250_000, description: "Persian cooking" },
  { id: "UCtakapooHiddenCount0001", title: "Takapoo Studio", handle: null, subscribers: null, description: "Studio sessions" },
];

/** The demo video boosters like, comment on and watch, on the Takapoo channel. */
export const DEMO_VIDEOS: FakeVideo[] = [
  { id: "dQw4w9WgXcQ", channelId: DEMO_CHANNELS[0]!.id, title: "Takapoo demo", views: 48_210, likes: 1_320, comments: 87 },
];

// Standalone: `npx tsx tests/support/fake-youtube.ts` for Playwright's webServer.
if (isMain(import.meta.url)) {
  const fake = await startFakeYoutube({
    apiKey: process.env.YOUTUBE_API_KEY || "test-youtube-key",
    channels: DEMO_CHANNELS,
    videos: DEMO_VIDEOS,
    port: Number(process.env.FAKE_YOUTUBE_PORT || 0),
    google: fakeGoogleState({
      clientId: process.env.GOOGLE_CLIENT_ID || "e2e-google-client",
      clientSecret: process.env.GOOGLE_CLIENT_SECRET || "e2e-google-secret",
      // Boosters' Google accounts, each with its own channel; the consent page lets the test pick one.
      users: Array.from({ length: 12 }, (_, i) =>
        fakeGoogleUser(`booster${i + 1}@gmail.test`, {
          id: `UCfakeBoosterChannel${String(i + 1).padStart(4, "0")}`,
          title: `Booster ${i + 1}`,
        }),
      ),
      handles: new Map(DEMO_CHANNELS.filter((c) => c.handle).map((c) => [c.handle!.toLowerCase(), c.id])),
      videos: new Map([["dQw4w9WgXcQ", DEMO_CHANNELS[0]!.id]]),
    }),
  });
  serveUntilStopped("fake-youtube", fake);
}
