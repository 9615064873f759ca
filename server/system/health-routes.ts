import { OpenAPIHono } from "@hono/zod-openapi";
import { systemEndpoints } from "@/lib/schemas/system";
import type { AppEnv } from "@/server/http/context";
import { endpointRoute, err } from "@/server/http/route-parts";
import { AppError } from "@/server/core/errors";

const health = endpointRoute(systemEndpoints.health, {
  tags: ["System"],
  summary: "Liveness and database check",
  answer: "The app and its database answer",
  responses: { 503: err("The database does not answer") },
});

export const healthRoutes = new OpenAPIHono<AppEnv>().openapi(health, async (c) => {
  try {
    await c.get("ping")();
  } catch {
    throw new AppError("service_unavailable");
  }
  c.header("Cache-Control", "no-store");
  return c.json({ data: { status: "ok" as const, database: "ok" as const } }, 200);
});
