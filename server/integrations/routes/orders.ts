import { OpenAPIHono } from "@hono/zod-openapi";
import { orderEndpoints } from "@/lib/schemas/integrations";
import { AppError } from "@/server/core/errors";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { idempotencyHeaders, idempotent } from "@/server/http/idempotency";
import { publicOrigin } from "@/server/http/origin";
import { translateApi } from "@/server/http/i18n";
import { endpointRoute, err } from "@/server/http/route-parts";
import { balancesOf } from "@/server/ledger";
import { createCampaign, loadPricing, toCampaignOutput, toPriceOutput } from "@/server/campaigns";
import { cancelOrder, orderStatus, refillStatus, requestRefill } from "@/server/integrations/orders";
import { toRefillOutput } from "@/server/integrations/present";
import { PANEL_CURRENCY } from "@/server/integrations/panel";
import { UNITS_MAX } from "@/lib/campaigns/quote";
import { PACE_UNITS_MAX } from "@/lib/schemas/campaign-changes";
import { requireApiKey } from "@/server/integrations/routes/key-auth";
import { auditKeyOrder } from "@/server/integrations/keys";
import { rateLimitIp } from "@/server/http/auth";

/**
 * The order API (issue 36 item 2) for a producer's programs: an API key as bearer, never a session. Its
 * routes are declared here, where the services (the client's address for the allow-list) are known.
 */
export function orderRoutes(services: Services) {
  const key = (scope: "read" | "create") => requireApiKey(services, scope);
  const servicesRoute = endpointRoute(orderEndpoints.services, {
    middleware: [key("read")] as const,
    tags: ["Orders (API keys)"],
    summary:
      "The catalogue: price per action in Rials per network, the booster's share, the guarantee's days, the fewest and most units an order may buy and the pace's limits (scope read)",
    answer: "The price list",
  });
  const balanceRoute = endpointRoute(orderEndpoints.balance, {
    middleware: [key("read")] as const,
    tags: ["Orders (API keys)"],
    summary: "The wallet's balance new orders are paid from (scope read)",
    answer: "The balance",
  });
  const createRouteDef = endpointRoute(orderEndpoints.create, {
    middleware: [key("create"), idempotent] as const,
    tags: ["Orders (API keys)"],
    summary:
      "Create a campaign as the web app does, paid from the wallet at once (scopes create and spend; gateway must be wallet). Send an Idempotency-Key: a retry never pays twice",
    request: { headers: idempotencyHeaders },
    bodyName: "OrderInput",
    answer: "The campaign, awaiting review",
    responses: {
      403: err("insufficient_funds, or the key's api_key_scope_missing or api_key_address_refused"),
      409: err("Trial already created, or the same Idempotency-Key still running"),
    },
  });
  const oneRoute = endpointRoute(orderEndpoints.one, {
    middleware: [key("read")] as const,
    tags: ["Orders (API keys)"],
    summary:
      "An order (a campaign of the key's owner): state, units bought, delivered, remaining, dropped and refilled, the start count, spent, the guarantee's end (scope read; 404 for anyone else's)",
    answer: "The order",
    responses: { 404: err("Not found") },
  });
  const refillRoute = endpointRoute(orderEndpoints.refill, {
    middleware: [key("create")] as const,
    tags: ["Orders (API keys)"],
    summary:
      "Request a refill of a finished YouTube order inside its guarantee: its released work is re-checked at the next hourly run, and what was undone reopens for boosters at no cost (scope create; asking again changes nothing)",
    answer: "The refill: when it was requested, where it stands",
    responses: {
      404: err("Not found"),
      409: err("order_refill_unavailable: not finished, no guarantee or its window over, or not checked by YouTube's API"),
    },
  });
  const refillStatusRoute = endpointRoute(orderEndpoints.refillStatus, {
    middleware: [key("read")] as const,
    tags: ["Orders (API keys)"],
    summary: "Where a requested refill stands (scope read; 404 when none was requested)",
    answer: "The refill",
    responses: { 404: err("Not found, or no refill requested") },
  });
  const cancelRoute = endpointRoute(orderEndpoints.cancel, {
    middleware: [key("create"), idempotent] as const,
    tags: ["Orders (API keys)"],
    summary:
      "Cancel a running order (active or paused): it ends now and the undelivered remainder goes back to the wallet, once (scope create). Send an Idempotency-Key to make a retry safe",
    request: { headers: idempotencyHeaders },
    answer: "The order, over, and what was refunded",
    responses: {
      404: err("Not found"),
      409: err("campaign_transition_invalid: not running (in review, or already over), or the same Idempotency-Key still running"),
    },
  });

  return new OpenAPIHono<AppEnv>()
    .openapi(servicesRoute, async (c) =>
      c.json(
        {
          data: (await loadPricing({ db: c.get("db") })).map((price) => ({
            ...toPriceOutput(price),
            min: 1,
            max: UNITS_MAX,
            pacing: { per_day_max: PACE_UNITS_MAX, per_hour_max: PACE_UNITS_MAX },
          })),
        },
        200,
      ),
    )
    .openapi(balanceRoute, async (c) => {
      const { wallet } = await balancesOf({ db: c.get("db") }, { userId: c.get("keyCaller").userId });
      return c.json({ data: { wallet_balance: wallet, currency: PANEL_CURRENCY } }, 200);
    })
    .openapi(createRouteDef, async (c) => {
      const request = c.req.valid("json");
      if (request.gateway !== "wallet") throw new AppError("validation_failed", {}, { gateway: null });
      if (request.strategy !== "trial" && !c.get("keyCaller").scopes.includes("spend"))
        throw new AppError("api_key_scope_missing", { scope: "spend" });
      const created = await createCampaign(
        { db: c.get("db"), actor: c.get("user"), locale: c.get("locale") },
        {
          gateways: services.gateways,
          request,
          origin: publicOrigin(c.req.url),
          description: translateApi(c.get("locale"), "messages.charge_description"),
        },
      );
      await auditKeyOrder(
        { db: c.get("db"), ip: rateLimitIp(c, services) },
        { caller: c.get("keyCaller"), campaignId: created.campaign.id, via: "orders" },
      );
      return c.json({ data: toCampaignOutput(created.campaign) }, 201);
    })
    .openapi(oneRoute, async (c) => {
      const order = await orderStatus({ db: c.get("db") }, { userId: c.get("keyCaller").userId, id: c.req.valid("param").id });
      return c.json({ data: order }, 200);
    })
    .openapi(refillRoute, async (c) => {
      const { id } = c.req.valid("param");
      return c.json({ data: toRefillOutput(id, await requestRefill(ctxOf(c, services), { id })) }, 200);
    })
    .openapi(refillStatusRoute, async (c) => {
      const { id } = c.req.valid("param");
      const refill = await refillStatus({ db: c.get("db") }, { userId: c.get("keyCaller").userId, id });
      if (!refill) throw new AppError("not_found");
      return c.json({ data: toRefillOutput(id, refill) }, 200);
    })
    .openapi(cancelRoute, async (c) => {
      const canceled = await cancelOrder(ctxOf(c, services), { id: c.req.valid("param").id, caller: c.get("keyCaller"), via: "orders" });
      return c.json({ data: canceled }, 200);
    });
}
