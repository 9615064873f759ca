import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, eq, gt, lt, ne } from "drizzle-orm";
import { SCOPE_FORCE_SSL, SCOPE_READONLY, type YoutubeAccounts } from "@/server/adapters/youtube-account";
import { YoutubeUnavailable } from "@/server/adapters/youtube";
import { youtubeLinks, youtubeOauthStates, type YoutubeLink } from "@/server/db/schema";
import type { DbCtx, UserCtx } from "@/server/core/context";
import { AppError } from "@/server/core/errors";
import { assertCanEarn } from "@/server/activities";
import { recordAudit } from "@/server/audit";
import { uniqueViolation } from "@/server/auth";
import { openToken, sealToken } from "@/server/youtube/token-box";
import { quotaMeter, youtubeChecksNow } from "@/server/youtube/quota";
import type { Locale } from "@/lib/i18n/locales";
import type { YoutubeConnectOutcome, YoutubeReturnTo } from "@/lib/schemas/youtube";

/** How long the browser has to come back from Google's consent page. */
const STATE_TTL_MS = 10 * 60_000;

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

/**
 * GET youtube/connection: whether connecting is possible here, the booster's channel if connected, and
 * how new YouTube tasks are checked today (by the API, by people's review, or paused for the quota).
 */
export async function connectionOf(ctx: UserCtx, accounts: YoutubeAccounts | null) {
  const [[link], today] = await Promise.all([
    accounts ? ctx.db.select().from(youtubeLinks).where(eq(youtubeLinks.userId, ctx.actor.id)) : [],
    youtubeChecksNow(ctx),
  ]);
  return {
    checks_today: { state: accounts ? today.state : ("open" as const), resumes_at: today.resumesAt.toISOString() },
    enabled: accounts !== null,
    like_checks: accounts?.likeChecks ?? false,
    channel: link
      ? {
          id: link.channelId,
          title: link.channelTitle,
          connected_at: link.connectedAt.toISOString(),
          like_checks_granted: link.scopes.split(" ").includes(SCOPE_FORCE_SSL),
        }
      : null,
  };
}

/**
 * POST youtube/connect: a verified booster asks to connect (or to add like checks). A one-time state,
 * bound to this account, and a PKCE verifier are kept for ten minutes; the answer is Google's consent URL.
 */
export async function startConnect(
  ctx: UserCtx & { accounts: YoutubeAccounts },
  input: { likes: boolean; returnTo: YoutubeReturnTo; locale: Locale; redirectUri: string },
): Promise<{ authorize_url: string; state: string }> {
  const { accounts } = ctx;
  assertCanEarn(ctx.actor);
  const state = randomBytes(32).toString("base64url");
  const codeVerifier = randomBytes(48).toString("base64url");
  const scopes = input.likes && accounts.likeChecks ? [SCOPE_READONLY, SCOPE_FORCE_SSL] : [SCOPE_READONLY];
  const now = Date.now();
  await ctx.db.delete(youtubeOauthStates).where(lt(youtubeOauthStates.expiresAt, new Date(now)));
  await ctx.db.insert(youtubeOauthStates).values({
    stateHash: sha256(state),
    userId: ctx.actor.id,
    codeVerifier,
    scopes: scopes.join(" "),
    locale: input.locale,
    returnTo: input.returnTo,
    expiresAt: new Date(now + STATE_TTL_MS),
  });
  const codeChallenge = createHash("sha256").update(codeVerifier).digest("base64url");
  return { authorize_url: accounts.authorizeUrl({ state, codeChallenge, redirectUri: input.redirectUri, scopes }), state };
}

export type ConnectResult = { outcome: YoutubeConnectOutcome; locale: Locale | null; returnTo: YoutubeReturnTo };

/**
 * GET youtube/callback: Google sends the browser back with `code` and `state` (or `error`). The state
 * is taken once, and only from the browser that started (its flow cookie); its account gets the
 * channel unless another account already has it. Outcomes, not
 * errors: the browser is sent back to the page it came from with what happened.
 */
