import { z } from "zod";
import { activityOutput } from "./activities";
import { endpoint, idParam, text } from "./common";

/** The search box's limits: the query is trimmed first. */
export const CHANNEL_QUERY_MIN = 2;
export const CHANNEL_QUERY_MAX = 100;

export const channelSearchQuery = z.object({
  q: text().trim().min(CHANNEL_QUERY_MIN).max(CHANNEL_QUERY_MAX).meta({ example: "@googledevelopers" }),
});

/** One channel found: OpenAPI component YoutubeChannel. */
export const channelHitOutput = z.object({
  id: z.string().meta({ example: "UC_x5XG1OV2P6uZZ5FSM9Ttw" }),
  title: z.string(),
  handle: z.string().nullable().meta({ example: "@googledevelopers" }),
  thumbnail: z.string().nullable().meta({ description: "An https image URL" }),
  subscribers: z.number().int().nullable().meta({ description: "null when the channel hides its count" }),
  link: z
    .string()
    .meta({ description: "The channel link the create-campaign form accepts", example: "https://www.youtube.com/@googledevelopers" }),
});
export type ChannelHit = z.infer<typeof channelHitOutput>;
export const youtubeStatusOutput = z.object({ enabled: z.boolean() });
export type YoutubeStatus = z.infer<typeof youtubeStatusOutput>;

/** The pages a booster may be sent back to after Google's consent page (never a URL from the request). */
export const youtubeReturnTos = ["profile", "earn"] as const;
export type YoutubeReturnTo = (typeof youtubeReturnTos)[number];

/** What came of a connection attempt; the page it returns to says it (?youtube=<outcome>). */
export const youtubeConnectOutcomes = ["connected", "denied", "taken", "no_channel", "failed", "expired"] as const;
export type YoutubeConnectOutcome = (typeof youtubeConnectOutcomes)[number];

/** POST youtube/connect. */
export const youtubeConnectInput = z.object({
  likes: z.boolean().default(false).meta({ description: "Also ask for the permission like checks need (youtube.force-ssl)" }),
  return_to: z.enum(youtubeReturnTos).default("profile"),
});
export const youtubeConnectOutput = z.object({
  authorize_url: z.string().meta({ description: "Google's consent page: send the browser there" }),
});

/** GET youtube/callback: what Google appends to the redirect URI. */
export const youtubeCallbackQuery = z.object({
  state: text().max(200).default(""),
  code: text().max(2000).optional(),
  error: text().max(200).optional(),
});

/** GET youtube/connection. */
export const youtubeConnectionOutput = z.object({
  checks_today: z
    .object({
      state: z.enum(["open", "review", "paused"]).meta({
        description:
          "How new YouTube tasks are checked today: open (by the API), review (the day's quota is low: by people), paused (low: not offered)",
      }),
      resumes_at: z.string().meta({ description: "When Google's next quota day begins (midnight Pacific time), ISO 8601" }),
    })
    .meta({ description: "The day's YouTube quota as it touches new tasks" }),
  enabled: z.boolean().meta({ description: "Connecting a channel is possible here (Google's client is configured)" }),
  like_checks: z.boolean().meta({ description: "Like tasks are checked by the API here" }),
  channel: z
    .object({
      id: z.string(),
      title: z.string(),
      connected_at: z.string(),
      like_checks_granted: z.boolean(),
    })
    .nullable(),
});
export type YoutubeConnection = z.infer<typeof youtubeConnectionOutput>;

export const youtubeDisconnectOutput = z.object({
  revoked: z.boolean().meta({ description: "false: Google could not be reached; revoke at myaccount.google.com/permissions" }),
});

/** POST activities/{id}/check: the words of the comment, for comment tasks (to find it among many). */
export const activityCheckInput = z.object({
  comment: text("comment_invalid").trim().max(500, "comment_invalid").optional(),
});
export type ActivityCheckInput = z.input<typeof activityCheckInput>;

/** One Google day of the YouTube quota ledger (GET admin/youtube/quota). */
export const quotaKinds = ["check", "connect", "recheck", "counter", "search"] as const;
export const quotaDayOutput = z.object({
  day: z.string().meta({ description: "Google's quota day (midnight to midnight Pacific time), YYYY-MM-DD" }),
  quota: z.number().int().meta({ description: "Units a day (YOUTUBE_DAILY_QUOTA)" }),
  reserve: z.number().int().meta({ description: "Units kept for boosters' first checks and connecting (YOUTUBE_CHECK_RESERVE)" }),
  used: z
    .object({
      check: z.number().int(),
      connect: z.number().int(),
      recheck: z.number().int(),
      counter: z.number().int(),
      search: z.number().int(),
    })
    .meta({ description: "Units spent per kind of call: check, connect, recheck, counter, search" }),
  total: z.number().int(),
  refused: z.number().int().meta({ description: "Units asked for and refused by the budget" }),
  left: z.number().int().meta({ description: "Units left (0 once Google said the quota is spent)" }),
  spent_at: z.string().nullable().meta({ description: "When Google answered that the day's quota is spent" }),
  state: z.enum(["open", "low"]).meta({ description: "low: only the reserve is left, or Google said spent" }),
});
export type QuotaDay = z.infer<typeof quotaDayOutput>;
export const youtubeQuotaOutput = z.object({
  today: quotaDayOutput,
  low_mode: z
    .enum(["review", "pause"])
    .meta({ description: "What new API-checked work does while the day is low (YOUTUBE_QUOTA_LOW_MODE)" }),
  resumes_at: z.string().meta({ description: "When Google's next quota day begins, ISO 8601" }),
  history: z.array(quotaDayOutput).meta({ description: "The last 30 days that spent or refused anything, newest first" }),
});
export type YoutubeQuota = z.infer<typeof youtubeQuotaOutput>;

/* ---- Endpoints: the routes (server/youtube) and the browser (lib/api/youtube.ts, activities.ts) read these ---- */

export const youtubeEndpoints = {
  status: endpoint({ method: "get", path: "/youtube/status", response: youtubeStatusOutput }),
  channels: endpoint({ method: "get", path: "/youtube/channels", query: channelSearchQuery, response: z.array(channelHitOutput) }),
  connection: endpoint({ method: "get", path: "/youtube/connection", response: youtubeConnectionOutput }),
  connect: endpoint({ method: "post", path: "/youtube/connect", body: youtubeConnectInput, response: youtubeConnectOutput }),
  disconnect: endpoint({ method: "delete", path: "/youtube/connection", response: youtubeDisconnectOutput }),
  /** Google's redirect back after consent: 303 to the page that started. */
  callback: endpoint({ method: "get", path: "/youtube/callback", query: youtubeCallbackQuery, status: 303 }),
  /** The day's YouTube quota and the days before (admins). */
  quota: endpoint({ method: "get", path: "/admin/youtube/quota", response: youtubeQuotaOutput }),
  /** An API-checked task, checked with YouTube. */
  check: endpoint({ method: "post", path: "/activities/{id}/check", params: idParam, body: activityCheckInput, response: activityOutput }),
};
