import { OpenAPIHono } from "@hono/zod-openapi";
import { publicStatsOutput, statsEndpoints } from "@/lib/schemas/stats";
import { cachedStats, STATS_TTL_MS } from "@/server/stats/public-stats";
import type { AppEnv } from "@/server/http/context";
import { components, endpointRoute } from "@/server/http/route-parts";

components({ PublicStats: publicStatsOutput });

const statsRoute = endpointRoute(statsEndpoints.public, {
  tags: ["Public"],
  summary: "The landing page's figures: campaigns run, tasks completed, boosters paid, Rials paid out (cached for a minute)",
  answer: "The figures",
});

export function statsRoutes() {
  const stats = cachedStats();
  return new OpenAPIHono<AppEnv>().openapi(statsRoute, async (c) => {
    c.header("cache-control", `public, max-age=${STATS_TTL_MS / 1000}`);
    return c.json({ data: await stats(c.get("db")) }, 200);
  });
}
