import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { notificationKinds, type NotificationKind } from "@/lib/schemas/enums";

export { notificationKinds, type NotificationKind };

/**
 * What happened to a user's money, work or account, written in the same transaction as the change it
 * announces (issue 18). The text is not stored: the kind and its parameters are rendered in the
 * reader's language when read. The de-duplication key makes a repeat of the same change harmless.
 */
export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: notificationKinds }).notNull(),
    params: jsonb("params")
      .$type<Record<string, string | number | null>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    dedupeKey: text("dedupe_key").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    /** When the user opened the inbox with it in (it no longer counts in the header). */
    seenAt: timestamp("seen_at", { withTimezone: true }),
    /** When the user opened it. */
    readAt: timestamp("read_at", { withTimezone: true }),
    /** Its SMS (for the kinds that have one): pending (the outbox sends it), sent, muted (switched off), refused. */
    smsState: text("sms_state", { enum: ["pending", "sent", "muted", "refused"] }),
  },
  (table) => [
    uniqueIndex("notifications_dedupe_idx").on(table.dedupeKey),
    index("notifications_user_idx").on(table.userId, table.createdAt),
    index("notifications_unread_idx")
      .on(table.userId, table.createdAt)
      .where(sql`${table.readAt} is null`),
    index("notifications_sms_idx")
      .on(table.createdAt)
      .where(sql`${table.smsState} = 'pending'`),
  ],
);

/** The header's count: notifications not yet seen, kept in the transactions that write and see them. */
export const notificationCounters = pgTable("notification_counters", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  unseen: integer("unseen").notNull().default(0),
});

export type Notification = typeof notifications.$inferSelect;

/** What a user switched off, per category (lib/notifications/categories.ts): in the app, and by SMS. */
export const notificationPreferences = pgTable("notification_preferences", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  inAppOff: text("in_app_off")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  smsOff: text("sms_off")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
