import { OpenAPIHono } from "@hono/zod-openapi";
import { campaignEndpoints } from "@/lib/schemas/campaigns";
import { createCampaign } from "@/server/campaigns/create-campaign";
import { loadPricing } from "@/server/campaigns/pricing";
import { toCampaignOutput, toPriceOutput, toQuoteOutput } from "@/server/campaigns/present";
import { visibleCampaign } from "@/server/campaigns/queries";
import { listCampaigns } from "@/server/campaigns/list";
import { quoteFor } from "@/server/campaigns/quote";
import { paceOf } from "@/lib/campaigns/pacing";
import { setMonthlyBudget } from "@/server/campaigns/monthly";
import { applyCampaignEvent } from "@/server/campaigns/transitions";
import { changeEndDate, setPace } from "@/server/campaigns/change";
import { startTopUpAtGateway, topUpCampaign } from "@/server/campaigns/top-up";
import { toTransactionOutput } from "@/server/payments";
import { requireSessionClaims, requireUser } from "@/server/http/auth";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { AppError } from "@/server/core/errors";
import { idempotencyHeaders, idempotent } from "@/server/http/idempotency";
import { publicOrigin } from "@/server/http/origin";
import { errorResponses } from "@/server/http/envelope";
import { translateApi } from "@/server/http/i18n";
import { endpointRoute, err, listAnswer } from "@/server/http/route-parts";

const pricingRoute = endpointRoute(campaignEndpoints.pricing, {
  tags: ["Campaigns"],
  summary: "Price per action in Rials and the booster's share, per network",
  answer: "Prices",
});

const quoteRoute = endpointRoute(campaignEndpoints.quote, {
  middleware: [requireUser] as const,
  tags: ["Campaigns"],
  summary: "The invoice for a campaign (same body as create)",
  bodyName: "CampaignQuoteInput",
  answer: "The invoice",
});

const createRouteDef = endpointRoute(campaignEndpoints.create, {
  middleware: [requireUser, idempotent] as const,
  tags: ["Campaigns"],
  summary: "Create a campaign, paid from the wallet (to escrow) or through a gateway",
  request: { headers: idempotencyHeaders },
  bodyName: "CampaignInput",
  answer: "Created; redirect_url when a gateway must be visited",
  responses: {
    403: err("Insufficient wallet balance"),
    409: err("Trial already created"),
    503: err("No payment gateway is configured here (payments_not_configured), or the gateway cannot be reached (gateway_unavailable)"),
  },
});

const listRoute = endpointRoute(campaignEndpoints.list, {
  middleware: [requireSessionClaims] as const,
  tags: ["Campaigns"],
  summary: "The producer's campaigns, newest first",
  answer: "A page",
  responses: { ...errorResponses },
});

const oneRoute = endpointRoute(campaignEndpoints.one, {
  middleware: [requireUser] as const,
  tags: ["Campaigns"],
  summary: "A campaign (its owner and admins only; 404 for anyone else)",
  answer: "The campaign",
  responses: { 404: err("Not found") },
});

const eventRoute = (event: "pause" | "activate") =>
  endpointRoute(campaignEndpoints[event], {
    middleware: [requireUser] as const,
    tags: ["Campaigns"],
    summary: event === "pause" ? "Pause an active campaign" : "Activate a paused campaign",
    answer: "Done",
    responses: { 404: err("Not found"), 409: err("Not allowed in the campaign's state") },
  });

const endDateRoute = endpointRoute(campaignEndpoints.endDate, {
  middleware: [requireUser] as const,
  tags: ["Campaigns"],
  summary: "Change when a running campaign ends (its owner): the end of a Tehran day from today up to a year ahead; audited",
  bodyName: "CampaignEndInput",
  answer: "The campaign",
  responses: { 404: err("Not found"), 409: err("Not running (active or paused)") },
});

const paceRoute = endpointRoute(campaignEndpoints.pace, {
  middleware: [requireUser] as const,
  tags: ["Campaigns"],
  summary:
    "Set how fast a campaign that has not ended may be delivered (its owner): units per Tehran day and per hour, active hours, a start day; all null unpaces it; audited",
  bodyName: "CampaignPaceInput",
  answer: "The campaign, with its expected end at that pace",
  responses: { 404: err("Not found"), 409: err("Ended (completed, settled or rejected)") },
});

