import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import type { ApiKeyScope } from "@/lib/schemas/enums";
import { users } from "./accounts";

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
