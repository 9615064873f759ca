import { OpenAPIHono } from "@hono/zod-openapi";
import { publicStatsOutput } from "@/lib/schemas/stats";
import { cachedStats, STATS_TTL_MS } from "@/server/stats/public-stats";
import type { AppEnv } from "@/server/http/context";
import { dataEnvelope } from "@/server/http/envelope";
import { apiRoute, components, json } from "@/server/http/route-parts";

components({ PublicStats: publicStatsOutput });

const statsRoute = apiRoute({
  method: "get",
  path: "/stats",
  tags: ["Public"],
  summary: "The landing page's figures: campaigns run, tasks completed, boosters paid, Rials paid out (cached for a minute)",
  responses: { 200: { description: "The figures", ...json(dataEnvelope(publicStatsOutput)) } },
});

export function statsRoutes() {
  const stats = cachedStats();
  return new OpenAPIHono<AppEnv>().openapi(statsRoute, async (c) => {
    c.header("cache-control", `public, max-age=${STATS_TTL_MS / 1000}`);
    return c.json({ data: await stats(c.get("db")) }, 200);
  });
}
