import { createRoute, OpenAPIHono, z } from "@hono/zod-openapi";
import { and, count, desc, eq } from "drizzle-orm";
import { campaignInput, campaignQuoteInput, campaignStatusFilter, payCampaignInput } from "@/lib/schemas/campaigns";
import { rejectIdentityInput } from "@/lib/schemas/profile";
import { transactionStatusFilter } from "@/lib/schemas/wallet";
import { activityStatuses, campaigns, transactions } from "@/server/db/schema";
import { campaignActivities, campaignActivity } from "@/server/activities/queries";
import { createCampaign } from "@/server/campaigns/create-campaign";
import { payCampaignFromWallet } from "@/server/campaigns/pay-from-wallet";
import { loadPricing, updatePricing } from "@/server/campaigns/pricing";
import { dashboardFor, listCampaigns, visibleCampaign } from "@/server/campaigns/queries";
import { quoteFor } from "@/server/campaigns/quote";
import { applyCampaignEvent } from "@/server/campaigns/transitions";
import { rateLimitIp, requireAdmin, requirePayer, requireSessionClaims, requireUser } from "@/server/http/auth";
import type { AppEnv, Services } from "@/server/http/context";
import { AppError } from "@/server/core/errors";
import { idempotencyHeaders, idempotent } from "@/server/http/idempotency";
import { publicOrigin } from "@/server/http/origin";
import { activityOutput, toActivityOutput } from "@/server/http/dto/activity";
import { campaignOutput, quoteOutput, toCampaignOutput, toQuoteOutput } from "@/server/http/dto/campaign";
import { toTransactionOutput, transactionOutput } from "@/server/http/dto/transaction";
import { dataEnvelope, errorResponses } from "@/server/http/envelope";
import { translateApi } from "@/server/http/i18n";
import { body, err, idParam, json, listMeta, named, paging } from "@/server/http/route-parts";

const pricingRoute = createRoute({
  method: "get",
  path: "/pricing",
  tags: ["Campaigns"],
  summary: "Price per action in Rials and the booster's share, per network",
  responses: {
    200: {
      description: "Prices",
      ...json(dataEnvelope(z.array(z.object({ network: z.string(), action: z.string(), price: z.number(), booster_share: z.number() })))),
    },
  },
});

const quoteRoute = createRoute({
  method: "post",
  path: "/campaigns/quote",
  middleware: [requireUser] as const,
  tags: ["Campaigns"],
  summary: "The invoice for a campaign (same body as create)",
  request: body(named(campaignQuoteInput, "CampaignQuoteInput")),
  responses: { 200: { description: "The invoice", ...json(dataEnvelope(quoteOutput)) }, 401: err("Not logged in"), ...errorResponses },
});

const createRouteDef = createRoute({
  method: "post",
  path: "/campaigns",
  middleware: [requireUser, idempotent] as const,
  tags: ["Campaigns"],
  summary: "Create a campaign, paid from the wallet (to escrow) or through a gateway",
  request: { headers: idempotencyHeaders, ...body(named(campaignInput, "CampaignInput")) },
  responses: {
    200: {
      description: "Created; redirect_url when a gateway must be visited",
      ...json(dataEnvelope(z.object({ campaign: campaignOutput, redirect_url: z.string().nullable(), message: z.string() }))),
    },
    401: err("Not logged in"),
    403: err("Insufficient wallet balance"),
    409: err("Trial already created"),
    ...errorResponses,
  },
});

const listRoute = createRoute({
  method: "get",
  path: "/campaigns",
  middleware: [requireSessionClaims] as const,
  tags: ["Campaigns"],
  summary: "The producer's campaigns, newest first",
  request: { query: z.object({ status: campaignStatusFilter.optional(), ...paging }) },
  responses: {
    200: { description: "A page", ...json(z.object({ data: z.array(campaignOutput), meta: listMeta })) },
    401: err("Not logged in"),
    ...errorResponses,
  },
});

const oneRoute = createRoute({
  method: "get",
  path: "/campaigns/{id}",
  middleware: [requireUser] as const,
  tags: ["Campaigns"],
  summary: "A campaign (its owner and admins only; 404 for anyone else)",
  request: { params: idParam },
  responses: {
    200: { description: "The campaign", ...json(dataEnvelope(campaignOutput)) },
    401: err("Not logged in"),
    404: err("Not found"),
  },
});

