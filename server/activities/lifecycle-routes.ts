import { OpenAPIHono } from "@hono/zod-openapi";
import {
  activityOutput,
  appealActivityInput,
  bulkApproveInput,
  bulkApproveOutput,
  denyActivityInput,
  earnSummaryOutput,
  reviewItemOutput,
  reviewQueueQuery,
  reviseActivityInput,
} from "@/lib/schemas/activities";
import { toActivityOutput } from "@/server/activities/present";
import { boosterNameOf } from "@/server/activities/booster-name";
import { reviewQueue } from "@/server/activities/review-queue";
import { approveMany, denyActivity } from "@/server/activities/review";
import { appealDenial, askRevision } from "@/server/activities/second-look";
import { earnSummary } from "@/server/activities/summary";
import type { Activity } from "@/server/db/schema";
import { requireAdmin, requireUser } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { dataEnvelope } from "@/server/http/envelope";
import { apiRoute, components, err, idParam, json, listAnswer, named, pageOf } from "@/server/http/route-parts";
import type { Context } from "hono";

components({ ReviewItem: reviewItemOutput, EarnSummary: earnSummaryOutput });

const decided = { 200: { description: "Done", ...json(dataEnvelope(activityOutput)) } };

const summaryRoute = apiRoute({
  method: "get",
  path: "/earn/summary",
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary: "The booster's success rate, today's task allowance, held and released earnings",
  responses: { 200: { description: "The summary", ...json(dataEnvelope(earnSummaryOutput)) } },
});

const appealRoute = apiRoute({
  method: "post",
  path: "/activities/{id}/appeal",
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary: "Ask for a second look at a reviewer's denial, once; it returns to the queue marked as an appeal",
  request: { params: idParam, body: { required: true, ...json(named(appealActivityInput, "AppealActivity")) } },
  responses: { ...decided, 404: err("Not found"), 409: err("Not appealable") },
});

const queueRoute = apiRoute({
  method: "get",
  path: "/admin/activities/queue",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Submissions waiting for a person, oldest first, with the booster's record and the campaign",
  request: { query: reviewQueueQuery },
  responses: { 200: { description: "A page", ...json(pageOf(reviewItemOutput)) }, 404: err("Not an admin") },
});

const denyRoute = apiRoute({
  method: "post",
  path: "/admin/activities/{id}/deny",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Deny work with a reason from the list and words for the booster: its reserved budget is released",
  request: { params: idParam, body: { required: true, ...json(named(denyActivityInput, "DenyActivity")) } },
  responses: { ...decided, 404: err("Not found"), 409: err("Not in a state to decide") },
});

const reviseRoute = apiRoute({
  method: "post",
  path: "/admin/activities/{id}/revise",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Send a submission back once with what to fix; the booster gets a fresh hour",
  request: { params: idParam, body: { required: true, ...json(named(reviseActivityInput, "ReviseActivity")) } },
  responses: { ...decided, 404: err("Not found"), 409: err("Not awaiting review, or revised once already") },
});

const bulkApproveRoute = apiRoute({
  method: "post",
  path: "/admin/activities/approve",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Approve several submissions; those decided meanwhile are skipped",
  request: { body: { required: true, ...json(named(bulkApproveInput, "BulkApprove")) } },
  responses: {
    200: {
      description: "Approved and skipped ids",
      ...json(dataEnvelope(bulkApproveOutput)),
    },
    404: err("Not an admin"),
  },
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
