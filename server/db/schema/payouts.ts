import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ledgerTransfers } from "./money";
import { payoutReasonCodes, payoutStatuses, type PayoutStatus } from "@/lib/schemas/enums";

export { payoutReasonCodes, payoutStatuses, type PayoutStatus };

/**
 * A membership plan (issue 17): what a booster's withdrawals and invitations per period cost. Prices
 * in Rials (quoted in toman on the pages); names per locale. Seeded with three plans by migration 0014.
 */
export const membershipPlans = pgTable(
  "membership_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    code: text("code").notNull(),
    /** { "fa-IR": "…", "en-US": "…", "tr-TR": "…", "ar-AE": "…" } */
    names: jsonb("names").$type<Record<string, string>>().notNull(),
    price: bigint("price", { mode: "number" }).notNull(),
    periodDays: integer("period_days").notNull(),
    withdrawalsPerPeriod: integer("withdrawals_per_period").notNull(),
    invitationsPerPeriod: integer("invitations_per_period").notNull(),
    /** A shorter retention for this plan's rewards (days), or null for RETENTION_DAYS. */
    retentionDays: integer("retention_days"),
    /** Tasks a day on top of the booster's allowance. */
    dailyTaskBonus: integer("daily_task_bonus").notNull().default(0),
    active: boolean("active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("membership_plans_code_idx").on(table.code),
    check("membership_plans_price_positive", sql`${table.price} > 0`),
    check("membership_plans_period", sql`${table.periodDays} in (30, 90)`),
    check("membership_plans_limits", sql`${table.withdrawalsPerPeriod} >= 0 and ${table.invitationsPerPeriod} >= 0`),
  ],
);

/**
 * One prepaid period of a plan. A renewal is the next period (it starts when the current one ends);
 * the limits are counted on the period's row, in the statement that uses them.
 */
export const memberships = pgTable(
  "memberships",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    planId: uuid("plan_id")
      .notNull()
      .references(() => membershipPlans.id),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    endsAt: timestamp("ends_at", { withTimezone: true }).notNull(),
    /** Copied from the plan when bought: a later edit of the plan does not change a period paid for. */
    withdrawalsAllowed: integer("withdrawals_allowed").notNull(),
    withdrawalsUsed: integer("withdrawals_used").notNull().default(0),
    invitationsAllowed: integer("invitations_allowed").notNull(),
    invitationsUsed: integer("invitations_used").notNull().default(0),
    pricePaid: bigint("price_paid", { mode: "number" }).notNull(),
    /** The period an upgrade ended early and carries on (its used withdrawals and invitations came along). */
    replaces: uuid("replaces"),
    transferId: uuid("transfer_id").references(() => ledgerTransfers.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the expiry job closed the period (its end had passed); null while it runs or waits to be closed. */
    expiredAt: timestamp("expired_at", { withTimezone: true }),
    /** When the booster was told it ends within three days (null: not yet, or a renewal follows it). */
    remindedAt: timestamp("reminded_at", { withTimezone: true }),
  },
  (table) => [
    index("memberships_user_idx").on(table.userId, table.endsAt),
    index("memberships_to_expire_idx")
      .on(table.endsAt)
      .where(sql`${table.expiredAt} is null`),
    check("memberships_period", sql`${table.endsAt} > ${table.startsAt}`),
    check("memberships_withdrawals", sql`${table.withdrawalsUsed} >= 0 and ${table.withdrawalsUsed} <= ${table.withdrawalsAllowed}`),
    check("memberships_invitations", sql`${table.invitationsUsed} >= 0 and ${table.invitationsUsed} <= ${table.invitationsAllowed}`),
  ],
);

/** A withdrawal of earnings to the booster's bank account (IBAN), held in the ledger from its request. */
export const payouts = pgTable(
  "payouts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    amount: bigint("amount", { mode: "number" }).notNull(),
    status: text("status", { enum: payoutStatuses }).notNull().default("pending"),
    /** The IBAN and bank as they were when requested (the profile may change later). */
    iban: text("iban").notNull(),
    bankName: text("bank_name"),
    /** The period whose withdrawal this used (given back when the payout is denied or fails). */
    membershipId: uuid("membership_id").references(() => memberships.id),
    /** The pending earnings → system:payouts transfer that holds the amount. */
    transferId: uuid("transfer_id")
      .notNull()
      .references(() => ledgerTransfers.id),
    /** Why the bank failed or returned it, as a code the pages translate (null: an admin's own words in reason). */
    reasonCode: text("reason_code", { enum: payoutReasonCodes }),
    /** An admin's reason, or with reasonCode the provider's own code or words (a detail, shown as such). */
    reason: text("reason"),
    bankReference: text("bank_reference"),
    rail: text("rail"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    /** When the rail was last asked what became of it (an API rail's reconciliation). */
    inquiredAt: timestamp("inquired_at", { withTimezone: true }),
    settledAt: timestamp("settled_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("payouts_user_idx").on(table.userId, table.createdAt),
    index("payouts_status_idx").on(table.status, table.createdAt),
    check("payouts_amount_positive", sql`${table.amount} > 0`),
  ],
);

/** Each payout's status history: what happened, when, by whom, and why. */
export const payoutEvents = pgTable(
  "payout_events",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    payoutId: uuid("payout_id")
      .notNull()
      .references(() => payouts.id, { onDelete: "cascade" }),
    status: text("status", { enum: payoutStatuses }).notNull(),
    /** The admin who acted, or null for the booster's request and the system. */
    actorId: uuid("actor_id").references(() => users.id),
    reasonCode: text("reason_code", { enum: payoutReasonCodes }),
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the booster's SMS about this step went (confirmed and failed only; null: still to send). */
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
  },
  (table) => [
    index("payout_events_payout_idx").on(table.payoutId, table.createdAt),
    index("payout_events_to_notify_idx")
      .on(table.createdAt)
      .where(sql`${table.notifiedAt} is null and ${table.status} in ('confirmed', 'failed')`),
  ],
);

/** Switches an admin turns in the back office (withdrawals on or off …), one row per name. */
export const appSettings = pgTable("app_settings", {
  name: text("name").primaryKey(),
  value: jsonb("value").notNull(),
  updatedBy: uuid("updated_by").references(() => users.id),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export type MembershipPlan = typeof membershipPlans.$inferSelect;
export type Membership = typeof memberships.$inferSelect;
export type Payout = typeof payouts.$inferSelect;
export type PayoutEvent = typeof payoutEvents.$inferSelect;