const eventRoute = (path: "pause" | "activate") =>
  createRoute({
    method: "post",
    path: `/campaigns/{id}/${path}`,
    middleware: [requireUser] as const,
    tags: ["Campaigns"],
    summary: path === "pause" ? "Pause an active campaign" : "Activate a paused campaign",
    request: { params: idParam },
    responses: {
      200: { description: "Done", ...json(dataEnvelope(z.object({ campaign: campaignOutput, message: z.string() }))) },
      401: err("Not logged in"),
      404: err("Not found"),
      409: err("Not allowed in the campaign's state"),
    },
  });

const activitiesRoute = createRoute({
  method: "get",
  path: "/campaigns/{id}/activities",
  middleware: [requireUser] as const,
  tags: ["Campaigns"],
  summary: "The campaign's activities (boosters' work), newest first; boosters shown masked",
  request: { params: idParam, query: z.object({ status: z.enum(activityStatuses, "invalid_value").optional(), ...paging }) },
  responses: {
    200: { description: "A page", ...json(z.object({ data: z.array(activityOutput), meta: listMeta })) },
    404: err("Not found"),
  },
});

const activityRoute = createRoute({
  method: "get",
  path: "/campaigns/{id}/activities/{activityId}",
  middleware: [requireUser] as const,
  tags: ["Campaigns"],
  summary: "One activity of the campaign, with its post link",
  request: { params: idParam.extend({ activityId: z.string().uuid("invalid_format") }) },
  responses: { 200: { description: "The activity", ...json(dataEnvelope(activityOutput)) }, 404: err("Not found") },
});

const paymentsRoute = createRoute({
  method: "get",
  path: "/campaigns/{id}/payments",
  middleware: [requireUser] as const,
  tags: ["Campaigns"],
  summary: "The campaign's payments",
  request: { params: idParam, query: z.object({ status: transactionStatusFilter.optional(), ...paging }) },
  responses: {
    200: { description: "A page", ...json(z.object({ data: z.array(transactionOutput), meta: listMeta })) },
    404: err("Not found"),
  },
});

const payRoute = createRoute({
  method: "post",
  path: "/campaigns/{id}/payments/{transactionId}/pay",
  middleware: [requirePayer, idempotent] as const,
  tags: ["Campaigns"],
  summary: "Pay a campaign awaiting payment from the wallet, in place of one of its pending or failed gateway payments",
  description:
    "A new paid wallet payment is made and the money moves from the wallet to the campaign's escrow; the gateway payment is left as it is (should the gateway still report it paid, that money goes to the wallet).",
  request: {
    params: idParam.extend({ transactionId: z.string().uuid("invalid_format") }),
    headers: idempotencyHeaders,
    ...body(named(payCampaignInput, "PayCampaignInput")),
  },
  responses: {
    200: {
      description: "Paid: the new payment and the campaign, now awaiting review",
      ...json(dataEnvelope(z.object({ transaction: transactionOutput, campaign: campaignOutput, message: z.string() }))),
    },
    401: err("Unauthorized operation (not logged in, or not the campaign's owner)"),
    403: err("Transaction already paid (or the campaign is), or insufficient wallet balance"),
    404: err("Campaign or transaction not found"),
    ...errorResponses,
  },
});

const dashboardRoute = createRoute({
  method: "get",
  path: "/dashboard",
  middleware: [requireSessionClaims] as const,
  tags: ["Campaigns"],
  summary: "The dashboard's widgets and the active campaigns",
  responses: {
    200: {
      description: "Counts, queue, wallet, active campaigns",
      ...json(
        dataEnvelope(
          z.object({
            campaigns: z.object({ completed: z.number(), awaiting_review: z.number(), active: z.number() }),
            queue: z.object({ open_campaigns: z.number() }),
            wallet: z.object({ wallet_balance: z.number(), earnings_balance: z.number(), held_balance: z.number() }),
            active_campaigns: z.object({ count: z.number(), items: z.array(campaignOutput) }),
          }),
        ),
      ),
    },
    401: err("Not logged in"),
  },
});

const adminQueueRoute = createRoute({
  method: "get",
  path: "/admin/campaigns",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Campaigns awaiting review, oldest first",
  request: { query: z.object(paging) },
  responses: {
    200: { description: "A page", ...json(z.object({ data: z.array(campaignOutput), meta: listMeta })) },
    404: err("Not an admin"),
  },
});

