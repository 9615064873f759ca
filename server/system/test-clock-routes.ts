import { OpenAPIHono } from "@hono/zod-openapi";
import { systemEndpoints } from "@/lib/schemas/system";
import { env } from "@/server/core/env";
import { AppError } from "@/server/core/errors";
import { requireAdmin } from "@/server/http/auth";
import type { AppEnv, Services } from "@/server/http/context";
import { endpointRoute, err } from "@/server/http/route-parts";
import { appJobs } from "@/server/jobs";

const runRoute = endpointRoute(systemEndpoints.testClockRun, {
  middleware: [requireAdmin] as const,
  tags: ["System"],
  summary: "End-to-end tests only (TEST_CLOCK=true): run one job once, at once, as of advance_seconds from now",
  answer: "The job ran",
  responses: { 404: err("Not an admin, no such job, or the test clock is off") },
});

/**
 * Mounted only when TEST_CLOCK=true (server/app.ts): a test releases rewards after their retention
 * without waiting a week. The job runs here, once, as the runner would run it, but with its clock
 * `advance_seconds` ahead; nothing else moves (the runner's scheduled runs keep the system's time,
 * so they do not decide other tests' work early).
 */
export function testClockRoutes(services: Pick<Services, "gateways" | "youtubeAccounts" | "payouts" | "sms">) {
  return new OpenAPIHono<AppEnv>().openapi(runRoute, async (c) => {
    if (!env.TEST_CLOCK) throw new AppError("not_found");
    const input = c.req.valid("json");
    const job = appJobs(services.gateways, { youtube: services.youtubeAccounts, payouts: services.payouts, sms: services.sms }).find(
      (candidate) => candidate.name === input.job,
    );
    if (!job) throw new AppError("not_found");
    const now = new Date(Date.now() + input.advance_seconds * 1000);
    const output = await job.run({ db: c.get("db"), signal: c.req.raw.signal, now: () => now });
    return c.json({ data: { now: now.toISOString(), output: output ?? {} } }, 200);
  });
}
