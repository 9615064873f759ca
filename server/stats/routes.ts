import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { cachedStats, STATS_TTL_MS } from "@/server/stats/public-stats";
import type { AppEnv } from "@/server/http/context";
import { dataEnvelope } from "@/server/http/envelope";

const statsOutput = z
  .object({
    campaigns_run: z.number().int(),
    tasks_completed: z.number().int(),
    boosters_paid: z.number().int(),
    rials_paid_out: z.number().int().openapi({ description: "Rials of rewards credited to boosters" }),
  })
  .openapi("PublicStats");

const statsRoute = createRoute({
  method: "get",
  path: "/stats",
  tags: ["Public"],
  summary: "The landing page's figures: campaigns run, tasks completed, boosters paid, Rials paid out (cached for a minute)",
  responses: { 200: { description: "The figures", content: { "application/json": { schema: dataEnvelope(statsOutput) } } } },
});

export function statsRoutes() {
  const stats = cachedStats();
  return new OpenAPIHono<AppEnv>().openapi(statsRoute, async (c) => {
    c.header("cache-control", `public, max-age=${STATS_TTL_MS / 1000}`);
    return c.json({ data: await stats(c.get("db")) }, 200);
  });
}
