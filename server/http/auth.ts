import type { Context, MiddlewareHandler } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { clientAddress } from "@/lib/geo/client-address";
import { proxyTrust } from "./client-address";
import { ACCESS_COOKIE, ADMIN_HINT_COOKIE, DEVICE_COOKIE, REFRESH_COOKIE, SESSION_HINT_COOKIE } from "@/lib/auth/cookies";
import { authenticate, REFRESH_TOKEN_TTL_SECONDS, type IssuedSession } from "@/server/auth";
import { TRUSTED_DEVICE_TTL_SECONDS, verifyAccessToken } from "@/server/auth";
import { signingKey } from "@/server/auth";
import type { ClientMeta } from "@/server/auth";
import type { User } from "@/server/db/schema";
import type { AppEnv, Services } from "./context";
import { AppError } from "./errors";
import { isApiKeyToken } from "@/lib/schemas/integrations";

/** Secure cookies over HTTPS (directly or behind a proxy that says so); plain HTTP is local development. */
function isSecure(c: Context): boolean {
  return new URL(c.req.url).protocol === "https:" || c.req.header("x-forwarded-proto") === "https";
}

function cookieOptions(c: Context, maxAge: number) {
  return { httpOnly: true, secure: isSecure(c), sameSite: "Lax" as const, path: "/", maxAge };
}

/** The web app's session: both tokens in httpOnly cookies (the refresh cookie also tells proxy.ts someone is logged in). */
export function setSessionCookies(c: Context, session: Pick<IssuedSession, "accessToken" | "refreshToken" | "expiresIn">): void {
  setCookie(c, ACCESS_COOKIE, session.accessToken, cookieOptions(c, session.expiresIn));
  setCookie(c, REFRESH_COOKIE, session.refreshToken, cookieOptions(c, REFRESH_TOKEN_TTL_SECONDS));
  // Readable by the page's script: only "someone is signed in here" (lib/auth/cookies.ts).
  setCookie(c, SESSION_HINT_COOKIE, "1", { ...cookieOptions(c, REFRESH_TOKEN_TTL_SECONDS), httpOnly: false });
}

export function clearSessionCookies(c: Context): void {
  deleteCookie(c, ACCESS_COOKIE, { path: "/", secure: isSecure(c) });
  deleteCookie(c, REFRESH_COOKIE, { path: "/", secure: isSecure(c) });
  deleteCookie(c, SESSION_HINT_COOKIE, { path: "/", secure: isSecure(c) });
}

const YEAR_SECONDS = 365 * 86_400;

/** Whether this browser was an admin's (lib/auth/cookies.ts ADMIN_HINT_COOKIE): set at an admin's sign-in, removed at anyone else's. */
export function setAdminHint(c: Context, admin: boolean): void {
  if (admin) setCookie(c, ADMIN_HINT_COOKIE, "1", cookieOptions(c, YEAR_SECONDS));
  else if (getCookie(c, ADMIN_HINT_COOKIE)) deleteCookie(c, ADMIN_HINT_COOKIE, { path: "/", secure: isSecure(c) });
}

export function setDeviceCookie(c: Context, token: string): void {
  setCookie(c, DEVICE_COOKIE, token, cookieOptions(c, TRUSTED_DEVICE_TTL_SECONDS));
}

export function deviceCookie(c: Context): string | undefined {
  return getCookie(c, DEVICE_COOKIE);
}

export function refreshCookie(c: Context): string | undefined {
  return getCookie(c, REFRESH_COOKIE);
}

// A TRUST_PROXY the server cannot read stops it at start (this module loads with the API), not at the first request.
proxyTrust();

/**
 * The caller's address for rate limits, sessions and audit entries (lib/geo/client-address.ts):
 * X-Forwarded-For is read from the right, and only as far as the proxies TRUST_PROXY names;
 * otherwise anyone could pick a fresh address per request.
 */
