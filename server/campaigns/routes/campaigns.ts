import { OpenAPIHono, z } from "@hono/zod-openapi";
import {
  campaignEventOutput,
  campaignInput,
  campaignListQuery,
  campaignOutput,
  campaignQuoteInput,
  createdCampaignOutput,
  priceOutput,
  quoteOutput,
} from "@/lib/schemas/campaigns";
import { createCampaign } from "@/server/campaigns/create-campaign";
import { loadPricing } from "@/server/campaigns/pricing";
import { toCampaignOutput, toPriceOutput, toQuoteOutput } from "@/server/campaigns/present";
import { listCampaigns, visibleCampaign } from "@/server/campaigns/queries";
import { quoteFor } from "@/server/campaigns/quote";
import { applyCampaignEvent } from "@/server/campaigns/transitions";
import { requireSessionClaims, requireUser } from "@/server/http/auth";
import type { AppEnv, Services } from "@/server/http/context";
import { AppError } from "@/server/core/errors";
import { idempotencyHeaders, idempotent } from "@/server/http/idempotency";
import { publicOrigin } from "@/server/http/origin";
import { dataEnvelope, errorResponses } from "@/server/http/envelope";
import { translateApi } from "@/server/http/i18n";
import { apiRoute, body, err, idParam, json, named, pageOf, listAnswer } from "@/server/http/route-parts";

const pricingRoute = apiRoute({
  method: "get",
  path: "/pricing",
  tags: ["Campaigns"],
  summary: "Price per action in Rials and the booster's share, per network",
  responses: { 200: { description: "Prices", ...json(dataEnvelope(z.array(priceOutput))) } },
});

const quoteRoute = apiRoute({
  method: "post",
  path: "/campaigns/quote",
  middleware: [requireUser] as const,
  tags: ["Campaigns"],
  summary: "The invoice for a campaign (same body as create)",
  request: body(named(campaignQuoteInput, "CampaignQuoteInput")),
  responses: { 200: { description: "The invoice", ...json(dataEnvelope(quoteOutput)) } },
});

const createRouteDef = apiRoute({
  method: "post",
  path: "/campaigns",
  middleware: [requireUser, idempotent] as const,
  tags: ["Campaigns"],
  summary: "Create a campaign, paid from the wallet (to escrow) or through a gateway",
  request: { headers: idempotencyHeaders, ...body(named(campaignInput, "CampaignInput")) },
  responses: {
    200: { description: "Created; redirect_url when a gateway must be visited", ...json(dataEnvelope(createdCampaignOutput)) },
    403: err("Insufficient wallet balance"),
    409: err("Trial already created"),
    503: err("No payment gateway is configured here (payments_not_configured), or the gateway cannot be reached (gateway_unavailable)"),
  },
});

const listRoute = apiRoute({
  method: "get",
  path: "/campaigns",
  middleware: [requireSessionClaims] as const,
  tags: ["Campaigns"],
  summary: "The producer's campaigns, newest first",
  request: { query: campaignListQuery },
  responses: { 200: { description: "A page", ...json(pageOf(campaignOutput)) }, ...errorResponses },
});

const oneRoute = apiRoute({
  method: "get",
  path: "/campaigns/{id}",
  middleware: [requireUser] as const,
  tags: ["Campaigns"],
  summary: "A campaign (its owner and admins only; 404 for anyone else)",
  request: { params: idParam },
  responses: {
    200: { description: "The campaign", ...json(dataEnvelope(campaignOutput)) },
    404: err("Not found"),
  },
});

const eventRoute = (path: "pause" | "activate") =>
  apiRoute({
    method: "post",
    path: `/campaigns/{id}/${path}`,
    middleware: [requireUser] as const,
    tags: ["Campaigns"],
    summary: path === "pause" ? "Pause an active campaign" : "Activate a paused campaign",
    request: { params: idParam },
    responses: {
      200: { description: "Done", ...json(dataEnvelope(campaignEventOutput)) },
      404: err("Not found"),
      409: err("Not allowed in the campaign's state"),
    },
  });

/** Pricing, the quote, and the producer's own campaigns: create, list, read, pause, activate. */
export function producerCampaignRoutes(services: Services) {
  return new OpenAPIHono<AppEnv>()
    .openapi(pricingRoute, async (c) => c.json({ data: (await loadPricing({ db: c.get("db") })).map(toPriceOutput) }, 200))
    .openapi(quoteRoute, async (c) =>
      c.json({ data: toQuoteOutput(await quoteFor({ db: c.get("db") }, { userId: c.get("user").id, request: c.req.valid("json") })) }, 200),
    )
    .openapi(createRouteDef, async (c) => {
      const created = await createCampaign(
        { db: c.get("db"), actor: c.get("user"), locale: c.get("locale") },
        {
          gateways: services.gateways,
          request: c.req.valid("json"),
          origin: publicOrigin(c.req.url),
          description: translateApi(c.get("locale"), "messages.charge_description"),
        },
      );
      return c.json(
        {
          data: {
            campaign: toCampaignOutput(created.campaign),
            redirect_url: created.redirectUrl,
            message: translateApi(c.get("locale"), "messages.campaign_created"),
          },
        },
        200,
      );
    })
    .openapi(listRoute, async (c) => {
      const { status, page, per_page } = c.req.valid("query");
      const found = await listCampaigns({ db: c.get("db") }, { caller: c.get("claims"), filter: { status, page, perPage: per_page } });
      if (!found) throw new AppError("unauthorized");
      return c.json(listAnswer({ page, per_page }, found, toCampaignOutput), 200);
    })
    .openapi(oneRoute, async (c) =>
      c.json(
        { data: toCampaignOutput(await visibleCampaign({ db: c.get("db") }, { viewer: c.get("user"), id: c.req.valid("param").id })) },
        200,
      ),
    )
    .openapi(eventRoute("pause"), async (c) => {
      await visibleCampaign({ db: c.get("db") }, { viewer: c.get("user"), id: c.req.valid("param").id });
      const campaign = await applyCampaignEvent(
        { db: c.get("db"), actor: c.get("user") },
        { campaignId: c.req.valid("param").id, event: "pause" },
      );
      return c.json(
        { data: { campaign: toCampaignOutput(campaign), message: translateApi(c.get("locale"), "messages.campaign_paused") } },
        200,
      );
    })
    .openapi(eventRoute("activate"), async (c) => {
      await visibleCampaign({ db: c.get("db") }, { viewer: c.get("user"), id: c.req.valid("param").id });
      const campaign = await applyCampaignEvent(
        { db: c.get("db"), actor: c.get("user") },
        { campaignId: c.req.valid("param").id, event: "activate" },
      );
      return c.json(
        { data: { campaign: toCampaignOutput(campaign), message: translateApi(c.get("locale"), "messages.campaign_activated") } },
        200,
      );
    });
}
