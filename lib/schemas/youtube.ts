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

/* ---- Endpoints: the routes (server/youtube) and the browser (lib/api/youtube.ts, activities.ts) read these ---- */

export const youtubeEndpoints = {
  status: endpoint({ method: "get", path: "/youtube/status", response: youtubeStatusOutput }),
  channels: endpoint({ method: "get", path: "/youtube/channels", query: channelSearchQuery, response: z.array(channelHitOutput) }),
  connection: endpoint({ method: "get", path: "/youtube/connection", response: youtubeConnectionOutput }),
  connect: endpoint({ method: "post", path: "/youtube/connect", body: youtubeConnectInput, response: youtubeConnectOutput }),
  disconnect: endpoint({ method: "delete", path: "/youtube/connection", response: youtubeDisconnectOutput }),
  /** Google's redirect back after consent: 303 to the page that started. */
  callback: endpoint({ method: "get", path: "/youtube/callback", query: youtubeCallbackQuery, status: 303 }),
  /** An API-checked task, checked with YouTube. */
  check: endpoint({ method: "post", path: "/activities/{id}/check", params: idParam, body: activityCheckInput, response: activityOutput }),
};
