import { OpenAPIHono } from "@hono/zod-openapi";
import { envelopeTarget } from "@/server/adapters/error-reporting";
import type { AppEnv } from "@/server/http/context";
import { AppError } from "@/server/core/errors";
import { env } from "@/server/core/env";
import { systemEndpoints } from "@/lib/schemas/system";
import { endpointRoute, err } from "@/server/http/route-parts";

export const TUNNEL_BODY_LIMIT_BYTES = 1024 * 1024;

const tunnel = endpointRoute(systemEndpoints.monitoring, {
  tags: ["System"],
  summary: "Sentry tunnel: the browser's error envelopes, forwarded to the configured DSN only",
  answer: "Forwarded",
  responses: {
    400: err("The body is not a Sentry envelope (its first line is not JSON)"),
    404: { description: "Error reporting is off, or the envelope names another DSN" },
    502: { description: "Sentry refused the envelope" },
    503: err("Sentry could not be reached"),
  },
});

const sampleError = endpointRoute(systemEndpoints.sentryExample, {
  tags: ["System"],
  summary: "Throws on purpose, to check that server errors reach error reporting (/sentry-example-page)",
  responses: { 500: { description: "Always" } },
});

export const monitoringRoutes = new OpenAPIHono<AppEnv>()
  .openapi(tunnel, async (c) => {
    const body = await c.req.text();
    if (body.length > TUNNEL_BODY_LIMIT_BYTES) throw new AppError("payload_too_large");
    let header: { dsn?: unknown } = {};
    try {
      header = JSON.parse(body.slice(0, body.indexOf("\n") >>> 0 || body.length)) as { dsn?: unknown };
    } catch {
      throw new AppError("bad_request");
    }
    const target = typeof header.dsn === "string" ? envelopeTarget(header.dsn, env.NEXT_PUBLIC_SENTRY_DSN || env.SENTRY_DSN) : null;
    if (!target) throw new AppError("not_found");
    const forwarded = await fetch(target, { method: "POST", body, headers: { "content-type": "application/x-sentry-envelope" } }).catch(
      () => null,
    );
    if (!forwarded) throw new AppError("service_unavailable");
    return c.body(null, forwarded.ok ? 200 : 502);
  })
  .openapi(sampleError, () => {
    throw new Error("Sentry example API error: thrown on purpose by GET /api/sentry-example-api");
  });
