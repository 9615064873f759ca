import { z } from "zod";
import { isAddressRange } from "@/lib/geo/client-address";
import { visibleText } from "@/lib/validation/visible-text";
import { dateTime, endpoint, idParam, text } from "./common";
import { campaignInput, campaignOutput, priceOutput } from "./campaigns";
import { apiKeyScopes, apiKeyStates } from "./enums";

/** Every API key starts so: a bearer token that does not is a session's, and a key is never taken for one. */
export const API_KEY_PREFIX = "tk_";
export const isApiKeyToken = (token: string) => token.startsWith(API_KEY_PREFIX);

/** Keys a member may hold at once (revoked ones do not count). */
export const API_KEYS_MAX = 20;
/** Addresses or ranges on one key's allow-list. */
export const API_KEY_ADDRESSES_MAX = 20;
export const API_KEY_NAME_MAX = 60;
/** How far ahead a key's expiry may be set. */
export const API_KEY_EXPIRY_MAX_DAYS = 730;

/** POST integrations/keys: a name, what the key may do, optionally when it stops working and where it may be used from. */
export const createApiKeyInput = z.object({
  name: text("api_key_name_required")
    .trim()
    .min(1, "api_key_name_required")
    .max(API_KEY_NAME_MAX, "too_big_string")
    .superRefine(visibleText)
    .meta({ description: "For the owner: which program uses the key", example: "Reseller panel" }),
  scopes: z
    .array(z.enum(apiKeyScopes, "invalid_value"), "api_key_scope_required")
    .min(1, "api_key_scope_required")
    .max(apiKeyScopes.length, "invalid_value")
    .refine((scopes) => new Set(scopes).size === scopes.length, "invalid_value")
    .meta({ description: "read: campaigns and the balance; create: new campaigns; spend: pay them from the wallet" }),
  expires_at: text("invalid_value")
    .datetime({ offset: true, message: "invalid_value" })
    .refine((value) => {
      const left = Date.parse(value) - Date.now();
      return left > 0 && left <= API_KEY_EXPIRY_MAX_DAYS * 86_400_000;
    }, "api_key_expiry_invalid")
    .nullable()
    .optional()
    .meta({ format: "date-time", description: "When the key stops working (in the future, at most two years ahead); none: until revoked" }),
  ip_allow: z
    .array(
      text("invalid_value")
        .trim()
        .max(50, "invalid_value")
        .refine((value) => isAddressRange(value), "api_key_address_invalid"),
      "invalid_value",
    )
    .max(API_KEY_ADDRESSES_MAX, "too_big_array")
    .default([])
    .meta({
      description: "Addresses or CIDR ranges the key may be used from (IPv4 or IPv6); empty: anywhere",
      example: ["203.0.113.7", "2001:db8::/32"],
    }),
});
export type CreateApiKeyInput = z.input<typeof createApiKeyInput>;

/** OpenAPI component ApiKey: a key as its owner sees it (never its secret). */
export const apiKeyOutput = z.object({
  id: z.string().uuid(),
  name: z.string(),
  prefix: z.string().meta({ description: "The key's first characters, to tell keys apart", example: "tk_7Qm2xK" }),
  scopes: z.array(z.enum(apiKeyScopes)),
  ip_allow: z.array(z.string()),
  state: z.enum(apiKeyStates),
  created_at: dateTime(),
  expires_at: dateTime().nullable(),
  last_used_at: dateTime().nullable(),
  last_used_ip: z.string().nullable(),
  revoked_at: dateTime().nullable(),
});
export type ApiKeyView = z.infer<typeof apiKeyOutput>;

export const apiKeyListOutput = z.array(apiKeyOutput);

