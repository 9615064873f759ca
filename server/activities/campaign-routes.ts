import { OpenAPIHono } from "@hono/zod-openapi";
import { activityEndpoints } from "@/lib/schemas/activities";
import { toActivityOutput } from "@/server/activities/present";
import { campaignActivities, campaignActivity } from "@/server/activities/queries";
import { campaignDelivery } from "@/server/activities/delivery";
import { visibleCampaign } from "@/server/campaigns";
import { requireSessionClaims, requireUser } from "@/server/http/auth";
import { AppError } from "@/server/core/errors";
import { errorResponses } from "@/server/http/envelope";
import type { AppEnv } from "@/server/http/context";
import { endpointRoute, err, listAnswer } from "@/server/http/route-parts";

const activitiesRoute = endpointRoute(activityEndpoints.campaignActivities, {
  middleware: [requireUser] as const,
  tags: ["Campaigns"],
  summary: "The campaign's activities (boosters' work), newest first; boosters shown masked",
  answer: "A page",
  responses: { 404: err("Not found") },
});

const activityRoute = endpointRoute(activityEndpoints.campaignActivity, {
  middleware: [requireUser] as const,
  tags: ["Campaigns"],
  summary: "One activity of the campaign, with its post link",
  answer: "The activity",
  responses: { 404: err("Not found") },
});

const deliveryRoute = endpointRoute(activityEndpoints.delivery, {
  middleware: [requireSessionClaims] as const,
  tags: ["Campaigns"],
  summary:
    "Units delivered, how they were checked, dropped at release and refilled: in all and per Tehran day of the last `days` days; the network's own counter beside it (YouTube with an API key); the expected end at the last 7 days' rate",
  answer: "The delivery",
  responses: { 404: err("Not found"), ...errorResponses },
});

/** A campaign's activities as its producer (or an admin) sees them. */
export function campaignActivityRoutes(options: { counters: boolean }) {
  return new OpenAPIHono<AppEnv>()
    .openapi(activitiesRoute, async (c) => {
      const campaign = await visibleCampaign({ db: c.get("db") }, { viewer: c.get("user"), id: c.req.valid("param").id });
      const query = c.req.valid("query");
      const found = await campaignActivities(
        { db: c.get("db") },
        { campaignId: campaign.id, filter: { status: query.status, page: query.page, perPage: query.per_page } },
      );
      const reward = c.get("user").role === "admin";
      return c.json(
        listAnswer(query, found, (row) => toActivityOutput(row.activity, row.booster, { reward })),
        200,
      );
    })
    .openapi(deliveryRoute, async (c) => {
      const { days } = c.req.valid("query");
      const delivery = await campaignDelivery(
        { db: c.get("db"), now: new Date() },
        { claims: c.get("claims"), id: c.req.valid("param").id, days, counters: options.counters },
      );
      // The session the token names has ended (the one statement found no row and the second look no session).
      if (!delivery) throw new AppError("unauthorized");
      return c.json({ data: delivery }, 200);
    })
    .openapi(activityRoute, async (c) => {
      const { id, activityId } = c.req.valid("param");
      const campaign = await visibleCampaign({ db: c.get("db") }, { viewer: c.get("user"), id });
      const row = await campaignActivity({ db: c.get("db") }, { campaignId: campaign.id, activityId });
      return c.json({ data: toActivityOutput(row.activity, row.booster, { reward: c.get("user").role === "admin" }) }, 200);
    });
}
