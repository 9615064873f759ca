import { and, desc, eq, gt, inArray, isNull, ne, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { refreshTokens, sessions, users, type User } from "@/server/db/schema";
import { preparedOnce } from "@/server/db/prepared";
import { batchedPerDatabase } from "@/server/db/batched";
import type { Db } from "@/server/db";
import { hashToken, randomToken } from "@/server/auth/crypto";
import { signAccessToken, verifyAccessToken, ACCESS_TOKEN_TTL_SECONDS, type AccessClaims } from "@/server/auth/jwt";
import { signingKey } from "@/server/auth/keys";
import { assertNotBanned } from "@/server/auth/ban-in-force";
import { executor, type DbCtx, withTransaction } from "@/server/core/context";

export const REFRESH_TOKEN_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * The channel the database announces a session's end on, with the session's id: a trigger on
 * `sessions` (migration 0023) fires when revoked_at is set or the row goes, at that commit, whatever
 * code ended it. The notification streams listen on it (server/notifications/live.ts).
 */
export const SESSION_END_CHANNEL = "takapoo_sessions";

export type IssuedSession = {
  sessionId: string;
  userId: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
};

export type ClientMeta = { userAgent: string | null; ip: string | null };

/** Opens a session (a refresh-token family) and issues its first token pair; 403 account_banned while a ban is in force. `key` comes from signingKey(), fetched before any transaction. */
export async function openSession(ctx: DbCtx, input: { key: Uint8Array; userId: string; meta: ClientMeta }): Promise<IssuedSession> {
  const tx = executor(ctx);
  const { key, userId, meta } = input;
  await assertNotBanned(ctx, { userId });
  const [session] = await tx
    .insert(sessions)
    .values({
      userId,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      ip: meta.ip,
      expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_SECONDS * 1000),
    })
    .returning({ id: sessions.id });
  if (!session) throw new Error("session not created");
  const refreshToken = randomToken();
  await tx.insert(refreshTokens).values({ tokenHash: hashToken(refreshToken), sessionId: session.id });
  const accessToken = await signAccessToken(key, { userId, sessionId: session.id });
  return { sessionId: session.id, userId, accessToken, refreshToken, expiresIn: ACCESS_TOKEN_TTL_SECONDS };
}

export type RotateResult = { kind: "rotated"; session: IssuedSession } | { kind: "invalid" } | { kind: "reused" };

/**
 * Trades a refresh token for a new pair. Each token works once: presenting a used one again means
 * it was stolen (or replayed), so the whole family — the session — is revoked.
 */
export async function rotateRefreshToken(ctx: DbCtx, input: { refreshToken: string }): Promise<RotateResult> {
  const { refreshToken } = input;
  const tokenHash = hashToken(refreshToken);
  // Outside the transaction: PGlite has one connection, and a query beside an open transaction waits for it.
  const key = await signingKey(ctx);
  const result = await withTransaction(ctx, async (ctx): Promise<RotateResult> => {
    const { tx } = ctx;
    const [row] = await tx
      .select({
        sessionId: refreshTokens.sessionId,
        usedAt: refreshTokens.usedAt,
        userId: sessions.userId,
        revokedAt: sessions.revokedAt,
        expiresAt: sessions.expiresAt,
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash));
    if (!row || row.revokedAt || row.expiresAt.getTime() <= Date.now()) return { kind: "invalid" };
    const claimed = await tx
      .update(refreshTokens)
      .set({ usedAt: new Date() })
      .where(and(eq(refreshTokens.tokenHash, tokenHash), isNull(refreshTokens.usedAt)))
      .returning({ sessionId: refreshTokens.sessionId });
    if (claimed.length === 0) {
      await tx
        .update(sessions)
        .set({ revokedAt: new Date(), revokedReason: "refresh_token_reuse" })
        .where(and(eq(sessions.id, row.sessionId), isNull(sessions.revokedAt)));
      return { kind: "reused" };
    }
    const next = randomToken();
    await tx.insert(refreshTokens).values({ tokenHash: hashToken(next), sessionId: row.sessionId });
    await tx.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, row.sessionId));
    const accessToken = await signAccessToken(key, { userId: row.userId, sessionId: row.sessionId });
    return {
      kind: "rotated",
      session: { sessionId: row.sessionId, userId: row.userId, accessToken, refreshToken: next, expiresIn: ACCESS_TOKEN_TTL_SECONDS },
    };
  });
  return result;
}

export async function revokeSession(ctx: DbCtx, input: { sessionId: string; reason: string }): Promise<void> {
  const db = executor(ctx);
  const { sessionId, reason } = input;
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

export async function revokeAllSessions(ctx: DbCtx, input: { userId: string; reason: string }): Promise<void> {
  const db = executor(ctx);
  const { userId, reason } = input;
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
}

export async function revokeOtherSessions(ctx: DbCtx, input: { userId: string; keepSessionId: string; reason: string }): Promise<void> {
  const db = executor(ctx);
  const { userId, keepSessionId, reason } = input;
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)));
}

export type Authenticated = { user: User; sessionId: string };

