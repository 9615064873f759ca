import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context, MiddlewareHandler } from "hono";
import { z } from "zod";
import { campaignInput } from "@/lib/schemas/campaigns";
import { PANEL_STATUS_MAX_IDS, panelInput, panelOutput, type PanelFields } from "@/lib/schemas/integrations";
import { uuidParam } from "@/lib/schemas/common";
import { AppError } from "@/server/core/errors";
import { translateApi, translateMessages } from "@/server/http/i18n";
import { defaultLocale, isLocale } from "@/lib/i18n/locales";
import { campaignNetworks } from "@/lib/schemas/enums";
import { actionsByNetwork } from "@/lib/campaigns/pricing";
import { ctxOf, type AppEnv, type Services } from "@/server/http/context";
import { idempotencyHeaders, idempotent } from "@/server/http/idempotency";
import { publicOrigin } from "@/server/http/origin";
import { apiRoute } from "@/server/http/route-parts";
import { validationError } from "@/server/http/validation";
import { balancesOf } from "@/server/ledger";
import { createCampaign, loadPricing } from "@/server/campaigns";
import { dripFeed, ownCampaigns, PANEL_CURRENCY, panelOrderStatus, panelServices } from "@/server/integrations/panel";
import { keyCallerOf } from "@/server/integrations/routes/key-auth";
import { auditKeyOrder } from "@/server/integrations/keys";
import { cancelOrder, refillStatus, requestRefill } from "@/server/integrations/orders";
import { rateLimitIp } from "@/server/http/auth";

type Fields = PanelFields;
const anId = uuidParam();
const isId = (value: string) => anId.safeParse(value).success;

/** A refusal in the panels' words: English, as their software shows it. */
const panelError = (error: AppError) =>
  error.code === "bad_request" ? "Incorrect request" : translateApi("en-US", `errors.${error.code}`, error.params);

/** The body's fields, from a form or JSON; malformed JSON is refused as everywhere else (400). */
async function fieldsOf(c: Context<AppEnv>): Promise<Record<string, unknown>> {
  const type = c.req.header("content-type") ?? "";
  if (type.includes("json")) {
    const body: unknown = await c.req.json().catch(() => {
      throw new AppError("malformed_json");
    });
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  }
  return type.includes("form") ? c.req.parseBody() : {};
}

/**
 * Who calls v2: the key in the body's `key` or as bearer (server/integrations/routes/key-auth.ts), its
 * owner set as the caller so `idempotent` keeps their answers; a refusal answered as the panels answer.
 */
function panelCaller(services: Pick<Services, "socketAddress">): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // The contract first, as on every route: a field it refuses (a control character) is our 422.
    const parsed = panelInput.safeParse(await fieldsOf(c));
    if (!parsed.success) throw validationError(c.get("locale"), parsed.error, undefined);
    try {
      const { key } = parsed.data;
      const caller = await keyCallerOf(c, services, { secret: key });
      c.set("keyCaller", caller);
      c.set("user", caller.owner);
      c.set("panelFields", parsed.data);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      c.header("Cache-Control", "private, no-store");
      return c.json({ error: panelError(error) }, 200);
    }
    c.header("Cache-Control", "private, no-store");
    await next();
  };
}

/**
 * A panel order's name, which the producer reads as the campaign's title: "YouTube: 200 × Like" in their
 * language (the service's own words when it names no known network and action; the add refuses it then).
 */
function orderName(locale: string, network: string | undefined, action: string | undefined, quantity: number): string {
  const reader = isLocale(locale) ? locale : defaultLocale;
  const actions: readonly string[] = (campaignNetworks as readonly string[]).includes(network ?? "")
    ? actionsByNetwork[network as keyof typeof actionsByNetwork]
    : [];
  const known = actions.includes(action ?? "");
  if (!known || !Number.isFinite(quantity)) return `${network ?? ""}.${action ?? ""} × ${String(quantity)}`.slice(0, 100);
  const words = (namespace: string, key: string) => translateMessages(reader, namespace)(key);
  return translateApi(reader, "messages.units_order_name", {
    network: words("campaigns.networks", network!),
    action: words("campaigns.activities.actions", action!),
    quantity,
  }).slice(0, 100);
}

/** The panels' `add`: one service (network.action), a link and a quantity, bought as a `units` campaign paid from the wallet. */
async function addOrder(c: Context<AppEnv>, services: Pick<Services, "gateways" | "socketAddress">, fields: Fields) {
  const scopes = c.get("keyCaller").scopes;
  if (!scopes.includes("create") || !scopes.includes("spend")) throw new AppError("api_key_scope_missing", { scope: "create, spend" });
  const [network, action] = (fields.service ?? "").split(".");
  const drip = dripFeed({ quantity: Number(fields.quantity), runs: fields.runs, interval: fields.interval });
  if (!drip) return { error: "Incorrect runs or interval" };
  const request = campaignInput.safeParse({
    name: orderName(c.get("user").locale, network, action, drip.quantity),
    network,
    strategy: "units",
    link: fields.link ?? "",
    follower_count: 0,
    action,
    quantity: drip.quantity,
    ...drip.pace,
    gateway: "wallet",
    accept_policies: true,
  });
  if (!request.success) {
    const field = String(request.error.issues[0]?.path[0] ?? "");
    return { error: field === "link" ? "Incorrect link" : field === "quantity" ? "Incorrect quantity" : "Incorrect service" };
  }
  const created = await createCampaign(
    { db: c.get("db"), actor: c.get("user"), locale: "en-US" },
    { gateways: services.gateways, request: request.data, origin: publicOrigin(c.req.url), description: "API order" },
  );
  await auditKeyOrder(
    { db: c.get("db"), ip: rateLimitIp(c, services) },
    { caller: c.get("keyCaller"), campaignId: created.campaign.id, via: "v2" },
  );
  return { order: created.campaign.id };
}