const adminDecisionRoute = (decision: "approve" | "reject") =>
  createRoute({
    method: "post",
    path: `/admin/campaigns/{id}/${decision}`,
    middleware: [requireAdmin] as const,
    tags: ["Admin"],
    summary:
      decision === "approve"
        ? "Approve a campaign (active; the fee goes to revenue)"
        : "Reject a campaign with a reason (its escrow returns to the wallet)",
    request: decision === "reject" ? { params: idParam, ...body(rejectIdentityInput) } : { params: idParam },
    responses: {
      200: { description: "Done", ...json(dataEnvelope(z.object({ campaign: campaignOutput }))) },
      404: err("Not found"),
      409: err("Not awaiting review"),
    },
  });

const pricingUpdateInput = z.object({
  prices: z
    .array(
      z.object({
        network: z.enum(["youtube", "instagram"]),
        action: z.string().min(1).max(40),
        price: z.number().int().min(1).max(1_000_000_000),
        booster_share: z.number().min(0).max(1),
      }),
    )
    .min(1)
    .max(50),
});

const adminPricingRoute = createRoute({
  method: "put",
  path: "/admin/pricing",
  middleware: [requireAdmin] as const,
  tags: ["Admin"],
  summary: "Set prices (Rials per action) and boosters' shares; each change is audited",
  request: body(pricingUpdateInput.openapi("PricingUpdate")),
  responses: {
    200: {
      description: "The new prices",
      ...json(dataEnvelope(z.array(z.object({ network: z.string(), action: z.string(), price: z.number(), booster_share: z.number() })))),
    },
    404: err("Not an admin"),
    ...errorResponses,
  },
});