export async function completeConnect(
  ctx: DbCtx & { accounts: YoutubeAccounts },
  input: { state: string; browserState: string | undefined; code?: string | undefined; error?: string | undefined; redirectUri: string },
): Promise<ConnectResult> {
  const { accounts } = ctx;
  // The state must also be the one this browser was given when it started: otherwise someone could
  // start on their account and have another person's consent land there (cross-site account linking).
  const sameBrowser =
    input.browserState !== undefined && timingSafeEqual(Buffer.from(sha256(input.browserState)), Buffer.from(sha256(input.state)));
  const [pending] =
    input.state && sameBrowser
      ? await ctx.db
          .delete(youtubeOauthStates)
          .where(and(eq(youtubeOauthStates.stateHash, sha256(input.state)), gt(youtubeOauthStates.expiresAt, new Date())))
          .returning()
      : [];
  if (!pending) return { outcome: "expired", locale: null, returnTo: "profile" };
  const result = (outcome: YoutubeConnectOutcome): ConnectResult => ({
    outcome,
    locale: pending.locale as Locale,
    returnTo: pending.returnTo as YoutubeReturnTo,
  });
  if (input.error || !input.code) return result("denied");
  let grant;
  let channel;
  try {
    grant = await accounts.exchangeCode({ code: input.code, codeVerifier: pending.codeVerifier, redirectUri: input.redirectUri });
    channel = await accounts.metered(quotaMeter(ctx, "connect")).myChannel(grant.accessToken);
  } catch (error) {
    if (!(error instanceof YoutubeUnavailable)) throw error;
    console.error(`[youtube] connecting a channel failed (${error.reason}): ${error.message}`);
    return result("failed");
  }
  if (!channel) return result("no_channel");
  const [current] = await ctx.db.select().from(youtubeLinks).where(eq(youtubeLinks.userId, pending.userId));
  // With prompt=consent Google sends a refresh token each time; keep the old one only if it did not.
  const refreshToken = grant.refreshToken ? await sealToken(ctx, { token: grant.refreshToken }) : current?.refreshToken;
  if (!refreshToken) return result("failed");
  const [owner] = await ctx.db
    .select({ userId: youtubeLinks.userId })
    .from(youtubeLinks)
    .where(and(eq(youtubeLinks.channelId, channel.id), ne(youtubeLinks.userId, pending.userId)));
  // One channel, one account. The grant is not revoked: it is the same Google grant the other account holds.
  if (owner) return result("taken");
  const scopes = [...new Set([...(current?.scopes.split(" ") ?? []), ...grant.scopes])].filter(Boolean).join(" ");
  const row = { channelId: channel.id, channelTitle: channel.title, refreshToken, scopes, connectedAt: new Date() };
  try {
    await ctx.db
      .insert(youtubeLinks)
      .values({ userId: pending.userId, ...row })
      .onConflictDoUpdate({ target: youtubeLinks.userId, set: row });
  } catch (error) {
    // Another account took the channel between the check and the write.
    if (uniqueViolation(error) !== null) return result("taken");
    throw error;
  }
  await recordAudit(ctx, {
    actorId: pending.userId,
    action: "youtube.connect",
    targetType: "user",
    targetId: pending.userId,
    details: { channel_id: channel.id },
    ip: null,
  });
  return result("connected");
}

/**
 * DELETE youtube/connection: what we stored goes at once; the grant is revoked at Google. When Google
 * cannot be reached the row still goes and the answer says so (revoked: false), so the page can send
 * the booster to their Google account's permissions.
 */
export async function disconnect(ctx: UserCtx, accounts: YoutubeAccounts | null): Promise<{ revoked: boolean }> {
  const [link] = await ctx.db.delete(youtubeLinks).where(eq(youtubeLinks.userId, ctx.actor.id)).returning();
  if (!link) throw new AppError("youtube_not_connected");
  await recordAudit(ctx, {
    actorId: ctx.actor.id,
    action: "youtube.disconnect",
    targetType: "user",
    targetId: ctx.actor.id,
    details: { channel_id: link.channelId },
    ip: ctx.ip ?? null,
  });
  if (!accounts) return { revoked: false };
  try {
    await accounts.revoke(await openToken(ctx, { box: link.refreshToken }));
    return { revoked: true };
  } catch (error) {
    console.error(`[youtube] revoking a grant failed: ${error instanceof Error ? error.message : "unknown"}`);
    return { revoked: false };
  }
}

/**
 * A fresh access token for a booster's channel; null when they have none, or when Google says the
 * grant is gone (revoked from the Google account): then what we stored goes too.
 */
export async function accessFor(
  ctx: DbCtx & { accounts: YoutubeAccounts },
  input: { userId: string },
): Promise<{ link: YoutubeLink; accessToken: string; scopes: string[] } | null> {
  const { accounts } = ctx;
  const { userId } = input;
  const [link] = await ctx.db.select().from(youtubeLinks).where(eq(youtubeLinks.userId, userId));
  if (!link) return null;
  try {
    const grant = await accounts.refresh(await openToken(ctx, { box: link.refreshToken }));
    return { link, accessToken: grant.accessToken, scopes: link.scopes.split(" ") };
  } catch (error) {
    if (error instanceof YoutubeUnavailable && error.reason === "revoked") {
      await ctx.db.delete(youtubeLinks).where(and(eq(youtubeLinks.userId, userId), eq(youtubeLinks.refreshToken, link.refreshToken)));
      return null;
    }
    throw error;
  }
}
