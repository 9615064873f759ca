import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { ApiKeyScope, WebhookDeliveryEvent, WebhookDeliveryState, WebhookEvent } from "@/lib/schemas/enums";
import { users } from "./accounts";
import { campaigns } from "./campaigns";

/**
 * API keys (server/integrations/keys.ts): `Authorization: Bearer tk_…` for a producer's programs. Only
 * the key's SHA-256 is kept; `prefix` tells keys apart on screen. `window_started_at`/`window_uses` count
 * the key's uses in the current minute (its rate limit, on this row, so every instance shares it).
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    prefix: text("prefix").notNull(),
    secretHash: text("secret_hash").notNull(),
    scopes: text("scopes").array().$type<ApiKeyScope[]>().notNull(),
    ipAllow: text("ip_allow").array().notNull().default([]),
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    lastUsedIp: text("last_used_ip"),
    windowStartedAt: timestamp("window_started_at", { withTimezone: true }).notNull().defaultNow(),
    windowUses: integer("window_uses").notNull().default(0),
  },
  (table) => [uniqueIndex("api_keys_secret_hash_idx").on(table.secretHash), index("api_keys_user_idx").on(table.userId, table.createdAt)],
);

export type ApiKey = typeof apiKeys.$inferSelect;

/**
 * Webhook endpoints (server/integrations/webhooks): where a producer's events are delivered, signed with
 * `secret` (HMAC-SHA256; kept, since the receiver verifies with the same). Disabled after failing 24 hours.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    events: text("events").array().$type<WebhookEvent[]>().notNull(),
    secret: text("secret").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
  },
  (table) => [index("webhook_endpoints_user_idx").on(table.userId)],
);
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;

/** The deliveries' outbox and log: written with the change they announce, sent and retried by the jobs. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    endpointId: uuid("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    event: text("event").$type<WebhookDeliveryEvent>().notNull(),
    data: jsonb("data").$type<Record<string, unknown>>().notNull(),
    dedupeKey: text("dedupe_key").notNull(),
    state: text("state").$type<WebhookDeliveryState>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    retryFrom: timestamp("retry_from", { withTimezone: true }).notNull().defaultNow(),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("webhook_deliveries_dedupe_idx").on(table.endpointId, table.dedupeKey),
    index("webhook_deliveries_due_idx")
      .on(table.nextAttemptAt)
      .where(sql`${table.state} = 'pending'`),
    index("webhook_deliveries_log_idx").on(table.endpointId, table.createdAt),
  ],
);
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;

/** Per campaign, the units.* totals already announced (the minute's job announces what grew since). */
export const webhookUnitMarks = pgTable("webhook_unit_marks", {
  campaignId: uuid("campaign_id")
    .primaryKey()
    .references(() => campaigns.id, { onDelete: "cascade" }),
  delivered: integer("delivered").notNull().default(0),
  dropped: integer("dropped").notNull().default(0),
  refilled: integer("refilled").notNull().default(0),
});
