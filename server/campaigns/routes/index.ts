import { OpenAPIHono } from "@hono/zod-openapi";
import { campaignOutput, quoteOutput } from "@/lib/schemas/campaigns";
import type { AppEnv, Services } from "@/server/http/context";
import { components } from "@/server/http/route-parts";
import { campaignActivityRoutes } from "./activities";
import { adminCampaignRoutes } from "./admin";
import { producerCampaignRoutes } from "./campaigns";
import { dashboardRoutes } from "./dashboard";
import { campaignPaymentRoutes } from "./payments";

components({ Campaign: campaignOutput, CampaignQuote: quoteOutput });

/** The campaigns feature's routes, in the order they were always registered (one file per resource). */
export function campaignRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .route("/", producerCampaignRoutes(services))
    .route("/", campaignActivityRoutes())
    .route("/", campaignPaymentRoutes())
    .route("/", dashboardRoutes())
    .route("/", adminCampaignRoutes(services));
}
