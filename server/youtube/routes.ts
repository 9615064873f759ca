import { OpenAPIHono, z } from "@hono/zod-openapi";
import { CHANNEL_QUERY_MAX, CHANNEL_QUERY_MIN, channelHitOutput, channelSearchQuery, youtubeStatusOutput } from "@/lib/schemas/youtube";
import type { MiddlewareHandler } from "hono";
import { YoutubeUnavailable, type YoutubeSearch } from "@/server/adapters/youtube";
import { requireUser } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/context";
import { dataEnvelope, errorResponses } from "@/server/http/envelope";
import { AppError } from "@/server/core/errors";
import { apiRoute, components, err, json } from "@/server/http/route-parts";

export { CHANNEL_QUERY_MAX, CHANNEL_QUERY_MIN };

components({ YoutubeChannel: channelHitOutput });

const statusRoute = apiRoute({
  method: "get",
  path: "/youtube/status",
  tags: ["YouTube"],
  summary: "Whether YouTube channel search is available here (it needs YOUTUBE_API_KEY)",
  responses: { 200: { description: "enabled: the search box may be shown", ...json(dataEnvelope(youtubeStatusOutput)) } },
});

const searchRoute = apiRoute({
  method: "get",
  path: "/youtube/channels",
  middleware: [requireUser] as const,
  tags: ["YouTube"],
  summary: "Find YouTube channels by name or @handle (at most 5, best first)",
  request: {
    query: channelSearchQuery,
  },
  responses: {
    200: { description: "The channels found; [] when none", ...json(dataEnvelope(z.array(channelHitOutput))) },
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
