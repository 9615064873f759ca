import { sql } from "drizzle-orm";
import { date, doublePrecision, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { activities } from "./activities";

/**
 * A booster's YouTube channel, connected through Google's OAuth so their YouTube tasks can be checked
 * by the YouTube Data API. One row per account, and a channel on one account only (channel_id is
 * unique): the same channel cannot earn twice. The refresh token is encrypted (server/youtube/token-box.ts);
 * disconnecting revokes it at Google and deletes the row.
 */
export const youtubeLinks = pgTable("youtube_links", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  channelId: text("channel_id").notNull().unique(),
  channelTitle: text("channel_title").notNull(),
  /** AES-256-GCM sealed refresh token: v1.<iv>.<ciphertext+tag>, base64url. */
  refreshToken: text("refresh_token").notNull(),
  /** The scopes Google granted, space-separated. */
  scopes: text("scopes").notNull(),
  connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An authorization under way: the `state` sent to Google (kept as its SHA-256) tied to the account
 * that asked, the PKCE verifier, and where to send the browser back. Used once, within ten minutes.
 */
export const youtubeOauthStates = pgTable(
  "youtube_oauth_states",
  {
    stateHash: text("state_hash").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeVerifier: text("code_verifier").notNull(),
    scopes: text("scopes").notNull(),
    locale: text("locale").notNull(),
    returnTo: text("return_to").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("youtube_oauth_states_expires_idx").on(table.expiresAt)],
);

export type YoutubeLink = typeof youtubeLinks.$inferSelect;

/**
 * A watch session (views and watch time): issued by the server for one activity in progress; the page
 * plays the video and beats every few seconds with the player's position, whether it plays and whether
 * the tab is visible. Only time the beats prove is credited: playing, visible, the position moving, and
 * never more than the server's own clock has seen pass since the last beat.
 */
export const watchSessions = pgTable(
  "watch_sessions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    activityId: uuid("activity_id")
      .notNull()
      .references(() => activities.id, { onDelete: "cascade" }),
    boosterId: uuid("booster_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    requiredSeconds: integer("required_seconds").notNull(),
    creditedSeconds: doublePrecision("credited_seconds").notNull().default(0),
    lastPosition: doublePrecision("last_position"),
    lastBeatAt: timestamp("last_beat_at", { withTimezone: true }),
    beats: integer("beats").notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp("ended_at", { withTimezone: true }),
  },
  (table) => [
    index("watch_sessions_activity_idx").on(table.activityId),
    // One watch session open per activity (issue 30): a new one ends the last, and parallel opens cannot leave two.
    uniqueIndex("watch_sessions_one_open_idx")
      .on(table.activityId)
      .where(sql`${table.endedAt} is null`),
  ],
);
export type WatchSession = typeof watchSessions.$inferSelect;

/**
 * YouTube's daily quota (server/youtube/quota.ts): the units spent on one Google day (midnight to
 * midnight Pacific time) per kind of call, the budget asked for and refused, and when Google itself
 * said the quota was spent. One row a day, shared by every instance.
 */
export const youtubeQuotaDays = pgTable("youtube_quota_days", {
  day: date("day", { mode: "string" }).primaryKey(),
  /** YOUTUBE_DAILY_QUOTA and YOUTUBE_CHECK_RESERVE as the day's last spend saw them. */
  quota: integer("quota").notNull(),
  reserve: integer("reserve").notNull(),
  checkUnits: integer("check_units").notNull().default(0),
  connectUnits: integer("connect_units").notNull().default(0),
  recheckUnits: integer("recheck_units").notNull().default(0),
  counterUnits: integer("counter_units").notNull().default(0),
  searchUnits: integer("search_units").notNull().default(0),
  refusedUnits: integer("refused_units").notNull().default(0),
  spentAt: timestamp("spent_at", { withTimezone: true }),
});
export type YoutubeQuotaDay = typeof youtubeQuotaDays.$inferSelect;
