import { OpenAPIHono } from "@hono/zod-openapi";
import { CHANNEL_QUERY_MAX, CHANNEL_QUERY_MIN, channelHitOutput, quotaDayOutput, youtubeEndpoints } from "@/lib/schemas/youtube";
import type { MiddlewareHandler } from "hono";
import { YoutubeUnavailable, type YoutubeSearch } from "@/server/adapters/youtube";
import { requireAdmin, requireUser } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/context";
import { errorResponses } from "@/server/http/envelope";
import { AppError } from "@/server/core/errors";
import { components, endpointRoute, err } from "@/server/http/route-parts";
import { nextGoogleDay, quotaConfig, quotaHistory, quotaMeter, quotaToday, toQuotaDayOutput } from "@/server/youtube/quota";

export { CHANNEL_QUERY_MAX, CHANNEL_QUERY_MIN };

components({ YoutubeChannel: channelHitOutput, YoutubeQuotaDay: quotaDayOutput });

const statusRoute = endpointRoute(youtubeEndpoints.status, {
  tags: ["YouTube"],
  summary: "Whether YouTube channel search is available here (it needs YOUTUBE_API_KEY)",
  answer: "enabled: the search box may be shown",
});

const searchRoute = endpointRoute(youtubeEndpoints.channels, {
  middleware: [requireUser] as const,
  tags: ["YouTube"],
  summary: "Find YouTube channels by name or @handle (at most 5, best first)",
  answer: "The channels found; [] when none",
  responses: {
    404: err("Channel search is off here (no YOUTUBE_API_KEY)"),
    503: err("YouTube cannot be reached, refuses the key or the daily quota is spent"),
    ...errorResponses,
  },
});

const quotaRoute = endpointRoute(youtubeEndpoints.quota, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "YouTube's daily quota: units used per kind of call, reserved and left today (Google's day), and the days before",
  answer: "Today and the last 30 days",
  responses: { 404: err("Not an admin") },
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
    .openapi(quotaRoute, async (c) => {
      c.header("Cache-Control", "private, no-store");
      const db = c.get("db");
      const config = quotaConfig();
      const [today, history] = await Promise.all([quotaToday({ db }, { config }), quotaHistory({ db }, { days: 30, config })]);
      return c.json(
        {
          data: {
            today: toQuotaDayOutput(today),
            low_mode: config.lowMode,
            resumes_at: nextGoogleDay(new Date()).toISOString(),
            history: history.map(toQuotaDayOutput),
          },
        },
        200,
      );
    })
    .openapi(searchRoute, async (c) => {
      const { q } = c.req.valid("query");
      try {
        // Counted as search in the day's quota (search.list costs 100 units): it stops before the reserve.
        return c.json({ data: await youtube!.metered(quotaMeter({ db: c.get("db") }, "search")).searchChannels(q) }, 200);
      } catch (error) {
        if (!(error instanceof YoutubeUnavailable)) throw error;
        // The message names the call and the provider's reason, never the key.
        console.error(`[youtube] channel search failed (${error.reason}): ${error.message}`);
        throw new AppError("service_unavailable");
      }
    });
}
