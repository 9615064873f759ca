import { randomInt } from "node:crypto";
import type { Db } from "@/server/db";
import { users, type User } from "@/server/db/schema";
import { openSession, type IssuedSession } from "@/server/auth/sessions";
import { signingKey } from "@/server/auth/keys";
import { hashPassword } from "@/server/auth/crypto";
import { ACCESS_COOKIE, REFRESH_COOKIE } from "@/lib/auth/cookies";
import { apiKeyScopes } from "@/lib/schemas/enums";
import { createApiKey } from "@/server/integrations/keys";

export type SignedIn = IssuedSession & { user: User; password: string; cookie: string };

/**
 * A user (or admin) made in the database with an open session, as login and the code step would
 * leave it: no text message is sent, so no limit on codes is spent. `cookie` is the web app's
 * session cookies; `accessToken` is for `Authorization: Bearer`.
 */
export async function signedInUser(db: Db, role: "user" | "admin" = "user", firstName = "Sara"): Promise<SignedIn> {
  const password = "Takapoo-Rial-2026!x";
  const [user] = await db
    .insert(users)
    .values({
      firstName,
      lastName: "Ahmadi",
      phone: `+98912${String(randomInt(0, 10_000_000)).padStart(7, "0")}`,
      phoneVerifiedAt: new Date(),
      passwordHash: await hashPassword(password),
      role,
    })
    .returning();
  return { ...(await newSession(db, user!)), user: user!, password };
}

/** Another open session of the same user. */
export async function newSession(db: Db, user: User): Promise<IssuedSession & { cookie: string }> {
  const session = await openSession(
    { db },
    { key: await signingKey({ db }), userId: user.id, meta: { userAgent: "security test", ip: null } },
  );
  return { ...session, cookie: `${ACCESS_COOKIE}=${session.accessToken}; ${REFRESH_COOKIE}=${session.refreshToken}` };
}

/** An API key of the user with every scope (tk_…), for the operations an API key opens (security `apiKey`). */
export async function apiKeyOf(db: Db, user: User): Promise<string> {
  const made = await createApiKey(
    { db, actor: user, ip: null },
    { request: { name: "security test", scopes: [...apiKeyScopes], ip_allow: [] } },
  );
  return made.secret;
}

/** Whether the document's operation is opened by an API key rather than a session. */
export const keyOperation = (operation: { security?: unknown[] }) =>
  operation.security?.some((scheme) => typeof scheme === "object" && scheme !== null && "apiKey" in scheme) ?? false;
