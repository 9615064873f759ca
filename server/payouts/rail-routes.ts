import { OpenAPIHono } from "@hono/zod-openapi";
import { payoutEndpoints } from "@/lib/schemas/payouts";
import { AppError } from "@/server/core/errors";
import { requireAdmin } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { endpointRoute, err } from "@/server/http/route-parts";
import { findPayout } from "@/server/payouts/queries";
import { toPayoutOutput } from "@/server/payouts/present";
import { inquireSentPayout, sendApprovedPayouts } from "@/server/payouts/send";

const notFound = { 404: err("Not found (also for anyone who is not an admin)") };
const manual = { 409: err("No payout API is configured (payout_rail_manual), or the payout was not sent through it") };

const railRoute = endpointRoute(payoutEndpoints.rail, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Where approved payouts go (the manual export or an API rail) and the API rail's balance",
  answer: "The rail",
  responses: notFound,
});

const submitRoute = endpointRoute(payoutEndpoints.submit, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Send approved payouts through the API rail now (the job does it every minute)",
  answer: "What was sent",
  responses: { ...notFound, ...manual },
});

const inquireRoute = endpointRoute(payoutEndpoints.inquire, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Ask the API rail now what became of a sent payout whose outcome is unknown, and apply its answer",
  answer: "The payout after the answer",
  responses: { ...notFound, ...manual },
});

/** The back office's view of the payout rail (issue 17 part 4): its balance, sending now, and the reconciliation's "ask now". */
export function payoutRailRoutes(services: Services) {
  const rail = services.payouts.rail;
  return new OpenAPIHono<AppEnv>()
    .openapi(railRoute, async (c) => {
      if (!rail) return c.json({ data: { rail: "manual" as const, automatic: false, balance: null, balance_error: null } }, 200);
      const balance = await rail.balance().then(
        (amount) => ({ balance: amount, balance_error: null }),
        (error: unknown) => ({ balance: null, balance_error: error instanceof Error ? error.message : "unknown error" }),
      );
      return c.json({ data: { rail: rail.id, automatic: true, ...balance } }, 200);
    })
    .openapi(submitRoute, async (c) => {
      if (!rail) throw new AppError("payout_rail_manual");
      return c.json({ data: await sendApprovedPayouts(ctxOf(c, services), { rail }) }, 200);
    })
    .openapi(inquireRoute, async (c) => {
      const id = c.req.valid("param").id;
      await inquireSentPayout(ctxOf(c, services), { rail, payoutId: id });
      return c.json({ data: toPayoutOutput((await findPayout({ db: c.get("db") }, { id }))!) }, 200);
    });
}
