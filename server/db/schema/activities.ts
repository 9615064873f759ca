import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { campaigns } from "./campaigns";
import { ledgerTransfers } from "./money";
import {
  activityCheckMethods,
  activityDeciders,
  activityDenialCodes,
  activityStatuses,
  activityTypes,
  type ActivityStatus,
} from "@/lib/schemas/enums";

export { activityStatuses, activityTypes, type ActivityStatus };

/**
 * One booster's work on one line of a campaign (e.g. a like, ten watch minutes). Starting it reserves
 * its budget in the ledger (two pending transfers out of the campaign's escrow, or out of promotions
 * for a Trial); approving posts them, denying or expiring voids them.
 */
export const activities = pgTable(
  "activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    campaignId: uuid("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "restrict" }),
    boosterId: uuid("booster_id")
      .notNull()
      .references(() => users.id, { onDelete: "restrict" }),
    /** The invoice line it counts toward (likes, watch_minutes …) and the action that line buys. */
    metric: text("metric").notNull(),
    action: text("action").notNull(),
    type: text("type", { enum: activityTypes }).notNull(),
    /** Units of the metric: 1 for an action, minutes for watch time. */
    quantity: integer("quantity").notNull(),
    status: text("status", { enum: activityStatuses }).notNull(),
    /** What the producer pays for it (reserved at start), what was actually charged, the booster's part. */
    budget: bigint("budget", { mode: "number" }).notNull(),
    cost: bigint("cost", { mode: "number" }).notNull().default(0),
    reward: bigint("reward", { mode: "number" }).notNull(),
    progress: integer("progress").notNull().default(0),
    /** The post the booster engaged with (the campaign's link until they submit). */
    postLink: text("post_link").notNull(),
    proof: text("proof"),
    denialReason: text("denial_reason"),
    denialCode: text("denial_code", { enum: activityDenialCodes }),
    /** How it is checked (fixed at start) and who decided it. */
    checkMethod: text("check_method", { enum: activityCheckMethods }).notNull().default("review"),
    decidedBy: text("decided_by", { enum: activityDeciders }),
    /** Instagram: the booster's username on the network, for the reviewer. */
    proofUsername: text("proof_username"),
    /** Instagram: the booster's screenshot of the work, re-encoded, in the file store (outside public/). */
    proofImageKey: text("proof_image_key"),
    /** A reviewer's request for one revision, and the booster's appeal of a denial (each at most once). */
    revisionNote: text("revision_note"),
    revisions: integer("revisions").notNull().default(0),
    appealNote: text("appeal_note"),
    appealedAt: timestamp("appealed_at", { withTimezone: true }),
    /** Retention: approved, held until release_at, then released (completed) or dropped (clawed back). */
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    releaseAt: timestamp("release_at", { withTimezone: true }),
    releasedAt: timestamp("released_at", { withTimezone: true }),
    droppedAt: timestamp("dropped_at", { withTimezone: true }),
    /** When the guarantee's re-check (days before the window closes) decided this released work: kept, or dropped and reopened. */
    guaranteeCheckedAt: timestamp("guarantee_checked_at", { withTimezone: true }),
    /** Started on a finished campaign to refill a unit its guarantee reopened (server/activities/guarantee.ts). */
    refill: boolean("refill").notNull().default(false),
    rewardTransferId: uuid("reward_transfer_id").references(() => ledgerTransfers.id),
    marginTransferId: uuid("margin_transfer_id").references(() => ledgerTransfers.id),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    reviewedAt: timestamp("reviewed_at", { withTimezone: true }),
  },
  (table) => [
    // The campaign's activities table, newest first.
    index("activities_campaign_created_idx").on(table.campaignId, table.createdAt, table.id),
    // A booster's own list.
    index("activities_booster_created_idx").on(table.boosterId, table.createdAt, table.id),
    // The review queue and the expiry job.
    index("activities_status_created_idx").on(table.status, table.createdAt),
    // One live activity per booster per campaign line: a second start races into this index, not past it.
    uniqueIndex("activities_one_live_per_line_idx")
      .on(table.campaignId, table.boosterId, table.metric)
      .where(sql`${table.status} <> 'denied'`),
    // What waits for a person, oldest first (appeals and revisions included).
    index("activities_review_queue_idx")
      .on(table.submittedAt, table.id)
      .where(sql`${table.status} = 'awaiting_review'`),
    // A campaign's work in review (its delivery's count), without reading the campaign's other activities.
    index("activities_campaign_awaiting_idx")
      .on(table.campaignId)
      .where(sql`${table.status} = 'awaiting_review'`),
    // The release job: approved rewards whose retention has passed.
    index("activities_release_due_idx")
      .on(table.releaseAt, table.id)
      .where(sql`${table.status} = 'approved'`),
    // The guarantee job: released API-checked work not re-checked in its window yet, per campaign.
    index("activities_guarantee_due_idx")
      .on(table.campaignId)
      .where(sql`${table.status} = 'completed' and ${table.checkMethod} = 'api' and ${table.guaranteeCheckedAt} is null`),
    // Units the guarantee found undone, by day: the campaigns whose reopened units the feed offers, and the refunds at the window's end.
    index("activities_guarantee_drops_idx")
      .on(table.droppedAt, table.campaignId)
      .where(sql`${table.guaranteeCheckedAt} is not null and ${table.denialCode} = 'dropped'`),
    check("activities_revisions_once", sql`${table.revisions} between 0 and 1`),
    check("activities_progress_range", sql`${table.progress} between 0 and 100`),
    check(
      "activities_amounts",
      sql`${table.quantity} > 0 and ${table.budget} >= 0 and ${table.reward} >= 0 and ${table.reward} <= ${table.budget} and ${table.cost} between 0 and ${table.budget}`,
    ),
  ],
);

export type Activity = typeof activities.$inferSelect;
