import { index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * Idempotency-Key (server/http/idempotency.ts): one row per user and key for 24 hours. While the
 * first request runs, `response_status` is null and `request_id` names it; afterwards the row keeps
 * its answer (status and body) to replay. `fingerprint` is a hash of the method, path and body, so
 * the key cannot be reused for another request. Shared by every instance (never process memory).
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    fingerprint: text("fingerprint").notNull(),
    /** The request that holds the key while it runs (its X-Request-Id). */
    requestId: text("request_id").notNull(),
    /** The first answer, once there is one. */
    responseStatus: integer("response_status"),
    responseBody: text("response_body"),
    lockedAt: timestamp("locked_at", { withTimezone: true }).notNull().defaultNow(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] }), index("idempotency_keys_expires_idx").on(table.expiresAt)],
);

export type IdempotencyKey = typeof idempotencyKeys.$inferSelect;
