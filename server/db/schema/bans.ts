import { sql } from "drizzle-orm";
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

/**
 * An admin's ban (issue 18): the user cannot sign in until `expires_at` or until lifted; their
 * sessions end when it is made. What they could spend (wallet) and withdraw (earnings) is moved by
 * ledger transfers into their own `frozen` account with the reason, and moved back when the ban is
 * lifted — by an admin, or by the end-bans job once it expired. One ban in force per user.
 */
export const userBans = pgTable(
  "user_bans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reason: text("reason").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    bannedBy: uuid("banned_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** Rials moved from the wallet and from the earnings into the frozen account (given back on lifting). */
    heldWallet: bigint("held_wallet", { mode: "number" }).notNull().default(0),
    heldEarnings: bigint("held_earnings", { mode: "number" }).notNull().default(0),
    liftedAt: timestamp("lifted_at", { withTimezone: true }),
    /** Who lifted it; null with lifted_at set: the end-bans job, at its expiry. */
    liftedBy: uuid("lifted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (table) => [
    uniqueIndex("user_bans_one_in_force_idx")
      .on(table.userId)
      .where(sql`${table.liftedAt} is null`),
    index("user_bans_expiry_idx")
      .on(table.expiresAt)
      .where(sql`${table.liftedAt} is null`),
  ],
);

export type UserBan = typeof userBans.$inferSelect;