/** The open session `sessionId` of `userId` (an access token's claims): not revoked, not expired. */
export function openSessionOf(sessionId: SQLWrapper, userId: SQLWrapper): SQL {
  return and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`))!;
}

/**
 * The callers of one batched statement (server/db/batched.ts): `from` is `k`, the rows of the json
 * placeholder `callers` (callersParam: session_id, user_id and one field per `columns` entry, its name:
 * SQL type) numbered by ordinality `k.at`; `open` is the lateral that finds the caller's session open, so
 * a caller whose session is not open has no row. A json recordset's size is unknown to the planner in
 * every plan, so the statement keeps one generic plan (an array's length would make PostgreSQL plan it
 * anew for each batch), and the lateral finds each session by its primary key whatever size it guesses.
 */
export function openCallers(db: Db, columns: Record<string, string> = {}): { from: SQL; open: ReturnType<typeof openLateral> } {
  const fields = { session_id: "uuid", user_id: "uuid", ...columns };
  const types = Object.entries(fields).map(([name, type]) => `${name} ${type}`);
  return {
    from: sql`rows from (json_to_recordset(${sql.placeholder("callers")}::json) as (${sql.raw(types.join(", "))})) with ordinality as k(${sql.raw(Object.keys(fields).join(", "))}, at)`,
    open: openLateral(db),
  };
}
const openLateral = (db: Db) =>
  db
    .select({ userId: sessions.userId })
    .from(sessions)
    .where(openSessionOf(sql`k.session_id`, sql`k.user_id`))
    .limit(1)
    .as("open");

/** The `callers` of an openCallers statement: each caller's session and user, and `fields(i)` of the i-th. */
export function callersParam(callers: AccessClaims[], fields: (i: number) => Record<string, unknown> = () => ({})): string {
  return JSON.stringify(callers.map((caller, i) => ({ session_id: caller.sessionId, user_id: caller.userId, ...fields(i) })));
}

/** The open session an access token names, from the placeholders sessionId and userId. */
export const isOpenSession = openSessionOf(sql.placeholder("sessionId"), sql.placeholder("userId"));

const sessionLookup = preparedOnce((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(isOpenSession)
    .prepare("auth_session_lookup"),
);

/**
 * The caller's user id while the session their access token names is open, else NULL: lets a hot
 * read check the session inside its own statement instead of a round trip of its own.
 */
export const openSessionUser = sql<string | null>`(select ${sessions.userId} from ${sessions} where ${isOpenSession})`;

/** Whether the session an access token names is still open (for a statement that found no rows). */
export async function sessionIsOpen(ctx: DbCtx, claims: AccessClaims): Promise<boolean> {
  return (await sessionUser(ctx, claims)) !== null;
}

/** The user whose open session an access token names, else null (for a statement that found no rows). */
export async function sessionUser(ctx: DbCtx, claims: AccessClaims): Promise<User | null> {
  const db = executor(ctx);
  const [row] = await sessionLookup(db).execute({ sessionId: claims.sessionId, userId: claims.userId });
  return row?.user ?? null;
}

/**
 * The users of the callers of one turn whose sessions are open, in one statement (openCallers): every
 * authenticated request asks, so under load one round trip answers many (tests/bench/payouts.mjs).
 */
const callerUsers = preparedOnce((db) => {
  const callers = openCallers(db);
  return db
    .select({ at: sql<number>`k.at`.mapWith(Number), user: users })
    .from(callers.from)
    .innerJoinLateral(callers.open, sql`true`)
    .innerJoin(users, sql`${users.id} = k.user_id`)
    .prepare("auth_caller_users");
});

const callerUser = batchedPerDatabase<AccessClaims, User>(
  async (db, callers) => {
    const rows = await callerUsers(db).execute({ callers: callersParam(callers) });
    const byAt = new Map(rows.map(({ at, user }) => [at, user]));
    return callers.map((_, i) => byAt.get(i + 1) ?? null);
  },
  { max: 64 },
);

/** The user behind an access token, only while its session is open: revocation takes effect at once. */
export async function authenticate(ctx: DbCtx, input: { accessToken: string }): Promise<Authenticated | null> {
  const { accessToken } = input;
  const claims = await verifyAccessToken(await signingKey(ctx), accessToken);
  if (!claims) return null;
  const user = ctx.tx ? await sessionUser(ctx, claims) : await callerUser(ctx.db, claims);
  return user ? { user, sessionId: claims.sessionId } : null;
}

/** Until when each of `sessionIds` that is still open (not revoked, not expired) lasts; the others are absent. */
export async function openSessionExpiries(ctx: DbCtx, input: { sessionIds: readonly string[] }): Promise<Map<string, Date>> {
  const db = executor(ctx);
  const { sessionIds } = input;
  const found = new Map<string, Date>();
  for (let from = 0; from < sessionIds.length; from += 1_000) {
    const rows = await db
      .select({ id: sessions.id, expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(
        and(inArray(sessions.id, sessionIds.slice(from, from + 1_000)), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)),
      );
    for (const row of rows) found.set(row.id, row.expiresAt);
  }
  return found;
}

/** The user's open sessions, newest first. */
export async function listOpenSessions(ctx: DbCtx, input: { userId: string }) {
  const db = executor(ctx);
  const { userId } = input;
  return db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastUsedAt));
}

/** Ends one of the user's own sessions; false when no open session of theirs has that id. */
export async function revokeOwnSession(ctx: DbCtx, input: { userId: string; sessionId: string }): Promise<boolean> {
  const db = executor(ctx);
  const { userId, sessionId } = input;
  const revoked = await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: "revoked_by_user" })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return revoked.length > 0;
}
