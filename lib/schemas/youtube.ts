import { z } from "zod";

/** The search box's limits: the query is trimmed first. */
export const CHANNEL_QUERY_MIN = 2;
export const CHANNEL_QUERY_MAX = 100;

export const channelSearchQuery = z.object({
  q: z.string().trim().min(CHANNEL_QUERY_MIN).max(CHANNEL_QUERY_MAX).meta({ example: "@googledevelopers" }),
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
