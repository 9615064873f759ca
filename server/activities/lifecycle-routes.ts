import { OpenAPIHono } from "@hono/zod-openapi";
import { activityEndpoints, earningsHistoryOutput, earnSummaryOutput, reviewItemOutput } from "@/lib/schemas/activities";
import { toActivityOutput } from "@/server/activities/present";
import { boosterNameOf } from "@/server/activities/booster-name";
import { reviewQueue } from "@/server/activities/review-queue";
import { approveMany, denyActivity } from "@/server/activities/review";
import { appealDenial, askRevision } from "@/server/activities/second-look";
import { earnSummary } from "@/server/activities/summary";
import { earningsHistory } from "@/server/activities/earnings-history";
import type { Activity } from "@/server/db/schema";
import { requireAdmin, requireUser } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { components, endpointRoute, err, listAnswer } from "@/server/http/route-parts";
import type { Context } from "hono";

components({ ReviewItem: reviewItemOutput, EarnSummary: earnSummaryOutput, EarningsHistory: earningsHistoryOutput });

const summaryRoute = endpointRoute(activityEndpoints.summary, {
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary: "The booster's success rate, today's task allowance, held and released earnings",
  answer: "The summary",
});

const historyRoute = endpointRoute(activityEndpoints.history, {
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary:
    "The caller's rewards per Tehran day of the last `days` days (earned, released, clawed back) and their held rewards by release day",
  answer: "The history",
});

const appealRoute = endpointRoute(activityEndpoints.appeal, {
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary: "Ask for a second look at a reviewer's denial, once; it returns to the queue marked as an appeal",
  bodyName: "AppealActivity",
  answer: "Done",
  responses: { 404: err("Not found"), 409: err("Not appealable") },
});

const queueRoute = endpointRoute(activityEndpoints.reviewQueue, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Submissions waiting for a person, oldest first, with the booster's record and the campaign",
  answer: "A page",
  responses: { 404: err("Not an admin") },
});

const denyRoute = endpointRoute(activityEndpoints.deny, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Deny work with a reason from the list and words for the booster: its reserved budget is released",
  bodyName: "DenyActivity",
  answer: "Done",
  responses: { 404: err("Not found"), 409: err("Not in a state to decide") },
});

const reviseRoute = endpointRoute(activityEndpoints.revise, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Send a submission back once with what to fix; the booster gets a fresh hour",
  bodyName: "ReviseActivity",
  answer: "Done",
  responses: { 404: err("Not found"), 409: err("Not awaiting review, or revised once already") },
});

const bulkApproveRoute = endpointRoute(activityEndpoints.bulkApprove, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Approve several submissions; those decided meanwhile are skipped",
  bodyName: "BulkApprove",
  answer: "Approved and skipped ids",
  responses: { 404: err("Not an admin") },
});

/** The booster's summary and appeal; the admin's queue, denial with a reason, revision and bulk approval. */
export function activityLifecycleRoutes(services: Services) {
  const answer = async (c: Context<AppEnv>, activity: Activity) =>
    c.json(
      { data: toActivityOutput(activity, await boosterNameOf({ db: c.get("db") }, { caller: c.get("user"), activity }), { reward: true }) },
      200,
    );
  return new OpenAPIHono<AppEnv>()
    .openapi(summaryRoute, async (c) => c.json({ data: await earnSummary(ctxOf(c, services), { now: new Date() }) }, 200))
    .openapi(historyRoute, async (c) =>
      c.json({ data: await earningsHistory(ctxOf(c, services), { days: c.req.valid("query").days, now: new Date() }) }, 200),
    )
    .openapi(appealRoute, async (c) => {
      const activity = await appealDenial(ctxOf(c, services), { id: c.req.valid("param").id, note: c.req.valid("json").note });
      return answer(c, activity);
    })
    .openapi(queueRoute, async (c) => {
      const query = c.req.valid("query");
      const found = await reviewQueue({ db: c.get("db") }, { page: query.page, perPage: query.per_page });
      return c.json(
        listAnswer(query, found, (row) => ({
          activity: toActivityOutput(row.activity, row.booster, { reward: true }),
          campaign: row.campaign,
          booster_history: {
            approved: row.history.approved,
            denied: row.history.denied,
            dropped: row.history.dropped,
            success_rate: row.history.successRate,
          },
          appealed: row.activity.appealedAt !== null,
        })),
        200,
      );
    })
    .openapi(denyRoute, async (c) =>
      answer(c, await denyActivity(ctxOf(c, services), { id: c.req.valid("param").id, ...c.req.valid("json") })),
    )
    .openapi(reviseRoute, async (c) =>
      answer(c, await askRevision(ctxOf(c, services), { id: c.req.valid("param").id, note: c.req.valid("json").note })),
    )
    .openapi(bulkApproveRoute, async (c) => c.json({ data: await approveMany(ctxOf(c, services), { ids: c.req.valid("json").ids }) }, 200));
}