const topUpRoute = endpointRoute(campaignEndpoints.topUp, {
  middleware: [requireUser, idempotent] as const,
  tags: ["Campaigns"],
  summary:
    "Add budget to a running Smart campaign (its owner) at the campaign's own prices: a payment of its own, the targets raised, the fee inside; audited. From the wallet at once; through a gateway, once it is paid (redirect_url says where to pay)",
  request: { headers: idempotencyHeaders },
  bodyName: "CampaignTopUpInput",
  answer: "The campaign, the payment and what it added",
  responses: {
    403: err("Insufficient wallet balance"),
    404: err("Not found"),
    409: err("Not a running Smart campaign"),
    503: err("The gateway could not start the payment"),
  },
});

const monthlyRoute = endpointRoute(campaignEndpoints.monthly, {
  middleware: [requireUser, idempotent] as const,
  tags: ["Campaigns"],
  summary:
    "Run a Smart campaign month by month (its owner): the amount is charged from the wallet now for this Tehran month when it has no budget yet, then at the start of each month; null stops renewing; audited",
  request: { headers: idempotencyHeaders },
  bodyName: "CampaignMonthlyInput",
  answer: "The campaign, with this month's budget",
  responses: {
    403: err("Insufficient wallet balance"),
    404: err("Not found"),
    409: err("Not a running Smart campaign"),
  },
});

/** Pricing, the quote, and the producer's own campaigns: create, list, read, pause, activate, change. */
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
    })
    .openapi(endDateRoute, async (c) => {
      const campaign = await changeEndDate(
        { ...ctxOf(c, services), now: new Date() },
        { id: c.req.valid("param").id, day: c.req.valid("json").ends_at },
      );
      return c.json(
        { data: { campaign: toCampaignOutput(campaign), message: translateApi(c.get("locale"), "messages.campaign_end_changed") } },
        200,
      );
    })
    .openapi(paceRoute, async (c) => {
      const campaign = await setPace(
        { ...ctxOf(c, services), now: new Date() },
        { id: c.req.valid("param").id, pace: paceOf(c.req.valid("json")) },
      );
      return c.json(
        { data: { campaign: toCampaignOutput(campaign), message: translateApi(c.get("locale"), "messages.campaign_pace_changed") } },
        200,
      );
    })
    .openapi(monthlyRoute, async (c) => {
      const campaign = await setMonthlyBudget(
        { ...ctxOf(c, services), now: new Date() },
        { id: c.req.valid("param").id, amount: c.req.valid("json").amount },
      );
      return c.json(
        {
          data: {
            campaign: toCampaignOutput(campaign),
            message: translateApi(
              c.get("locale"),
              campaign.monthlyBudget === null ? "messages.campaign_monthly_stopped" : "messages.campaign_monthly_changed",
            ),
          },
        },
        200,
      );
    })
    .openapi(topUpRoute, async (c) => {
      const { amount, gateway } = c.req.valid("json");
      const ctx = { ...ctxOf(c, services), locale: c.get("locale"), now: new Date() };
      const id = c.req.valid("param").id;
      const done =
        gateway === "wallet"
          ? { ...(await topUpCampaign(ctx, { id, amount })), redirectUrl: null }
          : await startTopUpAtGateway(ctx, {
              id,
              amount,
              gateway,
              gateways: services.gateways,
              origin: publicOrigin(c.req.url),
              description: translateApi(c.get("locale"), "messages.charge_description"),
            });
      return c.json(
        {
          data: {
            campaign: toCampaignOutput(done.campaign),
            transaction: toTransactionOutput(done.transaction),
            added: toQuoteOutput(done.added),
            redirect_url: done.redirectUrl,
            message: translateApi(c.get("locale"), done.redirectUrl ? "messages.campaign_top_up_started" : "messages.campaign_topped_up"),
          },
        },
        200,
      );
    });
}
