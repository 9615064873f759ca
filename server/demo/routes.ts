import { OpenAPIHono } from "@hono/zod-openapi";
import { demoClockOutput, demoEndpoints } from "@/lib/schemas/demo";
import { env } from "@/server/core/env";
import { AppError } from "@/server/core/errors";
import { requireAdmin } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { components, endpointRoute, err } from "@/server/http/route-parts";
import { appJobs } from "@/server/jobs";
import { advanceDemoClock, demoClock } from "./clock";

components({ DemoClock: demoClockOutput });

/**
 * A demo installation (issue 34): demo data on, and nothing that could take real money or reach a real
 * phone — the sandbox bank alone (or no bank), no payout rail or IBAN check, SMS written to the log only.
 * Anything else is a real installation: no clock to move there.
 */
export function isDemoInstallation(services: Pick<Services, "gateways" | "payouts" | "sms">): boolean {
  return (
    env.SEED_DEMO_DATA &&
    services.sms.logsOnly === true &&
    services.payouts.rail === null &&
    services.payouts.ibanOwner === null &&
    [...services.gateways.keys()].every((id) => id === "sandbox")
  );
}

const clockRoute = endpointRoute(demoEndpoints.clock, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "A demo installation's clock: how many days ahead of today its jobs run",
  answer: "The clock",
  responses: { 404: err("Not an admin, or not a demo installation") },
});
const advanceRoute = endpointRoute(demoEndpoints.advance, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary:
    "A demo installation only: move its clock a day or a week forward and run the time-bound jobs (release, completion, invitation rewards, plans ending) as of then",
  answer: "The clock moved, and what the jobs did",
  responses: { 404: err("Not an admin, or not a demo installation") },
});

/** The demo's clock in the back office; 404 on a real installation, as for anyone not an admin. */
export function demoRoutes(services: Services) {
  const demo = () => {
    if (!isDemoInstallation(services)) throw new AppError("not_found");
  };
  return new OpenAPIHono<AppEnv>()
    .openapi(clockRoute, async (c) => {
      demo();
      return c.json({ data: await demoClock({ db: c.get("db") }) }, 200);
    })
    .openapi(advanceRoute, async (c) => {
      demo();
      const jobs = appJobs(services.gateways, { youtube: services.youtubeAccounts, payouts: services.payouts, sms: services.sms });
      return c.json({ data: await advanceDemoClock(ctxOf(c, services), { days: c.req.valid("json").days, jobs }) }, 200);
    });
}
