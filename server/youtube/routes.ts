import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import { YoutubeUnavailable, type YoutubeSearch } from "@/server/adapters/youtube";
import { requireUser } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/context";
import { dataEnvelope, errorResponses } from "@/server/http/envelope";
import { AppError } from "@/server/core/errors";
import { err, json } from "@/server/http/route-parts";

/** The search box's limits: the query is trimmed first. */
export const CHANNEL_QUERY_MIN = 2;
export const CHANNEL_QUERY_MAX = 100;

const channelHitOutput = z
  .object({
    id: z.string().openapi({ example: "UC_x5XG1OV2P6uZZ5FSM9Ttw" }),
    title: z.string(),
    handle: z.string().nullable().openapi({ example: "@googledevelopers" }),
    thumbnail: z.string().nullable().openapi({ description: "An https image URL" }),
    subscribers: z.number().int().nullable().openapi({ description: "null when the channel hides its count" }),
    link: z
      .string()
      .openapi({ description: "The channel link the create-campaign form accepts", example: "https://www.youtube.com/@googledevelopers" }),
  })
  .openapi("YoutubeChannel");

const statusRoute = createRoute({
  method: "get",
  path: "/youtube/status",
  tags: ["YouTube"],
  summary: "Whether YouTube channel search is available here (it needs YOUTUBE_API_KEY)",
  responses: { 200: { description: "enabled: the search box may be shown", ...json(dataEnvelope(z.object({ enabled: z.boolean() }))) } },
});

const searchRoute = createRoute({
  method: "get",
  path: "/youtube/channels",
  middleware: [requireUser] as const,
  tags: ["YouTube"],
  summary: "Find YouTube channels by name or @handle (at most 5, best first)",
  security: [{ bearer: [] }],
  request: {
    query: z.object({
      q: z.string().trim().min(CHANNEL_QUERY_MIN).max(CHANNEL_QUERY_MAX).openapi({ example: "@googledevelopers" }),
    }),
  },
  responses: {
    200: { description: "The channels found; [] when none", ...json(dataEnvelope(z.array(channelHitOutput))) },
    401: err("Not logged in"),
    404: err("Channel search is off here (no YOUTUBE_API_KEY)"),
    503: err("YouTube cannot be reached, refuses the key or the daily quota is spent"),
    ...errorResponses,
  },
});

/**
 * YouTube channel search for the create-campaign form; `youtube` null (no YOUTUBE_API_KEY) turns it off:
 * status says so and the search answers 404 to everyone, before anything else is checked.
 */
export function youtubeRoutes(youtube: YoutubeSearch | null) {
  const searchOn: MiddlewareHandler<AppEnv> = async (_c, next) => {
    if (!youtube) throw new AppError("not_found");
    await next();
  };
  const app = new OpenAPIHono<AppEnv>();
  app.use(searchRoute.path, searchOn);
  return app
    .openapi(statusRoute, (c) => {
      c.header("Cache-Control", "private, no-store");
      return c.json({ data: { enabled: youtube !== null } }, 200);
    })
    .openapi(searchRoute, async (c) => {
      const { q } = c.req.valid("query");
      try {
        return c.json({ data: await youtube!.searchChannels(q) }, 200);
      } catch (error) {
        if (!(error instanceof YoutubeUnavailable)) throw error;
        // The message names the call and the provider's reason, never the key.
        console.error(`[youtube] channel search failed (${error.reason}): ${error.message}`);
        throw new AppError("service_unavailable");
      }
    });
}