/** The answer to creating a key: the only time its secret is shown. */
export const apiKeyCreatedOutput = z.object({
  key: apiKeyOutput,
  secret: z.string().meta({
    description: "The key itself, shown once: send it as `Authorization: Bearer tk_…`. Only its hash is kept.",
    example: "tk_7Qm2xKc1bq8yHn0Vt5Rz3Lw9Pj4Ds6Fa2Ge8Ku1Io",
  }),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedOutput>;

/** One service of the order API's catalogue: the price list's entry, and what an order of it may ask. */
export const orderServiceOutput = priceOutput.extend({
  min: z.number().int().meta({ description: "Fewest units a `units` order of this action may buy" }),
  max: z.number().int().meta({ description: "Most units one order may buy" }),
  pacing: z.object({
    per_day_max: z.number().int().meta({ description: "Highest per_day a pace may set (units started per Tehran day)" }),
    per_hour_max: z.number().int(),
  }),
});

/** GET orders/balance: what a key's owner may spend (Rials). */
export const orderBalanceOutput = z.object({
  wallet_balance: z.number().int().meta({ description: "Rials in the wallet: what new orders are paid from" }),
  currency: z.literal("IRR"),
});

/** What an order's units came to (all lines together): the order API's status beside the campaign's own fields. */
export const orderUnitsOutput = z.object({
  start_count: z.number().int().nullable().meta({
    description: "The network's own counter when the order started (a units order's one action; null: not read, or not one action)",
  }),
  bought: z.number().int(),
  delivered: z.number().int().meta({ description: "Delivered and still standing (net of drops)" }),
  remains: z.number().int().meta({ description: "Bought and not delivered yet" }),
  dropped: z.number().int().meta({ description: "Undone after delivery (an unlike, an unsubscribe)" }),
  refilled: z.number().int().meta({ description: "Dropped units delivered again under the guarantee" }),
});
/** OpenAPI component Order: a campaign as the order API shows it, with its units. */
export const orderOutput = campaignOutput.extend({ units: orderUnitsOutput });
export type OrderView = z.infer<typeof orderOutput>;
/** POST orders/{id}/cancel: the order, now over, and the Rials that went back to the wallet. */
export const orderCancelOutput = z.object({
  order: orderOutput,
  refunded: z.number().int().meta({ description: "Rials back in the wallet now (work still in review is settled as it is decided)" }),
});

/** A refill requested of an order: when, and where it stands (the panels' words). */
export const orderRefillOutput = z.object({
  order: z.string().uuid(),
  requested_at: dateTime(),
  status: z.enum(["Pending", "In progress", "Completed"]).meta({
    description:
      "Pending: released work waits for its re-check (the next hourly run); In progress: units found undone wait for boosters to deliver them again; Completed: neither",
  }),
});

export type OrderRefillView = z.infer<typeof orderRefillOutput>;

/* ---- Endpoints: the routes (server/integrations) and the browser (lib/api/integrations.ts) read these ---- */

export const integrationEndpoints = {
  keys: endpoint({ method: "get", path: "/integrations/keys", response: apiKeyListOutput }),
  createKey: endpoint({ method: "post", path: "/integrations/keys", body: createApiKeyInput, response: apiKeyCreatedOutput, status: 201 }),
  revokeKey: endpoint({ method: "delete", path: "/integrations/keys/{id}", params: idParam, status: 204 }),
};

/** The order API for programs (an API key as bearer): the catalogue, the balance, a new campaign paid from the wallet, its status. */
export const orderEndpoints = {
  services: endpoint({ method: "get", path: "/orders/services", response: z.array(orderServiceOutput) }),
  balance: endpoint({ method: "get", path: "/orders/balance", response: orderBalanceOutput }),
  create: endpoint({ method: "post", path: "/orders", body: campaignInput, response: campaignOutput, status: 201 }),
  one: endpoint({ method: "get", path: "/orders/{id}", params: idParam, response: orderOutput }),
  cancel: endpoint({ method: "post", path: "/orders/{id}/cancel", params: idParam, response: orderCancelOutput }),
  refill: endpoint({ method: "post", path: "/orders/{id}/refill", params: idParam, response: orderRefillOutput }),
  refillStatus: endpoint({ method: "get", path: "/orders/{id}/refill", params: idParam, response: orderRefillOutput }),
};

/* ---- The panel-compatible endpoint (POST /api/v2): the engagement panels' "API v2" shape ---- */

export const panelActions = ["services", "balance", "status", "add", "cancel", "refill", "refill_status"] as const;
/** Orders one `status` call may ask about, as the panels allow. */
export const PANEL_STATUS_MAX_IDS = 100;

/** POST v2's fields, as form fields or JSON (reseller software sends either). */
export const panelInput = z.object({
  key: text().max(200).meta({ description: "An API key (tk_…); or send it as `Authorization: Bearer tk_…`" }).optional(),
  // Every field optional in the schema: the form and JSON validators both run on each request, and a
  // missing action is the panels' 200 { error } (server/integrations/routes/panel.ts).
  action: text()
    .max(40)
    .meta({
      enum: [...panelActions],
      description:
        "Required: services, balance, status (one order, or up to 100), add, cancel (up to 100), refill (one order) or refill_status",
    })
    .optional(),
  order: text().max(40).meta({ description: "status, refill: one order's id (a campaign id)" }).optional(),
  refill: text().max(40).meta({ description: "refill_status: the refill's id (refill answers it: the order's id)" }).optional(),
  orders: text().max(4000).meta({ description: "status, cancel: up to 100 order ids, comma-separated" }).optional(),
  service: text().max(60).meta({ description: "add: a service of `services` (network.action)", example: "youtube.like" }).optional(),
  link: text().max(300).meta({ description: "add: the post, video or channel" }).optional(),
  // A number in JSON, text in a form: read as text either way (the add checks it is a whole number).
  quantity: z
    .preprocess((value) => (typeof value === "number" ? String(value) : value), text().max(12))
    .meta({ description: "add: how many units, a whole number (a form sends it as text)" })
    .optional(),
  runs: z
    .preprocess((value) => (typeof value === "number" ? String(value) : value), text().max(12))
    .meta({ description: "add, drip-feed: how many times `quantity` is delivered (the order is quantity × runs units)" })
    .optional(),
  interval: z
    .preprocess((value) => (typeof value === "number" ? String(value) : value), text().max(12))
    .meta({ description: "add, drip-feed: minutes between runs, kept as the campaign's pace (units per hour, or per day from a day up)" })
    .optional(),
});

export type PanelFields = z.output<typeof panelInput>;

/** One order's status in the panels' words: charge and remains in Rials as strings, currency IRR. */
export const panelOrderStatusOutput = z.object({
  charge: z.string(),
  start_count: z.string(),
  status: z.enum(["Pending", "In progress", "Processing", "Completed", "Partial", "Canceled"]),
  remains: z.string(),
  currency: z.literal("IRR"),
});

/**
 * Every answer is HTTP 200, as the panels answer: a service list, a balance, an order's status, a map of
 * order id → status (or `{ "error": … }`), or `{ "error": "…" }` for any refusal (the error's text in English).
 */
export const panelOutput = z.union([
  z.array(
    z.object({
      service: z.string(),
      name: z.string(),
      type: z.string(),
      category: z.string(),
      rate: z.string().meta({ description: "Rials per 1,000 units" }),
      min: z.string(),
      max: z.string(),
      refill: z.boolean(),
      cancel: z.boolean(),
      dripfeed: z.boolean().meta({ description: "add takes runs and interval (the order's pace)" }),
    }),
  ),
  z.object({ balance: z.string(), currency: z.literal("IRR") }),
  panelOrderStatusOutput,
  z.object({ order: z.string().meta({ description: "add: the new order's id (a campaign id)" }) }),
  z.object({ refill: z.string().meta({ description: "refill: the refill's id, for refill_status (the order's id)" }) }),
  z.object({ status: z.enum(["Pending", "In progress", "Completed"]).meta({ description: "refill_status" }) }),
  z.array(
    z.object({
      order: z.string(),
      cancel: z.union([z.literal(1), z.object({ error: z.string() })]).meta({ description: "1: canceled, the remainder refunded" }),
    }),
  ),
  z.record(z.string(), z.union([panelOrderStatusOutput, z.object({ error: z.string() })])),
  z.object({ error: z.string() }),
]);