export function rateLimitIp(c: Context, services: Pick<Services, "socketAddress">): string {
  return clientAddress(c.req.raw.headers, services.socketAddress?.(c.req.raw), proxyTrust()) || "unknown";
}

export function clientMeta(c: Context, services: Pick<Services, "socketAddress">): ClientMeta {
  return { userAgent: c.req.header("user-agent") ?? null, ip: rateLimitIp(c, services) };
}

/**
 * A value that ties a flow to this browser (an OAuth `state`): httpOnly, SameSite=Lax (sent on the
 * provider's top-level redirect back), only to `path`, for `maxAge` seconds. Taken once by takeFlowCookie.
 */
export function setFlowCookie(c: Context, name: string, value: string, path: string, maxAge: number): void {
  setCookie(c, name, value, { ...cookieOptions(c, maxAge), path });
}

export function takeFlowCookie(c: Context, name: string, path: string): string | undefined {
  const value = getCookie(c, name);
  if (value !== undefined) deleteCookie(c, name, { path, secure: isSecure(c) });
  return value;
}

/** The bearer token of `Authorization: Bearer …`, whatever it is (a session's access token or an API key). */
export function bearerOf(c: Context): string | undefined {
  const header = c.req.header("authorization");
  return header ? /^Bearer\s+(\S+)$/i.exec(header)?.[1] : undefined;
}

/**
 * The access token: `Authorization: Bearer` (API clients) or the httpOnly cookie (the web app). An API
 * key (tk_…) is refused here with its own answer: only the routes that say so take one
 * (server/integrations/routes/key-auth.ts), never the account, payouts or keys.
 */
export function accessTokenOf(c: Context): string | undefined {
  if (c.req.header("authorization")) {
    const token = bearerOf(c);
    if (token && isApiKeyToken(token)) throw new AppError("api_key_not_accepted");
    return token;
  }
  return getCookie(c, ACCESS_COOKIE);
}

/** Authenticates the caller, or answers `refuse()`; on success sets c.var.user and keeps the answer out of caches. */
function requireCaller(allowed: (user: User) => boolean, refuse: (c: Context<AppEnv>) => AppError): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const token = accessTokenOf(c);
    const auth = token ? await authenticate({ db: c.get("db") }, { accessToken: token }) : null;
    if (!auth || !allowed(auth.user)) throw refuse(c);
    c.set("user", auth.user);
    c.set("claims", { userId: auth.user.id, sessionId: auth.sessionId });
    c.header("Cache-Control", "private, no-store");
    await next();
  };
}

/**
 * For the hottest reads (the campaign list, the dashboard, the wallet's transactions), whose one
 * statement checks the session itself (openCallers / openSessionUser in server/auth/sessions.ts): verifies the access
 * token's signature, issuer, audience and expiry here, and leaves whether its session is still open
 * to that statement, which saves a round trip. The handler answers 401 when it finds none.
 */
export const requireSessionClaims: MiddlewareHandler<AppEnv> = async (c, next) => {
  const token = accessTokenOf(c);
  const claims = token ? await verifyAccessToken(await signingKey({ db: c.get("db") }), token) : null;
  if (!claims) throw new AppError("unauthorized");
  c.set("claims", claims);
  c.header("Cache-Control", "private, no-store");
  await next();
};

/** 401 unless a valid access token of an open session comes with the request. */
export const requireUser = requireCaller(
  () => true,
  () => new AppError("unauthorized"),
);

/** The same for paying: SPEC §8 campaign payments names its 401 "unauthorized operation". */
export const requirePayer = requireCaller(
  () => true,
  () => new AppError("transaction_unauthorized"),
);

/** Admin routes answer 404 to everyone else: their existence is nobody else's business. */
export const requireAdmin = requireCaller(
  (user) => user.role === "admin",
  (c) => new AppError("route_not_found", { path: new URL(c.req.url).pathname }),
);
