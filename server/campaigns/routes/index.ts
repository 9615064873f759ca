import { OpenAPIHono } from "@hono/zod-openapi";
import { campaignOutput, quoteOutput } from "@/lib/schemas/campaigns";
import type { AppEnv, Services } from "@/server/http/context";
import { components } from "@/server/http/route-parts";
import { adminCampaignRoutes } from "./admin";
import { producerCampaignRoutes } from "./campaigns";
import { dashboardRoutes } from "./dashboard";
import { campaignPaymentRoutes } from "./payments";

components({ Campaign: campaignOutput, CampaignQuote: quoteOutput });

/**
 * The campaigns feature's routes, in the order they were always registered (one file per resource).
 * A campaign's activities are the activities feature's (server/activities/campaign-routes.ts): the
 * composition root hands them in, so campaigns imports nothing of activities.
 */
export function campaignRoutes(services: Services, parts: { activities: OpenAPIHono<AppEnv> }) {
  return new OpenAPIHono<AppEnv>()
    .route("/", producerCampaignRoutes(services))
    .route("/", parts.activities)
    .route("/", campaignPaymentRoutes())
    .route("/", dashboardRoutes())
    .route("/", adminCampaignRoutes(services));
}
