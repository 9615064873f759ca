import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";

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
