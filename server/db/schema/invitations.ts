import { sql } from "drizzle-orm";
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { ledgerTransfers } from "./money";
import { memberships } from "./payouts";
import { invitationStatuses, type InvitationStatus } from "@/lib/schemas/enums";

export { invitationStatuses, type InvitationStatus };

/**
 * A friend invited by SMS (issue 18): pending (texted) → registered (they signed up with that phone)
 * → paid (they bought a first plan) → joined (the inviter's reward paid after the holding period).
 * A phone is invited once, by one person.
 */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inviterId: uuid("inviter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** E.164, +989…; unique: a phone is invited once. */
    phone: text("phone").notNull(),
    name: text("name"),
    /** In the SMS's link (and its opt-out). */
    code: text("code").notNull(),
    status: text("status", { enum: invitationStatuses }).notNull().default("pending"),
    /** The inviter's period whose invitation this used. */
    membershipId: uuid("membership_id").references(() => memberships.id),
    inviteeId: uuid("invitee_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the SMS was handed to the provider (null: still to send, by the outbox job). */
    textedAt: timestamp("texted_at", { withTimezone: true }),
    /** What became of the SMS: sent, opted_out (never texted), refused (the provider will not take it). */
    textOutcome: text("text_outcome", { enum: ["sent", "opted_out", "refused"] }),
    registeredAt: timestamp("registered_at", { withTimezone: true }),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** When the reward may be paid (paid_at + the holding period); null: no reward is due. */
    rewardDueAt: timestamp("reward_due_at", { withTimezone: true }),
    /** Why no reward: same_person (the invitee's national ID is the inviter's). */
    noRewardReason: text("no_reward_reason"),
    joinedAt: timestamp("joined_at", { withTimezone: true }),
    rewardTransferId: uuid("reward_transfer_id").references(() => ledgerTransfers.id),
  },
  (table) => [
    uniqueIndex("invitations_phone_idx").on(table.phone),
    uniqueIndex("invitations_code_idx").on(table.code),
    index("invitations_inviter_idx").on(table.inviterId, table.createdAt),
    index("invitations_to_text_idx")
      .on(table.createdAt)
      .where(sql`${table.textedAt} is null`),
    index("invitations_reward_due_idx")
      .on(table.rewardDueAt)
      .where(sql`${table.status} = 'paid'`),
  ],
);
export type Invitation = typeof invitations.$inferSelect;

/** Phones that asked never to be texted again (the invitation SMS's opt-out). */
export const smsOptOuts = pgTable("sms_opt_outs", {
  phone: text("phone").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