/** A list of order ids as the panels send it: comma-separated, at most PANEL_STATUS_MAX_IDS. */
function idsOf(orders: string): string[] {
  const ids = [...new Set(orders.split(",").map((id) => id.trim()))].filter(Boolean);
  if (ids.length === 0 || ids.length > PANEL_STATUS_MAX_IDS) throw new AppError("bad_request");
  return ids;
}

/** The panels' `cancel`: each order ends and its remainder goes back to the wallet (scope create), each on its own. */
async function cancelOrders(c: Context<AppEnv>, services: Pick<Services, "socketAddress">, fields: Fields) {
  const caller = c.get("keyCaller");
  if (!caller.scopes.includes("create")) throw new AppError("api_key_scope_missing", { scope: "create" });
  const ids = idsOf(fields.orders ?? fields.order ?? "");
  const answers = [];
  for (const id of ids) {
    try {
      if (!isId(id)) throw new AppError("campaign_not_found");
      await cancelOrder(ctxOf(c, services), { id, caller, via: "v2" });
      answers.push({ order: id, cancel: 1 as const });
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      answers.push({ order: id, cancel: { error: error.code === "campaign_not_found" ? "Incorrect order ID" : panelError(error) } });
    }
  }
  return answers;
}

/** The panels' `refill` of one order (scope create): its id is the refill's, for refill_status. */
async function refillOrder(c: Context<AppEnv>, services: Pick<Services, "socketAddress">, fields: Fields) {
  if (!c.get("keyCaller").scopes.includes("create")) throw new AppError("api_key_scope_missing", { scope: "create" });
  if (fields.order === undefined || !isId(fields.order)) return { error: "Incorrect order ID" };
  try {
    await requestRefill(ctxOf(c, services), { id: fields.order });
  } catch (error) {
    if (error instanceof AppError && error.code === "campaign_not_found") return { error: "Incorrect order ID" };
    throw error;
  }
  return { refill: fields.order };
}

async function answer(c: Context<AppEnv>, services: Pick<Services, "gateways" | "socketAddress">, fields: Fields): Promise<unknown> {
  const { action, order, orders } = fields;
  const db = c.get("db");
  const { userId, scopes } = c.get("keyCaller");
  if (action === "add") return addOrder(c, services, fields);
  if (!scopes.includes("read")) throw new AppError("api_key_scope_missing", { scope: "read" });
  if (action === "services") return panelServices(await loadPricing({ db }));
  if (action === "balance") return { balance: String((await balancesOf({ db }, { userId })).wallet), currency: PANEL_CURRENCY };
  if (action === "status" && order !== undefined) {
    const [campaign] = isId(order) ? await ownCampaigns({ db }, { userId, ids: [order] }) : [];
    return campaign ? panelOrderStatus(campaign) : { error: "Incorrect order ID" };
  }
  if (action === "cancel") return cancelOrders(c, services, fields);
  if (action === "refill") return refillOrder(c, services, fields);
  if (action === "refill_status") {
    const refill = fields.refill !== undefined && isId(fields.refill) ? await refillStatus({ db }, { userId, id: fields.refill }) : null;
    return refill ? { status: refill.status } : { error: "Incorrect refill ID" };
  }
  if (action === "status" && orders !== undefined) {
    const ids = idsOf(orders);
    const found = new Map((await ownCampaigns({ db }, { userId, ids: ids.filter(isId) })).map((row) => [row.id, row]));
    return Object.fromEntries(ids.map((id) => [id, found.has(id) ? panelOrderStatus(found.get(id)!) : { error: "Incorrect order ID" }]));
  }
  throw new AppError("bad_request");
}

/**
 * POST /api/v2 (issue 36): the panels' convention, so existing reseller software can point at Takapoo.
 * A refusal is still HTTP 200, `{ "error": "…" }` in English (the software shows it as is).
 */
export function panelRoutes(services: Pick<Services, "socketAddress" | "gateways">) {
  const route = apiRoute({
    method: "post",
    path: "/v2",
    middleware: [panelCaller(services), idempotent] as const,
    tags: ["Integrations"],
    summary:
      "The engagement panels' API v2 for reseller software: an API key (the `key` field, or `Authorization: Bearer tk_…`) and an action: services, balance, status (scope read), add (scopes create and spend: a `units` campaign paid from the wallet; send an Idempotency-Key to make a retry safe), cancel (scope create: running orders end, the undelivered remainder back to the wallet), refill (scope create: a finished YouTube order inside its guarantee re-checked now) and refill_status. " +
      "Every answer the panels know is 200, a refusal (a key that does not work, an unknown order, service or action, a short wallet) as { error } in English; amounts in Rials (IRR) as strings. " +
      "A body the contract refuses (a control character, malformed JSON) is answered as everywhere else",
    request: {
      headers: idempotencyHeaders,
      body: {
        required: true,
        content: {
          "application/x-www-form-urlencoded": { schema: panelInput },
          "application/json": { schema: panelInput },
        },
      },
    },
    responses: {
      200: { description: "The answer, or { error } (the panels' convention)", content: { "application/json": { schema: panelOutput } } },
    },
  });
  return new OpenAPIHono<AppEnv>().openapi(route, async (c) => {
    // The fields as the key check parsed them (form or JSON alike); the documented body's validators check the same contract.
    try {
      return c.json((await answer(c, services, c.get("panelFields"))) as z.infer<typeof panelOutput>, 200);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      return c.json({ error: panelError(error) }, 200);
    }
  });
}
