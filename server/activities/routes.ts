import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { activityEndpoints, activityOutput, taskOutput } from "@/lib/schemas/activities";
import type { Activity } from "@/server/db/schema";
import { boosterNameOf } from "@/server/activities/booster-name";
import { toActivityOutput, toTaskOutput } from "@/server/activities/present";
import { activitiesByStatus, boosterActivities } from "@/server/activities/queries";
import { approveActivity, submitActivity } from "@/server/activities/review";
import { listTasks, startTask } from "@/server/activities/tasks";
import { requireAdmin, requireSessionClaims, requireUser } from "@/server/http/auth";
import { AppError } from "@/server/core/errors";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { translateApi } from "@/server/http/i18n";
import { components, endpointRoute, err, listAnswer } from "@/server/http/route-parts";

components({ Activity: activityOutput, Task: taskOutput });

const tasksRoute = endpointRoute(activityEndpoints.tasks, {
  middleware: [requireSessionClaims] as const,
  tags: ["Earn"],
  summary: "Open tasks on other producers' active campaigns (identity-verified boosters)",
  answer: "A page",
  responses: { 403: err("Identity not verified") },
});

const startRoute = endpointRoute(activityEndpoints.start, {
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary: "Take a task: an activity in progress, its budget reserved for an hour",
  answer: "Started",
  responses: {
    403: err("Identity not verified"),
    404: err("No such task"),
    409: err("Taken already, no longer available, or YouTube-checked work paused for the day's quota (youtube_checks_paused)"),
    429: err("The day's tasks are used (task_allowance_spent)"),
  },
});

const submitRoute = endpointRoute(activityEndpoints.submit, {
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary: "Say the work is done, with the post it was done on; it waits for review",
  bodyName: "SubmitActivity",
  answer: "Submitted",
  responses: { 404: err("Not found"), 409: err("Not in progress (submitted already, expired or reviewed)") },
});

const mineRoute = endpointRoute(activityEndpoints.mine, {
  middleware: [requireUser] as const,
  tags: ["Earn"],
  summary: "The caller's own activities, newest first",
  answer: "A page",
});

const adminQueueRoute = endpointRoute(activityEndpoints.byStatus, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Activities by status (default: awaiting review), newest first",
  answer: "A page",
  responses: { 404: err("Not an admin") },
});

const approveRoute = endpointRoute(activityEndpoints.approve, {
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary:
    "Approve submitted work: the reward is paid (held until its release date), the campaign's spend and progress follow; it may complete",
  answer: "Done",
  responses: { 404: err("Not found"), 409: err("Not in a state to decide") },
});

export function activityRoutes(services: Services) {
  const withBooster = async (c: Context<AppEnv>, activity: Activity) =>
    toActivityOutput(activity, await boosterNameOf({ db: c.get("db") }, { caller: c.get("user"), activity }), { reward: true });
  const withReward = (row: { activity: Activity; booster: Parameters<typeof toActivityOutput>[1] }) =>
    toActivityOutput(row.activity, row.booster, { reward: true });
  return new OpenAPIHono<AppEnv>()
    .openapi(tasksRoute, async (c) => {
      const query = c.req.valid("query");
      const found = await listTasks(
        { db: c.get("db") },
        {
          caller: c.get("claims"),
          page: query.page,
          perPage: query.per_page,
          network: query.network,
          action: query.action,
          checks: await services.checksNow(c.get("db")),
        },
      );
      if (!found) throw new AppError("unauthorized");
      return c.json(listAnswer(query, found, toTaskOutput), 200);
    })
    .openapi(startRoute, async (c) => {
      const activity = await startTask(
        { db: c.get("db"), actor: c.get("user") },
        { id: c.req.valid("param").id, checks: await services.checksNow(c.get("db")) },
      );
      return c.json({ data: await withBooster(c, activity) }, 201);
    })
    .openapi(submitRoute, async (c) => {
      const activity = await submitActivity(
        { db: c.get("db"), actor: c.get("user") },
        {
          ...c.req.valid("json"),
          id: c.req.valid("param").id,
          messages: {
            linkInvalid: translateApi(c.get("locale"), "validation.link_invalid"),
            usernameRequired: translateApi(c.get("locale"), "validation.required"),
            screenshotRequired: translateApi(c.get("locale"), "validation.screenshot_required"),
          },
        },
      );
      return c.json({ data: await withBooster(c, activity) }, 200);
    })
    .openapi(mineRoute, async (c) => {
      const query = c.req.valid("query");
      const found = await boosterActivities(
        { db: c.get("db") },
        {
          boosterId: c.get("user").id,
          filter: {
            status: query.status,
            page: query.page,
            perPage: query.per_page,
          },
        },
      );
      return c.json(listAnswer(query, found, withReward), 200);
    })
    .openapi(adminQueueRoute, async (c) => {
      const query = c.req.valid("query");
      const found = await activitiesByStatus(
        { db: c.get("db") },
        { status: query.status, window: { page: query.page, perPage: query.per_page } },
      );
      return c.json(listAnswer(query, found, withReward), 200);
    })
    .openapi(approveRoute, async (c) => {
      const activity = await approveActivity(ctxOf(c, services), { id: c.req.valid("param").id });
      return c.json({ data: await withBooster(c, activity) }, 200);
    });
}
