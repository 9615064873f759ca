import type { ApiKeyView, OrderRefillView } from "@/lib/schemas/integrations";
import type { WebhookDeliveryView, WebhookView } from "@/lib/schemas/webhooks";
import type { ApiKey, WebhookDelivery, WebhookEndpoint } from "@/server/db/schema";
import { webhookBody } from "@/server/integrations/webhooks/deliver";

/** A key as its owner sees it: never its secret or hash. */
export function toApiKeyOutput(key: ApiKey, now = new Date()): ApiKeyView {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: key.scopes,
    ip_allow: key.ipAllow,
    state: key.revokedAt ? "revoked" : key.expiresAt && key.expiresAt <= now ? "expired" : "active",
    created_at: key.createdAt.toISOString(),
    expires_at: key.expiresAt?.toISOString() ?? null,
    last_used_at: key.lastUsedAt?.toISOString() ?? null,
    last_used_ip: key.lastUsedIp,
    revoked_at: key.revokedAt?.toISOString() ?? null,
  };
}

/** An endpoint as its owner sees it: never its secret. */
export function toWebhookOutput(endpoint: WebhookEndpoint): WebhookView {
  return {
    id: endpoint.id,
    url: endpoint.url,
    events: endpoint.events,
    state: endpoint.disabledAt ? "disabled" : "active",
    created_at: endpoint.createdAt.toISOString(),
    failing_since: endpoint.failingSince?.toISOString() ?? null,
    disabled_at: endpoint.disabledAt?.toISOString() ?? null,
  };
}

/** A delivery in the log: its state, last attempt and the body as delivered. */
export function toWebhookDeliveryOutput(delivery: WebhookDelivery): WebhookDeliveryView {
  return {
    id: delivery.id,
    event: delivery.event,
    state: delivery.state,
    attempts: delivery.attempts,
    last_status: delivery.lastStatus,
    last_error: delivery.lastError,
    created_at: delivery.createdAt.toISOString(),
    next_attempt_at: delivery.state === "pending" ? delivery.nextAttemptAt.toISOString() : null,
    delivered_at: delivery.deliveredAt?.toISOString() ?? null,
    payload: JSON.parse(webhookBody({ ...delivery, created_at: delivery.createdAt })) as Record<string, unknown>,
  };
}

/** A refill requested of an order, as the order API answers it. */
export function toRefillOutput(order: string, refill: { requestedAt: Date; status: OrderRefillView["status"] }): OrderRefillView {
  return { order, requested_at: refill.requestedAt.toISOString(), status: refill.status };
}
