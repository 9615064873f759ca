import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import type { Context } from "hono";
import { rejectIdentityInput } from "@/lib/schemas/profile";
import { visibleText } from "@/lib/validation/visible-text";
import { activityStatuses, users, type Activity } from "@/server/db/schema";
import { activitiesByStatus, boosterActivities } from "@/server/activities/queries";
import { approveActivity, denyActivity, submitActivity } from "@/server/activities/review";
import { listTasks, startTask } from "@/server/activities/tasks";
import { eq } from "drizzle-orm";
import { rateLimitIp, requireAdmin, requireUser } from "@/server/http/auth";
import type { AppEnv, Services } from "@/server/http/context";
import { activityOutput, taskOutput, toActivityOutput } from "@/server/http/dto/activity";
import { dataEnvelope, errorResponses } from "@/server/http/envelope";
import { translateApi } from "@/server/http/i18n";
import { err, idParam, json, listMeta, paging } from "@/server/http/route-parts";

const taskParam = z.object({ id: z.string().min(1).max(80) });
const statusFilter = z.enum(activityStatuses, "invalid_value");
export const submitActivityInput = z.object({
  post_link: z.string("link_invalid").trim().min(1, "link_invalid").max(300, "link_invalid"),
  proof: z.string().trim().max(500, "too_big_string").superRefine(visibleText).optional(),
});

const tasksRoute = createRoute({
  method: "get",
  path: "/tasks",
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary: "Open tasks on other producers' active campaigns (identity-verified boosters)",
  request: { query: z.object(paging) },
  responses: {
    200: { description: "A page", ...json(z.object({ data: z.array(taskOutput), meta: listMeta })) },
    401: err("Not logged in"),
    403: err("Identity not verified"),
  },
});

const startRoute = createRoute({
  method: "post",
  path: "/tasks/{id}/start",
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary: "Take a task: an activity in progress, its budget reserved for an hour",
  request: { params: taskParam },
  responses: {
    201: { description: "Started", ...json(dataEnvelope(activityOutput)) },
    401: err("Not logged in"),
    403: err("Identity not verified"),
    404: err("No such task"),
    409: err("Taken already, or no longer available"),
  },
});

const submitRoute = createRoute({
  method: "post",
  path: "/activities/{id}/submit",
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary: "Say the work is done, with the post it was done on; it waits for review",
  request: { params: idParam, body: { required: true, ...json(submitActivityInput.openapi("SubmitActivity")) } },
  responses: {
    200: { description: "Submitted", ...json(dataEnvelope(activityOutput)) },
    401: err("Not logged in"),
    404: err("Not found"),
    409: err("Not in progress (submitted already, expired or reviewed)"),
    ...errorResponses,
  },
});

const mineRoute = createRoute({
  method: "get",
  path: "/activities",
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary: "The caller's own activities, newest first",
  request: { query: z.object({ status: statusFilter.optional(), ...paging }) },
  responses: {
    200: { description: "A page", ...json(z.object({ data: z.array(activityOutput), meta: listMeta })) },
    401: err("Not logged in"),
  },
});

const adminQueueRoute = createRoute({
  method: "get",
  path: "/admin/activities",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Activities by status (default: awaiting review), newest first",
  request: { query: z.object({ status: statusFilter.default("awaiting_review"), ...paging }) },
  responses: {
    200: { description: "A page", ...json(z.object({ data: z.array(activityOutput), meta: listMeta })) },
    404: err("Not an admin"),
  },
});

const decisionRoute = (decision: "approve" | "deny") =>
  createRoute({
    method: "post",
    path: `/admin/activities/{id}/${decision}`,
    middleware: [requireAdmin] as const,
    tags: ["Admin"],
    summary:
      decision === "approve"
        ? "Approve submitted work: the reward is paid (held), the campaign's spend and progress follow; it may complete"
        : "Deny work with a reason: its reserved budget is released",
    request: decision === "deny" ? { params: idParam, body: { required: true, ...json(rejectIdentityInput) } } : { params: idParam },
    responses: {
      200: { description: "Done", ...json(dataEnvelope(activityOutput)) },
      404: err("Not found"),
      409: err("Not in a state to decide"),
    },
  });

export function activityRoutes(services: Services) {
  const approve = decisionRoute("approve");
  const deny = decisionRoute("deny");
  // The booster's name for the masked label: the caller's own for a booster, one lookup for an admin's decision.
  const withBooster = async (c: Context<AppEnv>, activity: Activity) => {
    const caller = c.get("user");
    const [booster] =
      activity.boosterId === caller.id
        ? [caller]
        : await c
            .get("db")
            .select({ firstName: users.firstName, lastName: users.lastName })
            .from(users)
            .where(eq(users.id, activity.boosterId));
    return toActivityOutput(activity, booster ?? { firstName: "", lastName: "" }, { reward: true });
  };
  return new OpenAPIHono<AppEnv>()
    .openapi(tasksRoute, async (c) => {
      const { page, per_page } = c.req.valid("query");
      const { rows, total } = await listTasks(c.get("db"), c.get("user"), { page, perPage: per_page });
      return c.json(
        {
          data: rows.map((task) => ({
            id: task.id,
            campaign_id: task.campaignId,
            network: task.network,
            link: task.link,
            metric: task.metric,
            action: task.action,
            type: task.type,
            quantity: task.quantity,
            reward: task.reward,
          })),
          meta: { page, per_page, total },
        },
        200,
      );
    })
    .openapi(startRoute, async (c) => {
      const activity = await startTask(c.get("db"), c.get("user"), c.req.valid("param").id);
      return c.json({ data: await withBooster(c, activity) }, 201);
    })
    .openapi(submitRoute, async (c) => {
      const activity = await submitActivity(c.get("db"), c.get("user"), c.req.valid("param").id, c.req.valid("json"), {
        linkInvalid: translateApi(c.get("locale"), "validation.link_invalid"),
      });
      return c.json({ data: await withBooster(c, activity) }, 200);
    })
    .openapi(mineRoute, async (c) => {
      const { status, page, per_page } = c.req.valid("query");
      const { rows, total } = await boosterActivities(c.get("db"), c.get("user").id, { status, page, perPage: per_page });
      return c.json(
        { data: rows.map((row) => toActivityOutput(row.activity, row.booster, { reward: true })), meta: { page, per_page, total } },
        200,
      );
    })
    .openapi(adminQueueRoute, async (c) => {
      const { status, page, per_page } = c.req.valid("query");
      const { rows, total } = await activitiesByStatus(c.get("db"), status, { page, perPage: per_page });
      return c.json(
        { data: rows.map((row) => toActivityOutput(row.activity, row.booster, { reward: true })), meta: { page, per_page, total } },
        200,
      );
    })
    .openapi(approve, async (c) => {
      const activity = await approveActivity(c.get("db"), c.get("user"), c.req.valid("param").id, rateLimitIp(c, services));
      return c.json({ data: await withBooster(c, activity) }, 200);
    })
    .openapi(deny, async (c) => {
      const { reason } = c.req.valid("json" as never) as { reason: string };
      const activity = await denyActivity(c.get("db"), c.get("user"), c.req.valid("param").id, reason, rateLimitIp(c, services));
      return c.json({ data: await withBooster(c, activity) }, 200);
    });
}
