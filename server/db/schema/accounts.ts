import { sql } from "drizzle-orm";
import { date, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import {
  ibanCheckStatuses,
  identityStatuses,
  oauthProviders,
  otpPurposes,
  purposes,
  userRoles,
  type IdentityStatus,
  type OtpPurpose,
} from "@/lib/schemas/enums";

export { identityStatuses, otpPurposes, userRoles, type IdentityStatus, type OtpPurpose };
export type UserRole = (typeof userRoles)[number];

/** A person. Phone in E.164; e-mail lower-cased; password hashed with scrypt (null for social-only accounts). */
export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text("phone"),
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    email: text("email"),
    passwordHash: text("password_hash"),
    role: text("role", { enum: userRoles }).notNull().default("user"),
    locale: text("locale").notNull().default("fa-IR"),
    nationalId: text("national_id"),
    birthDate: date("birth_date"),
    bankName: text("bank_name"),
    iban: text("iban"),
    /** When the IBAN last changed: no payout goes to a new account within 48 hours (issue 17). */
    ibanChangedAt: timestamp("iban_changed_at", { withTimezone: true }),
    /** What is known of the IBAN's owner (lib/schemas/enums.ts ibanCheckStatuses); null: not checked yet. */
    ibanCheck: text("iban_check", { enum: ibanCheckStatuses }),
    /** What the person came for (lib/schemas/enums.ts purposes): the dashboard leads with that side; null until chosen. */
    purpose: text("purpose", { enum: purposes }),
    /** The account holder's name as the IBAN provider gave it, for the user to confirm. */
    ibanOwnerName: text("iban_owner_name"),
    ibanCheckedAt: timestamp("iban_checked_at", { withTimezone: true }),
    identityStatus: text("identity_status", { enum: identityStatuses }).notNull().default("registered"),
    identityRejectionReason: text("identity_rejection_reason"),
    identityCardKey: text("identity_card_key"),
    identityRequestedAt: timestamp("identity_requested_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex("users_phone_idx").on(table.phone),
    uniqueIndex("users_email_idx").on(table.email),
    index("users_identity_status_idx").on(table.identityStatus, table.identityRequestedAt),
  ],
);

/** A Google or Apple account linked to a user, identified by (provider, sub). */
export const socialIdentities = pgTable(
  "social_identities",
  {
    provider: text("provider", { enum: oauthProviders }).notNull(),
    sub: text("sub").notNull(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.provider, table.sub] }), index("social_identities_user_idx").on(table.userId)],
);

/**
 * One code step: the client holds `token` (only its hash is stored), the phone receives a 6-digit
 * code (hashed too). A registration keeps its pending account in `payload` until the code is right.
 */
export const otpChallenges = pgTable(
  "otp_challenges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    tokenHash: text("token_hash").notNull(),
    purpose: text("purpose", { enum: otpPurposes }).notNull(),
    userId: uuid("user_id").references(() => users.id, { onDelete: "cascade" }),
    phone: text("phone").notNull(),
    codeHash: text("code_hash").notNull(),
    attempts: integer("attempts").notNull().default(0),
    payload: jsonb("payload"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    lastSentAt: timestamp("last_sent_at", { withTimezone: true }).notNull().defaultNow(),
    verifiedAt: timestamp("verified_at", { withTimezone: true }),
    consumedAt: timestamp("consumed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("otp_challenges_token_idx").on(table.tokenHash)],
);

/** Every code sent, for the per-phone and per-IP hourly limits (shared by all app instances). */
export const otpSends = pgTable(
  "otp_sends",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    phone: text("phone").notNull(),
    ip: text("ip").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("otp_sends_phone_idx").on(table.phone, table.sentAt), index("otp_sends_ip_idx").on(table.ip, table.sentAt)],
);

/** A login: one refresh-token family. Revoking it ends the session at once (access tokens name it). */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    userAgent: text("user_agent"),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
    revokedReason: text("revoked_reason"),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/** Refresh tokens (hashed). Each is used once; presenting a used one again revokes its session. */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    tokenHash: text("token_hash").primaryKey(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("refresh_tokens_session_idx").on(table.sessionId)],
);

/** Uploaded files (national ID cards), stored under a random key outside public/. */
export const uploads = pgTable("uploads", {
  id: uuid("id").primaryKey().defaultRandom(),
  ownerId: uuid("owner_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" }),
  kind: text("kind", { enum: ["identity_card", "activity_proof"] }).notNull(),
  storageKey: text("storage_key").notNull(),
  contentType: text("content_type").notNull(),
  bytes: integer("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Who did what: every admin action and every security-relevant account change. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    actorId: uuid("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    details: jsonb("details")
      .notNull()
      .default(sql`'{}'::jsonb`),
    ip: text("ip"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("audit_log_target_idx").on(table.targetType, table.targetId)],
);

/** Secrets the instances share when none is configured (e.g. the JWT signing key in development). */
export const appSecrets = pgTable("app_secrets", {
  name: text("name").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;

/** Failed password checks, for slowing down guessing (per account and per address; shared by all instances). */
export const loginFailures = pgTable(
  "login_failures",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    accountKey: text("account_key").notNull(),
    ip: text("ip").notNull(),
    failedAt: timestamp("failed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("login_failures_account_idx").on(table.accountKey, table.failedAt),
    index("login_failures_ip_idx").on(table.ip, table.failedAt),
  ],
);
