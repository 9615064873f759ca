import { OpenAPIHono } from "@hono/zod-openapi";
import { campaignEndpoints } from "@/lib/schemas/campaigns";
import { toCampaignOutput } from "@/server/campaigns/present";
import { dashboardFor } from "@/server/campaigns/queries";
import { requireSessionClaims } from "@/server/http/auth";
import type { AppEnv } from "@/server/http/context";
import { AppError } from "@/server/core/errors";
import { endpointRoute } from "@/server/http/route-parts";

const dashboardRoute = endpointRoute(campaignEndpoints.dashboard, {
  middleware: [requireSessionClaims] as const,
  tags: ["Campaigns"],
  summary: "The dashboard's widgets and the active campaigns",
  answer: "Counts, queue, wallet, active campaigns",
});

export function dashboardRoutes() {
  return new OpenAPIHono<AppEnv>().openapi(dashboardRoute, async (c) => {
    const dashboard = await dashboardFor({ db: c.get("db") }, c.get("claims"));
    if (!dashboard) throw new AppError("unauthorized");
    const { active_campaigns, ...widgets } = dashboard;
    return c.json(
      { data: { ...widgets, active_campaigns: { count: active_campaigns.count, items: active_campaigns.items.map(toCampaignOutput) } } },
      200,
    );
  });
}
