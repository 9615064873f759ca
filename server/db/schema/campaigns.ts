import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { campaignNetworks, campaignStatuses, campaignStrategies, type CampaignStatus } from "@/lib/schemas/enums";
import type { Pace } from "@/lib/campaigns/pacing";

export { campaignNetworks, campaignStatuses, campaignStrategies, type CampaignStatus };

/** Price per action in Rials and the booster's share, per network and action; admins edit it. */
export const pricing = pgTable(
  "pricing",
  {
    network: text("network", { enum: campaignNetworks }).notNull(),
    action: text("action").notNull(),
    price: bigint("price", { mode: "number" }).notNull(),
    boosterShare: real("booster_share").notNull(),
    /** The guarantee: days after a campaign ends in which undone work of this action is delivered again (lib/campaigns/pricing.ts). */
    refillDays: integer("refill_days").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("pricing_network_action_idx").on(table.network, table.action),
    check("pricing_price_positive", sql`${table.price} > 0`),
  ],
);

/** A producer's campaign. Its money sits in the ledger account campaign:<id>:escrow. */
export const campaigns = pgTable(
  "campaigns",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ownerId: uuid("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    name: text("name").notNull(),
    network: text("network", { enum: campaignNetworks }).notNull(),
    strategy: text("strategy", { enum: campaignStrategies }).notNull(),
    link: text("link").notNull(),
    followerCount: integer("follower_count").notNull(),
    hours: integer("hours"),
    percentage: integer("percentage"),
    status: text("status", { enum: campaignStatuses }).notNull(),
    /** The invoice at creation: lines (metric, min, max, unit price), subtotal, fee, total. */
    invoice: jsonb("invoice").notNull(),
    budget: bigint("budget", { mode: "number" }).notNull(),
    spent: bigint("spent", { mode: "number" }).notNull().default(0),
    progress: integer("progress").notNull().default(0),
    /** Units delivered (approved or completed, net of drops) per invoice metric, kept with progress by refreshCampaign. */
    delivered: jsonb("delivered").$type<Record<string, number>>().notNull().default({}),
    /** SPEC §3 post count worked: distinct posts or videos that received delivered work. */
    postsWorked: integer("posts_worked").notNull().default(0),
    /** Units dropped and not refilled yet (the delivery rollup's trigger keeps it): the next units delivered refill them. */
    dropsOpen: integer("drops_open").notNull().default(0),
    /** The network's own counter when the campaign was approved (YouTube statistics); null until taken or where none exists. */
    networkStart: jsonb("network_start").$type<NetworkCounts>(),
    networkStartAt: timestamp("network_start_at", { withTimezone: true }),
    /** The YouTube channel id of an @handle link, resolved once (channels.list forHandle) so the daily count asks by id. */
    networkChannelId: text("network_channel_id"),
    /** The Tehran day YouTube last did not know the link's channel or video: not asked again that day. */
    networkMissingOn: date("network_missing_on", { mode: "string" }),
    /** How fast the campaign may be delivered (lib/campaigns/pacing.ts); null: as fast as boosters take it. */
    pace: jsonb("pace").$type<Pace>(),
    /** A Smart campaign run month by month: Rials charged from the wallet each Tehran month (the fee inside); null: not renewed. */
    monthlyBudget: bigint("monthly_budget", { mode: "number" }),
    /** The Tehran month (Solar Hijri "YYYY-MM") whose budget was last charged. */
    month: text("month"),
    /** That month's budget for tasks, and what the campaign had spent when it was charged (this month's spending is the difference). */
    monthForTasks: bigint("month_for_tasks", { mode: "number" }).notNull().default(0),
    monthSpentBase: bigint("month_spent_base", { mode: "number" }).notNull().default(0),
    /** Paused by the renewal because the wallet was short; a paid renewal resumes it. */
    pausedShort: boolean("paused_short").notNull().default(false),
    rejectionReason: text("rejection_reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    /** The refill guarantee's window closed and what its reopened units did not use went back to the wallet (once). */
    guaranteeClosedAt: timestamp("guarantee_closed_at", { withTimezone: true }),
    /** A refill its producer requested through the API: its released work is re-checked at the next guarantee run. */
    refillRequestedAt: timestamp("refill_requested_at", { withTimezone: true }),
  },
  (table) => [
    // The list: a producer's campaigns by status, newest first; id breaks ties, so a page is read
    // straight off the index (no sort).
    index("campaigns_owner_status_created_idx").on(table.ownerId, table.status, table.createdAt, table.id),
    index("campaigns_owner_created_idx").on(table.ownerId, table.createdAt, table.id),
    index("campaigns_status_created_idx").on(table.status, table.createdAt),
    // SPEC §9: a Trial is once per user — held by the database, not by a check-then-insert.
    uniqueIndex("campaigns_one_trial_per_owner_idx")
      .on(table.ownerId)
      .where(sql`${table.strategy} = 'trial'`),
    check("campaigns_progress_range", sql`${table.progress} between 0 and 100`),
    // The network counter's finished campaigns still in their window (server/youtube/network-due.ts): a few, not every finished one.
    index("campaigns_youtube_finished_idx")
      .on(table.completedAt)
      .where(sql`${table.network} = 'youtube' and ${table.status} in ('completed', 'paid')`),
    // The monthly renewal's campaigns (server/campaigns/monthly.ts): only those run month by month.
    index("campaigns_monthly_idx")
      .on(table.month)
      .where(sql`${table.monthlyBudget} is not null`),
  ],
);

export type Campaign = typeof campaigns.$inferSelect;

/**
 * How many campaigns each owner has per status, kept by a trigger on campaigns (migration 0005) in
 * the same transaction as every insert, status change or delete: list totals and the dashboard read
 * one row instead of counting thousands.
 */
export const campaignCounts = pgTable(
  "campaign_counts",
  {
    ownerId: uuid("owner_id").notNull(),
    status: text("status", { enum: campaignStatuses }).notNull(),
    n: bigint("n", { mode: "number" }).notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.ownerId, table.status] }), index("campaign_counts_status_idx").on(table.status)],
);

/** A network's public counters for a campaign's channel or post (YouTube statistics); null: not given. */
export type NetworkCounts = {
  subscribers: number | null;
  views: number | null;
  likes: number | null;
  comments: number | null;
  /** The channel hides its subscriber count (YouTube then gives none). */
  subscribersHidden: boolean;
};

/**
 * Delivery per campaign and Tehran day, kept by a trigger on activities (migration 0024) in the same
 * transaction as each activity's change: units delivered that day (and how they were checked), and
 * units dropped that day (undone before release, reopened for another booster), and of the units
 * delivered that day, those that refilled a drop made before them (in the order of the changes, so a drop
 * refilled on its own day counts; migration 0031). The chart reads these rows, never the activities.
 */
export const campaignDeliveryDays = pgTable(
  "campaign_delivery_days",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    delivered: integer("delivered").notNull().default(0),
    autoChecked: integer("auto_checked").notNull().default(0),
    watched: integer("watched").notNull().default(0),
    reviewed: integer("reviewed").notNull().default(0),
    dropped: integer("dropped").notNull().default(0),
    refilled: integer("refilled").notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.day] })],
);

/** The network's own counter, once per Tehran day while a campaign runs and through its guarantee window. */
export const campaignNetworkDays = pgTable(
  "campaign_network_days",
  {
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    counts: jsonb("counts").$type<NetworkCounts>().notNull(),
    takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.campaignId, table.day] })],
);