export function campaignRoutes(services: Services) {
  const approve = adminDecisionRoute("approve");
  const reject = adminDecisionRoute("reject");
  return new OpenAPIHono<AppEnv>()
    .openapi(pricingRoute, async (c) => {
      const prices = await loadPricing(c.get("db"));
      return c.json(
        { data: prices.map((p) => ({ network: p.network, action: p.action, price: p.price, booster_share: p.boosterShare })) },
        200,
      );
    })
    .openapi(quoteRoute, async (c) =>
      c.json({ data: toQuoteOutput(await quoteFor(c.get("db"), c.get("user").id, c.req.valid("json"))) }, 200),
    )
    .openapi(createRouteDef, async (c) => {
      const created = await createCampaign(c.get("db"), services.gateways, {
        user: c.get("user"),
        request: c.req.valid("json"),
        origin: publicOrigin(c.req.url),
        description: translateApi(c.get("locale"), "messages.charge_description"),
        locale: c.get("locale"),
      });
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
      const found = await listCampaigns(c.get("db"), c.get("claims"), { status, page, perPage: per_page });
      if (!found) throw new AppError("unauthorized");
      return c.json({ data: found.rows.map(toCampaignOutput), meta: { page, per_page, total: found.total } }, 200);
    })
    .openapi(oneRoute, async (c) =>
      c.json({ data: toCampaignOutput(await visibleCampaign(c.get("db"), c.get("user"), c.req.valid("param").id)) }, 200),
    )
    .openapi(eventRoute("pause"), async (c) => {
      await visibleCampaign(c.get("db"), c.get("user"), c.req.valid("param").id);
      const campaign = await applyCampaignEvent(c.get("db"), { campaignId: c.req.valid("param").id, event: "pause", actor: c.get("user") });
      return c.json(
        { data: { campaign: toCampaignOutput(campaign), message: translateApi(c.get("locale"), "messages.campaign_paused") } },
        200,
      );
    })
    .openapi(eventRoute("activate"), async (c) => {
      await visibleCampaign(c.get("db"), c.get("user"), c.req.valid("param").id);
      const campaign = await applyCampaignEvent(c.get("db"), {
        campaignId: c.req.valid("param").id,
        event: "activate",
        actor: c.get("user"),
      });
      return c.json(
        { data: { campaign: toCampaignOutput(campaign), message: translateApi(c.get("locale"), "messages.campaign_activated") } },
        200,
      );
    })
    .openapi(activitiesRoute, async (c) => {
      const campaign = await visibleCampaign(c.get("db"), c.get("user"), c.req.valid("param").id);
      const { status, page, per_page } = c.req.valid("query");
      const { rows, total } = await campaignActivities(c.get("db"), campaign.id, { status, page, perPage: per_page });
      const reward = c.get("user").role === "admin";
      return c.json(
        { data: rows.map((row) => toActivityOutput(row.activity, row.booster, { reward })), meta: { page, per_page, total } },
        200,
      );
    })
    .openapi(activityRoute, async (c) => {
      const { id, activityId } = c.req.valid("param");
      const campaign = await visibleCampaign(c.get("db"), c.get("user"), id);
      const row = await campaignActivity(c.get("db"), campaign.id, activityId);
      return c.json({ data: toActivityOutput(row.activity, row.booster, { reward: c.get("user").role === "admin" }) }, 200);
    })
    .openapi(paymentsRoute, async (c) => {
      const campaign = await visibleCampaign(c.get("db"), c.get("user"), c.req.valid("param").id);
      const { status, page, per_page } = c.req.valid("query");
      const where = status
        ? and(eq(transactions.campaignId, campaign.id), eq(transactions.status, status))
        : eq(transactions.campaignId, campaign.id);
      const db = c.get("db");
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(transactions)
          .where(where)
          .orderBy(desc(transactions.createdAt))
          .limit(per_page)
          .offset((page - 1) * per_page),
        db.select({ n: count() }).from(transactions).where(where),
      ]);
      return c.json({ data: rows.map(toTransactionOutput), meta: { page, per_page, total: total?.n ?? 0 } }, 200);
    })
    .openapi(payRoute, async (c) => {
      const { id, transactionId } = c.req.valid("param");
      // 404 for someone else's campaign before anything is locked (checked again under the lock).
      await visibleCampaign(c.get("db"), c.get("user"), id);
      const paid = await payCampaignFromWallet(c.get("db"), { payer: c.get("user"), campaignId: id, transactionId });
      return c.json(
        {
          data: {
            transaction: toTransactionOutput(paid.transaction),
            campaign: toCampaignOutput(paid.campaign),
            message: translateApi(c.get("locale"), "messages.campaign_payment_completed"),
          },
        },
        200,
      );
    })
    .openapi(dashboardRoute, async (c) => {
      const dashboard = await dashboardFor(c.get("db"), c.get("claims"));
      if (!dashboard) throw new AppError("unauthorized");
      const { active_campaigns, ...widgets } = dashboard;
      return c.json(
        { data: { ...widgets, active_campaigns: { count: active_campaigns.count, items: active_campaigns.items.map(toCampaignOutput) } } },
        200,
      );
    })
    .openapi(adminQueueRoute, async (c) => {
      const { page, per_page } = c.req.valid("query");
      const db = c.get("db");
      const waiting = eq(campaigns.status, "awaiting_review");
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(campaigns)
          .where(waiting)
          .orderBy(campaigns.createdAt)
          .limit(per_page)
          .offset((page - 1) * per_page),
        db.select({ n: count() }).from(campaigns).where(waiting),
      ]);
      return c.json({ data: rows.map(toCampaignOutput), meta: { page, per_page, total: total?.n ?? 0 } }, 200);
    })
    .openapi(adminPricingRoute, async (c) => {
      const prices = await updatePricing(c.get("db"), c.get("user"), c.req.valid("json").prices, rateLimitIp(c, services));
      return c.json(
        { data: prices.map((p) => ({ network: p.network, action: p.action, price: p.price, booster_share: p.boosterShare })) },
        200,
      );
    })
    .openapi(approve, async (c) => {
      const campaign = await applyCampaignEvent(c.get("db"), {
        campaignId: c.req.valid("param").id,
        event: "approve",
        actor: c.get("user"),
        ip: rateLimitIp(c, services),
      });
      return c.json({ data: { campaign: toCampaignOutput(campaign) } }, 200);
    })
    .openapi(reject, async (c) => {
      const { reason } = c.req.valid("json" as never) as { reason: string };
      const campaign = await applyCampaignEvent(c.get("db"), {
        campaignId: c.req.valid("param").id,
        event: "reject",
        actor: c.get("user"),
        reason,
        ip: rateLimitIp(c, services),
      });
      return c.json({ data: { campaign: toCampaignOutput(campaign) } }, 200);
    });
}
