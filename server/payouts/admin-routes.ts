import { OpenAPIHono } from "@hono/zod-openapi";
import { PAYOUT_PROMISE_HOURS, payoutEndpoints, type AdminPayoutView } from "@/lib/schemas/payouts";
import { requireAdmin } from "@/server/http/auth";
import type { Context } from "hono";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { translateApi } from "@/server/http/i18n";
import { endpointRoute, err, listAnswer } from "@/server/http/route-parts";
import { approvePayouts, exportApprovedPayouts, payoutQueue, type QueuedPayout } from "@/server/payouts/admin";
import { findPayout } from "@/server/payouts/queries";
import { allPlans, savePlan } from "@/server/payouts/plans-admin";
import { toAdminPlan, toPayoutOutput } from "@/server/payouts/present";
import { applyPayoutEvent, type PayoutEventName } from "@/server/payouts/transitions";

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const notFound = { 404: err("Not found (also for anyone who is not an admin)") };
const conflict = { 409: err("The payout is not in a state this step applies to (payout_transition_invalid)") };

function toAdminPayout(row: QueuedPayout): AdminPayoutView {
  return {
    ...toPayoutOutput(row),
    user: { id: row.user.id, first_name: row.user.firstName, last_name: row.user.lastName, phone: row.user.phone },
    iban_changed_at: iso(row.user.ibanChangedAt),
    plan: row.plan,
    rail: row.payout.rail === "manual" || row.payout.rail === "jibit" ? row.payout.rail : null,
    submitted_at: iso(row.payout.submittedAt),
    due_at: row.payout.approvedAt ? new Date(row.payout.approvedAt.getTime() + PAYOUT_PROMISE_HOURS * 3_600_000).toISOString() : null,
    success_rate: row.successRate,
    iban_check: { status: row.user.ibanCheck, owner_name: row.user.ibanOwnerName, checked_at: iso(row.user.ibanCheckedAt) },
  };
}

const plansRoute = endpointRoute(payoutEndpoints.adminPlans, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Every membership plan, on sale or not, with its names in each language",
  answer: "The plans",
  responses: notFound,
});

const createPlanRoute = endpointRoute(payoutEndpoints.createPlan, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Add a membership plan",
  bodyName: "PlanInput",
  answer: "The plan",
  responses: { ...notFound, 409: err("Another plan has this code"), 422: err("Invalid plan") },
});

const updatePlanRoute = endpointRoute(payoutEndpoints.updatePlan, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Replace a plan (periods already bought keep their limits; one taken off sale stays in force for its holders)",
  answer: "The plan",
  responses: { ...notFound, 409: err("Another plan has this code"), 422: err("Invalid plan") },
});

const queueRoute = endpointRoute(payoutEndpoints.queue, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Payouts of a status (pending by default), oldest first, with who asked, their plan and their IBAN's last change",
  answer: "The queue",
  responses: notFound,
});

/** A step of the state machine, by the endpoint of the same name: what it does, and the answers every step gives. */
const step = <const S extends PayoutEventName & keyof typeof payoutEndpoints>(event: S, summary: string, bodyName?: string) =>
  endpointRoute(payoutEndpoints[event], {
    middleware: [requireAdmin] as const,
    tags: ["Admin"],
    summary,
    ...(bodyName ? { bodyName } : {}),
    answer: `The payout after ${event}`,
    responses: { ...notFound, ...conflict, 422: err("A reason or the bank's reference is required") },
  });

const approveRoute = step("approve", "Approve a pending payout (the 24-hour promise runs from here)");
const denyRoute = step("deny", "Deny a pending payout with a reason: the hold is voided and the withdrawal given back", "PayoutReason");
const failRoute = step("fail", "The bank refused a sent payout: the hold is voided and the withdrawal given back", "PayoutReason");
const reverseRoute = step("reverse", "The bank returned a paid payout: the amount comes back to earnings", "PayoutReason");
const confirmRoute = step("confirm", "The bank paid a sent payout: its reference; the hold posts", "PayoutConfirm");

const bulkRoute = endpointRoute(payoutEndpoints.bulkApprove, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Approve many pending payouts at once",
  bodyName: "PayoutBulk",
  answer: "Which moved and which did not",
  responses: notFound,
});

const exportRoute = endpointRoute(payoutEndpoints.export, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "The manual rail: every approved payout as a PAYA batch file (CSV), each marked sent (active)",
  answer: "CSV",
  responses: notFound,
});

/** The back office's payouts (issue 17): the queue, each step of the state machine, bulk approval and the manual rail's export. */
export function payoutAdminRoutes(services: Services) {
  const translating = (c: Context<AppEnv>) => ({
    ...ctxOf(c, services),
    translate: (key: string, params?: Record<string, string | number>) => translateApi(c.get("locale"), key, params),
  });
  const app = new OpenAPIHono<AppEnv>()
    .openapi(plansRoute, async (c) => c.json({ data: (await allPlans({ db: c.get("db") })).map(toAdminPlan) }, 200))
    .openapi(createPlanRoute, async (c) => c.json({ data: toAdminPlan(await savePlan(translating(c), c.req.valid("json"))) }, 201))
    .openapi(updatePlanRoute, async (c) =>
      c.json({ data: toAdminPlan(await savePlan(translating(c), { ...c.req.valid("json"), id: c.req.valid("param").id })) }, 200),
    )
    .openapi(queueRoute, async (c) => {
      const query = c.req.valid("query");
      const found = await payoutQueue({ db: c.get("db") }, { status: query.status, page: query.page, perPage: query.per_page });
      return c.json(listAnswer(query, found, toAdminPayout), 200);
    })
    .openapi(bulkRoute, async (c) => c.json({ data: await approvePayouts(ctxOf(c, services), { ids: c.req.valid("json").ids }) }, 200))
    .openapi(exportRoute, async (c) => {
      const csv = await exportApprovedPayouts(ctxOf(c, services));
      c.header("Content-Disposition", `attachment; filename="paya-${new Date().toISOString().slice(0, 10)}.csv"`);
      c.header("Cache-Control", "no-store");
      return c.body(csv, 200, { "Content-Type": "text/csv; charset=utf-8" });
    });
  const answer = async (
    ctx: ReturnType<typeof ctxOf>,
    id: string,
    event: PayoutEventName,
    extra: { reason?: string; bankReference?: string } = {},
  ) => {
    await applyPayoutEvent(ctx, { payoutId: id, event, ...extra });
    return toPayoutOutput((await findPayout(ctx, { id }))!);
  };
  app
    .openapi(approveRoute, async (c) => c.json({ data: await answer(ctxOf(c, services), c.req.valid("param").id, "approve") }, 200))
    .openapi(confirmRoute, async (c) => {
      const bankReference = c.req.valid("json").bank_reference;
      return c.json({ data: await answer(ctxOf(c, services), c.req.valid("param").id, "confirm", { bankReference }) }, 200);
    });
  // The steps that carry the reason the booster reads.
  for (const [route, event] of [
    [denyRoute, "deny"],
    [failRoute, "fail"],
    [reverseRoute, "reverse"],
  ] as const)
    app.openapi(route, async (c) => {
      const reason = c.req.valid("json").reason;
      return c.json({ data: await answer(ctxOf(c, services), c.req.valid("param").id, event, { reason }) }, 200);
    });
  return app;
}
