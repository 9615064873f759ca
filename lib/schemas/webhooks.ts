import { z } from "zod";
import { dateTime, endpoint, idParam, paging, text, uuidParam } from "./common";
import { webhookDeliveryEvents, webhookDeliveryStates, webhookEvents } from "./enums";

/**
 * The contract of signed webhooks (issue 36 item 4, feature `integrations`): a producer's HTTPS
 * endpoints, the events each hears, and each delivery's log. How a delivery is signed and verified:
 * docs/api.md ("Webhooks").
 */

/** Endpoints a member may register. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 500;
/** The signature's header: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>" with the endpoint's secret>`. */
export const WEBHOOK_SIGNATURE_HEADER = "Takapoo-Signature";
export const WEBHOOK_ID_HEADER = "Takapoo-Webhook-Id";
/** How old a delivery's timestamp may be before a receiver should reject it as a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;
/** How long failed deliveries are retried, and how long an endpoint may fail before it is disabled. */
export const WEBHOOK_RETRY_HOURS = 24;

/** POST integrations/webhooks: where to deliver and what. */
export const createWebhookInput = z.object({
  url: text("webhook_url_invalid")
    .trim()
    .max(WEBHOOK_URL_MAX, "too_big_string")
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password && url.hostname !== "";
      } catch {
        return false;
      }
    }, "webhook_url_invalid")
    .meta({
      description:
        "Your receiver: an https address on the public internet (an address in a loopback, private or link-local range is refused)",
      example: "https://example.com/takapoo/webhooks",
    }),
  events: z
    .array(z.enum(webhookEvents, "invalid_value"), "webhook_events_required")
    .min(1, "webhook_events_required")
    .max(webhookEvents.length, "invalid_value")
    .refine((events) => new Set(events).size === events.length, "invalid_value")
    .meta({ description: "What the endpoint hears; units.* come batched, at most one delivery per campaign and minute" }),
});
export type CreateWebhookInput = z.input<typeof createWebhookInput>;

/** OpenAPI component WebhookEndpoint: an endpoint as its owner sees it (never its secret). */
export const webhookOutput = z.object({
  id: z.string().uuid(),
  url: z.string(),
  events: z.array(z.enum(webhookEvents)),
  state: z.enum(["active", "disabled"]),
  created_at: dateTime(),
  failing_since: dateTime().nullable().meta({ description: "When its deliveries began to fail (none: the last one arrived)" }),
  disabled_at: dateTime().nullable().meta({ description: "When it was disabled after failing for 24 hours" }),
});
export type WebhookView = z.infer<typeof webhookOutput>;

/** The answer to registering an endpoint: the only time its signing secret is shown. */
export const webhookCreatedOutput = z.object({
  webhook: webhookOutput,
  secret: z.string().meta({
    description: "The signing secret (whsec_…), shown once: verify each delivery's Takapoo-Signature with it",
    example: "whsec_3q2+7w1…",
  }),
});
export type WebhookCreated = z.infer<typeof webhookCreatedOutput>;

/** OpenAPI component WebhookDelivery: one delivery and its last attempt. */
export const webhookDeliveryOutput = z.object({
  id: z.string().uuid(),
  event: z.enum(webhookDeliveryEvents),
  state: z.enum(webhookDeliveryStates),
  attempts: z.number().int(),
  last_status: z.number().int().nullable().meta({ description: "The receiver's HTTP status at the last attempt (none: no answer)" }),
  last_error: z
    .string()
    .nullable()
    .meta({ description: "Why the last attempt failed, when no status says it (a timeout, a refused address)" }),
  created_at: dateTime(),
  next_attempt_at: dateTime().nullable(),
  delivered_at: dateTime().nullable(),
  payload: z.record(z.string(), z.unknown()).meta({ description: "The body as delivered (id, event, created_at, data)" }),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliveryOutput>;

export const webhookDeliveriesQuery = z.object({ ...paging });
export const webhookDeliveryParams = z.object({ id: uuidParam(), deliveryId: uuidParam() });

export const webhookEndpoints = {
  list: endpoint({ method: "get", path: "/integrations/webhooks", response: z.array(webhookOutput) }),
  create: endpoint({
    method: "post",
    path: "/integrations/webhooks",
    body: createWebhookInput,
    response: webhookCreatedOutput,
    status: 201,
  }),
  remove: endpoint({ method: "delete", path: "/integrations/webhooks/{id}", params: idParam, status: 204 }),
  /** Enables a disabled endpoint again (its failures forgotten). */
  enable: endpoint({ method: "post", path: "/integrations/webhooks/{id}/enable", params: idParam, response: webhookOutput }),
  /** Queues a `ping` delivery to the endpoint, to try the receiver. */
  ping: endpoint({
    method: "post",
    path: "/integrations/webhooks/{id}/ping",
    params: idParam,
    response: webhookDeliveryOutput,
    status: 201,
  }),
  deliveries: endpoint({
    method: "get",
    path: "/integrations/webhooks/{id}/deliveries",
    params: idParam,
    query: webhookDeliveriesQuery,
    response: webhookDeliveryOutput,
    list: true,
  }),
  /** Delivers one again now (the same id and body, a new signature): after a fix on the receiver's side. */
  resend: endpoint({
    method: "post",
    path: "/integrations/webhooks/{id}/deliveries/{deliveryId}/resend",
    params: webhookDeliveryParams,
    response: webhookDeliveryOutput,
  }),
};
